"""Attribute ellipsis: 'and the venue?', 'ok, and citation count', 'right, and its year' after a turn about
one paper ask the same kind of thing of that turn's subject ("the venue of 'T'?").

The fragment must be made only of fillers, function words and the question lexicon's attribute and kind
words. Its subject is the last answered turn's single entity whose type has what is asked
(`slot_owners` in lexicon_en.json: a year belongs to a paper, not to the venue just answered); several
fitting entities in the last answer ('and the venue?' after a list of papers) is no subject: the resolver
then asks back.
"""

from __future__ import annotations

import re
from typing import Any

from hgrag.agents.conversation.lexicon import lexicon, possessive_pronouns, search_words, words
from hgrag.agents.conversation.memory import Turn
from hgrag.agents.conversation.pick import answered
from hgrag.agents.conversation.references import find_references, fragment_only
from hgrag.agents.understanding.lexicon import load
from hgrag.agents.understanding.tokens import tag

ASKED_FAMILIES = ("attribute", "kind")


def attribute_ellipsis(low: str, spans: list[Any], years: list[int], history: list[Turn]) -> dict[str, Any] | None:
    """An ellipsis reading ("the venue of 'T'?") of a fragment that only names what is asked, or None."""
    if spans or years or not history or history[-1].get("clarify") or _points_back(low, spans):
        return None
    asked = _asked_slot(low)
    if asked is None:
        return None
    concept, phrase = asked
    subject, turn = _subject(history, lexicon()["slot_owners"].get(concept, []))
    if subject is None:
        return None
    words = f"'{subject['label']}'" if subject["type"] == "paper" else subject["label"]
    return {"kind": "ellipsis", "question": f"{phrase} of {words}?", "turn": turn["turn"],
            "taken": [f"'{low.strip(' ?.!')}' asks {phrase} of '{subject['label']}' from turn {turn['turn']}"]}


def _points_back(low: str, spans: list[Any]) -> bool:
    """'so that's how many papers?', 'and their venues': a word that stands for an earlier answer (other
    than 'the venue' itself or an 'its') makes this no question about the subject."""
    if search_words("set_words", low):
        return True
    article = tuple(f"{w} " for w in words("slot_phrase_openers"))
    return any(not (ref.kind == "demonstrative" and ref.phrase.startswith(article) or ref.possessive and ref.number == "one")
               for ref in find_references(low, spans))


def _asked_slot(low: str) -> tuple[str, str] | None:
    """(concept, phrase) the fragment asks: 'the venue' (kind:venue), or what a lone question word asks
    ('published where?', 'and when?': `slot_heads`), or None."""
    tagged = [t for t in tag(low, load("en")) if t.family != "filler"]
    tokens = _fragment_tokens(tagged)
    if tokens:
        head = [t for t in tokens if t.family in ASKED_FAMILIES][-1]
        article = words("slot_phrase_openers")[0]  # 'its year' asks 'the year'
        return head.concept or "", " ".join(article if t.text in possessive_pronouns() else t.text for t in tokens)
    return _head_slot(tagged)


def _head_slot(tagged: list[Any]) -> tuple[str, str] | None:
    """'published where?', 'and when?', 'and who is listed last?': one question word of `slot_heads` with
    the words one of its readings needs, and nothing else than leading function words, auxiliaries and the
    words that reading allows."""
    tokens = [t for t in tagged if t.concept != "head:aux"]
    while tokens and tokens[0].family == "function":
        tokens = tokens[1:]
    heads = [t for t in tokens if t.family == "head"]
    if len(heads) != 1:
        return None
    others = {t.concept for t in tokens if t is not heads[0]}
    for reading in lexicon()["slot_heads"].get(heads[0].concept or "", []):
        needs = set(reading.get("needs", []))
        if needs <= others and others <= needs | set(reading["with"]):
            return reading["asks"], reading["phrase"]
    return None


def _fragment_tokens(tagged: list[Any]) -> list[Any]:
    """The fragment's asked phrase ('the venue', 'citation count') among its tokens (fillers left out), or []
    when it says anything else."""
    opening = possessive_pronouns() + tuple(words("slot_phrase_openers"))  # 'its year', 'the venue'
    kept = opening + tuple(words("slot_phrase_joiners"))  # 'the number of citations'
    tokens = list(tagged)
    while tokens and (t := tokens[0]).family in ("function", "head") and t.text not in opening:
        tokens = tokens[1:]  # 'and', 'what (about)', 'same paper -' lead in
        if t.concept == "function:same" and tokens and tokens[0].family == "kind":
            tokens = tokens[1:]
    allowed = all(t.family in ASKED_FAMILIES or t.text in kept or t.concept == "operator:count" for t in tokens)
    return tokens if tokens and allowed and any(t.family in ASKED_FAMILIES for t in tokens) else []


def _subject(history: list[Turn], owners: list[str]) -> tuple[dict[str, Any] | None, Turn | None]:
    """The single entity of an owning type in the last answered turn: its answer's item, else what it asked
    about. An earlier turn is never reached back to ('and the last author?' after a question about the first
    author continues that question, it does not ask the paper's last author)."""
    for turn in answered(history)[:1]:
        for pool in (turn["items"], turn["anchors"]):
            fitting = [it for it in pool if it["type"] in owners]
            if len(fitting) == 1:
                return fitting[0], turn
            if len(fitting) > 1:
                return None, None
    return None, None


def position_ellipsis(low: str, spans: list[Any], years: list[int], history: list[Turn]) -> dict[str, Any] | None:
    """'and last?', 'and the second?' after a question about one place ('who is listed first on T?'): that
    question with the place the fragment names; None unless the fragment names one place and nothing else
    and the last question named exactly one."""
    if spans or years or not history or history[-1].get("clarify") or find_references(low, spans):
        return None  # 'and the last author?' selects from the byline (pick.select)
    places = lexicon()["ordinals"]
    named = [w for w in re.findall(r"[\w'-]+", low) if w in places]
    extra = tuple(places) + tuple(w for p in words("ellipsis_openers") for w in p.split())
    if len(named) != 1 or not fragment_only(low, [], extra + tuple(words("selection_words"))):
        return None
    frame = history[-1] if history[-1]["answer"] and history[-1].get("kind") != "refinement" else None
    question = (frame or {}).get("question") or ""
    unquoted = re.sub(r"'[^']*'|\"[^\"]*\"", lambda m: " " * len(m.group(0)), question.lower())
    olds = [m for m in re.finditer(r"[\w'-]+", unquoted) if m.group(0) in places]
    if len(olds) != 1 or olds[0].group(0) == named[0]:
        return None
    old = olds[0]
    return {"kind": "ellipsis", "question": question[:old.start()] + named[0] + question[old.end():], "turn": frame["turn"],
            "taken": [f"'{low.strip(' ?.!')}' continues turn {frame['turn']} ('{question}'); "
                      f"'{named[0]}' replaces '{old.group(0)}'"]}
