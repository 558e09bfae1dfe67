"""The mechanisms of the twenty-third stop: windows of years counted from a named paper's own year. Wordings are
written here."""

from __future__ import annotations

import pytest

from test_planner import P1
from test_chain_reader import P3, P4
from test_chain_reader import world  # noqa: F401 - the toy graph with citations (a fixture)
from test_second_reader import read, verified


@pytest.mark.parametrize("question, expected, bound", [
    (f"Which papers cited '{P1}' within two years of its publication?", ["p2", "p3"], "in or before 2010"),
    (f"Which papers cited '{P3}' more than one year after its publication?", ["p4"], "after 2011"),
    (f"Which papers cited '{P3}' more than two years after it appeared?", [], "after 2012"),
    (f"Which of the works cited by '{P4}' are at least two years older than it?", ["p3"], "in or before 2010"),
    (f"Which of the works cited by '{P4}' appeared before it?", ["p3"], "before 2012"),
])
def test_a_window_counted_from_a_named_papers_year(world, question, expected, bound) -> None:
    answer, plan, report = read(world, question)
    titles = {pid: world.store.attr(pid, "title") for pid in expected}
    assert sorted(answer) == sorted(titles.values()) and verified(report)
    assert bound in plan["checked_question"]


def test_the_year_of_a_papers_publication_is_no_window(world) -> None:
    answer, plan, _ = read(world, f"What is the year of its publication for '{P1}'?")
    assert answer == ["2008"] and "checked_question" not in plan
