"""Benchmark generation: `per_type` questions for each query type, gold answers from the graph.

Deterministic for a seed: anchors are iterated in sorted order and shuffled with
random.Random seeded from (seed, intent), and the template is drawn from a separate
random.Random seeded from (seed, intent) too. The standard and the paraphrase benchmark of
one seed therefore ask about the same entities with different wordings.
Within a type the intents take turns (round robin), so they are spread evenly; an intent
with no candidates on a dataset (doi / orcid / type on DBLP) is skipped and the others fill in.
An intent can take a smaller share (catalogue.INTENT_WEIGHTS: 0.5 = every other turn), and
can reuse the wordings of another intent in every template set (template_sets.TEMPLATE_ALIASES).
A template set (evaluation/templates/<set>.json) declares its intents; only their types are generated.
Free-typed sets (template_sets.is_free_typed) render mentions sloppily and fill context slots
({other_author}, {other_paper}) with unrelated real entities (evaluation/free_typed.py).

Question rows: {"id", "question", "type", "intent", "answer", "slots", "entities", "rendering"}.
  slots      slot -> the text as it appears in the question (what evaluation/perturb.py rewrites);
  entities   slot -> the full canonical text of every slot (author names in full, titles as in
             the question), equal to `slots` except where a rendering was applied;
  rendering  slot -> how it was rendered ("initials" / "initials_ambiguous", evaluation/renderings.py;
             free-typed sets also "misspelt", "lowercase", "surname_first"), drawn from a third
             random.Random seeded from (seed, intent); {} when none.
Context slots of free-typed sets appear in `slots` and `entities` under their own names.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

from hgrag.evaluation.catalogue import (DEFAULT_PER_TYPE, INTENT_WEIGHTS, NAME_RENDERING, PER_TYPE_DEFAULTS,
                                        QUESTION_TYPES, SAMPLERS)
from hgrag.evaluation.free_typed import context_slots, render_free_typed
from hgrag.evaluation.graph_facts import GraphFacts
from hgrag.evaluation.renderings import render_slots
from hgrag.evaluation.template_sets import (TEMPLATE_ALIASES, TEMPLATE_SETS, asked_slots, is_free_typed,
                                            load_templates, template_slots)
from hgrag.tools.errors import InputError
from hgrag.tools.graph_store import GraphStore

__all__ = ["TEMPLATE_ALIASES", "TEMPLATE_SETS", "generate_questions", "generate_benchmark", "load_templates",
           "template_slots", "write_questions", "count_by"]


def _without_held_properties(templates: dict[str, list[str]], store: GraphStore) -> dict[str, list[str]]:
    """An 'unsupported property' wording that asks for a kind this graph does hold (institutions, topics,
    keywords, funders on OpenAlex) is answerable here, so its gold [] would be false: it is left out."""
    from hgrag.agents.kinds.lexicon import cues
    from hgrag.tools.graph_kinds import NAMED_RICH_TYPES

    counts = store.node_counts()
    held = {kind for kind in NAMED_RICH_TYPES if counts.get(kind)} | ({"primary_topic"} if counts.get("topic") else set())
    if not held:
        return templates
    return {intent: [w for w in wordings if not intent.endswith("unsupported_property")
                     or not any(c.group in held for c in cues(w))]
            for intent, wordings in templates.items()}


def _fitting_templates(templates: list[str], slots: dict[str, str]) -> list[str]:
    """Templates that ask about exactly the slots this candidate fills (context slots aside)."""
    return [t for t in templates if asked_slots(t) == set(slots)]


def _question_stream(
    facts: GraphFacts, intent: str, sampler: Any, templates: list[str], seed: int, free_typed: bool = False
) -> Iterator[dict[str, Any]]:
    """Drafted rows {"question", "answer", "slots", "entities", "rendering"} of one intent."""
    entity_rng = random.Random(f"{seed}:{intent}:entities")
    wording_rng = random.Random(f"{seed}:{intent}:wording")
    rendering_rng = random.Random(f"{seed}:{intent}:rendering")
    context_rng = random.Random(f"{seed}:{intent}:context")
    policy = NAME_RENDERING.get(intent, "any")
    for slots, answer in sampler(facts, entity_rng):
        fitting = _fitting_templates(templates, slots)
        if not fitting:
            continue
        wording = wording_rng.choice(fitting)
        context: dict[str, str] = {}
        if free_typed:
            shown, rendering = render_free_typed(facts, slots, rendering_rng, policy)
            found = context_slots(facts, template_slots(wording) - set(slots), slots, context_rng)
            if found is None:
                continue
            context = found
        else:
            shown, rendering = render_slots(facts, slots, rendering_rng, policy)
        yield {"question": wording.format(**shown, **context), "answer": answer,
               "slots": {**shown, **context}, "entities": {**slots, **context}, "rendering": rendering}


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


def set_types(templates: dict[str, list[str]], types: tuple[str, ...] | None = None) -> list[str]:
    """Question types (catalogue order) that the set has at least one intent of."""
    present = {kind for kind, intent, _ in SAMPLERS if intent in templates}
    return [t for t in QUESTION_TYPES if t in present and (types is None or t in types)]


def generate_questions(
    store: GraphStore,
    dataset: str = "openalex",
    *,
    per_type: int | None = None,
    seed: int = 0,
    template_set: str = "standard",
    types: tuple[str, ...] | None = None,
) -> list[dict[str, Any]]:
    """`per_type` questions of each type the set has intents of (default: catalogue.PER_TYPE_DEFAULTS,
    else DEFAULT_PER_TYPE): {"id", "question", "type", "intent", "answer", "slots", "entities",
    "rendering"} (see the module docstring).

    `slots` / `entities` record the entities the question names (for error analysis); systems see
    only `question`.
    """
    if per_type is not None and per_type < 1:
        raise InputError(f"--per-type must be at least 1, got {per_type}")
    templates = _without_held_properties(load_templates(template_set), store)
    free_typed = is_free_typed(template_set)
    facts = GraphFacts(store)
    questions: list[dict[str, Any]] = []
    for question_type in set_types(templates, types):
        streams = [
            (intent, INTENT_WEIGHTS.get(intent, 1),
             _question_stream(facts, intent, sampler, templates[intent], seed, free_typed))
            for kind, intent, sampler in SAMPLERS
            if kind == question_type and intent in templates
        ]
        quota = per_type or PER_TYPE_DEFAULTS.get(question_type, DEFAULT_PER_TYPE)
        for intent, row in _round_robin(streams, quota):
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
    """One JSON object per line (UTF-8, non-ASCII kept; a row holding text that is not valid UTF-8,
    such as a lone surrogate, is written with \\u escapes). Written whole or not at all."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    lines = "".join(_json_line(row) for row in questions)
    temporary = target.with_name(f".{target.name}.tmp-{os.getpid()}")
    try:
        temporary.write_text(lines, encoding="utf-8")
        os.replace(temporary, target)
    finally:
        temporary.unlink(missing_ok=True)
    return target


def _json_line(row: dict[str, Any]) -> str:
    line = json.dumps(row, ensure_ascii=False)
    try:
        line.encode("utf-8")
    except UnicodeEncodeError:
        line = json.dumps(row)  # ASCII with escapes: still the same row when read back
    return line + "\n"


def load_store(dataset: str, source: str | Path | None = None, progress: bool = False) -> GraphStore:
    """The graph store of a dataset (graph only, no entity index), cached by hgrag.tools.resources."""
    from hgrag.tools.resources import load_graph

    return load_graph(dataset, source, progress=progress).store


def generate_benchmark(
    dataset: str,
    out: str | Path,
    *,
    source: str | Path | None = None,
    per_type: int | None = None,
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
