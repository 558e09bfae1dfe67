"""The planners with a real local LLM: offline, llm and hybrid planning, plus a full-LLM run (`make bench-llm`).

Starts SmolLM2-135M behind llama-cpp-python's server (tests/llm_server.py; installed by `make install`),
takes a stratified sample of the seed-0 standard benchmark of each dataset (the first N/4 questions of
each of the four query types), and runs `hgrag eval --json` once per configuration in its own process:

    offline       offline planner, offline answers (no LLM)
    llm           LLM planner, offline answers from the executed plan
    hybrid        offline + LLM plans cross-checked, offline answers
    full-llm      LLM planner and LLM answers (on --full-limit questions, stratified: slow on 2 CPU cores)
    hybrid+llm-answers   hybrid planning, LLM answers (--full-limit questions)

Writes <out-dir>/llm.md (the table) and raw predictions/summaries under <out-dir>/raw/.

    python benchmarks/llm_runs.py [--datasets openalex dblp] [--per-dataset 100] [--full-limit 20]
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from hgrag.evaluation.generator import generate_benchmark, write_questions
from hgrag.tools.datasets import REPO_ROOT

TYPES = ("attribute", "relation", "aggregation", "multihop")
CONFIGS = {"offline": ("offline", "offline"), "llm": ("llm", "offline"), "hybrid": ("hybrid", "offline"),
           "full-llm": ("llm", "llm"), "hybrid+llm-answers": ("hybrid", "llm")}
SLOW = ("full-llm", "hybrid+llm-answers")


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--datasets", nargs="+", default=["openalex", "dblp"])
    parser.add_argument("--per-dataset", type=int, default=100, help="questions per dataset (stratified by type)")
    parser.add_argument("--full-limit", type=int, default=20, help="questions per dataset for the LLM-answer runs")
    parser.add_argument("--configs", nargs="+", default=list(CONFIGS), choices=list(CONFIGS))
    parser.add_argument("--out-dir", default=None, help="default reports/<YYYY-MM-DD>")
    parser.add_argument("--base-url", default=None, help="use this running endpoint instead of starting one")
    parser.add_argument("--model", default="smollm2")
    return parser.parse_args(argv)


def sample(dataset: str, raw: Path, per_dataset: int) -> Path:
    """The first per_dataset/4 questions of each type of the seed-0 standard benchmark."""
    rows = generate_benchmark(dataset, raw / f"{dataset}-standard.jsonl", per_type=100, seed=0,
                              template_set="standard", progress=False)
    chosen = [r for t in TYPES for r in [q for q in rows if q["type"] == t][:per_dataset // len(TYPES)]]
    path = raw / f"{dataset}-sample{per_dataset}.jsonl"
    write_questions(chosen, path)
    return path


def run_eval(dataset: str, questions: Path, config: str, raw: Path, model: str, base_url: str,
             limit: int | None) -> dict[str, Any]:
    planner, answerer = CONFIGS[config]
    out = raw / f"pred-{dataset}-{config}.jsonl"
    command = [sys.executable, "-m", "hgrag.graphs.cli", "eval", "--dataset", dataset, "--questions", str(questions),
               "--out", str(out), "--json", "--no-progress", "--planner", planner, "--answerer", answerer]
    if config != "offline":
        command += ["--model", model, "--base-url", base_url, "--llm-timeout", "120"]
    if limit:
        command += ["--limit", str(limit)]
    log = raw / f"log-{dataset}-{config}.txt"
    with log.open("w") as sink:
        done = subprocess.run(command, stdout=subprocess.PIPE, stderr=sink, text=True,
                              env={**os.environ, "OMP_NUM_THREADS": "1"})
    try:
        summary = json.loads(done.stdout)
    except json.JSONDecodeError:
        summary = {"failed": f"exit {done.returncode}, see {log}"}
    (raw / f"summary-{dataset}-{config}.json").write_text(json.dumps(summary, indent=2))
    return summary


def row(dataset: str, config: str, summary: dict[str, Any]) -> str:
    if "failed" in summary:
        return f"| {dataset} | {config} | failed: {summary['failed']} |" + " |" * 8
    honest, latency = summary["honesty"], summary["latency_ms"]
    right = "–" if honest["verified_right"] is None else f"{100 * honest['verified_right']:.0f} %"
    agree = "–" if honest.get("planner_agreement") is None else f"{100 * honest['planner_agreement']:.0f} %"
    return (f"| {dataset} | {config} | {summary['questions']} | {100 * summary['metrics']['overall']['accuracy']:.0f} % "
            f"| {100 * honest['wrong_answer_rate']:.0f} % | {right} ({honest['verified_answers']}) "
            f"| {100 * honest['abstention_rate']:.0f} % | {latency['p50'] / 1000:.2f} / {latency['p95'] / 1000:.2f} "
            f"| {honest['llm_calls_per_question']} | {honest['llm_tokens_per_question']:.0f} "
            f"| {summary['errors']} ({summary.get('crashes', 0)}) | {agree} |")


HEADER = ("| dataset | planner / answers | questions | accuracy | wrong answers | verified answers right (n) "
          "| abstentions | latency p50 / p95 (s) | LLM calls / q | LLM tokens / q | errors (tracebacks) "
          "| plans agree |\n|---|---|---|---|---|---|---|---|---|---|---|---|")


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    out_dir = Path(args.out_dir or REPO_ROOT / "reports" / dt.date.today().isoformat())
    raw = out_dir / "raw"
    raw.mkdir(parents=True, exist_ok=True)
    server = None
    base_url = args.base_url
    if base_url is None and any(c != "offline" for c in args.configs):
        sys.path.insert(0, str(REPO_ROOT / "tests"))
        from llm_server import LocalLLMServer

        server = LocalLLMServer.start()
        base_url = server.base_url
    lines = [HEADER]
    try:
        for dataset in args.datasets:
            questions = sample(dataset, raw, args.per_dataset)
            few = sample(dataset, raw, args.full_limit)  # the same stratification, fewer per type
            for config in args.configs:
                summary = run_eval(dataset, few if config in SLOW else questions, config, raw, args.model,
                                   base_url, None)
                lines.append(row(dataset, config, summary))
                print(lines[-1], flush=True)
    finally:
        if server is not None:
            server.stop()
    (out_dir / "llm.md").write_text("\n".join(lines) + "\n")
    print(f"wrote {out_dir / 'llm.md'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
