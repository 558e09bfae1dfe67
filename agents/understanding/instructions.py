"""Answer instructions the question states, put into the plan's IR for every planner: 'rounded to one decimal
place', 'as a whole number' round the plan's average or total (`round` on the aggregate). What no element of the
plan can honour stays for the question-plan check, which then abstains and names it."""

from __future__ import annotations

from typing import Any

from hgrag.agents.understanding.lexicon import load
from hgrag.agents.understanding.tokens import tag

ROUNDED = ("avg", "sum")
PREFIX = "instruction:round_"


def with_instructions(question: str, plan: dict[str, Any]) -> dict[str, Any]:
    """`plan` with the rounding the question asks for on each average or total of its IR (unchanged without)."""
    program = plan.get("ir")
    places = decimals(question) if program else None
    if places is None:
        return plan
    new = rounded(program, places)
    if new == program:
        return plan
    from hgrag.agents.interpretation import interpret

    # `round` is kept on the plan too, so a frame-shaped plan lowered again (after re-linking) keeps it
    return {**plan, "ir": new, "round": places, "interpretation": interpret(new, anchors=plan.get("anchors"))}


def decimals(question: str) -> int | None:
    """The one number of decimal places the question asks for, or None (none, or two different ones)."""
    asked = {t.concept[len(PREFIX):] for t in tag(question.lower(), load("en")) if (t.concept or "").startswith(PREFIX)}
    return int(asked.pop()) if len(asked) == 1 else None


def rounded(op: Any, places: int) -> Any:
    """A copy of an IR whose averages and totals round to `places` decimals."""
    if isinstance(op, list):
        return [rounded(item, places) for item in op]
    if not isinstance(op, dict):
        return op
    copy = {key: rounded(value, places) for key, value in op.items()}
    if copy.get("op") == "aggregate" and copy.get("fn") in ROUNDED:
        copy["round"] = places
    return copy
