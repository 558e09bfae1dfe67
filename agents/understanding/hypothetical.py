"""A question framed as a supposition ('If I were to ask which papers cite T, what would the answer be?', 'Suppose
someone counted A's papers - how many would there be?', 'Imagine a list of the venues of A's papers: what is on it?',
'Suppose someone claimed that A wrote T - would they be right?'): the frame's opening is said as the plain request it
stands for and its closing question, a modal one about the frame's own answer, goes. The openings with their plain
wording and the words of a closing question are lexicon data (`hypothetical_frames`); 'someone' in such a frame is
the asker, never a person the answer is about."""

from __future__ import annotations

import re
from functools import lru_cache

from hgrag.agents.understanding.cue_words import phrase_alternation
from hgrag.agents.understanding.lexicon import load


def without_hypothetical_frame(question: str) -> str:
    """The question asked plainly (unchanged when it opens with no frame of the lexicon)."""
    opening, closing = _patterns()
    found = opening.search(question) if opening else None
    if found is None:
        return question
    plain = _plain()[re.sub(r"\s+", " ", found.group("frame").lower())]
    rest = question[found.end():]
    yes_no = _yes_no_tail().search(rest)
    rest = (rest[:yes_no.start()] + ", yes or no?") if yes_no else closing.sub("?", rest) if closing else rest
    rest = _said_closing().sub("?", rest)  # ('Imagine a list of …: what is on it?')
    rest = rest.strip()
    said = f"{plain} {rest}".strip() if plain else rest
    return question[:found.start()] + said[:1].upper() + said[1:]


@lru_cache(maxsize=1)
def _plain() -> dict[str, str]:
    frames = load("en").extra.get("hypothetical_frames", {})
    return {form: plain for plain, forms in frames.get("openings", {}).items() for form in forms}


@lru_cache(maxsize=1)
def _patterns() -> tuple[re.Pattern | None, re.Pattern | None]:
    frames = load("en").extra.get("hypothetical_frames", {})
    forms = list(_plain())
    closing, modals = frames.get("closing_words", []), phrase_alternation(frames.get("closing_modals", [])) or "(?!)"
    return (re.compile(rf"(?i)(?:^|(?<=[.!?]\s))\s*(?P<frame>{phrase_alternation(forms)})\b\s*,?\s*") if forms else None,
            re.compile(rf"(?i)\s*[-–—,:;]\s*(?:{phrase_alternation(closing)})\b[^?]*\b(?:{modals})\b[^?]*\?\s*$")
            if closing else None)


@lru_cache(maxsize=1)
def _yes_no_tail() -> re.Pattern:
    tails = load("en").extra.get("hypothetical_frames", {}).get("yes_no_closings", [])
    return re.compile(rf"(?i)\s*[-–—,:;]\s*(?:{phrase_alternation(tails) or '(?!)'})\s*\?\s*$")


@lru_cache(maxsize=1)
def _said_closing() -> re.Pattern:
    closings = load("en").extra.get("hypothetical_frames", {}).get("closings", [])
    return re.compile(rf"(?i)\s*[-–—,:;]\s*(?:{phrase_alternation(closings) or '(?!)'})\s*\?\s*$")
