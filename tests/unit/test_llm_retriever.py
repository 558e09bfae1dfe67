"""The graph retrieval agent's LLM policy: it only decides between homonyms the graph cannot separate."""

from __future__ import annotations

import json
from types import SimpleNamespace

from fake_openai import FakeOpenAI, closed_port
from test_planner import StringIndex, make_store

from hgrag.agents.graph_retrieval_agent import LLMRetriever, OfflineRetriever
from hgrag.agents.retrieval_agent import OfflinePlanner
from hgrag.state.context import Context


def homonym_world():
    store = make_store()
    store.add_node("a9", "author", name="Bo Chen")  # a second Bo Chen, unrelated to the first
    store.add_node("p9", "paper", title="Quantum dots in photonic crystal cavities", year=2011, cited_by_count=1)
    store.add_edge("a9", "p9", "writes", position=1)
    store.add_node("p10", "paper", title="Spin qubits in silicon", year=2013, cited_by_count=2)
    store.add_edge("a9", "p10", "writes", position=1)
    return SimpleNamespace(store=store, index=StringIndex(store), dataset="toy")


def plan_for(world, question):
    return OfflinePlanner().plan(question, world, Context(dataset="toy"))


def test_graph_picks_the_homonym_linked_to_the_other_mention():
    world = homonym_world()
    plan = plan_for(world, "Did Bo Chen publish in Signal Processing?")
    plan, _ = OfflineRetriever().retrieve("q", plan, world, 1000)
    bo = next(m for m in plan["anchors"] if m["type"] == "author")
    assert bo["node_id"] == "a4" and bo["tied"] == []


def test_llm_chooses_between_homonyms_the_graph_cannot_separate():
    world = homonym_world()
    question = "How many papers on quantum photonics did Bo Chen write?"
    plan = plan_for(world, question)
    with FakeOpenAI([json.dumps({"choice": "a9"})]) as server:
        context = Context(dataset="toy", model="fake", base_url=server.base_url, api_key="k", llm_timeout=5)
        plan, evidence = LLMRetriever(context).retrieve(question, plan, world, 1000)
        prompt = server.user_prompts()[0]
    bo = next(m for m in plan["anchors"] if m["type"] == "author")
    assert sorted(bo["tied"]) == ["a4", "a9"] and "Quantum dots" in prompt
    assert bo["node_id"] == "a9" and bo["match"].endswith("+llm-choice")
    assert evidence["n_targets"] == 2


def test_llm_failure_keeps_the_graph_choice():
    world = homonym_world()
    plan = plan_for(world, "How many papers did Bo Chen write?")
    context = Context(dataset="toy", model="fake", base_url=f"http://127.0.0.1:{closed_port()}/v1", llm_timeout=2)
    plan, _ = LLMRetriever(context).retrieve("q", plan, world, 1000)
    bo = next(m for m in plan["anchors"] if m["type"] == "author")
    assert bo["node_id"] in ("a4", "a9") and "llm-unavailable" in bo["match"]
