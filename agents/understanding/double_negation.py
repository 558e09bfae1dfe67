"""A double negation of a one-valued condition read as English speakers mean it: 'papers of A not published in any
venue other than V' -> 'papers of A published in venue V', 'not from a year other than 2000' -> 'from year 2000',
'did not appear in a journal that is not V' -> 'did appear in journal V' (lexicon `double_negation`).

Only where the words between the two negations name a condition a paper has one value of (a venue, a year: the
lexicon's `single_valued` concepts): 'not written by anyone other than A' means A alone, not A among others, and
stays for the check to decline."""

from __future__ import annotations

import re
from functools import lru_cache

from hgrag.agents.understanding.cue_words import phrase_alternation
from hgrag.agents.understanding.lexicon import load
from hgrag.agents.understanding.tokens import tag
from hgrag.tools.text import outside_quotes

BETWEEN_FAMILIES = ("function", "relation", "kind", "attribute", "head")


def with_double_negation_cancelled(question: str) -> str:
    """The question with each double negation of a one-valued condition said positively."""
    spec = load("en").extra.get("double_negation", {})
    if not spec or not _pattern().search(question):
        return question
    return outside_quotes(question, lambda piece: _pattern().sub(_positive, piece))


def _positive(match: re.Match) -> str:
    spec = load("en").extra["double_negation"]
    between = match.group("between")
    tokens = tag(between, load("en"))
    if not tokens or any(t.family not in BETWEEN_FAMILIES for t in tokens) or \
            not any(t.concept in spec.get("single_valued", []) for t in tokens):
        return match.group(0)
    dropped = set(spec.get("dropped", []))
    kept = " ".join(t.text for t in tokens if t.text.lower() not in dropped)
    first = spec["firsts"].get(match.group("first").lower(), "")
    return " ".join(part for part in (first, kept) if part) + " "


@lru_cache(maxsize=1)
def _pattern() -> re.Pattern:
    spec = load("en").extra.get("double_negation", {})
    firsts, seconds = phrase_alternation(list(spec.get("firsts", {}))), phrase_alternation(spec.get("seconds", []))
    return re.compile(rf"(?i)\b(?P<first>{firsts})\s+(?P<between>(?:[^\W\d][\w'-]*\s+){{1,6}}?)"
                      rf"(?:{seconds})\s+(?=\S)")
