"""QA state machine: loop bounds, routing and node executions, with stub policies (no data needed).

The stubs never satisfy sufficiency or validation, so the only thing that stops the loops is the
graph's own bounds (max_expansions / max_regenerations, read from the runtime context).
"""

from __future__ import annotations

from collections import Counter
from types import SimpleNamespace
from typing import Any

import pytest

from hgrag.state.context import Context
from hgrag.graphs.scholar_qa import (
    Policies, build_qa_graph, build_state_graph, route_after_plan, route_after_sufficiency,
    route_after_validation, variant_policies,
)

STUB_PLAN = {"query_type": "relation", "start_type": "paper", "steps": [], "operation": "list",
             "anchors": [], "unresolved": [], "target_type": "author"}


class StubPlanner:
    def plan(self, question: str, resources: Any, context: Context) -> dict[str, Any]:
        return dict(STUB_PLAN)


class NeverSufficientRetriever:
    """Sufficiency is always 0; expansion leaves plan and evidence unchanged."""

    def __init__(self) -> None:
        self.calls: Counter = Counter()

    def retrieve(self, question: str, plan: dict[str, Any], resources: Any, budget: int):
        self.calls["retrieve"] += 1
        return plan, {"nodes": [], "edges": [], "paths": [], "frontier": [], "n_targets": 0}

    def sufficiency(self, question: str, plan: dict[str, Any], evidence: dict[str, Any], resources: Any):
        self.calls["sufficiency"] += 1
        return 0.0, {"coverage": 0.0, "relevance": 0.0}

    def expand(self, question: str, plan: dict[str, Any], evidence: dict[str, Any], resources: Any, replan: Any):
        self.calls["expand"] += 1
        return plan, dict(evidence), "stub: nothing to add"


class CountingAnswerer:
    def __init__(self) -> None:
        self.feedback_seen: list[str] = []

    def generate(self, question, plan, evidence, resources, feedback, attempt):
        self.feedback_seen.append(feedback)
        return [f"attempt {attempt}"], f"attempt {attempt}"


class RejectingValidator:
    def validate(self, question: str, plan: dict[str, Any], answer: list[str], resources: Any) -> dict[str, Any]:
        return {"score": 0.0, "supported": [], "unsupported": list(answer), "checks": {},
                "feedback": f"stub rejects {answer}"}


@pytest.fixture
def fake_resources(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, Any]]:
    """Nodes get a placeholder Resources; records which dataset each load asked for."""
    loads: list[tuple[str, Any]] = []

    def load(dataset: str, source: Any = None) -> Any:
        loads.append((dataset, source))
        return SimpleNamespace(dataset=dataset, store=None, index=None)

    monkeypatch.setattr("hgrag.agents.resources_access.load_resources", load)
    return loads


def stub_graph(retriever: NeverSufficientRetriever, answerer: CountingAnswerer, variant: str = "agentic"):
    policies = Policies(planner=StubPlanner(), retriever=retriever, answerer=answerer, validator=RejectingValidator())
    return build_qa_graph(variant, policies=policies)


def run_updates(graph: Any, context: Context) -> tuple[Counter, dict[str, Any]]:
    """Node executions (from stream_mode='updates') and the final state (from 'values')."""
    executed: Counter = Counter()
    final: dict[str, Any] = {}
    for mode, chunk in graph.stream({"question": "Who wrote the stub paper?"}, context=context,
                                    stream_mode=["updates", "values"]):
        if mode == "updates":
            executed.update(chunk.keys())
        else:
            final = chunk
    return executed, final


def test_default_bounds_stop_both_loops(fake_resources: list) -> None:
    retriever, answerer = NeverSufficientRetriever(), CountingAnswerer()
    result = stub_graph(retriever, answerer).invoke({"question": "Who wrote the stub paper?"},
                                                    context=Context(dataset="stub"))
    assert result["expansions"] == 2
    assert result["regenerations"] == 2
    assert result["verified"] is False
    assert result["answer"] == []  # nothing supported after the last regeneration: abstain
    assert "abstain" in result["answer_text"]
    assert retriever.calls == Counter(retrieve=1, sufficiency=3, expand=2)


def test_node_executions_follow_the_bounds(fake_resources: list) -> None:
    executed, final = run_updates(stub_graph(NeverSufficientRetriever(), CountingAnswerer()), Context(dataset="stub"))
    assert executed == Counter(resolve=1, plan=1, respond=1, retrieve=1, score_sufficiency=3, expand=2, generate=3, validate=3)
    assert (final["expansions"], final["regenerations"]) == (2, 2)


