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
    from hgrag.agents.planning.unrecorded import unrecorded_attribute_tested as _unrecorded_attribute_tested
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


@pytest.mark.parametrize("ir_plan, flagged", [
    ({"op": "traverse", "input": {"op": "top", "input": {"op": "match", "ids": ["p3"], "type": "paper", "text": "T"},
                                  "key": "year", "order": "min"}, "edge": "writes", "direction": "in"}, True),
    ({"op": "top", "input": {"op": "traverse", "input": {"op": "match", "ids": ["a1"], "type": "author", "text": "A"},
                             "edge": "writes", "direction": "out"}, "key": "year", "order": "min"}, False),
])
def test_a_ranking_of_one_named_thing_reads_nothing(ir_plan, flagged):
    from hgrag.agents.understanding.plan_shapes import vacuous_ranking as _vacuous_ranking

    assert bool(_vacuous_ranking(ir_plan)) == flagged


@pytest.mark.parametrize("text, joined", [
    ("list the authors of zzm and of zzm.", False),  # two phrases, each asked: their union
    ("list the authors of both zzm and zzm.", True),
    ("who wrote zzm and zzm?", True),
])
def test_and_before_a_repeated_preposition_joins_no_intersection(text, joined):
    from hgrag.agents.understanding.intersections import unjoined_intersection
    from hgrag.state import plan_ir as ir

    both = ir.setop("intersect", [ir.traverse(ir.match(["p1"], "paper", "T1"), "writes", "in"),
                                  ir.traverse(ir.match(["p2"], "paper", "T2"), "writes", "in")])
    assert (not unjoined_intersection(text, both)) == joined


def test_two_asked_nouns_joined_by_and_need_two_outputs():
    from hgrag.agents.understanding.asked_parts import coordinated_nouns as _coordinated_nouns
    from hgrag.agents.understanding.lexicon import load
    from hgrag.agents.understanding.tokens import tag

    tokens = tag("give me both the venue and the year of zzm.", load("en"))
    assert _coordinated_nouns(tokens, "venue") == ["year (asked too; the plan returns venue)"]
    assert _coordinated_nouns(tag("papers with author = zzm and citations > 45", load("en")), "paper") == []


def test_a_yes_no_value_must_be_compared():
    """'Is T of type book-chapter?' read as whether T has some type: the value asked is not tested."""
    from hgrag.agents.understanding.check import _values_untested
    from hgrag.agents.understanding.lexicon import load
    from hgrag.agents.understanding.tokens import tag
    from hgrag.state import plan_ir as ir

    tokens = tag("is zzm of type book-chapter?", load("en"))
    some_type = ir.test(ir.project(ir.match(["p1"], "paper", "T"), "work_type"), "nonempty")
    assert _values_untested(tokens, some_type)
    assert not _values_untested(tokens, ir.test(ir.project(ir.match(["p1"], "paper", "T"), "work_type"), "contains",
                                                ["book-chapter"]))
    assert not _values_untested(tag("did zzm publish the article zzm?", load("en")), some_type)  # a descriptor


def test_a_back_reference_to_the_first_part_keeps_its_filters():
    from hgrag.agents.second_reader.split import keeps_filters as _keeps_filters
    from hgrag.state import plan_ir as ir

    papers = ir.traverse(ir.match(["a1"], "author", "A"), "writes", "out")
    recent = ir.where(papers, "year", ">=", 2019)
    assert _keeps_filters(ir.traverse(recent, "published_in", "out"), recent)
    assert not _keeps_filters(ir.traverse(recent, "published_in", "out"), papers)


def test_the_other_papers_are_left_out_before_their_venues(world):
    """'In which venues were the other papers by the authors of T published?': T leaves the papers, not the venues."""
    from test_second_reader import read, verified

    answer, plan, report = read(world, "In which venues were the other papers published by the authors of "
                                       "'Sparse recovery of harmonic signals in noise'?")
    assert sorted(answer) == ["Computer Networks"] and verified(report), plan.get("interpretation")
