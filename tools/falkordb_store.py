"""GraphStore over a FalkorDB graph: the graph lives in the database, not in the hgrag process.

    store = FalkorDBGraphStore.connect("falkordb://127.0.0.1:6379/hgrag-dblp")
    store.expand(["a1", "a2"], "writes", "out")    # one parameterised query for the whole set

Every set-at-a-time method is ONE parameterised Cypher query (UNWIND $ids ...); per-node reads
are cached (the graph is read-only while hgrag answers), so agents that call `label` or `attr`
per node do not pay a round trip twice. Query texts live in `cypher_dialect`.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlparse

from hgrag.tools.cypher_dialect import FALKORDB, FalkorDialect
from hgrag.tools.errors import InputError
from hgrag.tools.path_replay import PATH_COUNT, LocalGraph
from hgrag.tools.graph_store import (ALL_EDGE_TYPES, ALL_NODE_TYPES, EDGE_TYPES, NODE_TYPES, Direction, GraphStore,
                                    present_counts)
from hgrag.tools.graph_kinds import RICH_EDGE_TYPES, RICH_NODE_TYPES

SCHEME = "falkordb"
DEFAULT_PORT = 6379
PAGE = 50_000  # ids per page when listing every node of a type
CHUNK = 5_000  # ids per query in set-at-a-time calls (bounds one reply's size)
COMPILED_CACHE = 256  # results of compiled plan queries kept (the graph is read-only while answering)


@dataclass(frozen=True)
class GraphURL:
    host: str
    port: int
    name: str | None  # graph key; None = one per dataset

    def __str__(self) -> str:
        return f"{SCHEME}://{self.host}:{self.port}/{self.name or ''}"


def parse_graph_url(url: str) -> GraphURL:
    """`falkordb://HOST:PORT/NAME` (port default 6379, NAME optional); InputError otherwise."""
    parsed = urlparse(url.strip())
    if parsed.scheme != SCHEME or not parsed.hostname:
        raise InputError(f"graph {url!r}: expected falkordb://HOST:PORT/NAME or 'networkx'")
    try:
        port = DEFAULT_PORT if parsed.port is None else parsed.port
    except ValueError:
        raise InputError(f"graph {url!r}: bad port") from None
    if not 1 <= port <= 65535:  # port 0 is no server, not the default port
        raise InputError(f"graph {url!r}: bad port {port} (1-65535)")
    name = parsed.path.strip("/") or None
    if name is not None and not all(c.isalnum() or c in "-_.:" for c in name):
        raise InputError(f"graph {url!r}: graph name may hold letters, digits and - _ . : only")
    return GraphURL(parsed.hostname, port, name)


class _Cache:
    """A bounded, thread-safe LRU map."""

    def __init__(self, size: int):
        self.size = size
        self._data: OrderedDict[Any, Any] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Any) -> Any:
        with self._lock:
            value = self._data.get(key)
            if value is not None:
                self._data.move_to_end(key)
            return value

    def put(self, key: Any, value: Any) -> None:
        with self._lock:
            self._data[key] = value
            self._data.move_to_end(key)
            while len(self._data) > self.size:
                self._data.popitem(last=False)


class FalkorDBGraphStore(GraphStore):
    """Read access to a graph loaded by `falkordb_load` (schema in `cypher_dialect`)."""

    def __init__(self, graph: Any, name: str = "graph", dialect: FalkorDialect = FALKORDB,
                 cache_size: int = 100_000):
        self.graph = graph  # falkordb.Graph
        self.name = name
        self.dialect = dialect
        self._nodes = _Cache(cache_size)
        self._adjacent = _Cache(cache_size)
        self._counts: dict[str, int] | None = None
        self._compiled = _Cache(COMPILED_CACHE)

    @classmethod
    def connect(cls, url: str | GraphURL, graph_name: str | None = None, name: str = "graph",
                **kwargs: Any) -> FalkorDBGraphStore:
        target = parse_graph_url(url) if isinstance(url, str) else url
        return cls(open_graph(target, graph_name or target.name or "hgrag"), name=name, **kwargs)

    # -- plumbing --------------------------------------------------------------------------
    def _rows(self, text: str, params: dict[str, Any] | None = None) -> list[list[Any]]:
        from redis.exceptions import ResponseError

        from hgrag.tools.errors import DatasetError

        try:
            return self.graph.ro_query(text, params or {}).result_set
        except ResponseError as exc:
            if "empty key" not in str(exc).lower():
                raise
            raise DatasetError(f"FalkorDB graph {self.graph.name!r} is gone (another process is reloading or "
                               "deleted it); ask again when its load has finished") from None

    def cypher_rows(self, text: str, params: dict[str, Any]) -> list[list[Any]]:
        """Rows of one read-only parameterised query (compiled plans, tools/ir_cypher.py), cached like
        the per-node reads: retrieval, answer and validation run the same plan within one question."""
        key = _query_key(text, params)
        rows = self._compiled.get(key)
        if rows is None:
            rows = self._rows(text, params)
            self._compiled.put(key, rows)
        return rows

    def cypher_cached(self, compiled: Any) -> bool:
        """Whether a compiled query's rows are already at hand."""
        return compiled is not None and self._compiled.get(_query_key(compiled.text, compiled.params)) is not None

    def plan_executor(self, layer_budget: int, evidence: bool = True) -> Any:
        """The plan executor for this store: sub-plans compiled to one Cypher query each."""
        from hgrag.tools.ir_compiled import CompiledExecutor

        return CompiledExecutor(self, layer_budget, evidence)

    def _chunked(self, text: str, ids: list[str], **params: Any) -> Iterator[list[Any]]:
        for start in range(0, len(ids), CHUNK):
            yield from self._rows(text, {"ids": ids[start:start + CHUNK], **params})

    # -- per node ----------------------------------------------------------------------------
    def has_node(self, node_id: str) -> bool:
        try:
            self.node(node_id)
        except KeyError:
            return False
        return True

    def node(self, node_id: str) -> dict[str, Any]:
        data = self._nodes.get(node_id)
        if data is None:
            rows = self._rows(self.dialect.node(), {"id": node_id})
            if not rows:
                raise KeyError(node_id)
            data = _clean_node(rows[0][0])
            self._nodes.put(node_id, data)
        return data

    def nodes_of_type(self, node_type: str) -> Iterator[str]:
        if node_type not in ALL_NODE_TYPES:
            return iter(())
        return self._iter_type(node_type)

    def _iter_type(self, node_type: str) -> Iterator[str]:
        """Pages of the insertion order (seq ranges), each sorted here: no full sort in the database."""
        top = self._rows(self.dialect.max_seq())[0][0]
        if top is None:
            return
        for low in range(0, int(top) + 1, PAGE):
            rows = self._rows(self.dialect.nodes_of_type(node_type), {"lo": low, "hi": low + PAGE})
            yield from (node for node, _ in sorted(rows, key=lambda row: row[1]))

    def neighbors(self, node_id: str, edge_type: str, direction: Direction = "out") -> list[str]:
        key = (node_id, edge_type, direction)
        found = self._adjacent.get(key)
        if found is None:
            found = self.expand([node_id], edge_type, direction)[node_id]
        return list(found)

    def edge(self, source: str, target: str, edge_type: str) -> dict[str, Any] | None:
        if edge_type not in ALL_EDGE_TYPES:
            return None
        rows = self._rows(self.dialect.edge(edge_type), {"s": source, "t": target})
        return _clean_edge(rows[0][0]) if rows else None

    def node_counts(self) -> dict[str, int]:
        if self._counts is None:
            counts = {node_type: int(count) for node_type, count in self._rows(self.dialect.node_counts())}
            self._counts = present_counts(counts, NODE_TYPES, RICH_NODE_TYPES)
        return dict(self._counts)

    def edge_counts(self) -> dict[str, int]:
        counts = {t: int(self._rows(self.dialect.edge_counts(t))[0][0]) for t in ALL_EDGE_TYPES}
        return present_counts(counts, EDGE_TYPES, RICH_EDGE_TYPES)

    # -- set at a time ---------------------------------------------------------------------
    def expand(self, nodes: Iterable[str], edge_type: str, direction: Direction = "out") -> dict[str, list[str]]:
        ids = list(dict.fromkeys(nodes))
        result: dict[str, list[str]] = {node: [] for node in ids}
        if edge_type not in ALL_EDGE_TYPES or not ids:
            return result
        missing = []
        for node in ids:
            cached = self._adjacent.get((node, edge_type, direction))
            if cached is None:
                missing.append(node)
            else:
                result[node] = list(cached)
        for node, other in self._chunked(self.dialect.expand(edge_type, direction), missing):
            result[node].append(other)
        for node in missing:
            self._adjacent.put((node, edge_type, direction), tuple(result[node]))
        return result

    def degrees(self, nodes: Iterable[str], edge_type: str, direction: Direction = "out") -> dict[str, int]:
        """Number of `edge_type` neighbours of each node (one query)."""
        ids = list(dict.fromkeys(nodes))
        found = {node: 0 for node in ids}
        for node, count in self._chunked(self.dialect.degrees(edge_type, direction), ids):
            found[node] = int(count)
        return found

    def degree(self, node_id: str, edge_type: str, direction: Direction = "out") -> int:
        return len(self.neighbors(node_id, edge_type, direction))

    def attrs(self, nodes: Iterable[str], key: str) -> dict[str, Any]:
        ids = list(dict.fromkeys(nodes))
        if key == "type":
            return {node: (self._peek(node) or {}).get("type") for node in ids}
        if key in _NODE_INTERNAL:  # storage bookkeeping, not attributes of the graph
            return {node: None for node in ids}
        found: dict[str, Any] = {}
        missing = []
        for node in ids:
            data = self._nodes.get(node)
            if data is None:
                missing.append(node)
            else:
                found[node] = data.get(key)
        # one property per node, uncached: bulk reads (index builds, filters) stay light
        for node, value in self._chunked(self.dialect.attrs(key), missing):
            found[node] = value
        return {node: found.get(node) for node in ids}

    def labels(self, nodes: Iterable[str]) -> dict[str, str]:
        ids = list(dict.fromkeys(nodes))
        self.node_data(ids)
        return {node: self.label(node) for node in ids}

    def node_data(self, nodes: Iterable[str]) -> dict[str, dict[str, Any] | None]:
        """Every attribute of each node (None when absent), fetched in one query and cached."""
        ids = list(dict.fromkeys(nodes))
        found: dict[str, dict[str, Any] | None] = {node: self._nodes.get(node) for node in ids}
        missing = [node for node, data in found.items() if data is None]
        for node, props in self._chunked(self.dialect.nodes(), missing):
            data = _clean_node(props)
            self._nodes.put(node, data)
            found[node] = data
        return found

    def _peek(self, node_id: str) -> dict[str, Any] | None:
        try:
            return self.node(node_id)
        except KeyError:
            return None

    def author_positions(self, papers: Iterable[str]) -> dict[str, dict[str, int]]:
        ids = list(dict.fromkeys(papers))
        result: dict[str, dict[str, int]] = {paper: {} for paper in ids}
        for paper, author, position in self._chunked(self.dialect.author_positions(), ids):
            result[paper][author] = int(position or 0)
        return result

    def shortest_path(self, source: str, target: str, edge_types: tuple[str, ...] = ("writes",),
                      max_len: int = 8) -> list[str] | None:
        """`algo.SPpaths` finds the shortest paths in the database; among equally short ones the
        embedded store's breadth-first choice is replayed on just those paths' nodes."""
        if source == target:
            return [source] if self.has_node(source) else None
        types = tuple(t for t in edge_types if t in EDGE_TYPES)
        if not types or not (self.has_node(source) and self.has_node(target)):
            return None
        rows = self._rows(self.dialect.shortest_paths(types),
                          {"s": source, "t": target, "max_len": int(max_len), "count": PATH_COUNT})
        paths = [row[0] for row in rows if row and row[0]]
        if not paths:
            return None
        if len(paths) == 1:
            return list(paths[0])
        on_paths = sorted({node for path in paths for node in path})
        return LocalGraph(self, on_paths, types).shortest_path(source, target, types, max_len)


_NODE_INTERNAL = ("id", "seq")
_EDGE_INTERNAL = ("o", "i")


def _query_key(text: str, params: dict[str, Any]) -> tuple[str, str]:
    return text, json.dumps(params, sort_keys=True, default=str)


def _clean_node(props: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in props.items() if k not in _NODE_INTERNAL}


def _clean_edge(props: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in props.items() if k not in _EDGE_INTERNAL}


def open_graph(target: GraphURL, graph_name: str) -> Any:
    """A falkordb.Graph handle; a clear error when the server does not answer."""
    from falkordb import FalkorDB
    from redis.exceptions import ConnectionError as RedisConnectionError

    from hgrag.tools.errors import DatasetError

    try:
        db = FalkorDB(host=target.host, port=target.port)
        db.connection.ping()
    except (RedisConnectionError, OSError) as exc:
        raise DatasetError(f"no FalkorDB server at {target.host}:{target.port} ({exc}); "
                           "start one with `hgrag graph-server start`") from None
    return db.select_graph(graph_name)
