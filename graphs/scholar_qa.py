"""Assembly of the QA state machine and its ablation variants.

START → plan → retrieve → score_sufficiency ⇄ expand → generate ⇄ validate → END
Loop counters and limits live in state (routers read only state), so the graph can never loop more
than `max_expansions` expansions and `max_regenerations` regenerations.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from langgraph.graph import END, START, StateGraph

from hgrag.agents.answer_agent import make_answer_nodes
from hgrag.agents.conversation.nodes import make_resolve_node, make_respond_node, route_after_resolve
from hgrag.agents.conversation.plan_wrap import wrap_plan_node
from hgrag.agents.graph_retrieval_agent import make_retrieval_nodes
from hgrag.agents.retrieval_agent import make_plan_node
from hgrag.state.context import Context
from hgrag.graphs.variants import GenericPlanner, NeighbourhoodAnswerer, NoRerankRetriever
from hgrag.state.qa_state import InputState, OutputState, QAState

VARIANTS = ("agentic", "no_plan", "no_rerank", "no_validate", "graph_rag")


@dataclass
class Policies:
    """Optional policy overrides; None means 'choose from the runtime context'."""

    planner: Any = None
    retriever: Any = None
    answerer: Any = None
    validator: Any = None


def route_after_plan(state: QAState) -> str:
    return END if state.get("error") else "retrieve"


def route_after_sufficiency(state: QAState) -> str:
    below = state.get("sufficiency_score", 0.0) < state.get("sufficiency_threshold", 0.6)
    if below and state.get("expansions", 0) < state.get("max_expansions", 2):
        return "expand"
    return "generate"


def route_after_generation(state: QAState) -> str:
    return END if state.get("error") else "validate"


def route_after_validation(state: QAState) -> str:
    if (state.get("validation") or {}).get("stop"):  # a misread question: regenerating cannot fix the reading
        return END
    below = state.get("consistency_score", 0.0) < state.get("consistency_threshold", 0.8)
    if below and state.get("regenerations", 0) < state.get("max_regenerations", 2):
        return "generate"
    return END


def variant_policies(variant: str) -> Policies:
    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r}; choose one of {', '.join(VARIANTS)}")
    if variant in ("no_plan", "graph_rag"):
        return Policies(planner=GenericPlanner(), answerer=NeighbourhoodAnswerer() if variant == "graph_rag" else None)
    if variant == "no_rerank":
        return Policies(retriever=NoRerankRetriever())
    return Policies()


def build_state_graph(variant: str = "agentic", policies: Policies | None = None) -> StateGraph:
    """The uncompiled StateGraph for a variant (agentic = the full method)."""
    chosen = policies or variant_policies(variant)
    builder = StateGraph(QAState, context_schema=Context, input_schema=InputState, output_schema=OutputState)
    retrieve, score_sufficiency, expand = make_retrieval_nodes(chosen.retriever, chosen.planner)
    generate, validate = make_answer_nodes(chosen.answerer, chosen.validator)
    builder.add_node("resolve", make_resolve_node())  # a turn of a thread: follow-ups read from earlier turns
    builder.add_node("plan", wrap_plan_node(make_plan_node, chosen.planner))
    builder.add_node("retrieve", retrieve)
    builder.add_node("generate", generate)
    builder.add_node("respond", make_respond_node())  # one AIMessage per run; the turn is remembered
    builder.add_edge(START, "resolve")
    builder.add_conditional_edges("resolve", route_after_resolve, ["plan", "respond"])
    builder.add_conditional_edges("plan", route_after_plan, {"retrieve": "retrieve", END: "respond"})
    if variant in ("no_rerank", "graph_rag"):
        builder.add_edge("retrieve", "generate")
    else:
        builder.add_node("score_sufficiency", score_sufficiency)
        builder.add_node("expand", expand)
        builder.add_edge("retrieve", "score_sufficiency")
        builder.add_conditional_edges("score_sufficiency", route_after_sufficiency, ["expand", "generate"])
        builder.add_edge("expand", "score_sufficiency")
    if variant in ("no_validate", "graph_rag"):
        builder.add_edge("generate", "respond")
    else:
        builder.add_node("validate", validate)
        builder.add_conditional_edges("generate", route_after_generation, {"validate": "validate", END: "respond"})
        builder.add_conditional_edges("validate", route_after_validation, {"generate": "generate", END: "respond"})
    builder.add_edge("respond", END)
    return builder


def build_qa_graph(variant: str = "agentic", *, checkpointer: Any = None, interrupt_before: list[str] | None = None,
                   policies: Policies | None = None, name: str = "scholar_qa"):
    """Compile the QA graph; embed it as a node of a parent graph, or run it directly."""
    graph = build_state_graph(variant, policies).compile(
        checkpointer=checkpointer, interrupt_before=interrupt_before, name=name)
    return graph


# Exposed to `langgraph dev` / Studio through langgraph.json.
graph = build_qa_graph()