def test_context_limits_override_the_defaults(fake_resources: list) -> None:
    context = Context(dataset="stub", max_expansions=1, max_regenerations=0)
    executed, final = run_updates(stub_graph(NeverSufficientRetriever(), CountingAnswerer()), context)
    assert (final["expansions"], final["regenerations"]) == (1, 0)
    assert executed == Counter(resolve=1, plan=1, respond=1, retrieve=1, score_sufficiency=2, expand=1, generate=1, validate=1)


def test_larger_limits_are_honoured_exactly(fake_resources: list) -> None:
    context = Context(dataset="stub", max_expansions=4, max_regenerations=3)
    executed, final = run_updates(stub_graph(NeverSufficientRetriever(), CountingAnswerer()), context)
    assert (final["expansions"], final["regenerations"]) == (4, 3)
    assert executed["expand"] == 4 and executed["generate"] == 4 and executed["validate"] == 4


def test_regenerations_receive_the_validator_feedback(fake_resources: list) -> None:
    answerer = CountingAnswerer()
    stub_graph(NeverSufficientRetriever(), answerer).invoke({"question": "q about a paper"},
                                                           context=Context(dataset="stub"))
    assert answerer.feedback_seen[0] == ""
    assert answerer.feedback_seen[1:] == ["stub rejects ['attempt 0']", "stub rejects ['attempt 1']"]


def test_dataset_in_the_input_wins_over_the_context(fake_resources: list) -> None:
    stub_graph(NeverSufficientRetriever(), CountingAnswerer()).invoke(
        {"question": "Who wrote it?", "dataset": "from-input"}, context=Context(dataset="from-context"))
    assert {dataset for dataset, _ in fake_resources} == {"from-input"}


def test_variants_without_loops_run_each_node_once(fake_resources: list) -> None:
    executed, final = run_updates(stub_graph(NeverSufficientRetriever(), CountingAnswerer(), "graph_rag"),
                                  Context(dataset="stub"))
    assert executed == Counter(resolve=1, plan=1, respond=1, retrieve=1, generate=1)
    assert final["answer"] == ["attempt 0"]


def test_plan_error_ends_the_run_before_retrieval(fake_resources: list) -> None:
    executed: Counter = Counter()
    graph = stub_graph(NeverSufficientRetriever(), CountingAnswerer())
    for chunk in graph.stream({"question": "   "}, context=Context(dataset="stub"), stream_mode="updates"):
        executed.update(chunk.keys())
    assert executed == Counter(resolve=1, plan=1, respond=1)
    final = graph.invoke({"question": "\x00\x01\x02"}, context=Context(dataset="stub"))
    assert "binary" in final["error"] and final["answer"] == []


def test_routers_read_only_state() -> None:
    assert route_after_plan({"error": "boom"}) == "__end__"
    assert route_after_plan({"error": None}) == "retrieve"
    low = {"sufficiency_score": 0.1, "sufficiency_threshold": 0.6, "max_expansions": 2}
    assert route_after_sufficiency({**low, "expansions": 1}) == "expand"
    assert route_after_sufficiency({**low, "expansions": 2}) == "generate"
    assert route_after_sufficiency({**low, "sufficiency_score": 0.6, "expansions": 0}) == "generate"
    bad = {"consistency_score": 0.5, "consistency_threshold": 0.8, "max_regenerations": 2}
    assert route_after_validation({**bad, "regenerations": 0}) == "generate"
    assert route_after_validation({**bad, "regenerations": 2}) == "__end__"
    assert route_after_validation({**bad, "consistency_score": 0.8, "regenerations": 0}) == "__end__"


def test_variant_topologies() -> None:
    nodes = {v: set(build_state_graph(v).nodes) for v in ("agentic", "no_validate", "no_rerank", "graph_rag")}
    assert nodes["agentic"] == {"resolve", "respond", "plan", "retrieve", "score_sufficiency", "expand", "generate", "validate"}
    assert "validate" not in nodes["no_validate"]
    assert "expand" not in nodes["no_rerank"] and "validate" in nodes["no_rerank"]
    assert nodes["graph_rag"] == {"resolve", "respond", "plan", "retrieve", "generate"}
    with pytest.raises(ValueError, match="unknown variant"):
        variant_policies("nonsense")
