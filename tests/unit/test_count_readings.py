"""Aggregate readings over an author's or a venue's papers, in our own wordings: spans of years
('latest year minus earliest', 'career length'), distinct-year and distinct-venue counts ('calendar
years', 'places'), thresholds written as symbols or field keys ('citations > 45', 'author_count >= 2',
'venue=X year=Y'), count tests in yes/no questions, values asked in function style ('max(citations)
over papers by A'), averages asked with a verb, and a polite 'May I ask' that is not a person.
Each answer must also pass the question-plan check (nothing of the question left unaccounted)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from test_planner import StringIndex, make_store
from test_planner import answer_after_retrieval as answer

from hgrag.agents.planning.composition_count import asks_distinct_years, asks_span, count_test, value_superlative
from hgrag.agents.checking.question_check import ir_features, unexplained_parts
from hgrag.agents.linking.spelling import expand_abbreviations


@pytest.fixture(scope="module")
def world():
    """The toy graph plus a one-word venue ('Fuel') with one paper of 2021 by three authors."""
    store = make_store()
    store.add_node("v7", "venue", name="Fuel")
    store.add_node("p20", "paper", title="Kerogen pore structure under pressure", year=2021, cited_by_count=7)
    store.add_edge("p20", "v7", "published_in")
    for pos, author in enumerate(("a1", "a2", "a3"), 1):
        store.add_edge(author, "p20", "writes", position=pos)
    return SimpleNamespace(store=store, index=StringIndex(store), dataset="toy")


P1 = "On the difference of two chi-square variates with application to outage probability"
P2 = "Adaptive routing for delay tolerant sensor networks"
P3 = "Sparse recovery of harmonic signals in noise"


@pytest.mark.parametrize("question, expected", [
    # spans of publication years (Bo Chen: 2010 only; Ann Lee: 2008 and 2021)
    ("Bo Chen — latest publication year minus earliest publication year?", ["0"]),
    ("How long, in years, was the research career of Ann Lee?", ["13"]),
    ("Ann Lee career length in years", ["13"]),
    ("how many yrs separate Ann Lee's first and last papers", ["13"]),
    # distinct years and distinct venues
    ("Dariush Divsalar: count of distinct publication years", ["4"]),
    ("Bo Chen publishing years count", ["1"]),
    ("In how many calendar years did Marvin K. Simon publish something?", ["3"]),
    ("how many diff journals has Bo Chen published in", ["2"]),
    ("In how many different places (journals or conferences) did Marvin K. Simon publish?", ["3"]),
    # thresholds as symbols and field keys
    ("Dariush Divsalar papers, citations >= 12", [P1, P2]),
    ("papers with author = Marvin K. Simon and citations > 45", [P3]),
    ("venue=Computer Networks year=2008 authors>2", [P1]),
    ("Computer Networks 2010 papers, author_count >= 2", [P2]),
    ("Which Computer Networks papers from 2008 had an author list longer than 2 people?", [P1]),
    ("Fuel 2021 papers with more than 2 authors", ["Kerogen pore structure under pressure"]),
    ("list titles venue = fuel author = Ann Lee", ["Kerogen pore structure under pressure"]),
    ("list titles venue=fuel author=Ann Lee", ["Kerogen pore structure under pressure"]),
    # count tests in yes/no questions
    ("Dariush Divsalar Computer Networks paper count > 2? yes/no", ["yes"]),
    ("is the number of papers by Marvin K. Simon in Signal Processing greater than 1", ["no"]),
    # values asked in function style, averages asked with a verb, decades with 'date from'
    ("max(citations) across papers by Dariush Divsalar", ["40"]),
    ("min citations over the papers of Dariush Divsalar", ["3"]),
    ("Averaging the citation counts of Bo Chen's papers gives what number?", ["33.5"]),
    ("Which of Bo Chen's articles date from the 2010s?", [P2, P3]),
    ("May I ask which author has the most papers in Computer Networks?", ["Dariush Divsalar"]),
    # a threshold's 'at least' is no superlative; 'where' opening a condition asks no place
    ("Dariush Divsalar papers with a citation count of at least 12", [P1, P2]),
    ("papers by Dariush Divsalar where citations > 20", [P1]),
    ("What is the difference between the last and the first publication year of Ann Lee?", ["13"]),
    ("Dariush Divsalar's max citations over all papers", ["40"]),
    ("What is the most citations any Bo Chen paper got?", ["55"]),
    ("top author of Computer Networks by paper count", ["Dariush Divsalar"]),
    ("List Marvin K. Simon's 2010s publications.", [P3]),
])
def test_count_readings_in_our_own_words(world, question, expected):
    result, plan = answer(world, question)
    assert result == sorted(expected)
    assert unexplained_parts(question, plan) == []


def test_readers_keep_neighbouring_meanings_apart():
    assert asks_span("how long was the publishing career of zzauthor")
    assert not asks_span("zzauthor active years count") and asks_distinct_years("zzauthor active years count")
    assert value_superlative("max citations over papers by zzauthor") == "max"
    assert value_superlative("which paper has the max citations over papers by zzauthor") is None
    assert count_test("zzauthor zzvenue paper count more than 3 yes no") == (">", 3)
    # the number compares authors, not the paper count: no count test is read
    assert count_test("is the paper count of zzauthor with more than 3 authors") is None


def test_abbreviations_expand_only_where_they_mean_the_long_word():
    assert expand_abbreviations("how many yrs between") == "how many years between"
    assert expand_abbreviations("how many diff venues") == "how many different venues"
    assert expand_abbreviations("the diff between the first and last year") == "the diff between the first and last year"


def test_an_empty_plan_has_no_features():
    assert ir_features(None)["fns"] == set()


def test_career_is_still_reported_when_the_plan_does_not_measure_it(world):
    question = "Which employer paid for the career of Bo Chen?"
    _, plan = answer(world, question)
    # declined either way: 'employer' asks for an institution, which this graph does not hold
    assert plan["operation"] == "unsupported" or unexplained_parts(question, plan)
