"""A relation said before its noun with no object of its own ('in which venues did the citing records appear?'): its
object is the thing named before, as if the question said 'the records citing it'. The words are lexicon data
(`anaphors.implied_objects`: the determiners, the participles, the nouns, the prepositions that would give the
object, and how the phrase reads with the anaphor)."""

from __future__ import annotations

import re
from functools import lru_cache

from hgrag.agents.understanding.cue_words import phrase_alternation
from hgrag.agents.understanding.lexicon import load
from hgrag.tools.text import outside_quotes, quotes_masked


def with_implied_object(question: str) -> str:
    """The question with each objectless '<the> <participle> <noun>' read with its anaphor (unchanged when none, or
    when the question says the relation elsewhere)."""
    spec = _spec()
    if not spec or not any(p in question.lower() for p in spec.get("participles", [])):
        return question
    if any(_relation_outside(question, m) for m in _phrase().finditer(question)):
        return question  # (a phrase pointing back at a set the question named: `with_phrases_pointing_back`)
    return outside_quotes(question, lambda piece: _phrase().sub(_read, piece))


def with_phrases_pointing_back(question: str) -> str:
    """The question with each demonstrative phrase that points back at the set its relation named elsewhere reduced
    to its noun (unchanged when there is none)."""
    spec = _spec()
    if not spec or not any(p in question.lower() for p in spec.get("participles", [])):
        return question
    if not any(_relation_outside(question, m) for m in _phrase().finditer(question)):
        return question
    return outside_quotes(question, lambda piece: _phrase().sub(_pointing_back, piece))


def _pointing_back(match: re.Match) -> str:
    """'For the reference list of T, which journals did those cited works come out in?': with the relation said
    elsewhere, a demonstrative phrase points back at the set it named ('those works'), adding no step of its own."""
    demonstratives = _spec().get("demonstratives", [])
    if match.group("determiner").lower() not in demonstratives:
        return match.group(0)
    return f"{match.group('determiner')} {match.group('noun')}"


def _relation_outside(question: str, match: re.Match) -> bool:
    """The phrase's sentence says its relation elsewhere (a citation word outside the phrase and outside quotes); a
    context sentence saying it ('T cites several papers. Where did those cited papers appear?') is folded instead."""
    from hgrag.agents.understanding.tokens import tag
    from hgrag.tools.text import quotes_masked

    sentence = _sentence_around(question, match.start(), match.end())
    rest = quotes_masked(sentence[0] + " " + sentence[1])
    said = tag(match.group("participle").lower(), load("en"))
    return bool(said) and any(t.concept == said[0].concept for t in tag(rest.lower(), load("en")))


def _sentence_around(question: str, start: int, end: int) -> tuple[str, str]:
    """The text of the phrase's sentence before and after the phrase (sentences end at '.', '?' or '!' before a
    space, outside quotes)."""
    masked = quotes_masked(question)
    begin = max((m.end() for m in re.finditer(r"[.?!]\s+", masked[:start])), default=0)
    stop = re.search(r"[.?!](?:\s|$)", masked[end:])
    return question[begin:start], question[end:end + stop.start()] if stop else question[end:]


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
