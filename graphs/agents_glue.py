"""hgrag inside other agents.

    tool = hgrag_tool("openalex")                       # a LangChain tool for a ReAct agent
    agent = create_react_agent(model, [tool])           # (langgraph.prebuilt)
    parent = build_parent_graph(model)                  # scholar_qa as a node of a MessagesState graph

The tool returns hgrag's answer as JSON text (answer, answer_text, verified, interpretation): the
agent sees whether the graph verified it, and an abstention or a question back stays one. With
`thread_id`, the tool's calls are turns of one hgrag thread, so the agent may ask follow-ups.
"""

from __future__ import annotations

import json
from typing import Any

from langchain_core.messages import AIMessage, SystemMessage
from langchain_core.tools import StructuredTool
from langgraph.graph import END, START, MessagesState, StateGraph
from pydantic import BaseModel, Field

TOOL_DESCRIPTION = ("Answer a question about scholarly papers, authors and venues (who wrote a paper, an author's "
                    "papers, venues, years, citations, co-authors, counts) from a citation graph. The reply says "
                    "whether the graph verified the answer; an empty answer means the graph does not say.")


class ToolInput(BaseModel):
    question: str = Field(description="the question, naming papers (quoted titles), authors or venues")


def hgrag_tool(dataset: str = "openalex", *, thread_id: str | None = None, name: str = "scholarly_graph_qa",
               **context: Any) -> StructuredTool:
    """hgrag as a LangChain tool; `context` takes the settings of `ask` (model, base_url, planner …)."""
    from hgrag.graphs.api import ask

    def answer(question: str) -> str:
        result = ask(question, dataset, thread_id=thread_id, **context)
        keys = ("answer", "answer_text", "verified", "interpretation", "error")
        return json.dumps({k: result.get(k) for k in keys}, ensure_ascii=False, default=str)

    return StructuredTool.from_function(answer, name=name, description=TOOL_DESCRIPTION, args_schema=ToolInput)


ROUTER_PROMPT = ("You route a user's message. Reply with one word: GRAPH if it asks about scholarly papers, "
                 "authors, venues or citations (or follows up on such a question), otherwise CHAT.")


def build_parent_graph(model: Any, *, checkpointer: Any = None):
    """An example parent MessagesState graph: an LLM router sends scholarly questions to `scholar_qa`
    (a subgraph node that keeps its own per-thread memory) and answers anything else itself."""
    from hgrag.graphs.scholar_qa import build_qa_graph

    def route(state: MessagesState) -> str:
        reply = model.invoke([SystemMessage(ROUTER_PROMPT), state["messages"][-1]])
        return "chat" if "CHAT" in str(reply.content).upper() else "scholar_qa"

    def chat(state: MessagesState) -> dict[str, Any]:
        reply = model.invoke(state["messages"])
        return {"messages": [AIMessage(content=str(reply.content))]}

    builder = StateGraph(MessagesState)
    builder.add_node("scholar_qa", build_qa_graph(checkpointer=True if checkpointer is not None else None))
    builder.add_node("chat", chat)
    builder.add_conditional_edges(START, route, ["scholar_qa", "chat"])
    builder.add_edge("scholar_qa", END)
    builder.add_edge("chat", END)
    return builder.compile(checkpointer=checkpointer, name="scholar_parent")
