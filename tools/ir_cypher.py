"""Compile plan-IR sub-plans (state/plan_ir.py) to ONE parameterised Cypher query each.

Two forms, both for the shapes a database does well: a `match` followed by a chain of `traverse`
and `filter` steps, optionally under one `aggregate`, `top`, `project` or `describe`.

  walk   the query walks the chain in the database (set at a time, filters applied there) and
         returns, per step, exactly the reads the one executor (tools/ir_exec.py) makes: the
         frontier's adjacency in the embedded order, the filtered attribute values, the final
         attribute read. The executor then replays the plan on those rows, so value and evidence
         (layers, edges, paths, budget truncation) are the executor's own.
  value  the whole operator is computed in the database (path counts, count, sum/avg/min/max/span,
         top with ties, projected value multiset); used where only the value is needed.

Data reaches a query only as parameters ($p0, $p1, ...); labels, relationship types and property
keys come from the fixed schema (checked by `cypher_dialect`). Anything else returns None and the
caller runs the per-hop executor.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from hgrag.tools.cypher_dialect import FALKORDB, FalkorDialect, identifier, relationship
from hgrag.tools.graph_store import ALL_EDGE_TYPES as EDGE_TYPES
from hgrag.tools.derived import COUNT_ATTRIBUTES
from hgrag.tools.ir_exec import SET_ATTRIBUTES

NODE_PROPERTIES = ("year", "cited_by_count", "work_type", "language", "doi", "name", "title", "orcid", "issn_l")
SCALAR_CMPS = ("=", "!=", "<", "<=", ">", ">=")
SET_CMPS = {"=": True, "in": True, "!=": False, "not_in": False}  # cmp -> "any neighbour matches"
TAILS = ("aggregate", "top", "project", "describe")


@dataclass
class CompiledQuery:
    text: str
    params: dict[str, Any]
    reads: list[tuple] = field(default_factory=list)  # walk: how to read each returned column
    shape: str = ""  # value: what the rows mean ("nodes", "count", "numbers", "top", "values")
    ops: list[dict[str, Any]] = field(default_factory=list)  # the IR operators the query covers


class _Params:
    def __init__(self) -> None:
        self.values: dict[str, Any] = {}

    def add(self, value: Any) -> str:
        name = f"p{len(self.values)}"
        self.values[name] = value
        return f"${name}"


# -- plan shapes -----------------------------------------------------------------------------------
def chain_of(op: dict[str, Any]) -> list[dict[str, Any]] | None:
    """[match, step, ...] when `op` is a match under traverse/filter steps; None otherwise."""
    steps = []
    while op.get("op") in ("traverse", "filter"):
        if op["op"] == "traverse" and op.get("edge") not in EDGE_TYPES:
            return None
        if op["op"] == "filter" and (op.get("sub") is not None or not _attribute_known(op.get("attr"))):
            return None
        steps.append(op)
        op = op.get("input") or {}
    if op.get("op") != "match":
        return None
    return [op] + steps[::-1]


def _attribute_known(attr: Any) -> bool:
    return attr == "id" or attr in SET_ATTRIBUTES or attr in COUNT_ATTRIBUTES or attr in NODE_PROPERTIES


def _split(op: dict[str, Any]) -> tuple[dict[str, Any] | None, list[dict[str, Any]] | None]:
    """(tail operator or None, chain under it); only chains that traverse: reads of the matched nodes
    alone are served by the store's per-node cache without a query."""
    tail, chain = None, chain_of(op)
    if chain is None and op.get("op") in TAILS and isinstance(op.get("input"), dict):
        tail, chain = op, chain_of(op["input"])
    if chain is None or not any(step["op"] == "traverse" for step in chain):
        return None, None
    return tail, chain


def _match_ids(match: dict[str, Any]) -> list[str]:
    return [str(i) for i in dict.fromkeys(match.get("ids") or [])]


