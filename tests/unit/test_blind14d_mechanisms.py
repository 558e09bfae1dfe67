"""Mechanisms from blind set round14d (public KGQA wordings): an attribute no node records, a question word
left in place ('A published most in which venue?'), a part asking what the graph does not hold, and 'the last
N years' without an owner (not a career reading)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest


@pytest.fixture(scope="module")
def world():
    from test_planner import StringIndex, make_store

    store = make_store()
    return SimpleNamespace(store=store, index=StringIndex(store), dataset="toy")


def test_holds_attribute_reads_the_graph(world):
    assert world.store.holds_attribute("paper", "doi") and not world.store.holds_attribute("author", "orcid")


def test_a_yes_no_over_an_attribute_no_node_records_abstains(world):
    """'Does A have an ORCID?' on a graph none of whose authors has one: not 'no', but why it cannot say."""
    from hgrag.agents.retrieval_agent import _unrecorded_attribute_tested
    from hgrag.state import plan_ir as ir

    plan = {"ir": ir.test(ir.project(ir.match(["a1"], "author", "Marvin K. Simon"), "orcid"), "nonempty")}
    refused = _unrecorded_attribute_tested(plan, world.store)
    assert refused and refused["operation"] == "unsupported" and "ORCID" in refused["rationale"] + str(refused)
    plan = {"ir": ir.test(ir.project(ir.match(["p1"], "paper", "T"), "doi"), "nonempty")}
    assert _unrecorded_attribute_tested(plan, world.store) is None


@pytest.mark.parametrize("text, kind", [
    ("zzm published the most papers in which venue?", "venue"),
    ("zzm was published when?", "year"),
    ("zzm wrote how many papers?", "number"),
])
def test_a_question_word_left_in_place_is_the_head(text, kind):
    from hgrag.agents.understanding.asked_head import asked_kind
    from hgrag.agents.understanding.lexicon import load
    from hgrag.agents.understanding.tokens import tag

    assert asked_kind(tag(text, load("en"))) == kind


def test_a_part_asking_an_origin_declines_the_whole_question(world):
    from test_second_reader import read

    answer, plan, report = read(world, "Who are the authors of 'Sparse recovery of harmonic signals in noise' and "
                                       "where are they from?")
    assert answer == [] and plan.get("operation") == "unsupported", plan.get("interpretation")


def test_the_last_n_years_without_an_owner_is_no_career_reading():
    from hgrag.agents.second_reader.career import career_program

    span = SimpleNamespace(start=23, end=30, text="Ann Lee", type="author",
                           candidates=[SimpleNamespace(node_id="a3")])
    assert career_program("Which papers did  Ann Lee publish in the last 22 years?", [span]) is None
    span.start, span.end = 13, 20
    assert career_program("What did the Ann Lee publish in their last 3 years?", [span]) is not None
