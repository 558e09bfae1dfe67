"""The conversation lexicon (lexicon_en.json) and the whole-word phrase matching that reads it."""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable

LEXICON_FILE = Path(__file__).with_name("lexicon_en.json")


@lru_cache(maxsize=1)
def lexicon() -> dict[str, Any]:
    return json.loads(LEXICON_FILE.read_text(encoding="utf-8"))


def words(key: str) -> list[str]:
    """A list-valued entry, longest phrases first (so 'only those' wins over 'only')."""
    value = lexicon()[key]
    return sorted(value, key=len, reverse=True)


@lru_cache(maxsize=64)
def alternation(phrases: tuple[str, ...]) -> str:
    """A regex alternation of whole-word phrases (longest first); spaces match any whitespace."""
    ordered = sorted(phrases, key=len, reverse=True)
    return "|".join(r"\s+".join(re.escape(p) for p in phrase.split()) for phrase in ordered)


def search_words(key: str, text: str) -> re.Match | None:
    """The first whole-word occurrence in `text` of a phrase of the list-valued entry `key`, or None."""
    return re.search(rf"\b(?:{alternation(tuple(words(key)))})(?![\w'-])", text)


def starts_with(text: str, phrases: Iterable[str]) -> str | None:
    """The longest phrase `text` (lower case) opens with, as a whole word, or None."""
    pattern = rf"^\s*(?:{alternation(tuple(phrases))})(?![\w'-])"
    match = re.match(pattern, text)
    return match.group(0) if match else None


def type_of_noun(noun: str) -> str | None:
    for kind, nouns in lexicon()["type_nouns"].items():
        if noun in nouns and noun not in ("one", "ones"):
            return kind
    return None


def all_type_nouns() -> tuple[str, ...]:
    return tuple(n for nouns in lexicon()["type_nouns"].values() for n in nouns)


@lru_cache(maxsize=1)
def possessive_pronouns() -> tuple[str, ...]:
    """The possessive pronouns of the lexicon ('its', 'their', 'his', 'her')."""
    return tuple(w for w, entry in lexicon()["pronouns"].items()
                 if entry.get("possessive") or entry.get("possessive_before_noun"))
