"""A definite noun that belongs to a thing named before: 'I have T in my notes as an A paper. Is A actually on the
author list?' -- 'the author list' is T's. When the asking sentence says such a noun (lexicon `bridging_nouns`, per
owner kind) with 'the' and no owner of its own ('of …'), names no thing of that kind itself, and the sentences
before it name exactly one, the noun is read with that owner ('the author list of "T"'). The context stays: what it
says may still be asked."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from hgrag.agents.understanding.cue_words import phrase_alternation
from hgrag.agents.understanding.lexicon import load
from hgrag.agents.understanding.step_chain import of_word


def with_bridged_owner(question: str, detect: Callable[[str], list[Any]]) -> str | None:
    """The question with its asking sentence's owned noun given the one owner named before it, else None."""
    from hgrag.agents.understanding.sentences import asking, sentences_of

    sentences = [s for s in sentences_of(question) if s.strip()]
    if len(sentences) < 2 or not asking(sentences[-1]):
        return None
    last = sentences[-1]
    for kind, pattern in _patterns():
        found = pattern.search(last)
        if found is None or _owner_follows(last[found.end():]):
            continue
        if any(s.candidates and s.type == kind for s in detect(last)):
            return None  # (the asking sentence names its own paper)
        owners = {s.candidates[0].node_id: s for s in detect(" ".join(sentences[:-1])) if s.candidates and s.type == kind}
        if len(owners) != 1:
            return None
        owner = next(iter(owners.values()))
        written = f'"{owner.text}"' if kind == "paper" else owner.text
        bridged = last[:found.end()] + f" {of_word()} {written}" + last[found.end():]
        return question[:question.rindex(last)] + bridged
    return None


def _owner_follows(rest: str) -> bool:
    relating = load("en").extra.get("relating_prepositions", [])
    return re.match(rf"\s+(?:{phrase_alternation(relating)})\b", rest, re.IGNORECASE) is not None


@lru_cache(maxsize=1)
def _patterns() -> list[tuple[str, re.Pattern]]:
    spec = load("en").extra.get("bridging_nouns", {})
    the = phrase_alternation(spec.get("determiners", []))
    return [(kind, re.compile(rf"(?<![\w-])(?:{the})\s+(?:{phrase_alternation(nouns)})(?![\w-])", re.IGNORECASE))
            for kind, nouns in spec.get("owned", {}).items() if nouns]

