"""The flat step form of the plan IR (state/plan_steps.py) and the IR type checker (state/ir_types.py)."""

from __future__ import annotations

import json
import re
from types import SimpleNamespace

import pytest
from test_planner import StringIndex, make_store
from timebox import within

from hgrag.agents.retrieval_agent import OfflinePlanner
from hgrag.state import plan_ir as ir
from hgrag.state.context import Context
from hgrag.state.ir_types import type_error
from hgrag.state.plan_steps import STEP_MODELS, PlanSteps, StepError, nest_steps, operator_fields
from hgrag.tools.llm import token_budget

P1 = "On the difference of two chi-square variates with application to outage probability"


def by_steps(*steps: dict) -> list[dict]:
    return [dict(step, id=f"s{i}") for i, step in enumerate(steps, 1)]


def test_step_models_mirror_every_ir_operator_with_references_instead_of_children():
    for op_model, step_model in zip((ir.Match, ir.Traverse, ir.Filter, ir.SetOp, ir.Aggregate, ir.Top, ir.Project,
                                     ir.Test, ir.Path, ir.Describe, ir.Unsupported), STEP_MODELS):
        expected = set(op_model.model_fields) - ({"ids"} if op_model is ir.Match else set()) | {"id"}
        assert set(step_model.model_fields) == expected
        for name in operator_fields(op_model):  # children became step ids (strings)
            schema = step_model.model_json_schema()["properties"][name]
            assert "$ref" not in json.dumps(schema) and "string" in json.dumps(schema)


def test_step_schema_is_not_recursive_and_langchain_converts_it_quickly():
    from langchain_core.utils.function_calling import convert_to_openai_tool

    tool = within(convert_to_openai_tool, PlanSteps, seconds=30)
    assert "$ref" not in json.dumps(tool)  # fully dereferenced, and still small
    assert len(json.dumps(tool)) < 20_000
    assert 64 <= within(token_budget, PlanSteps, seconds=30) <= 1024


def test_nest_steps_builds_the_ir_tree():
    steps = by_steps({"op": "match", "type": "author", "text": "Bo Chen"},
                     {"op": "traverse", "input": "s1", "edge": "writes", "direction": "out"},
                     {"op": "filter", "input": "s2", "attr": "year", "cmp": ">=", "value": 2010},
                     {"op": "aggregate", "input": "s3", "fn": "count"})
    tree, names = nest_steps(steps)
    assert tree["op"] == "aggregate" and tree["input"]["input"]["input"]["text"] == "Bo Chen"
    assert names[id(tree)] == "s4" and names[id(tree["input"])] == "s3"
    assert ir.validate_ir({**tree, "input": {**tree["input"]}})["fn"] == "count"


@pytest.mark.parametrize("steps, reason", [
    (by_steps({"op": "match", "type": "author", "text": "Bo Chen"},
              {"op": "aggregate", "input": "s9", "fn": "count"}), "'s9' (input), which is not an earlier step"),
    (by_steps({"op": "traverse", "input": "s2", "edge": "writes", "direction": "out"},
              {"op": "match", "type": "author", "text": "Bo Chen"}), "'s2' (input), which is not an earlier step"),
    (by_steps({"op": "match", "type": "author", "text": "Bo Chen"},
              {"op": "match", "type": "author", "text": "Ann Lee"}), "step 's1' is not used by the result"),
    ([], "no steps"),
])
def test_partial_step_lists_are_named(steps, reason):
    with pytest.raises(StepError, match=re.escape(reason)):
        nest_steps(steps)


AUTHOR = ir.match(["a1"], "author", "Marvin K. Simon")
PAPERS = ir.traverse(AUTHOR, "writes", "out")


