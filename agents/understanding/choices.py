"""A question that offers its answers to choose from, as a quiz does: 'Who wrote T? (a) X (b) Y (c) Z', 'Select all that
apply: …', 'Pick the right year: 2011 / 2013 / 2015'. The offered options are cut from the question and kept apart:
the question is read and answered as if asked plainly, and its answer is then kept to the options (planning/choices).

The instructions that say 'choose' ('select all that apply', 'Kreuze alle richtigen an', 'Cochez toutes les bonnes
réponses') and the words pointing at the options ('of these', 'dieser', 'parmi ces') are lexicon data (`choices` in
each read language's file, with the words joining the last two options, 'or', 'oder', 'ou'); this module holds only the
mechanism.
"""

from __future__ import annotations

import re
from functools import lru_cache

from hgrag.agents.understanding.cue_words import phrase_alternation
from hgrag.agents.understanding.lexicon import READ_LANGUAGES, load

_LETTERED = re.compile(r"(?:^|\s)\(?([a-hA-H])\)\s+")  # '(a) X', 'a) X'
_NUMBER_RUN = re.compile(r"[:?]\s*((?:\d+(?:[.,]\d+)?\s*/\s*)+\d+(?:[.,]\d+)?)\s*[.?]?\s*$")  # ': 2011 / 2013 / 2015'


def offered_choices(question: str) -> tuple[str, tuple[str, ...]]:
    """(the question without its options and its choosing instruction, the options); the question unchanged and
    no options when it offers none."""
    stem, options = _lettered(question)
    if not options:
        stem, options = _number_run(question)
    if not options:
        return question, ()
    return _plain_stem(stem), options


def names_something(stem: str) -> bool:
    """A quoted title or a run of capitalised words after the first word: the stem names what it asks about."""
    return bool(re.search(r"[\"“«]|\s[A-ZÀ-Ý][\w.'’‐-]*\s+[A-ZÀ-Ý]", stem))


def _lettered(question: str) -> tuple[str, tuple[str, ...]]:
    """Options lettered in order from (a): two at least."""
    marks = [m for m in _LETTERED.finditer(question)]
    run, expected = [], "a"
    for mark in marks:
        if mark.group(1).lower() == expected:
            run.append(mark)
            expected = chr(ord(expected) + 1)
    if len(run) < 2:
        return question, ()
    texts = [question[a.end():b.start()] for a, b in zip(run, run[1:])] + [question[run[-1].end():]]
    options = tuple(o for o in (_option_text(t) for t in texts) if o)
    return question[:run[0].start()].rstrip(" :-–—"), options


def _option_text(text: str) -> str:
    text = text.strip().rstrip(",;")
    joiners = [w for language in READ_LANGUAGES for w in load(language).extra.get("choices", {}).get("option_joiners", [])]
    text = re.sub(rf"\s+(?:{phrase_alternation(joiners) or '(?!)'})$", "", text.strip(), flags=re.IGNORECASE)  # ('(a) X or')
    text = text.strip().rstrip("?!").strip()
    return text.strip().strip("\"“”«»").strip()


def _number_run(question: str) -> tuple[str, tuple[str, ...]]:
    """Numbers or years offered at the end after a colon or a question mark ('… publish? 2016 / 2019 / 2021')."""
    found = _NUMBER_RUN.search(question)
    if found is None:
        return question, ()
    options = tuple(o.strip() for o in found.group(1).split("/"))
    end_mark = question[found.start()]
    return (question[:found.start()] + (end_mark if end_mark == "?" else "")).strip(), options


def _plain_stem(stem: str) -> str:
    """The stem without the instruction to choose and with 'which of these' read as 'which'."""
    instructions, pointing = _patterns()
    stem = instructions.sub(" ", stem) if instructions else stem
    stem = pointing.sub(" ", stem) if pointing else stem
    stem = re.sub(r"^\s*[:;,.–—-]+\s*", "", re.sub(r"\s+", " ", stem)).strip()
    stem = re.sub(r"\s*[:;,–—-]+\s*$", "", stem)
    stem = re.sub(r"([?.!])\s*[:;,]\s*", r"\1 ", stem)
    return stem[:1].upper() + stem[1:] if stem else stem


@lru_cache(maxsize=1)
def _patterns() -> tuple[re.Pattern | None, re.Pattern | None]:
    said = [load(language).extra.get("choices", {}) for language in READ_LANGUAGES]
    instructions = [w for spec in said for w in spec.get("instructions", [])]
    pointing = [w for spec in said for w in spec.get("pointing", [])]
    return (re.compile(rf"(?i)(?:^|(?<=[\s:.?!]))(?:{phrase_alternation(instructions)})\s*[:.!-]?" if instructions
                       else "(?!)"),
            re.compile(rf"(?i)(?:^|(?<=\s))(?:{phrase_alternation(pointing)})(?=\s)") if pointing else None)
