"""On-disk cache of built graphs and entity indexes, keyed by the source files' content.

Layout: `hgrag_home()/<dataset>-<key16>/` holding
    graph.pkl   the CompactGraphStore (tools/compact_store.py), pickle protocol 5
    meta.json   counts, build time, source, files, bad records skipped, and the sha256 of
                graph.pkl and of every index file (written last: it is the commit record)
    index/      EntityIndex.save() output
and `hgrag_home()/.<dataset>-<key16>.lock`, an flock(2) lock held by the one process building.

Integrity: a piece counts only when meta.json lists it with a matching checksum; anything
unreadable, mismatched or partial is rebuilt, with one line on stderr. Every piece is written to
a temporary name and renamed into place; the builder (holding the lock) removes temporaries that
earlier, killed builders left behind. The lock is released by the kernel when a builder dies.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import pickle
import shutil
import signal
import stat
import sys
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, BinaryIO

from hgrag.tools import quick_pickle
from hgrag.tools.datasets import hgrag_home
from hgrag.tools.compact_store import CompactGraphStore

# Bump when the loaders, the builder or the on-disk layout change what a cache holds.
CACHE_VERSION = "4"  # 3: graph.pkl holds a CompactGraphStore; 4: escaped inline tags dropped from index keys
GRAPH_FILE = "graph.pkl"
META_FILE = "meta.json"
INDEX_DIR = "index"
TEMP_MARK = ".tmp"
_READ_CHUNK = 1 << 20
FAULT_ENV = "HGRAG_FAULT_KILL_AT"  # tests: kill -9 this process at a named point of a build


class CacheDamaged(Exception):
    """A cache piece is unreadable, mismatched or partial; the message says which and why."""


def fault_point(name: str) -> None:
    """Die as by `kill -9` when HGRAG_FAULT_KILL_AT names this point (crash-recovery tests)."""
    if os.environ.get(FAULT_ENV) == name:
        os.kill(os.getpid(), signal.SIGKILL)


def report(directory: Path, problem: str) -> None:
    """The one stderr line a damaged cache entry gets before it is rebuilt."""
    print(f"hgrag: cache {directory.name}: {problem}; rebuilding", file=sys.stderr, flush=True)


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


def read_regular(path: Path) -> bytes:
    """A cache file's bytes; CacheDamaged unless it is a regular file (a FIFO would hang the read,
    a link to /dev/zero would never end), read no further than the size it had when opened."""
    with open_regular(path) as (handle, size):
        return handle.read(size)


@contextmanager
def open_regular(path: Path) -> Iterator[tuple[BinaryIO, int]]:
    """The open cache file and its size when opened; CacheDamaged as in `read_regular`."""
    try:
        with open(path, "rb", opener=lambda name, flags: os.open(name, flags | os.O_NONBLOCK)) as handle:
            info = os.fstat(handle.fileno())
            if not stat.S_ISREG(info.st_mode):
                raise CacheDamaged(f"{path.name} is not a regular file")
            yield handle, info.st_size
    except OSError as exc:
        raise CacheDamaged(f"{path.name} is unreadable ({type(exc).__name__})") from None


def _sha256_of(handle: BinaryIO, size: int) -> str:
    """sha256 of the first `size` bytes of an open file, read in chunks."""
    digest, left = hashlib.sha256(), size
    while left > 0 and (chunk := handle.read(min(_READ_CHUNK, left))):
        digest.update(chunk)
        left -= len(chunk)
    return digest.hexdigest()


def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        while chunk := handle.read(_READ_CHUNK):
            digest.update(chunk)
    return digest.hexdigest()


# -- locking and leftovers ---------------------------------------------------------------------

def _lock_path(directory: Path) -> Path:
    return directory.parent / f".{directory.name}.lock"


@contextmanager
def build_lock(directory: Path, *, wait: bool = True) -> Iterator[bool]:
    """Hold the directory's inter-process lock (yields False when `wait` is off and it is taken)."""
    path = _lock_path(directory)
    path.parent.mkdir(parents=True, exist_ok=True)
    _heal_lock_file(path)
    with path.open("a") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
        except BlockingIOError:
            yield False
            return
        try:
            yield True
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _heal_lock_file(path: Path) -> None:
    """Remove whatever took the lock file's name (a directory, a FIFO, a device link): the lock is
    only ever a regular file hgrag creates, and opening anything else fails or blocks on every run."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return
    if stat.S_ISREG(mode):
        return
    print(f"hgrag: lock file {path} was not a regular file; replaced", file=sys.stderr, flush=True)
    if stat.S_ISDIR(mode):
        shutil.rmtree(path, ignore_errors=True)
    else:
        path.unlink(missing_ok=True)


def leftovers(directory: Path) -> list[Path]:
    """Temporary files and folders inside a cache entry (only the lock holder writes any)."""
    if not directory.is_dir():
        return []
    return sorted(p for p in directory.iterdir() if p.name.startswith(".") and TEMP_MARK in p.name)


def remove_leftovers(directory: Path) -> int:
    """Delete the temporaries of killed builders; call only while holding `build_lock`."""
    found = leftovers(directory)
    for path in found:
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path, ignore_errors=True)
        else:
            path.unlink(missing_ok=True)
    return len(found)


def tidy(directory: Path) -> None:
    """Remove leftovers when no builder is running (a free, non-blocking lock attempt)."""
    if leftovers(directory):
        with build_lock(directory, wait=False) as got:
            if got:
                remove_leftovers(directory)


def clear_entry(directory: Path) -> None:
    """Remove every piece of an entry (whatever its type) before a rebuild; lock held."""
    if (directory.exists() or directory.is_symlink()) and not directory.is_dir():
        directory.unlink()  # something that is not a directory took the entry's name
        return
    for name in (META_FILE, GRAPH_FILE, INDEX_DIR):
        path = directory / name
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path, ignore_errors=True)
        elif path.exists() or path.is_symlink():
            path.unlink(missing_ok=True)
    remove_leftovers(directory)


# -- atomic writes -----------------------------------------------------------------------------

def _temporary_sibling(path: Path) -> Path:
    return path.with_name(f".{path.name}{TEMP_MARK}-{os.getpid()}-{uuid.uuid4().hex[:8]}")


def write_bytes_atomic(path: Path, write: Callable[[Any], None]) -> None:
    """Call `write(handle)` on a temporary file, fsync it, then rename it over `path`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = _temporary_sibling(path)
    try:
        with temporary.open("wb") as handle:
            write(handle)
            handle.flush()
            os.fsync(handle.fileno())
        fault_point(f"before-rename:{path.name}")
        os.replace(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)


