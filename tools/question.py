"""Validation of incoming text (questions, search strings): one clear error for empty, oversized,
binary or undecodable input, whichever way it arrived (argv, Python API, server JSON)."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from hgrag.tools.errors import InputError

MAX_QUESTION_CHARS = 2_000
MAX_SEARCH_CHARS = 500


def _has_surrogates(text: str) -> bool:
    """Lone surrogates: undecodable argv bytes (surrogateescape) or broken UTF-16 from JSON."""
    return any("\ud800" <= ch <= "\udfff" for ch in text)


# U+FFFD inside a word ('Jos\ufffd\ufffd Costa-Requena') is a letter the source data lost in decoding, and the
# graph's names carry it the same way; one standing alone (or a long run of them) is binary garbage.
LONE_REPLACEMENT = re.compile(r"(?<![^\W\d_])(?<!\ufffd)\ufffd+(?!\ufffd)(?![^\W\d_])|\ufffd{3,}")


def check_text(value: Any, what: str, limit: int) -> str:
    """Return the trimmed text or raise InputError naming `what` with a one-line reason."""
    if isinstance(value, bytes):
        try:
            value = value.decode("utf-8")
        except UnicodeDecodeError:
            raise InputError(f"the {what} is not valid UTF-8 text") from None
    if not isinstance(value, str):
        raise InputError(f"the {what} must be text, not {type(value).__name__}")
    if _has_surrogates(value):
        raise InputError(f"the {what} is not valid UTF-8 text (undecodable bytes)")
    text = "".join(ch for ch in value if unicodedata.category(ch) != "Cf").strip()
    if not text:
        raise InputError(f"the {what} is empty")
    if len(text) > limit:
        raise InputError(f"the {what} is {len(text):,} characters long; the limit is {limit:,}")
    if "\x00" in text or LONE_REPLACEMENT.search(text):
        raise InputError(f"the {what} contains binary data (NUL or undecodable bytes)")
    printable = sum(ch.isprintable() or ch.isspace() for ch in text)
    if printable / len(text) < 0.9:
        raise InputError(f"the {what} is not readable text (too many control characters)")
    if not any(ch.isalpha() or ch.isdigit() for ch in text):
        raise InputError(f"the {what} has no words")
    return text


def check_question(question: Any) -> str:
    """Return the trimmed question or raise InputError with a one-line reason."""
    text = check_text(question, "question", MAX_QUESTION_CHARS)
    if not any(ch.isalpha() for ch in text):
        raise InputError("the question has no words")
    return text


def check_search_text(text: Any) -> str:
    """A search string: same checks as a question, whitespace collapsed, at most 500 characters."""
    return " ".join(check_text(text, "search text", MAX_SEARCH_CHARS).split())
