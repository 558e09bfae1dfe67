"""The second reader's words (words.json), loaded once."""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

WORDS_FILE = Path(__file__).with_name("words.json")


@lru_cache(maxsize=1)
def words() -> dict[str, Any]:
    data = json.loads(WORDS_FILE.read_text(encoding="utf-8"))
    data["comparatives"] = {**composed_comparatives(data.get("comparative_compositions", {})), **data["comparatives"]}
    return data


def composed_comparatives(spec: dict[str, Any]) -> dict[str, list[str]]:
    """'more pubs', 'fewer collaborators': a comparative adjective of `spec["adjectives"]` before any one-word form
    the main lexicon gives a measured concept of `spec["nouns"]` (a relation only in a plural noun form), so a new
    synonym of 'papers' in the lexicon compares too."""
    from hgrag.agents.understanding.lexicon import load

    composed = {}
    for concept, measure in spec.get("nouns", {}).items():
        family, name = concept.split(":", 1)
        forms = [f.replace("_", " ") for f in load("en").family(family).get(name, [])]
        for form in (f for f in forms if " " not in f and (family != "relation" or f.endswith("s"))):
            for adjective, order in spec.get("adjectives", {}).items():
                composed[f"{adjective} {form}"] = [measure, order]
    return composed


@lru_cache(maxsize=64)
def phrase_pattern(family: str) -> re.Pattern:
    """One pattern matching any phrase of a word family (longest first, whole words, any case)."""
    entries = words()[family]
    phrases = sorted(entries if isinstance(entries, list) else entries.keys(), key=len, reverse=True)
    alternatives = "|".join(re.escape(p) for p in phrases)
    return re.compile(rf"(?<![\w'’])(?:{alternatives})(?![\w'’])", re.IGNORECASE)


def find(family: str, text: str) -> list[re.Match]:
    return list(phrase_pattern(family).finditer(text))


def has(family: str, text: str) -> bool:
    return phrase_pattern(family).search(text) is not None


@lru_cache(maxsize=16)
def stem_pattern(family: str) -> re.Pattern:
    """Any word that begins with one of the family's stems ('collaborat' matches 'collaborated')."""
    alternatives = "|".join(re.escape(p) for p in sorted(words()[family], key=len, reverse=True))
    return re.compile(rf"(?<![\w'’])(?:{alternatives})", re.IGNORECASE)


def has_stem(family: str, text: str) -> bool:
    return stem_pattern(family).search(text) is not None
