"""Bulk-load a graph into FalkorDB: indexes first, then parameterised `UNWIND $rows` batches.

`load_networkx` copies an embedded store, built (NetworkXGraphStore) or cached (CompactGraphStore),
with the same ids, attributes and neighbour order;
`load_rows` takes node and edge rows from any generator (the scale benchmark streams synthetic
graphs through it without ever holding them in a networkx object).
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Iterable, Iterator
from typing import Any

from hgrag.tools.cypher_dialect import FALKORDB, FalkorDialect
from hgrag.tools.graph_store import GraphStore

BATCH = 5_000
# (node type, id, attributes) and (edge type, source, target, out rank, in rank, attributes)
NodeRow = tuple[str, str, dict[str, Any]]
EdgeRow = tuple[str, str, str, int, int, dict[str, Any]]


def create_indexes(graph: Any, dialect: FalkorDialect = FALKORDB) -> None:
    """Create the id and order indexes (an existing index is not an error)."""
    for text in dialect.index_statements():
        try:
            graph.query(text)
        except Exception as exc:  # FalkorDB has no IF NOT EXISTS: "already indexed" is fine
            if "already indexed" not in str(exc).lower():
                raise


def stored_value(value: Any) -> Any:
    """The value FalkorDB keeps for an attribute: None (dropped), a scalar, a list of scalars,
    anything else as its string."""
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    if isinstance(value, (list, tuple)) and all(isinstance(v, (str, int, float, bool)) for v in value):
        return list(value)
    return str(value)


def _props(data: dict[str, Any]) -> dict[str, Any]:
    """Attributes FalkorDB can store (`stored_value`; None and the type key dropped)."""
    return {key: stored_value(value) for key, value in data.items() if value is not None and key != "type"}


def literal(value: Any) -> str:
    """A value as the falkordb client writes it into a query's `CYPHER name=value` header
    (strings double-quoted with backslash and quote escaped, lists bracketed, numbers as `str`)."""
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(map(literal, value)) + "]"
    if value is None:
        return "null"
    return str(value)


def _map_literal(props: dict[str, Any]) -> str:
    """A Cypher map of attributes (keys in backticks, as the client writes them)."""
    parts = []
    for key, value in props.items():
        if not key or "`" in key:
            raise ValueError(f"attribute name {key!r} cannot be stored (empty or with a backtick)")
        parts.append(f"`{key}`:{literal(value)}")
    return "{" + ",".join(parts) + "}"


def node_row(node_id: str, seq: int, data: dict[str, Any]) -> str:
    """One $rows entry of `create_nodes`, already as header text: {id, seq, props}."""
    return f"{{id:{literal(node_id)},seq:{seq},props:{_map_literal(_props(data))}}}"


def edge_row(source: str, target: str, out_rank: int, in_rank: int, data: dict[str, Any]) -> str:
    """One $rows entry of `create_edges` as header text: {s, t, o, i, props}."""
    return (f"{{s:{literal(source)},t:{literal(target)},o:{out_rank},i:{in_rank},"
            f"props:{_map_literal(_props(data)) if data else '{}'}}}")


def _flush(graph: Any, text: str, rows: list[str], **params: Any) -> None:
    """One batch: the rows (already literals) joined into the parameter header by hand, which
    is several times cheaper than the client's generic per-value serialiser on big batches."""
    if rows:
        header = "".join(f"{name}={literal(value)} " for name, value in params.items())
        graph.query(f"CYPHER rows=[{','.join(rows)}] {header}{text}")
        rows.clear()


