"""The embedded (in-process) graph and entity index of a dataset: where they are cached, how they are
built, loaded and memoised. `resources.py` is the entry point; FalkorDB-backed resources reuse these parts."""

from __future__ import annotations

import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hgrag.tools import cache
from hgrag.tools.datasets import DatasetSpec, dataset_spec, default_source
from hgrag.tools.errors import DatasetError
from hgrag.tools.graph_builder import build_store
from hgrag.tools.compact_store import CompactGraphStore
from hgrag.tools.graph_store import GraphStore, NetworkXGraphStore
from hgrag.tools.loaders.detect import iter_records, source_files
from hgrag.tools.loaders.files import LoadStats
from hgrag.tools.rich_index import save_rich_index

if TYPE_CHECKING:
    from hgrag.tools.entity_index import EntityIndex


@dataclass
class Resources:
    """Everything the agents need for one dataset."""

    dataset: str
    store: GraphStore
    index: EntityIndex
    cache_dir: Path
    build_seconds: float | None  # time spent building now; None when all came from the cache
    loaded_from_cache: bool
    source: Path | None = None
    bad_records: int = 0  # skipped with skip_bad_records=True (from the build that made the cache)
    meta: dict[str, Any] = field(default_factory=dict)


@dataclass
class GraphLoad:
    """A graph plus where it came from (used by `hgrag stats` and by `load_resources`)."""

    store: CompactGraphStore
    cache_dir: Path
    source: Path
    build_seconds: float | None
    loaded_from_cache: bool
    meta: dict[str, Any]


_MEMO: dict[tuple[str, str, bool, str, str | None], Resources] = {}
_BUILD_LOCK = threading.RLock()  # one build at a time per process (e.g. a threaded server)
QUIET_BUILD_NODES = 2_000  # an index build without progress bars above this size says so on stderr


def clear_memo() -> None:
    """Forget in-process results (tests; or after the cache directory was deleted)."""
    _MEMO.clear()


def _memo_key(spec: DatasetSpec, path: Path, skip_bad_records: bool,
              graph: str | None = None) -> tuple[str, str, bool, str, str | None]:
    return spec.name, str(path), skip_bad_records, str(cache.hgrag_home()), graph


def _entity_index_class() -> type[EntityIndex]:
    from hgrag.tools.entity_index import EntityIndex

    return EntityIndex


def resolve_source(dataset: str, source: str | Path | None) -> tuple[DatasetSpec, Path]:
    """The dataset's spec and its source path (`source` overrides the default location)."""
    spec = dataset_spec(dataset)
    path = Path(source).expanduser() if source is not None else default_source(dataset)
    if not path.exists():
        hint = "" if source is not None else " (set HGRAG_DATASETS or pass --source)"
        raise DatasetError(f"dataset {dataset!r}: source not found: {path}{hint}")
    return spec, path.resolve()


RICH_CACHE_TAG = "rich-kinds-1"  # OpenAlex caches built before issue 22 lack the richer kinds


def _cache_location(spec: DatasetSpec, path: Path) -> tuple[list[Path], Path]:
    """The source's files and its cache entry: the key is the content, not the skip policy
    (meta.json records how many bad records a build skipped; see `_check_policy`)."""
    files = source_files(spec.kind, path)
    extra = spec.kind + ("/" + RICH_CACHE_TAG if spec.kind == "openalex" else "")  # richer kinds: OpenAlex only
    return files, cache.cache_dir_for(spec.name, cache.source_key(files, path, extra=extra))


def _progress_bar(records: Any, dataset: str, progress: bool) -> Any:
    if not progress:
        return records
    from tqdm import tqdm

    return tqdm(records, desc=f"reading {dataset}", unit=" records", file=sys.stderr,
                mininterval=0.5)


def _build_graph(spec: DatasetSpec, path: Path, files: list[Path], skip_bad_records: bool,
                 progress: bool) -> tuple[NetworkXGraphStore, LoadStats]:
    stats = LoadStats()
    records = iter_records(spec.kind, path, skip_bad_records, stats, files=files)
    store = build_store(_progress_bar(records, spec.name, progress), spec.name)
    if not store.node_counts().get("paper"):
        skipped = f" ({stats.bad_records:,} bad records skipped, e.g. {stats.bad_examples[0]})" \
            if stats.bad_records else ""
        raise DatasetError(f"{path}: no papers could be read from this source{skipped}")
    return store, stats


def _graph_meta(spec: DatasetSpec, path: Path, files: list[Path], store: GraphStore,
                stats: LoadStats, seconds: float, checksum: str) -> dict[str, Any]:
    return {
        "cache_version": cache.CACHE_VERSION, "dataset": spec.name, "kind": spec.kind,
        "source": str(path), "files": [str(f) for f in files],
        "nodes": store.node_counts(), "edges": store.edge_counts(),
        "authorships": store.facts.get("authorships"),
        "records_read": stats.records, "bad_records": stats.bad_records,
        "bad_examples": stats.bad_examples, "graph_seconds": round(seconds, 3),
        "checksums": {cache.GRAPH_FILE: checksum},
    }


def _check_policy(meta: dict[str, Any], path: Path, skip_bad_records: bool) -> None:
    """A cache built by skipping bad records serves only callers that allow skipping."""
    skipped = int(meta.get("bad_records") or 0)
    if skipped and not skip_bad_records:
        example = (meta.get("bad_examples") or ["?"])[0]
        raise DatasetError(f"{path}: {skipped:,} malformed records (e.g. {example}); "
                           f"pass --skip-bad-records (Context skip_bad_records=True) to use the rest")


