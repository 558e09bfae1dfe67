"""Words the question-plan check does not know as graph things, but that a plan's reading accounts
for: "career" is what a span or the first/last year of an author's papers measures, "calendar
years" are the publication years a plan counts or compares, and "places" (as in "how many
different places has A published in") are the venues a plan reaches from papers. The word is
accounted for only when the plan does that; otherwise it stays reported."""

from __future__ import annotations

from typing import Any, Callable

Features = dict[str, Any]


def _measures_career(f: Features) -> bool:
    return "year" in f["attrs"] and bool(f["fns"] & {"span", "min", "max"})


def _reads_years(f: Features) -> bool:
    return "year" in f["attrs"]


def _reaches_venues(f: Features) -> bool:
    return "edge:published_in:out" in f["attrs"]


ACCOUNTED_BY: dict[str, Callable[[Features], bool]] = {
    "career": _measures_career, "careers": _measures_career,
    "calendar": _reads_years,
    "places": _reaches_venues, "place": _reaches_venues,
}


def accounted_by_reading(word: str, features: Features) -> bool:
    """True when the plan's reading gives `word` its meaning (see the module docstring)."""
    test = ACCOUNTED_BY.get(word)
    return bool(test and test(features))
