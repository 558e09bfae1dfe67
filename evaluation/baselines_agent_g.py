"""Agent-G baseline (Lee et al. 2024): agentic retrieval over a retriever bank, checked by a critic.

    choose -> retrieve -> answer -> critic --accept--> end
       ^                              |
       +-----------reject-------------+        (at most MAX_ROUNDS rounds)

Retriever bank: `graph` (the triples around the query's linked entities, ranked by similarity to the
question) and `vector` (nearest labels of the entity index, each as a passage about its node). The agent
(an LLM call) picks a retriever and a query; retrieved evidence accumulates across rounds. The critic
(an LLM call) accepts the answer or rejects it with feedback, and a rejection sends the agent back to
choose again. When the critic has rejected every round's answer, Agent-G abstains here rather than
return an answer its own critic rejected.
"""

from __future__ import annotations

from typing import Any, TypedDict

from langgraph.graph import END, START, StateGraph

from hgrag.evaluation.baselines import _system_result
from hgrag.evaluation.baselines_common import (ANSWER_RULES, ask_json, chat_model, link_entities, llm_context,
                                               node_passage, rank_by_similarity, reply_answer, safe_answer,
                                               triple_line, triples_of)
from hgrag.tools.errors import LLMError

MAX_ROUNDS = 3
GRAPH_TOP_K = 10
VECTOR_K = 4
RETRIEVERS = ("graph", "vector")
CHOOSE_PROMPT = ("You gather evidence to answer a question about scholarly papers, authors and venues. "
                 "Retrievers: 'graph' returns the knowledge-graph triples around the entities a query names "
                 "(authorship, venue, citations, with years and citation counts); 'vector' returns passages about "
                 "the papers, authors and venues most similar to a query. Reply with a JSON object "
                 "{\"retriever\": \"graph\"|\"vector\", \"query\": \"what to look up\"}.")
ANSWER_PROMPT = f"Answer the question from the evidence. {ANSWER_RULES} Reply with a JSON object {{\"answer\": [\"item\", ...]}}."
CRITIC_PROMPT = ("You are a critic. Decide whether the answer is correct, complete and supported by the evidence. "
                 "Reply with a JSON object {\"verdict\": \"accept\"|\"reject\", \"feedback\": \"what is missing\"}.")


class AgentGState(TypedDict, total=False):
    question: str
    retriever: str
    query: str
    evidence: list[str]
    answer: list[str]
    verdict: str
    feedback: str
    rounds: int
    trace: list[str]


def choice_of(reply: dict[str, Any], question: str) -> tuple[str, str]:
    """(retriever, query) from the agent's reply; LLMError when it names no retriever of the bank."""
    retriever = str(reply.get("retriever", "")).strip().lower()
    if retriever not in RETRIEVERS:
        raise LLMError(f"the agent chose no retriever of the bank ({str(reply)[:80]})")
    query = str(reply.get("query") or "").strip() or question
    return retriever, query


def verdict_of(reply: dict[str, Any]) -> str:
    verdict = str(reply.get("verdict", "")).strip().lower()
    if verdict not in ("accept", "reject"):
        raise LLMError(f"the critic's reply had no verdict accept or reject ({str(reply)[:80]})")
    return verdict


def build_agent_g_graph(resources: Any, model: Any, context: Any, max_rounds: int = MAX_ROUNDS) -> Any:
    """The compiled choose / retrieve / answer / critic loop."""

    def graph_retriever(query: str, question: str) -> list[str]:
        lines: list[str] = []
        for node in link_entities(resources, query):
            lines.extend(line for line in map(triple_line, triples_of(resources.store, node, 100)) if line not in lines)
        return [lines[i] for i in rank_by_similarity(resources.index, question, lines)[:GRAPH_TOP_K]]

    def vector_retriever(query: str, question: str) -> list[str]:
        hits = resources.index.search(query, k=VECTOR_K)
        return [node_passage(resources.store, hit.node_id) for hit in hits]

    def choose(state: AgentGState) -> dict[str, Any]:
        user = f"Question: {state['question']}"
        if state.get("feedback"):
            user += (f"\nEvidence so far: {len(state.get('evidence', []))} items from {', '.join(state['trace'])}."
                     f"\nThe critic rejected the answer {state.get('answer')}: {state['feedback']}")
        retriever, query = choice_of(ask_json(model, context, CHOOSE_PROMPT, user), state["question"])
        return {"retriever": retriever, "query": query}

    def retrieve(state: AgentGState) -> dict[str, Any]:
        bank = {"graph": graph_retriever, "vector": vector_retriever}
        found = bank[state["retriever"]](state["query"], state["question"])
        known = state.get("evidence", [])
        return {"evidence": known + [item for item in found if item not in known],
                "trace": [*state.get("trace", []), f"{state['retriever']}({state['query']})"]}

    def answer(state: AgentGState) -> dict[str, Any]:
        evidence = "\n".join(f"[{i + 1}] {item}" for i, item in enumerate(state["evidence"])) or "(none)"
        reply = ask_json(model, context, ANSWER_PROMPT, f"Evidence:\n{evidence}\n\nQuestion: {state['question']}")
        return {"answer": reply_answer(reply), "rounds": state.get("rounds", 0) + 1}

    def critic(state: AgentGState) -> dict[str, Any]:
        evidence = "\n".join(f"[{i + 1}] {item}" for i, item in enumerate(state["evidence"])) or "(none)"
        user = f"Evidence:\n{evidence}\n\nQuestion: {state['question']}\nAnswer: {state['answer']}"
        reply = ask_json(model, context, CRITIC_PROMPT, user)
        return {"verdict": verdict_of(reply), "feedback": str(reply.get("feedback") or "no feedback")[:300]}

    def after_critic(state: AgentGState) -> str:
        return "choose" if state["verdict"] == "reject" and state["rounds"] < max_rounds else END

    graph = StateGraph(AgentGState)
    for name, node in (("choose", choose), ("retrieve", retrieve), ("answer", answer), ("critic", critic)):
        graph.add_node(name, node)
    graph.add_edge(START, "choose")
    graph.add_edge("choose", "retrieve")
    graph.add_edge("retrieve", "answer")
    graph.add_edge("answer", "critic")
    graph.add_conditional_edges("critic", after_critic, ["choose", END])
    return graph.compile()


class AgentG:
    """`hgrag eval --system agent_g`: a callable question -> result dict."""

    def __init__(self, resources: Any, *, max_rounds: int = MAX_ROUNDS, **context: Any):
        self.context = llm_context("agent_g", context)
        self.max_rounds = max_rounds
        self.graph = build_agent_g_graph(resources, chat_model(self.context, json_mode=False), self.context, max_rounds)

    def run(self, question: str) -> dict[str, Any]:
        state = self.graph.invoke({"question": question}, {"recursion_limit": 4 * self.max_rounds + 4})
        accepted = state["verdict"] == "accept"
        reason = "" if accepted else f"the critic rejected all {state['rounds']} answers ({state['feedback']})"
        return _system_result(state["answer"] if accepted else [], verified=accepted, reason=reason,
                              regenerations=state["rounds"] - 1, rejected_answer=None if accepted else state["answer"],
                              evidence={"retrievals": state["trace"], "items": len(state["evidence"])})

    def __call__(self, question: str) -> dict[str, Any]:
        return safe_answer(self.run, question)
