"""The chain reader's walk ending at a richer kind: 'which research fields do the works cited by T fall under?',
'which countries are the institutions of the papers citing T in?', 'who led the papers citing T' is the chain's own.

The walk from the one named entity through the links the question names (a citation, a byline place, co-authors:
second_reader/chain.py) reaches papers or people; from there the schema's shortest walk goes on to the richer kind
the question asks for (the kinds lexicon: institutions through the author entries, a field through the primary
topic), and a country noun asks for the institutions' country codes. Used, like the chain, only when the rules'
plan is declined and the check accepts this one.
"""

from __future__ import annotations

from typing import Any

from hgrag.agents.kinds.lexicon import asked_attribute, cues, lexicon
from hgrag.agents.kinds.schema_paths import VIA_PRIMARY, schema_path
from hgrag.agents.second_reader.chain import NOT_A_CHAIN, _kinds_on_walk, _links, _roles, _walk, masked
from hgrag.agents.understanding.cue_words import without_notes
from hgrag.agents.understanding.lexicon import load
from hgrag.agents.understanding.tokens import stranded_readings, tag
from hgrag.state import plan_ir as ir


def rich_chain_program(question: str, spans: list[Any]) -> tuple[dict[str, Any], list[Any], dict[str, Any]] | None:
    """(IR, the mention it uses, what the plan says it asks) for a walk from one mention through named links to a
    richer kind, else None."""
    linked = sorted((s for s in spans if s.candidates), key=lambda s: s.start)
    start, author = _roles(linked)
    if start is None or author is not None:
        return None
    text = without_notes(masked(question, linked))
    asked = _rich_asked(text)
    if asked is None:
        return None
    kind, attribute = asked
    tokens = stranded_readings(text, tag(text, load("en")))
    if any(t.family in NOT_A_CHAIN and t.family != "missing" or t.concept == "number" for t in tokens):
        return None
    at = [i for i, t in enumerate(tokens) if t.concept == "mention"][linked.index(start)]
    links = _links(tokens, at)
    if not links or not ({"cites", "coauthor", "position"} & set(links)) or "rank" in links:
        return None  # (no link named: a direct join, the kinds planner's)
    base = "author" if links.get("coauthor") or "position" in links else "paper"
    walk = _walk(start.type, base, links)
    if walk is None or not _kinds_on_walk(tokens, walk, start.type):
        return None
    program = ir.match([start.candidates[0].node_id], start.type, start.text)
    for step in walk:
        program = step(program)
    path = schema_path(base, kind, kind == "institution", kind in VIA_PRIMARY)
    if path is None:
        return None
    for edge, direction, _ in path:
        program = ir.traverse(program, edge, direction)
    if attribute:
        program = ir.project(program, attribute)
    if any(t.concept in ("head:how_many", "operator:count") for t in tokens):
        program = ir.aggregate(program, "count")
    return program, [start], {"asked_kind": kind, "rich_kinds": True}


def _rich_asked(text: str) -> tuple[str, str | None] | None:
    """(the richer kind asked, the attribute asked of it or None): a country noun asks for institutions' country
    codes; else the one richer kind the question's kind words name."""
    attribute = asked_attribute(text)
    if attribute is not None:
        return attribute[1], attribute[0]
    kinds = {c.group for c in cues(text) if c.group in lexicon()["asks_kind"]}
    kinds = {"topic" if k == "primary_topic" else k for k in kinds}
    return (kinds.pop(), None) if len(kinds) == 1 else None
