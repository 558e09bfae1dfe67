"""A question typed as a library search ('au:"A" AND py:>2010 -> titles', 'cit* ti:"T"'): the lexicon's
`search_syntax` says what its field tags, Boolean operators and truncated words stand for. A tag's word ('by' for
au:, 'in' for so:) is said only where the tag opens a term (at the start, after an operator, a bracket or an arrow);
elsewhere the words before it already say it ('papers by au:"A"') and the value alone stays. A publication-year tag's
value is a year, a comparison ('py:>=2022') or a range ('py:2010-2015', 'py:2013-present'), said in words."""

from __future__ import annotations

import re
from functools import lru_cache

from hgrag.agents.understanding.lexicon import load


def with_search_fields(question: str) -> str:
    """The question with its search syntax said in words (unchanged when it has none)."""
    spec = load("en").extra.get("search_syntax", {})
    if not spec or _tagged().search(question) is None and _truncated().search(question) is None and not re.search(
            rf"(?<![\w\"])(?:{'|'.join(map(re.escape, spec.get('operators', {})))})(?![\w\"])", question):
        return question
    for joiner, said in spec.get("year_joiners", {}).items():  # ('au:"A" AND py:>2023': a bound, not 'and after')
        question = re.sub(rf"\s+{re.escape(joiner)}\s+(?={re.escape(spec.get('year_field', ''))}\s*:)", f"{said} ",
                          question)
    question = _tagged().sub(lambda m: _said(m, spec), question)
    question = _truncated().sub(lambda m: spec.get("truncations", {}).get(m["stem"].lower(), m.group(0)), question)
    for operator, words in sorted(spec.get("operators", {}).items(), key=lambda kv: -len(kv[0])):
        question = re.sub(rf"(?<![\w\"]){re.escape(operator)}(?![\w\"])", words, question)
    return re.sub(r"[ \t]{2,}", " ", question).strip()  # (lines kept: a list of bullets stays a list)


def _said(match: re.Match, spec: dict) -> str:
    tag, value = match["tag"].lower(), match["value"]
    before = match.string[:match.start()].rstrip()
    negated = re.search(r"(?<![\w\"])NOT$", before) is not None
    if tag == spec.get("year_field"):
        return _year_words(value, spec, negated)
    opening = not before or negated is False and any(
        before.lower().endswith(o) for o in spec.get("opening", []))
    word = spec.get("fields", {}).get(tag, "")
    return f"{word} {value}".strip() if opening and word else value


def _year_words(value: str, spec: dict, negated: bool) -> str:
    words = spec.get("year_values", {})
    value = value.strip()
    compared = re.fullmatch(r"([<>]=?)\s*(\d{4})", value)
    if compared:
        return f"{words.get(compared[1], '')} {compared[2]}".strip()
    ranged = re.fullmatch(r"(\d{4})\s*[-–]\s*(\d{4}|\w+)", value)
    if ranged and ranged[2].isdigit():
        return words.get("range", "{low}-{high}").format(low=ranged[1], high=ranged[2])
    if ranged:
        return words.get("open_range", "{low}").format(low=ranged[1])
    return value if negated else f"{spec.get('fields', {}).get(spec.get('year_field'), '')} {value}".strip()


@lru_cache(maxsize=1)
def _tagged() -> re.Pattern:
    spec = load("en").extra.get("search_syntax", {})
    tags = "|".join(map(re.escape, spec.get("fields", {}))) or "(?!)"
    ends = "|".join(map(re.escape, spec.get("open_ends", []))) or "(?!)"
    return re.compile(rf"(?<![\w\"'])(?P<tag>{tags})\s*:\s*(?P<value>\"[^\"]+\"|“[^”]+”|[<>]=?\s*\d{{4}}\b|"
                      rf"\d{{4}}\s*[-–]\s*(?:\d{{4}}|{ends})\b|\d{{4}}\b)", re.IGNORECASE)


@lru_cache(maxsize=1)
def _truncated() -> re.Pattern:
    stems = sorted(load("en").extra.get("search_syntax", {}).get("truncations", {}), key=len, reverse=True)
    return re.compile(rf"(?<![\w-])(?P<stem>{'|'.join(map(re.escape, stems)) or '(?!)'})\*", re.IGNORECASE)
