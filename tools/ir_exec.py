"""The one executor of the plan IR (state/plan_ir.py) over the GraphStore interface.

Values flowing between operators:
  nodes   Counter node id -> number of distinct paths that reached it (frequency rankings use it)
  values  Counter attribute value -> multiplicity
  scalar  one number;  bool  yes/no
Every hop is one set-at-a-time store call (`expand`, `attrs`, `author_positions`), so a database
store answers a hop in one query. The walk is recorded as evidence (edges, per-hop layers, paths).
Retrieval runs it with a node budget per hop; validation reruns it on the whole graph.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from hgrag.tools.derived import DERIVED_ATTRIBUTES, derived_values
from hgrag.tools.graph_store import GraphStore

DEFAULT_LAYER_BUDGET = 20_000
MAX_EVIDENCE_EDGES = 400
MAX_PATHS = 40
SET_ATTRIBUTES = {"venue": ("published_in", "out"), "author": ("writes", "in"), "cites": ("cites", "out"),
                  "cited_by": ("cites", "in"), "topic": ("has_topic", "out"), "primary_topic": ("primary_topic", "out"),
                  "keyword": ("has_keyword", "out"), "funder": ("funded_by", "out"),
                  "institution": ("affiliated_with", "out")}  # the last five: OpenAlex kinds


class ExecutionError(ValueError):
    """A plan that is well-formed but cannot run (e.g. a comparison with a missing value)."""


@dataclass
class Value:
    kind: str  # nodes | values | scalar | bool | none | outputs ([(label, Value)])
    data: Any = None


@dataclass
class Execution:
    """The result of a plan plus the walked subgraph that supports it."""

    value: Value = field(default_factory=lambda: Value("none"))
    targets: Counter = field(default_factory=Counter)  # the node set the final operators summarise
    layers: list[set[str]] = field(default_factory=list)
    edges: list[tuple[str, str, str]] = field(default_factory=list)
    parents: dict[str, str | None] = field(default_factory=dict)
    paths: list[list[str]] = field(default_factory=list)
    truncated: bool = False
    error: str | None = None  # why a well-formed plan could not run (then there is no answer)
    compiled: list[str] = field(default_factory=list)  # sub-plans a database ran as one query (trace only)


class Executor:
    def __init__(self, store: GraphStore, layer_budget: int = DEFAULT_LAYER_BUDGET):
        self.store = store
        self.budget = layer_budget
        self.run = Execution()
        self.results: dict[int, Value] = {}  # operator (by identity) -> its value, for the evidence spine

    # -- entry --------------------------------------------------------------------------------
    def execute(self, ir: dict[str, Any]) -> Execution:
        value = self.eval(ir)
        self.run.value = value
        self.run.targets = _spine_nodes(self, ir)
        self.run.paths = self.run.paths or [self._path_to(n) for n, _ in self.run.targets.most_common(MAX_PATHS)]
        return self.run

    def eval(self, op: dict[str, Any]) -> Value:
        handler = getattr(self, f"_op_{op.get('op')}", None)
        if handler is None:
            raise ExecutionError(f"unknown operator {op.get('op')!r}")
        value = handler(op)
        self.results[id(op)] = value
        return value

    # -- operators ----------------------------------------------------------------------------
    def _op_match(self, op: dict[str, Any]) -> Value:
        nodes = Counter({n: 1 for n in op.get("ids", []) if self.store.has_node(n)})
        for node in nodes:
            self.run.parents.setdefault(node, None)
        self.run.layers.append(set(nodes))
        return Value("nodes", nodes)

    def _op_traverse(self, op: dict[str, Any]) -> Value:
        source = self._nodes(self.eval(op["input"]), "traverse")
        followed = list(source)[: self.budget]
        self.run.truncated |= len(source) > self.budget
        if op["edge"] == "*":
            reached = {n: list(dict.fromkeys(self.store.all_neighbors(n))) for n in followed}
        else:
            reached = self.store.expand(followed, op["edge"], op["direction"])
        if op.get("position") is not None:
            reached = self._by_position(reached, op)
        result: Counter = Counter()
        for node in followed:
            for other in reached.get(node, []):
                result[other] += source[node]
                self.run.parents.setdefault(other, node)
                if len(self.run.edges) < MAX_EVIDENCE_EDGES:
                    self.run.edges.append(_edge(node, other, op))
        self.run.layers.append(set(result))
        return Value("nodes", result)

    def _by_position(self, reached: dict[str, list[str]], op: dict[str, Any]) -> dict[str, list[str]]:
        """Keep hops whose writes edge has the wanted author position (1 first, -1 last)."""
        wanted = op["position"]
        paper_side = op["direction"] == "in"  # paper -> its authors
        papers = set(reached) if paper_side else {p for ps in reached.values() for p in ps}
        positions = self.store.author_positions(papers)

        def keeps(author: str, paper: str) -> bool:
            ranks = positions.get(paper, {})
            rank = ranks.get(author)
            return rank is not None and (rank == wanted if wanted > 0 else ranks and rank == max(ranks.values()))

        if paper_side:
            return {p: [a for a in authors if keeps(a, p)] for p, authors in reached.items()}
        return {a: [p for p in papers_ if keeps(a, p)] for a, papers_ in reached.items()}

    def _op_filter(self, op: dict[str, Any]) -> Value:
        source = self.eval(op["input"])
        wanted = self._operand(op)
        attr, cmp = op["attr"], op["cmp"]
        if source.kind == "values":
            kept = Counter({v: m for v, m in source.data.items() if _compare(v, cmp, wanted)})
            return Value("values", kept)
        nodes = self._nodes(source, "filter")
        values = dict(nodes) if attr == "frequency" else self._attribute_values(list(nodes), attr)
        kept = Counter({n: m for n, m in nodes.items() if _compare(values.get(n), cmp, wanted)})
        self.run.layers.append(set(kept))
        return Value("nodes", kept)

    def _operand(self, op: dict[str, Any]) -> Any:
        if op.get("sub") is None:
            return op.get("value")
        sub = self.eval(op["sub"])
        if sub.kind == "none":  # the sub-plan found no value (e.g. a paper without a year): nothing compares
            return None
        if sub.kind in ("nodes", "values"):
            return list(sub.data)
        if sub.kind == "scalar":
            return _shifted(sub.data, op.get("offset"))
        raise ExecutionError("a filter's sub-plan must give nodes or a value")

    def _attribute_values(self, nodes: list[str], attr: str) -> dict[str, Any]:
        if attr == "id":
            return {n: n for n in nodes}
        if attr in SET_ATTRIBUTES:
            edge, direction = SET_ATTRIBUTES[attr]
            return {n: set(v) for n, v in self.store.expand(nodes, edge, direction).items()}
        if attr in DERIVED_ATTRIBUTES:
            return derived_values(self.store, nodes, attr)
        return self.store.attrs(nodes, attr)

    def _op_intersect(self, op: dict[str, Any]) -> Value:
        parts = [self._nodes(self.eval(i), "intersect") for i in op["inputs"]]
        first, rest = (parts[0], parts[1:]) if parts else (Counter(), [])
        # in the first input's order (a set's order changes with the hash seed, and the evidence paths with it)
        return Value("nodes", Counter({n: min(p[n] for p in parts) for n in first if all(n in p for p in rest)}))

    def _op_union(self, op: dict[str, Any]) -> Value:
        total: Counter = Counter()
        for i in op["inputs"]:
            total.update(self._nodes(self.eval(i), "union"))
        return Value("nodes", total)

    def _op_difference(self, op: dict[str, Any]) -> Value:
        first, *rest = [self.eval(i) for i in op["inputs"]]
        kept = self._collection(first, "difference")
        removed = set().union(*(set(self._collection(r, "difference")) for r in rest))
        return Value(first.kind, Counter({n: m for n, m in kept.items() if n not in removed}))

    def _op_project(self, op: dict[str, Any]) -> Value:
        nodes = self._nodes(self.eval(op["input"]), "project")
        values = self.store.attrs(list(nodes), op["attr"])
        result: Counter = Counter()
        for node, mult in nodes.items():
            if values.get(node) not in (None, ""):
                result[values[node]] += mult
        return Value("values", result)

    def _op_aggregate(self, op: dict[str, Any]) -> Value:
        value = self._aggregate(op)
        if op.get("round") is None or value.kind != "scalar":
            return value
        return Value("scalar", _rounded(value.data, op["round"]))

    def _aggregate(self, op: dict[str, Any]) -> Value:
        source = self.eval(op["input"])
        fn = op["fn"]
        if fn == "count":
            return Value("scalar", len(self._collection(source, "count")))
        if fn == "frequency":  # how often the most reached item was reached: the count behind a ranking's winner
            items = self._collection(source, "frequency")
            return Value("scalar", max(items.values())) if items else Value("none")
        numbers = self._numbers(source, op.get("attr"))
        if not numbers:
            return Value("none") if fn != "sum" else Value("scalar", 0)
        if fn == "sum":
            return Value("scalar", sum(numbers))
        if fn == "avg":
            return Value("scalar", sum(numbers) / len(numbers))
        if fn == "min":
            return Value("scalar", min(numbers))
        if fn == "max":
            return Value("scalar", max(numbers))
        if fn == "h_index":  # the largest h with h of the papers cited at least h times each
            ranked = sorted(numbers, reverse=True)
            return Value("scalar", sum(1 for rank, cited in enumerate(ranked, 1) if cited >= rank))
        return Value("scalar", max(numbers) - min(numbers))  # span

    def _numbers(self, source: Value, attr: str | None) -> list[float]:
        """The numbers an aggregate folds: one per node, or each projected value as often as it occurs."""
        items = self._collection(source, "aggregate")
        if source.kind == "values" and attr == "frequency":  # how many reached each value: papers per year
            return [times for v, times in items.items() if v not in (None, "")]
        if source.kind == "values":
            return [v for v, times in items.items() if _is_number(v) for _ in range(times)]
        if source.kind != "nodes":
            return []
        values = self._attribute_values(list(source.data), attr or "cited_by_count")
        return [v for v in values.values() if _is_number(v)]

    def _op_top(self, op: dict[str, Any]) -> Value:
        source = self.eval(op["input"])
        key = op.get("key") or "frequency"
        items = self._collection(source, "top")
        if key == "value" and source.kind == "nodes":
            raise ExecutionError("top by value needs values (project an attribute first)")
        if key == "frequency":
            scored = {item: mult for item, mult in items.items()}
        elif source.kind == "values" or key == "value":
            scored = {item: item for item in items}
        else:
            scored = self._attribute_values(list(items), key)
        scored = {i: s for i, s in scored.items() if s is not None}
        if not scored:
            return Value(source.kind, Counter())
        best = max(scored.values()) if op.get("order", "max") == "max" else min(scored.values())
        return Value(source.kind, Counter({i: items[i] for i, s in scored.items() if s == best}))

    def _op_outputs(self, op: dict[str, Any]) -> Value:
        """Several labelled answers (a question that asks several things): [(label, value), …]."""
        return Value("outputs", [(item["label"], self.eval(item["plan"])) for item in op["items"]])

    def _op_test(self, op: dict[str, Any]) -> Value:
        source = self.eval(op["input"])
        cmp, wanted = op["cmp"], op.get("value")
        if cmp == "not":  # a yes/no test negated ("did A not publish in V?")
            return Value("bool", not source.data)
        if cmp == "nonempty":
            return Value("bool", bool(source.data))
        if cmp in ("contains", "contains_all"):  # any of the values / every one ("did A and B write T?")
            wanted = wanted if isinstance(wanted, list) else [wanted]
            items = self._collection(source, "contains")
            return Value("bool", (all if cmp == "contains_all" else any)(w in items for w in wanted))
        if source.kind != "scalar":
            raise ExecutionError("a comparison test needs a single value")
        return Value("bool", _compare(source.data, cmp, wanted))

    def _op_path(self, op: dict[str, Any]) -> Value:
        sources = list(self._nodes(self.eval(op["source"]), "path"))
        targets = list(self._nodes(self.eval(op["target"]), "path"))
        if not sources or not targets:
            return Value("none")
        path = self.store.shortest_path(sources[0], targets[0], tuple(op.get("edges") or ["writes"]),
                                        int(op.get("max_len", 8)))
        if path is None:
            return Value("none")
        self.run.paths = [path]
        self.run.edges.extend(_path_edges(self.store, path))
        self.run.layers.append(set(path))
        hops = len(path) - 1
        return Value("scalar", hops // 2 if self.store.node_type(sources[0]) == "author" else hops)

    def _op_describe(self, op: dict[str, Any]) -> Value:
        return Value("nodes", self._nodes(self.eval(op["input"]), "describe"))

    def _op_unsupported(self, op: dict[str, Any]) -> Value:
        return Value("none")

    # -- helpers ------------------------------------------------------------------------------
    def _nodes(self, value: Value, where: str) -> Counter:
        if value.kind == "none":
            return Counter()
        if value.kind != "nodes":
            raise ExecutionError(f"{where} needs nodes, got {value.kind}")
        return value.data

    def _collection(self, value: Value, where: str) -> Counter:
        """The items of a node or value set (none: empty); a number or yes/no cannot be one."""
        if value.kind == "none":
            return Counter()
        if value.kind not in ("nodes", "values"):
            raise ExecutionError(f"{where} needs nodes or values, got {value.kind}")
        return value.data

    def _path_to(self, node: str) -> list[str]:
        """The chain of first-reached parents from a plan anchor down to `node` (a cycle stops it)."""
        path, seen = [node], {node}
        while self.run.parents.get(path[-1]) is not None:
            parent = self.run.parents[path[-1]]
            if parent in seen:
                break
            seen.add(parent)
            path.append(parent)
        return list(reversed(path))


def _spine_nodes(executor: Executor, ir: dict[str, Any]) -> Counter:
    """The node set that the plan's final operators summarise (for evidence and sufficiency)."""
    results = executor.results
    op = ir
    while op is not None:
        value = results.get(id(op))
        if value is not None and value.kind == "nodes":
            return value.data
        op = op.get("input") if isinstance(op.get("input"), dict) else None
    return Counter()


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _compare(value: Any, cmp: str, wanted: Any) -> bool:
    if isinstance(value, set):  # set-valued attribute (venues, authors of a paper)
        wanted_set = set(wanted) if isinstance(wanted, (list, tuple, set)) else {wanted}
        hit = bool(value & wanted_set)
        if cmp in ("=", "in"):
            return hit
        if cmp in ("!=", "not_in"):
            return not hit
        raise ExecutionError(f"'{cmp}' does not apply to a set of nodes")
    if cmp == "in":
        return value in (wanted or [])
    if cmp == "not_in":
        return value not in (wanted or [])
    if value is None or wanted is None:
        return False
    try:
        if cmp == "between":
            low, high = wanted
            return low <= value <= high
        return {"=": value == wanted, "!=": value != wanted, "<": value < wanted, "<=": value <= wanted,
                ">": value > wanted, ">=": value >= wanted}[cmp]
    except TypeError:
        return False


