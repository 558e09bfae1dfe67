"""Cache: content keys, reuse, rebuild, atomic writes, concurrent builds, resource memo."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from hgrag.tools import cache
from hgrag.tools.resources import load_graph, load_resources


def _copy_tiny(src: Path, dst: Path) -> Path:
    dst.mkdir()
    for path in sorted(src.glob("*.json")):
        (dst / path.name).write_bytes(path.read_bytes())
    return dst


def test_source_key_follows_names_and_bytes(tmp_path: Path) -> None:
    (tmp_path / "a.json").write_text("one")
    (tmp_path / "b.json").write_text("two")
    files = sorted(tmp_path.glob("*.json"))
    key = cache.source_key(files, tmp_path)
    assert key == cache.source_key(list(reversed(files)), tmp_path)
    assert key != cache.source_key(files, tmp_path, extra="other")
    (tmp_path / "b.json").write_text("twO")
    assert key != cache.source_key(files, tmp_path)
    (tmp_path / "b.json").write_text("two")
    (tmp_path / "b.json").rename(tmp_path / "c.json")
    assert key != cache.source_key(sorted(tmp_path.glob("*.json")), tmp_path)


def test_graph_is_cached_and_reused(hgrag_home: Path, openalex_tiny_dir: Path) -> None:
    first = load_graph("openalex-tiny")
    assert not first.loaded_from_cache and first.build_seconds is not None
    assert first.cache_dir.parent == hgrag_home and first.cache_dir.name.startswith("openalex-tiny-")
    second = load_graph("openalex-tiny")
    assert second.loaded_from_cache and second.build_seconds is None
    assert second.store is not first.store
    assert second.store.node_counts() == first.store.node_counts()
    assert second.store.edge_counts() == first.store.edge_counts()
    assert second.meta["nodes"] == first.store.node_counts()
    assert not load_graph("openalex-tiny", rebuild=True).loaded_from_cache


def test_changed_source_gets_a_new_cache(hgrag_home: Path, tmp_path: Path,
                                         openalex_tiny_dir: Path) -> None:
    copy = _copy_tiny(openalex_tiny_dir, tmp_path / "copy")
    before = load_graph("openalex", copy)
    (copy / sorted(copy.iterdir())[0].name).unlink()
    after = load_graph("openalex", copy)
    assert not after.loaded_from_cache and after.cache_dir != before.cache_dir
    assert after.store.node_counts()["paper"] < before.store.node_counts()["paper"]


def test_unreadable_cached_graph_is_rebuilt(hgrag_home: Path, openalex_tiny_dir: Path) -> None:
    built = load_graph("openalex-tiny")
    (built.cache_dir / cache.GRAPH_FILE).write_bytes(b"not a pickle")
    again = load_graph("openalex-tiny")
    assert not again.loaded_from_cache
    assert again.store.node_counts() == built.store.node_counts()


def test_skipped_bad_records_are_counted_in_meta(hgrag_home: Path, tmp_path: Path,
                                                 openalex_tiny_dir: Path) -> None:
    copy = _copy_tiny(openalex_tiny_dir, tmp_path / "copy")
    (copy / "zz.jsonl").write_text('{"id": "https://openalex.org/W1", "display_name": "x"}\n{oops\n')
    loaded = load_graph("openalex", copy, skip_bad_records=True)
    assert loaded.meta["bad_records"] == 1
    assert json.loads((loaded.cache_dir / cache.META_FILE).read_text())["bad_records"] == 1


def test_directory_write_is_atomic_and_keeps_the_winner(tmp_path: Path) -> None:
    final = tmp_path / "index"
    cache.save_directory_atomic(final, lambda d: (d / "data").write_text("first"))
    cache.save_directory_atomic(final, lambda d: (d / "data").write_text("second"))
    assert (final / "data").read_text() == "first"
    cache.save_directory_atomic(final, lambda d: (d / "data").write_text("third"), replace=True)
    assert (final / "data").read_text() == "third"

    def failing(directory: Path) -> None:
        (directory / "partial").write_text("half")
        raise RuntimeError("disk full")

    with pytest.raises(RuntimeError):
        cache.save_directory_atomic(tmp_path / "other", failing)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["index"]


def test_concurrent_builds_share_one_complete_cache(hgrag_home: Path, openalex_tiny_dir: Path) -> None:
    """One process builds (it holds the entry's lock); the others wait, then load its result."""
    code = ("from hgrag.tools.resources import load_graph; g = load_graph('openalex-tiny'); "
            "print(sum(g.store.node_counts().values()), g.loaded_from_cache)")
    env = dict(os.environ, HGRAG_HOME=str(hgrag_home))
    procs = [subprocess.Popen([sys.executable, "-c", code], env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True) for _ in range(3)]
    outputs = [p.communicate(timeout=300) for p in procs]
    assert [p.returncode for p in procs] == [0, 0, 0], [err for _, err in outputs]
    assert len({out.split()[0] for out, _ in outputs}) == 1
    assert sorted(out.split()[1] for out, _ in outputs) == ["False", "True", "True"]
    assert all(not err for _, err in outputs), outputs
    (directory,) = [p for p in hgrag_home.iterdir() if p.is_dir()]
    assert sorted(p.name for p in directory.iterdir()) == [cache.GRAPH_FILE, cache.META_FILE]
    assert load_graph("openalex-tiny").loaded_from_cache


def test_resources_are_cached_on_disk_and_memoised(hgrag_home: Path, openalex_tiny_dir: Path) -> None:
    from hgrag.tools.resources import clear_memo

    details = json.loads((openalex_tiny_dir / "A5009409541.json").read_text())["details"]
    first = load_resources("openalex-tiny")
    assert not first.loaded_from_cache and first.build_seconds is not None
    assert cache.has_index(first.cache_dir)
    assert load_resources("openalex-tiny") is first  # in-process memo: no work at all
    clear_memo()
    second = load_resources("openalex-tiny")
    assert second is not first and second.loaded_from_cache and second.build_seconds is None
    assert second.store.node_counts() == first.store.node_counts()
    hits = second.index.lookup(details["display_name"], "author")
    assert hits and hits[0].node_id == details["id"].rsplit("/", 1)[1]
