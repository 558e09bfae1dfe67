"""A property the graph does not hold, asked of a named thing ('What is the h-index of A?'): the phrase, so the
planner can say it is not held instead of answering something else."""

from __future__ import annotations

import re

from hgrag.agents.planning.focus_nouns import NOUNS

ATTRIBUTE_QUESTION = re.compile(r"\bwhat (is|are|was|were|s) (the |its |their |his |her )?"
                                r"(?P<a>[\w-]+(?: [\w-]+)?) (of|for) (the )?zz(paper|author|venue)\b|"
                                r"zz(paper|author|venue) 's (?P<b>[\w-]+(?: [\w-]+)?)\s*$")
KNOWN_WORDS = frozenset("name names number count total list amount title titles id identifier identifiers kind "
                        "most first last earliest latest oldest newest main top average".split())


def unsupported_attribute(text: str) -> str | None:
    """'What is the h-index of A?' names a property the graph does not hold: return it."""
    match = ATTRIBUTE_QUESTION.search(text)
    if not match:
        return None
    phrase = (match.group("a") or match.group("b") or "").strip()
    read = [_noun_class(w) or w in KNOWN_WORDS or w in ("zzpos", "zzyear") or _read_word(w) for w in phrase.split()]
    return None if not read or _read_word(phrase) or any(read) else phrase


def _read_word(word: str) -> bool:
    """A word the lexicon reads as a kind, relation, attribute or operator ('references') names what the graph holds."""
    from hgrag.agents.understanding.lexicon import load

    return (load("en").concept(word) or "").split(":")[0] in ("kind", "relation", "attribute", "operator")


def _noun_class(word: str) -> str | None:
    word = word.strip("'-")
    return next((kind for kind, words in NOUNS.items() if word in words), None)
