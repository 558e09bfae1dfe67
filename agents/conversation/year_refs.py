"""Years taken from the thread: 'that year' / 'the same year' (lexicon `year_refs`) is the one year of the
previous turn, and 'one year later' / 'the previous year' (lexicon `year_offsets`: phrase -> offset) is that year
moved by its offset, so 'Total papers at that venue that year?' -> 'one year later?' asks the same for the next year."""

from __future__ import annotations

import re
from typing import Any

from hgrag.agents.conversation.lexicon import lexicon, search_words, words
from hgrag.agents.conversation.memory import Turn
from hgrag.agents.conversation.pick import answered, clarify_text


def with_years(text: str, history: list[Turn]) -> tuple[str, dict[str, Any] | None]:
    """The turn with a year reference written as the year it stands for, and what was taken (or a question back)."""
    low = text.lower()
    if len(low) != len(text):
        return text, None
    offset, match = _offset(low)
    match = match or search_words("year_refs", low)
    if not match:
        return text, None
    year, number = _thread_year(history)
    phrase = text[match.start():match.end()]
    if year is None:
        return text, {"kind": "clarify", "clarify": clarify_text("no_year_ref", phrase=phrase)}
    year = str(int(year) + offset)
    before = low[:match.start()].rstrip()
    words_for = year if before.split()[-1:] and before.split()[-1] in words("year_prepositions") else f"in {year}"
    return text[:match.start()] + words_for + text[match.end():], {"taken": f"'{phrase}' = {year} from turn {number}"}


def _offset(low: str) -> tuple[int, re.Match | None]:
    """(offset, where) of the longest year-offset phrase of the lexicon in the turn, or (0, None)."""
    offsets = lexicon().get("year_offsets", {})
    found = [(m, n) for phrase, n in offsets.items() for m in re.finditer(rf"(?<![\w-]){re.escape(phrase)}(?![\w-])", low)]
    if not found:
        return 0, None
    match, n = max(found, key=lambda f: f[0].end() - f[0].start())
    return int(n), match


def _thread_year(history: list[Turn]) -> tuple[str | None, int | None]:
    """The one year of the most recent turn that has years (in its question, or its one-item answer)."""
    for turn in answered(history):
        found = set(re.findall(r"\b(?:19|20)\d\d\b", re.sub(r"'[^']*'", " ", turn["question"])))
        found |= {a for a in turn["answer"] if re.fullmatch(r"(?:19|20)\d\d", str(a))} if len(turn["answer"]) == 1 else set()
        if len(found) == 1:
            return found.pop(), turn["turn"]
        if found:
            return None, None
    return None, None
