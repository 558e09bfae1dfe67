"""The plan IR: a small tree of typed operators that every planner writes and one executor runs.

A plan is a JSON object whose root is an operator; operators take other operators as input, so
any output can feed another. Shown as-is in Studio and `hgrag ask --trace`.

  match      {"op": "match", "ids": [node ids], "type": "author", "text": "Marvin K. Simon"}
  traverse   {"op": "traverse", "input": X, "edge": "writes|published_in|cites|<OpenAlex edge>", "direction": "out|in",
              "position": 1 | -1 (optional: author position on `writes` edges)}
  filter     {"op": "filter", "input": X, "attr": A, "cmp": "= != < <= > >= between in not_in",
              "value": V | "sub": Y}   A: year, cited_by_count, n_authors, venue, author, cites,
              work_type, language, id …; `sub` is another plan (its nodes for in/not_in, its single
              value for comparisons: "papers after 'X' appeared")
  setop      {"op": "intersect|union|difference", "inputs": [X, Y, …]}
  aggregate  {"op": "aggregate", "input": X, "fn": "count|sum|avg|min|max|span|frequency|h_index", "attr": A (optional)}
             frequency: how many paths reached the most reached item (the count behind a `top` by frequency)
  top        {"op": "top", "input": X, "key": "frequency|value|<attr>", "order": "max|min"}  (ties kept)
  project    {"op": "project", "input": X, "attr": A}          (read an attribute of each node)
  test       {"op": "test", "input": X, "cmp": "nonempty|contains|contains_all|= != < <= > >=|not", "value": V}
             ("not": X is a test, negated: "did A not publish in V?")
  path       {"op": "path", "source": X, "target": Y, "edges": ["writes"], "max_len": 8}
             (shortest chain; its value is the number of co-author steps)
  describe   {"op": "describe", "input": X};  unsupported {"op": "unsupported", "reason": "…"}
  outputs    {"op": "outputs", "items": [{"label": "venue", "plan": X}, {"label": "year", "plan": Y}]}
             (a question that asks several things: one labelled answer per item, in order)

The pydantic models below validate any IR (`validate_ir`); the executor reads plain dicts. The LLM
planner fills their flat step form (state/plan_steps.py, derived from these models, with children as
step ids: a bounded schema without recursion) through `with_structured_output`; state/ir_types.py
type-checks a plan against the graph schema.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from hgrag.tools.ir_walk import walk  # noqa: F401  (re-exported: the plan's walk lives with the executor)

NodeKind = Literal["author", "paper", "venue", "authorship", "institution", "topic", "subfield", "field", "domain",
                   "keyword", "funder"]  # the last eight: OpenAlex only (tools/graph_kinds.py)
EdgeKind = Literal["writes", "published_in", "cites", "authorship_by", "authorship_of", "affiliated_with",
                   "has_topic", "primary_topic", "in_subfield", "in_field", "in_domain", "has_keyword", "funded_by",
                   "*"]
Comparison = Literal["=", "!=", "<", "<=", ">", ">=", "between", "in", "not_in"]
FILTER_ATTRIBUTES = ("year", "cited_by_count", "n_authors", "n_coauthors", "first_year", "last_year", "venue", "author", "cites", "cited_by", "work_type",
                     "language", "doi", "id", "name", "title", "n_papers", "topic", "primary_topic", "keyword",
                     "funder", "institution", "country_code", "institution_type", "position", "n_keywords", "n_references", "total_citations",
                     "n_distinct_coauthors", "frequency")  # frequency: how many paths reached the node (papers of A with institution I)


class _Op(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Match(_Op):
    op: Literal["match"]
    ids: list[str] = Field(default_factory=list, description="node ids of linked mentions")
    type: NodeKind
    text: str = Field("", description="the mention as written in the question")


class Traverse(_Op):
    op: Literal["traverse"]
    input: "Plan"
    edge: EdgeKind
    direction: Literal["out", "in"]
    position: int | None = Field(None, description="author position on writes edges: 1 first, -1 last")


class Filter(_Op):
    op: Literal["filter"]
    input: "Plan"
    attr: str
    cmp: Comparison
    value: Any = None
    sub: "Plan | None" = None
    offset: int | list[int] | None = Field(None, description="added to the sub-plan's value (a list for between)")


class SetOp(_Op):
    op: Literal["intersect", "union", "difference"]
    inputs: list["Plan"]


class Aggregate(_Op):
    op: Literal["aggregate"]
    input: "Plan"
    fn: Literal["count", "sum", "avg", "min", "max", "span", "frequency", "h_index"]
    attr: str | None = None
    round: int | None = Field(None, description="decimal places the question asks for (rounded half up)")


class Top(_Op):
    op: Literal["top"]
    input: "Plan"
    key: str = "frequency"
    order: Literal["max", "min"] = "max"


class Project(_Op):
    op: Literal["project"]
    input: "Plan"
    attr: str


class Test(_Op):
    op: Literal["test"]
    input: "Plan"
    cmp: Literal["nonempty", "contains", "contains_all", "=", "!=", "<", "<=", ">", ">=", "not"]
    value: Any = None


class Path(_Op):
    op: Literal["path"]
    source: "Plan"
    target: "Plan"
    edges: list[EdgeKind] = Field(default_factory=lambda: ["writes"])
    max_len: int = Field(8, ge=1, le=12)


class Describe(_Op):
    op: Literal["describe"]
    input: "Plan"


class Output(_Op):
    label: str
    plan: "Plan"


class Outputs(_Op):
    op: Literal["outputs"]
    items: list[Output] = Field(min_length=1)


class Unsupported(_Op):
    op: Literal["unsupported"]
    reason: str = ""


Plan = Annotated[Union[Match, Traverse, Filter, SetOp, Aggregate, Top, Project, Test, Path, Describe, Outputs,
                       Unsupported], Field(discriminator="op")]
for _model in (Traverse, Filter, SetOp, Aggregate, Top, Project, Test, Path, Describe, Output, Outputs):
    _model.model_rebuild()


class PlanIR(_Op):
    """The envelope the LLM planner returns: the plan tree plus the mentions it names."""

    plan: Plan
    mentions: list[str] = Field(default_factory=list, description="entity mentions copied from the question")


_PLAN_ADAPTER: TypeAdapter = TypeAdapter(Plan)


class IRError(ValueError):
    """An ill-typed or malformed plan."""


def validate_ir(ir: Any) -> dict[str, Any]:
    """The IR as a plain dict after schema validation; IRError names the first problem."""
    try:
        model = _PLAN_ADAPTER.validate_python(ir)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ())) or "plan"
        raise IRError(f"invalid plan at {where}: {first.get('msg', 'invalid')}") from None
    return model.model_dump(exclude_none=True)


def plan_json_schema() -> dict[str, Any]:
    return PlanIR.model_json_schema()


# -- small constructors used by the planners (plain dicts, the form the executor reads) --------
def match(ids: list[str], node_type: str, text: str = "") -> dict[str, Any]:
    return {"op": "match", "ids": list(ids), "type": node_type, "text": text}


def traverse(source: dict[str, Any], edge: str, direction: str, position: int | None = None) -> dict[str, Any]:
    op = {"op": "traverse", "input": source, "edge": edge, "direction": direction}
    if position is not None:
        op["position"] = position
    return op


def where(source: dict[str, Any], attr: str, cmp: str, value: Any = None, sub: dict[str, Any] | None = None,
          offset: int | list[int] | None = None) -> dict[str, Any]:
    op = {"op": "filter", "input": source, "attr": attr, "cmp": cmp}
    if offset is not None:
        op["offset"] = offset
    if sub is not None:
        op["sub"] = sub
    else:
        op["value"] = value
    return op


def setop(kind: str, inputs: list[dict[str, Any]]) -> dict[str, Any]:
    return inputs[0] if len(inputs) == 1 and kind != "difference" else {"op": kind, "inputs": inputs}


def aggregate(source: dict[str, Any], fn: str, attr: str | None = None) -> dict[str, Any]:
    op = {"op": "aggregate", "input": source, "fn": fn}
    if attr:
        op["attr"] = attr
    return op


def top(source: dict[str, Any], key: str, order: str) -> dict[str, Any]:
    return {"op": "top", "input": source, "key": key, "order": order}


def project(source: dict[str, Any], attr: str) -> dict[str, Any]:
    return {"op": "project", "input": source, "attr": attr}


def test(source: dict[str, Any], cmp: str, value: Any = None) -> dict[str, Any]:
    return {"op": "test", "input": source, "cmp": cmp, "value": value}


def outputs(items: list[tuple[str, dict[str, Any]]]) -> dict[str, Any]:
    return {"op": "outputs", "items": [{"label": label, "plan": plan} for label, plan in items]}


