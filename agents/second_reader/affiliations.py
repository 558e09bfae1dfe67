"""'… and where are they affiliated?' after a part that returns people, on a graph that holds institutions: the
institutions those people list on the papers the first part reached them through (the named paper's authors on
it, a person's co-authors on their shared papers), else on all their papers. The words are the lexicon's: the affiliation words (its `missing` concept, which only a
graph without institutions lacks) or a question word stranded before its origin preposition ('where … from?')."""

from __future__ import annotations

from typing import Any

from hgrag.agents.understanding.asked_slots import stranded
from hgrag.agents.understanding.lexicon import load
from hgrag.agents.understanding.tokens import tag
from hgrag.state import plan_ir as ir

AFFILIATION = "missing:affiliations"
KEPT = ("function", "head", "filler", "general")
REFERRING = ("kind:author", "kind:paper")  # ('… for that person on this paper': the first part's person and paper)
ENDS = {1: "min", -1: "max"}  # the byline places a part may name: the first and the last


def affiliations_part(rest: str, first: dict[str, Any], store: Any) -> dict[str, Any] | None:
    """The institutions IR for such a part, or None (no institutions in the graph, other words, no people)."""
    from hgrag.agents.understanding.signature import node_kind

    tokens = tag(rest.lower(), load("en"))
    asks = any(t.concept == AFFILIATION for t in tokens) or bool(stranded(tokens))
    others = [t for t in tokens if t.concept != AFFILIATION and t.family not in KEPT and t.concept not in REFERRING]
    if not asks or others or node_kind(first) != "author" or not _holds_institutions(store):
        return None
    walked = first["inputs"][0] if first.get("op") == "difference" else first  # co-authors: less the person
    if walked.get("op") == "traverse" and (walked["edge"], walked["direction"]) == ("writes", "in"):
        if walked.get("position") is not None:
            return _placed_entry(walked)
        on_papers = ir.traverse(walked["input"], "authorship_of", "in")  # their entries on those papers
        entries = ir.setop("intersect", [ir.traverse(first, "authorship_by", "in"), on_papers])
    else:
        entries = ir.traverse(first, "authorship_by", "in")
    return ir.traverse(entries, "affiliated_with", "out")


def _placed_entry(walked: dict[str, Any]) -> dict[str, Any] | None:
    """'Who is the last author of T, and which institutions are given for that person?': the institutions on the
    entry at that byline place of T (None for a place other than the first or the last)."""
    order = ENDS.get(walked["position"])
    if order is None:
        return None
    entries = ir.traverse(walked["input"], "authorship_of", "in")
    return ir.traverse(ir.top(entries, "position", order), "affiliated_with", "out")


def _holds_institutions(store: Any) -> bool:
    return next(iter(store.nodes_of_type("institution")), None) is not None
