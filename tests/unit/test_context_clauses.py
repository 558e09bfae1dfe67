"""A context clause inside one sentence ("X sent me T, list every author of it"): where the asking clause starts,
which context entities are set aside, and that the check does not read the context clause's words."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from hgrag.agents.checking.question_clauses import inner_clauses


@pytest.mark.parametrize("sentence, asking", [
    ("zzm0 sent me zzm1, list every author of it", "list every author of it"),
    ("i know zzm0 worked on something similar, but who is listed first on zzm1", "who is listed first on zzm1"),
    ("zzm0 is my advisor, but i want co-authors of zzm1", "i want co-authors of zzm1"),
    ("my supervisor keeps citing zzm0 but i need the year for zzm1", "i need the year for zzm1"),
])
def test_an_asking_clause_inside_a_sentence(sentence, asking):
    assert inner_clauses(sentence)[-1] == asking


@pytest.mark.parametrize("sentence", [
    "in zzm0, which papers did zzm1 publish?",  # a frame of the question, not a clause of its own
    "zzm0 aside, who has zzm1 written with?",  # leaves zzm0 out
    "zzm0's papers, which were cited most?",  # a possessive, not a subject
    "who wrote zzm0 and where was it published?",
])
def test_no_asking_clause_split_off(sentence):
    assert inner_clauses(sentence) == [sentence]


@pytest.fixture(scope="module")
def world():
    from test_planner import StringIndex, make_store

    store = make_store()
    return SimpleNamespace(store=store, index=StringIndex(store), dataset="toy")


def _authors(store, paper):
    return sorted(store.label(a) for a in store.neighbors(paper, "writes", "in"))


@pytest.mark.parametrize("question, paper, left_out", [
    ("Ann Lee sent me Sparse recovery of harmonic signals in noise, list every author of it please", "p3", None),
    ("got Sparse recovery of harmonic signals in noise from Dariush Divsalar. how many people wrote it?", "p3", None),
    ("Bo Chen sent me Sparse recovery of harmonic signals in noise, who else wrote it?", "p3", "Bo Chen"),
])
def test_a_context_person_beside_the_asked_paper(world, question, paper, left_out):
    """The asking clause refers back only to the paper, so the person of the context clause is set aside -
    unless the asking clause leaves someone out ('who else')."""
    from test_second_reader import read, verified

    answer, plan, report = read(world, question)
    expected = [a for a in _authors(world.store, paper) if a != left_out]
    if "how many" in question:
        expected = [str(len(expected))]
    assert sorted(answer) == expected and verified(report), plan.get("interpretation")


@pytest.mark.parametrize("question, expected", [
    ("Ann Lee is my advisor, but I want the co-authors of Bo Chen", ["Marvin K. Simon", "Dariush Divsalar"]),
    ("Ann Lee has worked with like 200 people. how many different people has Bo Chen written papers with", ["2"]),
])
def test_context_clause_words_are_not_read_as_the_question(world, question, expected):
    """'200', 'worked with' in the context clause of a set-aside person ask nothing; a co-author word with its own
    owner ('co-authors of B') or a stranded 'with' names no second party."""
    from test_second_reader import read, verified

    answer, plan, report = read(world, question)
    assert sorted(answer) == sorted(expected) and verified(report), plan.get("interpretation")


def test_a_heading_before_a_colon_is_no_context_clause():
    assert inner_clauses('"zzm0": who are the co-authors apart from zzm1?') == ['"zzm0": who are the co-authors apart from zzm1?']
