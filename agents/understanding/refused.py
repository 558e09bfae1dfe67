"""A reading the asker refuses beside the one they want: '(the overlap, not the union)', 'the total rather than the
average'. Two operators of the lexicon (those a reading may be refused for) joined by a refusing link (lexicon `refused_alternatives.links`: 'not',
'rather than', 'instead of') correct the reading: the refused one is no part of the question and goes, so it can
neither steer the plan nor be counted as an operator the plan left out. A named thing refused ('papers by A, not B')
is an exclusion and stays."""

from __future__ import annotations

import re
from functools import lru_cache

from hgrag.agents.understanding.cue_words import phrase_alternation
from hgrag.agents.understanding.lexicon import load
from hgrag.tools.text import outside_quotes

OPERATOR = "operator"


def without_refused_alternatives(question: str) -> str:
    """The question without each refused operator and its link (unchanged when nothing is refused)."""
    words = load("en").extra.get("refused_alternatives", {})
    if not any(re.search(rf"\b{re.escape(link)}\b", question, re.IGNORECASE) for link in words.get("links", [])):
        return question
    return outside_quotes(question, lambda piece: _refusal().sub(_kept, piece))


def _kept(match: re.Match) -> str:
    wanted, refused = _operator(match.group("wanted")), _operator(match.group("refused"))
    return match.group("wanted") if wanted and refused and wanted != refused else match.group(0)


def _operator(form: str) -> str | None:
    """The form's operator when it is one a reading may be refused for (lexicon `refused_alternatives.operators`:
    'not not exist' refuses no reading)."""
    concept = load("en").concept(" ".join(form.lower().split())) or ""
    family, _, name = concept.partition(":")
    alternatives = load("en").extra.get("refused_alternatives", {}).get("operators", [])
    return concept if family == OPERATOR and name in alternatives else None


@lru_cache(maxsize=1)
def _refusal() -> re.Pattern:
    """'<operator>, not the <operator>' closing a clause or a bracket."""
    words = load("en").extra.get("refused_alternatives", {})
    links, determiners = phrase_alternation(words.get("links", [])), phrase_alternation(words.get("determiners", []))
    return re.compile(rf"(?P<wanted>\b[\w'-]+)\s*,?\s+(?:{links})\s+(?:(?:{determiners})\s+)?(?P<refused>[\w'-]+)"
                      rf"(?=\s*(?:[).;?!\]]|$))", re.IGNORECASE)
