"""'Which of A's papers came out before B's first paper?', 'The year after A's first paper came out - which venues
did they publish in that year?', 'What has A published since their most recent paper with B?' is not this: a year
named by a named author's first or last paper. The year is read from the graph (the author's earliest or latest
year), written out ('before 2004', 'in 2005'), and the question planned again and checked, so whatever it asks of
that year is read as it would be with the year typed; a later 'that year' means the same year. Kept when the check
reads the written question in full; the words are lexicon data (`career_events`)."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Callable

from hgrag.agents.planning.career_window import _years
from hgrag.agents.understanding.cue_words import phrase_alternation
from hgrag.agents.understanding.lexicon import load
from hgrag.tools.text import literal_spans

PLACE = "zztheowner"  # where the named author stands while the event is read


def with_career_event(plan: dict[str, Any], question: str, store: Any,
                      replan: Callable[[str], dict[str, Any]]) -> dict[str, Any]:
    """`plan`, or the plan of the question with the year of a named author's first or last paper written out."""
    from hgrag.agents.checking.question_check import reads_it

    authors = [a for a in plan.get("anchors") or [] if a.get("type") == "author" and a.get("node_id") and a.get("text")]
    events = [(author, held, found) for author in authors for held in [_held(question, _typed(author))]
              for found in [_event().search(held)] if found]
    if not events:
        return plan  # (an event said is read even when the check let another reading pass: it is the more specific)
    for author, held, found in events:
        if found.group("owner") and len(authors) > 1:
            continue  # ('their first paper' with two people named: whose is not said)
        alone = not any(_typed(other) in held for other in authors if other is not author)
        text, note = _written(held, found, store, author, alone)
        if text is None:
            continue
        text = text.replace(PLACE, _typed(author))
        new = replan(text)
        if reads_it(text, new):
            new["checked_question"] = text
            new["noted_readings"] = [*new.get("noted_readings", []), note]
            return new
    return plan


def _typed(anchor: dict[str, Any]) -> str:
    return anchor.get("relinked_from") or anchor["text"]


def _held(question: str, typed: str) -> str:
    """The question with the author's name as typed standing as one token `PLACE` (curly apostrophes made plain)."""
    text, out, at = question.replace("’", "'"), [], 0
    for start, end in literal_spans(text, typed.replace("’", "'"), whole_word=True):
        out += [text[at:start], PLACE]
        at = end
    return "".join(out + [text[at:]])


def _written(held: str, found: re.Match, store: Any, author: dict[str, Any], alone: bool = True) -> tuple[str | None, str]:
    """(the question with the year written out, how it was reached), or (None, '') when the graph has no years; the
    author stays the subject of the rest only when no other author is named there."""
    spec = _spec()
    years = _years(store, author["node_id"])
    debut = found.group("debut")
    end = spec.get("debuts", {}).get(" ".join(debut.lower().split())) if debut else \
        spec["ends"].get(" ".join((found.group("end") or found.group("end_of")).lower().split()))
    if not years or end is None:
        return None, ""
    year = years[0] if end == "first" else years[-1]
    word, _, offset = spec["relations"][" ".join(found.group("rel").lower().split())]
    said = f"{word} {year + offset}"
    note = f"{_typed(author)}'s {end} paper appeared in {year}"
    before, after = held[:found.start()], held[found.end():]
    anaphor = _anaphor().search(after)
    if anaphor is None:
        return " ".join(f"{before} {said} {after}".split()), note
    after = after[:anaphor.start()] + said + after[anaphor.end():]
    kept = PLACE if alone and (found.group("named") or found.group("acting") or found.group("named_of")) else ""
    # ('once B had published for the first time, what did A publish in later years': B is no subject of the rest)  # ('The year after A's first paper came out - which venues did
    sep = next((s for s in spec.get("separators", []) if after.startswith(s)), "")  # they publish in that year?')
    return " ".join(f"{before}{kept}{sep or ' '}{after[len(sep):]}".split()), note


def _spec() -> dict[str, Any]:
    return load("en").extra.get("career_events", {})


@lru_cache(maxsize=1)
def _event() -> re.Pattern:
    """relation (the name's | their) first|last paper [came out]."""
    spec = _spec()
    rels, ends = phrase_alternation(list(spec.get("relations", {}))), phrase_alternation(list(spec.get("ends", {})))
    owners, nouns = phrase_alternation(spec.get("owners", [])), phrase_alternation(spec.get("nouns", []))
    possessive = phrase_alternation(spec.get("possessives", []))
    events = phrase_alternation(spec.get("events", []))
    verbs = phrase_alternation(spec.get("event_verbs", []))  # ('before B published their first paper')
    articles, links = phrase_alternation(spec.get("articles", [])), phrase_alternation(spec.get("links", []))
    debuts = phrase_alternation(list(spec.get("debuts", {}))) or "(?!)"
    return re.compile(rf"(?<![\w'-])(?P<rel>{rels})\s+(?:(?:{articles})\s+(?P<end_of>{ends})\s+(?:{nouns})\s+(?:{links})\s+"
                      rf"(?P<named_of>{PLACE})|(?:(?P<named>{PLACE})(?:{possessive})|(?P<owner>{owners})|"
                      rf"(?P<acting>{PLACE})\s+(?:{verbs})\s+(?:{owners}|{articles}))\s+(?P<end>{ends})\s+(?:{nouns})|"
                      rf"(?P<debuting>{PLACE})\s+(?:{verbs})\s+(?P<debut>{debuts}))"
                      rf"(?:\s+(?:{events}))?(?![\w'-])", re.IGNORECASE)  # ('before the first paper of B', 'once B had
    # published for the first time')


@lru_cache(maxsize=1)
def _anaphor() -> re.Pattern:
    return re.compile(rf"(?<![\w'-])(?:{phrase_alternation(_spec().get('year_anaphors', []))})(?![\w'-])", re.IGNORECASE)
