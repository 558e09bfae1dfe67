"""The IR-writing LLM planner (agents/planning/ir_planner.py) against the scripted endpoint, on the toy graph.

Valid, invalid, ill-typed and partial IR replies through each structured-output method: a valid
plan runs and answers right; every other reply is rejected with a one-line reason that the next
request quotes, counted as a failed regeneration, and after the last one the planner abstains."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest
from fake_openai import FakeOpenAI
from test_planner import StringIndex, make_store
from timebox import within

from hgrag.agents.planning.ir_planner import IRPlanner
from hgrag.agents.planning.ir_planner_prompts import IR_PLAN_SYSTEM_PROMPT
from hgrag.agents.retrieval_agent import planner_for
from hgrag.state.context import Context
from hgrag.state.plan_steps import step_operator_names
from hgrag.tools.errors import LLMError
from hgrag.tools.llm import forget_endpoints
from hgrag.tools.plan_exec import full_answer, linked_subjects

QUESTION = "How many papers did Dariush Divsalar publish after 2009?"


def steps(*items: dict) -> str:
    return json.dumps({"steps": [dict(item, id=f"s{i}") for i, item in enumerate(items, 1)]})


AUTHOR = {"op": "match", "type": "author", "text": "Dariush Divsalar"}
PAPERS = {"op": "traverse", "input": "s1", "edge": "writes", "direction": "out"}
VALID = steps(AUTHOR, PAPERS, {"op": "filter", "input": "s2", "attr": "year", "cmp": ">", "value": 2009},
              {"op": "aggregate", "input": "s3", "fn": "count"})
NOT_JSON = '{"steps": [{"id": "s1", "op": "match", "type": "author", "text": "Dariush'
AGGREGATE_OVER_NOTHING = steps(AUTHOR, PAPERS, {"op": "test", "input": "s2", "cmp": "nonempty"},
                               {"op": "aggregate", "input": "s3", "fn": "count"})
UNKNOWN_ATTRIBUTE = steps(AUTHOR, PAPERS, {"op": "filter", "input": "s2", "attr": "h_index", "cmp": ">", "value": 2009},
                          {"op": "aggregate", "input": "s3", "fn": "count"})
ORDER_ON_TEXT = steps(AUTHOR, PAPERS, {"op": "filter", "input": "s2", "attr": "language", "cmp": ">", "value": 2009},
                      {"op": "aggregate", "input": "s3", "fn": "count"})
MISSING_STEP = steps(AUTHOR, {"op": "filter", "input": "s7", "attr": "year", "cmp": ">", "value": 2009},
                     {"op": "aggregate", "input": "s2", "fn": "count"})
DANGLING_STEP = steps(AUTHOR, PAPERS)[:-2] + ', {"id": "s3", "op": "match", "type": "author", "text": "Bo Chen"}]}'
UNKNOWN_OPERATOR = steps(AUTHOR, {"op": "frobnicate", "input": "s1"})
INVENTED_MENTION = steps({"op": "match", "type": "author", "text": "Ada Lovelace"},
                         {"op": "traverse", "input": "s1", "edge": "writes", "direction": "out"})
NODE_ID_LITERAL = steps(AUTHOR, PAPERS, {"op": "filter", "input": "s2", "attr": "venue", "cmp": "=", "value": "v1"})

REJECTED = [  # (reply, words of the reason)
    (NOT_JSON, "JSON"),
    (AGGREGATE_OVER_NOTHING, "step s4 (aggregate): needs a set of nodes or values to work on, but its input gives a yes/no"),
    (UNKNOWN_ATTRIBUTE, "step s3 (filter): papers have no attribute 'h_index'"),
    (ORDER_ON_TEXT, "step s3 (filter): '>' compares numbers, but 'language' is text"),
    (MISSING_STEP, "partial plan: step 's2' refers to 's7' (input), which is not an earlier step"),
    (DANGLING_STEP, "partial plan: step 's2' is not used by the result"),
    (UNKNOWN_OPERATOR, "frobnicate"),
    (INVENTED_MENTION, "'Ada Lovelace' is not in the question"),
    (NODE_ID_LITERAL, "'venue' names graph nodes; give 'sub'"),
]


@pytest.fixture(scope="module")
def toy():
    store = make_store()
    return SimpleNamespace(store=store, index=StringIndex(store), dataset="toy")


@pytest.fixture(autouse=True)
def fresh_endpoints():
    forget_endpoints()
    yield
    forget_endpoints()


def context(url: str, **extra) -> Context:
    return Context(**{"dataset": "toy", "model": "fake", "base_url": url, "api_key": "k", "llm_timeout": 5,
                      "llm_retries": 0, "planner": "llm", "llm_plan": "ir", **extra})


def plan_with(toy, replies: list[str], **extra):
    with FakeOpenAI(replies) as server:
        plan = within(IRPlanner().plan, QUESTION, toy, context(server.base_url, **extra), seconds=60)
    return plan, server


def answer(toy, plan) -> list[str]:
    return [item.text for item in full_answer(toy.store, plan)]


def test_context_selects_the_ir_planner():
    assert isinstance(planner_for(Context(model="m", planner="llm", llm_plan="ir")), IRPlanner)
    assert not isinstance(planner_for(Context(model="m", planner="llm")), IRPlanner)  # frame is the default
    assert "llm_plan='tree': must be one of frame, ir" in Context(llm_plan="tree").problems()


@pytest.mark.parametrize("method", ["function_calling", "json_schema", "json_mode"])
def test_valid_ir_runs_and_answers_through_each_method(toy, method):
    plan, server = plan_with(toy, [VALID], llm_method=method)
    assert answer(toy, plan) == ["2"]  # p2 (2010) and p4 (2012); p1 is from 2008
    assert plan["ir_native"] and plan["ir_rejections"] == [] and plan["plan_regenerations"] == 0
    assert plan["ir"]["op"] == "aggregate" and plan["query_type"] == "aggregation"
    assert [m["node_id"] for m in plan["anchors"]] == ["a2"] and plan["planner_check"]["chosen"] == "llm"
    body = server.requests[0]["body"]
    if method == "function_calling":  # the IR's step schema as the forced tool
        assert body["tool_choice"]["function"]["name"] == "PlanSteps"
        assert "FilterStep" in json.dumps(body["tools"]) or "attr" in json.dumps(body["tools"])
    elif method == "json_schema":
        assert body["response_format"]["type"] == "json_schema"
        assert body["response_format"]["json_schema"]["name"] == "PlanSteps"
    else:
        assert body["response_format"] == {"type": "json_object"}
    assert json.loads(server.user_prompts()[0]) == {"question": QUESTION}, "the question is quoted as JSON data"


@pytest.mark.parametrize("method", ["function_calling", "json_schema", "json_mode"])
@pytest.mark.parametrize("reply, reason", REJECTED, ids=[r[1].split(":")[0][:30] for r in REJECTED])
def test_bad_ir_is_rejected_with_a_reason_and_the_regeneration_gets_it(toy, method, reply, reason):
    plan, server = plan_with(toy, [reply, VALID], llm_method=method)
    rejected = plan["ir_rejections"]
    assert len(rejected) == 1 and reason in rejected[0] and "\n" not in rejected[0], rejected
    assert plan["plan_regenerations"] == 1 and answer(toy, plan) == ["2"]
    second = json.loads(server.user_prompts()[1])
    assert second == {"question": QUESTION, "previous_plan_rejected": rejected[0]}


def test_after_the_last_rejection_the_planner_abstains(toy):
    plan, server = plan_with(toy, [NOT_JSON, MISSING_STEP, ORDER_ON_TEXT], max_regenerations=2)
    assert len(server.requests) == 3 and not server.replies  # one plan and two regenerations, no more
    assert plan["operation"] == "unsupported" and not linked_subjects(plan) and answer(toy, plan) == []
    assert plan["plan_regenerations"] == 2 and len(plan["ir_rejections"]) == 3
    assert "no usable plan in 3 attempts" in plan["reason"] and "'language' is text" in plan["reason"]
    assert plan["planner_check"]["chosen"] == "none"


def test_no_regenerations_means_one_attempt(toy):
    plan, server = plan_with(toy, [UNKNOWN_ATTRIBUTE], max_regenerations=0)
    assert len(server.requests) == 1 and plan["operation"] == "unsupported" and plan["plan_regenerations"] == 0


def test_a_model_calling_the_question_unsupported_abstains_without_regenerating(toy):
    plan, server = plan_with(toy, [steps({"op": "unsupported", "reason": "h-index is not recorded"})])
    assert len(server.requests) == 1 and plan["ir_rejections"] == []
    assert plan["operation"] == "unsupported" and "h-index is not recorded" in plan["reason"]


def test_an_endpoint_failure_is_an_llm_error_not_a_rejection(toy):
    with FakeOpenAI([{"status": 400, "message": "bad request"}]) as server:
        with pytest.raises(LLMError, match="failed"):
            IRPlanner().plan(QUESTION, toy, context(server.base_url, llm_method="function_calling"))


def test_the_prompt_names_every_operator_of_the_step_schema():
    for name in step_operator_names():
        assert f'"{name}"' in IR_PLAN_SYSTEM_PROMPT or f"{name} " in IR_PLAN_SYSTEM_PROMPT, name
