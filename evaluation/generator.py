"""Benchmark generation: `per_type` questions for each query type, gold answers from the graph.

Deterministic for a seed: anchors are iterated in sorted order and shuffled with
random.Random seeded from (seed, intent), and the template is drawn from a separate
random.Random seeded from (seed, intent) too. The standard and the paraphrase benchmark of
one seed therefore ask about the same entities with different wordings.
Within a type the intents take turns (round robin), so they are spread evenly; an intent
with no candidates on a dataset (doi / orcid / type on DBLP) is skipped and the others fill in.
An intent can take a smaller share (intent_samplers.INTENT_WEIGHTS: 0.5 = every other turn), and
can reuse the wordings of another intent in every template set (TEMPLATE_ALIASES).

Question rows: {"id", "question", "type", "intent", "answer", "slots", "entities", "rendering"}.
  slots      slot -> the text as it appears in the question (what evaluation/perturb.py rewrites);
  entities   slot -> the full canonical text of every slot (author names in full, titles as in
             the question), equal to `slots` except where a rendering was applied;
  rendering  slot -> how it was rendered ("initials" / "initials_ambiguous", evaluation/renderings.py,
             drawn from a third random.Random seeded from (seed, intent)); {} when none.
"""

from __future__ import annotations

import importlib
import json
import random
import string
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

from hgrag.evaluation.graph_facts import GraphFacts
from hgrag.evaluation.intent_samplers import INTENT_WEIGHTS, NAME_RENDERING, QUESTION_TYPES, SAMPLERS
from hgrag.evaluation.renderings import render_slots
from hgrag.tools.errors import InputError
from hgrag.tools.graph_store import GraphStore

TEMPLATE_SETS = ("standard", "paraphrase", "heldout", "blind", "blind2", "blind3")
DEFAULT_PER_TYPE = 100
SLOTS = {"paper", "paper2", "author", "author2", "venue", "year"}
# Intents without wordings of their own: they are asked with the wordings of another intent
# (the false premise is a paper_coauthors question about the wrong author).
TEMPLATE_ALIASES = {"paper_coauthors_false_premise": "paper_coauthors"}


def load_templates(template_set: str = "standard") -> dict[str, list[str]]:
    """TEMPLATES of evaluation/templates_<template_set>.py, checked against the catalogue."""
    if template_set not in TEMPLATE_SETS:
        raise InputError(f"unknown template set {template_set!r}; choose one of: {', '.join(TEMPLATE_SETS)}")
    try:
        module = importlib.import_module(f"hgrag.evaluation.templates_{template_set}")
    except ModuleNotFoundError:
        raise InputError(f"template set {template_set!r} is not available "
                         f"(evaluation/templates_{template_set}.py is missing)") from None
    templates: dict[str, list[str]] = dict(module.TEMPLATES)
    for alias, intent in TEMPLATE_ALIASES.items():
        if alias not in templates and templates.get(intent):
            templates[alias] = list(templates[intent])
    for _, intent, _ in SAMPLERS:
        if not templates.get(intent):
            via = f" (alias of {TEMPLATE_ALIASES[intent]!r})" if intent in TEMPLATE_ALIASES else ""
            raise InputError(f"template set {template_set!r} has no wording for intent {intent!r}{via}")
    return templates


def template_slots(template: str) -> set[str]:
    """Slot names used by a format string."""
    return {field for _, field, _, _ in string.Formatter().parse(template) if field}


def _fitting_templates(templates: list[str], slots: dict[str, str]) -> list[str]:
    """Templates that use exactly the slots this candidate fills."""
    return [t for t in templates if template_slots(t) == set(slots)]


def _question_stream(
    facts: GraphFacts, intent: str, sampler: Any, templates: list[str], seed: int
) -> Iterator[dict[str, Any]]:
    """Drafted rows {"question", "answer", "slots", "entities", "rendering"} of one intent."""
    entity_rng = random.Random(f"{seed}:{intent}:entities")
    wording_rng = random.Random(f"{seed}:{intent}:wording")
    rendering_rng = random.Random(f"{seed}:{intent}:rendering")
    policy = NAME_RENDERING.get(intent, "any")
    for slots, answer in sampler(facts, entity_rng):
        fitting = _fitting_templates(templates, slots)
        if fitting:
            shown, rendering = render_slots(facts, slots, rendering_rng, policy)
            yield {"question": wording_rng.choice(fitting).format(**shown), "answer": answer,
                   "slots": shown, "entities": dict(slots), "rendering": rendering}


