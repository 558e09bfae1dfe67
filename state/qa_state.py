"""Shared state of the QA state machine, with narrow input and output schemas."""

from __future__ import annotations

from typing import Any

from typing_extensions import NotRequired, TypedDict

from hgrag.state.types import Evidence, Plan, ValidationReport


class InputState(TypedDict):
    question: str
    dataset: NotRequired[str]


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
