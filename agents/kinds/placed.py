"""A byline place on a paper's authorships ('the institutions of the first author of T on that paper'): the walk
from a paper to its authorships keeps the one at that place (position N, or the last one) before it goes on."""

from __future__ import annotations

from typing import Any

from hgrag.state import plan_ir as ir


def byline_placed(plan: dict[str, Any] | None, question: str) -> dict[str, Any] | None:
    """The plan with its paper-to-authorships step narrowed to the byline place the question names; the plan as it
    is when it names none or takes no such step. A byline person's affiliations said neither on the paper nor over
    the person's record are read over the record, with the paper's entries kept as the other reading: the check
    abstains when the two answer differently."""
    from hgrag.agents.answering.interpretation import interpret
    from hgrag.agents.checking.readings import other_reading
    from hgrag.agents.understanding.cue_words import byline_places

    if not plan or not plan.get("ir"):
        return plan
    place = next((where for pattern, where in byline_places() if pattern.search(question.lower())), None)
    wide = _person_wide(question)
    placed = _placed(plan["ir"], place, wide is not False) if place is not None else \
        _placed(plan["ir"], None, True) if _says_person_wide(question) else None
    if placed is None:
        return plan
    placed_plan = {**plan, "ir": placed, "interpretation": interpret(placed, anchors=plan.get("anchors"))}
    on_the_paper = _placed(plan["ir"], place, False) if place is not None and wide is None else None
    if on_the_paper is not None:
        placed_plan.update(reads="over the person's whole record", other_readings=[
            *plan.get("other_readings", []), other_reading(on_the_paper, "as listed on that paper")])
    return placed_plan


def _person_wide(question: str) -> bool | None:
    """'At which institutions has the last author of T held an affiliation?', 'which institutions is the first author
    of T affiliated with': a person's affiliations over all their papers (the lexicon's `byline_person.person_wide`
    words, or a present-tense verb: `present_tense`); False when the question keeps to the paper ('on that paper',
    'as listed': `on_the_paper`); None when it says neither ('T last author affiliation')."""
    from hgrag.agents.kinds.lexicon import lexicon, phrase_in

    words = lexicon().get("byline_person", {})
    if any(phrase_in(w, question) for w in words.get("on_the_paper", [])):
        return False
    from hgrag.tools.text import without_quoted

    unquoted = without_quoted(question)  # (a quoted title's 'is' says nothing of the asker)
    said = words.get("person_wide", []) + words.get("present_tense", [])
    return True if any(phrase_in(w, unquoted) for w in said) else None


def _says_person_wide(question: str) -> bool:
    """'the institutions of the authors of T, counting every authorship they hold', '… across all their papers': the
    question says the people's affiliations are theirs over all their papers (lexicon `byline_person.person_wide`)
    and nothing keeps to the paper; without such words the authors' entries on T are meant."""
    from hgrag.agents.kinds.lexicon import lexicon, phrase_in

    words = lexicon().get("byline_person", {})
    return _person_wide(question) is not False and any(phrase_in(w, question) for w in words.get("record_wide", []))


def _placed(op: Any, place: int | None, person_wide: bool = False) -> dict[str, Any] | None:
    if not isinstance(op, dict):
        return None
    if op.get("op") == "traverse" and (op.get("edge"), op.get("direction")) == ("authorship_of", "in") and (
            place is not None or (op.get("input") or {}).get("op") == "match"):  # (widened: a named paper's people)
        at = op if place is None else ir.where(op, "position", "=", place) if place > 0 else ir.top(op, "position", "max")
        person = ir.traverse(at, "authorship_by", "out")  # (the person at that place, then all their entries)
        return ir.traverse(person, "authorship_by", "in") if person_wide else at
    inner = _placed(op.get("input"), place, person_wide)
    if inner is not None:
        return {**op, "input": inner}
    for i, part in enumerate(op.get("inputs") or []):
        inner = _placed(part, place, person_wide)
        if inner is not None:
            return {**op, "inputs": [*op["inputs"][:i], inner, *op["inputs"][i + 1:]]}
    return None
