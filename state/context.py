"""Runtime configuration of the QA graph (LangGraph `context_schema`, shown as a form in Studio).

Constructing a Context never raises (LangGraph builds it from a run's JSON before any node runs, so
an exception there would end a server run in status `error`); `check_context` then turns wrong types,
out-of-range values and unknown keys into one `InputError` line, which the `plan` node writes into
the output state and the CLI prints with exit 2.
"""

from __future__ import annotations

import os
from dataclasses import MISSING, dataclass, field, fields
from pathlib import Path
from typing import Any

from hgrag.tools.errors import InputError

OFFLINE = "offline"
LOOP_LIMIT = (0, 5)


@dataclass(kw_only=True, init=False)
class Context:
    """Per-run settings; every field has a default so an empty context works offline."""

    dataset: str = field(default="openalex", metadata={"description": "Graph to answer from: openalex, dblp, openalex-tiny, dblp-tiny."})
    source: str | None = field(default=None, metadata={"description": "Override the dataset's source path."})
    skip_bad_records: bool = field(default=False, metadata={"description": "Build from a source with malformed records by skipping them (as `hgrag build --skip-bad-records`)."})
    graph: str | None = field(default=None, metadata={"description": "Graph store: empty = embedded networkx (default), or falkordb://HOST:PORT/NAME (default: HGRAG_GRAPH)."})
    model: str = field(default=OFFLINE, metadata={"description": "'offline' (deterministic, no LLM) or an OpenAI-compatible model name."})
    base_url: str | None = field(default=None, metadata={"description": "OpenAI-compatible endpoint (default: OPENAI_BASE_URL)."})
    api_key: str | None = field(default=None, metadata={"description": "API key (default: OPENAI_API_KEY)."})
    llm_timeout: float = field(default=30.0, metadata={"description": "Seconds before an LLM call is abandoned (0-600]."})
    llm_fallback: bool = field(default=False, metadata={"description": "Fall back to the offline policy when the LLM fails."})
    llm_method: str = field(default="auto", metadata={"description": "Structured output: auto | function_calling | json_schema | json_mode (auto tries them in that order, once per endpoint)."})
    llm_retries: int = field(default=2, metadata={"description": "Retries of an LLM call after a transient error (connection, timeout, HTTP 429/5xx)."})
    llm_seed: int | None = field(default=0, metadata={"description": "Sampling seed sent to the endpoint (repeatable replies); None sends none."})
    llm_temperature: float = field(default=0.0, metadata={"description": "Sampling temperature of LLM calls."})
    answerer: str = field(default="auto", metadata={"description": "auto (llm with a model, else offline) | offline | llm: who writes the answer from the evidence."})
    planner: str = field(default="auto", metadata={"description": "auto (llm with a model, else offline) | offline | llm | hybrid (both plans, cross-checked)."})
    llm_plan: str = field(default="frame", metadata={"description": "What the LLM planner writes: frame (an intent frame the shared compiler turns into the IR; default) | ir (the plan IR itself, type-checked; a rejected plan is a failed regeneration)."})
    sufficiency_threshold: float = field(default=0.6, metadata={"description": "Below this (0-1), the retrieval agent expands the subgraph."})
    consistency_threshold: float = field(default=0.8, metadata={"description": "Below this (0-1), the answer agent regenerates."})
    max_expansions: int = field(default=2, metadata={"description": "Upper bound on expansion rounds (0-5)."})
    max_regenerations: int = field(default=2, metadata={"description": "Upper bound on regeneration rounds (0-5)."})
    top_k: int = field(default=10, metadata={"description": "Candidates kept per mention (1-100)."})
    display_limit: int = field(default=20, metadata={"description": "Answer items written out in answer_text (0 = all); the answer list is always complete."})
    layer_budget: int = field(default=20_000, metadata={"description": "Nodes followed per hop before the walk is truncated (1-10,000,000)."})
    second_reader: bool = field(default=True, metadata={"description": "Read compound questions and check or propose plans with the second reader (agents/second_reader)."})

    def __init__(self, **values: Any) -> None:
        known = {f.name: f for f in fields(self)}
        self._unknown = sorted(set(values) - set(known))
        for name, spec in known.items():
            setattr(self, name, values[name] if name in values else spec.default)
        self.base_url = self.base_url or os.environ.get("OPENAI_BASE_URL") or None
        self.api_key = self.api_key or os.environ.get("OPENAI_API_KEY") or None

    @property
    def uses_llm(self) -> bool:
        return isinstance(self.model, str) and bool(self.model) and self.model != OFFLINE

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
        """Known keys only; None means 'default' for the optional fields and stays an error elsewhere."""
        optional = {f.name for f in fields(cls) if f.default is None or f.default is MISSING}
        known = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in (values or {}).items()
                      if k in known and not (v is None and k in optional)})

    def problems(self) -> list[str]:
        """Every invalid setting as 'name=value: what is expected' (empty when all are fine)."""
        found = [f"{name}: unknown setting" for name in getattr(self, "_unknown", [])]
        for name, check in _CHECKS.items():
            value = getattr(self, name)
            expected = check(value)
            if expected:
                found.append(f"{name}={_show(value)}: {expected}")
        return found


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and value == value


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _between(low: float, high: float, *, integer: bool = False, open_low: bool = False):
    kind = "a whole number" if integer else "a number"

    def check(value: Any) -> str | None:
        ok = (_is_int(value) if integer else _is_number(value))
        ok = ok and (value > low if open_low else value >= low) and value <= high
        bracket = "(" if open_low else "["
        return None if ok else f"must be {kind} in {bracket}{low:g}, {high:g}]"
    return check


def _text(optional: bool):
    def check(value: Any) -> str | None:
        if value is None and optional:
            return None
        return None if isinstance(value, str) and value.strip() else "must be non-empty text"
    return check


def _choice(*allowed: str):
    def check(value: Any) -> str | None:
        return None if value in allowed else "must be one of " + ", ".join(allowed)
    return check


def _flag(value: Any) -> str | None:
    return None if isinstance(value, bool) else "must be true or false"


def _source(value: Any) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or not value.strip():
        return "must be a path (text)"
    return None if Path(value).expanduser().exists() else "no such file or directory"


_CHECKS = {
    "dataset": _text(optional=False),
    "source": _source,
    "graph": _text(optional=True),
    "skip_bad_records": _flag,
    "model": _text(optional=False),
    "base_url": _text(optional=True),
    "api_key": _text(optional=True),
    "llm_timeout": _between(0, 600, open_low=True),
    "llm_fallback": _flag,
    "second_reader": _flag,
    "llm_plan": _choice("frame", "ir"),
    "sufficiency_threshold": _between(0, 1),
    "consistency_threshold": _between(0, 1),
    "max_expansions": _between(*LOOP_LIMIT, integer=True),
    "max_regenerations": _between(*LOOP_LIMIT, integer=True),
    "top_k": _between(1, 100, integer=True),
    "layer_budget": _between(1, 10_000_000, integer=True),
}


def check_context(context: Any) -> Context:
    """The context itself when valid, else InputError listing every bad setting on one line."""
    if context is None:
        return Context()
    if not isinstance(context, Context):
        raise InputError(f"invalid run settings: expected a mapping of settings, got {type(context).__name__}")
    problems = context.problems()
    if problems:
        raise InputError("invalid run settings: " + "; ".join(problems))
    return context
