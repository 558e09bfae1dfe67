"""GraphCoT baseline (Graph Chain-of-Thought, Jin et al. 2024): a ReAct agent over four graph tools.

    reason -> act -> reason -> … -> finish        (a LangGraph StateGraph, at most max_steps LLM calls)

The four GRBench graph functions, over the dataset's graph store and entity index:
  RetrieveNode(keyword)              nodes whose label matches the keyword (entity index look-up)
  NodeFeature(node, feature)         one attribute of a node (title, name, year, cited_by_count, doi, …)
  NeighborCheck(node, neighbor_type) neighbours by type: author, paper, venue, cites (references), cited_by
  NodeDegree(node, neighbor_type)    how many such neighbours
The model calls them as OpenAI tool calls, or writes them as text the way Graph-CoT's prompt does
("Action: NeighborCheck[W123, author]"), so endpoints without tool calling still run the loop. It ends
with "Finish[answer; answer]"; a reply with neither an action nor Finish is answered "invalid action", as in
Graph-CoT. With the step budget spent before Finish, the agent abstains.
"""

from __future__ import annotations

import json
import re
from typing import Annotated, Any, TypedDict

from langchain_core.messages import AIMessage, AnyMessage, HumanMessage, SystemMessage, ToolMessage
from langgraph.graph import END, START, StateGraph
from langgraph.graph.message import add_messages

from hgrag.evaluation.baselines import _system_result
from hgrag.evaluation.baselines_common import answer_items, chat_model, invoke, llm_context, safe_answer
from hgrag.tools.graph_store import EDGE_BETWEEN
from hgrag.tools.text import clean_display

MAX_STEPS = 8
MAX_CALLS_PER_STEP = 3
MAX_NEIGHBOURS_SHOWN = 20
RETRIEVE_K = 3
TOOL_NAMES = ("RetrieveNode", "NodeFeature", "NeighborCheck", "NodeDegree")
TEXT_ACTION = re.compile(r"\b(RetrieveNode|NodeFeature|NeighborCheck|NodeDegree)\[([^\]]*)\]")
FINISH = re.compile(r"Finish\[(.*)\]", re.DOTALL)
INVALID_ACTION = "Observation: invalid action. Call one of the functions, or reply Finish[answer]."
NEIGHBOUR_TYPES = ("author", "paper", "venue", "cites", "cited_by")
SYSTEM_PROMPT = """You answer a question about a scholarly graph step by step, using graph functions.
Nodes: author (name, orcid), paper (title, year, cited_by_count, doi, work_type, language), venue (name, venue_type).
Functions:
- RetrieveNode(keyword): the node ids whose name or title matches the keyword.
- NodeFeature(node, feature): the value of a feature of a node.
- NeighborCheck(node, neighbor_type): the neighbours of a node; neighbor_type is author, paper, venue, cites or cited_by.
- NodeDegree(node, neighbor_type): how many neighbours of that type a node has.
Call one function at a time (as a tool call, or write e.g. "Action: RetrieveNode[deep learning]").
When you know the answer, reply only Finish[answer], several items separated by ';'. Copy names and titles
exactly as the functions return them."""


def _tool_schema(name: str, description: str, params: dict[str, str]) -> dict[str, Any]:
    return {"type": "function", "function": {
        "name": name, "description": description,
        "parameters": {"type": "object", "required": list(params),
                       "properties": {p: {"type": "string", "description": d} for p, d in params.items()}}}}


TOOLS = [
    _tool_schema("RetrieveNode", "Find node ids by a keyword (a name or title).", {"keyword": "name or title"}),
    _tool_schema("NodeFeature", "The value of one feature of a node.",
                 {"node": "node id", "feature": "feature name, e.g. year, title, name, cited_by_count, doi"}),
    _tool_schema("NeighborCheck", "The neighbours of a node of one type.",
                 {"node": "node id", "neighbor_type": "author, paper, venue, cites or cited_by"}),
    _tool_schema("NodeDegree", "How many neighbours of one type a node has.",
                 {"node": "node id", "neighbor_type": "author, paper, venue, cites or cited_by"}),
]


