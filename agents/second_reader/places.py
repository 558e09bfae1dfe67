"""Papers of a person on which someone else holds a byline place ('On which of their papers was A not the first
author?', 'A's papers on which someone else is first author'): the person's papers less those where the person
holds that place. Read from the lexicon's concepts: a negation or an 'other' word right before the place word."""

from __future__ import annotations

from typing import Any

from hgrag.state import plan_ir as ir

NEGATING = ("operator:exclude", "operator:other")
PLACES = ("attribute:position_first", "attribute:position_last")
REACH = 4  # 'not the first-listed', 'someone else is first', 'another person as first': a few words apart


def unplaced_program(tokens: list[Any], program: dict[str, Any]) -> dict[str, Any] | None:
    """The person's papers without those where the person holds the place the plan reads, when a negating word
    stands just before the place word; else None. `program` is the rules' plan (papers of A at one place)."""
    placed, counted = _placed_papers(program)
    if placed is None:
        return None
    at = [i for i, t in enumerate(tokens) if t.concept in PLACES]
    negated = [i for i, t in enumerate(tokens) if t.concept in NEGATING]
    if len(at) != 1 or len(negated) != 1 or not 0 < at[0] - negated[0] <= REACH:
        return None
    everything = {key: value for key, value in placed.items() if key != "position"}
    unplaced = ir.setop("difference", [everything, placed])
    return ir.aggregate(unplaced, "count") if counted else unplaced


def _placed_papers(program: dict[str, Any]) -> tuple[dict[str, Any] | None, bool]:
    """(the papers of one named person at one byline place, whether they are counted), else (None, False)."""
    counted = program.get("op") == "aggregate" and program.get("fn") == "count"
    inner = program.get("input") if counted else program
    if not isinstance(inner, dict) or inner.get("op") != "traverse" or inner.get("edge") != "writes" \
            or inner.get("direction") != "out" or not inner.get("position"):
        return None, False
    source = inner.get("input") or {}
    if source.get("op") != "match" or source.get("type") != "author" or len(source.get("ids") or []) != 1:
        return None, False
    return inner, counted
