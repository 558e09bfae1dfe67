"""Small readings of the intent parser around numbers and field-style queries: comparison symbols
before a number ("citations > 4" -> "citations more than 4"), field keys ("author_count"), a noun
compared with a number ("authors more than 6" is a condition, not the asked thing), "where" opening
a condition, and "date" used as a verb ("works date from the 2000s")."""

from __future__ import annotations

import re

SYMBOL_COMPARISONS = ((re.compile(r"\s*(>=|≥|=>)\s*(?=\d)"), " at least "), (re.compile(r"\s*(<=|≤|=<)\s*(?=\d)"), " at most "),
                      (re.compile(r"(?<![<>=!-])\s*>\s*(?=\d)"), " more than "),
                      (re.compile(r"\s*<(?![>=])\s*(?=\d)"), " less than "))


def comparison_words(text: str) -> str:
    """'citations > 4' -> 'citations more than 4' (a symbol before a number is a threshold; the
    symbols themselves are dropped later), and 'author_count' -> 'author count' (field-style keys)."""
    for pattern, words in SYMBOL_COMPARISONS:
        text = pattern.sub(words, text)
    return re.sub(r"(?<=[A-Za-z])_(?=[A-Za-z])", " ", text)


THRESHOLD_AFTER = re.compile(r"^((count|number|total) )?(more than|greater than|higher than|larger than|less than|fewer "
                             r"than|lower than|over|above|under|below|exceeding|exceeds|at least|at most) \d+\b")


def where_condition(words: list[str], i: int) -> bool:
    """'papers by A where citations > 2': 'where' opens a condition (a compared number), not a place asked for."""
    return bool(re.match(r"^([\w']+ ){0,3}(more than|greater than|less than|fewer than|over|above|under|below|exceeding|"
                         r"at least|at most) \d+\b", " ".join(words[i + 1:i + 8])))


def thresholded(words: list[str], j: int) -> bool:
    """'authors more than 6' in a keyword query: the noun is compared with a number, not asked for."""
    return bool(THRESHOLD_AFTER.match(" ".join(words[j + 1:j + 5])))


def date_verb(words: list[str], k: int) -> bool:
    """'works date from the 2000s': 'date' used as a verb, not the head of a compound noun."""
    return words[k] in ("date", "dates", "dated") and k + 1 < len(words) and words[k + 1] in ("from", "back", "to")
