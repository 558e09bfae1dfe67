"""Context sentences folded into the question: "I'm reviewing a grant application from A. They list a number of
outputs. Which papers did they publish in 2011?" is read as "Which papers did A publish in 2011?".

A context sentence is a statement before the asking sentence. When the asking sentence names no entity of its own
but holds an anaphor of the lexicon (`anaphors`: 'they', 'it', 'this person' …, each with the kind it stands for),
and the context names exactly one entity of that kind, the anaphor is replaced by that entity and the context
sentences are dropped: what they say ('a number of outputs') is no part of the question. Anything else (two
candidates, a kind that does not fit, entities in the asking sentence) leaves the question as it is.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from hgrag.agents.understanding.cue_words import phrase_alternation
from hgrag.agents.understanding.lexicon import load

SENTENCE_END = re.compile(r"(?<=[.!])\s+(?=[A-Z\"'“‘])")


def with_context_folded(question: str, detect: Callable[[str], list[Any]]) -> str:
    """The asking sentence with its anaphor bound to the one fitting entity of the context sentences (see the
    module note), else the question unchanged. `detect(text)` gives the linked mention spans of a text."""
    sentences = [s for s in SENTENCE_END.split(question.strip()) if s.strip()]
    if len(sentences) < 2 or not _asks(sentences[-1]) or any(_asks(s) for s in sentences[:-1]):
        return question
    asking = sentences[-1]
    found = _anaphor(asking)
    if not found:
        return question
    kind, match = found
    if [s for s in detect(asking) if s.candidates]:
        return question  # the asking sentence names its own entities: the context may only be context
    context = " ".join(sentences[:-1])
    fitting = {_key(s): s for s in detect(context) if s.candidates and s.type == kind}
    if len(fitting) != 1:
        return question
    span = next(iter(fitting.values()))
    return asking[:match.start()] + _written(span, match.group(0)) + asking[match.end():]


def _asks(sentence: str) -> bool:
    return sentence.rstrip().endswith("?")


def _key(span: Any) -> str:
    return str(span.candidates[0].node_id)


def _written(span: Any, anaphor: str) -> str:
    """The entity as the question names it: a title quoted, a possessive anaphor as a possessive."""
    name = f'"{span.text}"' if span.type == "paper" else span.text
    possessive = anaphor.lower() in _possessives()
    return f"{name}'s" if possessive else name


@lru_cache(maxsize=1)
def _possessives() -> frozenset[str]:
    return frozenset(load("en").extra.get("anaphors", {}).get("possessive", []))


def _anaphor(sentence: str) -> tuple[str, re.Match] | None:
    """(the kind an anaphor stands for, where it is): the first anaphor of the sentence; None when there is
    none or anaphors of two kinds."""
    hits = [(m.start(), kind, m) for kind, pattern in _anaphor_patterns() for m in pattern.finditer(sentence)]
    if not hits or len({kind for _, kind, _ in hits}) > 1:
        return None
    _, kind, match = min(hits, key=lambda h: h[0])
    return kind, match


@lru_cache(maxsize=1)
def _anaphor_patterns() -> list[tuple[str, re.Pattern]]:
    kinds = load("en").extra.get("anaphors", {}).get("kinds", {})
    return [(kind, re.compile(rf"(?<![\w'’-])(?:{phrase_alternation(forms)})(?![\w'’-])", re.IGNORECASE))
            for kind, forms in kinds.items() if forms]
