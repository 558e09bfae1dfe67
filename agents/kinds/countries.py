"""Country names in a question (agents/lexicon/countries.json), linked to the institutions of that
country (institutions carry an ISO country code). A country reads as the set of its institutions:
"A's co-authors from Sweden" are the co-authors whose affiliation on the shared paper is Swedish."""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from hgrag.agents.kinds.linking import RichSpan
from hgrag.tools.rich_index import RichHit, rich_index

COUNTRIES_FILE = Path(__file__).resolve().parent.parent / "lexicon" / "countries.json"


@lru_cache(maxsize=1)
def country_names() -> list[tuple[str, str]]:
    """(name, code) pairs, longest name first."""
    data = json.loads(COUNTRIES_FILE.read_text(encoding="utf-8"))["countries"]
    pairs = [(name, code) for code, names in data.items() for name in names]
    return sorted(pairs, key=lambda pair: -len(pair[0]))


@lru_cache(maxsize=1)
def _names_by_case() -> tuple[dict[str, tuple[str, str]], dict[str, tuple[str, str]]]:
    """Abbreviations in capitals, matched as written ('US', never 'us'), and other names, matched in any
    case (lower-cased keys), each with its (lexicon name, code); longest name first."""
    upper = {name: (name, code) for name, code in country_names() if name.replace(".", "").isupper()}
    other = {name.lower(): (name, code) for name, code in country_names() if not name.replace(".", "").isupper()}
    return upper, other


@lru_cache(maxsize=256)
def _alternation(names: tuple[str, ...], flags: int) -> re.Pattern:
    """One pattern for `names` (longest first) as whole words; compiled per set of candidates, since one
    pattern over all 456 names costs a quarter of a second of every cold start."""
    alternatives = "|".join(re.escape(name) for name in names) or "(?!)"  # no names: never matches
    return re.compile(rf"(?<![\w.-])(?:{alternatives})(?![\w-])", flags)


def _patterns(question: str) -> tuple[tuple[re.Pattern, dict[str, tuple[str, str]]], ...]:
    """The two alternations over the names the question holds as text (a name that is not a substring of
    the question cannot match; the word-boundary test is left to the pattern)."""
    upper, other = _names_by_case()
    lowered = question.lower()
    return ((_alternation(tuple(n for n in upper if n in question), 0), upper),
            (_alternation(tuple(n for n in other if n in lowered), re.IGNORECASE), other))


def _country_hits(question: str) -> list[tuple[int, int, str, str, str]]:
    """(start, end, text, lexicon name, code) of every country name in the question, longest first."""
    found = []
    for pattern, names in _patterns(question):
        for hit in pattern.finditer(question):
            entry = names.get(hit.group(0)) or names.get(hit.group(0).lower())
            if entry:
                found.append((hit.start(), hit.end(), hit.group(0), *entry))
    return sorted(found, key=lambda h: (h[0] - h[1], h[0]))


def country_spans(question: str, taken: list[tuple[int, int]], store: Any) -> list[RichSpan]:
    """Country names outside `taken`, each as the span of its country's institutions."""
    by_code = rich_index(store).by_country  # built with the cache
    used = list(taken)
    spans = []
    for start, end, text, name, code in _country_hits(question):
        if code not in by_code or any(start < e and s < end for s, e in used):
            continue
        used.append((start, end))
        hits = [RichHit(node, "institution", name, 0) for node in by_code[code]]
        spans.append(RichSpan(start, end, text, "institution", hits, country=code))
    return sorted(spans, key=lambda s: s.start)
