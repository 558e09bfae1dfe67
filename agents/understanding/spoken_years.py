"""Years said in words ('twenty fifteen', 'two thousand and nine', 'nineteen ninety three', 'zweitausendsechzehn',
'deux mille vingt-six') written as digits, so every reader sees the year. The number words of each language are
lexicon data (`spoken_numbers`); this module only composes them: a thousand form (units, thousand, an optional link,
a two-digit number) or a century form (a century word, an optional hundred, a two-digit number of at least ten)."""

from __future__ import annotations

import re
from typing import Any

from hgrag.agents.understanding.lexicon import load

WORD = re.compile(r"[^\W\d_]+")
YEARS = range(1900, 2100)


def with_spoken_years(question: str, language: str = "en") -> str:
    """The question with each year said in words written as digits; unchanged when it says none."""
    spec = load(language).extra.get("spoken_numbers") or {}
    if not spec or not any(w in question.lower() for w in _starts(spec)):
        return question
    words = [(m.start(), m.end(), m.group().lower()) for m in WORD.finditer(question)]
    pieces = [(s, e, _morphemes(w, spec)) for s, e, w in words]
    out, cursor, i = [], 0, 0
    while i < len(pieces):
        found = _year_at(pieces, i, spec)
        if found:
            value, j = found
            out += [question[cursor:pieces[i][0]], str(value)]
            cursor, i = pieces[j - 1][1], j
        else:
            i += 1
    return "".join(out) + question[cursor:]


def _starts(spec: dict[str, Any]) -> list[str]:
    return [*spec.get("centuries", {}), *spec.get("thousand_units", {})]


def _morphemes(word: str, spec: dict[str, Any]) -> list[str] | None:
    """The number words a word is made of ('zweitausendsechzehn' -> zwei, tausend, sechzehn), or None."""
    known = _known(id(spec), spec)
    parts, rest = [], word
    while rest:
        piece = next((k for k in known if rest.startswith(k)), None)
        if piece is None:
            return None
        parts.append(piece)
        rest = rest[len(piece):]
    return parts


_KNOWN: dict[int, tuple[str, ...]] = {}


def _known(key: int, spec: dict[str, Any]) -> tuple[str, ...]:
    """A language's number words, longest first (remembered per lexicon entry)."""
    if key not in _KNOWN:
        _KNOWN[key] = tuple(sorted({*_values(spec), *spec.get("links", []), *spec.get("thousands", []),
                                    *spec.get("hundreds", []), *spec.get("zero", [])}, key=len, reverse=True))
    return _KNOWN[key]


def _values(spec: dict[str, Any]) -> dict[str, int]:
    return {**spec.get("units", {}), **spec.get("teens", {}), **spec.get("tens", {}), **spec.get("centuries", {}),
            **spec.get("thousand_units", {})}


def _year_at(pieces: list, i: int, spec: dict[str, Any]) -> tuple[int, int] | None:
    """(the year, the index after its last word) when the words from i say a year."""
    flat, owner = [], []
    for k in range(i, min(len(pieces), i + 6)):
        if pieces[k][2] is None:
            break
        flat += pieces[k][2]
        owner += [k] * len(pieces[k][2])
    parsed = _parse(flat, spec)
    if not parsed or parsed[0] not in YEARS:
        return None
    value, used = parsed
    return value, owner[used - 1] + 1


def _parse(ms: list[str], spec: dict[str, Any]) -> tuple[int, int] | None:
    units, links = spec.get("units", {}), spec.get("links", [])
    if len(ms) >= 2 and ms[0] in spec.get("thousand_units", {}) and ms[1] in spec.get("thousands", []):
        at = 3 if len(ms) > 2 and ms[2] in links else 2
        two = _two_digits(ms, at, spec)
        return (spec["thousand_units"][ms[0]] * 1000 + (two[0] if two else 0), two[1] if two else 2)
    if ms and ms[0] in spec.get("centuries", {}):
        century = spec["centuries"][ms[0]] * 100
        at = 2 if len(ms) > 1 and ms[1] in spec.get("hundreds", []) else 1
        if at == 1 and len(ms) > 2 and ms[1] in spec.get("zero", []) and ms[2] in units:
            return century + units[ms[2]], 3
        two = _two_digits(ms, at, spec)
        return (century + two[0], two[1]) if two and (two[0] >= 10 or at == 2) else None
    return None


def _two_digits(ms: list[str], i: int, spec: dict[str, Any]) -> tuple[int, int] | None:
    units, teens, tens, links = spec.get("units", {}), spec.get("teens", {}), spec.get("tens", {}), spec.get("links", [])
    if i >= len(ms):
        return None
    if ms[i] in teens:
        return teens[ms[i]], i + 1
    if ms[i] in tens:
        at = i + 2 if i + 2 < len(ms) and ms[i + 1] in links and ms[i + 2] in units else i + 1
        return (tens[ms[i]] + units[ms[at]], at + 1) if at < len(ms) and ms[at] in units else (tens[ms[i]], i + 1)
    if ms[i] in units:  # 'einundzwanzig': units first, then a link and the tens
        if i + 2 < len(ms) and ms[i + 1] in links and ms[i + 2] in tens and spec.get("units_before_tens"):
            return units[ms[i]] + tens[ms[i + 2]], i + 3
        return units[ms[i]], i + 1
    return None