def _edge(node: str, other: str, op: dict[str, Any]) -> tuple[str, str, str]:
    if op["direction"] == "out":
        return (node, op["edge"], other)
    return (other, op["edge"], node)


def _path_edges(store: GraphStore, path: list[str]) -> list[tuple[str, str, str]]:
    edges = []
    for a, b in zip(path, path[1:]):
        for edge_type in ("writes", "published_in", "cites"):
            if store.edge(a, b, edge_type) is not None:
                edges.append((a, edge_type, b))
                break
            if store.edge(b, a, edge_type) is not None:
                edges.append((b, edge_type, a))
                break
    return edges


def execute(store: GraphStore, ir: dict[str, Any], layer_budget: int = DEFAULT_LAYER_BUDGET,
            evidence: bool = True) -> Execution:
    """Run a plan tree; the Execution holds its value and the evidence of the walk (with
    `evidence=False` only the value is promised). A store offering `plan_executor` (a database
    that compiles sub-plans to queries) supplies its own Executor."""
    factory = getattr(store, "plan_executor", None)
    executor = factory(layer_budget, evidence) if factory is not None else Executor(store, layer_budget)
    return executor.execute(ir)


def _shifted(value: Any, offset: int | list[int] | None) -> Any:
    """A sub-plan's value moved by the filter's offset: the year after the first (+1), the first N years
    ([value, value + N - 1] for between)."""
    if offset is None or not isinstance(value, (int, float)):
        return value
    if isinstance(offset, list):
        return [value + offset[0], value + offset[1]]
    return value + offset


def _rounded(number: float, places: int) -> float | int:
    """`number` rounded half up to `places` decimals (24.45 -> 24.5, as people round; not to even)."""
    from decimal import ROUND_HALF_UP, Decimal

    exact = Decimal(repr(number)).quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)
    return int(exact) if places <= 0 else float(exact)
