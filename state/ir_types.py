"""Static types of a plan IR: what each operator returns, and the first ill-typed use.

`validate_ir` (state/plan_ir.py) checks a plan's shape; `type_error` checks its meaning against the
graph schema: edges leave the node type they start at, attributes belong to the node type they are
read from, order comparisons and sums apply to numbers, aggregates and tests have a set (or a
number) to work on, `unsupported` stands alone. It returns None for a well-typed plan, else one line
naming the operator (by step id when the plan was written as steps) and what is wrong.

Kinds flowing between operators: nodes of a type, values of an attribute, a scalar, a yes/no.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from hgrag.tools.graph_kinds import RICH_EDGE_ENDS

NUMBER, TEXT, NODESET = "a number", "text", "a set of nodes"
NODE_ATTRIBUTES: dict[str, dict[str, str]] = {
    "paper": {"year": NUMBER, "cited_by_count": NUMBER, "n_authors": NUMBER, "n_references": NUMBER, "n_coauthors": NUMBER, "doi": TEXT, "work_type": TEXT,
              "language": TEXT, "title": TEXT, "id": TEXT,
              "venue": NODESET, "author": NODESET, "cites": NODESET, "cited_by": NODESET},
    "author": {"name": TEXT, "orcid": TEXT, "n_papers": NUMBER, "n_distinct_coauthors": NUMBER, "total_citations": NUMBER, "first_year": NUMBER, "last_year": NUMBER, "career_span": NUMBER, "id": TEXT},
    "venue": {"name": TEXT, "venue_type": TEXT, "issn_l": TEXT, "id": TEXT},
    # the richer OpenAlex kinds (tools/graph_kinds.py)
    "authorship": {"name": TEXT, "position": NUMBER, "id": TEXT, "institution": NODESET},
    "institution": {"name": TEXT, "country_code": TEXT, "institution_type": TEXT, "id": TEXT},
    **{kind: {"name": TEXT, "id": TEXT} for kind in ("topic", "subfield", "field", "domain", "keyword", "funder")},
}
NODE_ATTRIBUTES["paper"].update({"abstract": TEXT, "topic": NODESET, "primary_topic": NODESET, "keyword": NODESET,
                                 "funder": NODESET})
DERIVED = {"id", "n_authors", "n_references", "total_citations", "n_coauthors", "n_distinct_coauthors", "n_papers", "first_year", "last_year", "career_span"}  # computed by filters and rankings, not stored (project cannot read them)
EDGE_ENDS = {("writes", "out"): ("author", "paper"), ("writes", "in"): ("paper", "author"),
             ("published_in", "out"): ("paper", "venue"), ("published_in", "in"): ("venue", "paper"),
             ("cites", "out"): ("paper", "paper"), ("cites", "in"): ("paper", "paper"), **RICH_EDGE_ENDS}
ORDER = ("<", "<=", ">", ">=", "between")


class Kind(NamedTuple):
    kind: str  # nodes | values | scalar | bool | none | outputs
    detail: str | None = None  # the node type of nodes, the attribute type of values

    def describe(self) -> str:
        if self.kind == "nodes":
            return f"{self.detail or 'node'}s"
        return {"values": "attribute values", "scalar": "a single number", "bool": "a yes/no",
                "none": "nothing", "outputs": "several labelled answers"}[self.kind]


class IllTyped(ValueError):
    """The first ill-typed operator of a plan."""


def type_error(ir: dict[str, Any], names: dict[int, str] | None = None) -> str | None:
    """None when the plan is well-typed, else one line saying which operator is wrong and why."""
    try:
        TypeChecker(names or {}).kind(ir, root=True)
    except IllTyped as exc:
        return str(exc)
    return None


def attribute_type(node_type: str | None, attr: str, where: str) -> str | None:
    if node_type is None:  # an untyped walk ("*" edges): any attribute of any node type
        found = [table[attr] for table in NODE_ATTRIBUTES.values() if attr in table]
        if not found:
            raise IllTyped(f"{where}: no node type has an attribute {attr!r}")
        return found[0]
    table = NODE_ATTRIBUTES[node_type]
    if attr not in table:
        raise IllTyped(f"{where}: {node_type}s have no attribute {attr!r} (they have {', '.join(sorted(table))})")
    return table[attr]


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


class TypeChecker:
    def __init__(self, names: dict[int, str]):
        self.names = names

    def where(self, op: dict[str, Any]) -> str:
        name = self.names.get(id(op))
        return f"step {name} ({op.get('op')})" if name else str(op.get("op"))

    def kind(self, op: dict[str, Any], root: bool = False) -> Kind:
        name = op.get("op")
        if name == "unsupported":
            if not root:
                raise IllTyped(f"{self.where(op)}: 'unsupported' can only be the whole plan")
            return Kind("none")
        method = getattr(self, f"_{name}", None)
        if method is None:
            raise IllTyped(f"{self.where(op)}: unknown operator {name!r}")
        return method(op)

    def nodes(self, op: dict[str, Any], child: dict[str, Any], role: str) -> Kind:
        got = self.kind(child)
        if got.kind != "nodes":
            raise IllTyped(f"{self.where(op)}: its {role} must give nodes, but gives {got.describe()}")
        return got

    def collection(self, op: dict[str, Any], child: dict[str, Any]) -> Kind:
        got = self.kind(child)
        if got.kind not in ("nodes", "values"):
            raise IllTyped(f"{self.where(op)}: needs a set of nodes or values to work on, but its input gives "
                           f"{got.describe()}")
        return got

    # -- operators -------------------------------------------------------------------------------
    def _match(self, op: dict[str, Any]) -> Kind:
        return Kind("nodes", op.get("type"))

    def _traverse(self, op: dict[str, Any]) -> Kind:
        source = self.nodes(op, op["input"], "input")
        edge, direction = op["edge"], op["direction"]
        if op.get("position") is not None and edge != "writes":
            raise IllTyped(f"{self.where(op)}: an author position applies to 'writes' edges only, not {edge!r}")
        if edge == "*":
            return Kind("nodes", None)
        start, end = EDGE_ENDS[(edge, direction)]
        if source.detail not in (None, start):
            raise IllTyped(f"{self.where(op)}: '{edge}' {direction} starts at a {start}, but its input gives "
                           f"{source.describe()}")
        return Kind("nodes", end)

    def _filter(self, op: dict[str, Any]) -> Kind:
        where, attr, cmp = self.where(op), op["attr"], op["cmp"]
        source = self.collection(op, op["input"])
        kind = attribute_type(source.detail, attr, where) if source.kind == "nodes" else source.detail
        if cmp in ORDER and kind not in (NUMBER, None):
            raise IllTyped(f"{where}: '{cmp}' compares numbers, but {attr!r} is {kind}")
        if kind == NODESET and cmp not in ("=", "!=", "in", "not_in"):
            raise IllTyped(f"{where}: {attr!r} is a set of nodes; compare it with =, !=, in or not_in")
        if op.get("sub") is not None:
            self._filter_sub(op, kind)
        else:
            self._filter_value(op, kind)
        return source

    def _filter_sub(self, op: dict[str, Any], kind: str | None) -> None:
        got = self.kind(op["sub"])
        wanted = ("scalar",) if op["cmp"] in ORDER else ("nodes", "values") if op["cmp"] in ("in", "not_in") or \
            kind == NODESET else ("scalar", "nodes", "values")
        if got.kind not in wanted:
            raise IllTyped(f"{self.where(op)}: its sub-plan gives {got.describe()}, which '{op['cmp']}' "
                           f"on {op['attr']!r} cannot use")

    def _filter_value(self, op: dict[str, Any], kind: str | None) -> None:
        where, cmp, value = self.where(op), op["cmp"], op.get("value")
        if value is None:
            raise IllTyped(f"{where}: it has neither a value nor a sub-plan to compare {op['attr']!r} with")
        if cmp == "between" and not (isinstance(value, list) and len(value) == 2 and all(map(_is_number, value))):
            raise IllTyped(f"{where}: 'between' needs [low, high] numbers, not {value!r}")
        if cmp in ORDER and cmp != "between" and not _is_number(value):
            raise IllTyped(f"{where}: '{cmp}' needs a number, not {value!r}")
        if cmp in ("in", "not_in") and not isinstance(value, list):
            raise IllTyped(f"{where}: '{cmp}' needs a list of values, not {value!r}")

    def _setop(self, op: dict[str, Any]) -> Kind:
        inputs = op.get("inputs") or []
        if len(inputs) < 2:
            raise IllTyped(f"{self.where(op)}: '{op['op']}' needs at least two inputs, got {len(inputs)}")
        kinds = [self.nodes(op, child, "inputs") if op["op"] != "difference" or i else self.collection(op, child)
                 for i, child in enumerate(inputs)]
        types = {k.detail for k in kinds if k.kind == "nodes" and k.detail}
        if op["op"] != "difference" and len(types) > 1:
            raise IllTyped(f"{self.where(op)}: its inputs give different node types ({', '.join(sorted(types))})")
        return kinds[0]

    _intersect = _union = _difference = _setop

    def _aggregate(self, op: dict[str, Any]) -> Kind:
        source = self.collection(op, op["input"])
        if op["fn"] in ("count", "frequency"):
            return Kind("scalar")
        attr = op.get("attr")
        if source.kind == "nodes":
            kind = attribute_type(source.detail, attr or "cited_by_count", self.where(op))
        else:
            kind = source.detail
        if kind not in (NUMBER, None):
            raise IllTyped(f"{self.where(op)}: '{op['fn']}' needs numbers, but {attr or 'its input'!r} is {kind}")
        return Kind("scalar")

    def _top(self, op: dict[str, Any]) -> Kind:
        source = self.collection(op, op["input"])
        key = op.get("key") or "frequency"
        if key == "value" and source.kind != "values":
            raise IllTyped(f"{self.where(op)}: key 'value' ranks attribute values, but its input gives "
                           f"{source.describe()}")
        if key not in ("frequency", "value"):
            if source.kind != "nodes":
                raise IllTyped(f"{self.where(op)}: key {key!r} needs nodes, but its input gives {source.describe()}")
            kind = attribute_type(source.detail, key, self.where(op))
            if kind not in (NUMBER, None):
                raise IllTyped(f"{self.where(op)}: ranks by {key!r}, which is {kind}, not a number")
        return source

    def _project(self, op: dict[str, Any]) -> Kind:
        source = self.nodes(op, op["input"], "input")
        attr = op["attr"]
        kind = attribute_type(source.detail, attr, self.where(op))
        if kind == NODESET or attr in DERIVED:
            raise IllTyped(f"{self.where(op)}: {attr!r} is not a stored attribute it can read; "
                           "traverse to those nodes instead" if kind == NODESET else
                           f"{self.where(op)}: {attr!r} is computed, not stored; use it in a filter or top")
        return Kind("values", kind)

    def _test(self, op: dict[str, Any]) -> Kind:
        cmp, value = op["cmp"], op.get("value")
        if cmp == "not":
            got = self.kind(op["input"])
            if got.kind != "bool":
                raise IllTyped(f"{self.where(op)}: 'not' negates a yes/no test, but its input gives {got.describe()}")
            return Kind("bool")
        if cmp in ("nonempty", "contains", "contains_all"):
            self.collection(op, op["input"])
            if cmp != "nonempty" and value is None:
                raise IllTyped(f"{self.where(op)}: 'contains' needs a value to look for")
            return Kind("bool")
        got = self.kind(op["input"])
        if got.kind != "scalar":
            raise IllTyped(f"{self.where(op)}: '{cmp}' compares a single number, but its input gives {got.describe()}")
        if cmp not in ("=", "!=") and not _is_number(value):
            raise IllTyped(f"{self.where(op)}: '{cmp}' needs a number, not {value!r}")
        return Kind("bool")

    def _path(self, op: dict[str, Any]) -> Kind:
        self.nodes(op, op["source"], "source")
        self.nodes(op, op["target"], "target")
        return Kind("scalar")

    def _outputs(self, op: dict[str, Any]) -> Kind:
        for item in op["items"]:
            self.kind(item["plan"])
        return Kind("outputs")

    def _describe(self, op: dict[str, Any]) -> Kind:
        return self.nodes(op, op["input"], "input")