class GraphTools:
    """The four Graph-CoT functions over a graph store and entity index (observations are strings)."""

    def __init__(self, store: Any, index: Any):
        self.store, self.index = store, index

    def call(self, name: str, args: dict[str, Any]) -> str:
        try:
            if name == "RetrieveNode":
                return self.retrieve_node(str(args.get("keyword", "")))
            node = self.resolve(str(args.get("node", "")))
            if node is None:
                return f"No node {args.get('node')!r}; use RetrieveNode first."
            if name == "NodeFeature":
                return self.node_feature(node, str(args.get("feature", "")))
            neighbours = self.neighbours(node, str(args.get("neighbor_type", "")))
            if isinstance(neighbours, str):
                return neighbours
            if name == "NodeDegree":
                return str(len(neighbours))
            return self.describe(neighbours)
        except Exception as exc:  # noqa: BLE001 - a bad tool argument is an observation, not a crash
            return f"Error: {type(exc).__name__}: {str(exc)[:120]}"

    def retrieve_node(self, keyword: str) -> str:
        if not keyword.strip():
            return "RetrieveNode needs a keyword."
        hits = self.index.search(keyword.strip().strip("'\""), k=RETRIEVE_K)
        return "\n".join(f"{h.node_id} ({h.node_type}): {clean_display(h.label)}" for h in hits) or "No node found."

    def resolve(self, text: str) -> str | None:
        text = text.strip().strip("'\"")
        if self.store.has_node(text):
            return text
        hits = self.index.search(text, k=1) if text else []
        return hits[0].node_id if hits else None

    def node_feature(self, node: str, feature: str) -> str:
        data = self.store.node(node)
        key = feature.strip().lower().replace(" ", "_")
        key = {"label": "title" if data["type"] == "paper" else "name", "citations": "cited_by_count"}.get(key, key)
        if key in data and key != "type":
            return clean_display(str(data[key]))
        return f"No feature {feature!r}; features: {', '.join(k for k in sorted(data) if k != 'type')}."

    def neighbours(self, node: str, neighbour_type: str) -> list[str] | str:
        kind, wanted = self.store.node_type(node), neighbour_type.strip().lower()
        if wanted in ("cites", "reference", "references") and kind == "paper":
            return sorted(self.store.neighbors(node, "cites", "out"))
        if wanted in ("cited_by", "citing") and kind == "paper":
            return sorted(self.store.neighbors(node, "cites", "in"))
        wanted = wanted.rstrip("s")
        if (kind, wanted) in EDGE_BETWEEN:
            return sorted(self.store.step(node, wanted))
        return f"A {kind} node has no {neighbour_type!r} neighbours; choose one of {', '.join(NEIGHBOUR_TYPES)}."

    def describe(self, nodes: list[str]) -> str:
        shown = [f"{n}: {clean_display(self.store.label(n))}" for n in nodes[:MAX_NEIGHBOURS_SHOWN]]
        more = [f"… and {len(nodes) - MAX_NEIGHBOURS_SHOWN} more"] if len(nodes) > MAX_NEIGHBOURS_SHOWN else []
        return "\n".join(shown + more) or "No neighbours."


def text_actions(content: str) -> list[tuple[str, dict[str, str]]]:
    """Graph-CoT's written actions: 'NodeFeature[W1, year]' -> ('NodeFeature', {'node': 'W1', ...})."""
    actions = []
    for name, inside in TEXT_ACTION.findall(content or ""):
        if name == "RetrieveNode":
            actions.append((name, {"keyword": inside}))
            continue
        node, _, second = inside.rpartition(",")
        key = "feature" if name == "NodeFeature" else "neighbor_type"
        actions.append((name, {"node": node or second, key: second if node else ""}))
    return actions[:MAX_CALLS_PER_STEP]


class CoTState(TypedDict, total=False):
    messages: Annotated[list[AnyMessage], add_messages]
    steps: int


def build_graphcot_graph(tools: GraphTools, model: Any, context: Any, max_steps: int = MAX_STEPS) -> Any:
    """The compiled reason/act loop; `reason` runs at most max_steps times."""
    bound = model.bind_tools(TOOLS)

    def reason(state: CoTState) -> dict[str, Any]:
        reply = invoke(bound, state["messages"], context)
        return {"messages": [reply], "steps": state.get("steps", 0) + 1}

    def act(state: CoTState) -> dict[str, Any]:
        last = state["messages"][-1]
        if getattr(last, "tool_calls", None):
            return {"messages": [ToolMessage(tools.call(call["name"], call.get("args") or {}), tool_call_id=call["id"])
                                 for call in last.tool_calls[:MAX_CALLS_PER_STEP]]
                    + [ToolMessage("Skipped: one function at a time.", tool_call_id=call["id"])
                       for call in last.tool_calls[MAX_CALLS_PER_STEP:]]}
        observations = [f"Observation ({name}): {tools.call(name, args)}" for name, args in text_actions(str(last.content))]
        return {"messages": [HumanMessage("\n".join(observations) or INVALID_ACTION)]}

    def route(state: CoTState) -> str:
        last = state["messages"][-1]
        finished = not getattr(last, "tool_calls", None) and FINISH.search(str(last.content))
        return END if finished or state["steps"] >= max_steps else "act"

    graph = StateGraph(CoTState)
    graph.add_node("reason", reason)
    graph.add_node("act", act)
    graph.add_edge(START, "reason")
    graph.add_conditional_edges("reason", route, ["act", END])
    graph.add_edge("act", "reason")
    return graph.compile()


def final_answer(messages: list[Any], steps: int, max_steps: int) -> tuple[list[str], str]:
    """(answer, reason): the Finish[...] items, or an abstention when the budget ran out first."""
    last = messages[-1]
    finish = None if getattr(last, "tool_calls", None) else FINISH.search(str(last.content or ""))
    if finish:
        return answer_items(finish.group(1)), ""
    return [], f"no Finish[...] within {max_steps} steps"


class GraphCoT:
    """`hgrag eval --system graphcot`: a callable question -> result dict."""

    def __init__(self, resources: Any, *, max_steps: int = MAX_STEPS, **context: Any):
        self.context = llm_context("graphcot", context)
        self.max_steps = max_steps
        self.graph = build_graphcot_graph(GraphTools(resources.store, resources.index),
                                          chat_model(self.context, json_mode=False), self.context, max_steps)

    def run(self, question: str) -> dict[str, Any]:
        state = self.graph.invoke({"messages": [SystemMessage(SYSTEM_PROMPT), HumanMessage(f"Question: {question}")],
                                   "steps": 0}, {"recursion_limit": 2 * self.max_steps + 4})
        answer, reason = final_answer(state["messages"], state["steps"], self.max_steps)
        calls = [json.dumps({"name": c["name"], "args": c.get("args")}) for m in state["messages"]
                 if isinstance(m, AIMessage) for c in (m.tool_calls or [])]
        return _system_result(answer, reason=reason, steps=state["steps"], evidence={"tool_calls": calls})

    def __call__(self, question: str) -> dict[str, Any]:
        return safe_answer(self.run, question)
