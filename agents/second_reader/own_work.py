"""Citations that leave out a paper's own authors' work ('Which papers cited by T are not by any of its own
authors?', 'Which papers cite T without being written by any of its authors?'): the papers the rules' citation
step reaches, less every paper written by one of T's authors. Read from the lexicon's concepts: a negation, then
the paper's own authors ('its', 'their' before an author noun), with no other mention after the paper."""

from __future__ import annotations

from typing import Any

from hgrag.state import plan_ir as ir

OWNERS = ("function:its", "function:their")
REACH = 8  # 'not by any of its own authors', 'excluding those written by any of its own authors'


def not_own_program(tokens: list[Any], program: dict[str, Any]) -> dict[str, Any] | None:
    """The papers one named paper cites (or is cited by) without its authors' papers, when a negation leads to
    the paper's own authors; else None. `program` is the rules' plan (one citation step from one paper)."""
    counted = program.get("op") == "aggregate" and program.get("fn") == "count"
    step = program.get("input") if counted else program
    if not _one_citation_step(step):
        return None
    negated = [i for i, t in enumerate(tokens) if t.concept == "operator:exclude"]
    if len(negated) != 1 or not _own_authors_follow(tokens[negated[0] + 1:negated[0] + 1 + REACH]):
        return None
    own = ir.traverse(ir.traverse(step["input"], "writes", "in"), "writes", "out")
    kept = ir.setop("difference", [step, own])
    return ir.aggregate(kept, "count") if counted else kept


def _one_citation_step(step: Any) -> bool:
    source = step.get("input") if isinstance(step, dict) else None
    return isinstance(source, dict) and step.get("op") == "traverse" and step.get("edge") == "cites" \
        and source.get("op") == "match" and source.get("type") == "paper" and len(source.get("ids") or []) == 1


def _own_authors_follow(tokens: list[Any]) -> bool:
    """An owner word, then an author noun, and no mention among the words after the negation."""
    owner = next((i for i, t in enumerate(tokens) if t.concept in OWNERS), None)
    return owner is not None and not any(t.concept == "mention" for t in tokens) \
        and any(t.concept == "kind:author" for t in tokens[owner + 1:])
