"""The plan executor for a database store: sub-plans run as one compiled Cypher query each.

`CompiledExecutor` is the one executor (tools/ir_exec.py) with a front door: before an operator
runs, the sub-plan it roots is compiled (tools/ir_cypher.py).

  evidence wanted (retrieval, answers)   the walk query fetches, in one round trip, every read
      the executor would make hop by hop; the executor then replays the plan on those rows, so
      value, layers, edges, paths and budget truncation are exactly the per-hop executor's.
  value only (validation on the whole graph)   the value query computes the operator in the
      database (path counts, aggregates, top with ties, projected values).

A sub-plan the compiler does not cover runs operator by operator as before; its children may
still compile. `Execution.compiled` lists which operators ran as Cypher (for traces).
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Iterable, Iterator
from typing import Any

from hgrag.tools.path_replay import PATH_COUNT, shortest_path_among
from hgrag.tools.graph_store import EDGE_TYPES, Direction, GraphStore
from hgrag.tools.ir_cypher import CompiledQuery, compile_value, compile_walk
from hgrag.tools.ir_exec import Executor, Value

log = logging.getLogger(__name__)


class Prefetched(GraphStore):
    """A store that answers the executor's set-at-a-time reads from rows fetched in advance and
    asks the real store only for what was not fetched."""

    def __init__(self, store: GraphStore):
        self.store = store
        self.name = store.name
        self.present: dict[str, bool] = {}
        self.adjacent: dict[tuple[str, str, str], list[str]] = {}
        self.values: dict[tuple[str, str], Any] = {}
        self.positions: dict[str, dict[str, int]] = {}
        self.path_edges: set[tuple[str, str, str]] = set()
        self.known_pairs: set[frozenset[str]] = set()
        self.paths_compiled = 0

    # -- reads the compiled walk answers ---------------------------------------------------------
    def has_node(self, node_id: str) -> bool:
        known = self.present.get(node_id)
        return self.store.has_node(node_id) if known is None else known

    def expand(self, nodes: Iterable[str], edge_type: str, direction: Direction = "out") -> dict[str, list[str]]:
        ids = list(dict.fromkeys(nodes))
        missing = [n for n in ids if (n, edge_type, direction) not in self.adjacent]
        fetched = self.store.expand(missing, edge_type, direction) if missing else {}
        return {n: list(self.adjacent.get((n, edge_type, direction), fetched.get(n, []))) for n in ids}

    def attrs(self, nodes: Iterable[str], key: str) -> dict[str, Any]:
        ids = list(dict.fromkeys(nodes))
        missing = [n for n in ids if (n, key) not in self.values]
        fetched = self.store.attrs(missing, key) if missing else {}
        return {n: self.values[(n, key)] if (n, key) in self.values else fetched.get(n) for n in ids}

    def author_positions(self, papers: Iterable[str]) -> dict[str, dict[str, int]]:
        ids = list(dict.fromkeys(papers))
        missing = [p for p in ids if p not in self.positions]
        fetched = self.store.author_positions(missing) if missing else {}
        return {p: dict(self.positions[p]) if p in self.positions else fetched.get(p, {}) for p in ids}

    # -- everything else is the real store's -----------------------------------------------------
    def node(self, node_id: str) -> dict[str, Any]:
        return self.store.node(node_id)

    def nodes_of_type(self, node_type: str) -> Iterator[str]:
        return self.store.nodes_of_type(node_type)

    def neighbors(self, node_id: str, edge_type: str, direction: Direction = "out") -> list[str]:
        return self.store.neighbors(node_id, edge_type, direction)

    def node_counts(self) -> dict[str, int]:
        return self.store.node_counts()

    def edge_counts(self) -> dict[str, int]:
        return self.store.edge_counts()

    def edge(self, source: str, target: str, edge_type: str) -> dict[str, Any] | None:
        """Between two consecutive nodes of a fetched shortest path every edge is known (the schema
        allows one type per pair of node types; both directions of a citation are both shortest)."""
        if frozenset((source, target)) in self.known_pairs:
            return {} if (source, edge_type, target) in self.path_edges else None
        return self.store.edge(source, target, edge_type)

    def shortest_path(self, source: str, target: str, edge_types: tuple[str, ...] = ("writes",),
                      max_len: int = 8) -> list[str] | None:
        """All shortest paths with their relationships in one query; the embedded store's
        breadth-first tie-break replayed on them. Too many paths to be sure: the store decides."""
        types = tuple(t for t in edge_types if t in EDGE_TYPES)
        if source == target or not types:
            return self.store.shortest_path(source, target, edge_types, max_len)
        rows = self.store.cypher_rows(self.store.dialect.shortest_paths_with_edges(types),
                                      {"s": source, "t": target, "max_len": int(max_len), "count": PATH_COUNT})
        if len(rows) >= PATH_COUNT:
            return self.store.shortest_path(source, target, edge_types, max_len)
        edges = {tuple(edge) for _, path_edges in rows for edge in path_edges}
        path = shortest_path_among(sorted(edges), source, target, types, max_len) if rows else None
        self.paths_compiled += 1
        if path is not None:
            self.path_edges |= edges
            # a citation pair may hold both directions; the store is asked about those
            self.known_pairs |= {frozenset((a, b)) for a, t, b in edges if t != "cites"} & \
                {frozenset(pair) for pair in zip(path, path[1:])}
        return path

    # -- loading a walk's rows ---------------------------------------------------------------------
    def load(self, reads: list[tuple], row: list[Any]) -> None:
        for read, column in zip(reads, row):
            getattr(self, f"_load_{read[0]}")(read, column or [])

    def _load_match(self, read: tuple, found: list[str]) -> None:
        for node in read[1]:
            self.present[node] = node in set(found)

    def _load_hop(self, read: tuple, column: list[Any]) -> None:
        _, edge, direction = read
        frontier, rows = column
        self._adjacency(frontier, [(s, m, rank) for s, m, rank, _ in rows], edge, direction)
        if edge == "writes" and direction == "in":  # a paper's authors: their positions come along
            for paper in frontier:
                self.positions[paper] = {}
            for paper, author, _, position in rows:
                self.positions[paper][author] = int(position or 0)

    def _load_expand(self, read: tuple, column: list[Any]) -> None:
        _, edge, direction = read
        rows = [(node, other, rank) for node, others in column for other, rank in others]
        self._adjacency([node for node, _ in column], rows, edge, direction)

    def _load_attrs(self, read: tuple, column: list[Any]) -> None:
        for node, value in column:
            self.values[(node, read[1])] = value

    def _load_none(self, read: tuple, column: list[Any]) -> None:
        return None

    def _adjacency(self, nodes: list[str], rows: list[tuple], edge: str, direction: str) -> None:
        grouped: dict[str, list[tuple[Any, str]]] = {node: [] for node in nodes}
        for node, other, rank in rows:
            grouped.setdefault(node, []).append((rank if rank is not None else -1, other))
        for node, others in grouped.items():
            self.adjacent[(node, edge, direction)] = [other for _, other in sorted(others)]


class CompiledExecutor(Executor):
    """Executor whose sub-plans run as compiled Cypher on `store` (which offers `cypher_rows`,
    `cypher_cached` and `dialect`)."""

    def __init__(self, store: GraphStore, layer_budget: int, evidence: bool = True):
        super().__init__(Prefetched(store), layer_budget)
        self.database = store
        self.evidence = evidence
        self.covered: set[int] = set()  # operators whose reads are already fetched

    def execute(self, ir: dict[str, Any]):
        run = super().execute(ir)
        log.debug("plan %s ran as Cypher: %s (the rest per hop)", ir.get("op"), run.compiled or "nothing")
        return run

    def _op_path(self, op: dict[str, Any]) -> Value:
        before = self.store.paths_compiled
        value = super()._op_path(op)
        if self.store.paths_compiled > before:
            self.run.compiled.append("path:SPpaths")
        return value

    def eval(self, op: dict[str, Any]) -> Value:
        if id(op) not in self.covered:
            walk = compile_walk(op, self.database.dialect)
            if not self.evidence and not self.database.cypher_cached(walk):  # a walk already fetched replays
                value = self._run_value(op)                                 # for free; else the database computes
                if value is not None:
                    self.results[id(op)] = value
                    return value
            self._run_walk(walk)
        return super().eval(op)

    def _run_value(self, op: dict[str, Any]) -> Value | None:
        compiled = compile_value(op, self.database.dialect)
        rows = self._query(compiled)
        if rows is None:
            return None
        self.run.compiled.append(f"value:{_describe(compiled)}")
        return decode_value(compiled, rows)

    def _run_walk(self, compiled: CompiledQuery | None) -> None:
        rows = self._query(compiled)
        if not rows:
            return
        self.store.load(compiled.reads, rows[0])
        self.covered.update(id(o) for o in compiled.ops)
        self.run.compiled.append(f"walk:{_describe(compiled)}")

    def _query(self, compiled: CompiledQuery | None) -> list[list[Any]] | None:
        if compiled is None:
            return None
        try:
            return self.database.cypher_rows(compiled.text, compiled.params)
        except Exception as exc:  # a query the database refuses: the per-hop executor answers instead
            log.warning("compiled plan query failed, running per hop: %s", exc)
            return None


def _describe(compiled: CompiledQuery) -> str:
    """The covered operators bottom up, e.g. `match>traverse>traverse>top`."""
    ops = compiled.ops if compiled.ops[0]["op"] == "match" else compiled.ops[1:] + compiled.ops[:1]
    return ">".join(o["op"] for o in ops)


def decode_value(compiled: CompiledQuery, rows: list[list[Any]]) -> Value:
    """The executor's Value from the rows of a value query."""
    shape, tail = compiled.shape, compiled.ops[0]
    if shape == "nodes":
        return Value("nodes", Counter({node: int(count) for node, count in rows}))
    if shape == "count":
        return Value("scalar", int(rows[0][0]))
    if shape == "top":
        return Value("nodes", Counter({r[0]: int(r[1]) for r in rows[0][0]}))
    if shape == "values":
        return Value("values", Counter({value: int(count) for value, count in rows}))
    return _numbers_value(tail["fn"], rows[0])


def _numbers_value(fn: str, row: list[Any]) -> Value:
    count, total, low, high, floats = row
    if not count:
        return Value("none") if fn != "sum" else Value("scalar", 0)
    total = total if floats else int(total)
    result = {"sum": total, "avg": total / count, "min": low, "max": high, "span": (high - low) if high is not None else None}
    return Value("scalar", result[fn])
