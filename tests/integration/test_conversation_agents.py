"""hgrag inside other agents: the LangChain tool in a ReAct agent and `scholar_qa` as a node of a
parent MessagesState graph, with the scripted endpoint (tests/fake_openai.py) and the real local model."""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import pytest
from langchain_core.messages import AIMessage, HumanMessage, ToolMessage
from langgraph.checkpoint.memory import InMemorySaver

from fake_openai import FakeOpenAI, tool_reply
from tiny_raw import norm, norm_set, pick_paper, read_openalex

from hgrag.graphs.agents_glue import build_parent_graph, hgrag_tool
from hgrag.state.context import Context

DATASET = "openalex-tiny"


@pytest.fixture(scope="module")
def paper(datasets_dir: Path, session_hgrag_home: Path):
    return pick_paper(read_openalex(datasets_dir / "openalex" / "tiny"))


def chat_model(base_url: str, model: str = "scripted"):
    from langchain_openai import ChatOpenAI

    return ChatOpenAI(model=model, base_url=base_url, api_key="not-needed", max_retries=0, timeout=120)


def react_agent(model, tool):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from langgraph.prebuilt import create_react_agent

        return create_react_agent(model, [tool])


def tool_results(messages: list) -> list[dict]:
    return [json.loads(m.content) for m in messages if isinstance(m, ToolMessage)]


def test_the_tool_answers_a_react_agent_and_keeps_a_thread(paper) -> None:
    authors = norm_set(n for _, n in paper.authors)
    script = [tool_reply(("scholarly_graph_qa", {"question": f"Who wrote '{paper.title}'?"})),
              tool_reply(("scholarly_graph_qa", {"question": "When was it published?"})),
              "Done."]
    with FakeOpenAI(script) as server:
        agent = react_agent(chat_model(server.base_url), hgrag_tool(DATASET, thread_id="react-thread"))
        final = agent.invoke({"messages": [HumanMessage(f"Who wrote '{paper.title}' and when?")]})
    first, second = tool_results(final["messages"])
    assert norm_set(first["answer"]) == authors and first["verified"]
    assert second["answer"] == [str(paper.year)] and "'it' = " in second["interpretation"]
    assert final["messages"][-1].content == "Done."


def test_scholar_qa_as_a_node_of_a_parent_messages_graph(paper) -> None:
    script = ["GRAPH", "GRAPH", "CHAT", "Hello to you too."]
    with FakeOpenAI(script) as server:
        parent = build_parent_graph(chat_model(server.base_url), checkpointer=InMemorySaver())
        config, context = {"configurable": {"thread_id": "parent"}}, Context(dataset=DATASET)
        first = parent.invoke({"messages": [HumanMessage(f"Who wrote '{paper.title}'?")]}, config, context=context)
        second = parent.invoke({"messages": [HumanMessage("In which year was it published?")]}, config, context=context)
        third = parent.invoke({"messages": [HumanMessage("hello")]}, config, context=context)
    replies = [m.content for m in third["messages"] if isinstance(m, AIMessage)]
    assert len(replies) == 3 and replies[2] == "Hello to you too."
    assert all(norm(n) in norm(replies[0]) for _, n in paper.authors) and replies[0] == first["messages"][-1].content
    assert str(paper.year) in replies[1] and second["messages"][-1].content == replies[1]
    assert len(first["messages"]) == 2


@pytest.mark.integration
def test_tool_and_parent_graph_with_the_real_local_model(llm_server, paper) -> None:
    """The model is weak: whatever it calls, hgrag's replies through the tool are right when verified,
    and both agents finish without a traceback."""
    model = chat_model(llm_server.base_url, llm_server.model)
    agent = react_agent(model, hgrag_tool(DATASET))
    final = agent.invoke({"messages": [HumanMessage(f"Use the tool: who wrote '{paper.title}'?")]},
                         {"recursion_limit": 8})
    asked = {call["id"]: call["args"].get("question", "") for m in final["messages"] if isinstance(m, AIMessage)
             for call in m.tool_calls}
    for message in final["messages"]:
        if isinstance(message, ToolMessage):
            result = json.loads(message.content)  # hgrag's reply contract, whatever the model asked
            assert {"answer", "answer_text", "verified", "interpretation"} <= result.keys()
            question = norm(asked.get(message.tool_call_id, ""))
            if result["verified"] and norm(paper.title) in question and question.startswith("who wrote"):
                assert norm_set(result["answer"]) == norm_set(n for _, n in paper.authors)
    assert isinstance(final["messages"][-1], AIMessage)
    parent = build_parent_graph(model, checkpointer=InMemorySaver())
    out = parent.invoke({"messages": [HumanMessage(f"Who wrote '{paper.title}'?")]},
                        {"configurable": {"thread_id": "real"}}, context=Context(dataset=DATASET))
    assert isinstance(out["messages"][-1], AIMessage) and out["messages"][-1].content
