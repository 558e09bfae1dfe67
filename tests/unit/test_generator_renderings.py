"""Abbreviated author names in generated questions ("Jia Keller" -> "J. Keller"): only forms the graph
resolves, re-checked here from the raw networkx graph of test_generator's synthetic store, which has
"Jun X" and "Jia X" for every surname X (so "J. X" is ambiguous)."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest
from test_generator import Raw, _synthetic_store

from hgrag.evaluation.generator import generate_questions
from hgrag.evaluation.graph_facts import GraphFacts
from hgrag.evaluation.intent_samplers import SAMPLERS
from hgrag.evaluation.renderings import initial_form, render_slots

ENTITY_TYPES = {"paper": "paper", "paper2": "paper", "venue": "venue", "author": "author", "author2": "author"}


@pytest.fixture(scope="module")
def store():
    return _synthetic_store()


@pytest.fixture(scope="module")
def questions(store) -> list[dict]:
    return generate_questions(store, "synthetic", per_type=100, seed=0)


def _key(name: str) -> tuple[str, str]:
    tokens = re.findall(r"[a-z]+", name.lower())
    return tokens[0][0], tokens[-1]


def _related(raw: Raw, author: str, slot: str, node: str) -> bool:
    if slot.startswith("paper"):
        return author in raw.authors(node)
    if slot == "venue":
        return any(raw.venue(p) == node for p in raw.papers(author))
    return node in raw.coauthors(author)


def _check_rendering(raw: Raw, intent: str, entities: dict, shown: dict, rendering: dict) -> None:
    """The stated rule, independently: initials of a full name, same-key authors, context."""
    assert len(rendering) <= 1
    for slot in set(entities) - set(rendering):
        assert shown[slot] == entities[slot]
    for slot, kind in rendering.items():
        full = entities[slot]
        assert shown[slot] == f"{full.split()[0][0]}. {full.split()[-1]}", (full, shown[slot])
        intended = raw.find("author", full)
        same_key = {a for a in raw.all_authors() if _key(raw.label(a)) == _key(shown[slot])}
        context = {s: raw.find(ENTITY_TYPES[s], v) for s, v in entities.items() if s != slot and s in ENTITY_TYPES}
        assert context, "rendered without another entity in the question"
        assert intent != "paper_coauthors_false_premise"
        if kind == "initials":
            assert same_key == {intended}
        else:
            assert kind == "initials_ambiguous" and len(same_key) > 1 and intent != "coauthored_yes_no"
            related = {a for a in same_key if any(_related(raw, a, s, n) for s, n in context.items())}
            assert related == {intended}, (intent, entities, related)


@pytest.mark.parametrize(("name", "expected"), [
    ("Marvin K. Simon", "M. K. Simon"),
    ("Jun Wang", "J. Wang"),
    ("Jean-Pierre Dupont", "J.-P. Dupont"),
    ("Ludwig van Beethoven", "L. van Beethoven"),
    ("  Zoë   Müller ", "Z. Müller"),
    ("Simon, Marvin K.", None),
    ("Martin Luther King Jr.", None),
    ("M. K. Simon", None),
    ("Madonna", None),
])
def test_initial_form(name, expected):
    assert initial_form(name) == expected


def test_benchmark_renders_both_kinds_and_only_resolvable_ones(store, questions):
    raw = Raw(store)
    kinds = Counter(kind for q in questions for kind in q["rendering"].values())
    assert kinds["initials"] > 0 and kinds["initials_ambiguous"] > 0, kinds
    for q in questions:
        assert set(q["entities"]) == set(q["slots"])
        for value in q["slots"].values():
            assert value in q["question"]
        _check_rendering(raw, q["intent"], q["entities"], q["slots"], q["rendering"])


def test_rendering_rate_is_about_three_in_ten(questions):
    eligible = [q for q in questions if q["intent"] in
                {"paper_coauthors", "author_papers_in_venue", "author_venue_paper_count", "coauthored_yes_no"}]
    rendered = sum(bool(q["rendering"]) for q in eligible)
    assert 0.1 * len(eligible) <= rendered <= 0.4 * len(eligible), (rendered, len(eligible))
    assert not any(q["rendering"] for q in questions if q["intent"] in {"author_paper_count", "author_year_paper_count"})


def _render_all(store, intent: str, policy: str) -> Counter:
    """Render every candidate of an intent (probability 1), check each, count the kinds."""
    raw, facts = Raw(store), GraphFacts(store)
    sampler = next(s for _, i, s in SAMPLERS if i == intent)
    rng, kinds = random.Random(0), Counter()
    for slots, _ in sampler(facts, random.Random(1)):
        shown, rendering = render_slots(facts, slots, rng, policy, probability=1.0)
        if policy != "any":
            _check_rendering(raw, intent, slots, shown, rendering)
        kinds.update(rendering.values() or ["full"])
    return kinds


@pytest.mark.parametrize("intent", ["paper_coauthors", "author_papers_in_venue", "author_venue_paper_count"])
def test_every_candidate_rendered_at_will_obeys_the_rule(store, intent):
    """With probability 1 every candidate is tried: ambiguous forms are accepted and refused."""
    raw, facts = Raw(store), GraphFacts(store)
    sampler = next(s for _, i, s in SAMPLERS if i == intent)
    rng, outcomes = random.Random(0), Counter()
    for slots, _ in sampler(facts, random.Random(1)):
        shown, rendering = render_slots(facts, slots, rng, probability=1.0)
        _check_rendering(raw, intent, slots, shown, rendering)
        ambiguous = sum(_key(raw.label(a)) == _key(slots["author"]) for a in raw.all_authors()) > 1
        outcomes[(rendering.get("author", "full"), ambiguous)] += 1
    assert outcomes[("initials", False)] and outcomes[("full", True)], outcomes
    assert not outcomes[("full", False)], outcomes  # a unique initial form is always fine
    if intent == "paper_coauthors":  # one "J. X" wrote the paper, the other did not
        assert outcomes[("initials_ambiguous", True)], outcomes


def test_restricted_intents_refuse_what_the_open_rule_would_allow(store):
    yes_no = _render_all(store, "coauthored_yes_no", "unambiguous")
    assert yes_no["initials"] and not yes_no["initials_ambiguous"], yes_no
    assert _render_all(store, "coauthored_yes_no", "any")["initials_ambiguous"]
    false_premise = _render_all(store, "paper_coauthors_false_premise", "never")
    assert set(false_premise) == {"full"}, false_premise
    assert _render_all(store, "paper_coauthors_false_premise", "any")["initials"]


def test_same_seed_same_renderings_other_seed_differs(store, questions):
    again = generate_questions(store, "synthetic", per_type=100, seed=0)
    assert [(q["slots"], q["rendering"]) for q in again] == [(q["slots"], q["rendering"]) for q in questions]
    other = generate_questions(store, "synthetic", per_type=100, seed=1)
    assert [q["rendering"] for q in other] != [q["rendering"] for q in questions]
