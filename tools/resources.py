"""Load (or build and cache) a dataset's graph and entity index: the one entry point for
the CLI, the QA graph and the benchmarks.

    res = load_resources("openalex")          # cached on disk and memoised in-process
    res.store.node_counts(); res.index.search("Sølling")
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from hgrag.tools import cache
from hgrag.tools.datasets import DatasetSpec
from hgrag.tools.falkordb_resources import load_falkordb_resources, selected_graph
from hgrag.tools.local_graph import (_BUILD_LOCK, _MEMO, GraphLoad, Resources, _load_or_build_index, _memo_key,
                                     clear_memo, load_graph, resolve_source)
from hgrag.tools.rich_index import remember_saved

__all__ = ["GraphLoad", "Resources", "build_resources", "clear_memo", "load_graph", "load_resources",
           "register_resources", "resolve_source"]


def build_resources(dataset: str = "openalex", source: str | Path | None = None, *,
                    skip_bad_records: bool = False, progress: bool = False,
                    rebuild: bool = False, graph: str | None = None) -> Resources:
    """Load from the cache or build graph + index (always rebuilt when `rebuild`); memoised.

    `graph` (else env HGRAG_GRAPH) = falkordb://HOST:PORT/NAME keeps the graph in FalkorDB."""
    spec, path = resolve_source(dataset, source)
    url = selected_graph(graph)
    with _BUILD_LOCK:
        if url is None:
            return _build_resources(spec, path, skip_bad_records, progress, rebuild)
        resources = load_falkordb_resources(spec, path, skip_bad_records, progress, rebuild, url)
        _MEMO[_memo_key(spec, path, skip_bad_records, url)] = resources
        return resources


def _build_resources(spec: DatasetSpec, path: Path, skip_bad_records: bool, progress: bool,
                     rebuild: bool) -> Resources:
    graph = load_graph(spec.name, path, skip_bad_records=skip_bad_records, progress=progress,
                       rebuild=rebuild)
    index, index_seconds = _load_or_build_index(graph, progress, rebuild)
    remember_saved(graph.store, graph.cache_dir / cache.INDEX_DIR)
    spent = [s for s in (graph.build_seconds, index_seconds) if s is not None]
    resources = Resources(
        dataset=spec.name, store=graph.store, index=index, cache_dir=graph.cache_dir,
        build_seconds=sum(spent) if spent else None,
        loaded_from_cache=not spent, source=path,
        bad_records=int(graph.meta.get("bad_records") or 0), meta=graph.meta,
    )
    _MEMO[_memo_key(spec, path, skip_bad_records)] = resources
    return resources


def load_resources(dataset: str = "openalex", source: str | Path | None = None, *,
                   skip_bad_records: bool = False, progress: bool = False,
                   rebuild: bool = False, graph: str | None = None) -> Resources:
    """Graph + entity index for a dataset; repeated calls in one process are free.

    The first call loads the disk cache (or builds and caches); later calls with the same
    dataset, source, skip flag, HGRAG_HOME and graph store return the same `Resources` object.
    """
    asked = _asked_key(dataset, source, skip_bad_records, graph)
    if not rebuild and asked and _MEMO_BY_ARGS.get(asked) in _MEMO:  # (no file-system look per question)
        return _MEMO[_MEMO_BY_ARGS[asked]]
    spec, path = resolve_source(dataset, source)
    key = _memo_key(spec, path, skip_bad_records, selected_graph(graph))
    if not rebuild and key in _MEMO:
        if asked:
            _MEMO_BY_ARGS[asked] = key
        return _MEMO[key]
    with _BUILD_LOCK:
        if not rebuild and key in _MEMO:  # another thread finished it meanwhile
            return _MEMO[key]
        return build_resources(dataset, path, skip_bad_records=skip_bad_records,
                               progress=progress, rebuild=rebuild, graph=graph)


_MEMO_BY_ARGS: dict[tuple, tuple] = {}  # the arguments and settings of a call -> its key in _MEMO


def _asked_key(dataset: Any, source: Any, skip_bad_records: bool, graph: Any) -> tuple | None:
    """What decides which resources a call means, read without touching the disk (None: arguments of other types,
    left to the full resolution and its errors)."""
    if not isinstance(dataset, str) or not isinstance(source, (str, Path, type(None))) \
            or not isinstance(graph, (str, type(None))):
        return None
    settings = tuple(os.environ.get(name) for name in ("HGRAG_DATASETS", "HGRAG_HOME", "HGRAG_GRAPH", "HOME"))
    return dataset, None if source is None else str(source), skip_bad_records, graph, settings, os.getcwd()


def register_resources(resources: Resources, source: str | Path, *, skip_bad_records: bool = False,
                       graph: str | None = None) -> None:
    """Make `load_resources(resources.dataset, source, graph=graph)` return `resources` (a graph
    built elsewhere, e.g. the synthetic graphs of benchmarks/scale.py)."""
    spec, path = resolve_source(resources.dataset, source)
    _MEMO[_memo_key(spec, path, skip_bad_records, selected_graph(graph))] = resources
