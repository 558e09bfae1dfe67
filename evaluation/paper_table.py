"""The paper-style comparison table: systems as rows; Accuracy / F1 / Hit@1, wrong-answer rate and p50 latency
per dataset as columns, on the standard benchmark (seed 0). Written by benchmarks/run_all.py (`make bench`, with an
LLM endpoint) and by benchmarks/paper_table.py.

Wrong-answer rate = share of questions answered with a non-empty answer that is not exactly right
(an abstention is not wrong; a wrong answer is worse than none).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

PAPER_SYSTEMS = ("llm_only", "vanilla_rag", "graph_rag", "graphcot", "kgrag", "adaptive_rag", "agent_g", "agentic")
BENCHMARK = "standard"
TABLE_FILE = "paper_table.md"


def _cell(result: dict[str, Any] | None) -> list[str]:
    """Acc, F1, Hit@1, wrong-answer rate, p50 latency of one (system, dataset) result."""
    if result is None:
        return ["", "", "", "", ""]
    if "summary" not in result:
        why = "skipped" if "skipped" in result else "failed"
        return [why, "", "", "", ""]
    summary = result["summary"]
    overall = (summary.get("metrics") or {}).get("overall") or {}
    wrong = (summary.get("honesty") or {}).get("wrong_answer_rate")
    return [f"{overall.get('accuracy', 0):.3f}", f"{overall.get('f1', 0):.3f}", f"{overall.get('hit1', 0):.3f}",
            "" if wrong is None else f"{wrong:.3f}", f"{summary['latency_ms']['p50'] / 1000:.1f}"]


def paper_table(results: list[dict[str, Any]], benchmark: str = BENCHMARK) -> str:
    """A Markdown table of the `benchmark` results: one row per system, five columns per dataset."""
    rows = [r for r in results if r.get("benchmark") == benchmark]
    datasets = list(dict.fromkeys(r["dataset"] for r in rows))
    systems = list(dict.fromkeys(r["system"] for r in rows))
    found = {(r["system"], r["dataset"]): r for r in rows}
    header = ["system"] + [f"{d} {m}" for d in datasets for m in ("Acc", "F1", "Hit@1", "wrong", "p50 s")]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for system in systems:
        cells = [system] + [c for d in datasets for c in _cell(found.get((system, d)))]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def _errors_note(results: list[dict[str, Any]], benchmark: str) -> list[str]:
    notes = []
    for r in results:
        if r.get("benchmark") != benchmark:
            continue
        if "summary" in r and r["summary"].get("errors"):
            notes.append(f"- {r['system']} on {r['dataset']}: {r['summary']['errors']} of "
                         f"{r['summary']['questions']} questions ended in an endpoint or reply error (empty answer).")
        elif "failed" in r or "skipped" in r:
            notes.append(f"- {r['system']} on {r['dataset']}: {r.get('failed') or r.get('skipped')}")
    return notes


def write_paper_table(results: list[dict[str, Any]], out_dir: Path, meta: dict[str, Any],
                      benchmark: str = BENCHMARK) -> Path:
    """Write <out_dir>/paper_table.md (table, run settings, per-run error counts)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    settings = ", ".join(f"{k}: {v}" for k, v in meta.items())
    text = [f"# Paper-style comparison ({benchmark} benchmark)", "", settings, "",
            "Acc = exact set match; F1 = entity-level F1; Hit@1 = first item right; wrong = non-empty answer "
            "that is not exactly right; p50 s = median seconds per question.", "",
            paper_table(results, benchmark), ""]
    notes = _errors_note(results, benchmark)
    if notes:
        text += ["Errors and skips:", *notes, ""]
    path = out_dir / TABLE_FILE
    path.write_text("\n".join(text))
    return path
