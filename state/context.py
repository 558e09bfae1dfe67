"""Runtime configuration of the QA graph (LangGraph `context_schema`, shown as a form in Studio)."""

from __future__ import annotations

import os
from dataclasses import dataclass, field, fields
from typing import Any

OFFLINE = "offline"


@dataclass(kw_only=True)
class Context:
    """Per-run settings; every field has a default so an empty context works offline."""

    dataset: str = field(default="openalex", metadata={"description": "Graph to answer from: openalex, dblp, openalex-tiny, dblp-tiny."})
    source: str | None = field(default=None, metadata={"description": "Override the dataset's source path."})
    model: str = field(default=OFFLINE, metadata={"description": "'offline' (deterministic, no LLM) or an OpenAI-compatible model name."})
    base_url: str | None = field(default=None, metadata={"description": "OpenAI-compatible endpoint (default: OPENAI_BASE_URL)."})
    api_key: str | None = field(default=None, metadata={"description": "API key (default: OPENAI_API_KEY)."})
    llm_timeout: float = field(default=30.0, metadata={"description": "Seconds before an LLM call is abandoned."})
    llm_fallback: bool = field(default=False, metadata={"description": "Fall back to the offline policy when the LLM fails."})
    llm_method: str = field(default="auto", metadata={"description": "Structured output: auto | function_calling | json_schema | json_mode (auto tries them in that order, once per endpoint)."})
    llm_retries: int = field(default=2, metadata={"description": "Retries of an LLM call after a transient error (connection, timeout, HTTP 429/5xx)."})
    llm_seed: int | None = field(default=0, metadata={"description": "Sampling seed sent to the endpoint (repeatable replies); None sends none."})
    llm_temperature: float = field(default=0.0, metadata={"description": "Sampling temperature of LLM calls."})
    answerer: str = field(default="auto", metadata={"description": "auto (llm with a model, else offline) | offline | llm: who writes the answer from the evidence."})
    planner: str = field(default="auto", metadata={"description": "auto (llm with a model, else offline) | offline | llm | hybrid (both plans, cross-checked)."})
    sufficiency_threshold: float = field(default=0.6, metadata={"description": "Below this, the retrieval agent expands the subgraph."})
    consistency_threshold: float = field(default=0.8, metadata={"description": "Below this, the answer agent regenerates."})
    max_expansions: int = field(default=2, metadata={"description": "Upper bound on expansion rounds."})
    max_regenerations: int = field(default=2, metadata={"description": "Upper bound on regeneration rounds."})
    top_k: int = field(default=10, metadata={"description": "Candidates kept per mention."})
    layer_budget: int = field(default=20_000, metadata={"description": "Nodes followed per hop before the walk is truncated."})

    def __post_init__(self) -> None:
        self.base_url = self.base_url or os.environ.get("OPENAI_BASE_URL") or None
        self.api_key = self.api_key or os.environ.get("OPENAI_API_KEY") or None

    @property
    def uses_llm(self) -> bool:
        return bool(self.model) and self.model != OFFLINE

    @property
    def planner_mode(self) -> str:
        """The planner actually used: auto resolves to llm with a model, offline without."""
        if self.planner in ("", None, "auto"):
            return "llm" if self.uses_llm else OFFLINE
        return self.planner

    @property
    def answerer_mode(self) -> str:
        """The answer policy actually used: auto resolves to llm with a model, offline without."""
        if self.answerer in ("", None, "auto"):
            return "llm" if self.uses_llm else OFFLINE
        return self.answerer

    @classmethod
    def from_mapping(cls, values: dict[str, Any] | None) -> "Context":
        known = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in (values or {}).items() if k in known and v is not None})
