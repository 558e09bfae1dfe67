"""The final operation of a plan over the traversal targets: list, count, argmax, argmin, sum,
attribute read and yes/no. Returns ranked answer items that keep the node they came from."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from hgrag.tools.graph_store import GraphStore

MAX_LIST_ITEMS = 50


@dataclass(frozen=True)
class AnswerItem:
    """One answer string and what supports it (a node id, or None for computed values)."""

    text: str
    node_id: str | None = None
    weight: float = 1.0


def format_value(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value)


def project(store: GraphStore, targets: Counter, attribute: str) -> Counter:
    """Replace each target node by its attribute value, summing multiplicities."""
    values: Counter = Counter()
    for node, mult in targets.items():
        value = store.attr(node, attribute)
        if value not in (None, ""):
            values[value] += mult
    return values


def _ranked_nodes(store: GraphStore, targets: Counter) -> list[str]:
    return sorted(targets, key=lambda n: (-targets[n], store.label(n).lower(), n))


def _key_function(store: GraphStore, targets: Counter, key: str | None, projected: bool):
    if key in (None, "frequency"):
        return lambda item: targets[item]
    if projected or key == "value":
        return lambda item: item
    return lambda item: store.attr(item, key)


def _extreme(store: GraphStore, targets: Counter, key: str | None, projected: bool,
             highest: bool) -> list[Any]:
    """All items sharing the best key value (ties are kept, never broken arbitrarily)."""
    key_of = _key_function(store, targets, key, projected)
    scored = [(key_of(item), item) for item in targets]
    scored = [(k, item) for k, item in scored if k is not None]
    if not scored:
        return []
    best = max(k for k, _ in scored) if highest else min(k for k, _ in scored)
    return [item for k, item in scored if k == best]


def _as_items(store: GraphStore, values: list[Any], projected: bool) -> list[AnswerItem]:
    if projected:
        return [AnswerItem(format_value(v)) for v in sorted(values, key=str)]
    nodes = sorted(values, key=lambda n: store.label(n).lower())
    return [AnswerItem(store.label(n), n) for n in nodes]


def apply_operation(store: GraphStore, plan: dict[str, Any], targets: Counter) -> list[AnswerItem]:
    """Compute the answer items of `plan` from the traversal targets."""
    operation = plan.get("operation", "list")
    attribute = plan.get("attribute")
    projected = bool(plan.get("project"))
    if projected:
        targets = project(store, targets, plan["project"])
    if operation == "unsupported":
        return []
    if operation == "describe":
        return [AnswerItem(store.label(n), n) for n in targets]
    if operation == "yes_no":
        compare = plan.get("compare") or []
        found = any(c in targets for c in compare) if compare else bool(targets)
        return [AnswerItem("yes" if found else "no")]
    if operation == "count":
        return [AnswerItem(str(len(targets)))]
    if operation == "sum":
        total = sum(store.attr(n, attribute) or 0 for n in targets)
        return [AnswerItem(format_value(total))]
    if operation in ("argmax", "argmin"):
        best = _extreme(store, targets, attribute, projected, highest=operation == "argmax")
        return _as_items(store, best, projected)
    if operation == "attribute":
        values = [store.attr(n, attribute) for n in _ranked_nodes(store, targets)]
        return [AnswerItem(format_value(v), None) for v in values if v not in (None, "")]
    if projected:
        return [AnswerItem(format_value(v)) for v in sorted(targets, key=lambda v: (-targets[v], str(v)))]
    ranked = _ranked_nodes(store, targets)[:MAX_LIST_ITEMS]
    return [AnswerItem(store.label(n), n, float(targets[n])) for n in ranked]
