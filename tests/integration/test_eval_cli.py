"""`hgrag bench generate` and `hgrag eval` end to end on the tiny datasets, every system;
the full OpenAlex benchmark (100 per type); and benchmarks/run_all.py on a tiny dataset."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from fake_openai import FakeOpenAI, closed_port, message_of

from hgrag.evaluation.metrics import score
from hgrag.graphs.cli import main
from hgrag.tools.datasets import REPO_ROOT

pytestmark = pytest.mark.integration

TINY = ("openalex-tiny", "dblp-tiny")
GRAPH_AND_RAG_SYSTEMS = ("agentic", "no_plan", "no_rerank", "no_validate", "graph_rag", "vanilla_rag")
PREDICTION_KEYS = {"id", "question", "answer", "query_type", "verified", "expansions", "regenerations",
                   "latency_ms", "gold", "correct"}
TYPES = ("attribute", "relation", "aggregation", "multihop")


@pytest.fixture(scope="module")
def question_files(session_hgrag_home: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A 3-per-type question file for each tiny dataset, written by `hgrag bench generate`."""
    folder = tmp_path_factory.mktemp("questions")
    files = {}
    for dataset in TINY:
        path = folder / f"{dataset}.jsonl"
        assert main(["bench", "generate", "--dataset", dataset, "--per-type", "3", "--out", str(path)]) == 0
        files[dataset] = path
    return files


def read_lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_generate_writes_three_per_type(question_files, capsys):
    for path in question_files.values():
        rows = read_lines(path)
        assert Counter(r["type"] for r in rows) == {t: 3 for t in TYPES}
        assert all(r["question"] and r["answer"] for r in rows)


@pytest.mark.parametrize("dataset", TINY)
@pytest.mark.parametrize("system", GRAPH_AND_RAG_SYSTEMS)
def test_eval_answers_scores_and_prints_metrics(dataset, system, question_files, tmp_path, capsys):
    out = tmp_path / "pred.jsonl"
    code = main(["eval", "--dataset", dataset, "--questions", str(question_files[dataset]),
                 "--out", str(out), "--system", system, "--no-progress"])
    printed, _ = capsys.readouterr()
    assert code == 0
    questions = read_lines(question_files[dataset])
    predictions = read_lines(out)
    assert [p["id"] for p in predictions] == [q["id"] for q in questions]
    for question, prediction in zip(questions, predictions):
        assert PREDICTION_KEYS <= set(prediction)
        assert prediction["gold"] == question["answer"]
        assert prediction["correct"] == (score(prediction["answer"], question["answer"])["accuracy"] == 1.0)
        assert prediction["latency_ms"] >= 0 and prediction["error"] is None
    accuracy = sum(p["correct"] for p in predictions) / len(predictions)
    if system in ("agentic", "vanilla_rag"):  # ablations may legitimately score 0 on 12 questions
        assert accuracy > 0, f"{system} answered nothing right on {dataset}"
    overall = next(line for line in printed.splitlines() if line.startswith("overall"))
    assert overall.split()[1:3] == [str(len(predictions)), f"{accuracy:.3f}"]
    for question_type in TYPES:
        assert any(line.startswith(question_type) for line in printed.splitlines())
    assert "latency p50" in printed and "questions/s" in printed


def test_eval_json_summary_and_limit(question_files, capsys):
    code = main(["eval", "--dataset", "openalex-tiny", "--questions", str(question_files["openalex-tiny"]),
                 "--system", "vanilla_rag", "--limit", "2", "--json", "--no-progress"])
    summary = json.loads(capsys.readouterr().out)
    assert code == 0 and summary["questions"] == 2
    assert summary["metrics"]["overall"]["n"] == 2
    assert set(summary["latency_ms"]) >= {"p50", "p95"} and summary["questions_per_second"] > 0


def test_llm_only_is_skipped_without_an_llm(question_files, tmp_path, monkeypatch, capsys):
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    out = tmp_path / "pred.jsonl"
    code = main(["eval", "--dataset", "dblp-tiny", "--questions", str(question_files["dblp-tiny"]),
                 "--out", str(out), "--system", "llm_only", "--no-progress"])
    printed = capsys.readouterr().out
    assert code == 0 and "skipped" in printed and not out.exists()


@pytest.mark.parametrize(("content", "where", "problem"), [
    (None, "", "not found"),
    ('{"question": "Who wrote X?"}\n{not json\n', ":2:", "not valid JSON"),
    ('{"question": "Who wrote X?"}\n\n{"id": "q3"}\n', ":3:", '"question"'),
    ('["just", "a", "list"]\n', ":1:", "JSON object"),
    ("", "", "no questions"),
])
def test_bad_question_files_give_one_line_errors(content, where, problem, tmp_path, capsys):
    path = tmp_path / "questions.jsonl"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    code = main(["eval", "--dataset", "openalex-tiny", "--questions", str(path), "--no-progress"])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
    assert f"{path}{where}" in err and problem in err


