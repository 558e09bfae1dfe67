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
    graph: str | None = field(default=None, metadata={"description": "Graph store: empty = embedded networkx (default), or falkordb://HOST:PORT/NAME (default: HGRAG_GRAPH)."})
    model: str = field(default=OFFLINE, metadata={"description": "'offline' (deterministic, no LLM) or an OpenAI-compatible model name."})
    base_url: str | None = field(default=None, metadata={"description": "OpenAI-compatible endpoint (default: OPENAI_BASE_URL)."})
    api_key: str | None = field(default=None, metadata={"description": "API key (default: OPENAI_API_KEY)."})
    llm_timeout: float = field(default=30.0, metadata={"description": "Seconds before an LLM call is abandoned."})
    llm_fallback: bool = field(default=False, metadata={"description": "Fall back to the offline policy when the LLM fails."})
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

    @classmethod
    def from_mapping(cls, values: dict[str, Any] | None) -> "Context":
        known = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in (values or {}).items() if k in known and v is not None})
