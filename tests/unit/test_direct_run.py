"""The one-shot runner (`graphs/direct.py`) walks the same topology as the compiled LangGraph graph:
same node executions, same loop bounds, same final state, with stub policies (no data needed)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from test_state_machine import (CountingAnswerer, NeverSufficientRetriever, RejectingValidator, StubPlanner,
                                fake_resources, run_updates, stub_graph)  # noqa: F401 (fixture)

from hgrag.graphs.direct import merge, run_direct
from hgrag.graphs.topology import END, START, Policies, qa_topology
from hgrag.state.context import Context

QUESTION = "Who wrote the stub paper?"
LIMITS = [dict(), dict(max_expansions=1, max_regenerations=0), dict(max_expansions=4, max_regenerations=3)]


def direct_updates(context: Context, variant: str = "agentic") -> tuple[Counter, dict[str, Any]]:
    executed: Counter = Counter()
    policies = Policies(planner=StubPlanner(), retriever=NeverSufficientRetriever(), answerer=CountingAnswerer(),
                        validator=RejectingValidator())
    final = run_direct({"question": QUESTION}, context, variant, policies, on_update=lambda u: executed.update(u.keys()))
    return executed, final


@pytest.mark.parametrize("limits", LIMITS)
def test_direct_run_executes_the_nodes_the_compiled_graph_executes(fake_resources: list, limits: dict) -> None:
    context = Context(dataset="stub", **limits)
    compiled, compiled_final = run_updates(stub_graph(NeverSufficientRetriever(), CountingAnswerer()), context)
    direct, direct_final = direct_updates(context)
    assert direct == compiled
    for key in ("answer", "answer_text", "expansions", "regenerations", "verified", "interpretation", "query_type"):
        assert direct_final.get(key) == compiled_final.get(key), key


@pytest.mark.parametrize("variant", ["no_rerank", "no_validate"])
def test_variants_walk_the_same_edges(fake_resources: list, variant: str) -> None:
    context = Context(dataset="stub")
    compiled, _ = run_updates(stub_graph(NeverSufficientRetriever(), CountingAnswerer(), variant), context)
    direct, _ = direct_updates(context, variant)
    assert direct == compiled


def test_messages_append_and_other_fields_are_replaced() -> None:
    state: dict[str, Any] = {"messages": [{"type": "human", "content": "q"}], "answer": ["old"]}
    merge(state, {"messages": [{"type": "ai", "content": "a"}], "answer": ["new"]})
    assert [m["type"] for m in state["messages"]] == ["human", "ai"] and state["answer"] == ["new"]


def test_topology_names_langgraphs_entry_and_exit() -> None:
    from langgraph.graph import END as LG_END, START as LG_START

    assert (START, END) == (LG_START, LG_END)
    top = qa_topology()
    assert top.successor(START, {}) == "resolve" and top.successor("respond", {}) == END
    assert top.successor("plan", {"error": "bad"}) == "respond"
