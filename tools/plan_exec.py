"""Run a Plan on a GraphStore: per-subject traversal, combination, exclusions, final operation."""

from __future__ import annotations

from typing import Any

from hgrag.tools.graph_store import GraphStore
from hgrag.tools.operations import AnswerItem, apply_operation, format_value
from hgrag.tools.traversal import DEFAULT_LAYER_BUDGET, Traversal, combine, traverse

UNBOUNDED = 10**9


def subject_mentions(plan: dict[str, Any]) -> list[dict[str, Any]]:
    return [m for m in plan.get("anchors", []) if m.get("role") == "subject"]


def linked_subjects(plan: dict[str, Any]) -> list[str]:
    return [m["node_id"] for m in subject_mentions(plan) if m.get("node_id")]


def run_plan(store: GraphStore, plan: dict[str, Any], layer_budget: int = DEFAULT_LAYER_BUDGET) -> Traversal:
    """Traverse from every linked subject and combine (intersection unless the plan says union)."""
    subjects = linked_subjects(plan)
    exclude = set(plan.get("exclude") or [])
    if plan.get("exclude_anchors"):
        exclude |= set(subjects)
    results = [traverse(store, [s], plan.get("steps", []), exclude=exclude, layer_budget=layer_budget,
                        start_filters=plan.get("start_filters")) for s in subjects]
    return combine(results, plan.get("combine", "intersection"))


def answer_items(store: GraphStore, plan: dict[str, Any], traversal: Traversal) -> list[AnswerItem]:
    """The plan's operation over the traversal, then an optional attribute read of the chosen nodes."""
    items = apply_operation(store, plan, traversal.targets)
    read = plan.get("read")
    if not read:
        return items
    values = []
    for item in items:
        value = store.attr(item.node_id, read) if item.node_id else None
        if value not in (None, ""):
            values.append(AnswerItem(format_value(value), item.node_id))
    return values


def full_answer(store: GraphStore, plan: dict[str, Any]) -> list[AnswerItem]:
    """The answer computed on the whole graph (no budget): what validation checks against."""
    return answer_items(store, plan, run_plan(store, plan, layer_budget=UNBOUNDED))
