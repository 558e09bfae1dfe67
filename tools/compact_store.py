"""The read-only store the cache holds and every process loads: plain dicts and tuples, no networkx.

A graph is built as a `NetworkXGraphStore` (it needs insertion and de-duplication) and frozen into
this form once, when it is cached. The frozen store answers every `GraphStore` question as the store
it came from did, each edge type's neighbours in the order networkx lists them, while a cold process
unpickles fewer objects (no per-edge key dicts, no empty attribute dicts), keeps 60 MB less of the
OpenAlex graph, and never imports networkx.

Layout: node id -> attributes (with `type`); node type -> ids in graph order; for each direction,
node id -> edge type -> (neighbour ids, their edge attributes or None when no edge of that list has any).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

from hgrag.tools.graph_store import (
    EDGE_TYPES,
    NODE_TYPES,
    RICH_EDGE_TYPES,
    RICH_NODE_TYPES,
    Direction,
    GraphStore,
    present_counts,
)

NO_NEIGHBOURS: tuple[tuple[str, ...], None] = ((), None)
Side = dict[str, dict[str, tuple[tuple[str, ...], tuple[dict[str, Any], ...] | None]]]


class CompactGraphStore(GraphStore):
    """In-memory, read-only store over dicts of tuples (see the module docstring)."""

    def __init__(self, name: str, nodes: dict[str, dict[str, Any]], out: Side, into: Side,
                 facts: dict[str, Any]):
        self.name = name
        self._nodes = nodes
        self._out = out
        self._in = into
        self.facts = facts  # graph-level counts of the build (records_read, authorships, ...)
        self._by_type = _ids_by_type(nodes)

    @classmethod
    def freeze(cls, store: Any) -> CompactGraphStore:
        """The compact copy of a built `NetworkXGraphStore` (same ids, attributes and neighbour order)."""
        graph, same = store.graph, Canonical()
        nodes = {same.text(node): same.attributes(data) for node, data in graph.nodes(data=True)}
        return cls(store.name, nodes, _side(graph.succ, True, same), _side(graph.pred, False, same), dict(graph.graph))

    # -- GraphStore ---------------------------------------------------------------------------
    def has_node(self, node_id: str) -> bool:
        return node_id in self._nodes

    def node(self, node_id: str) -> dict[str, Any]:
        return self._nodes[node_id]

    def nodes_of_type(self, node_type: str) -> Iterator[str]:
        return iter(self._by_type.get(node_type, ()))

    def neighbors(self, node_id: str, edge_type: str, direction: Direction = "out") -> list[str]:
        return list(self._linked(node_id, edge_type, direction)[0])

    def degree(self, node_id: str, edge_type: str, direction: Direction = "out") -> int:
        return len(self._linked(node_id, edge_type, direction)[0])

    def edge(self, source: str, target: str, edge_type: str) -> dict[str, Any] | None:
        targets, data = self._linked(source, edge_type, "out")
        try:
            at = targets.index(target)
        except ValueError:
            return None
        return dict(data[at]) if data is not None else {}

    def node_counts(self) -> dict[str, int]:
        counts = {node_type: len(ids) for node_type, ids in self._by_type.items()}
        return present_counts(counts, NODE_TYPES, RICH_NODE_TYPES)

    def edge_counts(self) -> dict[str, int]:
        counts: Counter[str] = Counter()
        for per_type in self._out.values():
            for edge_type, (targets, _) in per_type.items():
                counts[edge_type] += len(targets)
        return present_counts(counts, EDGE_TYPES, RICH_EDGE_TYPES)

    # -- rows (the FalkorDB loader copies a store through these) --------------------------------
    def node_rows(self) -> Iterator[tuple[str, str, dict[str, Any]]]:
        for node_id, data in self._nodes.items():
            yield data["type"], node_id, data

    def edge_rows(self) -> Iterator[tuple[str, str, str, int, int, dict[str, Any]]]:
        """(edge type, source, target, rank among the source's targets, rank among the target's
        sources, attributes): ranks order one edge type's neighbours as `neighbors` lists them."""
        in_rank = {(source, target, edge_type): rank
                   for target, per_type in self._in.items()
                   for edge_type, (sources, _) in per_type.items()
                   for rank, source in enumerate(sources)}
        for source, per_type in self._out.items():
            for edge_type, (targets, data) in per_type.items():
                for rank, target in enumerate(targets):
                    yield (edge_type, source, target, rank, in_rank[(source, target, edge_type)],
                           data[rank] if data is not None else {})

    def _linked(self, node_id: str, edge_type: str, direction: Direction) -> tuple[tuple[str, ...], Any]:
        side = self._out if direction == "out" else self._in
        return side.get(node_id, {}).get(edge_type, NO_NEIGHBOURS)


def _ids_by_type(nodes: dict[str, dict[str, Any]]) -> dict[str, list[str]]:
    by_type: dict[str, list[str]] = {node_type: [] for node_type in NODE_TYPES}
    for node_id, data in nodes.items():
        by_type.setdefault(data["type"], []).append(node_id)
    return by_type


class Canonical:
    """One object per distinct string: equal ids, names and values read from different records are
    separate objects in a built graph, and pickle would write (and a process load) each of them."""

    def __init__(self) -> None:
        self._seen: dict[str, str] = {}

    def text(self, value: Any) -> Any:
        return self._seen.setdefault(value, value) if isinstance(value, str) else value

    def attributes(self, data: dict[str, Any]) -> dict[str, Any]:
        return {self.text(key): self.text(value) for key, value in data.items()}


def _side(adjacency: Any, with_data: bool, same: Canonical) -> Side:
    """node -> edge type -> (neighbours in networkx's order, their attributes or None; always None
    without `with_data`: the targets' side keeps no attributes)."""
    side: Side = {}
    for node, linked in adjacency.items():
        targets: dict[str, list[str]] = {}
        data: dict[str, list[dict[str, Any]]] = {}
        for other, keyed in linked.items():
            for edge_type, attributes in keyed.items():
                targets.setdefault(same.text(edge_type), []).append(same.text(other))
                data.setdefault(edge_type, []).append(same.attributes(attributes) if with_data else attributes)
        if targets:
            side[same.text(node)] = {edge_type: (tuple(ids), _kept(data[edge_type]) if with_data else None)
                                     for edge_type, ids in targets.items()}
    return side


def _kept(attributes: list[dict[str, Any]]) -> tuple[dict[str, Any], ...] | None:
    return tuple(attributes) if any(attributes) else None
