"""Assembly of the QA state machine and its ablation variants.

START → resolve → plan → retrieve → score_sufficiency ⇄ expand → generate ⇄ validate → respond → END
Loop counters and limits live in state (routers read only state), so the graph can never loop more
than `max_expansions` expansions and `max_regenerations` regenerations.
"""

from __future__ import annotations

from typing import Any

from langgraph.graph import StateGraph

from hgrag.graphs.topology import (END, START, VARIANTS, Policies, qa_topology, route_after_generation,
                                   route_after_plan, route_after_sufficiency, route_after_validation,
                                   variant_policies)
from hgrag.state.context import Context
from hgrag.state.qa_state import InputState, OutputState, QAState

__all__ = ["END", "START", "VARIANTS", "Policies", "build_qa_graph", "build_state_graph", "route_after_generation",
           "route_after_plan", "route_after_sufficiency", "route_after_validation", "variant_policies"]


def build_state_graph(variant: str = "agentic", policies: Policies | None = None) -> StateGraph:
    """The uncompiled StateGraph for a variant (agentic = the full method), compiled from `qa_topology`."""
    top = qa_topology(variant, policies)
    builder = StateGraph(QAState, context_schema=Context, input_schema=InputState, output_schema=OutputState)
    for name, node in top.nodes.items():
        builder.add_node(name, node)
    for source, target in top.edges:
        builder.add_edge(source, target)
    for source, (router, targets) in top.routes.items():
        builder.add_conditional_edges(source, router, targets)
    return builder


def build_qa_graph(variant: str = "agentic", *, checkpointer: Any = None, interrupt_before: list[str] | None = None,
                   policies: Policies | None = None, name: str = "scholar_qa"):
    """Compile the QA graph; embed it as a node of a parent graph, or run it directly."""
    graph = build_state_graph(variant, policies).compile(
        checkpointer=checkpointer, interrupt_before=interrupt_before, name=name)
    return graph


# Exposed to `langgraph dev` / Studio through langgraph.json.
graph = build_qa_graph()
