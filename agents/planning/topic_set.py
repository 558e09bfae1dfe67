"""'Yan Solihin's coauthors -- which venues have those people published in?', 'Taking all the co-authors of A
together, in which venues have those co-authors published?': a set named first as a topic (a phrase, not a
sentence that asks) and a question about it through a plural anaphor. The anaphor is written as the topic ('in which
venues have Yan Solihin's coauthors published?') and that question is planned and checked; the leads and tails of a
topic ('taking … together', 'ok so', 'consider') are the lexicon's (`topic_sets`), and nothing else is dropped. Used
only when the check declines the whole question."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Callable

from hgrag.agents.understanding.cue_words import phrase_alternation
from hgrag.agents.understanding.lexicon import load


def topic_set(question: str, plan: dict[str, Any], planned: Callable[[str], dict[str, Any]]) -> dict[str, Any] | None:
    """The plan of the asking part with its plural anaphor written as the topic before it, or None."""
    from hgrag.agents.checking.question_check import reads_it, unexplained_parts

    split = _split(question)
    if split is None or not unexplained_parts(question, plan):
        return None
    topic, asking = split
    anaphor = _found("anaphors").search(asking)
    if anaphor is None:
        return None
    owned = anaphor.group(0).lower() in _spec().get("possessive_anaphors", [])
    text = asking[:anaphor.start()] + topic + ("'s" if owned else "") + asking[anaphor.end():]
    text = text[:1].upper() + text[1:]
    new = planned(text)
    if not reads_it(text, new):
        return None
    new["checked_question"] = text
    new["noted_readings"] = [*new.get("noted_readings", []), f"{anaphor.group(0)}: {topic}"]
    return new


def _split(question: str) -> tuple[str, str] | None:
    """(the topic without its leads and tails, the asking part) at the first separator of the lexicon; None when the
    part before it is no bare topic (it asks, or names nothing once its leads are gone)."""
    text = _found("leads").sub("", " ".join(question.split()))
    found = _separator().search(text)
    if found is None:
        return None
    topic, asking = text[:found.start()], text[found.end():]
    topic = _found("leads").sub("", topic)
    topic = _found("tails").sub("", topic).strip(" ,")
    if not topic or "?" in topic or _found("not_topics").search(topic) or not _describes_a_set(topic):
        return None
    return topic, asking


def _describes_a_set(topic: str) -> bool:
    """Does the topic describe things by a kind or a relation ('A's coauthors', 'the papers of V'), not only name
    them ('Bo Chen, Ann Lee: did they …' is no topic of this kind); a relation's verb or an auxiliary after a name states
    a fact ('A and B once wrote papers together -- have they …', 'A is an author on T. … their papers'), after a noun
    it describes ('The people who wrote papers with A')?"""
    from hgrag.agents.understanding.tokens import tag

    tokens = tag(topic.lower(), load("en"))
    if any(t.family == "head" and t.concept != "head:aux" for t in tokens):
        return False  # ('A journalist asked me what A works on. …': a sentence that holds a question word)
    aux = next((i for i, t in enumerate(tokens) if t.concept == "head:aux"), None)
    if aux is not None and not any(t.family in ("kind", "relation") for t in tokens[:aux]):
        return False  # ('A is an author on T. … their papers': a name then 'is' states a fact about A)
    named = [t for t in tokens if t.family == "kind" or t.concept == "relation:coauthor"]
    phrase = bool(tokens) and tokens[0].family in ("function", "kind", "relation")  # ('The people who wrote …')
    return bool(named) and (phrase or not any(t.family == "relation" and t.concept != "relation:coauthor"
                                              for t in tokens))


def _spec() -> dict[str, Any]:
    return load("en").extra.get("topic_sets", {})


# how each lexicon list of `topic_sets` is found: WORDS stands for the list's phrases
SHAPES = {"leads": r"^(?:(?:WORDS)\b[\s,]*)+", "tails": r"(?:[\s,]*\b(?:WORDS))+\s*$",
          "not_topics": r"^(?:WORDS)\b",  # a question word or auxiliary opening the part: a question of its own
          "anaphors": r"(?<![\w'’-])(?:WORDS)(?![\w'’-])"}


@lru_cache(maxsize=None)
def _found(key: str) -> re.Pattern:
    return re.compile(SHAPES[key].replace("WORDS", phrase_alternation(_spec().get(key, []))), re.IGNORECASE)


@lru_cache(maxsize=1)
def _separator() -> re.Pattern:
    return re.compile(rf"\s*(?:{'|'.join(re.escape(s.strip()) for s in _spec().get('separators', [])) or '(?!)'})\s+")
