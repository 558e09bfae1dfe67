"""Span pruning in the mention detector: a run of words stops growing once no title or venue can
begin with it, and the links found are exactly those found without pruning."""

from __future__ import annotations

import pytest
from test_planner import P1, StringIndex, make_store

from hgrag.agents.linking.mentions import MentionDetector
from hgrag.tools.label_prefixes import LabelPrefixes

QUESTIONS = [
    f"Who wrote {P1}?",
    f"who wrote {P1.lower()} and in which year did it appear in Computer Networks",
    f"I read {P1}'s abstract last week. Who are its authors, and what else did Marvin K. Simon write?",
    "Which papers did Simon, Marvin K. publish in Signal Processing after 1999, sorted by the number of "
    "citations they received from other papers in the graph?",
    f'Is "{P1}" by Marvin Simon or by somebody else whose name I forgot, a colleague of Divsalar?',
]


def test_prefixes_of_titles_and_venues():
    store = make_store()
    prefixes = LabelPrefixes.of(StringIndex(store), store)
    assert prefixes.begins_a_label("On the difference of two")
    assert prefixes.begins_a_label("on the DIFFERENCE of two chi-square")
    assert prefixes.begins_a_label("Computer")
    assert not prefixes.begins_a_label("the difference of two")
    assert not prefixes.begins_a_label("Marvin K. Simon")  # names are matched in any order: never pruned
    assert prefixes.longest_name_words >= 3
    assert prefixes.titles_starting("on the difference of two", 5)


@pytest.mark.parametrize("question", QUESTIONS)
def test_pruned_detection_finds_what_exhaustive_detection_finds(question, monkeypatch):
    store = make_store()
    pruned = MentionDetector(StringIndex(store), store).detect(question)
    monkeypatch.setattr(LabelPrefixes, "begins_a_label", lambda self, text: True)
    exhaustive = MentionDetector(StringIndex(store), store).detect(question)
    assert pruned == exhaustive
    assert any(span.type == "paper" for span in pruned[0]) == (P1.lower() in question.lower())


def test_pruning_saves_look_ups(monkeypatch):
    store = make_store()
    counted = []

    class CountingIndex(StringIndex):
        def lookup(self, text, node_type=None):
            counted.append(text)
            return super().lookup(text, node_type)

    MentionDetector(CountingIndex(store), store).detect(QUESTIONS[3])
    pruned = len(counted)
    counted.clear()
    monkeypatch.setattr(LabelPrefixes, "begins_a_label", lambda self, text: True)
    MentionDetector(CountingIndex(store), store).detect(QUESTIONS[3])
    assert pruned < len(counted) / 2
