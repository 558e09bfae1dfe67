"""Remarks after a question that say only what form the answer should take: 'Who has more papers, A or B? Return
the name only.', '… ? Venue names are enough.', '… ? yes or no', '… ? need author names'. Such a remark holds a
mark of the lexicon's `answer_form` ('only', 'enough', 'fine', 'need' …), display words ('name', 'titles'), commands
and fillers, and at most the kind the question already asks ('Venue names' after 'Where …'); it says nothing of
what is asked, so the planner reads the question without it. A remark naming another kind ('Years only.' after
'Who …?') or anything else (a relation, a name, a number, a time) stays, and the check reads it."""

from __future__ import annotations

import re

from hgrag.agents.understanding.asked_head import WORD_KINDS, asked_kind
from hgrag.agents.understanding.lexicon import load
from hgrag.agents.understanding.tokens import tag
from hgrag.tools.text import quotes_masked

PASSING_FAMILIES = ("function", "filler")
PASSING_CONCEPTS = ("head:command", "head:aux", "operator:list")


def without_answer_form(question: str) -> str:
    """The question without the answer-form remarks after its last question mark (unchanged when any sentence
    after it is something else)."""
    masked = quotes_masked(question)
    end = masked.rfind("?")
    tail = question[end + 1:].strip() if end > 0 else ""
    if not tail or re.search(r"[\d\"“”«»(]", tail):
        return question
    asked = asked_kind(tag(question[:end + 1].lower(), load("en")))
    pieces = [p for p in re.split(r"(?<=[.!])\s+", tail) if p.strip(" .!")]
    return question[:end + 1] if pieces and all(_form_remark(p, asked) for p in pieces) else question


def _form_remark(piece: str, asked: str | None) -> bool:
    tokens = tag(piece.lower().strip(" .!"), load("en"))
    spec = load("en").extra.get("answer_form", {})
    marked = any(t.text in spec.get("marks", []) or t.concept in spec.get("mark_concepts", []) for t in tokens)
    said = []  # the kinds the remark names
    distributives = load("en").extra.get("distributives", [])
    for i, token in enumerate(tokens):
        concept = token.concept or ""
        if i and tokens[i - 1].text in distributives and token.family == "kind":
            continue  # ('one year for each paper': what it is given for, not what is given)
        if concept == "general:one" and i + 1 < len(tokens) and tokens[i + 1].family in ("kind", "attribute"):
            continue  # ('one year …': how many of the asked kind per thing)
        if token.family in PASSING_FAMILIES or concept in PASSING_CONCEPTS or token.text in spec.get("marks", []) \
                or concept in spec.get("mark_concepts", []):
            continue
        if token.text in spec.get("display_words", {}):
            said.append(spec["display_words"][token.text])
        elif concept == "operator:yes_no":
            said.append("yes/no")
        elif concept in WORD_KINDS and token.family in ("kind", "attribute", "operator"):
            said.append(WORD_KINDS[concept])
        else:
            return False  # (a relation, a name, a time, a value: more than the answer's form)
    return (marked or "yes/no" in said) and all(_fits(kind, asked) for kind in said)


def _fits(said: str, asked: str | None) -> bool:
    """A kind the remark names fits the kind asked, or one of the kinds it may stand for (lexicon
    `answer_form.stands_for`: 'names' fit a question asking for people or venues)."""
    stands_for = load("en").extra.get("answer_form", {}).get("stands_for", {})
    return said == asked or asked in stands_for.get(said, [])
