"""Plan, evidence and answer types exchanged by the agents (JSON-serialisable TypedDicts)."""

from __future__ import annotations

from typing import Literal

from typing_extensions import NotRequired, TypedDict

QueryType = Literal["attribute", "relation", "aggregation", "multihop"]
NodeType = Literal["author", "paper", "venue"]
Operation = Literal["list", "count", "argmax", "argmin", "attribute", "yes_no"]


class Mention(TypedDict):
    """A span of the question linked to a graph node."""

    text: str
    type: str  # author | paper | venue
    node_id: str | None
    label: str
    score: float
    match: str  # exact | normalized | name | initials | embedding | none
    role: NotRequired[str]  # anchor | venue | coauthor | compare


class Step(TypedDict):
    """One typed hop of the traversal, with optional filters on the nodes it reaches."""

    to_type: str
    edge: str
    direction: str  # out | in
    filters: NotRequired[dict]  # venue, year, year_from, year_to, coauthor, position


class Constraints(TypedDict, total=False):
    venue: str  # node id
    year: int
    year_from: int
    year_to: int
    coauthor: str  # node id that must also be an author of each paper
    position: int  # author position (1 = first author; -1 = last)


class Plan(TypedDict):
    """What the retrieval agent decided: how to walk the graph and what to compute."""

    query_type: str
    start_type: str
    anchors: list[Mention]
    steps: list[Step]
    constraints: Constraints
    target_type: str  # author | paper | venue | year | value
    operation: str
    attribute: str | None  # attribute to read, or the key of argmax/argmin
    exclude_anchors: bool
    project: NotRequired[str | None]  # read this attribute of the targets before the operation
    compare: NotRequired[list[str]]  # yes/no: node ids or values the targets must contain
    combine: NotRequired[str]  # how several anchors combine: intersection | union
    hop_budget: int
    rationale: str
    unresolved: list[str]


class Evidence(TypedDict):
    """The retrieved subgraph: nodes, typed edges, and the paths that support answers."""

    nodes: list[str]
    edges: list[tuple[str, str, str]]  # (source, edge type, target)
    paths: list[list[str]]
    frontier: list[str]


class ValidationReport(TypedDict):
    """How well an answer is supported by the graph."""

    score: float
    supported: list[str]
    unsupported: list[str]
    checks: dict[str, float]  # entity_existence, relation_validity, attribute_accuracy, premise_validity
    feedback: str
    premise_failures: NotRequired[list[str]]  # what the question presumes but the graph does not record
