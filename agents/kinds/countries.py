"""Country names in a question (agents/lexicon/countries.json), linked to the institutions of that
country (institutions carry an ISO country code). A country reads as the set of its institutions:
"A's co-authors from Sweden" are the co-authors whose affiliation on the shared paper is Swedish."""

from __future__ import annotations

import json
import re
import weakref
from functools import lru_cache
from pathlib import Path
from typing import Any

from hgrag.agents.kinds.linking import RichSpan
from hgrag.tools.rich_index import RichHit

COUNTRIES_FILE = Path(__file__).resolve().parent.parent / "lexicon" / "countries.json"
_BY_CODE: "weakref.WeakKeyDictionary[Any, dict[str, list[str]]]" = weakref.WeakKeyDictionary()


@lru_cache(maxsize=1)
def country_names() -> list[tuple[str, str]]:
    """(name, code) pairs, longest name first."""
    data = json.loads(COUNTRIES_FILE.read_text(encoding="utf-8"))["countries"]
    pairs = [(name, code) for code, names in data.items() for name in names]
    return sorted(pairs, key=lambda pair: -len(pair[0]))


def _pattern(name: str) -> re.Pattern:
    flags = 0 if name.replace(".", "").isupper() else re.IGNORECASE  # 'US' matches as written, never 'us'
    return re.compile(rf"(?<![\w.-]){re.escape(name)}(?![\w-])", flags)


def institutions_by_country(store: Any) -> dict[str, list[str]]:
    """Institution ids by country code (built once per store)."""
    found = _BY_CODE.get(store)
    if found is None:
        ids = list(store.nodes_of_type("institution"))
        codes = store.attrs(ids, "country_code") if ids else {}
        found = {}
        for node in sorted(ids):
            if codes.get(node):
                found.setdefault(str(codes[node]).upper(), []).append(node)
        _BY_CODE[store] = found
    return found


def country_spans(question: str, taken: list[tuple[int, int]], store: Any) -> list[RichSpan]:
    """Country names outside `taken`, each as the span of its country's institutions."""
    by_code = institutions_by_country(store)
    used = list(taken)
    spans = []
    for name, code in country_names():
        for hit in _pattern(name).finditer(question):
            span = (hit.start(), hit.end())
            if code not in by_code or any(span[0] < e and s < span[1] for s, e in used):
                continue
            used.append(span)
            hits = [RichHit(node, "institution", name, 0) for node in by_code[code]]
            spans.append(RichSpan(span[0], span[1], hit.group(0), "institution", hits, country=code))
    return sorted(spans, key=lambda s: s.start)
