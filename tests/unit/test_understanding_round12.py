"""Mechanisms and lexicon entries added after the first run of blind round 12 (benchmarks/blind/round12-*)."""

from __future__ import annotations

import pytest

from hgrag.agents.understanding.check import structural_parts
from hgrag.agents.understanding.normalise import to_english
from hgrag.agents.understanding.signature import element_features
from hgrag.state import plan_ir as ir

AUTHOR = ir.match(["A1"], "author", "Ann Lee")
PAPER = ir.match(["P1"], "paper", "Deep rocks")
VENUE = ir.match(["V1"], "venue", "Basin Research")
COAUTHORS = ir.traverse(ir.traverse(AUTHOR, "writes", "out"), "writes", "in")


def test_leaving_out_the_person_a_coauthor_walk_starts_from_is_no_exclusion_word() -> None:
    in_venue = ir.traverse(ir.where(ir.traverse(AUTHOR, "writes", "out"), "venue", "=", "V1"), "writes", "in")
    without_self = ir.setop("difference", [in_venue, AUTHOR])
    assert "op:difference_self" in element_features(without_self)
    parts = structural_parts("who co-authored with zzm on papers that did not appear in zzm?", {"ir": without_self})
    assert "not (the plan leaves nothing out)" in parts  # 'not' is not read by taking A out of A's co-authors
    assert structural_parts("who else has co-authored with zzm?", {"ir": ir.setop("difference", [COAUTHORS, AUTHOR])}) == []
    other_papers = ir.setop("difference", [ir.traverse(ir.traverse(PAPER, "writes", "in", position=1), "writes", "out"),
                                           PAPER])
    assert "op:difference" in element_features(other_papers)  # 'apart from T': T is in the answer unless left out


def test_co_authors_are_reached_by_a_writes_step_arriving_at_authors() -> None:
    own_venues = ir.traverse(ir.traverse(AUTHOR, "writes", "out"), "published_in", "out")
    coauthor_venues = ir.traverse(ir.traverse(COAUTHORS, "writes", "out"), "published_in", "out")
    question = "in which venues have the co-authors of zzm published?"
    assert any(p.startswith("co-authors") for p in structural_parts(question, {"ir": own_venues}))
    assert not any(p.startswith("co-authors") for p in structural_parts(question, {"ir": coauthor_venues}))
    assert structural_parts("who co-authored zzm with zzm?", {"ir": ir.setop(
        "difference", [ir.traverse(PAPER, "writes", "in"), AUTHOR])}) == []  # a paper's authors arrive at authors


@pytest.mark.parametrize("question, english", [
    ("Est-ce que T a été publié dans V ?", "Is it true that"),            # a yes/no question
    ("Est-ce qu'Ann Lee a publié en 1990 ?", "Is it true that"),
    ("Quand est-ce que T a été publié ?", "When T"),                       # after a question word it is no marker
])
def test_est_ce_que_is_a_question_marker_of_two_pieces(question: str, english: str) -> None:
    assert to_english(question, "fr").startswith(english)


@pytest.mark.parametrize("question, language, words", [
    ("Quelle est la moyenne des citations par article de A, arrondie à une décimale ?", "fr", ("rounded", "one decimal")),
    ("Liste les articles de A publiés entre 2005 et 2007 (bornes incluses).", "fr", ("inclusive",)),
    ("Wann hat A zuletzt etwas veröffentlicht?", "de", ("last", "something")),
])
def test_new_french_and_german_words_are_lexicon_data(question: str, language: str, words: tuple[str, ...]) -> None:
    english = to_english(question, language).lower()
    assert all(word in english for word in words), english


@pytest.fixture
def toy_graph(monkeypatch: pytest.MonkeyPatch):
    from types import SimpleNamespace

    from test_planner import StringIndex, make_store

    store = make_store()
    world = SimpleNamespace(store=store, index=StringIndex(store), dataset="toy")
    monkeypatch.setattr("hgrag.agents.resources_access.load_resources", lambda dataset, source=None: world)
    return world


@pytest.mark.parametrize("question, expected", [
    ("How many years passed between the publication of '{P1}' and '{P2}'?", ["2"]),  # 2008 and 2010
    ("What is the difference in citation count between '{P1}' and '{P3}'?", ["15"]),   # 40 and 55; P1's title says 'difference'
])
def test_a_difference_between_two_named_papers_is_one_span(toy_graph, question: str, expected: list[str]) -> None:
    from test_planner import P1

    from hgrag.graphs.scholar_qa import build_qa_graph
    from hgrag.state.context import Context

    text = question.format(P1=P1, P2="Adaptive routing for delay tolerant sensor networks",
                           P3="Sparse recovery of harmonic signals in noise")
    result = build_qa_graph("agentic").invoke({"question": text, "dataset": "toy"}, context=Context(dataset="toy"))
    assert result["answer"] == expected and result["verified"] is True, result.get("answer_text")


def test_a_relation_stated_between_two_named_things_before_the_question_asks_for_no_step() -> None:
    papers_of_b_in_v = {"ir": ir.where(ir.traverse(ir.match(["A2"], "author", "B"), "writes", "out"), "venue", "=", "V1")}
    stated = "one of zzm 's co-authors is zzm. which of zzm 's papers appeared in zzm?"
    assert not [p for p in structural_parts(stated, papers_of_b_in_v) if p.startswith("co-authors")]
    condition = "i need papers that cite zzm. which of zzm 's papers appeared in zzm?"  # one thing named: a condition
    assert [p for p in structural_parts(condition, papers_of_b_in_v) if p.startswith("cite")]
