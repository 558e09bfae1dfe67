"""Context sentences that say why the asker asks ('We're doing some background checks ahead of a visiting scholar
appointment. Can you list everything A has published since 2019?'): a statement before the asking sentence that
names nothing (no linked entity, no quotes, no digits) and holds no word that could narrow an answer (an operator,
a time word, an instruction, a value or an attribute of the lexicon) is no part of the question and is left out,
so its words ('scholar', 'checks') cannot steer the plan. Statements that name something stay (an anaphor may point
back to them), as do statements after the asking sentence ('Only journals, please.')."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from hgrag.agents.understanding.lexicon import load
from hgrag.agents.understanding.tokens import tag

NARROWING_FAMILIES = ("operator", "time", "instruction", "value", "attribute", "missing")


def without_idle_context(question: str, detect: Callable[[str], list[Any]]) -> str:
    """The question without the idle statements before its asking sentence (unchanged when there are none)."""
    from hgrag.agents.understanding.context_fold import asking_sentence_at, sentences_of

    sentences = [s for s in sentences_of(question) if s.strip()]
    asking = asking_sentence_at(sentences)
    if asking is None or asking == 0:
        return question
    kept = [s for s in sentences[:asking] if not _idle(s, detect)]
    if len(kept) == asking:
        return question
    return " ".join(kept + sentences[asking:])


def _idle(sentence: str, detect: Callable[[str], list[Any]]) -> bool:
    if re.search(r"[\d\"“”«»]", sentence):
        return False
    if any((t.family or "") in NARROWING_FAMILIES for t in tag(sentence.lower(), load("en"))):
        return False
    return not [s for s in detect(sentence) if s.candidates]