def _cached_graph(directory: Path, quiet: bool = False) -> tuple[CompactGraphStore, dict[str, Any]] | None:
    """The verified cached graph and its meta, or None (damage is reported unless `quiet`)."""
    try:
        meta = cache.read_meta(directory)
        if meta is None:
            return None
        return cache.load_graph_checked(directory, meta), meta
    except cache.CacheDamaged as damage:
        if not quiet:
            cache.report(directory, str(damage))
        return None


def load_graph(dataset: str = "openalex", source: str | Path | None = None, *,
               skip_bad_records: bool = False, progress: bool = False,
               rebuild: bool = False) -> GraphLoad:
    """The dataset's graph only: from the verified cache when present, else built and cached.

    One process builds (holding the entry's lock); the others wait, then load its result.
    """
    spec, path = resolve_source(dataset, source)
    files, directory = _cache_location(spec, path)
    found = None if rebuild else _cached_graph(directory, quiet=True)  # may be half-written by another process
    if found is None:
        with cache.build_lock(directory):
            found = None if rebuild else _cached_graph(directory)  # built while we waited? (damage reported here)
            if found is None:
                return _build_and_save_graph(spec, path, files, directory, skip_bad_records, progress)
    cache.tidy(directory)
    store, meta = found
    _check_policy(meta, path, skip_bad_records)
    return GraphLoad(store, directory, path, None, True, meta)


def _build_and_save_graph(spec: DatasetSpec, path: Path, files: list[Path], directory: Path,
                          skip_bad_records: bool, progress: bool) -> GraphLoad:
    """Build from the source and commit graph.pkl then meta.json; the entry lock is held."""
    cache.clear_entry(directory)
    started = time.perf_counter()
    built, stats = _build_graph(spec, path, files, skip_bad_records, progress)
    store = CompactGraphStore.freeze(built)  # what the cache holds: this process answers from it too
    del built
    seconds = time.perf_counter() - started
    checksum = cache.save_graph(directory, store)
    cache.fault_point("graph-saved")
    meta = _graph_meta(spec, path, files, store, stats, seconds, checksum)
    cache.save_meta(directory, meta)
    cache.fault_point("meta-saved")
    return GraphLoad(store, directory, path, seconds, False, meta)


def _load_or_build_index(graph: GraphLoad, progress: bool, rebuild: bool) -> tuple[Any, float | None]:
    """The entity index: loaded when verified alongside an unchanged graph, else built now."""
    directory = graph.cache_dir
    if graph.loaded_from_cache and not rebuild:
        index = _cached_index(graph, quiet=True)  # may be half-written by another process
        if index is not None:
            return index, None
    with cache.build_lock(directory):
        meta = cache.load_meta(directory) or graph.meta
        if not rebuild and meta.get("checksums") == graph.meta.get("checksums"):
            graph.meta = meta
            index = _cached_index(graph)  # built by another process while we waited? (damage reported here)
            if index is not None:
                return index, None
        return _build_and_save_index(graph, progress)


def _cached_index(graph: GraphLoad, quiet: bool = False) -> Any:
    from hgrag.tools.entity_index import EntityIndexError

    directory = graph.cache_dir
    meta = graph.meta
    if not meta.get("index_checksums") and not (directory / cache.INDEX_DIR).exists():
        return None  # never built: nothing to report
    try:
        cache.verify_index(directory, meta)
        return _entity_index_class().load(directory / cache.INDEX_DIR, graph.store)
    except (cache.CacheDamaged, EntityIndexError) as damage:
        if not quiet:
            cache.report(directory, str(damage))
        return None


def _build_and_save_index(graph: GraphLoad, progress: bool) -> tuple[Any, float]:
    """Build the index, rename it into place, then record its checksums in meta.json (lock held)."""
    directory = graph.cache_dir
    cache.remove_leftovers(directory)
    if cache.load_meta(directory).get("checksums") != graph.meta.get("checksums"):
        # graph.pkl on disk is no longer the one in memory (rebuilt elsewhere): commit ours again
        graph.meta = dict(graph.meta, checksums={cache.GRAPH_FILE: cache.save_graph(directory, graph.store)})
    started = time.perf_counter()
    nodes = sum(graph.store.node_counts().values())
    if not progress and nodes >= QUIET_BUILD_NODES:  # no bars asked for, but minutes of silence mislead
        print(f"hgrag: building the entity index of {graph.meta.get('dataset', '?')} ({nodes:,} nodes); "
              f"this takes a while", file=sys.stderr, flush=True)
    index = _entity_index_class().build(graph.store, progress=progress)
    cache.save_directory_atomic(directory / cache.INDEX_DIR, lambda into: _save_index(index, graph.store, into),
                                replace=True)
    cache.fault_point("index-saved")
    seconds = time.perf_counter() - started
    meta = dict(graph.meta, index_seconds=round(seconds, 3),
                index_checksums=cache.index_checksums(directory / cache.INDEX_DIR))
    cache.save_meta(directory, meta)
    graph.meta = meta
    return index, seconds


def _save_index(index: Any, store: Any, directory: Path) -> None:
    """The entity index's files and the richer kinds' name index beside them (one checksummed set)."""
    index.save(directory)
    save_rich_index(store, directory)
