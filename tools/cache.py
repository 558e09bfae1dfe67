"""On-disk cache of built graphs and entity indexes, keyed by the source files' content.

Layout: `hgrag_home()/<dataset>-<key16>/` holding
    graph.pkl   the NetworkXGraphStore, pickle protocol 5
    meta.json   counts, build time, source, files, bad records skipped
    index/      EntityIndex.save() output
Every piece is written to a temporary name first and renamed into place, so concurrent
builds never leave a half-written file: a reader sees either nothing or a complete piece.
"""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import shutil
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hgrag.tools.datasets import hgrag_home
from hgrag.tools.graph_store import NetworkXGraphStore

# Bump when the loaders, the builder or the on-disk layout change what a cache holds.
CACHE_VERSION = "1"
GRAPH_FILE = "graph.pkl"
META_FILE = "meta.json"
INDEX_DIR = "index"
_READ_CHUNK = 1 << 20


def source_key(files: list[Path], root: Path, *, extra: str = "") -> str:
    """sha256 over CACHE_VERSION, `extra`, and each file's relative name and bytes (sorted)."""
    digest = hashlib.sha256(f"hgrag-cache/{CACHE_VERSION}/{extra}".encode())
    base = root if root.is_dir() else root.parent
    for path in sorted(files, key=lambda p: p.relative_to(base).as_posix()):
        digest.update(b"\0file\0" + path.relative_to(base).as_posix().encode() + b"\0")
        with path.open("rb") as handle:
            while chunk := handle.read(_READ_CHUNK):
                digest.update(chunk)
    return digest.hexdigest()


def cache_dir_for(dataset: str, key: str) -> Path:
    return hgrag_home() / f"{dataset}-{key[:16]}"


def _temporary_sibling(path: Path) -> Path:
    return path.with_name(f".{path.name}.tmp-{os.getpid()}-{uuid.uuid4().hex[:8]}")


def write_bytes_atomic(path: Path, write: Callable[[Any], None]) -> None:
    """Call `write(handle)` on a temporary file, then rename it over `path`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = _temporary_sibling(path)
    try:
        with temporary.open("wb") as handle:
            write(handle)
        os.replace(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)


def save_graph(directory: Path, store: NetworkXGraphStore) -> None:
    write_bytes_atomic(directory / GRAPH_FILE,
                       lambda handle: pickle.dump(store, handle, protocol=5))


def load_graph(directory: Path) -> NetworkXGraphStore | None:
    """The cached graph, or None when absent or unreadable (then it is simply rebuilt)."""
    path = directory / GRAPH_FILE
    try:
        with path.open("rb") as handle:
            store = pickle.load(handle)
    except FileNotFoundError:
        return None
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, TypeError):
        return None
    return store if isinstance(store, NetworkXGraphStore) else None


def save_meta(directory: Path, meta: dict[str, Any]) -> None:
    data = json.dumps(meta, indent=2, sort_keys=True).encode()
    write_bytes_atomic(directory / META_FILE, lambda handle: handle.write(data))


def load_meta(directory: Path) -> dict[str, Any]:
    try:
        return json.loads((directory / META_FILE).read_text())
    except (OSError, ValueError):
        return {}


def has_index(directory: Path) -> bool:
    return (directory / INDEX_DIR).is_dir()


def save_directory_atomic(final: Path, fill: Callable[[Path], None], *, replace: bool = False) -> None:
    """Let `fill(temp_dir)` write a directory, then rename it to `final`.

    When another process got there first, its copy is kept (or replaced if `replace`).
    """
    final.parent.mkdir(parents=True, exist_ok=True)
    temporary = _temporary_sibling(final)
    temporary.mkdir()
    try:
        fill(temporary)
        if replace and final.exists():
            retired = _temporary_sibling(final)
            try:
                os.rename(final, retired)
            except FileNotFoundError:
                pass  # another process retired it already
            shutil.rmtree(retired, ignore_errors=True)
        try:
            os.rename(temporary, final)
        except OSError:
            if not final.is_dir():
                raise
    finally:
        shutil.rmtree(temporary, ignore_errors=True)
