"""Run a plan's IR (plan["ir"], state/plan_ir.py) on a GraphStore and turn its value into answer items.

Retrieval (with a node budget per hop), generation and validation (on the whole graph) all call
the one executor, tools/ir_exec.py.
"""

from __future__ import annotations

from typing import Any

from hgrag.tools.graph_store import GraphStore
from hgrag.tools.ir_exec import DEFAULT_LAYER_BUDGET, Execution, ExecutionError, Value, execute
from hgrag.tools.operations import AnswerItem, format_value

UNBOUNDED = 10**9


def subject_mentions(plan: dict[str, Any]) -> list[dict[str, Any]]:
    return [m for m in plan.get("anchors", []) if m.get("role") == "subject"]


def linked_subjects(plan: dict[str, Any]) -> list[str]:
    """Linked subject nodes; a plan the planner wrote as IR counts its matched nodes."""
    linked = [m["node_id"] for m in subject_mentions(plan) if m.get("node_id")]
    if not linked and plan.get("ir_native") and plan.get("ir"):
        linked = [m["node_id"] for m in plan.get("anchors", []) if m.get("node_id")]
    return linked


def run_plan(store: GraphStore, plan: dict[str, Any], layer_budget: int = DEFAULT_LAYER_BUDGET,
             evidence: bool = True) -> Execution:
    """Execute the plan's IR; an empty Execution when there is nothing to run."""
    if not plan.get("ir") or not linked_subjects(plan):
        return Execution()
    try:
        return execute(store, plan["ir"], layer_budget, evidence)
    except ExecutionError as exc:  # an ill-typed plan (e.g. written by an LLM) answers nothing, with its reason
        return Execution(error=str(exc))


def value_items(store: GraphStore, value: Value, byline: str | None = None) -> list[AnswerItem]:
    """Answer items of an executed value: labelled nodes, values, one number, or yes/no (complete, never capped).
    `byline`: the paper whose authors the nodes are, listed in its author order."""
    if value.kind == "nodes":
        ranked = sorted(value.data, key=_node_order(store, value, byline))
        return [AnswerItem(store.label(n), n, float(value.data[n])) for n in ranked]
    if value.kind == "values":
        ranked = sorted(value.data, key=lambda v: (-value.data[v], str(v)))
        return [AnswerItem(format_value(v)) for v in ranked]
    if value.kind == "scalar":
        number = round(value.data, 2) if isinstance(value.data, float) else value.data
        return [AnswerItem(format_value(number))]
    if value.kind == "bool":
        return [AnswerItem("yes" if value.data else "no")]
    if value.kind == "outputs":  # one labelled item per answer of each asked thing
        return [AnswerItem(f"{label}: {item.text}", item.node_id, item.weight)
                for label, part in value.data for item in value_items(store, part) or [AnswerItem("none recorded")]]
    return []


def answer_items(store: GraphStore, plan: dict[str, Any], execution: Execution) -> list[AnswerItem]:
    if plan.get("operation") == "unsupported":
        return []
    items = value_items(store, execution.value, byline_paper(plan.get("ir")))
    if plan.get("sort") in ("asc", "desc"):  # 'oldest first': papers by year, the order asked
        items = sorted(items, key=lambda it: _year_of(store, it.node_id), reverse=plan["sort"] == "desc")
    return items


def _year_of(store: GraphStore, node: str | None) -> int:
    year = store.attr(node, "year") if node and store.has_node(node) else None
    return year if isinstance(year, int) else 0


def byline_paper(ir: dict[str, Any] | None) -> str | None:
    """The one paper whose authors a plan lists ('who wrote T', 'T's authors after 2010', 'T's authors but
    A'): a writes-in traverse from a one-paper match, under filters and the first input of a difference."""
    op = ir or {}
    while op.get("op") in ("filter", "difference"):
        op = op.get("input") if op["op"] == "filter" else (op.get("inputs") or [{}])[0]
        op = op or {}
    source = op.get("input") or {}
    if (op.get("op"), op.get("edge"), op.get("direction")) != ("traverse", "writes", "in") or op.get("position"):
        return None
    ids = source.get("ids") or []
    return ids[0] if source.get("op") == "match" and len(ids) == 1 else None


def _node_order(store: GraphStore, value: Value, byline: str | None):
    """Heaviest first; then a paper's authors in byline order (when the graph records it), else by label."""
    places = store.author_positions([byline]).get(byline, {}) if byline else {}
    unplaced = 1 + max(places.values(), default=0)
    return lambda n: (-value.data[n], places.get(n) or unplaced, store.label(n).lower(), n)


def full_answer(store: GraphStore, plan: dict[str, Any]) -> list[AnswerItem]:
    """The answer computed on the whole graph (no budget): what validation checks against."""
    return answer_items(store, plan, run_plan(store, plan, layer_budget=UNBOUNDED, evidence=False))
