"""The conversation benchmark: generate a thread set per dataset (`hgrag bench generate --conversations`),
answer it with `hgrag eval` (offline), and report accuracy with the wrong-answer rate per category, and
the latency of follow-up turns beside opening (standalone) turns.

    python benchmarks/conversation.py [--datasets openalex dblp] [--threads 80] [--out-dir reports/conversation]

Writes <out-dir>/conversation.md and the sets, predictions and summaries under <out-dir>/raw/.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

HGRAG = str(Path(sys.executable).parent / "hgrag")


def run(*args: str) -> str:
    done = subprocess.run([HGRAG, *args], capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"hgrag {' '.join(args)} failed:\n{done.stderr[-2000:]}")
    return done.stdout


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    position = (len(ordered) - 1) * q / 100
    low, high = int(position), min(int(position) + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def table(dataset: str, predictions: list[dict[str, Any]]) -> list[str]:
    kinds = sorted({p["type"] for p in predictions}, key=lambda k: (k != "opening", k))
    lines = [f"### {dataset}", "", "| category | turns | accuracy | wrong | abstain / ask back |", "|---|---|---|---|---|"]
    groups = [(k, [p for p in predictions if p["type"] == k]) for k in kinds]
    groups.append(("follow-up turns (all but opening)", [p for p in predictions if p["type"] != "opening"]))
    groups.append(("overall", predictions))
    for name, rows in groups:
        n = len(rows)
        right = sum(p["correct"] for p in rows)
        wrong = sum(1 for p in rows if p["answer"] and not p["correct"])
        empty = sum(1 for p in rows if not p["answer"])
        lines.append(f"| {name} | {n} | {right / n:.3f} | {wrong / n:.3f} | {empty / n:.3f} |")
    opening = [p["latency_ms"] for p in predictions if p.get("turn") == 1]
    follow = [p["latency_ms"] for p in predictions if (p.get("turn") or 1) > 1]
    lines += ["", f"Latency p50 / p95: opening (standalone) turns {percentile(opening, 50):.0f} / "
                  f"{percentile(opening, 95):.0f} ms; follow-up turns {percentile(follow, 50):.0f} / "
                  f"{percentile(follow, 95):.0f} ms (ratio of medians {percentile(follow, 50) / max(percentile(opening, 50), 1e-9):.2f}).", ""]
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--datasets", nargs="+", default=["openalex", "dblp"])
    parser.add_argument("--threads", type=int, default=80)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out-dir", default="reports/conversation")
    args = parser.parse_args()
    raw = Path(args.out_dir) / "raw"
    raw.mkdir(parents=True, exist_ok=True)
    lines = ["# Conversation benchmark (generated threads, offline policy)", ""]
    for dataset in args.datasets:
        questions, out = raw / f"{dataset}_threads.jsonl", raw / f"{dataset}_predictions.jsonl"
        run("bench", "generate", "--dataset", dataset, "--conversations", str(args.threads), "--seed", str(args.seed),
            "--out", str(questions))
        summary = run("eval", "--dataset", dataset, "--questions", str(questions), "--out", str(out), "--json",
                      "--no-progress")
        (raw / f"{dataset}_summary.json").write_text(summary)
        lines += table(dataset, [json.loads(line) for line in out.read_text().splitlines()])
    report = Path(args.out_dir) / "conversation.md"
    report.write_text("\n".join(lines) + "\n")
    print(report.read_text())
    return 0


if __name__ == "__main__":
    sys.exit(main())