def load_rows(graph: Any, nodes: Iterable[NodeRow], edges: Iterable[EdgeRow], *,
              progress: bool = False, total: tuple[int, int] | None = None,
              dialect: FalkorDialect = FALKORDB, timings: dict[str, float] | None = None) -> tuple[int, int]:
    """Create every node, then every edge, in batches of BATCH rows; (nodes, edges) created.
    `timings`, when given, receives the seconds spent on nodes and on edges."""
    started = time.perf_counter()
    create_indexes(graph, dialect)
    n_nodes = n_edges = 0
    buffers: dict[str, list[str]] = {}
    for node_type, node_id, data in _bar(nodes, "loading nodes", progress, total and total[0]):
        rows = buffers.setdefault(node_type, [])
        rows.append(node_row(node_id, n_nodes, data))
        n_nodes += 1
        if len(rows) >= BATCH:
            _flush(graph, dialect.create_nodes(node_type), rows, type=node_type)
    for node_type, rows in buffers.items():
        _flush(graph, dialect.create_nodes(node_type), rows, type=node_type)
    buffers = {}
    halfway = time.perf_counter()
    for edge_type, source, target, out_rank, in_rank, data in _bar(edges, "loading edges", progress,
                                                                      total and total[1]):
        rows = buffers.setdefault(edge_type, [])
        rows.append(edge_row(source, target, out_rank, in_rank, data))
        n_edges += 1
        if len(rows) >= BATCH:
            _flush(graph, dialect.create_edges(edge_type), rows)
    for edge_type, rows in buffers.items():
        _flush(graph, dialect.create_edges(edge_type), rows)
    if timings is not None:
        timings.update(nodes_seconds=halfway - started, edges_seconds=time.perf_counter() - halfway)
    return n_nodes, n_edges


def networkx_rows(store: GraphStore) -> tuple[Iterator[NodeRow], Iterator[EdgeRow]]:
    """Node and edge rows of an embedded graph, ranks recording its adjacency order."""
    if not hasattr(store, "graph"):  # a CompactGraphStore lists its own rows
        return store.node_rows(), store.edge_rows()  # type: ignore[attr-defined]
    graph = store.graph  # type: ignore[attr-defined]

    def nodes() -> Iterator[NodeRow]:
        for node_id, data in graph.nodes(data=True):
            yield data["type"], str(node_id), data

    def edges() -> Iterator[EdgeRow]:
        in_rank = {}
        for target, preds in graph.pred.items():
            for rank, source in enumerate(preds):
                in_rank[(source, target)] = rank
        for source, succs in graph.succ.items():
            for out_rank, (target, keyed) in enumerate(succs.items()):
                for edge_type, data in keyed.items():
                    yield edge_type, str(source), str(target), out_rank, in_rank[(source, target)], data

    return nodes(), edges()


def load_networkx(graph: Any, store: GraphStore, meta: dict[str, Any] | None = None, *,
                  progress: bool = False) -> tuple[int, int]:
    """Replace `graph`'s content by a copy of `store`, then record `meta` (JSON) in it."""
    clear_graph(graph)
    nodes, edges = networkx_rows(store)
    totals = (sum(store.node_counts().values()), sum(store.edge_counts().values()))
    counts = load_rows(graph, nodes, edges, progress=progress, total=totals)
    check_complete(graph, totals)
    write_meta(graph, meta or {})
    return counts


def check_complete(graph: Any, expected: tuple[int, int], dialect: FalkorDialect = FALKORDB) -> None:
    """DatasetError unless the database holds exactly the expected nodes and edges, so that a load
    another writer interfered with is never given its completion record."""
    from hgrag.tools.errors import DatasetError

    found = tuple(int(graph.query(text).result_set[0][0]) for text in dialect.total_counts())
    if found != tuple(expected):
        raise DatasetError(f"FalkorDB load incomplete: the graph holds {found[0]:,} nodes and {found[1]:,} "
                           f"edges, expected {expected[0]:,} and {expected[1]:,} (another writer?); "
                           f"not marked complete, run the build again")


def clear_graph(graph: Any) -> None:
    try:
        graph.delete()
    except Exception as exc:  # an absent graph is already empty
        if "empty key" not in str(exc).lower() and "invalid graph" not in str(exc).lower():
            raise


def write_meta(graph: Any, meta: dict[str, Any], dialect: FalkorDialect = FALKORDB) -> None:
    graph.query(dialect.write_meta(), {"value": json.dumps(meta, sort_keys=True)})


def read_meta(graph: Any, dialect: FalkorDialect = FALKORDB) -> dict[str, Any] | None:
    """The meta recorded by the last complete load, or None (absent graph or unfinished load)."""
    try:
        rows = graph.ro_query(dialect.read_meta()).result_set
    except Exception:
        return None
    if not rows:
        return None
    try:
        return json.loads(rows[0][0])
    except (TypeError, ValueError):
        return None


def _bar(rows: Iterable[Any], desc: str, progress: bool, total: int | None) -> Iterable[Any]:
    if not progress:
        return rows
    from tqdm import tqdm

    return tqdm(rows, desc=desc, total=total, unit=" rows", file=sys.stderr, mininterval=0.5)
