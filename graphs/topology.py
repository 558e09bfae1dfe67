"""The QA state machine as data: its nodes, fixed edges and routed edges for each variant.

START → resolve → plan → retrieve → score_sufficiency ⇄ expand → generate ⇄ validate → respond → END
Loop counters and limits live in state (routers read only state), so a run can never loop more than
`max_expansions` expansions and `max_regenerations` regenerations.

`scholar_qa.build_state_graph` compiles this description into a LangGraph `StateGraph` (threads, Studio,
sub-graphs, step debugging); `direct.run_direct` walks the same description in-process for a one-shot
question, so a cold `hgrag ask` need not import LangGraph. This module imports no LangGraph either.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from hgrag.agents.answer_agent import make_answer_nodes
from hgrag.agents.conversation.nodes import make_resolve_node, make_respond_node, route_after_resolve
from hgrag.agents.conversation.plan_wrap import wrap_plan_node
from hgrag.agents.graph_retrieval_agent import make_retrieval_nodes
from hgrag.agents.retrieval_agent import make_plan_node

START = "__start__"  # LangGraph's names for the entry and exit (langgraph.constants START / END)
END = "__end__"
VARIANTS = ("agentic", "no_plan", "no_rerank", "no_validate", "graph_rag")


@dataclass
class Policies:
    """Optional policy overrides; None means 'choose from the runtime context'."""

    planner: Any = None
    retriever: Any = None
    answerer: Any = None
    validator: Any = None


@dataclass
class Topology:
    """Nodes by name, fixed edges (source → target) and routed edges (source → router, its targets)."""

    nodes: dict[str, Callable[..., dict[str, Any]]] = field(default_factory=dict)
    edges: list[tuple[str, str]] = field(default_factory=list)
    routes: dict[str, tuple[Callable[[dict[str, Any]], str], list[str] | dict[str, str]]] = field(default_factory=dict)

    def successor(self, node: str, state: dict[str, Any]) -> str:
        """The node that runs after `node` in `state` (END when the run is over)."""
        if node in self.routes:
            router, targets = self.routes[node]
            chosen = router(state)
            return targets[chosen] if isinstance(targets, dict) else chosen
        return next(target for source, target in self.edges if source == node)


def route_after_plan(state: dict[str, Any]) -> str:
    return END if state.get("error") else "retrieve"


def route_after_sufficiency(state: dict[str, Any]) -> str:
    below = state.get("sufficiency_score", 0.0) < state.get("sufficiency_threshold", 0.6)
    if below and state.get("expansions", 0) < state.get("max_expansions", 2):
        return "expand"
    return "generate"


def route_after_generation(state: dict[str, Any]) -> str:
    return END if state.get("error") else "validate"


def route_after_validation(state: dict[str, Any]) -> str:
    if (state.get("validation") or {}).get("stop"):  # a misread question: regenerating cannot fix the reading
        return END
    below = state.get("consistency_score", 0.0) < state.get("consistency_threshold", 0.8)
    unsupported = (state.get("validation") or {}).get("holds") is False  # whatever the threshold
    if (below or unsupported) and state.get("regenerations", 0) < state.get("max_regenerations", 2):
        return "generate"
    return END


def variant_policies(variant: str) -> Policies:
    from hgrag.graphs.variants import GenericPlanner, NeighbourhoodAnswerer, NoRerankRetriever

    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r}; choose one of {', '.join(VARIANTS)}")
    if variant in ("no_plan", "graph_rag"):
        return Policies(planner=GenericPlanner(), answerer=NeighbourhoodAnswerer() if variant == "graph_rag" else None)
    if variant == "no_rerank":
        return Policies(retriever=NoRerankRetriever())
    return Policies()


def qa_topology(variant: str = "agentic", policies: Policies | None = None) -> Topology:
    """The state machine of a variant (agentic = the full method)."""
    chosen = policies or variant_policies(variant)
    retrieve, score_sufficiency, expand = make_retrieval_nodes(chosen.retriever, chosen.planner)
    generate, validate = make_answer_nodes(chosen.answerer, chosen.validator)
    top = Topology()
    top.nodes.update(resolve=make_resolve_node(),  # a turn of a thread: follow-ups read from earlier turns
                     plan=wrap_plan_node(make_plan_node, chosen.planner), retrieve=retrieve, generate=generate,
                     respond=make_respond_node())  # one AIMessage per run; the turn is remembered
    top.edges.append((START, "resolve"))
    top.routes["resolve"] = (route_after_resolve, ["plan", "respond"])
    top.routes["plan"] = (route_after_plan, {"retrieve": "retrieve", END: "respond"})
    if variant in ("no_rerank", "graph_rag"):
        top.edges.append(("retrieve", "generate"))
    else:
        top.nodes.update(score_sufficiency=score_sufficiency, expand=expand)
        top.edges += [("retrieve", "score_sufficiency"), ("expand", "score_sufficiency")]
        top.routes["score_sufficiency"] = (route_after_sufficiency, ["expand", "generate"])
    if variant in ("no_validate", "graph_rag"):
        top.edges.append(("generate", "respond"))
    else:
        top.nodes["validate"] = validate
        top.routes["generate"] = (route_after_generation, {"validate": "validate", END: "respond"})
        top.routes["validate"] = (route_after_validation, {"generate": "generate", END: "respond"})
    top.edges.append(("respond", END))
    return top
