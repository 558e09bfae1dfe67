"""Mechanisms of the twentieth stop: years named by a paper with an offset or an anaphor, windows of years written
in words, exclusions already honoured by a filter."""

from __future__ import annotations

import pytest

from test_chain_reader import P2, P4, world  # noqa: F401 - the toy graph with citations (a fixture)
from test_planner import P1
from test_second_reader import read, verified

from hgrag.state.plan_ir import walk


def _years(plan):
    return [op.get("value") for op in walk(plan.get("ir") or {}) if op.get("op") == "filter" and op.get("attr") == "year"]


@pytest.mark.parametrize("question, year", [
    (f"What did Dariush Divsalar publish in the year after '{P1}' came out?", 2009),
    (f"What did Dariush Divsalar publish in the year before '{P4}' was published?", 2011),
])
def test_a_year_named_by_a_paper_moves_by_its_offset(world, question, year):
    answer, plan, report = read(world, question)
    assert answer == [] and year in _years(plan), plan.get("interpretation")


def test_that_same_year_is_the_year_of_the_one_named_paper(world):
    answer, plan, report = read(world, f"Besides '{P2}', what else did Bo Chen publish that same year?")
    assert answer == ["Sparse recovery of harmonic signals in noise"] and verified(report), plan.get("interpretation")
    assert "same year as" in plan.get("interpretation", "")


@pytest.mark.parametrize("question", [
    "Which papers did Marvin K. Simon publish in the two years after their first paper?",
    "Which papers did Marvin K. Simon publish during the two years following the year of their first paper?",
])
def test_a_window_with_its_length_in_words(world, question):
    answer, plan, report = read(world, question)
    assert answer == ["Sparse recovery of harmonic signals in noise"] and verified(report), plan.get("interpretation")


def test_an_exclusion_kept_by_a_filter_is_not_read_again():
    from hgrag.agents.understanding.exclusion import left_out_already

    kept_out = {"op": "filter", "attr": "id", "cmp": "!=", "value": "p2", "input": {"op": "match", "ids": ["a4"]}}
    assert left_out_already(kept_out, {"node_id": "p2"}) and not left_out_already(kept_out, {"node_id": "p3"})
