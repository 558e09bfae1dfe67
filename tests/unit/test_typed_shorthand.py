"""Free-typed shorthand and conversational context on the planner tests' toy graph (our own wording):
'no. of', 'co-auth', a lower-case sentence after a full stop, a dismissed paper, a context paper that
is not the other end of a citation, and a venue referred to as 'there' that was never linked."""

from __future__ import annotations

import pytest
from test_planner import P1, toy  # noqa: F401  (toy: the planner tests' fixture)
from test_planner import answer as answer_with_plan

from hgrag.agents.checking.question_check import unexplained_parts
from hgrag.agents.checking.residual import residual_text
from hgrag.agents.linking.spelling import expand_abbreviations

P3 = "Sparse recovery of harmonic signals in noise"


def answered(world, question):
    answer, plan = answer_with_plan(world, question)
    return answer, unexplained_parts(question, plan)


@pytest.mark.parametrize("typed, read", [
    ("no of authors on zzpaper", "number of authors on zzpaper"),
    ("nr. of pubs by zzauthor", "number of papers by zzauthor"),
    ("zzauthor most frequent co-auth", "zzauthor most frequent co-author"),
    ("coauths of zzauthor", "co-authors of zzauthor"),
    ("my collabs", "my collaborators"),
    ("no , zzauthor did not", "no , zzauthor did not"),  # a plain 'no' stays
])
def test_shorthand_is_expanded(typed, read):
    assert expand_abbreviations(typed) == read


@pytest.mark.parametrize("question, expected", [
    (f'no. of authors on "{P1}"', ["3"]),
    ("no of distinct co-auth for Dariush Divsalar", ["3"]),
    ("Dariush Divsalar most frequent co-auth", ["Marvin K. Simon", "Ann Lee", "Bo Chen"]),
])
def test_shorthand_questions_are_answered(toy, question, expected):
    answer, missing = answered(toy, question)
    assert answer == sorted(expected) and missing == []


def test_a_lower_case_question_after_a_full_stop_is_its_own_sentence():
    assert "zzstop" in residual_text("Ann Lee is great. how many papers did she write", [], [])
    assert "zzstop" in residual_text("Ann Lee came up in a lecture. year of her earliest pub?", [], [])
    assert "zzstop" not in residual_text("papers by Ann Lee et al. in total", [], [])
    assert "zzstop" not in residual_text("papers in the 53rd U.S. Rock Mechanics Symposium", [], [])
    assert "zzstop" not in residual_text("no. of papers by Ann Lee", [], [])


def test_a_dismissed_paper_is_set_aside(toy):
    answer, missing = answered(toy, f"forget {P3}. take the author team of '{P1}' - how many papers "
                                    "have they got in Computer Networks")
    assert answer == ["3"] and missing == []


def test_a_context_paper_is_not_the_other_end_of_a_citation(toy):
    answer, missing = answered(toy, f"{P3} is super cited apparently. how many times has {P1} been cited tho")
    assert answer == ["40"] and missing == []


def test_an_unlinked_title_in_the_asking_sentence_is_not_answered_from_the_context(toy):
    _, missing = answered(toy, f"{P3} is super cited apparently. how many times has Quantum widgets for "
                               "flux capacitor arrays been cited tho")
    assert {"quantum", "widgets"} <= set(missing)  # the unlinked title's words are named, not read as the context


def test_there_needs_a_venue_in_the_plan(toy):
    answer, missing = answered(toy, "Bo Chen recommended Signal Processing. which papers did Marvin K. Simon put out there")
    assert answer == [P3] and missing == []
    _, missing = answered(toy, "Bo Chen recommended the quarterly of odd results. which papers did Marvin K. Simon "
                               "put out there")
    assert any("a venue I could not link" in part for part in missing)


def test_a_person_referred_back_to_is_the_subject_not_the_paper_read(toy):
    answer, missing = answered(toy, f"I was reading {P3} when Ann Lee's name came up in a meeting. how many papers "
                                    "has this researcher written?")
    assert answer == ["1"] and missing == []


def test_those_two_are_the_last_two_people_named(toy):
    # Bo Chen wrote with each of them but never with both: a plan for all three would say 'no'
    answer, missing = answered(toy, "Bo Chen thinks Marvin K. Simon and Dariush Divsalar have worked together. "
                                    "did those two ever publish a paper jointly?")
    assert answer == ["yes"] and missing == []


@pytest.mark.parametrize("question", [
    "need the ORCID of Marvin K. Simon for a form, can u look it up",
    "saw a talk by Bo Chen and Marvin K. Simon yesterday. whats Marvin K. Simon's orcid",
])
def test_requests_and_repeated_names(toy, question):
    _, plan = answer_with_plan(toy, question)
    assert unexplained_parts(question, plan) == []
    assert plan.get("operation") != "yes_no" and [a["node_id"] for a in plan["anchors"]] == ["a1"]


@pytest.mark.parametrize("question, expected", [
    ("How many co-authorship steps separate Ann Lee from Bo Chen?", ["2"]),
    ("I already know Marvin K. Simon's Computer Networks papers. What else did he publish elsewhere?", [P3]),
    (f"'{P1}' came out in a certain year. Which of Dariush Divsalar's papers are from a later year than that?",
     ["Adaptive routing for delay tolerant sensor networks", "Energy efficient scheduling of uplink traffic"]),
])
def test_readings_the_check_used_to_decline(toy, question, expected):
    answer, missing = answered(toy, question)
    assert answer == sorted(expected) and missing == []