# -- expressions on one node variable ---------------------------------------------------------------
def _arrow(edge: str, direction: str, rel: str = "") -> str:
    rel_type = relationship(edge)
    return f"-[{rel}:{rel_type}]->" if direction == "out" else f"<-[{rel}:{rel_type}]-"


def _neighbour_ids(var: str, attr: str) -> str:
    edge, direction = SET_ATTRIBUTES[attr]
    return f"[({var}){_arrow(edge, direction)}(y) | y.id]"


def value_expr(var: str, attr: str) -> str:
    """The attribute as the executor reads it (`_attribute_values`): id, neighbour count, property."""
    if attr == "id":
        return f"{var}.id"
    if attr in COUNT_ATTRIBUTES:
        edge, direction = COUNT_ATTRIBUTES[attr]
        return f"size([({var}){_arrow(edge, direction)}(y) | y])"
    if attr in NODE_PROPERTIES:
        return f"{var}.{identifier(attr)}"
    raise ValueError(f"attribute {attr!r} has no Cypher reading")


def condition(var: str, op: dict[str, Any], params: _Params) -> str | None:
    """The filter as a Cypher predicate with the executor's semantics; None when not expressible."""
    attr, cmp, wanted = op["attr"], op["cmp"], op.get("value")
    if attr in SET_ATTRIBUTES:
        if cmp not in SET_CMPS:
            return None
        listed = list(wanted) if isinstance(wanted, (list, tuple)) else [wanted]
        hit = f"any(z IN {_neighbour_ids(var, attr)} WHERE z IN {params.add(listed)})"
        return hit if SET_CMPS[cmp] else f"NOT {hit}"
    value = value_expr(var, attr)
    if cmp in ("in", "not_in"):
        if not isinstance(wanted, (list, tuple)) or not all(_plain(w) for w in wanted):
            return None
        slot = params.add(list(wanted))
        return f"{value} IN {slot}" if cmp == "in" else f"({value} IS NULL OR NOT {value} IN {slot})"
    if cmp == "between":
        if not (isinstance(wanted, (list, tuple)) and len(wanted) == 2 and all(_number(w) for w in wanted)):
            return None
        return f"({value} >= {params.add(wanted[0])} AND {value} <= {params.add(wanted[1])})"
    if cmp not in SCALAR_CMPS or not (_number(wanted) or (isinstance(wanted, str) and cmp in ("=", "!="))):
        return None
    return f"{value} {'<>' if cmp == '!=' else cmp} {params.add(wanted)}"


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _plain(value: Any) -> bool:
    return _number(value) or isinstance(value, str)


def position_condition(op: dict[str, Any], params: _Params, source: str = "s", other: str = "m",
                       rel: str = "e") -> tuple[str, str]:
    """(projection, predicate) for the author position on the writes edge `rel` (1 first, -1 last =
    the paper's highest position). The projection binds `ps`, the paper's positions, when needed."""
    wanted = op.get("position")
    if wanted is None:
        return "", "true"
    if int(wanted) > 0:
        return "", f"coalesce({rel}.position, 0) = {params.add(int(wanted))}"
    paper = source if op["direction"] == "in" else other
    return (f"[({paper})<-[q:writes]-() | coalesce(q.position, 0)] AS ps",
            f"coalesce({rel}.position, 0) = reduce(t = 0, w IN ps | CASE WHEN w > t THEN w ELSE t END)")


