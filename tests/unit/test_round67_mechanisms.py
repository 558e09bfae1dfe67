"""Mechanisms added in the twenty-seventh stop: a request written as steps, each working on what the step before found
('Look up the references of T, then list every author of those referenced works'), and a question after a request
that is never left out as an idle remark. Wordings are written here."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from test_chain_reader import P2, P3, P4, world  # noqa: F401 - the toy graph with citations (a fixture)
from test_planner import P1
from test_round28_mechanisms import world_resources  # noqa: F401 - the toy graph as the pipeline's resources
from test_round30_mechanisms import _ask

from hgrag.agents.understanding.idle_context import without_idle_context
from hgrag.agents.understanding.step_chain import step_chain_folded


def _detect(*names: str):
    def detect(text: str) -> list:
        found = []
        for name in names:
            at = text.find(name)
            if at >= 0:
                found.append(SimpleNamespace(start=at, end=at + len(name), text=name, type="paper",
                                             candidates=[SimpleNamespace(node_id="n")]))
        return found
    return detect


@pytest.mark.parametrize("question, expected", [
    (f"Take the papers citing '{P1}'. Where were they published?", ["Computer Networks", "Signal Processing"]),
    (f"Find the papers citing '{P1}' -> where did they come out?", ["Computer Networks", "Signal Processing"]),
    (f"Look up the references of '{P4}', then list every author of those referenced works.",
     ["Bo Chen", "Marvin K. Simon"]),
    (f"refs of '{P4}' -> who wrote those?", ["Bo Chen", "Marvin K. Simon"]),
    (f"Take the references of '{P4}' and tell me who wrote them.", ["Bo Chen", "Marvin K. Simon"]),
    (f"Start from '{P2}' -> take its 1st author -> list everyone that person has co-authored with",
     ["Ann Lee", "Bo Chen", "Marvin K. Simon"]),
    (f"paper: '{P2}' | step 1: first author | step 2: all their co-authors", ["Ann Lee", "Bo Chen", "Marvin K. Simon"]),
])
def test_a_request_written_as_steps_is_answered_as_the_whole_walk(world_resources, question, expected) -> None:
    result = _ask(question)
    assert sorted(result["answer"]) == expected and result["verified"], (result["interpretation"], result["answer"])


def test_the_steps_name_what_the_step_before_found() -> None:
    detect = _detect("T one two")
    assert step_chain_folded('Look up the references of "T one two", then list every author of those referenced '
                             'works.', detect) == 'list every author of the references of "T one two"'
    assert step_chain_folded('Start from "T one two" -> take its 1st author -> who are that person\'s co-authors?',
                             detect) == 'who are the co-authors of the 1st author of "T one two"?'


@pytest.mark.parametrize("question", [
    'I read "T one two". Who wrote it?',  # a statement of the asker's: no step
    '"T one two" was cited twice. Who cited it?',  # a clause, not a noun phrase
    'Take the references of "T one two". Who wrote it?',  # 'it' is one thing; the references are many
    'Take the references of "T one two". Did they cite them?',  # two back-references: which is which?
    'Take the references of "T one two". Who wrote "T one two"?',  # no back-reference
])
def test_steps_that_do_not_chain_are_left_as_written(question: str) -> None:
    assert step_chain_folded(question, _detect("T one two")) is None


def test_a_question_after_a_request_is_never_an_idle_remark() -> None:
    question = 'Find the papers citing "T one two". Where were they published?'
    assert without_idle_context(question, _detect("T one two")) == question
