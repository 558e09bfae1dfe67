"""The first step of planning: which language the question is in, and the question as the parser reads it
(German and French normalised to canonical English; any other language refused with one sentence)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from hgrag.agents.understanding.gate import identify, plainly_english, unsupported_sentence
from hgrag.agents.understanding.normalise import to_english


@dataclass(frozen=True)
class Reading:
    text: str  # what the planner reads
    language: str  # en | de | fr | another language's English name
    refusal: str | None = None  # the sentence given instead of an answer


def read_question(question: str, detect: Callable[[str], list[Any]]) -> Reading:
    """`detect(question)` gives the linked mention spans (called only when the words are not plainly English)."""
    if plainly_english(question):
        return Reading(question, "en")
    spans = detect(question)
    language = identify(question, spans)
    if language == "en":
        return Reading(question, "en")
    if language in ("de", "fr"):
        return Reading(to_english(question, language, spans), language)
    return Reading(question, language, unsupported_sentence(language))


_YEARS: dict[int, tuple[Any, list[int]]] = {}


def graph_years(store: Any) -> list[int]:
    """[first, last] publication year of the graph's papers (read once per store; [] without a store)."""
    if store is None:
        return []
    cached = _YEARS.get(id(store))
    if cached and cached[0] is store:
        return cached[1]
    years = [y for y in store.attrs(list(store.nodes_of_type("paper")), "year").values() if isinstance(y, int)]
    span = [min(years), max(years)] if years else []
    _YEARS[id(store)] = (store, span)
    return span


def plan_readings(question: str, plan: dict[str, Any], store: Any) -> dict[str, Any]:
    """What the plan node adds to a plan: the graph's year span (for the future-year check) and the
    alignment of the question's tokens with the plan's elements."""
    from hgrag.agents.understanding.alignment import align, alignment_trace, masked_question

    readings: dict[str, Any] = {"graph_years": graph_years(store)}
    if plan.get("ir") and plan["ir"].get("op") != "unsupported":
        readings["alignment"] = alignment_trace(align(masked_question(question, plan), plan))
    return readings