# -- walk form -------------------------------------------------------------------------------------
def compile_walk(op: dict[str, Any], dialect: FalkorDialect = FALKORDB) -> CompiledQuery | None:
    """One query returning every read the executor makes for `op` (a chain, perhaps under a tail)."""
    tail, chain = _split(op)
    if chain is None:
        return None
    params, ids = _Params(), _match_ids(chain[0])
    clauses = [f"UNWIND {params.add(ids)} AS i {dialect.match_node('n', 'i')} WITH collect(DISTINCT n) AS f",
               "WITH f, [x IN f | x.id] AS c0"]
    names, reads = ["c0"], [("match", ids)]
    for step in chain[1:]:
        name, carried = f"c{len(names)}", ", ".join(names)
        if step["op"] == "traverse":
            clauses.append(_walk_hop(step, params, carried, name))
            reads.append(("hop", step["edge"], step["direction"]))
        else:
            kind = _read_kind(step["attr"])
            cond = condition("x", step, params) or "true"  # not expressible: a superset, the replay decides
            clauses.append(_per_node(f"collect([x.id, {_read_expr('x', kind)}]) AS h, "
                                     f"collect(CASE WHEN {cond} THEN x END) AS g", carried, f"h AS {name}, g AS f"))
            reads.append(kind)
        names.append(name)
    tail_read = _tail_read(tail)
    if tail_read is not None:
        name = f"c{len(names)}"
        clauses.append(_per_node(f"collect([x.id, {_read_expr('x', tail_read)}]) AS h", ", ".join(names),
                                 f"h AS {name}"))
        names.append(name)
        reads.append(tail_read)
    clauses.append("RETURN " + ", ".join(names))
    return CompiledQuery(" ".join(clauses), params.values, reads, "walk", ([tail] if tail else []) + chain)


def _per_node(returned: str, carried: str, renamed: str) -> str:
    """A read of each frontier node `x` in a subquery (FalkorDB does not bind a list comprehension's
    variable inside a pattern comprehension, so reads that walk edges need rows)."""
    return f"CALL {{ WITH f UNWIND f AS x RETURN {returned} }} WITH {carried}, {renamed}"


def _walk_hop(step: dict[str, Any], params: _Params, carried: str, name: str) -> str:
    """One hop in a subquery: (frontier ids, [source, other, rank, position] rows), next frontier."""
    rank = "e.o" if step["direction"] == "out" else "e.i"
    positions, keep = position_condition(step, params)
    bind = f"WITH s, e, m, {positions} " if positions else ""
    return (f"CALL {{ WITH f UNWIND f AS s MATCH (s){_arrow(step['edge'], step['direction'], 'e')}(m) {bind}"
            f"RETURN collect([s.id, m.id, {rank}, e.position]) AS h, "
            f"collect(DISTINCT CASE WHEN {keep} THEN m END) AS g }} "
            f"WITH {carried}, [[x IN f | x.id], h] AS {name}, g AS f")


def _read_kind(attr: str) -> tuple:
    """What `Executor._attribute_values(attr)` asks the store for."""
    if attr in SET_ATTRIBUTES:
        return ("expand", *SET_ATTRIBUTES[attr])
    if attr in COUNT_ATTRIBUTES:
        return ("expand", *COUNT_ATTRIBUTES[attr])
    if attr in NODE_PROPERTIES:
        return ("attrs", attr)
    return ("none",)


def _read_expr(var: str, kind: tuple) -> str:
    if kind[0] == "expand":
        _, edge, direction = kind
        rank = "r.o" if direction == "out" else "r.i"
        return f"[({var}){_arrow(edge, direction, 'r')}(y) | [y.id, {rank}]]"
    if kind[0] == "attrs":
        return f"{var}.{identifier(kind[1])}"
    return "null"


def _tail_read(tail: dict[str, Any] | None) -> tuple | None:
    if tail is None:
        return None
    if tail["op"] == "aggregate" and tail.get("fn") != "count":
        kind = _read_kind(tail.get("attr") or "cited_by_count")
    elif tail["op"] == "top" and (tail.get("key") or "frequency") not in ("frequency", "value"):
        kind = _read_kind(tail["key"])
    elif tail["op"] == "project" and tail.get("attr") in NODE_PROPERTIES:
        kind = ("attrs", tail["attr"])  # project reads store.attrs directly
    else:
        return None
    return kind if kind[0] != "none" else None


