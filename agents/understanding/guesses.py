"""A guess said before the question ('I reckon it was 2010, or maybe 2012 - but what year was it really?'): a lead of
the lexicon's `guesses` ('I reckon', 'my guess is') up to a turn ('but', 'actually') states what the asker believes,
not what they ask; it is left out, so the years and names it holds narrow nothing. Without a turn after it the lead
is left as typed (a belief may be the claim a yes/no question checks: 'I think A wrote T. Am I right?')."""

from __future__ import annotations

import re
from functools import lru_cache

from hgrag.agents.understanding.cue_words import phrase_alternation
from hgrag.agents.understanding.lexicon import load


def without_guesses(question: str) -> str:
    """The question without a guess that a turn word closes (unchanged when there is none)."""
    patterns = _guess()
    if patterns is None:
        return question
    inline, whole = patterns
    found = inline.search(question) or whole.search(question)
    if found is None or question[:found.start()].count('"') % 2:
        return question
    rest = question[found.end():].lstrip(" ,;:-–—")
    if "?" not in rest and question[:found.start()].strip() or \
            _names(question[found.start():found.end()]) and not _names(rest[1:]):
        return question  # (a remark after the question; or the guess names what the question only points back to:
        # 'I think A once worked with B - did they actually publish together?')
    kept = (question[:found.start()].rstrip(" ,;:-–—") + " " + rest).strip()
    return kept[:1].upper() + kept[1:] if kept else question


def _names(text: str) -> bool:
    """Does the text name something (a quoted title, or a capitalised word that does not open a sentence)?"""
    return re.search(r"[\"“]|(?<![.!?]\s)(?<!^)\b[A-ZÀ-Ý][a-zà-ÿ]+", text.strip()) is not None


@lru_cache(maxsize=1)
def _guess() -> tuple[re.Pattern, re.Pattern] | None:
    """(a guess closed by a turn in its own sentence, a guess sentence before a sentence that turns)."""
    spec = load("en").extra.get("guesses", {})
    leads, turns = phrase_alternation(spec.get("leads", [])), phrase_alternation(spec.get("turns", []))
    if not leads or not turns:
        return None
    lead = rf"(?<![\w'])(?:{leads})\b"
    return (re.compile(rf"{lead}[^?.!]*?(?:[,;:]|\s[-–—])?\s*\b(?:{turns})\b", re.IGNORECASE),
            re.compile(rf"{lead}[^?.!\"]*[.!]+(?=\s+[^.!?]*\b(?:{turns})\b[^.!]*\?)", re.IGNORECASE))
