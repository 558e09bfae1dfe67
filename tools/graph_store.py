"""The graph interface agents use, and its networkx MultiDiGraph implementation (the one a build
writes into; the cache keeps it frozen as a CompactGraphStore, tools/compact_store.py).

Agents only call `GraphStore` methods, so the compact, networkx and FalkorDB stores answer them alike.

Schema
  nodes: author(name, orcid) | paper(title, year, cited_by_count, doi, type, language)
         | venue(name, type, issn_l); every node has `type`.
  edges (MultiDiGraph key = edge type): writes author->paper (position, author_position),
         published_in paper->venue, cites paper->paper.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any, Literal

from hgrag.tools.graph_kinds import RICH_EDGE_BETWEEN, RICH_EDGE_TYPES, RICH_LABEL_ATTR, RICH_NODE_TYPES

NODE_TYPES = ("author", "paper", "venue")  # the kinds every dataset has (linked by the entity index)
EDGE_TYPES = ("writes", "published_in", "cites")
ALL_NODE_TYPES = NODE_TYPES + RICH_NODE_TYPES  # with the richer OpenAlex kinds (tools/graph_kinds.py)
ALL_EDGE_TYPES = EDGE_TYPES + RICH_EDGE_TYPES
Direction = Literal["out", "in"]

# (edge type, direction) that leads from a node of one type to another.
EDGE_BETWEEN: dict[tuple[str, str], tuple[str, Direction]] = {
    ("author", "paper"): ("writes", "out"),
    ("paper", "author"): ("writes", "in"),
    ("paper", "venue"): ("published_in", "out"),
    ("venue", "paper"): ("published_in", "in"),
    **RICH_EDGE_BETWEEN,
}

if TYPE_CHECKING:
    import networkx as nx

LABEL_ATTR = {"author": "name", "paper": "title", "venue": "name", **RICH_LABEL_ATTR}


class GraphStore(ABC):
    """Read-only access to a heterogeneous scholarly graph."""

    name: str = "graph"

    @abstractmethod
    def has_node(self, node_id: str) -> bool: ...

    @abstractmethod
    def node(self, node_id: str) -> dict[str, Any]:
        """All attributes of a node (including `type`); KeyError when absent."""

    @abstractmethod
    def nodes_of_type(self, node_type: str) -> Iterator[str]: ...

    @abstractmethod
    def neighbors(self, node_id: str, edge_type: str, direction: Direction = "out") -> list[str]:
        """Nodes joined to `node_id` by `edge_type`, following (out) or against (in) the edge."""

    @abstractmethod
    def edge(self, source: str, target: str, edge_type: str) -> dict[str, Any] | None:
        """Attributes of the edge source -[edge_type]-> target, or None when it does not exist."""

    @abstractmethod
    def node_counts(self) -> dict[str, int]: ...

    @abstractmethod
    def edge_counts(self) -> dict[str, int]: ...

    def node_type(self, node_id: str) -> str:
        return self.node(node_id)["type"]

    def attr(self, node_id: str, key: str, default: Any = None) -> Any:
        return self.node(node_id).get(key, default)

    def label(self, node_id: str) -> str:
        """Human-readable name: author/venue name or paper title."""
        data = self.node(node_id)
        return str(data.get(LABEL_ATTR.get(data["type"], "name")) or node_id)

    def holds_attribute(self, node_type: str, key: str) -> bool:
        """Does any node of `node_type` record `key`? (A DBLP author has no ORCID field at all; memoised.)"""
        held = self.__dict__.setdefault("_held_attributes", {})
        if (node_type, key) not in held:
            values = self.attrs(self.nodes_of_type(node_type), key).values()
            held[(node_type, key)] = any(v not in (None, "") for v in values)
        return held[(node_type, key)]

    def degree(self, node_id: str, edge_type: str, direction: Direction = "out") -> int:
        return len(self.neighbors(node_id, edge_type, direction))

    def step(self, node_id: str, target_type: str) -> list[str]:
        """Typed neighbours: from an author to its papers, a paper to its venue, and so on."""
        edge_type, direction = EDGE_BETWEEN[(self.node_type(node_id), target_type)]
        return self.neighbors(node_id, edge_type, direction)

    def all_neighbors(self, node_id: str) -> Iterable[str]:
        """Every neighbour over every edge type in both directions (for expansion)."""
        for edge_type in EDGE_TYPES:
            yield from self.neighbors(node_id, edge_type, "out")
            yield from self.neighbors(node_id, edge_type, "in")

    # -- set-at-a-time access (the plan executor uses only these and the methods above; a database
    #    store overrides them with one query per call instead of one per node) ---------------------
    def expand(self, nodes: Iterable[str], edge_type: str, direction: Direction = "out") -> dict[str, list[str]]:
        """For each node, its neighbours along `edge_type` (one call per hop of a walk)."""
        return {node: self.neighbors(node, edge_type, direction) for node in nodes}

    def degrees(self, nodes: Iterable[str], edge_type: str, direction: Direction = "out") -> dict[str, int]:
        """For each node, the number of its neighbours along `edge_type`."""
        return {node: self.degree(node, edge_type, direction) for node in nodes}

    def attrs(self, nodes: Iterable[str], key: str) -> dict[str, Any]:
        """The attribute `key` of each node (None where missing)."""
        return {node: self.attr(node, key) if self.has_node(node) else None for node in nodes}

    def labels(self, nodes: Iterable[str]) -> dict[str, str]:
        return {node: self.label(node) for node in nodes}

    def author_positions(self, papers: Iterable[str]) -> dict[str, dict[str, int]]:
        """paper -> {author: position} from the `writes` edges (position 1 = first author)."""
        result: dict[str, dict[str, int]] = {}
        for paper in papers:
            result[paper] = {a: int((self.edge(a, paper, "writes") or {}).get("position") or 0)
                             for a in self.neighbors(paper, "writes", "in")}
        return result

    def shortest_path(self, source: str, target: str, edge_types: tuple[str, ...] = ("writes",),
                      max_len: int = 8) -> list[str] | None:
        """The shortest path source..target over `edge_types` in either direction, at most `max_len`
        edges long (breadth first, neighbours in sorted order so the path is deterministic)."""
        if source == target:
            return [source]
        parents: dict[str, str] = {source: source}
        layer = [source]
        for _ in range(max_len):
            nxt: list[str] = []
            for node in layer:
                for edge_type in edge_types:
                    for direction in ("out", "in"):
                        for other in sorted(self.neighbors(node, edge_type, direction)):  # type: ignore[arg-type]
                            if other in parents:
                                continue
                            parents[other] = node
                            if other == target:
                                return _unwind(parents, target)
                            nxt.append(other)
            layer = nxt
            if not layer:
                break
        return None

    def neighbourhood(self, node_id: str, hops: int = 2, limit: int | None = None) -> set[str]:
        """Nodes reachable in 1..hops steps over any edge, depth first; stops once `limit` nodes are found."""
        found: set[str] = set()

        def visit(node: str, depth: int) -> bool:
            for other in self.all_neighbors(node):
                found.add(other)
                if depth == 1 and limit is not None and len(found) >= limit:
                    return False
                if depth > 1 and not visit(other, depth - 1):
                    return False
            return True

        visit(node_id, hops)
        return found


def present_counts(counts: Any, core: tuple[str, ...], rich: tuple[str, ...]) -> dict[str, int]:
    """Every core kind's count, and each richer kind's when the graph has any (DBLP lists none)."""
    result = {t: int(counts.get(t, 0)) for t in core}
    result.update({t: int(counts[t]) for t in rich if counts.get(t)})
    return result


def _unwind(parents: dict[str, str], node: str) -> list[str]:
    path = [node]
    while parents[path[-1]] != path[-1]:
        path.append(parents[path[-1]])
    return list(reversed(path))


class NetworkXGraphStore(GraphStore):
    """In-memory store over a networkx MultiDiGraph keyed by edge type."""

    def __init__(self, graph: nx.MultiDiGraph | None = None, name: str = "graph"):
        import networkx as nx  # building only: the cache holds a CompactGraphStore (tools/compact_store.py)

        self.graph = graph if graph is not None else nx.MultiDiGraph()
        self.name = name
        self._by_type: dict[str, list[str]] | None = None

    # -- building -------------------------------------------------------
    def add_node(self, node_id: str, node_type: str, **attrs: Any) -> None:
        """Add a node, or fill in attributes it is missing (never overwrite known values)."""
        if node_id in self.graph:
            data = self.graph.nodes[node_id]
            for key, value in attrs.items():
                if data.get(key) in (None, "") and value not in (None, ""):
                    data[key] = value
            return
        clean = {k: v for k, v in attrs.items() if v is not None}
        self.graph.add_node(node_id, type=node_type, **clean)
        self._by_type = None

    def add_edge(self, source: str, target: str, edge_type: str, **attrs: Any) -> None:
        """Add a typed edge once (a second add of the same typed edge is ignored)."""
        if not self.graph.has_edge(source, target, key=edge_type):
            self.graph.add_edge(source, target, key=edge_type, **attrs)

    # -- reading --------------------------------------------------------
    @property
    def facts(self) -> dict[str, Any]:
        """Graph-level counts of the build (records_read, duplicate_records, authorships)."""
        return self.graph.graph

    def has_node(self, node_id: str) -> bool:
        return node_id in self.graph

    def node(self, node_id: str) -> dict[str, Any]:
        return self.graph.nodes[node_id]

    def nodes_of_type(self, node_type: str) -> Iterator[str]:
        if self._by_type is None:
            by_type: dict[str, list[str]] = {t: [] for t in NODE_TYPES}
            for node_id, data in self.graph.nodes(data=True):
                by_type.setdefault(data["type"], []).append(node_id)
            self._by_type = by_type
        return iter(self._by_type.get(node_type, []))

    def neighbors(self, node_id: str, edge_type: str, direction: Direction = "out") -> list[str]:
        adjacency = self.graph.succ if direction == "out" else self.graph.pred
        try:
            linked = adjacency[node_id]
        except KeyError:
            return []
        return [other for other, keys in linked.items() if edge_type in keys]

    def edge(self, source: str, target: str, edge_type: str) -> dict[str, Any] | None:
        try:
            return self.graph.succ[source][target][edge_type]
        except KeyError:
            return None

    def node_counts(self) -> dict[str, int]:
        counts = Counter(data["type"] for _, data in self.graph.nodes(data=True))
        return present_counts(counts, NODE_TYPES, RICH_NODE_TYPES)

    def edge_counts(self) -> dict[str, int]:
        counts = Counter(key for _, _, key in self.graph.edges(keys=True))
        return present_counts(counts, EDGE_TYPES, RICH_EDGE_TYPES)

    def __getstate__(self) -> dict[str, Any]:
        return {"graph": self.graph, "name": self.name}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.graph = state["graph"]
        self.name = state["name"]
        self._by_type = None
