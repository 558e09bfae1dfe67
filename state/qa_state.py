"""Shared state of the QA state machine, with narrow input and output schemas."""

from __future__ import annotations

from typing import Annotated, Any

from langchain_core.messages import AnyMessage
from langgraph.graph.message import add_messages
from typing_extensions import NotRequired, TypedDict

from hgrag.state.types import Evidence, Plan, ValidationReport


class InputState(TypedDict):
    question: NotRequired[str]  # or the last human message of `messages`
    dataset: NotRequired[str]
    messages: NotRequired[Annotated[list[AnyMessage], add_messages]]


class OutputState(TypedDict, total=False):
    answer: list[str]
    answer_text: str
    interpretation: str  # plain-English reading of the plan: what was computed
    query_type: str
    plan: Plan
    evidence: Evidence
    sufficiency_score: float
    consistency_score: float
    verified: bool
    expansions: int
    regenerations: int
    error: str | None
    planner_check: dict[str, Any] | None  # hybrid planner: agreement of the offline and LLM plans
    messages: Annotated[list[AnyMessage], add_messages]  # chat view: one AIMessage (answer_text) per run
    clarification: str | None  # a question asked back instead of an answer (conversations)
    resolution: dict[str, Any]  # how this turn was read from the thread (agents/conversation/resolver.py)


class QAState(InputState, OutputState, total=False):
    """Everything the agents read and write; loop counters live here (not in Runtime)."""

    mentions: list[dict[str, Any]]
    sufficiency: dict[str, float]
    validation: ValidationReport
    feedback: str
    candidates: list[dict[str, Any]]  # earlier answers with their consistency scores
    max_expansions: int
    max_regenerations: int
    sufficiency_threshold: float
    consistency_threshold: float
    conversation: list[dict[str, Any]]  # per-thread memory of answered turns (agents/conversation/memory.py)
    consumed_message: str | None  # id of the last human message already answered
