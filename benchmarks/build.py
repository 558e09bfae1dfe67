"""Build benchmark: cold build, warm load and peak memory per dataset.

Each measurement runs in its own subprocess against a fresh temporary HGRAG_HOME:
  cold  = first `load_resources(dataset)` (parse, build graph, embed entities, write cache)
  warm  = the same call in a new process (reads the cache), then one entity search
Peak RSS per subprocess comes from os.wait4 (the child's own ru_maxrss).

    python benchmarks/build.py --out results/build.json [--datasets openalex dblp]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

TARGETS = {"dblp": {"cold_seconds": 240.0, "warm_seconds": 5.0, "peak_rss_mb": 3072.0}}

CHILD = r"""
import json, sys, time
started = time.perf_counter()
from hgrag.tools.resources import load_resources
imported = time.perf_counter()
res = load_resources(sys.argv[1])
loaded = time.perf_counter()
label = res.store.label(next(res.store.nodes_of_type("author")))
hits = res.index.search(label, "author", k=5)
searched = time.perf_counter()
print(json.dumps({
    "import_seconds": imported - started, "load_seconds": loaded - imported,
    "first_search_seconds": searched - loaded, "loaded_from_cache": res.loaded_from_cache,
    "build_seconds": res.build_seconds, "nodes": res.store.node_counts(),
    "edges": res.store.edge_counts(), "search_hits": len(hits), "cache_dir": str(res.cache_dir),
}))
"""


def run_child(dataset: str, home: Path) -> dict[str, Any]:
    """One fresh interpreter: wall time, the child's report, and its own peak RSS (os.wait4)."""
    env = dict(os.environ, HGRAG_HOME=str(home), HF_HUB_OFFLINE="1", TOKENIZERS_PARALLELISM="false")
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        started = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-c", CHILD, dataset], env=env, stdout=out, stderr=err)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - started
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read(), err.read()
    if proc.returncode != 0:
        raise SystemExit(f"benchmark child failed for {dataset}:\n{stderr.strip()[-2000:]}")
    report = json.loads(stdout.strip().splitlines()[-1])
    report["wall_seconds"] = wall
    report["peak_rss_mb"] = round(usage.ru_maxrss / 1024, 1)  # ru_maxrss is KiB on Linux
    return report


def measure(dataset: str) -> dict[str, Any]:
    home = Path(tempfile.mkdtemp(prefix=f"hgrag-bench-{dataset}-"))
    try:
        cold = run_child(dataset, home)
        warm = run_child(dataset, home)
    finally:
        shutil.rmtree(home, ignore_errors=True)
    if cold["loaded_from_cache"] or not warm["loaded_from_cache"]:
        raise SystemExit(f"{dataset}: unexpected cache state (cold from cache="
                         f"{cold['loaded_from_cache']}, warm from cache={warm['loaded_from_cache']})")
    return {"dataset": dataset, "cold": cold, "warm": warm}


def markdown(results: list[dict[str, Any]]) -> str:
    lines = ["| dataset | nodes | edges | cold build (s) | warm load (s) | warm process (s) "
             "| first search (s) | peak RSS (MB) |", "|---|---|---|---|---|---|---|---|"]
    for result in results:
        cold, warm = result["cold"], result["warm"]
        lines.append(
            f"| {result['dataset']} | {sum(cold['nodes'].values()):,} | {sum(cold['edges'].values()):,} "
            f"| {cold['wall_seconds']:.1f} | {warm['load_seconds']:.2f} | {warm['wall_seconds']:.1f} "
            f"| {warm['first_search_seconds']:.2f} | {result['peak_rss_mb']:,.0f} |")
    return "\n".join(lines)


def check_targets(result: dict[str, Any]) -> dict[str, bool]:
    target = TARGETS.get(result["dataset"])
    if not target:
        return {}
    return {
        "cold_seconds": result["cold"]["wall_seconds"] <= target["cold_seconds"],
        "warm_seconds": result["warm"]["load_seconds"] <= target["warm_seconds"],
        "peak_rss_mb": result["peak_rss_mb"] <= target["peak_rss_mb"],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--datasets", nargs="+", default=["openalex", "dblp"])
    parser.add_argument("--out", type=Path, help="write the results as JSON here")
    args = parser.parse_args(argv)
    results = []
    load_before = os.getloadavg()
    for dataset in args.datasets:
        print(f"measuring {dataset} ...", file=sys.stderr, flush=True)
        result = measure(dataset)
        result["peak_rss_mb"] = max(result["cold"]["peak_rss_mb"], result["warm"]["peak_rss_mb"])
        result["targets_met"] = check_targets(result)
        results.append(result)
    table = markdown(results)
    print(table)
    summary = {"machine": {"cpus": os.cpu_count(), "python": platform.python_version(),
                           "platform": platform.platform(),
                           # other work on the machine slows every figure; recorded for context
                           "load_average_1_5_15_before": load_before,
                           "load_average_1_5_15_after": os.getloadavg()},
               "targets": TARGETS, "results": results, "table": table}
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(summary, indent=2))
    failed = [f"{r['dataset']}:{name}" for r in results for name, ok in r["targets_met"].items() if not ok]
    if failed:
        print(f"targets missed: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
