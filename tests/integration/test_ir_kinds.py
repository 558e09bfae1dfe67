"""Schema-valid plans whose operators get the wrong kind of input (a number where nodes are needed, …).

`validate_ir` accepts them (the schema does not type the data flowing between operators), so the executor
must refuse them with its own ExecutionError — never a TypeError/AttributeError traceback and never a
made-up number (a "sum" of a single count was 0). Run on both tiny graphs with the most prolific author.
"""

from __future__ import annotations

import pytest

from ir_cases import Case, run


pytestmark = pytest.mark.integration


def _plans(author: str) -> dict[str, dict]:
    from hgrag.state import plan_ir as ir

    papers = ir.traverse(ir.match([author], "author"), "writes", "out")
    count, yes, years = ir.aggregate(papers, "count"), ir.test(papers, "nonempty"), ir.project(papers, "year")
    return {
        "count of a number": ir.aggregate(count, "count"),
        "count of a yes/no": ir.aggregate(yes, "count"),
        "sum of a number": ir.aggregate(count, "sum"),
        "avg of a yes/no": ir.aggregate(yes, "avg"),
        "top of a number": ir.top(count, "frequency", "max"),
        "top by value of nodes": ir.top(papers, "value", "max"),
        "difference of a number": {"op": "difference", "inputs": [count, papers]},
        "difference minus a number": {"op": "difference", "inputs": [papers, count]},
        "contains in a number": ir.test(count, "contains", 3),
        "filter of a number": ir.where(count, "year", ">", 1),
        "project of values": ir.project(years, "year"),
        "traverse of values": ir.traverse(years, "writes", "in"),
        "describe of a number": {"op": "describe", "input": count},
        "comparison test of nodes": ir.test(papers, ">", 1),
    }


@pytest.mark.parametrize("name", list(_plans("x")))
def test_wrong_input_kinds_raise_execution_error(case: Case, name: str) -> None:
    from hgrag.tools.ir_exec import ExecutionError

    with pytest.raises(ExecutionError):
        run(case.store, _plans(case.picks.author)[name])


def test_an_ill_typed_plan_in_the_pipeline_abstains_with_its_reason(case: Case) -> None:
    """The answer agent turns the executor's refusal into an empty answer that says why."""
    from types import SimpleNamespace

    from hgrag.agents.answer_agent import OfflineAnswerer
    from hgrag.state import plan_ir as ir

    papers = ir.traverse(ir.match([case.picks.author], "author"), "writes", "out")
    plan = {"ir": ir.aggregate(ir.aggregate(papers, "count"), "sum"), "operation": "sum", "target_type": "paper",
            "anchors": [{"text": "x", "type": "author", "node_id": case.picks.author, "role": "subject"}]}
    world = SimpleNamespace(store=case.store, dataset="tiny")
    answer, text = OfflineAnswerer().generate("q", plan, {}, world, "", attempt=1)
    assert answer == [] and "can't run" in text and "needs" in text
