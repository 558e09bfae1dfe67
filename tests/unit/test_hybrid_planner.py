"""planner="hybrid": offline and LLM plans are both made, compared by signature, and the choice is recorded."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest
from fake_openai import FakeOpenAI, closed_port
from test_planner import StringIndex, make_store

from hgrag.agents.planning.hybrid_planner import HybridPlanner, choose_plan, plan_signature
from hgrag.agents.retrieval_agent import LLMPlanner, OfflinePlanner, planner_for
from hgrag.state.context import Context
from hgrag.tools.errors import InputError
from hgrag.tools.llm import forget_endpoints

TITLE = "Adaptive routing for delay tolerant sensor networks"
QUESTION = f'Who wrote "{TITLE}"?'


@pytest.fixture(scope="module")
def toy():
    store = make_store()
    return SimpleNamespace(store=store, index=StringIndex(store), dataset="toy")


@pytest.fixture(autouse=True)
def fresh_endpoints():
    forget_endpoints()


def frame(**overrides) -> str:
    value = {"mentions": [{"text": TITLE, "type": "paper"}], "target": "author", "operation": "list",
             "rank_by": None, "position": None, "via_authors": False, "year_from": None, "year_to": None,
             "years": []}
    return json.dumps({**value, **overrides})


def hybrid_plan(toy, reply: str | None) -> dict:
    url = f"http://127.0.0.1:{closed_port()}/v1"
    if reply is None:
        return HybridPlanner(OfflinePlanner(), LLMPlanner()).plan(
            QUESTION, toy, Context(dataset="toy", model="m", base_url=url, llm_retries=0, llm_timeout=2))
    with FakeOpenAI([reply]) as server:
        context = Context(dataset="toy", model="m", base_url=server.base_url, llm_timeout=5)
        return HybridPlanner(OfflinePlanner(), LLMPlanner()).plan(QUESTION, toy, context)


def test_signature_ignores_wording_and_scores_but_not_what_is_executed(toy):
    plan = OfflinePlanner().plan(QUESTION, toy, Context(dataset="toy"))
    reworded = {**plan, "rationale": "something else",
                "anchors": [{**m, "score": 0.1, "text": m["text"].upper()} for m in plan["anchors"]]}
    assert plan_signature(reworded) == plan_signature(plan)
    assert plan_signature({**plan, "operation": "count"}) != plan_signature(plan)
    other_anchor = [{**m, "node_id": "p3"} for m in plan["anchors"]]
    assert plan_signature({**plan, "anchors": other_anchor}) != plan_signature(plan)
    assert plan_signature({**plan, "steps": []}) != plan_signature(plan)


def test_agreeing_plans_are_recorded_as_agreement(toy):
    plan = hybrid_plan(toy, frame())
    check = plan["planner_check"]
    assert check["agree"] is True and check["chosen"] == "both"
    assert check["llm_signature"] == check["offline_signature"]
    assert plan_signature(plan) == check["offline_signature"]


def test_disagreement_keeps_the_offline_plan_and_is_recorded(toy):
    offline = OfflinePlanner().plan(QUESTION, toy, Context(dataset="toy"))
    plan = hybrid_plan(toy, frame(operation="count", target="paper"))
    check = plan["planner_check"]
    assert check["agree"] is False and check["chosen"] == "offline"
    assert check["llm_signature"] != check["offline_signature"]
    assert plan_signature(plan) == plan_signature(offline)
    assert "disagree" in plan["rationale"]


def test_llm_failure_keeps_the_offline_plan(toy):
    plan = hybrid_plan(toy, None)
    check = plan["planner_check"]
    assert check["chosen"] == "offline" and "unavailable" in check["reason"] and "llm_signature" not in check


def test_llm_plan_is_used_only_when_offline_did_not_understand_and_the_llm_plan_links():
    linked = {"anchors": [{"node_id": "p2", "type": "paper", "role": "subject"}], "steps": [], "operation": "list"}
    unlinked = {"anchors": [{"node_id": None, "type": "paper", "role": "subject"}], "steps": [], "operation": "list"}
    unsupported = {**linked, "unsupported": "abstract"}
    assert choose_plan(unlinked, linked)[1]["chosen"] == "llm"
    assert choose_plan(unsupported, linked)[1]["chosen"] == "llm"
    assert choose_plan(unlinked, unlinked)[1]["chosen"] in ("both", "offline")
    assert choose_plan(unlinked, unsupported)[1]["chosen"] == "offline"  # the LLM plan must compile too
    assert choose_plan(linked, {**linked, "operation": "count"})[1]["chosen"] == "offline"


def test_planner_modes_resolve_from_the_context():
    assert isinstance(planner_for(Context()), OfflinePlanner)
    assert isinstance(planner_for(Context(model="m")), LLMPlanner)
    assert isinstance(planner_for(Context(model="m", planner="offline")), OfflinePlanner)
    assert isinstance(planner_for(Context(model="m", planner="hybrid")), HybridPlanner)
    with pytest.raises(InputError, match="unknown planner"):
        planner_for(Context(planner="psychic"))


def test_llm_mentions_not_in_the_question_are_dropped(toy):
    invented = frame(mentions=[{"text": "Sparse recovery of harmonic signals in noise", "type": "paper"}])
    with FakeOpenAI([invented]) as server:
        plan = LLMPlanner().plan(QUESTION, toy, Context(dataset="toy", model="m", base_url=server.base_url))
    assert not [m for m in plan["anchors"] if m.get("node_id")], "an invented title must not be linked"
    with FakeOpenAI([frame(mentions=[{"text": TITLE.upper(), "type": "paper"}])]) as server:
        plan = LLMPlanner().plan(QUESTION, toy, Context(dataset="toy", model="m", base_url=server.base_url))
    assert [m["node_id"] for m in plan["anchors"] if m.get("node_id")] == ["p2"]
