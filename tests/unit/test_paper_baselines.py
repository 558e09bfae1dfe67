"""The paper's LLM baselines (GraphCoT, KGRAG, AdaptiveRAG, Agent-G) on the tiny OpenAlex graph, driven
through their loops by a scripted OpenAI-compatible endpoint whose replies are read off the prompts
(tool observations, triples, passages), so each answer depends on what the baseline retrieved.
Gold answers are computed from the graph; answers are checked with the benchmark's scorer."""

from __future__ import annotations

import json
import re

import pytest
from fake_openai import FakeOpenAI, closed_port, message_of, tool_reply

from hgrag.evaluation.baselines import SystemSkipped
from hgrag.evaluation.baselines_adaptive import AdaptiveRAG
from hgrag.evaluation.baselines_agent_g import AgentG
from hgrag.evaluation.baselines_graphcot import GraphCoT
from hgrag.evaluation.baselines_kgrag import KGRAG, TOP_K
from hgrag.evaluation.metrics import score
from hgrag.evaluation.runner import make_system

SYSTEMS = {"graphcot": GraphCoT, "kgrag": KGRAG, "adaptive_rag": AdaptiveRAG, "agent_g": AgentG}


@pytest.fixture(scope="module")
def tiny(session_hgrag_home):
    from hgrag.tools.resources import load_resources

    return load_resources("openalex-tiny")


@pytest.fixture(scope="module")
def paper(tiny):
    """A paper with a venue and several authors, the one with the most authors (ties by id)."""
    store = tiny.store
    papers = [p for p in store.nodes_of_type("paper") if store.step(p, "venue") and len(store.step(p, "author")) >= 3]
    return max(sorted(papers), key=lambda p: len(store.step(p, "author")))


@pytest.fixture(scope="module")
def small_paper(tiny):
    """A paper with a venue and two or three authors (few triples: its venue fact ranks in the top ten)."""
    store = tiny.store
    return min(p for p in store.nodes_of_type("paper") if store.step(p, "venue") and 2 <= len(store.step(p, "author")) <= 3)


def labels(store, nodes):
    return [store.label(n) for n in nodes]


def context(server, **extra):
    return {"model": "fake", "base_url": server.base_url, "api_key": "k", "llm_timeout": 10, **extra}


def last_message(request):
    return request["body"]["messages"][-1]


def is_correct(answer, gold):
    return score(answer, gold)["accuracy"] == 1.0


# -- GraphCoT ---------------------------------------------------------------------------------
def graphcot_tool_caller(request):
    """RetrieveNode(title) -> NeighborCheck(first id, author) -> Finish[the neighbours it listed]."""
    last = last_message(request)
    if last["role"] != "tool":
        title = re.search(r"'(.+)'", message_of(request, "user")).group(1)
        return tool_reply(("RetrieveNode", {"keyword": title}))
    if "(paper):" in last["content"]:
        node = last["content"].split(" ", 1)[0]
        return tool_reply(("NeighborCheck", {"node": node, "neighbor_type": "author"}))
    names = [line.split(": ", 1)[1] for line in last["content"].splitlines()]
    return f"Thought: these are the authors.\nFinish[{'; '.join(names)}]"


def test_graphcot_calls_graph_tools_until_finish(tiny, paper):
    question = f"Who are the authors of '{tiny.store.label(paper)}'?"
    with FakeOpenAI(responder=graphcot_tool_caller) as server:
        result = GraphCoT(tiny, **context(server))(question)
        tools_offered = {t["function"]["name"] for t in server.requests[0]["body"]["tools"]}
    assert tools_offered == {"RetrieveNode", "NodeFeature", "NeighborCheck", "NodeDegree"}
    assert result["error"] is None and result["steps"] == 3
    assert [json.loads(c)["name"] for c in result["evidence"]["tool_calls"]] == ["RetrieveNode", "NeighborCheck"]
    assert is_correct(result["answer"], labels(tiny.store, tiny.store.step(paper, "author")))