def save_directory_atomic(final: Path, fill: Callable[[Path], None], *, replace: bool = False) -> None:
    """Let `fill(temp_dir)` write a directory, then rename it to `final`.

    When another process got there first, its copy is kept (or replaced if `replace`).
    """
    final.parent.mkdir(parents=True, exist_ok=True)
    temporary = _temporary_sibling(final)
    temporary.mkdir()
    retired = None
    try:
        fill(temporary)
        fault_point(f"before-rename:{final.name}")
        if replace and (final.exists() or final.is_symlink()):
            retired = _temporary_sibling(final)
            try:
                os.rename(final, retired)
            except FileNotFoundError:
                retired = None  # another process retired it already
        try:
            os.rename(temporary, final)  # right after the old one left: the name is missing for an instant only
        except OSError:
            if not final.is_dir():
                raise
    finally:
        shutil.rmtree(temporary, ignore_errors=True)
        if retired is not None:
            shutil.rmtree(retired, ignore_errors=True)


# -- pieces ------------------------------------------------------------------------------------

def save_graph(directory: Path, store: CompactGraphStore) -> str:
    """Write graph.pkl; returns its sha256 for meta.json."""
    data = pickle.dumps(store, protocol=5)
    write_bytes_atomic(directory / GRAPH_FILE, lambda handle: handle.write(data))
    return hashlib.sha256(data).hexdigest()


META_CHECKSUM = "meta_sha256"


def _meta_digest(meta: dict[str, Any]) -> str:
    body = {k: v for k, v in meta.items() if k != META_CHECKSUM}
    return hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()


def save_meta(directory: Path, meta: dict[str, Any]) -> None:
    """Write meta.json with a checksum over its own content (so a flipped count is noticed too)."""
    sealed = {**meta, META_CHECKSUM: _meta_digest(meta)}
    data = json.dumps(sealed, indent=2, sort_keys=True).encode()
    write_bytes_atomic(directory / META_FILE, lambda handle: handle.write(data))


