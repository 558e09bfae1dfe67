"""KGRAG baseline: answer from the knowledge-graph triples most similar to the question.

    link -> triples -> rank -> answer      (a LangGraph StateGraph, one LLM call per question)

link: the question's entity mentions through the entity index (nearest labels when none is found);
triples: (head, relation, tail) around every linked entity, heads and tails with their attributes
(year, citations, DOI, …), at most MAX_TRIPLES_PER_ENTITY each; rank: cosine similarity of the
triple text to the question (the entity index's MiniLM embedder); answer: the LLM reads the TOP_K
best triples and replies {"answer": [...]}.
"""

from __future__ import annotations

from typing import Any, TypedDict

from langgraph.graph import END, START, StateGraph

from hgrag.evaluation.baselines import _system_result
from hgrag.evaluation.baselines_common import (ANSWER_RULES, ask_json, chat_model, link_entities, llm_context,
                                               rank_by_similarity, reply_answer, safe_answer, triple_line,
                                               triples_of)

TOP_K = 10
MAX_ENTITIES = 3
MAX_TRIPLES_PER_ENTITY = 100
SYSTEM_PROMPT = ("You answer questions about a scholarly knowledge graph from its triples "
                 "(head -[relation]-> tail; 'writes' goes from an author to a paper, 'published_in' from a "
                 "paper to its venue, 'cites' from a paper to the paper it cites). "
                 f"{ANSWER_RULES} Reply with a JSON object {{\"answer\": [\"item\", ...]}}.")


class KGRAGState(TypedDict, total=False):
    question: str
    entities: list[str]
    triples: list[str]
    ranked: list[str]
    answer: list[str]


def build_kgrag_graph(resources: Any, model: Any, context: Any, top_k: int = TOP_K) -> Any:
    """The compiled link -> triples -> rank -> answer graph."""

    def link(state: KGRAGState) -> dict[str, Any]:
        return {"entities": link_entities(resources, state["question"], MAX_ENTITIES)}

    def triples(state: KGRAGState) -> dict[str, Any]:
        lines: list[str] = []
        for node in state["entities"]:
            lines.extend(line for line in map(triple_line, triples_of(resources.store, node, MAX_TRIPLES_PER_ENTITY))
                         if line not in lines)
        return {"triples": lines}

    def rank(state: KGRAGState) -> dict[str, Any]:
        order = rank_by_similarity(resources.index, state["question"], state["triples"])
        return {"ranked": [state["triples"][i] for i in order[:top_k]]}

    def answer(state: KGRAGState) -> dict[str, Any]:
        if not state["ranked"]:
            return {"answer": []}
        evidence = "\n".join(f"{i + 1}. {line}" for i, line in enumerate(state["ranked"]))
        reply = ask_json(model, context, SYSTEM_PROMPT, f"Triples:\n{evidence}\n\nQuestion: {state['question']}")
        return {"answer": reply_answer(reply)}

    graph = StateGraph(KGRAGState)
    for name, node in (("link", link), ("triples", triples), ("rank", rank), ("answer", answer)):
        graph.add_node(name, node)
    graph.add_edge(START, "link")
    graph.add_edge("link", "triples")
    graph.add_edge("triples", "rank")
    graph.add_edge("rank", "answer")
    graph.add_edge("answer", END)
    return graph.compile()


class KGRAG:
    """`hgrag eval --system kgrag`: a callable question -> result dict."""

    def __init__(self, resources: Any, **context: Any):
        self.context = llm_context("kgrag", context)
        self.graph = build_kgrag_graph(resources, chat_model(self.context, json_mode=False), self.context)

    def run(self, question: str) -> dict[str, Any]:
        state = self.graph.invoke({"question": question})
        reason = "" if state["ranked"] else "no triples found for the question's entities"
        return _system_result(state["answer"], reason=reason,
                              evidence={"entities": state["entities"], "triples": state["ranked"]})

    def __call__(self, question: str) -> dict[str, Any]:
        return safe_answer(self.run, question)
