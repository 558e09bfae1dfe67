"""The second reader (agents/second_reader) on the planner tests' toy graph: questions that ask two
things, questions about several entities, comparisons, negated and doubly negated yes/no questions,
refusal to half-answer, and the scorer's margin check and proposal path. Wordings are written here."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from test_planner import P1, make_store, StringIndex

from hgrag.agents.answer_agent import check_answer
from hgrag.agents.retrieval_agent import OfflinePlanner, unsupported_plan
from hgrag.agents.second_reader import review
from hgrag.agents.second_reader.hook import native_plan, second_read
from hgrag.state import plan_ir as ir
from hgrag.state.context import Context
from hgrag.state.ir_types import type_error
from hgrag.tools.plan_exec import full_answer

P3 = "Sparse recovery of harmonic signals in noise"


class EmbeddingIndex(StringIndex):
    """The toy string index plus the project's sentence encoder (what the second reader scores with)."""

    def embed(self, texts):
        from hgrag.tools.embeddings import get_embedder

        return get_embedder().encode(list(texts), batch_size=1)  # as the entity index: each text alone


@pytest.fixture(scope="module")
def world():
    store = make_store()
    return SimpleNamespace(store=store, index=EmbeddingIndex(store), dataset="toy")


def read(world, question):
    """(answer items, plan, validation report) of the pipeline's plan for a question."""
    context = Context(dataset="toy")
    planner = OfflinePlanner()
    plan = second_read(question, planner.plan(question, world, context), world,
                       lambda text: planner.plan(text, world, context), unsupported_plan)
    answer = [item.text for item in full_answer(world.store, plan)]
    return answer, plan, check_answer(plan, answer, world, question)


def verified(report):
    return report["score"] >= 0.8 and not report.get("stop")


@pytest.mark.parametrize("question, expected", [
    (f"Where did '{P1}' appear and in which year?", ["venues: Computer Networks", "year: 2008"]),
    (f"Who wrote '{P1}' and when was it published?",
     ["authors: Ann Lee", "authors: Dariush Divsalar", "authors: Marvin K. Simon", "year: 2008"]),
    ("List Bo Chen's papers and their venues.",
     ["papers: Adaptive routing for delay tolerant sensor networks", f"papers: {P3}",
      "venues: Computer Networks", "venues: Signal Processing"]),
])
def test_two_things_asked_get_two_labelled_outputs(world, question, expected):
    answer, plan, report = read(world, question)
    assert plan["ir"]["op"] == "outputs" and sorted(answer) == expected and verified(report)


def test_outputs_operator_validates_and_reads():
    program = ir.outputs([("year", ir.project(ir.match(["p1"], "paper"), "year")),
                          ("venues", ir.traverse(ir.match(["p1"], "paper"), "published_in", "out"))])
    assert ir.validate_ir(program)["items"][1]["label"] == "venues"
    assert type_error(program) is None
    assert "must give nodes" in (type_error(ir.outputs([("n", ir.aggregate(ir.project(ir.match(["p1"], "paper"), "year"), "count")),
                                              ("bad", ir.traverse(ir.aggregate(ir.match(["p1"], "paper"), "count"),
                                                                  "writes", "in"))])) or "")
    assert len([op for op in ir.walk(program) if op["op"] == "match"]) == 2


@pytest.mark.parametrize("question, expected", [
    (f"How many authors did '{P1}' and '{P3}' have?", [f"{P1}: 3", f"{P3}: 2"]),
    ("Which papers did Bo Chen and Ann Lee publish in Computer Networks?",
     ["Ann Lee: " + P1, "Bo Chen: Adaptive routing for delay tolerant sensor networks"]),
    (f"How many authors did '{P1}' and '{P3}' have in total?", ["4"]),  # the union: Simon wrote both
])
def test_several_entities_one_answer_each_or_the_union(world, question, expected):
    answer, plan, report = read(world, question)
    assert sorted(answer) == expected and verified(report)


def test_both_is_left_to_the_intersection_reading(world):
    answer, plan, _ = read(world, "Which papers did Marvin K. Simon and Bo Chen both write?")
    assert answer == [P3] and plan["ir"]["op"] != "outputs"


@pytest.mark.parametrize("question, expected", [
    (f"Which one has more authors, '{P1}' or '{P3}'?", [P1]),
    (f"Which one is cited more, '{P1}' or '{P3}'?", [P3]),
    (f"Which of these appeared earlier, '{P3}' or '{P1}'?", [P1]),
    ("Who has published more papers, Bo Chen or Dariush Divsalar?", ["Dariush Divsalar"]),
])
def test_comparisons_return_the_winner(world, question, expected):
    answer, plan, report = read(world, question)
    assert answer == expected and verified(report)


def test_a_comparison_with_an_unread_part_abstains(world):
    answer, plan, _ = read(world, f"Which one has more authors in Antarctica, '{P1}' or '{P3}'?")
    assert plan["operation"] == "unsupported" and answer == []


@pytest.mark.parametrize("question, expected", [
    ("Didn't Bo Chen publish in Signal Processing?", ["yes"]),
    ("Didn't Ann Lee publish in Signal Processing?", ["no"]),
    (f"Was '{P1}' not not published in 2008?", ["yes"]),
    (f"Wasn't '{P1}' published in 2010?", ["no"]),
])
def test_negated_yes_no_questions_read_as_meant(world, question, expected):
    answer, plan, report = read(world, question)
    assert answer == expected and verified(report)


def test_half_readable_two_part_question_abstains(world):
    answer, plan, report = read(world, f"Where did '{P1}' appear and what is its blorpness index?")
    assert answer == [] or report.get("stop")


def test_margin_check_objects_to_a_list_for_a_count(world, monkeypatch):
    monkeypatch.setattr(review, "calibration", lambda: {"margin": 0.05})
    question = "How many papers has Bo Chen written?"
    anchors = [{"node_id": "a4", "type": "author", "text": "Bo Chen", "role": "subject"}]
    papers = ir.traverse(ir.match(["a4"], "author", "Bo Chen"), "writes", "out")
    wrong, right = native_plan(papers, anchors), native_plan(ir.aggregate(papers, "count"), anchors)
    assert review.objection(question, wrong, world) is not None
    assert review.objection(question, right, world) is None


def test_proposal_needs_the_threshold(world, monkeypatch):
    anchors = [{"node_id": "p1", "type": "paper", "text": P1, "role": "subject"}]
    question = f"What is the DOI of '{P1}'?"
    monkeypatch.setattr(review, "calibration", lambda: {"proposal": {"threshold": 0.5, "gap": 0.0}})
    program, reading = review.propose(question, anchors, world)
    assert [i.text for i in full_answer(world.store, native_plan(program, anchors))] == ["10.1/p1"]
    monkeypatch.setattr(review, "calibration", lambda: {"proposal": {"threshold": 0.999, "gap": 0.0}})
    assert review.propose(question, anchors, world) is None


def test_an_authors_co_author_readings_leave_the_author_out(world):
    from hgrag.agents.second_reader.candidates import node_sets
    from hgrag.tools.ir_exec import execute
    from hgrag.tools.plan_exec import UNBOUNDED, value_items

    anchor = {"node_id": "a4", "type": "author", "text": "Bo Chen"}
    co_author_sets = [program for program, kind, hops in node_sets(anchor) if kind == "author" and hops == 2]
    assert co_author_sets
    for program in co_author_sets:
        names = sorted(i.text for i in value_items(world.store, execute(world.store, program, UNBOUNDED, False).value))
        assert names == ["Dariush Divsalar", "Marvin K. Simon"]