def read_meta(directory: Path) -> dict[str, Any] | None:
    """meta.json of a complete entry; None when the entry does not exist; CacheDamaged otherwise."""
    path = directory / META_FILE
    if not directory.exists() and not directory.is_symlink():
        return None
    if not path.exists() and not path.is_symlink():
        pieces = [p.name for p in (directory / GRAPH_FILE, directory / INDEX_DIR) if p.exists()]
        if not pieces and not leftovers(directory):
            return None
        raise CacheDamaged("incomplete entry (no meta.json)")
    try:
        meta = json.loads(read_regular(path).decode("utf-8"))
    except ValueError as exc:
        raise CacheDamaged(f"meta.json is unreadable ({type(exc).__name__})") from None
    if not isinstance(meta, dict) or meta.get("cache_version") != CACHE_VERSION \
            or not isinstance(meta.get("checksums"), dict) or GRAPH_FILE not in meta["checksums"]:
        raise CacheDamaged("meta.json is incomplete or from another version")
    if meta.get(META_CHECKSUM) != _meta_digest(meta):
        raise CacheDamaged("meta.json does not match its checksum")
    return {k: v for k, v in meta.items() if k != META_CHECKSUM}


def load_meta(directory: Path) -> dict[str, Any]:
    """meta.json as a dict ({} when absent or damaged), for reports."""
    try:
        return read_meta(directory) or {}
    except CacheDamaged:
        return {}


def load_graph_checked(directory: Path, meta: dict[str, Any]) -> CompactGraphStore:
    """graph.pkl, verified against the checksum in meta.json before it is unpickled. The file is read
    twice from one open handle (hashed, then unpickled as a stream), so its bytes are never held in
    memory beside the graph they make (20-30 MB of a cold process's peak)."""
    with open_regular(directory / GRAPH_FILE) as (handle, size):
        if _sha256_of(handle, size) != meta["checksums"][GRAPH_FILE]:
            raise CacheDamaged("graph.pkl does not match its checksum")
        handle.seek(0)
        try:
            store = quick_pickle.load(handle)
        except Exception as exc:  # checksum matched, so only a foreign or outdated pickle gets here
            raise CacheDamaged(f"graph.pkl cannot be loaded ({type(exc).__name__})") from None
    if not isinstance(store, CompactGraphStore):
        raise CacheDamaged("graph.pkl holds no graph")
    return store


def load_graph(directory: Path) -> CompactGraphStore | None:
    """The cached, verified graph, or None when absent or damaged (callers rebuild)."""
    try:
        meta = read_meta(directory)
        return load_graph_checked(directory, meta) if meta else None
    except CacheDamaged:
        return None


def index_checksums(index_dir: Path) -> dict[str, str]:
    """sha256 of every file of a saved index, by name."""
    return {p.name: file_sha256(p) for p in sorted(index_dir.iterdir()) if p.is_file()}


def verify_index(directory: Path, meta: dict[str, Any]) -> None:
    """CacheDamaged unless index/ holds exactly the files meta.json lists, with their checksums."""
    wanted = meta.get("index_checksums")
    index_dir = directory / INDEX_DIR
    if not isinstance(wanted, dict) or not wanted:
        raise CacheDamaged("entity index is incomplete (not recorded in meta.json)")
    try:
        found = index_checksums(index_dir)
    except OSError as exc:
        raise CacheDamaged(f"entity index is unreadable ({type(exc).__name__})") from None
    if found != wanted:
        raise CacheDamaged("entity index does not match its checksums")


def has_index(directory: Path) -> bool:
    """A complete, verified index is recorded for this entry."""
    try:
        meta = read_meta(directory)
        if not meta:
            return False
        verify_index(directory, meta)
    except CacheDamaged:
        return False
    return True


# -- further stores kept in an entry (vanilla-RAG vectors, ...) ----------------------------------
EXTRA_CHECKSUMS = "extra_checksums"  # meta.json: {name: {file: sha256}} of each further store


def record_store(directory: Path, name: str, folder: Path) -> None:
    """Record the checksums of `folder`'s files under `name` in meta.json; lock held. Nothing is
    recorded when the entry has no complete meta.json (the store is then rebuilt next time)."""
    meta = load_meta(directory)
    if not meta:
        return
    extra = dict(meta.get(EXTRA_CHECKSUMS) or {})
    extra[name] = index_checksums(folder)
    save_meta(directory, {**meta, EXTRA_CHECKSUMS: extra})


def verify_store(directory: Path, name: str, folder: Path) -> None:
    """CacheDamaged unless `folder` holds exactly the files meta.json records for `name`."""
    wanted = ((load_meta(directory).get(EXTRA_CHECKSUMS) or {}).get(name))
    if not isinstance(wanted, dict) or not wanted:
        raise CacheDamaged(f"{name} is not recorded in meta.json")
    try:
        found = index_checksums(folder)
    except OSError as exc:
        raise CacheDamaged(f"{name} is unreadable ({type(exc).__name__})") from None
    if found != wanted:
        raise CacheDamaged(f"{name} does not match its checksums")
