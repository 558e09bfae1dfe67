"""Issue 23 items 7, 8 and 10: sources and cache pieces that are not regular files, eval outputs
checked before any work, and the vanilla-RAG store inside the cache checksum scheme."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from cli_session import run_hgrag

from hgrag.tools import cache
from hgrag.tools.resources import clear_memo, load_graph

pytestmark = [pytest.mark.integration, pytest.mark.faults]
DATASET = "openalex-tiny"


def one_error_line(result) -> str:
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert "Traceback" not in result.stderr and result.stderr.count("\n") == 1, result.stderr
    assert result.stderr.startswith("hgrag: error:")
    return result.stderr


@pytest.mark.parametrize("kind", ["devnull", "fifo"])
def test_a_source_that_is_no_file_or_directory_is_one_line(tmp_path: Path, kind: str) -> None:
    source = "/dev/null"
    if kind == "fifo":
        source = str(tmp_path / "source.fifo")
        os.mkfifo(source)
    result = run_hgrag(tmp_path / "home", "build", "--dataset", DATASET, "--source", source, "--quiet")
    assert "not a regular file or a directory" in one_error_line(result)


@pytest.mark.parametrize("kind", ["fifo", "dev-zero"])
def test_a_graph_pkl_that_is_no_regular_file_is_rebuilt_not_read(hgrag_home: Path, kind: str,
                                                                  capsys: pytest.CaptureFixture) -> None:
    built = load_graph(DATASET)
    graph_file = built.cache_dir / cache.GRAPH_FILE
    graph_file.unlink()
    if kind == "fifo":
        os.mkfifo(graph_file)  # reading it would block for ever
    else:
        graph_file.symlink_to("/dev/zero")  # reading it would never end
    clear_memo()
    again = load_graph(DATASET)
    assert not again.loaded_from_cache and again.store.node_counts()["paper"] == 35
    assert "graph.pkl is not a regular file; rebuilding" in capsys.readouterr().err
    assert graph_file.is_file() and not graph_file.is_symlink()


def test_a_directory_in_place_of_the_lock_file_is_healed(tmp_path: Path) -> None:
    entry = tmp_path / "home" / "entry"
    lock = entry.parent / f".{entry.name}.lock"
    (lock / "inside").mkdir(parents=True)
    with cache.build_lock(entry) as got:
        assert got
    assert lock.is_file()
    with cache.build_lock(entry) as got:  # and the next run is quiet
        assert got


def test_a_directory_lock_through_the_cli_is_one_line_then_gone(tmp_path: Path) -> None:
    home = tmp_path / "home"
    first = run_hgrag(home, "build", "--dataset", DATASET, "--quiet")
    assert first.returncode == 0, first.stderr
    (entry,) = [p for p in home.iterdir() if p.is_dir()]
    lock = home / f".{entry.name}.lock"
    lock.unlink()
    lock.mkdir()
    (entry / cache.META_FILE).unlink()  # force a build, which takes the lock
    healed = run_hgrag(home, "build", "--dataset", DATASET, "--quiet")
    assert healed.returncode == 0 and "Traceback" not in healed.stderr, healed.stderr
    assert lock.is_file()


# -- item 8: hgrag eval ------------------------------------------------------------------------

def test_eval_with_a_lone_surrogate_writes_every_prediction(hgrag_home: Path, tmp_path: Path) -> None:
    from hgrag.graphs.cli import main

    questions = tmp_path / "q.jsonl"
    questions.write_text('{"id": "bad", "question": "Who wrote \\ud83d?"}\n'
                         '{"id": "good", "question": "Who wrote \'X\'?"}\n', encoding="utf-8")
    out = tmp_path / "pred.jsonl"
    assert main(["eval", "--dataset", DATASET, "--questions", str(questions), "--out", str(out),
                 "--no-progress"]) == 0
    import json
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [r["id"] for r in rows] == ["bad", "good"]
    assert "not valid UTF-8" in rows[0]["error"] and rows[0]["question"] == "Who wrote \ud83d?"


def test_eval_out_naming_a_directory_fails_before_any_work(tmp_path: Path) -> None:
    questions = tmp_path / "q.jsonl"
    questions.write_text('{"question": "Who wrote \'X\'?"}\n', encoding="utf-8")
    home = tmp_path / "home"
    result = run_hgrag(home, "eval", "--dataset", DATASET, "--questions", str(questions),
                       "--out", str(tmp_path), "--no-progress")
    assert "is a directory; name a file" in one_error_line(result)
    assert not home.exists() or not any(home.iterdir())  # no graph was built, no question answered


# -- item 10: the vanilla-RAG store is inside the checksum scheme ---------------------------------

def test_a_truncated_vanilla_rag_index_is_rebuilt_with_one_line(hgrag_home: Path,
                                                                 capsys: pytest.CaptureFixture) -> None:
    from hgrag.evaluation.baselines import VanillaRAG

    graph = load_graph(DATASET)
    first = VanillaRAG(graph.store, graph.cache_dir)
    assert not first.info["loaded_from_cache"]
    meta = cache.read_meta(graph.cache_dir)
    (name, checksums), = meta[cache.EXTRA_CHECKSUMS].items()
    assert "index.faiss" in checksums
    assert VanillaRAG(graph.store, graph.cache_dir).info["loaded_from_cache"]
    capsys.readouterr()
    faiss_file = graph.cache_dir / name / "index.faiss"
    faiss_file.write_bytes(faiss_file.read_bytes()[:1000])
    rebuilt = VanillaRAG(graph.store, graph.cache_dir)
    assert not rebuilt.info["loaded_from_cache"]
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{name} does not match its checksums; rebuilding" in err
    assert rebuilt("Who wrote 'X'?")["answer"] is not None
    assert VanillaRAG(graph.store, graph.cache_dir).info["loaded_from_cache"]
