"""Back-references of an asking sentence, read from the lexicon's `back_references`: 'the latter' (one of several
named things of any kind), 'this researcher' / 'he' (an author), 'the cited paper' / 'it' (a paper), 'there'
(a venue), and plural words ('both', 'those two') that point at several named things at once."""

from __future__ import annotations

import re
from functools import lru_cache

from hgrag.agents.understanding.cue_words import phrase_alternation
from hgrag.agents.understanding.lexicon import load


@lru_cache(maxsize=1)
def _patterns() -> tuple[tuple[re.Pattern, str | None], ...]:
    """(pattern, kind) in the order they are tried: ordinals (any kind) first, then each kind."""
    data = load("en").extra.get("back_references", {})
    found = [(re.compile(rf"\b({phrase_alternation(data.get('ordinals', []))})\b"), None)] if data.get("ordinals") else []
    determiners, modifiers = phrase_alternation(data.get("determiners", [])), phrase_alternation(data.get("modifiers", []))
    for kind, words in data.get("kinds", {}).items():
        noun = rf"\b({determiners}) (({modifiers}) )?({phrase_alternation(words.get('nouns', []))})\b"
        pronoun = rf"\b({phrase_alternation(words.get('pronouns', []))})\b" if words.get("pronouns") else "(?!)"
        found.append((re.compile(f"{noun}|{pronoun}"), kind))
    return tuple(found)


def back_reference(clause: str) -> tuple[str, str | None] | None:
    """The first back-reference of a lower-case clause and the kind it points at (None: any kind)."""
    for pattern, kind in _patterns():
        match = pattern.search(clause)
        if match:
            return match.group(0), kind
    return None


@lru_cache(maxsize=1)
def _plural() -> re.Pattern:
    words = load("en").extra.get("back_references", {}).get("plural", [])
    return re.compile(rf"\b({phrase_alternation(words)})\b" if words else "(?!)")


def points_at_several(clause: str) -> bool:
    """'both', 'they', 'those two', 'together': the clause points at several named things."""
    return bool(_plural().search(clause))
