"""Validation of incoming questions: one clear error for empty, oversized or binary input."""

from __future__ import annotations

import unicodedata
from typing import Any

from hgrag.tools.errors import InputError

MAX_QUESTION_CHARS = 2_000


def check_question(question: Any) -> str:
    """Return the trimmed question or raise InputError with a one-line reason."""
    if not isinstance(question, str):
        raise InputError("the question must be text")
    text = "".join(ch for ch in question if unicodedata.category(ch) != "Cf").strip()
    if not text:
        raise InputError("the question is empty")
    if len(text) > MAX_QUESTION_CHARS:
        raise InputError(f"the question is {len(text):,} characters long; the limit is {MAX_QUESTION_CHARS:,}")
    if "\x00" in text or "\ufffd" in text:
        raise InputError("the question contains binary data (NUL or undecodable bytes)")
    printable = sum(ch.isprintable() or ch.isspace() for ch in text)
    if printable / len(text) < 0.9:
        raise InputError("the question is not readable text (too many control characters)")
    if not any(ch.isalpha() for ch in text):
        raise InputError("the question has no words")
    return text
