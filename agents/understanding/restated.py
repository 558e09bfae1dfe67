"""A question asked twice in one message, once in English and once in German or French ('Who wrote "T"? / Wer hat
"T" geschrieben?'): the halves are split at a slash or a line break, each half's language is identified, and when
one half is English and the other another read language naming the same things, the English half is the question.
Halves naming different things are no restatement; the message is then read whole."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from hgrag.agents.understanding.gate import QUOTED, identify, plainly_english
from hgrag.agents.understanding.lexicon import READ_LANGUAGES

_SPLIT = re.compile(r'\s+/\s+|\s*\n+\s*')


def english_half(question: str, detect: Callable[[str], list[Any]]) -> str:
    """The English half of a question said in English and again in German or French, else the question."""
    halves = _halves(question)
    if halves is None:
        return question
    languages = [_language(h, detect) for h in halves]
    if "en" not in languages or len(set(languages)) != 2 or not set(languages) <= set(READ_LANGUAGES):
        return question
    if _named(halves[0], detect) != _named(halves[1], detect):
        return question
    return halves[languages.index("en")]


def _halves(question: str) -> list[str] | None:
    """The two halves of the message split outside quotes at one slash or line break (None when not two)."""
    blanked = QUOTED.sub(lambda m: "x" * len(m.group(0)), question)
    cuts = list(_SPLIT.finditer(blanked.strip()))
    if len(cuts) != 1:
        return None
    text = question.strip()
    first, second = text[:cuts[0].start()].strip(), text[cuts[0].end():].strip()
    return [first, second] if first and second else None


def _language(half: str, detect: Callable[[str], list[Any]]) -> str:
    return "en" if plainly_english(half) else identify(half, detect(half))


def _named(half: str, detect: Callable[[str], list[Any]]) -> set[str]:
    """The quoted titles and linked names of a half, folded."""
    quoted = {q.strip('"“”«» ').lower() for q in QUOTED.findall(half)}
    linked = {str(getattr(s, "text", "")).strip('"“”«» ').lower() for s in detect(half)}
    return quoted | {n for n in linked if n}
