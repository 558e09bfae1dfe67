"""`hgrag debug` helpers: the compact state-change lines and the checks on edited fields."""

from __future__ import annotations

import pytest

from hgrag.graphs.cli_debug import compact, edit_problem, state_change


def test_state_change_shows_only_changed_fields_old_to_new() -> None:
    before = {"answer": ["A"], "regenerations": 0, "verified": False}
    lines = state_change(before, {"answer": ["B"], "regenerations": 0, "feedback": "no"})
    assert lines == ['  answer: ["A"] → ["B"]', '  feedback: "no"']
    assert state_change(before, {"verified": False}) == ["  (no change)"]


def test_compact_summarises_evidence_plans_and_long_values() -> None:
    evidence = {"nodes": ["a", "b"], "paths": [["a", "b"]], "frontier": ["b", "c", "d", "e"]}
    assert compact(evidence) == '2 nodes, 1 paths, frontier ["b", "c", "d"]'
    plan = {"query_type": "relation", "start_type": "paper", "steps": [{"to_type": "author"}], "operation": "list"}
    assert compact(plan) == "relation: paper → author, list"
    long = compact(["x" * 50] * 10)
    assert long.startswith("[10 items] ") and len(long) <= 110 and long.endswith("…")


@pytest.mark.parametrize("field, value, problem", [
    ("sufficiency_threshold", "high", "must be a number in [0, 1]"),
    ("max_expansions", 9, "must be a whole number in [0, 5]"),
    ("answer", 5, "expected JSON list"),
    ("plan", "x", "expected JSON dict"),
    ("expansions", "1", "expected a int"),
    ("verified", 1, "expected JSON bool"),
])
def test_bad_edits_are_refused(field: str, value: object, problem: str) -> None:
    assert problem in edit_problem(field, value)


@pytest.mark.parametrize("field, value", [("sufficiency_threshold", 0.9), ("answer", ["Someone"]),
                                          ("plan", {}), ("expansions", 1), ("error", None), ("feedback", "x")])
def test_good_edits_pass(field: str, value: object) -> None:
    assert edit_problem(field, value) is None
