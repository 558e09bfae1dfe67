"""A question relayed for someone else, in the third person: 'A patron wants to know in which countries …', 'Our
reader needs the names of …', 'Someone at the desk is asking whether …'. The one who wants the answer is not the
asker, but what is asked is the same as in the first person, which the reader already reads ('I want to know …', 'I
need …'): the relaying subject and its verb are put in the first person. Who may relay (requester nouns, their
determiners and places) and the first-person form of each verb are lexicon data (`relayed_requests`)."""

from __future__ import annotations

import re
from functools import lru_cache

from hgrag.agents.understanding.cue_words import phrase_alternation
from hgrag.agents.understanding.lexicon import load
from hgrag.tools.text import quotes_masked


def with_relay_as_asker(question: str) -> str:
    """Each sentence opening 'A patron wants …' read as 'I want …' (the question unchanged when none does)."""
    pattern = _relay()
    if pattern is None:
        return question
    verbs = load("en").extra.get("relayed_requests", {}).get("verbs", {})
    masked, out, at = quotes_masked(question), [], 0
    for match in pattern.finditer(masked):
        out += [question[at:match.start("relay")], verbs[" ".join(match["verb"].lower().split())]]
        at = match.end("relay")
    return "".join(out + [question[at:]]) if out else question


@lru_cache(maxsize=1)
def _relay() -> re.Pattern | None:
    spec = load("en").extra.get("relayed_requests", {})
    if not spec.get("requesters") or not spec.get("verbs"):
        return None
    determiners, requesters = phrase_alternation(spec.get("determiners", [])), phrase_alternation(spec["requesters"])
    places, verbs = phrase_alternation(spec.get("places", [])) or "(?!)", phrase_alternation(list(spec["verbs"]))
    return re.compile(rf"(?:^|(?<=[.!?;:]\s))(?P<relay>(?:(?:{determiners})\s+)?(?:{requesters})"
                      rf"(?:\s+(?:{places}))?\s+(?P<verb>{verbs}))\b", re.IGNORECASE)
