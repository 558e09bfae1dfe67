"""Lazy, per-dataset access to the graph store and entity index from inside graph nodes."""

from __future__ import annotations

from typing import Any

from hgrag.tools.resources import Resources, load_resources


def resources_for(state: dict[str, Any], context: Any) -> Resources:
    """The dataset named in the state wins over the context's default; loads are memoised."""
    dataset = state.get("dataset") or context.dataset
    source = context.source if dataset == context.dataset else None
    graph = getattr(context, "graph", None)  # None: HGRAG_GRAPH, else the embedded store
    return load_resources(dataset, source, graph=graph) if graph else load_resources(dataset, source)
