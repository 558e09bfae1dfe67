"""A relation said before its noun with no object of its own ('in which venues did the citing records appear?'): its
object is the thing named before, as if the question said 'the records citing it'. The words are lexicon data
(`anaphors.implied_objects`: the determiners, the participles, the nouns, the prepositions that would give the
object, and how the phrase reads with the anaphor)."""

from __future__ import annotations

import re
from functools import lru_cache

from hgrag.agents.understanding.cue_words import phrase_alternation
from hgrag.agents.understanding.lexicon import load
from hgrag.tools.text import outside_quotes


def with_implied_object(question: str) -> str:
    """The question with each objectless '<the> <participle> <noun>' read with its anaphor (unchanged when none)."""
    spec = _spec()
    if not spec or not any(p in question.lower() for p in spec.get("participles", [])):
        return question
    return outside_quotes(question, lambda piece: _phrase().sub(_read, piece))


def _spec() -> dict:
    return load("en").extra.get("anaphors", {}).get("implied_objects", {})


def _read(match: re.Match) -> str:
    """The phrase as the lexicon reads it for its participle ('the cited papers' -> 'the papers cited by it')."""
    reads = _spec().get("reads", {})
    return reads.get(match.group("participle").lower(), match.group(0)).format(**match.groupdict())


@lru_cache(maxsize=1)
def _phrase() -> re.Pattern:
    spec = _spec()
    determiners, participles, nouns, objects = (phrase_alternation(spec.get(key, [])) for key in (
        "determiners", "participles", "nouns", "object_prepositions"))
    return re.compile(rf"(?<![\w'’-])(?P<determiner>{determiners})\s+(?P<participle>{participles})\s+(?P<noun>{nouns})"
                      rf"(?![\w'’-])(?!\s+(?:{objects})\b)(?!\s*['’]s\b)", re.IGNORECASE)