@pytest.mark.parametrize("plan, reason", [
    (ir.aggregate(ir.test(PAPERS, "nonempty"), "count"), "needs a set of nodes or values to work on, but its input gives a yes/no"),
    (ir.aggregate(ir.aggregate(PAPERS, "count"), "sum"), "its input gives a single number"),
    (ir.where(PAPERS, "h_index", ">", 3), "papers have no attribute 'h_index'"),
    (ir.where(PAPERS, "title", ">", 3), "'>' compares numbers, but 'title' is text"),
    (ir.where(PAPERS, "year", ">", "recent"), "'>' needs a number, not 'recent'"),
    (ir.where(PAPERS, "year", ">="), "neither a value nor a sub-plan"),
    (ir.traverse(PAPERS, "writes", "out"), "'writes' out starts at a author, but its input gives papers"),
    (ir.traverse(AUTHOR, "cites", "out", 1), "author position applies to 'writes' edges only"),
    (ir.aggregate(PAPERS, "avg", "doi"), "'avg' needs numbers, but 'doi' is text"),
    (ir.project(AUTHOR, "year"), "authors have no attribute 'year'"),
    (ir.project(PAPERS, "venue"), "not a stored attribute"),
    (ir.test(PAPERS, ">", 3), "compares a single number, but its input gives papers"),
    ({"op": "intersect", "inputs": [PAPERS]}, "needs at least two inputs"),
    ({"op": "union", "inputs": [PAPERS, AUTHOR]}, "different node types"),
    (ir.aggregate({"op": "unsupported", "reason": "x"}, "count"), "'unsupported' can only be the whole plan"),
    (ir.top(PAPERS, "value", "max"), "key 'value' ranks attribute values"),
])
def test_ill_typed_plans_get_one_line_reasons(plan, reason):
    found = type_error(plan)
    assert found is not None and reason in found and "\n" not in found


def test_reasons_name_the_step_when_the_plan_was_written_as_steps():
    tree, names = nest_steps(by_steps({"op": "match", "type": "author", "text": "Bo Chen"},
                                      {"op": "traverse", "input": "s1", "edge": "writes", "direction": "out"},
                                      {"op": "filter", "input": "s2", "attr": "language", "cmp": ">", "value": 3}))
    assert type_error(tree, names).startswith("step s3 (filter): '>' compares numbers")


@pytest.mark.parametrize("plan", [
    ir.aggregate(ir.where(PAPERS, "year", "between", [2008, 2010]), "count"),
    ir.top(PAPERS, "cited_by_count", "max"),
    ir.aggregate(ir.project(PAPERS, "year"), "min"),
    ir.top(ir.project(PAPERS, "year"), "value", "max"),
    ir.test(ir.aggregate(PAPERS, "count"), ">=", 2),
    ir.where(PAPERS, "venue", "=", sub=ir.match(["v1"], "venue")),
    {"op": "difference", "inputs": [ir.traverse(PAPERS, "writes", "in"), AUTHOR]},
    {"op": "unsupported", "reason": "not in the graph"},
])
def test_well_typed_plans_pass(plan):
    assert type_error(plan) is None


@pytest.mark.parametrize("question", [
    f"Who wrote '{P1}'?", f"Who is the lead author of '{P1}'?", f"Where did '{P1}' appear?",
    f"How many papers did the authors of '{P1}' publish in Computer Networks?",
    "Simon, Marvin K. — which of his papers is cited the most?", "In what year did Dariush Divsalar publish most?",
    "Have Ann Lee and Bo Chen ever written a paper together?",
    "How many papers did Dariush Divsalar publish between 2009 and 2012?", f"What's the DOI for {P1}?",
    f"Size of the author team of '{P1}'?", "Who has published with Bo Chen more than anyone else?",
    f"Was '{P1}' published in Computer Networks?",
])
def test_every_offline_plan_is_well_typed(question):
    """The checker is not stricter than the planner whose IR the executor already runs."""
    store = make_store()
    world = SimpleNamespace(store=store, index=StringIndex(store), dataset="toy")
    plan = OfflinePlanner().plan(question, world, Context(dataset="toy"))
    assert plan["ir"] and type_error(plan["ir"]) is None, (question, plan["ir"])
