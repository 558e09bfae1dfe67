"""The present continuous read as the simple present: 'the papers which are citing T' -> 'the papers which cite T',
'How many references is T having?' -> 'How many references does T have?', 'The most cited paper of A is having how
many citations?' -> '… has how many citations?'. Many writers of English use the progressive where the simple present
is meant; the graph holds no time of an action, so both ask the same. Only a verb of the graph's relations, or one of
the lexicon's `progressive_verbs` (with its simple forms: 'having' -> 'has' / 'have'), is rewritten; 'is missing', 'is
interesting' stay."""

from __future__ import annotations

import re
from functools import lru_cache

from hgrag.agents.understanding.cue_words import phrase_alternation
from hgrag.agents.understanding.lexicon import load
from hgrag.agents.understanding.tokens import tag
from hgrag.tools.text import outside_quotes

@lru_cache(maxsize=1)
def _patterns() -> tuple[re.Pattern, re.Pattern]:
    """'is/are/am citing' and 'is "T" having', from the lexicon's `code_words.progressive_auxiliaries`."""
    be = phrase_alternation(list(_auxiliaries())) or "(?!)"
    return (re.compile(rf"\b(?P<be>{be})\s+(?P<ing>[a-z][a-z-]*ing)\b", re.IGNORECASE),
            re.compile(rf"\b(?P<be>{be})\s+(?P<quoted>\"[^\"]+\"|“[^”]+”)\s+(?P<ing>[a-z][a-z-]*ing)\b", re.IGNORECASE))


def _auxiliaries() -> dict[str, str]:
    """{progressive auxiliary: the do-form that asks like it} ('is': 'does', 'are': 'do')."""
    return load("en").extra.get("code_words", {}).get("progressive_auxiliaries", {})


def _third_person(be: str) -> bool:
    return _auxiliaries().get(be.lower()) == "does"


def with_progressive_as_simple(question: str) -> str:
    """The question with each progressive of a relation verb in the simple present (unchanged when there is none)."""
    if "ing" not in question:
        return question
    then_ing, quoted_ing = _patterns()
    question = quoted_ing.sub(_inverted, question)  # ('is "T" having …': the auxiliary asks, as 'does' would)
    return outside_quotes(question, lambda piece: then_ing.sub(_simple, piece))


def _simple(match: re.Match) -> str:
    forms = simple_forms(match["ing"].lower())
    if forms is None:
        return match.group(0)
    return forms[0] if _third_person(match["be"]) else forms[1]


def _inverted(match: re.Match) -> str:
    forms = simple_forms(match["ing"].lower())
    if forms is None:
        return match.group(0)
    does = _auxiliaries().get(match["be"].lower(), "do")
    does = does.capitalize() if match["be"][:1].isupper() else does
    return f"{does} {match['quoted']} {forms[1]}"


def simple_forms(ing: str) -> tuple[str, str] | None:
    """('cites', 'cite') for 'citing', ('has', 'have') for 'having'; None for a word that is no relation verb."""
    listed = load("en").extra.get("progressive_verbs", {})
    if ing in listed:
        return tuple(listed[ing])  # type: ignore[return-value]
    concept = _relation(ing)
    if concept is None:
        return None
    stem = ing[:-3]
    for base in (stem + "e", stem, stem[:-1] if len(stem) > 2 and stem[-1] == stem[-2] else None):
        if base and _relation(base) == concept:
            third = base + "es" if re.search(r"(?:s|sh|ch|x|z)$", base) else base[:-1] + "ies" \
                if re.search(r"[^aeiou]y$", base) else base + "s"
            return (third, base) if _relation(third) == concept else None
    return None


def _relation(word: str) -> str | None:
    tokens = tag(word, load("en"))
    return tokens[0].concept if len(tokens) == 1 and tokens[0].family == "relation" else None
