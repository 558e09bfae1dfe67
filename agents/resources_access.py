"""Lazy, per-dataset access to the graph store and entity index from inside graph nodes."""

from __future__ import annotations

from typing import Any

from hgrag.tools.resources import Resources, load_resources


def resources_for(state: dict[str, Any], context: Any) -> Resources:
    """The dataset named in the state wins over the context's default; loads are memoised."""
    dataset = state.get("dataset") or context.dataset
    same = dataset == context.dataset
    policy: dict[str, Any] = {"skip_bad_records": True} if same and getattr(context, "skip_bad_records", False) else {}
    graph = getattr(context, "graph", None)  # None: HGRAG_GRAPH, else the embedded store
    if graph:
        policy["graph"] = graph
    return load_resources(dataset, context.source if same else None, **policy)


def dataset_note(state: dict[str, Any], context: Any) -> str:
    """When the input and the run settings name different datasets, the input's wins (as
    `resources_for` does); this says so, for the run's interpretation. Empty otherwise."""
    asked, given = state.get("dataset"), getattr(context, "dataset", None)
    if not asked or "dataset" not in getattr(context, "_given", ()) or asked == given:
        return ""
    return f"answered from dataset {asked!r} named in the input, not {given!r} from the run settings"


def noted(interpretation: str, state: dict[str, Any], context: Any) -> str:
    """The run's interpretation, with the dataset note when there is one."""
    note = dataset_note(state, context)
    return f"{interpretation} ({note})" if note else interpretation
