"""False premises: the validator rejects answers to questions that presume a relation the graph lacks,
and the full state machine then declines to answer; without validation the premise goes unchecked."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from test_planner import P1, StringIndex, make_store

from hgrag.agents.answer_agent import check_answer
from hgrag.agents.retrieval_agent import OfflinePlanner
from hgrag.state.context import Context
from hgrag.graphs.scholar_qa import build_qa_graph
from hgrag.tools.plan_exec import full_answer
from hgrag.tools.premises import premise_failures


@pytest.fixture(scope="module")
def toy():
    store = make_store()
    return SimpleNamespace(store=store, index=StringIndex(store), dataset="toy")


@pytest.fixture
def toy_resources(monkeypatch: pytest.MonkeyPatch, toy):
    monkeypatch.setattr("hgrag.agents.resources_access.load_resources", lambda dataset, source=None: toy)
    return toy


def plan_of(toy, question: str) -> dict:
    return OfflinePlanner().plan(question, toy, Context(dataset="toy"))


def test_coauthor_question_with_a_non_author_has_a_failed_premise(toy) -> None:
    plan = plan_of(toy, f"Who co-authored '{P1}' with Bo Chen?")
    failures = premise_failures(toy.store, plan)
    assert len(failures) == 1 and "Bo Chen is not an author of" in failures[0]
    assert "Marvin K. Simon" in failures[0]  # says who the authors are instead


def test_true_premise_and_conditions_are_not_flagged(toy) -> None:
    for question in (f"Who co-authored '{P1}' with Ann Lee?",
                     "How many papers did Ann Lee publish in Signal Processing?",  # a condition, answer 0
                     "Have Ann Lee and Bo Chen ever written a paper together?",  # yes/no: the question is the check
                     f"Who wrote '{P1}'?"):
        assert premise_failures(toy.store, plan_of(toy, question)) == [], question


def test_context_entity_must_relate_to_the_subject(toy) -> None:
    plan = plan_of(toy, f"When did Bo Chen publish '{P1}'?")
    assert any("Bo Chen is not an author of" in f for f in premise_failures(toy.store, plan))
    assert premise_failures(toy.store, plan_of(toy, f"When did Ann Lee publish '{P1}'?")) == []


def test_validator_scores_answers_to_a_false_premise(toy) -> None:
    plan = plan_of(toy, f"Who co-authored '{P1}' with Bo Chen?")
    listed = [item.text for item in full_answer(toy.store, plan)]
    assert listed  # executing the plan alone would happily list the authors
    rejected = check_answer(plan, listed, toy)
    assert rejected["score"] == 0.0 and rejected["premise_failures"] and "False premise" in rejected["feedback"]
    declined = check_answer(plan, [], toy)
    assert declined["score"] == 1.0 and declined["premise_failures"]


def test_full_system_declines_and_the_no_validate_ablation_does_not(toy_resources) -> None:
    question = {"question": f"Who co-authored '{P1}' with Bo Chen?", "dataset": "toy"}
    full = build_qa_graph("agentic").invoke(question, context=Context(dataset="toy"))
    assert full["answer"] == [] and full["verified"] is True and full["regenerations"] == 1
    assert "Bo Chen is not an author of" in full["answer_text"]
    unchecked = build_qa_graph("no_validate").invoke(question, context=Context(dataset="toy"))
    assert sorted(unchecked["answer"]) == ["Ann Lee", "Dariush Divsalar", "Marvin K. Simon"]


def test_true_premise_is_answered_without_regeneration(toy_resources) -> None:
    question = {"question": f"Who co-authored '{P1}' with Ann Lee?", "dataset": "toy"}
    result = build_qa_graph("agentic").invoke(question, context=Context(dataset="toy"))
    assert sorted(result["answer"]) == ["Dariush Divsalar", "Marvin K. Simon"]
    assert result["regenerations"] == 0 and result["verified"] is True


def test_a_loosely_linked_context_mention_is_not_a_premise(toy) -> None:
    """Only entities matched by name make premises: an embedding guess must not make hgrag refuse."""
    plan = plan_of(toy, f"When did Bo Chen publish '{P1}'?")
    for mention in plan["anchors"]:
        if mention["type"] == "author":
            mention.update(match="embedding", score=0.82)
    assert premise_failures(toy.store, plan) == []
