"""Variants of English read as their plain wording ('in which all venues' -> 'in which venues', 'rounded off to one
decimal' -> 'rounded to one decimal'): the lexicon's `plain_variants` maps each plain phrase to the variants a
dialect or a learner uses, so a new variant is a data edit. Quoted titles are never touched."""

from __future__ import annotations

import re
from functools import lru_cache

from hgrag.agents.understanding.cue_words import phrase_alternation
from hgrag.agents.understanding.lexicon import load
from hgrag.tools.text import outside_quotes


def with_plain_variants(question: str) -> str:
    """The question with each variant of the lexicon's `plain_variants` in its plain wording."""
    pattern, plain = _variants()
    if pattern is None:
        return question
    return outside_quotes(question, lambda piece: pattern.sub(lambda m: _cased(plain[_key(m.group(0))], m.group(0)),
                                                              piece))


def _key(text: str) -> str:
    return " ".join(text.lower().split())


def _cased(plain: str, said: str) -> str:
    return plain[:1].upper() + plain[1:] if said[:1].isupper() else plain


@lru_cache(maxsize=1)
def _variants() -> tuple[re.Pattern | None, dict[str, str]]:
    plain = {_key(v): p for p, forms in load("en").extra.get("plain_variants", {}).items() for v in forms}
    if not plain:
        return None, {}
    return re.compile(rf"(?<![\w'-])(?:{phrase_alternation(list(plain))})(?![\w'-])", re.IGNORECASE), plain
