"""Noisy-mention benchmark: every rewrite changes the mention, keeps the gold, and still names one node."""

from __future__ import annotations

import random

from test_planner import StringIndex, make_store

from hgrag.evaluation.perturb import perturb_author, perturb_file, perturb_question, perturb_title
from hgrag.tools.text import norm_key

TITLE = "Adaptive routing for delay tolerant sensor networks"


def test_title_and_author_rewrites():
    assert perturb_title(TITLE, "lowercase") == TITLE.lower()
    assert perturb_title("Sparse recovery: harmonic signals, in noise", "no_punctuation") == \
        "Sparse recovery harmonic signals in noise"
    assert perturb_title(TITLE, "truncated") == "Adaptive routing for delay…"
    assert perturb_author("Marvin K. Simon", "surname_first") == "Simon, Marvin K."
    assert perturb_author("Marvin K. Simon", "initial") == "M. Simon"


def test_rewrites_keep_gold_and_stay_unambiguous():
    store = make_store()
    store.add_node("a9", "author", name="Dan Divsalar")  # makes "D. Divsalar" ambiguous
    index = StringIndex(store)
    questions = [
        {"id": "q1", "question": f"Who wrote '{TITLE}'?", "answer": ["Bo Chen", "Dariush Divsalar"],
         "slots": {"paper": TITLE}},
        {"id": "q2", "question": "How many papers did Dariush Divsalar write?", "answer": ["3"],
         "slots": {"author": "Dariush Divsalar"}},
    ]
    rows = list(perturb_file(questions, index, store, seed=3))
    assert [r["id"] for r in rows] == ["q1", "q2"]
    for row, original in zip(rows, questions):
        assert row["answer"] == original["answer"] and row["question"] != original["question"]
    assert rows[1]["perturbation"] != "author:initial"  # "D. Divsalar" would name two people


def test_no_safe_rewrite_means_no_question():
    store = make_store()
    question = {"id": "q", "question": "Where?", "answer": ["x"], "slots": {"paper": "not in the question"}}
    titles = sorted(norm_key(store.label(n)) for n in store.nodes_of_type("paper"))
    assert perturb_question(question, StringIndex(store), titles, random.Random(0)) is None
