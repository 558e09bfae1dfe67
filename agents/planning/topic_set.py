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
    from hgrag.agents.checking.question_check import unexplained_parts

    split = _split(question)
    if split is None or not unexplained_parts(question, plan):
        return None
    topic, asking = split
    anaphor = _anaphor().search(asking)
    if anaphor is None:
        return None
    owned = anaphor.group(0).lower() in _spec().get("possessive_anaphors", [])
    text = asking[:anaphor.start()] + topic + ("'s" if owned else "") + asking[anaphor.end():]
    text = text[:1].upper() + text[1:]
    new = planned(text)
    if not new.get("ir") or new.get("operation") == "unsupported" or unexplained_parts(text, new):
        return None
    new["checked_question"] = text
    new["noted_readings"] = [*new.get("noted_readings", []), f"{anaphor.group(0)}: {topic}"]
    return new


def _split(question: str) -> tuple[str, str] | None:
    """(the topic without its leads and tails, the asking part) at the first separator of the lexicon; None when the
    part before it is no bare topic (it asks, or names nothing once its leads are gone)."""
    text = _lead().sub("", " ".join(question.split()))
    found = _separator().search(text)
    if found is None:
        return None
    topic, asking = text[:found.start()], text[found.end():]
    topic = _lead().sub("", topic)
    topic = _tail().sub("", topic).strip(" ,")
    if not topic or "?" in topic or _asks().search(topic) or not _describes_a_set(topic):
        return None
    return topic, asking


def _describes_a_set(topic: str) -> bool:
    """Does the topic describe things by a kind or a relation ('A's coauthors', 'the papers of V'), not only name
    them ('Bo Chen, Ann Lee: did they …' is no topic of this kind); a relation's verb after a name states a fact ('A and
    B once wrote papers together -- have they …'), after a noun it describes ('The people who wrote papers with A')?"""
    from hgrag.agents.understanding.tokens import tag

    tokens = tag(topic.lower(), load("en"))
    if any(t.family == "head" and t.concept != "head:aux" for t in tokens):
        return False  # ('A journalist asked me what A works on. …': a sentence that holds a question word)
    named = [t for t in tokens if t.family == "kind" or t.concept == "relation:coauthor"]
    phrase = bool(tokens) and tokens[0].family in ("function", "kind", "relation")  # ('The people who wrote …')
    return bool(named) and (phrase or not any(t.family == "relation" and t.concept != "relation:coauthor"
                                              for t in tokens))


def _spec() -> dict[str, Any]:
    return load("en").extra.get("topic_sets", {})


def _words(key: str) -> str:
    return phrase_alternation(_spec().get(key, []))


@lru_cache(maxsize=1)
def _separator() -> re.Pattern:
    return re.compile(rf"\s*(?:{'|'.join(re.escape(s.strip()) for s in _spec().get('separators', [])) or '(?!)'})\s+")


@lru_cache(maxsize=1)
def _lead() -> re.Pattern:
    return re.compile(rf"^(?:(?:{_words('leads')})\b[\s,]*)+", re.IGNORECASE)


@lru_cache(maxsize=1)
def _tail() -> re.Pattern:
    return re.compile(rf"(?:[\s,]*\b(?:{_words('tails')}))+\s*$", re.IGNORECASE)


@lru_cache(maxsize=1)
def _asks() -> re.Pattern:
    """A question word or auxiliary that opens the part: it is a question of its own, not a topic."""
    return re.compile(rf"^(?:{_words('not_topics')})\b", re.IGNORECASE)


@lru_cache(maxsize=1)
def _anaphor() -> re.Pattern:
    return re.compile(rf"(?<![\w'’-])(?:{_words('anaphors')})(?![\w'’-])", re.IGNORECASE)
