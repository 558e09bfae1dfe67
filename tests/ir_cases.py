"""Shared set-up of the plan-IR operator tests: hgrag's tiny graph beside the raw-file oracle (tests/ir_oracle.py).

Plans are built with the IR's own constructors (hgrag.state.plan_ir), checked by `validate_ir`, and run by
the one executor (hgrag.tools.ir_exec) on the graph hgrag's loader builds from the same raw files.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ir_oracle import Picks, RawGraph, raw_graph


@dataclass
class Case:
    dataset: str
    store: Any  # hgrag GraphStore
    raw: RawGraph
    picks: Picks


_STORES: dict[str, Any] = {}


def load_case(dataset: str, datasets_dir: Path) -> Case:
    """hgrag's graph of `dataset` (built once per session, under the session HGRAG_HOME) and its oracle."""
    from hgrag.tools.resources import load_graph

    if dataset not in _STORES:
        _STORES[dataset] = load_graph(dataset).store
    graph, picks = raw_graph(dataset, datasets_dir)
    return Case(dataset, _STORES[dataset], graph, picks)


def run(store: Any, plan: dict[str, Any], layer_budget: int | None = None) -> Any:
    """Validate the plan against the IR schema, then execute it; returns the Execution."""
    from hgrag.state.plan_ir import validate_ir
    from hgrag.tools.ir_exec import DEFAULT_LAYER_BUDGET, execute

    checked = validate_ir(plan)
    return execute(store, checked, layer_budget or DEFAULT_LAYER_BUDGET)


def nodes(execution: Any) -> Counter:
    """The executed value as a node Counter (asserting that it is one)."""
    assert execution.value.kind == "nodes", execution.value
    return Counter(execution.value.data)


def values(execution: Any) -> Counter:
    assert execution.value.kind == "values", execution.value
    return Counter(execution.value.data)


def scalar(execution: Any) -> Any:
    assert execution.value.kind == "scalar", execution.value
    return execution.value.data


def boolean(execution: Any) -> bool:
    assert execution.value.kind == "bool", execution.value
    return execution.value.data


def ones(items: Any) -> Counter:
    """A node set as a Counter of multiplicity 1 (one path to each)."""
    return Counter({item: 1 for item in items})


def assert_edges_are_raw(case: Case, execution: Any) -> None:
    """Every evidence edge of the walk joins two nodes that the raw files join, with a known edge type."""
    assert execution.edges, "the walk recorded no evidence edges"
    for source, edge, target in execution.edges:
        assert edge in ("writes", "published_in", "cites"), edge
        assert case.raw.linked(source, target), (source, edge, target)
        if edge == "writes":
            assert target in case.raw.papers_of[source], (source, target)
        if edge == "published_in":
            assert case.raw.venue_of[source] == target, (source, target)
        if edge == "cites":
            assert target in case.raw.refs[source], (source, target)