def test_full_openalex_benchmark_has_100_per_type_and_checkable_gold(session_hgrag_home, tmp_path):
    from hgrag.evaluation.generator import generate_benchmark

    questions = generate_benchmark("openalex", tmp_path / "q.jsonl")
    assert Counter(q["type"] for q in questions) == {t: 100 for t in TYPES}
    assert read_lines(tmp_path / "q.jsonl") == questions
    again = generate_benchmark("openalex", tmp_path / "again.jsonl")
    assert again == questions
    from hgrag.tools.resources import load_graph

    store = load_graph("openalex").store
    papers = {store.node(n)["title"].rstrip("."): (n, store.node(n)) for n in store.nodes_of_type("paper")}
    checked = 0
    for q in questions:
        if q["intent"] == "paper_year":
            assert q["answer"] == [str(papers[q["slots"]["paper"]][1]["year"])]
            checked += 1
        if q["intent"] == "paper_author_count":
            paper_id = papers[q["slots"]["paper"]][0]
            authors = store.neighbors(paper_id, "writes", "in")
            assert q["answer"] == [str(len(authors))]
            checked += 1
    assert checked >= 20


def test_run_all_writes_a_report(session_hgrag_home, tmp_path):
    out_dir = tmp_path / "report"
    done = subprocess.run(
        [sys.executable, str(REPO_ROOT / "benchmarks" / "run_all.py"), "--datasets", "openalex-tiny",
         "--systems", "agentic", "vanilla_rag", "llm_only", "--per-type", "2", "--out-dir", str(out_dir),
         "--benchmarks", "standard", "noisy", "freetyped", "compositional", "unanswerable"],
        capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-2000:]
    assert f"report written to {out_dir / 'report.md'}" in done.stdout
    report = (out_dir / "report.md").read_text()
    assert "| agentic |" in report and "| vanilla_rag |" in report
    assert "llm_only: skipped" in report
    for benchmark in ("standard", "heldout", "noisy", "freetyped", "compositional", "unanswerable"):
        assert f"openalex-tiny — {benchmark} wording" in report
    assert "| wrong | abstained | verified right (n) |" in report
    assert (out_dir / "accuracy-openalex-tiny-standard.png").stat().st_size > 0
    assert (out_dir / "latency-openalex-tiny.png").stat().st_size > 0
    predictions = sorted(p.name for p in (out_dir / "raw" / "predictions").iterdir())
    assert "openalex-tiny-standard-agentic.jsonl" in predictions
    assert (out_dir / "raw" / "questions-openalex-tiny-standard.jsonl").is_file()


def _gold_responder(questions: list[dict]):
    """A fake LLM that answers each benchmark question with its gold answer, one item a line."""
    gold = {q["question"]: "\n".join(q["answer"]) for q in questions}

    def respond(request: dict) -> str:
        prompt = message_of(request, "user")
        return next((answer for question, answer in gold.items() if prompt.endswith(question)), "UNKNOWN")

    return respond


@pytest.mark.parametrize("system", ["llm_only", "vanilla_rag"])
def test_llm_systems_use_the_configured_endpoint(system, question_files, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("OPENAI_API_KEY", "test-key")
    questions = read_lines(question_files["openalex-tiny"])
    out = tmp_path / "pred.jsonl"
    with FakeOpenAI(responder=_gold_responder(questions)) as server:
        code = main(["eval", "--dataset", "openalex-tiny", "--questions", str(question_files["openalex-tiny"]),
                     "--out", str(out), "--system", system, "--model", "fake-model",
                     "--base-url", server.base_url, "--no-progress"])
        prompts = server.user_prompts()
    assert code == 0
    predictions = read_lines(out)
    assert all(p["correct"] for p in predictions), [p for p in predictions if not p["correct"]]
    assert len(prompts) == len(questions) + 1  # one warm-up call
    has_passages = ["Use only these passages" in prompt for prompt in prompts]
    assert all(has_passages) if system == "vanilla_rag" else not any(has_passages)


def test_unreachable_llm_is_recorded_per_question(question_files, tmp_path, capsys):
    out = tmp_path / "pred.jsonl"
    code = main(["eval", "--dataset", "dblp-tiny", "--questions", str(question_files["dblp-tiny"]),
                 "--out", str(out), "--system", "llm_only", "--model", "fake-model", "--limit", "2",
                 "--base-url", f"http://127.0.0.1:{closed_port()}/v1", "--no-progress"])
    printed = capsys.readouterr().out
    predictions = read_lines(out)
    assert code == 0 and "2 errors" in printed
    assert all(p["answer"] == [] and "LLM request failed" in p["error"] for p in predictions)
