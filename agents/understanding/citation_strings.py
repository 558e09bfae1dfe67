"""A reference pasted into a question ('Durikovic, R., Kimura, R., & Kolchin, K. (2003). "Real-time Visualization of
Japanese Artcraft". Computer Graphics International. Whom has its lead author collaborated with?'): the author list and
year before a quoted title, and the venue sentence after it, only describe the paper the title names; the question is
read with the quoted title alone in their place. The words that join an author list are data (lexicon
`citation_strings`: 'et al.', '&'); a reference must carry its year in brackets, so a quoted title alone is untouched."""

from __future__ import annotations

import re
from functools import lru_cache

from hgrag.agents.understanding.cue_words import phrase_alternation
from hgrag.agents.understanding.lexicon import load

QUOTED = r"[\"“][^\"“”]{8,}[\"”]"


def without_reference_frames(question: str) -> str:
    """The question with each pasted reference around a quoted title reduced to that title."""
    if "(" not in question or not re.search(QUOTED, question):
        return question
    return _reference().sub(_title_alone, question)


def _title_alone(match: re.Match) -> str:
    """The quoted title, after any word of the lexicon the author pattern took for a name ('Does', 'For', 'On'), and
    with the stop that ended a venue sentence."""
    first = match.group(0).split()[0]
    kept = first + " " if load("en").concept(first.lower()) is not None else ""
    after = match.string[match.end():].lstrip()[:1]
    stop = "." if match.group("venue") and not after.islower() else ""  # ('"T". Fuel. cite …': one sentence goes on)
    return kept + match.group("title") + stop


@lru_cache(maxsize=1)
def _reference() -> re.Pattern:
    words = load("en").extra.get("citation_strings", {})
    joins = phrase_alternation(words.get("author_joins", []))
    name = r"(?:[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)?(?:,\s*(?:[A-Z]\.\s?(?:[A-Z]\.\s?){0,3}))?)"
    authors = rf"{name}(?:\s*(?:,\s*)?(?:{joins})\s*{name})*(?:\s*,?\s*(?:{joins}))?"  # ('A, B., & C, D.', 'A et al.')
    year = r"\(\s*(?:19|20)\d\d[a-z]?\s*\)"
    venue = r"(?P<venue>\.\s+[A-Z][^.?!\"“”]{1,90}?\.(?=\s|$))?"  # ('. Computer Graphics International.')
    return re.compile(rf"(?<![\w])(?:{authors})\s*{year}\s*[.,:]?\s*\(?(?P<title>{QUOTED})\)?{venue}")