def test_graphcot_written_actions_work_without_tool_calling(tiny, paper):
    """Graph-CoT's own text format: 'Action: NodeDegree[W…, author]' then Finish[n]."""
    def writer(request):
        last = message_of(request, "user")
        if last.startswith("Question"):
            return f"Action: RetrieveNode[{tiny.store.label(paper)}]"
        if "(RetrieveNode)" in last:
            node = re.search(r"\(RetrieveNode\): (\S+) \(paper\)", last).group(1)
            return f"Thought: count them.\nAction: NodeDegree[{node}, author]"
        count = re.search(r"\(NodeDegree\): (\d+)", last).group(1)
        return f"Finish[{count}]"

    with FakeOpenAI(responder=writer) as server:
        result = GraphCoT(tiny, **context(server))(f"How many authors does '{tiny.store.label(paper)}' have?")
    assert result["steps"] == 3 and result["error"] is None
    assert is_correct(result["answer"], [str(len(tiny.store.step(paper, "author")))])


def test_graphcot_abstains_when_the_step_budget_runs_out(tiny):
    with FakeOpenAI(responder=lambda request: tool_reply(("RetrieveNode", {"keyword": "oil"}))) as server:
        result = GraphCoT(tiny, max_steps=4, **context(server))("Which paper is about oil?")
        calls = len(server.requests)
    assert calls == 4 and result["answer"] == [] and "within 4 steps" in result["reason"]


# -- KGRAG ------------------------------------------------------------------------------------
def test_kgrag_answers_from_the_top_ranked_triples(tiny, paper):
    question = f"In which venue was '{tiny.store.label(paper)}' published?"

    def reader(request):
        lines = [line for line in message_of(request, "user").splitlines() if re.match(r"\d+\. ", line)]
        venue = next(line for line in lines if "-[published_in]->" in line).split("-[published_in]-> ", 1)[1]
        return json.dumps({"answer": [venue.rsplit(" (venue", 1)[0]]})

    with FakeOpenAI(responder=reader) as server:
        result = KGRAG(tiny, **context(server))(question)
        prompt = server.user_prompts()[0]
    triples = [line for line in prompt.splitlines() if re.match(r"\d+\. ", line)]
    assert result["evidence"]["entities"][0] == paper and len(triples) == min(TOP_K, len(result["evidence"]["triples"]))
    assert "year=" in prompt  # heads and tails carry their attributes
    assert is_correct(result["answer"], labels(tiny.store, tiny.store.step(paper, "venue")))


# -- AdaptiveRAG ------------------------------------------------------------------------------
def router_then(route, answerer):
    def respond(request):
        if "Classify the complexity" in message_of(request, "system"):
            return json.dumps({"complexity": route})
        return answerer(request)
    return respond


def test_adaptive_rag_routes_simple_questions_away_from_retrieval(tiny, paper):
    with FakeOpenAI(responder=router_then("A", lambda r: json.dumps({"answer": ["2020"]}))) as server:
        result = AdaptiveRAG(tiny, **context(server))(f"When did '{tiny.store.label(paper)}' appear?")
        prompts = server.user_prompts()
    assert result["query_type"] == "no_retrieval" and len(prompts) == 2 and "Passages" not in prompts[1]
    assert result["answer"] == ["2020"]


def test_adaptive_rag_single_step_retrieves_once(tiny, paper):
    def year_reader(request):
        return json.dumps({"answer": re.findall(r"\((\d{4})\) by", message_of(request, "user"))[:1]})

    with FakeOpenAI(responder=router_then("B", year_reader)) as server:
        result = AdaptiveRAG(tiny, **context(server))(f"When did '{tiny.store.label(paper)}' appear?")
    assert result["query_type"] == "single_step" and len(server.requests) == 2
    assert is_correct(result["answer"], [str(tiny.store.attr(paper, "year"))])


def test_adaptive_rag_multi_step_follows_up_until_it_can_answer(tiny):
    """Co-authors need the author's papers first, then each paper's authors (one follow-up query per paper)."""
    store = tiny.store
    author = next(a for a in sorted(store.nodes_of_type("author")) if len(store.step(a, "paper")) == 2)
    name = store.label(author)

    def researcher(request):
        prompt = message_of(request, "user")
        titles = re.search(r"\(author\) wrote \d+ papers\. Papers: (.*)\.$", prompt, re.M).group(1).split("; ")
        missing = [t for t in titles if not re.search(rf"\] {re.escape(t.rstrip('.'))} \(", prompt)]
        if missing and "next_query" in message_of(request, "system"):
            return json.dumps({"next_query": missing[0]})
        authors = {a for line in re.findall(r"\) by (.+?)(?: in [^;]+)?; cited", prompt) for a in line.split(", ")}
        return json.dumps({"answer": sorted(authors - {name})})

    with FakeOpenAI(responder=router_then("C", researcher)) as server:
        result = AdaptiveRAG(tiny, **context(server))(f"Who has co-authored papers with {name}?")
    gold = {store.label(a) for p in store.step(author, "paper") for a in store.step(p, "author")} - {name}
    assert result["query_type"] == "multi_step" and result["hops"] == 3 and len(server.requests) == 4
    assert len(result["evidence"]["queries"]) == 3
    assert is_correct(result["answer"], sorted(gold))


