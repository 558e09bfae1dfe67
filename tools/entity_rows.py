"""The entity index's input gathered from the rows a loader streams into a database, in one pass.

Reading a million labels and degrees back out of the database after loading it costs more than
the load itself; the same facts are in the rows. `IndexRows` watches the node and edge rows on
their way to `falkordb_load.load_rows` and keeps exactly what `EntityIndex.build` would read
from the loaded store: (node id, cleaned label) per type in insertion order, and the prominence
that orders nodes sharing a key (papers written; citations, else citing papers; papers published).

    rows = IndexRows()
    load_rows(graph, rows.nodes(nodes), rows.edges(edges))
    index = EntityIndex.from_labels(store, rows.labelled, rows.prominence)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from typing import Any

from hgrag.tools.entity_keys import label_text
from hgrag.tools.falkordb_load import EdgeRow, NodeRow, stored_value
from hgrag.tools.graph_store import LABEL_ATTR, NODE_TYPES

# the degree that ranks each node type: (edge type, end of the edge the counted node is at)
PROMINENCE_EDGE = {"author": ("writes", 0), "venue": ("published_in", 1), "paper": ("cites", 1)}
CITED_ATTR = "cited_by_count"


class IndexRows:
    """Labels and prominence of every node, collected while the rows pass through."""

    def __init__(self) -> None:
        self.labelled: dict[str, list[tuple[str, str]]] = {node_type: [] for node_type in NODE_TYPES}
        self._type_of: dict[str, str] = {}
        self._cited: dict[str, Any] = {}  # paper -> stored cited_by_count (absent when None)
        self._degree: dict[str, Counter[str]] = {node_type: Counter() for node_type in NODE_TYPES}
        self._by_edge = {edge: (node_type, end) for node_type, (edge, end) in PROMINENCE_EDGE.items()}

    def nodes(self, rows: Iterable[NodeRow]) -> Iterator[NodeRow]:
        """Pass node rows through, recording each labelled node's label."""
        for row in rows:
            node_type, node_id, data = row
            self._type_of[node_id] = node_type
            if node_type in self.labelled:
                label = label_text(stored_value(data.get(LABEL_ATTR[node_type])))
                if label:
                    self.labelled[node_type].append((node_id, label))
                if node_type == "paper":
                    cited = stored_value(data.get(CITED_ATTR))
                    if cited is not None:
                        self._cited[node_id] = cited
            yield row

    def edges(self, rows: Iterable[EdgeRow]) -> Iterator[EdgeRow]:
        """Pass edge rows through, counting the degrees prominence uses. Like the database, an
        edge with an endpoint that was never loaded does not exist (it is not counted)."""
        known = self._type_of
        for row in rows:
            ranked = self._by_edge.get(row[0])
            if ranked is not None and row[1] in known and row[2] in known:
                node_type, end = ranked
                node = row[1 + end]
                if known[node] == node_type:
                    self._degree[node_type][node] += 1
            yield row

    def prominence(self, node_id: str, node_type: str) -> float:
        """What `prominence.Prominence` reads from a store, from the rows instead."""
        if node_type == "paper" and node_id in self._cited:
            return float(self._cited[node_id])
        return float(self._degree.get(node_type, Counter()).get(node_id, 0))
