"""The second reader reads a question the same whatever the process read before it (issue 23's parity
flake: the two stores' entity indexes had embedded different texts before, so the same free-typed
question got a different objection on each). The same benchmark questions, read in two orders, each on
an entity index of its own, get the same readings (utterances and scores) and the same plan."""

from __future__ import annotations

import dataclasses

import pytest

from hgrag.agents.retrieval_agent import OfflinePlanner, unsupported_plan
from hgrag.agents.second_reader.hook import second_read
from hgrag.agents.second_reader.review import readings_for, rule_lead
from hgrag.evaluation.generator import generate_questions
from hgrag.state.context import Context
from hgrag.tools.cache import INDEX_DIR
from hgrag.tools.entity_index import EntityIndex
from hgrag.tools.resources import load_resources

pytestmark = pytest.mark.integration
DATASET = "openalex-tiny"
QUESTIONS = 16


def fresh_resources(resources):
    """The same graph with an entity index loaded anew: no vector embedded before."""
    return dataclasses.replace(resources, index=EntityIndex.load(resources.cache_dir / INDEX_DIR, resources.store))


def read_all(questions, resources):
    """question -> (the plan node's plan, the second reader's readings with their scores, and how far
    the best other reading leads the rules' plan: what its objection was decided on)."""
    context, planner, out = Context(dataset=DATASET), OfflinePlanner(), {}
    for question in questions:
        rules = planner.plan(question, resources, context)
        plan = second_read(question, rules, resources, lambda text: planner.plan(text, resources, context),
                           unsupported_plan)
        readings = readings_for(question, rules.get("anchors", []), resources.index)
        out[question] = (plan, [(r.utterance, r.score) for r in readings],
                         rule_lead(question, rules, resources.index, readings))
    return out


def test_readings_do_not_depend_on_what_was_read_before(session_hgrag_home, datasets_dir):
    resources = load_resources(DATASET)
    rows = generate_questions(resources.store, DATASET, seed=0, template_set="freetyped3")[:QUESTIONS]
    questions = [row["question"] for row in rows]
    forward = read_all(questions, fresh_resources(resources))
    backward = read_all(questions[::-1], fresh_resources(resources))
    assert sum(bool(readings) for _, readings, _ in forward.values()) >= QUESTIONS // 2  # the reader had its say
    differing = [q for q in questions if forward[q] != backward[q]]
    assert differing == [], (differing[:1], forward[differing[0]] if differing else None)