# -- Agent-G ----------------------------------------------------------------------------------
def agent_g_script(paper_title, critic_accepts):
    """Vector retrieval first; the critic wants a graph fact for the venue, so the agent switches."""
    def respond(request):
        system, user = message_of(request, "system"), message_of(request, "user")
        if "You gather evidence" in system:
            retriever = "graph" if "critic rejected" in user else "vector"
            return json.dumps({"retriever": retriever, "query": paper_title})
        if "You are a critic" in system:
            grounded = "-[published_in]->" in user and critic_accepts
            return json.dumps({"verdict": "accept" if grounded else "reject",
                               "feedback": "" if grounded else "no published_in fact in the evidence"})
        venue = re.search(r"-\[published_in\]-> (.+?) \(venue", user)
        return json.dumps({"answer": [venue.group(1)] if venue else [re.search(r"\[1\] (.+?) \(", user).group(1)]})
    return respond


def test_agent_g_critic_rejects_then_graph_retrieval_is_accepted(tiny, small_paper):
    paper = small_paper
    title = tiny.store.label(paper)
    with FakeOpenAI(responder=agent_g_script(title, critic_accepts=True)) as server:
        result = AgentG(tiny, **context(server))(f"Which venue published '{title}'?")
    assert [r.split("(")[0] for r in result["evidence"]["retrievals"]] == ["vector", "graph"]
    assert len(server.requests) == 6 and result["regenerations"] == 1 and result["verified"] is True
    assert is_correct(result["answer"], labels(tiny.store, tiny.store.step(paper, "venue")))


def test_agent_g_abstains_when_the_critic_rejects_every_round(tiny, paper):
    title = tiny.store.label(paper)
    with FakeOpenAI(responder=agent_g_script(title, critic_accepts=False)) as server:
        result = AgentG(tiny, max_rounds=2, **context(server))(f"Which venue published '{title}'?")
    assert len(server.requests) == 6 and result["answer"] == [] and result["verified"] is False
    assert "rejected all 2" in result["reason"] and result["rejected_answer"]


# -- failures: empty answer with a reason, never a traceback --------------------------------------
MALFORMED = {
    "graphcot": ["Finish["],  # a broken finish is a reply without answer or action
    "kgrag": ["this is not json"],
    "adaptive_rag": [json.dumps({"complexity": "Z"})],
    "agent_g": [json.dumps({"retriever": "web", "query": "x"})],
}


@pytest.mark.parametrize("name", sorted(SYSTEMS))
def test_endpoint_down_gives_an_empty_answer_with_a_reason(tiny, paper, name):
    down = {"model": "fake", "base_url": f"http://127.0.0.1:{closed_port()}/v1", "llm_timeout": 2}
    result = SYSTEMS[name](tiny, **down)(f"Who wrote '{tiny.store.label(paper)}'?")
    assert result["answer"] == [] and "failed" in result["error"]


@pytest.mark.parametrize("name", sorted(SYSTEMS))
def test_malformed_or_missing_replies_give_an_empty_answer_with_a_reason(tiny, paper, name):
    question = f"Who wrote '{tiny.store.label(paper)}'?"
    with FakeOpenAI(MALFORMED[name]) as server:
        result = SYSTEMS[name](tiny, **context(server))(question)
    assert result["answer"] == []
    assert result["error"] or result["reason"]
    with FakeOpenAI([]) as server:  # HTTP 500 on the first call
        result = SYSTEMS[name](tiny, **context(server))(question)
    assert result["answer"] == [] and "failed" in result["error"]


@pytest.mark.parametrize("name", sorted(SYSTEMS))
def test_without_an_llm_the_system_is_skipped(name):
    with pytest.raises(SystemSkipped, match=name):
        make_system(name, "openalex-tiny", model="offline")
