"""A question that refuses one reading before it asks ('I'm not asking who wrote T; I'm asking who wrote the papers it
cites.', 'Not all co-authors of A and B, only the ones they share: who …?', 'Not A's recent output: which of their
papers …?'): a refusing lead of the lexicon's `contrast_frames` and the wanting lead after it (each pair is data;
'not' opening the question pairs with a colon or 'only'). What the refused part says is not asked; the things it
names stay as a context sentence, so the asked part's pronouns still find them."""

from __future__ import annotations

import re
from functools import lru_cache

from hgrag.agents.understanding.cue_words import phrase_alternation
from hgrag.agents.understanding.lexicon import READ_LANGUAGES, load


def without_refused_reading(question: str) -> str:
    """The question with a refused reading said only as the things it names (unchanged when nothing is refused)."""
    for pattern in _frames():
        found = pattern.search(question)
        if found is None or found.start("refused") and question[:found.start()].count('"') % 2:
            continue
        wanted = found["wanted"].strip()
        if "restricting" in pattern.groupindex and found["restricting"]:  # ('Not all X, only Y': Y narrows X)
            return (question[:found.start()] + found["refused"].strip() + ", " + wanted).strip()
        named = _named(found["refused"])
        if named is None:
            return question
        context = f"{named}. " if named else ""
        return (question[:found.start()] + context + wanted[:1].upper() + wanted[1:]).strip()
    return question


def _named(refused: str) -> str | None:
    """The quoted titles and capitalised names of the refused part, joined ('' when it names nothing; None when it
    holds a year, which might be a bound)."""
    if re.search(r"\b(?:1[89]|20)\d\d\b", refused):
        return None
    quoted = re.findall(r"\"[^\"]+\"|“[^”]+”", refused)
    rest = re.sub(r"\"[^\"]+\"|“[^”]+”", " ", refused)
    asker = {word for spec in _specs() for word in spec.get("asker_words", [])}
    names = [m.group(0) for m in re.finditer(r"(?:[A-ZÀ-Ý][\w.'’‐‑-]*\s+){1,4}[A-ZÀ-Ý][\w'’‐‑-]*(?:'s|’s)?", rest)
             if m.group(0).split()[0] not in asker]
    names = [re.sub(r"(?:'s|’s)$", "", n) for n in names]
    return " and ".join(quoted + names)


_QUOTED = r'"[^"]*"|“[^”]*”'  # a whole quoted title may hold any mark


@lru_cache(maxsize=1)
def _specs() -> tuple[dict, ...]:
    return tuple(load(language).extra.get("contrast_frames", {}) for language in READ_LANGUAGES)


@lru_cache(maxsize=1)
def _frames() -> tuple[re.Pattern, ...]:
    return tuple(pattern for spec in _specs() for pattern in _language_frames(spec))


def _language_frames(spec: dict) -> list[re.Pattern]:
    patterns = []
    for refusing, wanting in spec.get("pairs", []):
        patterns.append(re.compile(rf"(?:^|(?<=[.!?]\s))\s*(?i:{phrase_alternation([refusing])}),?\s+"
                                   rf"(?P<refused>(?:{_QUOTED}|[^;:.!?—–\"“”])+?)"
                                   rf"\s*[;:,.—–]\s*(?i:{phrase_alternation([wanting])})\s+(?P<wanted>.+)$", re.DOTALL))
    opening, joins, restricting = (phrase_alternation(spec.get(k, [])) for k in ("opening", "opening_joins",
                                                                               "restricting_openings"))
    if opening and joins:
        kept = phrase_alternation(spec.get("opening_kept", [])) or "(?!)"  # ('Not counting B, …': an exclusion)
        lead = rf"^\s*(?:(?P<restricting>(?i:{restricting or '(?!)'}))|(?i:{opening}))\s+(?!(?i:{kept})\b)"
        patterns.append(re.compile(rf"{lead}(?P<refused>[^;:?!—–\"“”]+?)\s*(?:[:;—–]|,?\s*(?i:{joins})\b)\s*"
                                   rf"(?P<wanted>.+)$", re.DOTALL))
        patterns.append(re.compile(rf"{lead}(?P<refused>(?:{_QUOTED}|[^;:?!—–\"“”])+?),?\s*(?i:{joins})\b\s*"
                                   rf"(?P<wanted>.+)$", re.DOTALL))  # (a title in the refused part: a joining word
        # after it, 'Pas les auteurs cités par "T", mais …'; 'Not the first author of "T" — the others' is an exclusion)
    return patterns
