"""A preposition fronted with its question word is read where English strands it: 'With whom has A written
papers?' -> 'Who has A written papers with?', so the relation the preposition makes ('written … with': co-authors)
is read as one. The prepositions and question words are lexicon data (`fronted_prepositions`); a question with
another sentence after the fronted one, or none, is left as it is."""

from __future__ import annotations

import re
from functools import lru_cache

from hgrag.agents.understanding.cue_words import phrase_alternation
from hgrag.agents.understanding.lexicon import load


def with_preposition_stranded(question: str) -> str:
    match = _fronted().match(question)
    if match is None or re.search(r"[.!?]\s+\S", match["rest"]):
        return question
    head = load("en").extra.get("fronted_prepositions", {}).get("head", "Who")
    return f"{head} {match['rest'].rstrip(' ?')} {match['prep'].lower()}?"


@lru_cache(maxsize=1)
def _fronted() -> re.Pattern:
    spec = load("en").extra.get("fronted_prepositions", {})
    return re.compile(rf"^\s*(?P<prep>{phrase_alternation(spec.get('prepositions', []))})\s+"
                      rf"(?:{phrase_alternation(spec.get('pronouns', []))})\s+(?P<rest>.+?)\s*\??\s*$",
                      re.IGNORECASE | re.DOTALL)
