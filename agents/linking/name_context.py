"""What the words around an unquoted name tell the mention detector.

A given name typed just before a linked name is part of it: in "James M. Smith" the span "M. Smith" is
not the author "M. Smith", whose given name the typed "James" contradicts, so that link is dropped.
Which words are given names is read from the graph (first names of its authors), not from a list.
And an unquoted run of words that is both an author's name and a paper's title reads as the person
(a title asked about by name is quoted or introduced; a bare personal name is the person)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from hgrag.tools.entity_keys import name_denotes
from hgrag.tools.text import norm_key

UNQUOTED_TYPE_PREFERENCE = {"author": 0, "paper": 1, "venue": 2}
VENUE_FIRST = {"venue": 0, "author": 1, "paper": 2}  # 'in X' names the venue X when a paper bears the same name


def name_typed_before(text: str, start: int, given: Callable[[], frozenset[str]],
                      function_words: frozenset[str]) -> str:
    """The given name written right before position `start` ('' when there is none): a capitalised word
    (any word in an all-lower-case question) the graph knows as a first name, not a word of the question's
    own vocabulary."""
    words = text[:start].split()
    word = words[-1] if words else ""
    if not (word[:1].isupper() or text == text.lower()) or not word.replace("-", "").isalpha():
        return ""  # punctuation ends a name
    key = norm_key(word)
    if _opens_a_question(words, key):
        return ""  # ('Can Laurent Michel be counted …': the auxiliary that opens the question, not the name 'Can')
    return word if key not in function_words and key in given() else ""


def _opens_a_question(words: list[str], key: str) -> bool:
    """The word opens the text or a sentence and the lexicon reads it as a question's head (an auxiliary, a wh-word)."""
    from hgrag.agents.understanding.lexicon import load

    first = len(words) == 1 or words[-2][-1:] in ".!?:"
    return first and (load("en").concept(key) or "").startswith("head:")


def contradicts(hit: Any, full_name: str) -> bool:
    """The longer name typed does not denote the author the shorter span linked to."""
    return hit.node_type == "author" and not name_denotes(full_name, hit.label)


def name_goes_on(text: str, variant: str, end: int) -> bool:
    """'Abdulrahman A. AlQuraishi': a given name with the surname's initial ('Abdulrahman A') followed by another
    capitalised word is the start of a longer name, not a name of its own."""
    tokens = re.findall(r"[^\W\d_]+", variant)
    if len(tokens) != 2 or len(tokens[1]) != 1 or len(tokens[0]) < 2:
        return False
    following = re.match(r"\s*\.?\s*([^\W\d_])", text[end:])
    return bool(following) and following.group(1).isupper()
