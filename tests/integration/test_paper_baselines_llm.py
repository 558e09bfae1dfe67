"""The paper's LLM baselines against a real local model (SmolLM2-135M behind llama-cpp-python's server):
every system answers questions of both tiny datasets through `evaluate` without a traceback; any failure of
the small model (malformed JSON, no Finish, timeout) is an empty answer with a one-line reason."""

from __future__ import annotations

import json

import pytest

pytestmark = pytest.mark.integration
llm_server = pytest.importorskip("llm_server", reason="tests/llm_server.py (the real local model) is not here")

from hgrag.evaluation.runner import PAPER_BASELINES, evaluate  # noqa: E402


@pytest.fixture(scope="module")
def server():
    try:
        running = llm_server.LocalLLMServer.start()
    except llm_server.ServerMissing as exc:
        pytest.skip(str(exc))
    yield running
    running.stop()


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
    summary = evaluate(dataset, question_files[dataset], out, system=system, progress=False, limit=2,
                       model=server.model, base_url=server.base_url)
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert summary["questions"] == 2 and len(rows) == 2
    assert 0.0 <= summary["wrong_answer_rate"] <= 1.0
    for row in rows:
        assert all(isinstance(item, str) for item in row["answer"])
        assert row["error"] is None or ("\n" not in row["error"] and "Traceback" not in row["error"])
        assert not (row["answer"] and row["error"])  # a failure never comes with an answer
