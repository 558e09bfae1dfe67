"""How prominent a node is among those sharing its label (papers written, citations, papers published): the order
the entity index gives namesakes."""

from __future__ import annotations

from hgrag.tools.graph_store import GraphStore


class Prominence:
    """Orders nodes sharing a label: papers written, citations, papers published.

    Asked only for nodes whose keys collide; the first question about a type reads the whole
    type at once (one query per hop on a database store instead of one per node)."""

    def __init__(self, store: GraphStore):
        self.store = store
        self.table: dict[str, dict[str, float]] = {}

    def __call__(self, node_id: str, node_type: str) -> float:
        if node_type not in self.table:
            self.table[node_type] = self._read(node_type)
        return self.table[node_type].get(node_id, 0.0)

    def _read(self, node_type: str) -> dict[str, float]:
        nodes = list(self.store.nodes_of_type(node_type))
        if node_type == "author":
            return {n: float(d) for n, d in self.store.degrees(nodes, "writes", "out").items()}
        if node_type != "paper":
            return {n: float(d) for n, d in self.store.degrees(nodes, "published_in", "in").items()}
        cited = self.store.attrs(nodes, "cited_by_count")
        uncounted = [n for n, value in cited.items() if value is None]
        fallback = self.store.degrees(uncounted, "cites", "in")
        return {n: float(value) if value is not None else float(fallback[n]) for n, value in cited.items()}
