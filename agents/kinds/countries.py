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
from hgrag.agents.understanding.gate import QUOTED
from hgrag.tools.rich_index import RichHit, rich_index

COUNTRIES_FILE = Path(__file__).resolve().parent.parent / "lexicon" / "countries.json"


@lru_cache(maxsize=1)
def country_names() -> list[tuple[str, str]]:
    """(name, code) pairs, longest name first."""
    data = json.loads(COUNTRIES_FILE.read_text(encoding="utf-8"))["countries"]
    pairs = [(name, code) for code, names in data.items() for name in names]
    return sorted(pairs, key=lambda pair: -len(pair[0]))


@lru_cache(maxsize=1)
def _patterns() -> tuple[tuple[re.Pattern, dict[str, tuple[str, str]]], ...]:
    """Two alternations (longest name first): abbreviations in capitals match as written ('US', never
    'us'); other names in any case. Each comes with its names' codes (lower-cased keys for the second)."""
    upper = [(name, code) for name, code in country_names() if name.replace(".", "").isupper()]
    other = [(name, code) for name, code in country_names() if not name.replace(".", "").isupper()]
    return ((_alternation(upper, 0), {name: (name, code) for name, code in upper}),
            (_alternation(other, re.IGNORECASE), {name.lower(): (name, code) for name, code in other}))


def _alternation(pairs: list[tuple[str, str]], flags: int) -> re.Pattern:
    names = "|".join(re.escape(name) for name, _ in pairs) or "(?!)"  # no names: never matches
    return re.compile(rf"(?<![\w.-])(?:{names})(?![\w-])", flags)


def _country_hits(question: str) -> list[tuple[int, int, str, str, str]]:
    """(start, end, text, lexicon name, code) of every country name in the question, longest first."""
    found = []
    for pattern, names in _patterns():
        for hit in pattern.finditer(question):
            entry = names.get(hit.group(0)) or names.get(hit.group(0).lower())
            if entry:
                own = re.match(rf"\s*\(\s*{re.escape(entry[1])}\s*\)", question[hit.end():])  # 'United Arab Emirates (AE)'
                end = hit.end() + (own.end() if own else 0)
                found.append((hit.start(), end, question[hit.start():end], *entry))
    return sorted(found + _codes_named_as_codes(question), key=lambda h: (h[0] - h[1], h[0]))


def _codes_named_as_codes(question: str) -> list[tuple[int, int, str, str, str]]:
    """'the country with code CN', 'IR (country code)': two capitals in a question that names a code noun of the
    lexicon's country attribute are that country's code (elsewhere two capitals may be anything: 'IT', 'IN')."""
    from hgrag.agents.kinds.lexicon import lexicon

    data = json.loads(COUNTRIES_FILE.read_text(encoding="utf-8"))["countries"]
    spec = lexicon().get("kind_attributes", {}).get("country_code", {})
    nouns = set(spec.get("other_words", []))  # 'code'
    found = []
    for hit in re.finditer(r"(?<![\w.-])([A-Z]{2})(?![\w-])", question):
        near = question.lower()  # (a question that speaks of codes: 'Except for BG, … (country codes)?')
        if hit.group(1) in data and any(re.search(rf"\b{re.escape(n)}\b", near) for n in nouns):
            start, end = _code_phrase(question, hit.start(), hit.end(), spec)
            found.append((start, end, question[start:end], hit.group(1), hit.group(1)))
    return found


def _code_phrase(question: str, start: int, end: int, spec: dict[str, Any]) -> tuple[int, int]:
    """The span of a code with the words that name it a code ('the country with ISO code ID', 'ID (country
    code)': the lexicon's `code_lead_ins` and `code_tails`), so those words name the country, not an attribute."""
    before, after = question[:start].lower(), question[end:].lower()
    lead = next((w for w in sorted(spec.get("code_lead_ins", []), key=len, reverse=True)
                 if re.search(rf"(?<![\w-]){re.escape(w)}\s+$", before)), None)
    tail = next((w for w in sorted(spec.get("code_tails", []), key=len, reverse=True)
                 if re.match(rf"\s*{re.escape(w)}", after)), None)
    if lead:
        start = re.search(rf"(?<![\w-]){re.escape(lead)}\s+$", before).start()
    if tail:
        end += re.match(rf"\s*{re.escape(tail)}", after).end()
    return start, end


def country_spans(question: str, taken: list[tuple[int, int]], store: Any) -> list[RichSpan]:
    """Country names outside `taken`, each as the span of its country's institutions."""
    by_code = rich_index(store).by_country  # built with the cache
    used = list(taken) + [m.span() for m in QUOTED.finditer(question)]  # ('"Cqmbriann stratigraphy of Jordan"': a
    # country named inside a quoted title, linked or not, is part of the title)
    spans = []
    for start, end, text, name, code in _country_hits(question):
        if code not in by_code or any(start < e and s < end for s, e in used):
            continue
        used.append((start, end))
        hits = [RichHit(node, "institution", name, 0) for node in by_code[code]]
        spans.append(RichSpan(start, end, text, "institution", hits, country=code))
    return sorted(spans, key=lambda s: s.start)
