"""Cleft yes/no questions read as the claim they test: 'Is it not A that wrote T?', 'Was it A who published in V?'
ask whether A wrote T, whether A published in V. An opening of the lexicon (`clefts.openings`: 'is it not', 'wasn't
it', 'is it'), then words with no meaning of the graph's (the names), then a joining word (`clefts.joins`: 'that',
'who') become 'Is it true that' and the names (capitalised words and the lexicon's name joiners only); the negation of such an opening asks for confirmation, it does not
negate the claim."""

from __future__ import annotations

import re
from functools import lru_cache

from hgrag.agents.understanding.cue_words import phrase_alternation
from hgrag.agents.understanding.lexicon import MEANING_FAMILIES, load
from hgrag.agents.understanding.tokens import tag


def with_cleft_as_claim(question: str) -> str:
    """The question with a cleft yes/no opening read as 'Is it true that …' (unchanged when it has none)."""
    found = _cleft().match(question)
    if found is None:
        return question
    named = found["named"]
    joiners = load("en").extra.get("code_words", {}).get("name_joiners", [])
    names_only = all(w[:1].isupper() or w.lower() in joiners for w in named.split())
    if not names_only or any(t.family in MEANING_FAMILIES for t in tag(named.lower(), load("en"))):
        return question  # ('Is it a paper that …', 'Is it not the case that …': the middle names no one)
    return f"Is it true that {named.strip()} {question[found.end():].lstrip()}"


@lru_cache(maxsize=1)
def _cleft() -> re.Pattern:
    spec = load("en").extra.get("clefts", {})
    return re.compile(rf"\s*(?:{phrase_alternation(spec.get('openings', []))})\s+(?P<named>[^\"“”?]{{2,120}}?)\s+"
                      rf"(?:{phrase_alternation(spec.get('joins', []))})\s+", re.IGNORECASE)
