"""A ranking is asked where the question asks: one read from a context sentence ('Our group is starting a reading club.
… What papers of theirs do you have?') is dropped, unless the asking sentence only points back at it ('I'd like the
one with the most citations. Which is it?')."""

from __future__ import annotations

from typing import Any

from hgrag.agents.planning.intent import parse_intent


def ranked_where_asked(frame: Any, residual: str, years: list[int]) -> Any:
    """A ranking read from a context sentence ('Our group is starting a reading club. … What papers of theirs do
    you have?') is not asked: the ranking must be in the last sentence, the one that asks."""
    sentences = [part for part in residual.split(" zzstop ") if part.strip()]
    if len(sentences) < 2 or frame.operation not in ("argmin", "argmax") or not _asks(sentences[-1]) \
            or _only_asks(sentences[-1]):
        return frame  # ('… Palazzo Jr. been publishing': a name's full stop; 'Which is it?' asks for the ranked one)
    asked = parse_intent(sentences[-1], years)
    if asked.operation in ("argmin", "argmax"):
        return frame
    frame.operation, frame.rank_by = asked.operation, None
    return frame


def _only_asks(sentence: str) -> bool:
    """'Which is it?': a sentence of question words and function words only, asking for what the one before named."""
    from hgrag.agents.understanding.lexicon import load
    from hgrag.agents.understanding.tokens import tag

    return all(t.family in ("head", "function", "filler") for t in tag(sentence, load("en")))


def _asks(sentence: str) -> bool:
    """Does the sentence ask (a question word or a command of the lexicon)?"""
    from hgrag.agents.understanding.lexicon import load
    from hgrag.agents.understanding.tokens import tag

    asking = ("head:who", "head:when", "head:where", "head:which", "head:how_many", "head:command")
    return any(t.concept in asking for t in tag(sentence, load("en")))
