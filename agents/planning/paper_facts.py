"""Yes/no questions stating several facts of one named paper: 'Did A publish T in V?', 'Was T published by A in
2009?', 'Has A published T in V?'.

Every other entity the question names (authors, a venue, a year) is a fact of the one paper T, so the question
holds when T is among the papers of each: the plan tests that the intersection of T with each entity's papers
(and T's year) is not empty. It is read only when the question holds nothing but its auxiliary, writing or
publishing verbs, function words, kind nouns and the mentions (a negation or an 'or' is read by other readers),
and only when the rules' own plan leaves one of the named entities unused."""

from __future__ import annotations

from typing import Any

from hgrag.agents.understanding.lexicon import load
from hgrag.agents.understanding.tokens import tag
from hgrag.state import plan_ir as ir
from hgrag.state.ir_types import EDGE_ENDS

FRAME_FAMILIES = ("function", "filler", "general", "kind")
FRAME_CONCEPTS = ("relation:writes", "relation:published")
PAPERS_OF = {"author": ("writes", "out"), "venue": ("published_in", "in")}


def paper_facts_plan(residual: str, spans: list[Any], years: list[int], plan: dict[str, Any]) -> dict[str, Any] | None:
    """The plan testing every named fact of the one named paper, or None when the question is no such test."""
    linked = [s for s in spans if s.candidates]
    papers = [s for s in linked if s.type == "paper"]
    others = [s for s in linked if s.type in PAPERS_OF]
    if len(linked) != len(spans) or len(papers) != 1 or len(others) + len(years) + 1 != len(linked) + len(years):
        return None
    if len(others) + len(years) < 1 or not _leaves_one_out(plan, linked, years):
        return None
    tokens = tag(residual.lower(), load("en"))
    if not tokens or tokens[0].concept != "head:aux" or not _only_facts(tokens[1:]):
        return None
    paper = papers[0]
    subject = ir.match([paper.candidates[0].node_id], "paper", paper.text)
    for year in years:
        subject = ir.where(subject, "year", "=", year)
    sets = [subject] + [ir.traverse(ir.match([s.candidates[0].node_id], s.type, s.text), *PAPERS_OF[s.type])
                        for s in others]
    from hgrag.agents.planning.plan_lowering import with_ir

    return with_ir(_plan(ir.test(ir.setop("intersect", sets), "nonempty"), [paper] + others, plan))


def _only_facts(tokens: list[Any]) -> bool:
    """Mentions, years, verbs of writing or publishing, kind nouns and function words, and a verb at all."""
    verbs = [t for t in tokens if t.concept in FRAME_CONCEPTS]
    rest = [t for t in tokens if t.concept not in FRAME_CONCEPTS + ("mention", "number")]
    return bool(verbs) and all(t.family in FRAME_FAMILIES and t.concept != "function:or" for t in rest)


def _leaves_one_out(plan: dict[str, Any], linked: list[Any], years: list[int]) -> bool:
    """Does the rules' plan leave a named entity or year unused (else their reading stands)?"""
    program = plan.get("ir")
    if not isinstance(program, dict):
        return True
    used = {node for op in ir.walk(program) if op.get("op") == "match" for node in op.get("ids", [])}
    values = {str(v) for op in ir.walk(program) if op.get("op") in ("filter", "test")
              for v in (op.get("value") if isinstance(op.get("value"), list) else [op.get("value")])}
    used |= values
    return any(s.candidates[0].node_id not in used for s in linked) or any(str(y) not in values for y in years)


def _plan(program: dict[str, Any], spans: list[Any], rules: dict[str, Any]) -> dict[str, Any]:
    from hgrag.agents.planning.ir_planner import ir_native_plan
    from hgrag.agents.planning.plan_compiler import mention_dict

    anchors = [mention_dict(s, "subject") for s in spans] or list(rules.get("anchors") or [])
    plan = ir_native_plan(program, anchors, list(rules.get("unresolved") or []))
    plan["rationale"] = "facts of one paper: each named entity holds of it"
    return plan


def authored_paper_plan(residual: str, spans: list[Any], plan: dict[str, Any], store: Any = None) -> dict[str, Any] | None:
    """'Find the venue of T authored by A', 'A published the paper T in which venue?': a named author the rules' plan
    leaves unused, beside the one named paper it reads, is a fact of that paper; the paper is read as the one A wrote
    (so a wrong author finds nothing). None when the question is no such case."""
    program = plan.get("ir")
    if not isinstance(program, dict) or program.get("op") in ("test", "unsupported"):
        return None
    linked = [s for s in spans if s.candidates]
    papers = [s for s in linked if s.type == "paper"]
    used = {node for op in ir.walk(program) if op.get("op") == "match" for node in op.get("ids", [])}
    unused = [s for s in linked if s.candidates[0].node_id not in used]
    if len(papers) != 1 or papers[0].candidates[0].node_id not in used or not unused \
            or any(s.type != "author" for s in unused) or len(linked) != len(spans):
        return None
    if not any(t.concept in FRAME_CONCEPTS for t in tag(residual.lower(), load("en"))):
        return None  # no word says the author wrote or published it
    if any(op.get("op") == "traverse" and EDGE_ENDS.get((op["edge"], op["direction"]), ("", ""))[1] == "paper"
           for op in ir.walk(program)):
        return None  # the plan reaches other papers (those citing T, T's authors' papers): the author may be theirs
    paper = papers[0].candidates[0].node_id
    if store is not None and any(paper not in store.neighbors(s.candidates[0].node_id, "writes", "out") for s in unused):
        return None  # a named author who did not write T: the premise check says so
    written = [ir.traverse(ir.match([s.candidates[0].node_id], "author", s.text), "writes", "out") for s in unused]
    narrowed = _replace_match(program, paper, lambda match: ir.setop("intersect", [match] + written))
    kept = [dict(a) for a in plan.get("anchors", [])]
    from hgrag.agents.planning.plan_compiler import mention_dict

    from hgrag.agents.planning.plan_lowering import with_ir

    have = {(a.get("text"), a.get("node_id")) for a in kept}
    added = [mention_dict(s, "subject") for s in unused if (s.text, s.candidates[0].node_id) not in have]
    return with_ir({**_plan(narrowed, [], plan), "anchors": kept + added})


def _replace_match(op: Any, node: str, wrap: Any) -> Any:
    if not isinstance(op, dict):
        return op
    if op.get("op") == "match" and op.get("ids") == [node]:
        return wrap(op)
    copy = {k: _replace_match(v, node, wrap) if isinstance(v, dict) else v for k, v in op.items()}
    if isinstance(op.get("inputs"), list):
        copy["inputs"] = [_replace_match(child, node, wrap) for child in op["inputs"]]
    return copy
