"""AdaptiveRAG baseline (Jeong et al. 2024): a query-complexity router in front of three strategies.

    classify -> no_retrieval                       (A: the LLM answers alone)
             -> single_step -> answer              (B: one retrieval, then answer)
             -> multi_step ⟲ (at most MAX_HOPS)    (C: IRCoT-style retrieve / reason / re-query)

The router here is an LLM classifier prompted with the three classes (the paper trains a small T5
classifier on silver labels; there is no training data for scholarly graphs, so a prompted classifier
stands in). Retrieval: the query's linked entities and nearest labels in the entity index, each turned
into a passage (a paper with its authors, venue, year and citations; an author or venue with its papers).
Multi-step: after each retrieval the LLM either answers or asks a follow-up query; the passages add up.
"""

from __future__ import annotations

from typing import Any, TypedDict

from langgraph.graph import END, START, StateGraph

from hgrag.evaluation.baselines import _system_result
from hgrag.evaluation.baselines_common import (ANSWER_RULES, answer_items, ask_json, chat_model, link_entities,
                                               llm_context, node_passage, reply_answer, safe_answer)
from hgrag.tools.errors import LLMError

MAX_HOPS = 3
PASSAGES_PER_QUERY = 4
ROUTES = {"A": "no_retrieval", "B": "single_step", "C": "multi_step"}
ROUTER_PROMPT = ("Classify the complexity of a question about scholarly papers, authors and venues. "
                 "A: answerable without looking anything up. B: needs one look-up of one paper, author or venue. "
                 "C: needs several look-ups, one after another (e.g. the co-authors of an author, or counting over "
                 "an author's papers). Reply with a JSON object {\"complexity\": \"A\"|\"B\"|\"C\"}.")
ANSWER_PROMPT = f"Answer the question. {ANSWER_RULES} Reply with a JSON object {{\"answer\": [\"item\", ...]}}."
STEP_PROMPT = (f"Answer the question from the passages. {ANSWER_RULES} If the passages do not suffice yet, ask "
               "for what to look up next. Reply with a JSON object {\"answer\": [\"item\", ...]} when you can "
               "answer, or {\"next_query\": \"a name or title to look up\"} when you need more.")


class AdaptiveState(TypedDict, total=False):
    question: str
    route: str
    queries: list[str]
    passages: list[str]
    answer: list[str]
    hops: int


def route_of(reply: dict[str, Any]) -> str:
    """'A'/'B'/'C' (or the strategy's name) -> strategy; LLMError for anything else."""
    label = str(reply.get("complexity", "")).strip().strip(".").upper()
    names = {v.upper(): v for v in ROUTES.values()}
    if label[:1] in ROUTES and len(label) <= 2:
        return ROUTES[label[:1]]
    if label in names:
        return names[label]
    raise LLMError(f"the router's reply had no complexity A, B or C ({str(reply)[:80]})")


def build_adaptive_graph(resources: Any, model: Any, context: Any, max_hops: int = MAX_HOPS) -> Any:
    """The compiled router + three strategies."""

    def retrieve(query: str, known: list[str]) -> list[str]:
        nodes = link_entities(resources, query, PASSAGES_PER_QUERY)
        fresh = [node_passage(resources.store, n) for n in nodes]
        return known + [p for p in fresh if p not in known]

    def numbered(passages: list[str]) -> str:
        return "\n".join(f"[{i + 1}] {p}" for i, p in enumerate(passages))

    def classify(state: AdaptiveState) -> dict[str, Any]:
        return {"route": route_of(ask_json(model, context, ROUTER_PROMPT, f"Question: {state['question']}")),
                "queries": [], "passages": [], "hops": 0}

    def no_retrieval(state: AdaptiveState) -> dict[str, Any]:
        return {"answer": reply_answer(ask_json(model, context, ANSWER_PROMPT, f"Question: {state['question']}"))}

    def single_step(state: AdaptiveState) -> dict[str, Any]:
        passages = retrieve(state["question"], [])
        user = f"Passages:\n{numbered(passages)}\n\nQuestion: {state['question']}"
        return {"queries": [state["question"]], "passages": passages,
                "answer": reply_answer(ask_json(model, context, ANSWER_PROMPT, user))}

    def multi_step(state: AdaptiveState) -> dict[str, Any]:
        queries = state["queries"] or [state["question"]]
        passages = retrieve(queries[-1], state["passages"])
        hops = state["hops"] + 1
        last = hops >= max_hops
        prompt = ANSWER_PROMPT if last else STEP_PROMPT
        reply = ask_json(model, context, prompt, f"Passages:\n{numbered(passages)}\n\nQuestion: {state['question']}")
        follow_up = str(reply.get("next_query") or "").strip()
        if follow_up and not last and not reply.get("answer"):
            return {"queries": [*queries, follow_up], "passages": passages, "hops": hops}
        return {"queries": queries, "passages": passages, "hops": hops, "answer": reply_answer(reply)}

    def after_step(state: AdaptiveState) -> str:
        return END if "answer" in state else "multi_step"

    graph = StateGraph(AdaptiveState)
    for name, node in (("classify", classify), ("no_retrieval", no_retrieval), ("single_step", single_step),
                       ("multi_step", multi_step)):
        graph.add_node(name, node)
    graph.add_edge(START, "classify")
    graph.add_conditional_edges("classify", lambda s: s["route"], list(ROUTES.values()))
    graph.add_edge("no_retrieval", END)
    graph.add_edge("single_step", END)
    graph.add_conditional_edges("multi_step", after_step, ["multi_step", END])
    return graph.compile()


class AdaptiveRAG:
    """`hgrag eval --system adaptive_rag`: a callable question -> result dict."""

    def __init__(self, resources: Any, **context: Any):
        self.context = llm_context("adaptive_rag", context)
        self.graph = build_adaptive_graph(resources, chat_model(self.context, json_mode=False), self.context)

    def run(self, question: str) -> dict[str, Any]:
        state = self.graph.invoke({"question": question}, {"recursion_limit": 2 * MAX_HOPS + 6})
        return _system_result(answer_items(state.get("answer")), query_type=state["route"], hops=state["hops"],
                              evidence={"queries": state["queries"], "passages": len(state["passages"])})

    def __call__(self, question: str) -> dict[str, Any]:
        return safe_answer(self.run, question)
