"""Which language a question is written in: a thin front of the lexicon's language gate
(`agents/understanding/gate.py`: lingua on the question with its mentions masked, cross-checked with
the lexicon's coverage). Kept for the planners that call it directly."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from hgrag.agents.understanding.gate import identify, unsupported_sentence

NAMES = {"de": "German", "fr": "French"}


def non_english(question: str, spans: Iterable[Any] = ()) -> str | None:
    """The language's name when the question is not English, else None (German and French are read by
    the plan node, which normalises them to English before any planner sees them)."""
    language = identify(question, list(spans))
    return None if language == "en" else NAMES.get(language, language)


def unsupported_language_text(language: str) -> str:
    return unsupported_sentence(language)
