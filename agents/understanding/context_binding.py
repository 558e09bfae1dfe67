"""Binding an anaphor of the asking sentence to one entity the context sentences name, when the context names
several: a possessive before a kind noun to the one person of the context ('A is an author on T. How many citations
do their papers have?'), a paper's or venue's anaphor to the one work or venue ('T is a paper whose first author is
A. … Where was it published?'), an anaphor led in by an exclusion to the one entity of its kind ('Not counting that
person, …'); and the small helpers that write an entity in an anaphor's place (agents/understanding/context_fold.py)."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from hgrag.agents.understanding.lexicon import load
from hgrag.agents.understanding.tokens import tag


def owner_of_a_set(named: dict[str, Any], kind: str, asking: str, match: re.Match) -> str | None:
    """'A is an author on T. How many citations do their papers have?': a possessive anaphor before a kind noun asks
    about a set the one context entity of the anaphor's kind owns: that owner written as the anaphor ("A's"); None
    when the anaphor is no such possessive or the context holds no single entity of its kind."""
    fitting = [s for s in named.values() if s.type == kind]
    following = tag(asking[match.end():].lower(), load("en"))[:1]
    owned = match.group(0).lower() in possessive_anaphors() and following and following[0].family == "kind"
    return written_as(fitting[0], match.group(0)) if owned and len(fitting) == 1 else None


def left_out_anaphor(asking: str, match: re.Match, kind: str, context: str,
                      detect: Callable[[str], list[Any]]) -> str | None:
    """The asking sentence with an anaphor that an exclusion lead of the lexicon leads in ('not counting that person')
    written as the one context entity of its kind, whatever else the sentence names; None otherwise."""
    leads = load("en").extra.get("exclusion_leads", [])
    before = asking[:match.start()].lower().rstrip()
    if not any(before.endswith(lead) for lead in leads):
        return None
    fitting = {entity_key(s): s for s in detect(context) if s.candidates and s.type == kind and not lexicon_words_only(s.text)}
    if len(fitting) != 1:
        return None
    return asking[:match.start()] + written_as(next(iter(fitting.values())), match.group(0)) + asking[match.end():]


def the_one_work(named: dict[str, Any], kind: str) -> dict[str, Any]:
    """The one context entity a paper's or venue's anaphor ('it') can stand for when the others are of other kinds
    ('T is a paper whose first author is A. … Where was it published?': T); else the entities unchanged. A person's
    anaphor is not bound so: the context may say who is meant by its relation ('A wrote T with B')."""
    fitting = [s for s in named.values() if s.type == kind]
    return {entity_key(fitting[0]): fitting[0]} if kind in ("paper", "venue") and len(fitting) == 1 else named


def lexicon_words_only(text: str) -> bool:
    """'I'm on', 'A grant': a 'name' made only of words the lexicon reads, or of such a word and lower-case English
    words, is no person of the context."""
    from hgrag.agents.linking.spelling import english_words

    words = re.findall(r"[^\W\d_]+(?:'[^\W\d_]+)?", text.replace("’", "'"))
    concepts = [load("en").concept(w.lower()) or "" for w in words]
    known = [bool(c) and (w.islower() or c.startswith("function:")) for w, c in zip(words, concepts)]
    plain = [w.islower() and w in english_words() for w in words]
    return bool(words) and (all(known) or known[0] and all(plain[1:]) and len(words) > 1)


def entity_key(span: Any) -> str:
    return str(span.candidates[0].node_id)


def written_as(span: Any, anaphor: str) -> str:
    """The entity as the question names it: a title quoted, a possessive anaphor as a possessive."""
    name = f'"{span.text}"' if span.type == "paper" else span.text
    possessive = anaphor.lower() in possessive_anaphors()
    return f"{name}'s" if possessive else name


@lru_cache(maxsize=1)
def possessive_anaphors() -> frozenset[str]:
    return frozenset(load("en").extra.get("anaphors", {}).get("possessive", []))
