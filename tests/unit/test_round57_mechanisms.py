"""Mechanisms added after blind rounds 57 and 58 (a committee's formal requests; a developer's symbols): comparisons and
abbreviations written as symbols ('w/o', '!=', '>', 'pre-2011'), 'or by both' unites, and a question that keeps to
the paper ('on that paper') is never answered over a byline person's whole record."""

from __future__ import annotations

import pytest

from test_chain_reader import world  # noqa: F401 - the toy graph with citations (a fixture)
from test_round28_mechanisms import world_resources  # noqa: F401 - the toy graph as the pipeline's resources

from hgrag.agents.understanding.plan_shapes import record_wide_against_the_paper
from hgrag.agents.understanding.reading import with_symbols_in_words


def _ask(question: str) -> dict:
    from test_round30_mechanisms import _ask as ask

    return ask(question)


@pytest.mark.parametrize("typed, read", [
    ("papers of X w/ year != 2012", "papers of X with year other than 2012"),
    ("papers citing T w/o the ones from 2016", "papers citing T without the ones from 2016"),
    ("anything by Q pre-2011?", "anything by Q before 2011?"),
    ("papers with citations > 4", "papers with citations more than 4"),
    ("papers with year>=2015", "papers with year in or after 2015"),
    ('Who wrote "A > B: a survey"?', 'Who wrote "A > B: a survey"?'),  # (not inside a quoted title)
])
def test_symbols_read_as_words(typed, read) -> None:
    assert with_symbols_in_words(typed) == read


def test_a_year_bound_written_as_a_prefix(world_resources) -> None:
    result = _ask("anything by Marvin K. Simon pre-2010?")
    assert result["answer"] == ["On the difference of two chi-square variates with application to outage probability"]
    assert result["verified"]


def test_or_by_both_is_never_what_both_wrote(world_resources) -> None:
    result = _ask("What papers have been written by Ann Lee, by Bo Chen, or by both?")
    assert result["answer"] == [] or len(result["answer"]) == 3, result["interpretation"]  # p1; p2, p3


def test_on_that_paper_keeps_a_byline_person_to_the_paper() -> None:
    wide = {"op": "traverse", "edge": "affiliated_with", "direction": "out", "input": {
        "op": "traverse", "edge": "authorship_by", "direction": "in", "input": {
            "op": "traverse", "edge": "writes", "direction": "in", "position": -1,
            "input": {"op": "match", "ids": ["p1"], "type": "paper"}}}}
    assert record_wide_against_the_paper("last author on T: which institutions are listed for them on that paper", wide)
    assert not record_wide_against_the_paper("which institutions has the last author of T ever held", wide)


@pytest.mark.parametrize("question", [
    "Once Bo Chen had published for the first time, what did Dariush Divsalar go on to publish in later years?",
    "Once Bo Chen had got their very first paper out, what did Dariush Divsalar publish in the years after that?",
])
def test_once_a_person_had_published_for_the_first_time(world_resources, question) -> None:
    result = _ask(question)  # Bo Chen's first year is 2010; Divsalar's later paper is from 2012
    assert result["answer"] == ["Energy efficient scheduling of uplink traffic"] and result["verified"]
    assert "first paper appeared in 2010" in result["interpretation"]


def test_a_yes_no_fragment_tests_a_set_of_papers_not_of_people(world_resources) -> None:
    tested = _ask("Marvin K. Simon w/ Bo Chen on any paper?")
    assert tested["answer"] == ["yes"] and tested["verified"], tested["interpretation"]
    people = _ask("Marvin K. Simon and Bo Chen — co-authors at some point?")
    assert people["answer"] in ([], ["yes"]), people["interpretation"]  # never the people they share


@pytest.mark.parametrize("question", [
    "Who are all the co-authors of Ann Lee and of Bo Chen?",  # 'and of': each asked on its own
    "Paper counts for Ann Lee resp. Bo Chen: no. of papers each",
])
def test_a_union_or_one_answer_each_is_never_what_the_named_share(world_resources, question) -> None:
    result = _ask(question)
    shared = ["Dariush Divsalar", "Marvin K. Simon"]  # the co-authors Ann Lee and Bo Chen share (here also all they have)
    united = "together with" in result["interpretation"]  # (a union, which in this world holds the same two people)
    assert sorted(result["answer"]) != shared or not result["verified"] or united, result["interpretation"]


@pytest.mark.parametrize("typed, read", [
    ("papers excl. those from 2025", "papers excluding those from 2025"),
    ("A vs. B: who has the larger no. of papers?", "A versus B: who has the larger number of papers?"),
])
def test_abbreviations_with_a_stop_are_no_sentence_end(typed, read) -> None:
    assert with_symbols_in_words(typed) == read
