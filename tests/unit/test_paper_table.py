"""The paper-style table (evaluation/paper_table.py): systems as rows, five columns per dataset."""

from __future__ import annotations

from hgrag.evaluation.paper_table import paper_table, write_paper_table


def summary(accuracy, wrong, p50_ms, errors=0):
    return {"metrics": {"overall": {"accuracy": accuracy, "f1": accuracy + 0.05, "hit1": accuracy + 0.1}},
            "honesty": {"wrong_answer_rate": wrong}, "latency_ms": {"p50": p50_ms}, "errors": errors, "questions": 20}


RESULTS = [
    {"dataset": "openalex", "benchmark": "standard", "system": "kgrag", "summary": summary(0.25, 0.5, 1500, errors=2)},
    {"dataset": "dblp", "benchmark": "standard", "system": "kgrag", "summary": summary(0.2, 0.6, 2500)},
    {"dataset": "openalex", "benchmark": "standard", "system": "agent_g", "skipped": "needs an LLM"},
    {"dataset": "openalex", "benchmark": "noisy", "system": "kgrag", "summary": summary(0.9, 0.0, 10)},
]


def test_rows_are_systems_and_columns_are_metrics_per_dataset():
    lines = paper_table(RESULTS).splitlines()
    assert lines[0].startswith("| system | openalex Acc | openalex F1 | openalex Hit@1 | openalex wrong |")
    assert "| dblp Acc |" in lines[0] and len(lines) == 4  # header, rule, kgrag, agent_g (noisy ignored)
    assert lines[2] == "| kgrag | 0.250 | 0.300 | 0.350 | 0.500 | 1.5 | 0.200 | 0.250 | 0.300 | 0.600 | 2.5 |"
    assert lines[3].startswith("| agent_g | skipped |") and lines[3].endswith("|  |  |  |  |  |")


def test_written_table_names_errors_and_skips(tmp_path):
    text = write_paper_table(RESULTS, tmp_path, {"model": "m"}).read_text()
    assert "model: m" in text and "kgrag on openalex: 2 of 20 questions ended in an endpoint or reply error" in text
    assert "agent_g on openalex: needs an LLM" in text
