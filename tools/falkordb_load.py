"""Bulk-load a graph into FalkorDB: indexes first, then parameterised `UNWIND $rows` batches.

`load_networkx` copies a built NetworkXGraphStore (same ids, attributes and neighbour order);
`load_rows` takes node and edge rows from any generator (the scale benchmark streams synthetic
graphs through it without ever holding them in a networkx object).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Iterator
from typing import Any

from hgrag.tools.cypher_dialect import FALKORDB, FalkorDialect
from hgrag.tools.graph_store import NetworkXGraphStore

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


def _props(data: dict[str, Any]) -> dict[str, Any]:
    """Attributes FalkorDB can store: None dropped, anything but scalars/lists made a string."""
    clean = {}
    for key, value in data.items():
        if value is None or key == "type":
            continue
        if isinstance(value, (str, int, float, bool)):
            clean[key] = value
        elif isinstance(value, (list, tuple)) and all(isinstance(v, (str, int, float, bool)) for v in value):
            clean[key] = list(value)
        else:
            clean[key] = str(value)
    return clean


def _flush(graph: Any, text: str, rows: list[dict[str, Any]], **params: Any) -> None:
    if rows:
        graph.query(text, {"rows": rows, **params})
        rows.clear()


def load_rows(graph: Any, nodes: Iterable[NodeRow], edges: Iterable[EdgeRow], *,
              progress: bool = False, total: tuple[int, int] | None = None,
              dialect: FalkorDialect = FALKORDB) -> tuple[int, int]:
    """Create every node, then every edge, in batches of BATCH rows; (nodes, edges) created."""
    create_indexes(graph, dialect)
    n_nodes = n_edges = 0
    buffers: dict[str, list[dict[str, Any]]] = {}
    for node_type, node_id, data in _bar(nodes, "loading nodes", progress, total and total[0]):
        rows = buffers.setdefault(node_type, [])
        rows.append({"id": node_id, "seq": n_nodes, "props": _props(data)})
        n_nodes += 1
        if len(rows) >= BATCH:
            _flush(graph, dialect.create_nodes(node_type), rows, type=node_type)
    for node_type, rows in buffers.items():
        _flush(graph, dialect.create_nodes(node_type), rows, type=node_type)
    buffers = {}
    for edge_type, source, target, out_rank, in_rank, data in _bar(edges, "loading edges", progress,
                                                                      total and total[1]):
        rows = buffers.setdefault(edge_type, [])
        rows.append({"s": source, "t": target, "o": out_rank, "i": in_rank, "props": _props(data)})
        n_edges += 1
        if len(rows) >= BATCH:
            _flush(graph, dialect.create_edges(edge_type), rows)
    for edge_type, rows in buffers.items():
        _flush(graph, dialect.create_edges(edge_type), rows)
    return n_nodes, n_edges


def networkx_rows(store: NetworkXGraphStore) -> tuple[Iterator[NodeRow], Iterator[EdgeRow]]:
    """Node and edge rows of an embedded graph, ranks recording its adjacency order."""
    graph = store.graph

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


def load_networkx(graph: Any, store: NetworkXGraphStore, meta: dict[str, Any] | None = None, *,
                  progress: bool = False) -> tuple[int, int]:
    """Replace `graph`'s content by a copy of `store`, then record `meta` (JSON) in it."""
    clear_graph(graph)
    nodes, edges = networkx_rows(store)
    totals = (store.graph.number_of_nodes(), store.graph.number_of_edges())
    counts = load_rows(graph, nodes, edges, progress=progress, total=totals)
    write_meta(graph, meta or {})
    return counts


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
