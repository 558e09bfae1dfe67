"""Topic-comment questions folded into one: 'As for A, papers citing any paper of this person are which?', 'About
"T", the papers it cites were written by who?' name their topic first (after a marker of the lexicon's
`context_words.topic_markers`) and point back to it in the comment with a pronoun or a demonstrative of the
lexicon's `anaphors.kinds`; the comment is read with the topic in the pronoun's place ('its' and 'their' as the
topic's possessive). A topic that names not exactly one linked thing, or a comment with no such word, is left as
typed."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from hgrag.agents.understanding.context_binding import possessive_anaphors
from hgrag.agents.understanding.cue_words import phrase_alternation
from hgrag.agents.understanding.lexicon import load

QUOTED_TOPIC = r"(?:[^,\"“”]{0,40}?)(?:\"[^\"]+\"|“[^”]+”)"


def topic_folded(question: str, detect: Callable[[str], list[Any]]) -> str | None:
    """The comment with its topic in the place of the word pointing back to it, else None."""
    found = _topic().match(question)
    if found is None:
        return None
    topic, comment = found["topic"].strip(), found["comment"]
    if len([s for s in detect(topic) if s.candidates]) != 1:
        return None
    anaphor = _anaphor().search(comment)
    if anaphor is None:
        return None
    possessive = anaphor.group(0).lower() in possessive_anaphors()
    folded = comment[:anaphor.start()] + topic + ("'s" if possessive else "") + comment[anaphor.end():]
    return folded[:1].upper() + folded[1:]


@lru_cache(maxsize=1)
def _topic() -> re.Pattern:
    markers = phrase_alternation(load("en").extra.get("context_words", {}).get("topic_markers", []))
    return re.compile(rf"\s*(?:{markers})\s+(?P<topic>{QUOTED_TOPIC}|[^,\"“”]{{2,120}}?)\s*,\s*(?P<comment>\S.*)$",
                      re.IGNORECASE | re.DOTALL)


@lru_cache(maxsize=1)
def _anaphor() -> re.Pattern:
    kinds = load("en").extra.get("anaphors", {}).get("kinds", {})
    words = [w for kind in ("author", "paper") for w in kinds.get(kind, [])]
    return re.compile(rf"(?<![\w'’-])(?:{phrase_alternation(words)})(?![\w'’-])", re.IGNORECASE)
