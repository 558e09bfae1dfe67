"""Run every system on both datasets and write reports/<YYYY-MM-DD>/ (`make bench`).

For each dataset: generate the seed-0 standard benchmark and the paraphrase, held-out, blind and blind2
wording sets, the free-typed, compositional and unanswerable sets (when their
evaluation/templates/<set>.json exists) plus the noisy rewrite of the held-out set, then run
`hgrag eval --json` once per (benchmark, system) in its own process, so each run's peak RSS is its own and one crash
does not stop the others. The baselines (vanilla_rag, llm_only) answer only the first
BASELINE_LIMIT questions of the compositional and unanswerable sets (runtime). Question files, predictions and logs hold data-derived text and
go to <out-dir>/raw/ (git-ignored); report.md and the PNG charts go to <out-dir>/.

    python benchmarks/run_all.py [--datasets openalex dblp] [--systems agentic vanilla_rag] [--benchmarks standard ...]
                                 [--limit N] [--out-dir DIR] [--per-type 100] [--seed 0]
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from hgrag.evaluation.baselines import llm_settings
from hgrag.evaluation.generator import generate_benchmark, write_questions
from hgrag.evaluation.paper_table import write_paper_table
from hgrag.evaluation.report import write_report
from hgrag.evaluation.template_sets import TEMPLATE_SETS
from hgrag.evaluation.runner import BASELINE_SYSTEMS, PAPER_BASELINES, SYSTEMS
from hgrag.tools.datasets import REPO_ROOT
from hgrag.tools.errors import HgragError


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="Run all systems on the benchmarks and write a dated report.")
    parser.add_argument("--datasets", nargs="+", default=["openalex", "dblp"], help="datasets (default openalex dblp)")
    parser.add_argument("--systems", nargs="+", default=list(SYSTEMS), choices=SYSTEMS, metavar="SYSTEM",
                        help=f"systems (default all: {' '.join(SYSTEMS)})")
    parser.add_argument("--benchmarks", nargs="+", default=None, choices=benchmarks(), metavar="BENCHMARK",
                        help=f"benchmarks (default all: {' '.join(benchmarks())}); noisy rewrites heldout")
    parser.add_argument("--limit", type=int, default=None, help="answer only the first N questions of each benchmark")
    parser.add_argument("--out-dir", default=None, help="report directory (default reports/<YYYY-MM-DD>)")
    parser.add_argument("--per-type", type=int, default=None,
                        help="questions per type (default: 100; compositional 400, unanswerable 200)")
    parser.add_argument("--seed", type=int, default=0, help="benchmark seed (default 0)")
    parser.add_argument("--model", default="offline", help="'offline' (default) or an OpenAI-compatible model")
    parser.add_argument("--base-url", default=None, help="OpenAI-compatible endpoint (default $OPENAI_BASE_URL)")
    return parser.parse_args(argv)


WORDING_SETS = ("paraphrase", "heldout", "blind", "blind2", "blind3", "freetyped", "freetyped2", "freetyped3",
                "freetyped4", "freetyped5", "compositional", "compositional_blind", "compositional_blind2",
                "compositional_blind3", "compositional_blind4", "compositional_blind5", "unanswerable", "unanswerable2",
                "unanswerable3", "unanswerable4", "unanswerable5")
CAPPED_PREFIXES = ("compositional", "unanswerable")
BASELINE_LIMIT = 100


def benchmarks() -> list[str]:
    names = ["standard"] + [extra for extra in WORDING_SETS if extra in TEMPLATE_SETS]
    return names + ["noisy"]  # the held-out wording set with one mention per question typed sloppily


def selected_benchmarks(args: argparse.Namespace) -> list[str]:
    """--benchmarks in run order; the noisy set brings the held-out set it rewrites along."""
    names = [name for name in benchmarks() if args.benchmarks is None or name in args.benchmarks]
    if "noisy" in names and "heldout" not in names and "heldout" in benchmarks():
        names.insert(names.index("noisy"), "heldout")
    return names


def run_limit(args: argparse.Namespace, benchmark: str, system: str) -> int | None:
    """--limit, and at most BASELINE_LIMIT questions for a baseline on a compositional/unanswerable set."""
    if system in BASELINE_SYSTEMS and benchmark.startswith(CAPPED_PREFIXES):
        return min(args.limit or BASELINE_LIMIT, BASELINE_LIMIT)
    return args.limit


def noisy_source(names: list[str]) -> str:
    """The wording set the noisy benchmark rewrites: held-out (as in earlier reports) when present."""
    return "heldout" if "heldout" in names else names[-2]


def _eval_command(args: argparse.Namespace, dataset: str, questions: Path, predictions: Path,
                  system: str, limit: int | None = None, extra: list[str] | None = None) -> list[str]:
    command = [sys.executable, "-m", "hgrag.graphs.cli", "eval", "--dataset", dataset, "--questions",
               str(questions), "--out", str(predictions), "--system", system, "--json", "--model", args.model]
    if args.base_url:
        command += ["--base-url", args.base_url]
    if limit:
        command += ["--limit", str(limit)]
    return command + list(extra or [])


def _last_line(path: Path) -> str:
    lines = [line.strip() for line in path.read_text(errors="replace").splitlines() if line.strip()]
    return lines[-1][:300] if lines else "no output"


def run_one(args: argparse.Namespace, raw: Path, dataset: str, benchmark: str, system: str,
            extra: list[str] | None = None) -> dict[str, Any]:
    """One `hgrag eval` subprocess (with `extra` arguments); returns a report result (summary, skipped or failed)."""
    result: dict[str, Any] = {"dataset": dataset, "benchmark": benchmark, "system": system}
    stem = f"{dataset}-{benchmark}-{system}"
    log = raw / "logs" / f"{stem}.log"
    log.parent.mkdir(parents=True, exist_ok=True)
    command = _eval_command(args, dataset, raw / f"questions-{dataset}-{benchmark}.jsonl",
                            raw / "predictions" / f"{stem}.jsonl", system, run_limit(args, benchmark, system), extra)
    with log.open("w") as stderr:
        done = subprocess.run(command, stdout=subprocess.PIPE, stderr=stderr, text=True, env=os.environ.copy())
    if done.returncode != 0:
        return {**result, "failed": f"exit {done.returncode}: {_last_line(log)}"}
    try:
        summary = json.loads(done.stdout)
    except json.JSONDecodeError:
        return {**result, "failed": f"unreadable output: {done.stdout[-200:]!r}"}
    if "skipped" in summary:
        return {**result, "skipped": summary["skipped"]}
    return {**result, "summary": summary}


def _describe(result: dict[str, Any], seconds: float) -> str:
    if "summary" in result:
        overall = (result["summary"].get("metrics") or {}).get("overall", {})
        verified = overall.get("verified_right")
        return (f"accuracy {overall.get('accuracy', 0):.3f}, wrong {overall.get('wrong_rate', 0):.3f}, "
                f"abstained {overall.get('abstention_rate', 0):.3f}, verified right "
                f"{'–' if verified is None else f'{verified:.3f}'}, {seconds:.0f} s")
    return result.get("skipped") or result.get("failed") or ""


def write_noisy(dataset: str, source: Path, path: Path, seed: int) -> list[dict[str, Any]]:
    """The noisy-mention variant of an already generated question file."""
    from hgrag.evaluation.perturb import perturb_file
    from hgrag.evaluation.runner import load_questions
    from hgrag.tools.resources import load_resources

    resources = load_resources(dataset)
    rows = list(perturb_file(load_questions(source), resources.index, resources.store, seed=seed))
    write_questions(rows, path)
    return rows


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    out_dir = Path(args.out_dir) if args.out_dir else REPO_ROOT / "reports" / dt.date.today().isoformat()
    raw = out_dir / "raw"
    names = selected_benchmarks(args)
    llm = llm_settings({"model": args.model, "base_url": args.base_url})
    results: list[dict[str, Any]] = []
    try:
        for dataset in args.datasets:
            for benchmark in names:
                path = raw / f"questions-{dataset}-{benchmark}.jsonl"
                if benchmark == "noisy":
                    source = raw / f"questions-{dataset}-{noisy_source(names)}.jsonl"
                    questions = write_noisy(dataset, source, path, args.seed)
                else:
                    questions = generate_benchmark(dataset, path, per_type=args.per_type, seed=args.seed,
                                                   template_set=benchmark, progress=True)
                print(f"{dataset}: {len(questions)} {benchmark} questions -> {path}", file=sys.stderr)
            for system in args.systems:
                for benchmark in names:
                    if system in ("llm_only", *PAPER_BASELINES) and llm is None:
                        results.append({"dataset": dataset, "benchmark": benchmark, "system": system,
                                        "skipped": "no LLM configured (--model/--base-url)"})
                        continue
                    started = time.perf_counter()
                    results.append(run_one(args, raw, dataset, benchmark, system))
                    print(f"{dataset} {benchmark} {system}: {_describe(results[-1], time.perf_counter() - started)}",
                          file=sys.stderr)
    except HgragError as exc:
        print(f"run_all: error: {exc}", file=sys.stderr)
        return exc.exit_code
    meta = {"date": dt.date.today().isoformat(), "datasets": " ".join(args.datasets), "benchmarks": " ".join(names),
            "seed": args.seed,
            "questions per type": args.per_type or "set defaults (100; compositional 400, unanswerable 200)",
            "limit": args.limit or "none", "baselines on compositional/unanswerable sets": f"first {BASELINE_LIMIT}",
            "model": args.model, "commit": _git_commit()}
    (raw / "results.json").write_text(json.dumps({"meta": meta, "results": results}, indent=2))
    report = write_report(results, out_dir, meta)
    if llm is not None:  # the paper-style table (systems x datasets) needs the LLM systems
        print(f"paper table written to {write_paper_table(results, out_dir, meta)}")
    print(f"report written to {report} (raw question files and predictions in {raw})")
    return 0


def _git_commit() -> str:
    try:
        done = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=REPO_ROOT, capture_output=True, text=True)
    except OSError:
        return "unknown"
    return done.stdout.strip() or "unknown"


if __name__ == "__main__":
    sys.exit(main())
