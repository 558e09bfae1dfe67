"""The embedded store's shortest-path choice replayed on a small edge set: a database returns every
shortest path (up to PATH_COUNT), and the breadth-first tie-break of GraphStore picks the same one the
embedded store would."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from hgrag.tools.graph_store import Direction, GraphStore

PATH_COUNT = 64  # shortest paths fetched to reproduce the embedded store's tie-break


def shortest_path_among(edges: Iterable[tuple[str, str, str]], source: str, target: str,
                        edge_types: tuple[str, ...], max_len: int) -> list[str] | None:
    """GraphStore's breadth-first choice on a small edge set (source id, type, target id), e.g. the
    union of every shortest path the database found."""
    local = LocalGraph(None, [], ())
    for start, edge_type, end in edges:
        local.out.setdefault((start, edge_type), []).append(end)
        local.into.setdefault((end, edge_type), []).append(start)
    return local.shortest_path(source, target, edge_types, max_len)


class LocalGraph(GraphStore):
    """The few nodes of a set of shortest paths, to replay GraphStore's breadth-first tie-break."""

    def __init__(self, store: GraphStore | None, nodes: list[str], edge_types: tuple[str, ...]):
        self.out: dict[tuple[str, str], list[str]] = {}
        self.into: dict[tuple[str, str], list[str]] = {}
        for edge_type in edge_types if store is not None else ():
            for node, others in store.expand(nodes, edge_type, "out").items():
                self.out[(node, edge_type)] = [o for o in others if o in set(nodes)]
            for node, others in store.expand(nodes, edge_type, "in").items():
                self.into[(node, edge_type)] = [o for o in others if o in set(nodes)]

    def neighbors(self, node_id: str, edge_type: str, direction: Direction = "out") -> list[str]:
        table = self.out if direction == "out" else self.into
        return table.get((node_id, edge_type), [])

    def has_node(self, node_id: str) -> bool:  # pragma: no cover - unused by the BFS
        return True

    def node(self, node_id: str) -> dict[str, Any]:  # pragma: no cover
        raise KeyError(node_id)

    def nodes_of_type(self, node_type: str) -> Iterator[str]:  # pragma: no cover
        return iter(())

    def edge(self, source: str, target: str, edge_type: str) -> dict[str, Any] | None:  # pragma: no cover
        return None

    def node_counts(self) -> dict[str, int]:  # pragma: no cover
        return {}

    def edge_counts(self) -> dict[str, int]:  # pragma: no cover
        return {}
