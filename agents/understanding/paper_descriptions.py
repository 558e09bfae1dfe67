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

    question = _without_pronoun_descriptions(question, detect)
    sentences = [s for s in sentences_of(question) if s.strip()]
    if len(sentences) < 2 or _contrasted(sentences[-1]) or not re.search(TITLE, question):
        return question  # ('T appeared in V. Its authors have published elsewhere …': V is what 'elsewhere' leaves out)
    context = [_described_left_out(s, detect) for s in sentences[:-1]]
    return question if context == sentences[:-1] else " ".join(context + sentences[-1:])


def _without_pronoun_descriptions(question: str, detect: Callable[[str], list[Any]]) -> str:
    """The question without its sentences (split at any stop, a lower-case start too) that describe by a pronoun
    the paper a sentence before them names."""
    pieces = re.split(r"(?<=[.!])\s+", question.strip())
    if len(pieces) < 3 or _contrasted(pieces[-1]):
        return question
    named = next((i for i, p in enumerate(pieces[:-1]) if [m for m in detect(p) if m.candidates and m.type == "paper"]),
                 None)
    kept = [p for i, p in enumerate(pieces) if named is None or i <= named or i == len(pieces) - 1
            or not _pronoun_description(p, detect)]
    return question if len(kept) == len(pieces) else " ".join(kept)


def _pronoun_description(sentence: str, detect: Callable[[str], list[Any]]) -> bool:
    """'it came out in 2025.', 'It's from 2003 I think.': a pronoun for the paper named before, a verb of its coming
    out, and only a year or a venue (and hedges) after it."""
    spec = load("en").extra.get("paper_descriptions", {})
    subjects, verbs = (phrase_alternation(spec.get(key, [])) for key in ("pronoun_subjects", "pronoun_verbs"))
    found = re.match(rf"\s*(?:{subjects})\s*(?:{verbs})\s+(?P<rest>[^.!?;]+?)\s*[.!;]?\s*$", sentence, re.IGNORECASE)
    if found is None:
        return False
    hedges = phrase_alternation(spec.get("hedges", []))
    rest = re.sub(rf"(?<![\w'])(?:{hedges})(?![\w'])", " ", found["rest"], flags=re.IGNORECASE)
    return _only_place_or_time(rest, detect) and rest.strip() != ""


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
