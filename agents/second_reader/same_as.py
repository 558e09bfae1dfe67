"""Papers that share a named paper's venue, and its year when asked ('Which other papers came out in the same
venue as T, in the year it was published?', 'The venue that published T: which other papers did it publish in
that same year?'), read from the lexicon's concepts: one named paper, a venue noun, a 'same' word (for the year,
with the word for year), an optional 'other' (T itself left out) and a count."""

from __future__ import annotations

from typing import Any

from hgrag.agents.second_reader.chain import masked
from hgrag.agents.understanding.lexicon import load
from hgrag.agents.understanding.tokens import tag
from hgrag.state import plan_ir as ir

SAME = ("time:same", "function:same")
ALLOWED = ("function", "head", "filler", "mention", "kind", "relation", "general")
CONCEPTS = SAME + ("attribute:year", "operator:other", "operator:count")


def same_as_program(question: str, spans: list[Any]) -> tuple[dict[str, Any], list[Any]] | None:
    """(IR, [the paper]) for papers in a named paper's venue (and year), else None."""
    linked = [s for s in spans if s.candidates]
    if len(linked) != 1 or linked[0].type != "paper":
        return None
    tokens = [t for t in tag(masked(question, linked), load("en")) if t.family != "filler"]
    concepts = [t.concept or "" for t in tokens]
    if not any(c in SAME for c in concepts) or "kind:venue" not in concepts \
            or any(t.family not in ALLOWED and t.concept not in CONCEPTS for t in tokens):
        return None
    if [c for c in concepts if c.startswith("kind:") and c not in ("kind:venue", "kind:paper")]:
        return None
    paper = linked[0]
    named = ir.match([paper.candidates[0].node_id], "paper", paper.text)
    program = ir.traverse(ir.traverse(named, "published_in", "out"), "published_in", "in")
    same_time = any(c == "time:same" and concepts[i + 1:i + 2] != ["kind:venue"] for i, c in enumerate(concepts))
    if "attribute:year" in concepts or same_time:  # 'in that same year', 'in the year it was published'
        program = ir.where(program, "year", "=", sub=ir.aggregate(named, "max", "year"))
    if "operator:other" in concepts:
        program = ir.setop("difference", [program, named])
    if any(c in ("head:how_many", "operator:count") for c in concepts):
        program = ir.aggregate(program, "count")
    return program, [paper]
