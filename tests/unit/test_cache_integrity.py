"""Corrupt, partial and leftover cache entries: verified on load, rebuilt with one stderr line,
never loaded with changed data; bad sources and the skip-bad-records policy (faults suite)."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest

from hgrag.tools import cache
from hgrag.tools.errors import DatasetError
from hgrag.tools.resources import load_graph

pytestmark = pytest.mark.faults
FLIPS = 15


def node_data(store) -> dict:
    return {node: dict(store.node(node)) for kind in store.node_counts() for node in store.nodes_of_type(kind)}


@pytest.fixture
def built(hgrag_home: Path, openalex_tiny_dir: Path):
    """A fresh openalex-tiny graph entry and its node data (the truth to compare against)."""
    graph = load_graph("openalex-tiny")
    return graph.cache_dir, node_data(graph.store)


def reload_reports_damage(capsys: pytest.CaptureFixture, truth: dict, damage: str) -> None:
    """The next load rebuilds (one stderr line naming `damage`) to exactly the true data."""
    capsys.readouterr()
    again = load_graph("openalex-tiny")
    err = capsys.readouterr().err
    assert not again.loaded_from_cache, "damaged entry was used"
    assert err.count("\n") == 1 and damage in err and "rebuilding" in err, err
    assert node_data(again.store) == truth
    assert load_graph("openalex-tiny").loaded_from_cache  # the rebuilt entry verifies
    assert cache.leftovers(again.cache_dir) == []


def flip_bit(path: Path, rng: random.Random) -> None:
    data = bytearray(path.read_bytes())
    position = rng.randrange(len(data) * 8)
    data[position // 8] ^= 1 << (position % 8)
    path.write_bytes(bytes(data))


def test_every_single_bit_flip_in_the_graph_is_caught(built, capsys) -> None:
    directory, truth = built
    rng = random.Random(12)
    for _ in range(FLIPS):
        flip_bit(directory / cache.GRAPH_FILE, rng)
        reload_reports_damage(capsys, truth, "graph.pkl does not match its checksum")


def test_bit_flips_in_meta_are_caught(built, capsys) -> None:
    directory, truth = built
    rng = random.Random(5)
    for _ in range(5):
        flip_bit(directory / cache.META_FILE, rng)
        reload_reports_damage(capsys, truth, "meta.json")


def test_a_changed_count_in_meta_is_caught(built, capsys) -> None:
    directory, truth = built
    meta = json.loads((directory / cache.META_FILE).read_text())
    meta["bad_records"] = 1
    (directory / cache.META_FILE).write_text(json.dumps(meta))
    reload_reports_damage(capsys, truth, "meta.json does not match its checksum")


@pytest.mark.parametrize("damage, expected", [
    (lambda d: (d / cache.GRAPH_FILE).unlink() or (d / cache.GRAPH_FILE).mkdir(), "graph.pkl is unreadable"),
    (lambda d: (d / cache.GRAPH_FILE).unlink(), "graph.pkl is unreadable"),
    (lambda d: (d / cache.GRAPH_FILE).write_bytes(b""), "graph.pkl does not match"),
    (lambda d: (d / cache.META_FILE).unlink(), "incomplete entry (no meta.json)"),
    (lambda d: (d / cache.META_FILE).write_text('{"index_seconds": 1.5}'), "meta.json is incomplete"),
    (lambda d: (d / cache.META_FILE).write_bytes((d / cache.META_FILE).read_bytes()[:50]), "meta.json is unreadable"),
    (lambda d: (d / cache.META_FILE).unlink() or (d / cache.META_FILE).mkdir(), "meta.json is unreadable"),
])
def test_unreadable_or_partial_pieces_are_rebuilt(built, capsys, damage, expected: str) -> None:
    directory, truth = built
    damage(directory)
    reload_reports_damage(capsys, truth, expected)


def test_an_entry_replaced_by_a_file_is_rebuilt(built, capsys) -> None:
    directory, truth = built
    shutil.rmtree(directory)
    directory.write_text("not a directory")
    capsys.readouterr()
    again = load_graph("openalex-tiny")
    assert not again.loaded_from_cache and node_data(again.store) == truth and directory.is_dir()


def test_leftover_temporaries_are_removed_unless_a_builder_holds_the_lock(built) -> None:
    directory, _ = built
    (directory / ".graph.pkl.tmp-999999-deadbeef").write_bytes(b"half a pickle")
    (directory / ".index.tmp-999999-cafecafe").mkdir()
    (directory / ".index.tmp-999999-cafecafe" / "vectors_paper.npy").write_bytes(b"half")
    with cache.build_lock(directory):  # a live builder: its temporaries must stay
        cache.tidy(directory)
        assert len(cache.leftovers(directory)) == 2
    assert load_graph("openalex-tiny").loaded_from_cache
    assert cache.leftovers(directory) == []
    assert sorted(p.name for p in directory.iterdir()) == [cache.GRAPH_FILE, cache.META_FILE]


def test_a_failed_write_leaves_no_temporary(tmp_path: Path) -> None:
    def failing(handle) -> None:
        handle.write(b"half")
        raise OSError("disk full")

    with pytest.raises(OSError):
        cache.write_bytes_atomic(tmp_path / "graph.pkl", failing)
    assert list(tmp_path.iterdir()) == []


# -- sources that yield nothing, and the skip-bad-records policy --------------------------------

def test_a_source_without_papers_is_an_error(hgrag_home: Path, tmp_path: Path, datasets_dir: Path) -> None:
    no_works = tmp_path / "no_works"
    no_works.mkdir()
    (no_works / "A1.json").write_text(json.dumps({"details": {"id": "https://openalex.org/A1"}, "works": []}))
    with pytest.raises(DatasetError, match="no papers could be read"):
        load_graph("openalex", no_works)
    assert [p for p in hgrag_home.iterdir() if p.is_dir() and any(p.iterdir())] == []


def test_all_bad_records_with_skipping_is_an_error(hgrag_home: Path, tmp_path: Path) -> None:
    for name, text in (("list.json", "[1, 2, 3]"), ("cut.json", '{\n  "results": [\n    {"id": "W1",')):
        source = tmp_path / name.split(".")[0]
        source.mkdir()
        (source / name).write_text(text)
        with pytest.raises(DatasetError, match=r"no papers could be read .*bad records? skipped"):
            load_graph("openalex", source, skip_bad_records=True)


def test_a_truncated_gzip_author_file_is_an_error(hgrag_home: Path, tmp_path: Path, datasets_dir: Path) -> None:
    files = sorted((datasets_dir / "openalex" / "author-data").glob("*.json.gz"), key=lambda p: p.stat().st_size)
    biggest = files[-1]
    (tmp_path / "cut").mkdir()
    (tmp_path / "cut" / biggest.name).write_bytes(biggest.read_bytes()[:3000])
    with pytest.raises(DatasetError, match="truncated"):
        load_graph("openalex", tmp_path / "cut")
    with pytest.raises(DatasetError):
        load_graph("openalex", tmp_path / "cut", skip_bad_records=True)


def test_a_skipping_build_is_used_only_by_callers_that_allow_skipping(hgrag_home: Path, tmp_path: Path,
                                                                      openalex_tiny_dir: Path) -> None:
    source = tmp_path / "bad"
    shutil.copytree(openalex_tiny_dir, source)
    (source / "zz.jsonl").write_text('{"id": "https://openalex.org/W1", "display_name": "x"}\n{oops\n')
    built = load_graph("openalex", source, skip_bad_records=True)
    assert built.meta["bad_records"] == 1
    again = load_graph("openalex", source, skip_bad_records=True)
    assert again.loaded_from_cache and again.cache_dir == built.cache_dir
    with pytest.raises(DatasetError, match="1 malformed records .*--skip-bad-records"):
        load_graph("openalex", source)
    clean = load_graph("openalex", openalex_tiny_dir)  # no bad records: one entry serves both policies
    assert load_graph("openalex", openalex_tiny_dir, skip_bad_records=True).loaded_from_cache
    assert clean.meta["bad_records"] == 0
