"""Unanswerable intents (spec section B): gold [] and entities checked against the raw graph of
test_generator's synthetic store and the tiny datasets, with our own edit distance."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from test_generator import Raw, _synthetic_store

from hgrag.evaluation.catalogue import UNANSWERABLE
from hgrag.evaluation.generator import generate_questions
from hgrag.tools.graph_builder import build_store
from hgrag.tools.loaders.detect import iter_records


def distance(a: str, b: str) -> int:
    """Plain Levenshtein distance (full table)."""
    table = [[i + j if i * j == 0 else 0 for j in range(len(b) + 1)] for i in range(len(a) + 1)]
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + (a[i - 1] != b[j - 1]))
    return table[-1][-1]


def farther_than(a: str, b: str, limit: float) -> bool:
    """distance(a, b) > limit; a length difference above the limit already says so."""
    return abs(len(a) - len(b)) > limit or distance(a, b) > limit


def key(text: str) -> str:
    return " ".join(re.findall(r"[0-9a-z]+", text.lower()))


def labels(raw: Raw, kind: str) -> list[str]:
    return [raw.label(n) for n, d in raw.g.nodes(data=True) if d["type"] == kind]


def check_rows(raw: Raw, questions: list[dict]) -> None:
    authors, titles = labels(raw, "author"), labels(raw, "paper")
    for q in questions:
        assert q["answer"] == [] and q["type"] == "unanswerable", q
        entities, intent = q["entities"], q["intent"]
        if intent == "absent_author":
            name = key(entities["author"])
            assert all(farther_than(name, key(a), 2) for a in authors), q
            initial_form = (name.split()[0][0], name.split()[-1])
            assert all((key(a).split()[0][0], key(a).split()[-1]) != initial_form for a in authors if key(a)), q
        elif intent == "absent_paper":
            title = key(entities["paper"])
            assert all(farther_than(title, key(t), 0.2 * len(title)) for t in titles), q
        elif intent.startswith("false_premise"):
            paper, named = raw.find("paper", entities["paper"]), raw.find("author", entities["author"])
            assert named not in raw.authors(paper), q
            assert any(named in raw.coauthors(a) for a in raw.authors(paper)), q
        else:
            slot = "paper" if "paper" in entities else "author"
            assert [t for t in (titles if slot == "paper" else authors) if t.rstrip(".") == entities[slot]], q


@pytest.fixture(scope="module")
def synthetic():
    store = _synthetic_store()
    return store, generate_questions(store, "synthetic", seed=0, template_set="unanswerable")


def test_two_hundred_questions_evenly_over_the_intents(synthetic):
    _, questions = synthetic
    assert len(questions) == 200
    counts = Counter(q["intent"] for q in questions)
    assert set(counts) == {intent for intent, _ in UNANSWERABLE}
    assert max(counts.values()) - min(counts.values()) <= 1, counts


def test_absent_entities_are_absent_and_real_ones_real(synthetic):
    store, questions = synthetic
    check_rows(Raw(store), questions)


def test_near_miss_names_of_both_kinds_and_both_non_english_subjects(synthetic):
    store, questions = synthetic
    raw = Raw(store)
    real = {tuple(raw.label(a).split()) for a in raw.all_authors()}
    givens, surnames = {r[0] for r in real if len(r) == 2}, {r[-1] for r in real if len(r) == 2}
    absent = [tuple(q["entities"]["author"].split()) for q in questions if q["intent"] == "absent_author"]
    assert any(g in givens and s not in surnames for g, s in absent)
    non_english = Counter(next(iter(q["entities"])) for q in questions if q["intent"] == "non_english")
    assert non_english["paper"] and non_english["author"]


@pytest.mark.parametrize("dataset", ["openalex-tiny", "dblp-tiny"])
def test_tiny_datasets(dataset, openalex_tiny_dir, dblp_tiny_file):
    source = openalex_tiny_dir if dataset == "openalex-tiny" else dblp_tiny_file
    store = build_store(iter_records(dataset.split("-")[0], source), dataset)
    questions = generate_questions(store, dataset, seed=0, template_set="unanswerable", per_type=30)
    assert {"absent_author", "absent_paper", "author_unsupported_property"} <= {q["intent"] for q in questions}
    raw = Raw(store)
    raw.by_label.update({(d["type"], raw.label(n).rstrip(".")): n for n, d in store.graph.nodes(data=True)})
    check_rows(raw, questions)
