"""Mechanisms added after blind round 54: a lone dash is never part of a name, a head in place after a relative clause
is what is asked, a stranded preposition may be followed by 'overall', and a distributive word ('each') never asks
what the named things share."""

from __future__ import annotations

import pytest

from test_chain_reader import world  # noqa: F401 - the toy graph with citations (a fixture)
from test_planner import P1
from test_round28_mechanisms import world_resources  # noqa: F401 - the toy graph as the pipeline's resources

from hgrag.agents.understanding.asked_head import asked_kind
from hgrag.agents.understanding.asking_sentence import asking_tokens
from hgrag.agents.understanding.intersections import distributed_intersection
from hgrag.agents.understanding.lexicon import load
from hgrag.agents.understanding.tokens import stranded_readings, tag


def _ask(question: str) -> dict:
    from test_round30_mechanisms import _ask as ask

    return ask(question)


def test_a_lone_dash_after_a_name_is_no_part_of_it(world_resources) -> None:
    result = _ask("Marvin K. Simon and Bo Chen - have they written anything together?")
    assert result["answer"] == ["yes"] and result["verified"], result["interpretation"]


@pytest.mark.parametrize("masked, kind", [
    ("The papers who cite zzm0, were published in which venues?", "venue"),
    ("The papers of zzm0 that appeared in which venues?", "venue"),
    ("tell me the venue with the largest number of zzm 's papers", "venue"),
])
def test_a_head_in_place_after_a_relative_clause_is_asked(masked, kind) -> None:
    assert asked_kind(asking_tokens(masked)) == kind


def test_a_stranded_preposition_may_be_followed_by_overall() -> None:
    text = "Whoever is listed first on zzm, who have they written papers with overall?"
    readings = stranded_readings(text, tag(text, load("en")))
    assert any(t.text == "with" and t.concept == "relation:coauthor" for t in readings)


def test_each_never_asks_what_the_named_things_share() -> None:
    shared = {"op": "intersect", "inputs": [
        {"op": "traverse", "input": {"op": "match", "ids": ["a1"], "type": "author"}, "edge": "writes", "direction": "out"},
        {"op": "traverse", "input": {"op": "match", "ids": ["a4"], "type": "author"}, "edge": "writes", "direction": "out"}]}
    assert distributed_intersection("In which years did zzm and zzm each publish their first paper?", shared)
    assert not distributed_intersection("Which papers did zzm and zzm write together?", shared)


def test_each_is_not_answered_with_a_shared_value(world_resources) -> None:
    result = _ask("In which years did Marvin K. Simon and Bo Chen each publish their first paper?")
    assert result["answer"] != ["2010"] or not result["verified"], result["interpretation"]  # 2010: their joint paper
    assert _ask(f"Who wrote '{P1}' with Marvin K. Simon?")["verified"]


def test_a_trailing_remark_that_names_nothing_is_set_aside() -> None:
    from hgrag.agents.understanding.reading import without_trailing_remarks

    assert without_trailing_remarks("Who wrote more, A or B? Two of my pupils are arguing about it") == \
        "Who wrote more, A or B?"
    assert without_trailing_remarks("Which papers did A write? Only journals please.") == \
        "Which papers did A write? Only journals please."  # a kind: it narrows
    assert without_trailing_remarks("Which papers did A write? Henk Brinkhuis is the one I mean.").endswith("mean.")


def test_a_kind_named_after_the_question_must_be_reached(world_resources) -> None:
    result = _ask("Which papers did Bo Chen write? Only journals please.")
    assert result["answer"] == [] and not result["verified"], result["interpretation"]


def test_a_compound_reference_list_after_a_title_is_its_references(world_resources) -> None:
    from test_chain_reader import P4

    result = _ask(f"{P4.lower()} reference list")
    assert result["answer"] == ["Sparse recovery of harmonic signals in noise"] and result["verified"]


def test_a_sentence_word_before_a_name_is_no_part_of_it() -> None:
    from hgrag.agents.checking.unlinked import unlinked_names

    assert unlinked_names("If I add up the citations of Mohamed Inoubli, what do I get?", []) == ["Mohamed Inoubli"]
