"""What a context sentence says of a named paper's own publication describes that paper; it asks nothing and
narrows nothing: 'Pulling up "T", published 2021. Which works does it reference?', '"T" appeared in Computer Aided
Geometric Design. Which papers cite it?'. Before the asking sentence, a quoted title's appositive year ('"T",
published 2021', '"T" (2021)') and a predicate saying only where or when the paper came out ('"T" appeared in V',
'"T" was published in V in 2009') are left out, so the year or venue cannot become a filter on what is asked.
The words are lexicon data (`paper_descriptions`)."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from hgrag.agents.understanding.cue_words import phrase_alternation
from hgrag.agents.understanding.lexicon import load

YEAR = r"(?:19|20)\d\d"
TITLE = r"[\"“][^\"“”]{8,}[\"”]"


def without_paper_descriptions(question: str, detect: Callable[[str], list[Any]]) -> str:
    """The question with the context sentences' descriptions of a named paper's publication left out."""
    from hgrag.agents.understanding.sentences import sentences_of

    if not re.search(TITLE, question):
        return question
    sentences = [s for s in sentences_of(question) if s.strip()]
    if len(sentences) < 2:
        return question
    if _contrasted(sentences[-1]):
        return question  # ('T appeared in V. Its authors have published elsewhere …': V is what 'elsewhere' leaves out)
    context = [_described_left_out(s, detect) for s in sentences[:-1]]
    return question if context == sentences[:-1] else " ".join(context + sentences[-1:])


def _contrasted(asking: str) -> bool:
    """The asking sentence sets something against what came before (a narrowing word, or a contrast of the
    lexicon's `paper_descriptions.contrasts`: 'elsewhere', 'other')."""
    from hgrag.agents.understanding.narrowing import narrowing

    contrasts = load("en").extra.get("paper_descriptions", {}).get("contrasts", [])
    return narrowing().search(asking) is not None or \
        re.search(rf"(?<![\w-])(?:{phrase_alternation(contrasts)})(?![\w-])", asking, re.IGNORECASE) is not None


def _described_left_out(sentence: str, detect: Callable[[str], list[Any]]) -> str:
    sentence = _appositive().sub(lambda m: m["title"], sentence)
    match = _predicate().search(sentence)
    if match is None or not _only_place_or_time(match["rest"], detect):
        return sentence
    return sentence[:match.end("title")] + match["stop"]


def _only_place_or_time(rest: str, detect: Callable[[str], list[Any]]) -> bool:
    """The words after the verb name a venue, a year, or both, and nothing else."""
    spec = load("en").extra.get("paper_descriptions", {})
    left = rest
    for span in sorted((s for s in detect(rest) if s.candidates and s.type == "venue"), key=lambda s: -s.start):
        left = left[:span.start] + " " + left[span.end:]
    left = re.sub(YEAR, " ", left)
    glue = set(spec.get("glue", []))
    return left != rest and all(w in glue for w in re.findall(r"[\w'-]+", left.lower()))


@lru_cache(maxsize=1)
def _appositive() -> re.Pattern:
    spec = load("en").extra.get("paper_descriptions", {})
    marks, before = (phrase_alternation(spec.get(key, [])) for key in ("year_marks", "year_prepositions"))
    return re.compile(rf"(?P<title>{TITLE})(?:\s*,\s*(?:(?:{marks})\s+)?(?:(?:{before})\s+)?{YEAR}(?=\s*[,.;!]|\s*$)"
                      rf"|\s*\({YEAR}\))")


@lru_cache(maxsize=1)
def _predicate() -> re.Pattern:
    verbs = phrase_alternation(load("en").extra.get("paper_descriptions", {}).get("verbs", []))
    return re.compile(rf"(?P<title>{TITLE})\s*,?\s+(?:{verbs})\s+(?P<rest>[^.!?;]+?)\s*(?P<stop>[.!;]?)\s*$")
