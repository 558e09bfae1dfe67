"""A title's own full stop: an unquoted DBLP title ending in '.' keeps it ('how many citations does T. have?'),
so the stop does not end a sentence there."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from hgrag.agents.understanding.lexicon import load


def with_own_stop(text: str, span: Any) -> Any:
    """The span widened over the full stop its title ends with, unless a new sentence or question follows
    ('T. When was it published?')."""
    label = span.candidates[0].label if span.candidates and span.type == "paper" and not span.quoted else ""
    after = text[span.end:span.end + 1]
    if span.type == "author" and after == "." and re.search(r"(?:^|[\s.])[^\W\d_]$", span.text):
        return replace(span, end=span.end + 1, text=text[span.start:span.end + 1])  # 'Alain G.': the initial's stop
    if label and after and after not in ". " and not after.isalnum() and label.endswith(text[span.end - 2:span.end + 1]):
        return replace(span, end=span.end + 1, text=text[span.start:span.end + 1])  # '…gradients&#160;' ends so
    if not label.endswith(".") or after != ".":
        return span
    following = re.match(r"\s+([\w'-]+)", text[span.end + 1:])
    if not following or following.group(1)[0].isupper() or _asks(following.group(1)):
        return span
    return replace(span, end=span.end + 1, text=text[span.start:span.end + 1])


def _asks(word: str) -> bool:
    """A question word of the lexicon ('when', 'who'; not an auxiliary like 'have')."""
    concept = load("en").concept(word.lower()) or ""
    return concept.startswith("head:") and concept != "head:aux"