def _round_robin(streams: list[tuple[str, float, Iterator[dict[str, Any]]]], quota: int
                 ) -> list[tuple[str, dict[str, Any]]]:
    """Take items from the streams in turns until `quota` items or all streams are dry.

    A stream of weight w gets w items per turn on average: its credit grows by w every turn and
    it yields while the credit reaches 1 (weight 1: every turn; 0.5: every other turn, from the
    second). Items whose question text was already taken are skipped.
    """
    chosen: list[tuple[str, dict[str, Any]]] = []
    seen_questions: set[str] = set()
    active = [entry for entry in streams if entry[1] > 0]
    credit = {intent: Fraction(0) for intent, _, _ in active}
    while active and len(chosen) < quota:
        for entry in list(active):
            intent, weight, stream = entry
            credit[intent] += Fraction(weight).limit_denominator(1000)
            while credit[intent] >= 1 and len(chosen) < quota:
                credit[intent] -= 1
                item = next(stream, None)
                while item is not None and item["question"] in seen_questions:
                    item = next(stream, None)
                if item is None:
                    active.remove(entry)
                    break
                seen_questions.add(item["question"])
                chosen.append((intent, item))
    return chosen


def generate_questions(
    store: GraphStore,
    dataset: str = "openalex",
    *,
    per_type: int = DEFAULT_PER_TYPE,
    seed: int = 0,
    template_set: str = "standard",
    types: tuple[str, ...] = QUESTION_TYPES,
) -> list[dict[str, Any]]:
    """`per_type` questions of each type: {"id", "question", "type", "intent", "answer", "slots",
    "entities", "rendering"} (see the module docstring).

    `slots` / `entities` record the entities the question names (for error analysis); systems see
    only `question`.
    """
    if per_type < 1:
        raise InputError(f"--per-type must be at least 1, got {per_type}")
    templates = load_templates(template_set)
    facts = GraphFacts(store)
    questions: list[dict[str, Any]] = []
    for question_type in types:
        streams = [
            (intent, INTENT_WEIGHTS.get(intent, 1),
             _question_stream(facts, intent, sampler, templates[intent], seed))
            for kind, intent, sampler in SAMPLERS
            if kind == question_type
        ]
        for intent, row in _round_robin(streams, per_type):
            questions.append({
                "id": f"{dataset}-{len(questions) + 1:04d}",
                "question": row["question"],
                "type": question_type,
                "intent": intent,
                "answer": row["answer"],
                "slots": row["slots"],
                "entities": row["entities"],
                "rendering": row["rendering"],
            })
    return questions


def write_questions(questions: list[dict[str, Any]], path: str | Path) -> Path:
    """One JSON object per line (UTF-8, non-ASCII kept)."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    with target.open("w", encoding="utf-8") as handle:
        for row in questions:
            handle.write(json.dumps(row, ensure_ascii=False) + "\n")
    return target


def load_store(dataset: str, source: str | Path | None = None, progress: bool = False) -> GraphStore:
    """The graph store of a dataset (graph only, no entity index), cached by hgrag.tools.resources."""
    from hgrag.tools.resources import load_graph

    return load_graph(dataset, source, progress=progress).store


def generate_benchmark(
    dataset: str,
    out: str | Path,
    *,
    source: str | Path | None = None,
    per_type: int = DEFAULT_PER_TYPE,
    seed: int = 0,
    template_set: str = "standard",
    progress: bool = False,
) -> list[dict[str, Any]]:
    """Generate a benchmark for a named dataset and write it to `out` as JSON lines."""
    load_templates(template_set)  # fail fast on a bad template set, before loading the graph
    store = load_store(dataset, source, progress=progress)
    questions = generate_questions(store, dataset, per_type=per_type, seed=seed, template_set=template_set)
    write_questions(questions, out)
    return questions


def count_by(questions: list[dict[str, Any]], key: str) -> dict[str, int]:
    counts: dict[str, int] = {}
    for row in questions:
        counts[str(row.get(key))] = counts.get(str(row.get(key)), 0) + 1
    return counts
