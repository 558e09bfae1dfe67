"""`load_resources` for a dataset kept in FalkorDB: the graph is bulk-loaded once (from the
embedded build, reading the disk cache when present) and then only queried; the entity index
stays in-process, cached beside the embedded graph's cache (it is the same graph).
"""

from __future__ import annotations

import hashlib
import os
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any

from hgrag.tools import cache
from hgrag.tools.datasets import DatasetSpec
from hgrag.tools.errors import DatasetError
from hgrag.tools.falkordb_load import load_networkx, read_meta
from hgrag.tools.falkordb_store import FalkorDBGraphStore, GraphURL, open_graph, parse_graph_url

_IMPORTED = time.time()  # this process's start when /proc does not say

GRAPH_ENV = "HGRAG_GRAPH"
NETWORKX = "networkx"


def selected_graph(graph: str | None) -> str | None:
    """The store asked for: the argument, else HGRAG_GRAPH; None means the embedded networkx store."""
    chosen = (graph or os.environ.get(GRAPH_ENV) or "").strip()
    if not chosen or chosen == NETWORKX:
        return None
    parse_graph_url(chosen)  # a clear error now rather than a confusing one later
    return chosen


def graph_key(target: GraphURL, dataset: str) -> str:
    """The FalkorDB graph holding `dataset`: the URL's name, else one graph per dataset."""
    return target.name or f"hgrag-{dataset}"


_EXPLICIT: ContextVar[bool] = ContextVar("hgrag_falkordb_explicit_load", default=False)


@contextmanager
def explicit_load() -> Iterator[None]:
    """Inside, a graph named in the URL may be bulk-loaded when absent (`hgrag build --graph`);
    elsewhere a named graph must already be loaded, so a typo is not a silent full copy."""
    token = _EXPLICIT.set(True)
    try:
        yield
    finally:
        _EXPLICIT.reset(token)


def _refuse_implicit_load(target: GraphURL, name: str, spec: DatasetSpec) -> None:
    if target.name is not None and not _EXPLICIT.get():
        raise DatasetError(f"FalkorDB graph {name!r} at {target.host}:{target.port} holds no loaded graph; "
                           f"load it with: hgrag build --dataset {spec.name} --graph {target}")


@contextmanager
def graph_lock(target: GraphURL, name: str) -> Iterator[None]:
    """One loader per FalkorDB graph on this machine (an flock(2) file in the temp directory, shared
    by every HGRAG_HOME); a process that has to wait says so on stderr."""
    digest = hashlib.sha256(f"{target.host}:{target.port}/{name}".encode()).hexdigest()[:16]
    where = Path(tempfile.gettempdir()) / f"hgrag-falkordb-{digest}"
    with cache.build_lock(where, wait=False) as got:
        if got:
            yield
            return
    print(f"hgrag: waiting for another process loading FalkorDB graph {name!r} at {target.host}:{target.port}",
          file=sys.stderr, flush=True)
    with cache.build_lock(where):
        yield


def process_started() -> float:
    """When this process started (Linux /proc; else when this module was imported), in epoch seconds."""
    try:
        ticks = int(Path("/proc/self/stat").read_text().rsplit(")", 1)[1].split()[19])  # since boot
        uptime = float(Path("/proc/uptime").read_text().split()[0])
        return time.time() - (uptime - ticks / os.sysconf("SC_CLK_TCK"))
    except (OSError, ValueError, IndexError):
        return _IMPORTED


def _loaded_since(meta: dict[str, Any], started: float) -> bool:
    """Was the graph loaded (by another process) after this process started? Then a --rebuild asked
    while that load ran is already done: three concurrent rebuilds load the graph once."""
    loaded_at = meta.get("loaded_at")
    return isinstance(loaded_at, (int, float)) and loaded_at >= started


def load_falkordb_resources(spec: DatasetSpec, path: Path, skip_bad_records: bool, progress: bool,
                            rebuild: bool, url: str) -> Any:
    from hgrag.tools.local_graph import Resources, _cache_location, load_graph

    target = parse_graph_url(url)
    _, directory = _cache_location(spec, path)
    name = graph_key(target, spec.name)
    graph = open_graph(target, name)
    found = read_meta(graph)
    meta = None if rebuild else found
    embedded = None
    spent: list[float] = []
    if meta is None:
        with graph_lock(target, name):
            meta = read_meta(graph)  # loaded by another process while we waited? (then not again)
            if meta is None or (rebuild and meta == found and not _loaded_since(meta, process_started())):
                _refuse_implicit_load(target, name, spec)
                started = time.perf_counter()
                # --rebuild reloads the database; the embedded graph and index are rebuilt only when
                # their checksums fail (they did not change)
                embedded = load_graph(spec.name, path, skip_bad_records=skip_bad_records, progress=progress)
                meta = dict(embedded.meta, cache_key=directory.name, load_id=uuid.uuid4().hex, loaded_at=time.time())
                load_networkx(graph, embedded.store, meta, progress=progress)
                spent.append(time.perf_counter() - started)
    rebuild = False  # the index is the embedded graph's: rebuilt only when its checksums fail
    if meta.get("cache_key") != directory.name:
        raise DatasetError(f"FalkorDB graph {name!r} at {target.host}:{target.port} holds "
                           f"{meta.get('dataset')!r} built from other source files; rebuild it "
                           "(hgrag build --graph ... --rebuild) or name another graph in the URL")
    store = FalkorDBGraphStore(graph, name=spec.name)
    with graph_lock(target, name):  # the index is checked against the graph: not while another process reloads it
        index, seconds = _index(store, directory, embedded, spec, path, skip_bad_records, progress, rebuild)
    if seconds is not None:
        spent.append(seconds)
    return Resources(dataset=spec.name, store=store, index=index, cache_dir=directory,
                     build_seconds=sum(spent) if spent else None, loaded_from_cache=not spent,
                     source=path, bad_records=int(meta.get("bad_records") or 0),
                     meta=dict(meta, graph=f"{target.host}:{target.port}/{name}"))


def _index(store: FalkorDBGraphStore, directory: Path, embedded: Any, spec: DatasetSpec, path: Path,
           skip_bad_records: bool, progress: bool, rebuild: bool) -> tuple[Any, float | None]:
    """The verified cached entity index (the same graph's), else the embedded build's index
    (built and cached by the usual path, under its lock), opened over the database store."""
    from hgrag.tools.entity_index import EntityIndex, EntityIndexError
    from hgrag.tools.local_graph import _load_or_build_index, load_graph

    if embedded is None and not rebuild:
        try:
            meta = cache.read_meta(directory)
            if meta:
                cache.verify_index(directory, meta)
                return EntityIndex.load(directory / cache.INDEX_DIR, store), None
        except (cache.CacheDamaged, EntityIndexError):
            pass
    started = time.perf_counter()
    if embedded is None:
        embedded = load_graph(spec.name, path, skip_bad_records=skip_bad_records, progress=progress)
    _load_or_build_index(embedded, progress, rebuild)
    with cache.build_lock(directory):  # another process's rebuild may be renaming index/ into place
        return EntityIndex.load(directory / cache.INDEX_DIR, store), time.perf_counter() - started
