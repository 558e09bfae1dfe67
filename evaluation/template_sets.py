"""Question wording sets: evaluation/templates/<set>.json ({intent: [wordings]}), read by one loader.

A set declares its own intents (the keys of its file); it need not cover the whole catalogue.
An intent without wordings of its own (TEMPLATE_ALIASES) borrows those of another intent in every
set that has that intent. A wording is a str.format pattern over the slots of its intent
(evaluation/templates/README.md); free-typed sets (names starting with "freetyped") may also use
{other_author} / {other_paper}: real but unrelated entities named only as context.
"""

from __future__ import annotations

import json
import string
from pathlib import Path

from hgrag.tools.errors import InputError

TEMPLATE_DIR = Path(__file__).resolve().parent / "templates"
ENTITY_SLOTS = frozenset({"paper", "paper2", "author", "author2", "venue", "year", "number", "decade"})
CONTEXT_SLOTS = frozenset({"other_author", "other_paper"})
FREE_TYPED_PREFIX = "freetyped"
# Intents without wordings of their own: they are asked with the wordings of another intent
# (the false premise is a paper_coauthors question about the wrong author).
TEMPLATE_ALIASES = {"paper_coauthors_false_premise": "paper_coauthors"}


def available_sets() -> tuple[str, ...]:
    """Names of the wording sets shipped in evaluation/templates/, sorted."""
    return tuple(sorted(path.stem for path in TEMPLATE_DIR.glob("*.json")))


TEMPLATE_SETS = available_sets()


def is_free_typed(template_set: str) -> bool:
    """Free-typed sets get sloppy renderings (typos, lower case, 'Surname, Given') and context slots."""
    return template_set.startswith(FREE_TYPED_PREFIX)


def template_slots(template: str) -> set[str]:
    """Slot names used by a format string."""
    return {field for _, field, _, _ in string.Formatter().parse(template) if field}


def asked_slots(template: str) -> set[str]:
    """The slots a wording asks about (context slots such as {other_author} left out)."""
    return template_slots(template) - CONTEXT_SLOTS


def _read_set(template_set: str) -> object:
    path = TEMPLATE_DIR / f"{template_set}.json"
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InputError(f"template set {template_set!r} is not available ({path} is missing)") from None
    except json.JSONDecodeError as exc:
        raise InputError(f"{path}: not valid JSON ({exc.msg}, line {exc.lineno})") from None


def _check_wordings(template_set: str, intent: str, wordings: object, known: set[str]) -> list[str]:
    where = f"template set {template_set!r}, intent {intent!r}"
    if intent not in known:
        raise InputError(f"{where}: unknown intent")
    if not isinstance(wordings, list) or not wordings or not all(isinstance(w, str) for w in wordings):
        raise InputError(f"{where}: expected a non-empty list of wordings")
    allowed = ENTITY_SLOTS | (CONTEXT_SLOTS if is_free_typed(template_set) else frozenset())
    for wording in wordings:
        try:
            slots = template_slots(wording)
        except ValueError as exc:
            raise InputError(f"{where}: bad format string {wording!r} ({exc})") from None
        if not slots <= allowed:
            raise InputError(f"{where}: unknown slot(s) {sorted(slots - allowed)} in {wording!r}")
    return list(wordings)


def load_templates(template_set: str = "standard") -> dict[str, list[str]]:
    """{intent: [wordings]} of one set, checked against the intent catalogue, aliases filled in."""
    from hgrag.evaluation.catalogue import INTENTS

    if template_set not in available_sets():
        raise InputError(f"unknown template set {template_set!r}; choose one of: {', '.join(available_sets())}")
    data = _read_set(template_set)
    if not isinstance(data, dict) or not data:
        raise InputError(f"template set {template_set!r}: expected a JSON object {{intent: [wordings]}}")
    templates = {intent: _check_wordings(template_set, intent, wordings, set(INTENTS))
                 for intent, wordings in data.items()}
    for alias, intent in TEMPLATE_ALIASES.items():
        if alias not in templates and templates.get(intent):
            templates[alias] = list(templates[intent])
    return templates
