"""Yes/no questions whose 'not' negates the predicate ('did A not publish in V?': answered by the fact, as English
answers a negative question; a statement asked about keeps the negation), a yes/no over several named entities
joined by 'and' (all of them) or 'or' (any), and 'between A and B, which one has more …?'."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from hgrag.agents.second_reader.contrasts import negated_predicate


class Span(SimpleNamespace):
    pass


def _spans(question, *names):
    return [Span(start=question.index(n), end=question.index(n) + len(n), text=n) for n in names]


@pytest.mark.parametrize("question, names, positive", [
    ("Did Ann Lee not publish in Signal Processing?", ("Ann Lee", "Signal Processing"),
     "Did Ann Lee publish in Signal Processing?"),
    ("Was T not published in 2010?", ("T",), "Was T published in 2010?"),
    ("Did the authors of T not publish a paper in V?", ("T", "V"), "Did the authors of T publish a paper in V?"),
])
def test_a_not_after_the_subject_negates_the_predicate(question, names, positive):
    assert negated_predicate(question, _spans(question, *names)) == positive


@pytest.mark.parametrize("question, names", [
    ("Did Ann Lee publish papers not in Signal Processing?", ("Ann Lee", "Signal Processing")),  # restricts
    ("Are there papers by Ann Lee not in V?", ("Ann Lee", "V")),  # states nothing of a subject
    ("Didn't Ann Lee publish in V?", ("Ann Lee", "V")),  # a leading negative auxiliary: the positive reading
    ("Did Ann Lee publish in V?", ("Ann Lee", "V")),
    ("is T classified as a preprint or not", ("T",)),  # 'or not' ends a yes/no question
])
def test_no_predicate_negation(question, names):
    assert negated_predicate(question, _spans(question, *names)) is None


@pytest.fixture(scope="module")
def world():
    from test_planner import StringIndex, make_store

    store = make_store()
    return SimpleNamespace(store=store, index=StringIndex(store), dataset="toy")


P3 = "Sparse recovery of harmonic signals in noise"


@pytest.mark.parametrize("question, expected", [
    ("Did Ann Lee not publish in Signal Processing?", "no"),  # no, she did not: she has no paper there
    ("Did Bo Chen not publish in Signal Processing?", "yes"),  # yes, he did
    (f"Was '{P3}' not published in 2010?", "yes"),
    ("Is it true that Ann Lee did not publish in Signal Processing?", "yes"),  # the statement holds
    ("Is it true that Bo Chen did not publish in Signal Processing?", "no"),
    (f"Did Marvin K. Simon and Bo Chen write '{P3}'?", "yes"),
    (f"Did Marvin K. Simon and Ann Lee write '{P3}'?", "no"),  # both must be authors
    (f"Did Ann Lee or Bo Chen write '{P3}'?", "yes"),  # either will do
])
def test_negated_and_joined_yes_no_answers(world, question, expected):
    from test_second_reader import read, verified

    answer, plan, report = read(world, question)
    values = [a.rsplit(": ", 1)[-1] for a in answer]  # (one answer per named person is as good: 'A: yes', 'B: no')
    overall = "yes" if (any if " or " in question else all)(v == "yes" for v in values) else "no"
    assert overall == expected and verified(report), plan.get("interpretation")


def test_between_a_and_b_returns_the_winner(world):
    from test_second_reader import read, verified

    question = f"Between '{P3}' and 'Energy efficient scheduling of uplink traffic', which one has more number of authors?"
    answer, plan, report = read(world, question)
    assert answer == [P3] and verified(report), plan.get("interpretation")


def test_joined_question_words_ask_one_question_each(world):
    """'Where and when was T published?': the venue and the year, both labelled, or nothing."""
    from test_second_reader import read, verified

    answer, plan, report = read(world, f"Where and when was '{P3}' published?")
    assert sorted(answer) == ["venues: Signal Processing", "year: 2010"] and verified(report), plan.get("interpretation")
