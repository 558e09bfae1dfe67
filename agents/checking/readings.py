"""Two readings of one question: a planner that cannot tell which of two plans the question means keeps the other
one beside its plan (`plan["other_readings"]`, each an IR and a phrase saying what it reads). The check runs every
reading on the whole graph; when they answer alike the answer stands, when they differ hgrag abstains and shows
both, so the asker can say which one they mean."""

from __future__ import annotations

from typing import Any, Callable

from hgrag.tools.plan_exec import UNBOUNDED, answer_items, run_plan

SHOWN_ITEMS = 5


def other_reading(ir: dict[str, Any], reads: str) -> dict[str, Any]:
    """A reading to keep beside a plan: its IR and what it reads ('over the person's whole record')."""
    return {"ir": ir, "reads": reads}


def differing_reading(store: Any, plan: dict[str, Any], expected: dict[str, str],
                      key: Callable[[str], str]) -> str:
    """The abstention text when another reading of the question answers otherwise than the plan; '' when every
    reading gives the same answer (or there is none)."""
    for other in plan.get("other_readings") or []:
        alternative = {**plan, "ir": other["ir"]}
        execution = run_plan(store, alternative, layer_budget=UNBOUNDED, evidence=False)
        if execution.error:
            continue
        texts = [item.text for item in answer_items(store, alternative, execution)]
        if {key(text) for text in texts} != set(expected):
            return _two_ways_text(plan.get("reads") or "as planned", list(expected.values()), other["reads"], texts)
    return ""


def _two_ways_text(reads: str, items: list[str], other_reads: str, other_items: list[str]) -> str:
    return ("The question can be read two ways and the graph answers them differently: "
            f"{reads}, {_shown(items)}; {other_reads}, {_shown(other_items)}. "
            "Please say which one you mean; I do not choose for you.")


def _shown(items: list[str]) -> str:
    if not items:
        return "nothing recorded"
    more = f" and {len(items) - SHOWN_ITEMS} more" if len(items) > SHOWN_ITEMS else ""
    return "; ".join(items[:SHOWN_ITEMS]) + more
