"""Yes/no questions whether one person's work (or a named paper) cites another's: 'Has A ever cited a paper written
by B?', 'Did A cite B's work?', 'Was A cited by B?', 'Does T cite any paper written by B?'. Two named people and one citation word between them; the words around them
may only be an opening auxiliary (or none: a claim asked about, 'A has cited B'), paper nouns, a writing verb ('a paper written by B') and frame words (a negation
is read by the negation readers, which re-plan the positive question). The citing side is the first person (the
second after a passive 'cited by')."""

from __future__ import annotations

from typing import Any

from hgrag.agents.understanding.lexicon import load
from hgrag.agents.understanding.tokens import tag
from hgrag.state import plan_ir as ir

FRAME = ("function", "filler", "general")
ALLOWED = ("kind:paper", "relation:writes", "relation:cites", "head:aux", "function:any")


def author_citation_plan(residual: str, spans: list[Any]) -> dict[str, Any] | None:
    """The plan testing whether any paper of the citing person cites any paper of the cited one, else None."""
    linked = [s for s in spans if s.candidates]
    if len(spans) != 2 or len(linked) != 2 or any(s.type not in ("author", "paper") for s in linked) \
            or all(s.type == "paper" for s in linked):
        return None  # (two papers: the rules' citation test reads them)
    tokens = tag(residual.lower(), load("en"))
    mentions = [i for i, t in enumerate(tokens) if t.concept == "mention"]
    cites = [i for i, t in enumerate(tokens) if t.concept == "relation:cites"]
    if not tokens or tokens[0].concept not in ("head:aux", "mention") or len(mentions) != 2 or len(cites) != 1 \
            or not mentions[0] < cites[0] < mentions[1] or not _only_frame(tokens[1:]):
        return None
    citing, cited = sorted(linked, key=lambda s: s.start)
    if _passive(tokens, cites[0]):
        citing, cited = cited, citing
    papers = [_papers(s) for s in (citing, cited)]
    program = ir.test(ir.setop("intersect", [ir.traverse(papers[0], "cites", "out"), papers[1]]), "nonempty")
    return _plan(program, [citing, cited])


def _papers(span: Any) -> dict[str, Any]:
    """A named paper itself, or a named person's papers."""
    named = ir.match([span.candidates[0].node_id], span.type, span.text)
    return named if span.type == "paper" else ir.traverse(named, "writes", "out")


def _only_frame(tokens: list[Any]) -> bool:
    return all(t.concept == "mention" or t.concept in ALLOWED or t.family in FRAME for t in tokens)


def _passive(tokens: list[Any], at: int) -> bool:
    """'was A cited by B': a participle with 'by' right after it."""
    words = load("en").extra.get("citation_words", {})
    return tokens[at].text in words.get("cited_participles", ()) and at + 1 < len(tokens) \
        and tokens[at + 1].concept == "function:by"


def _plan(program: dict[str, Any], spans: list[Any]) -> dict[str, Any]:
    from hgrag.agents.planning.ir_planner import ir_native_plan
    from hgrag.agents.planning.plan_compiler import mention_dict
    from hgrag.agents.planning.plan_lowering import with_ir

    plan = ir_native_plan(program, [mention_dict(s, "subject") for s in spans], [])
    plan["rationale"] = "citation test between two people's papers"
    return with_ir(plan)
