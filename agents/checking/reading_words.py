"""Words the question-plan check does not know as graph things, but that a plan's reading accounts
for: "career" is what a span or the first/last year of an author's papers measures, "calendar
years" are the publication years a plan counts or compares, and "places" (as in "how many
different places has A published in") are the venues a plan reaches from papers, and "A's max
citations" is what a max aggregate takes. The word is
accounted for only when the plan does that; otherwise it stays reported."""

from __future__ import annotations

import re
from typing import Any, Callable

Features = dict[str, Any]


def _measures_career(f: Features) -> bool:
    return "year" in f["attrs"] and bool(f["fns"] & {"span", "min", "max"})


def _reads_years(f: Features) -> bool:
    return "year" in f["attrs"]


def _reaches_venues(f: Features) -> bool:
    return "edge:published_in:out" in f["attrs"]


def _takes_max(f: Features) -> bool:
    return "max" in f["fns"]


def _takes_min(f: Features) -> bool:
    return "min" in f["fns"]


ACCOUNTED_BY: dict[str, Callable[[Features], bool]] = {
    "max": _takes_max, "maximum": _takes_max, "peak": _takes_max,  # "A's max citations"
    "min": _takes_min, "minimum": _takes_min,
    "career": _measures_career, "careers": _measures_career,
    "calendar": _reads_years,
    "places": _reaches_venues, "place": _reaches_venues,
}


DECADE = re.compile(r"(1[89]\d0|20[0-2]0)'?s")


def _covers_decade(word: str, f: Features) -> bool:
    """"A's 1990s papers": the decade is accounted for by a year filter over 1990-1999."""
    start = int(word[:4])
    return "year" in f["attrs"] and "between" in f["cmps"] and start in f["values"] and start + 9 in f["values"]


def accounted_by_reading(word: str, features: Features) -> bool:
    """True when the plan's reading gives `word` its meaning (see the module docstring)."""
    if DECADE.fullmatch(word):
        return _covers_decade(word, features)
    test = ACCOUNTED_BY.get(word)
    return bool(test and test(features))


# "Most of A's work I found was in V." / "A published mostly in V.": a share of the papers told as
# context, not a ranking asked for (the asking clause carries any superlative of its own)
MAJORITY = re.compile(r"\b(most of|mostly|for the most part)\b")
ASKING_CLAUSE = re.compile(r"\?|\b(who|whom|whose|what|which|when|where|how|whether)\b|^\W*(list|name|give|show|find|"
                           r"count|tell|did|does|do|is|are|was|were|has|have|can|could|would)\b")


def without_context_shares(clauses: list[str]) -> str:
    """The clauses joined, with the majority words of the clauses that ask nothing left out."""
    return " ".join(c if ASKING_CLAUSE.search(c.strip()) else MAJORITY.sub(" ", c) for c in clauses)


# "Has A been cited more than B, or the other way round? Which has more?", "Was A out before or after B?
# Tell me which came first": a comparison with a named paper, answered by ranking the named papers
CITED_THAN_NAMED = re.compile(r"\b(cited|referenced) (more|less|fewer) (often )?than zzm\b|\b(more|fewer|less) "
                              r"(often )?(cited|referenced) than zzm\b")
BEFORE_OR_AFTER_NAMED = re.compile(r"\b(before or after|after or before|earlier or later|later or earlier) zzm\b")
WHICH_ONE = re.compile(r"\bwhich\b")


def _named_rankings(features: Features) -> set[str]:
    """The keys by which the plan ranks two or more named things against each other."""
    return {t.get("key") for t in features["tops"] if (t.get("input") or {}).get("op") == "match"
            and len((t.get("input") or {}).get("ids") or []) >= 2}


def without_named_comparisons(text: str, features: Features) -> str:
    """The text without the comparison with a named paper that the plan's ranking of the named papers answers
    (only when the question also asks which one: a bare "has A been cited more than B?" asks yes or no)."""
    if not WHICH_ONE.search(text):
        return text
    keys = _named_rankings(features)
    if "cited_by_count" in keys:
        text = CITED_THAN_NAMED.sub(" ", text)
    if "year" in keys:
        text = BEFORE_OR_AFTER_NAMED.sub(" ", text)
    return text