# -- value form ------------------------------------------------------------------------------------
def compile_value(op: dict[str, Any], dialect: FalkorDialect = FALKORDB) -> CompiledQuery | None:
    """One query computing `op`'s value in the database; None when its semantics cannot be matched."""
    tail, chain = _split(op)
    if chain is None:
        return None
    params = _Params()
    rows = _path_rows(chain, params, dialect)
    if rows is None:
        return None
    if tail is None or tail["op"] == "describe":
        return _value(f"{rows} RETURN n.id, count(*)", params, "nodes", tail, chain)
    ending = {"aggregate": _aggregate_end, "top": _top_end, "project": _project_end}[tail["op"]](tail, dialect)
    if ending is None:
        return None
    shape, text = ending
    return _value(f"{rows} {text}", params, shape, tail, chain)


def _value(text: str, params: _Params, shape: str, tail: dict[str, Any] | None,
           chain: list[dict[str, Any]]) -> CompiledQuery:
    return CompiledQuery(text, params.values, [], shape, ([tail] if tail else []) + chain)


def _path_rows(chain: list[dict[str, Any]], params: _Params, dialect: FalkorDialect) -> str | None:
    """Clauses leaving `n` bound once per walked path (the executor's multiplicities)."""
    clauses = [f"UNWIND {params.add(_match_ids(chain[0]))} AS i {dialect.match_node('n', 'i')}"]
    for step in chain[1:]:
        if step["op"] == "traverse":
            positions, keep = position_condition(step, params, source="n", other="m")
            bind = f", {positions}" if positions else ""
            keeping = f"WITH n, e, m{bind} WHERE {keep} " if step.get("position") is not None else ""
            clauses.append(f"MATCH (n){_arrow(step['edge'], step['direction'], 'e')}(m) {keeping}WITH m AS n")
        else:
            cond = condition("n", step, params)
            if cond is None:
                return None
            clauses.append(f"WITH n, {cond} AS kept WHERE kept WITH n")  # FalkorDB: no pattern comprehension in WHERE
    return " ".join(clauses)


def _aggregate_end(tail: dict[str, Any], dialect: FalkorDialect) -> tuple[str, str] | None:
    if tail["fn"] == "count":
        return "count", "RETURN count(DISTINCT n)"
    if tail["fn"] in ("frequency", "h_index"):
        return None  # the executor folds the multiplicities (the citation counts) it reads
    attr = tail.get("attr") or "cited_by_count"
    if attr == "id" or attr not in COUNT_ATTRIBUTES and attr not in NODE_PROPERTIES:
        return None
    return "numbers", (f"WITH DISTINCT n WITH {value_expr('n', attr)} AS v WHERE {dialect.is_number('v')} "
                       f"RETURN count(v), sum(v), min(v), max(v), "
                       f"sum(CASE WHEN {dialect.is_float('v')} THEN 1 ELSE 0 END)")


def _top_end(tail: dict[str, Any], dialect: FalkorDialect) -> tuple[str, str] | None:
    best = "max" if tail.get("order", "max") == "max" else "min"
    key = tail.get("key") or "frequency"
    if key == "frequency":
        return "top", (f"WITH n, count(*) AS c WITH collect([n.id, c]) AS rows, {best}(c) AS best "
                       "RETURN [r IN rows WHERE r[1] = best]")
    if key == "value" or key in SET_ATTRIBUTES or not _attribute_known(key):
        return None
    return "top", (f"WITH n, count(*) AS c WITH n, c, {value_expr('n', key)} AS v WHERE v IS NOT NULL "
                   f"WITH collect([n.id, c, v]) AS rows, {best}(v) AS best RETURN [r IN rows WHERE r[2] = best]")


def _project_end(tail: dict[str, Any], dialect: FalkorDialect) -> tuple[str, str] | None:
    attr = tail.get("attr")
    if attr not in NODE_PROPERTIES:
        return None
    return "values", (f"WITH n, count(*) AS c WITH n.{identifier(attr)} AS v, c "
                      "WHERE v IS NOT NULL AND NOT v = '' RETURN v, sum(c)")
