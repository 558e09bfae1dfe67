"""The paper-style comparison table: systems as rows; Accuracy / F1 / Hit@1, wrong-answer rate and p50 latency
per dataset as columns, on the standard benchmark (seed 0).

`make bench` (benchmarks/run_all.py) calls `write_paper_table` with its results when an LLM endpoint is
configured (--model NAME plus --base-url URL or $OPENAI_BASE_URL). Run alone, it generates the standard
question files and runs each system once per dataset through `hgrag eval --json`, each in its own process:

    python benchmarks/paper_table.py --model smollm2 --base-url http://127.0.0.1:8080/v1 --limit 30 \\
        [--datasets openalex dblp] [--systems llm_only vanilla_rag graphcot ...] [--out-dir DIR]

Wrong-answer rate = share of questions answered with a non-empty answer that is not exactly right
(an abstention is not wrong; a wrong answer is worse than none).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from hgrag.evaluation.paper_table import BENCHMARK, PAPER_SYSTEMS, _cell, write_paper_table


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="Run the paper's systems on the standard benchmark; write the table.")
    parser.add_argument("--datasets", nargs="+", default=["openalex", "dblp"])
    parser.add_argument("--systems", nargs="+", default=list(PAPER_SYSTEMS))
    parser.add_argument("--limit", type=int, default=None, help="answer only the first N questions per dataset")
    parser.add_argument("--per-type", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--model", default="offline", help="an OpenAI-compatible model name")
    parser.add_argument("--base-url", default=None, help="OpenAI-compatible endpoint (default $OPENAI_BASE_URL)")
    parser.add_argument("--llm-timeout", type=float, default=None, help="seconds per LLM call (eval default 30)")
    parser.add_argument("--out-dir", default=None, help="default reports/<YYYY-MM-DD>-paper-table")
    return parser.parse_args(argv)


def run_system(args: argparse.Namespace, raw: Path, dataset: str, system: str) -> dict[str, Any]:
    """run_all's one `hgrag eval --json` subprocess, with --llm-timeout passed on when given."""
    import run_all

    extra = ["--llm-timeout", str(args.llm_timeout)] if args.llm_timeout else []
    return run_all.run_one(args, raw, dataset, BENCHMARK, system, extra)


def main(argv: list[str] | None = None) -> int:
    from run_all import _git_commit

    from hgrag.evaluation.baselines import llm_settings
    from hgrag.evaluation.generator import generate_benchmark
    from hgrag.tools.datasets import REPO_ROOT

    args = parse_args(argv)
    if llm_settings({"model": args.model, "base_url": args.base_url}) is None:
        print("paper_table: no LLM endpoint configured (--model NAME and --base-url URL or $OPENAI_BASE_URL)",
              file=sys.stderr)
        return 2
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    out_dir = Path(args.out_dir) if args.out_dir else REPO_ROOT / "reports" / f"{dt.date.today().isoformat()}-paper-table"
    raw = out_dir / "raw"
    results = []
    for dataset in args.datasets:
        generate_benchmark(dataset, raw / f"questions-{dataset}-{BENCHMARK}.jsonl", per_type=args.per_type,
                           seed=args.seed, template_set=BENCHMARK, progress=True)
        for system in args.systems:
            started = time.perf_counter()
            results.append(run_system(args, raw, dataset, system))
            print(f"{dataset} {system}: {json.dumps(_cell(results[-1]))} in {time.perf_counter() - started:.0f} s",
                  file=sys.stderr)
    meta = {"date": dt.date.today().isoformat(), "model": args.model, "seed": args.seed,
            "llm timeout s": args.llm_timeout or 30,
            "questions per dataset": args.limit or 4 * args.per_type, "commit": _git_commit()}
    (raw / "results.json").write_text(json.dumps({"meta": meta, "results": results}, indent=2))
    print(f"table written to {write_paper_table(results, out_dir, meta)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
