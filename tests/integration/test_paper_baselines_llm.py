"""The paper's LLM baselines against a real local model (SmolLM2-135M behind llama-cpp-python's server):
every system answers questions of both tiny datasets through `evaluate` without a traceback; any failure of
the small model (malformed JSON, no Finish, timeout) is an empty answer with a one-line reason."""

from __future__ import annotations

import json

import pytest

pytestmark = pytest.mark.integration
from hgrag.evaluation.runner import PAPER_BASELINES, evaluate  # noqa: E402


@pytest.fixture(scope="module")
def server(llm_server):
    """The session's local LLM server (tests/conftest.py), shared with the other LLM tests."""
    return llm_server


@pytest.fixture(scope="module")
def question_files(session_hgrag_home, tmp_path_factory):
    from hgrag.evaluation.generator import generate_benchmark

    folder = tmp_path_factory.mktemp("paper_baselines_llm")
    files = {}
    for dataset in ("openalex-tiny", "dblp-tiny"):
        files[dataset] = folder / f"{dataset}.jsonl"
        generate_benchmark(dataset, files[dataset], per_type=1, seed=0)
    return files


@pytest.mark.parametrize("dataset", ["openalex-tiny", "dblp-tiny"])
@pytest.mark.parametrize("system", PAPER_BASELINES)
def test_baseline_runs_on_the_real_model(server, question_files, tmp_path, dataset, system):
    out = tmp_path / "pred.jsonl"
    summary = evaluate(dataset, question_files[dataset], out, system=system, progress=False, limit=1,
                       model=server.model, base_url=server.base_url)
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert summary["questions"] == 1 and len(rows) == 1
    assert 0.0 <= summary["honesty"]["wrong_answer_rate"] <= 1.0
    for row in rows:
        assert all(isinstance(item, str) for item in row["answer"])
        assert row["error"] is None or ("\n" not in row["error"] and "Traceback" not in row["error"])
        assert not (row["answer"] and row["error"])  # a failure never comes with an answer


def test_run_all_writes_the_paper_table_when_an_endpoint_is_configured(session_hgrag_home, tmp_path):
    """`make bench` with --model/--base-url: report.md plus paper_table.md (systems as rows)."""
    import subprocess
    import sys

    from fake_openai import FakeOpenAI

    from hgrag.tools.datasets import REPO_ROOT

    out_dir = tmp_path / "report"
    with FakeOpenAI(responder=lambda request: json.dumps({"answer": ["1"]})) as server:
        done = subprocess.run(
            [sys.executable, str(REPO_ROOT / "benchmarks" / "run_all.py"), "--datasets", "openalex-tiny",
             "--systems", "agentic", "kgrag", "--per-type", "1", "--out-dir", str(out_dir),
             "--benchmarks", "standard",
             "--model", "fake", "--base-url", server.base_url],
            capture_output=True, text=True, timeout=1200)
    assert done.returncode == 0, done.stderr[-2000:]
    table = (out_dir / "paper_table.md").read_text()
    assert "| system | openalex-tiny Acc | openalex-tiny F1 | openalex-tiny Hit@1 | openalex-tiny wrong |" in table
    rows = {line.split(" | ")[0].strip("| ") for line in table.splitlines() if line.startswith("| ")}
    assert {"agentic", "kgrag"} <= rows
