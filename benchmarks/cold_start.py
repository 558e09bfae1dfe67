"""Cold `hgrag ask`: wall time and peak RSS of fresh processes, for a question whose title links by its
exact key and for the same question lower-cased with a typo (linked through the embedding model).

Each kind runs once to warm the disk cache (not counted), then `--runs` times; the median wall time and
the largest peak RSS (os.wait4's ru_maxrss of each child) are reported, with the median CPU time (user + system,
less sensitive than wall time to other processes on a shared machine), with the entity each run linked.
The paper is picked from the graph (the first title of 6+ words whose normalised key is unique), so no
wording is hard-coded. Needs the dataset's cache built (`hgrag build`); run on an idle machine.

    python benchmarks/cold_start.py --dataset openalex --runs 5 --out /tmp/cold_start.json
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from hgrag.tools.resources import load_resources
from hgrag.tools.text import norm_key


def pick_title(dataset: str) -> str:
    """The first paper title (graph order) of 6+ words whose normalised key no other node shares."""
    resources = load_resources(dataset)
    for node in resources.store.nodes_of_type("paper"):
        title = resources.store.label(node)
        if len(title.split()) >= 6 and title.isascii() and len(resources.index.labels_with_key(norm_key(title))) == 1:
            return title
    raise SystemExit(f"{dataset}: no paper title to ask about")


def misspelt(title: str) -> str:
    """Lower-cased, trailing punctuation dropped, two inner letters of the longest word swapped."""
    words = title.lower().rstrip(".?!").split()
    longest = max(range(len(words)), key=lambda i: (len(words[i]), -i))
    word = words[longest]
    words[longest] = word[:2] + word[3] + word[2] + word[4:]
    return " ".join(words)


def run_once(question: str, dataset: str, env: dict[str, str]) -> dict[str, Any]:
    """One fresh `hgrag ask --json` process: seconds, peak RSS (MB, from os.wait4) and what it linked."""
    command = [sys.executable, "-m", "hgrag.graphs.cli", "ask", question, "--dataset", dataset, "--json"]
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        started = time.perf_counter()
        child = subprocess.Popen(command, env=env, stdout=out, stderr=err, text=True)
        _, status, usage = os.wait4(child.pid, 0)  # reaped here, so its own rusage is returned
        seconds = time.perf_counter() - started
        child.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        if child.returncode != 0:
            raise SystemExit(f"hgrag ask failed ({child.returncode}): {err.read().strip()[-300:]}")
        output = json.loads(out.read())
    anchors = [(a.get("node_id"), a.get("match")) for a in (output.get("plan") or {}).get("anchors", [])]
    return {"seconds": seconds, "cpu_seconds": usage.ru_utime + usage.ru_stime, "rss_mb": usage.ru_maxrss / 1024,
            "answer": output.get("answer"), "anchors": anchors}


def measure(question: str, dataset: str, runs: int, env: dict[str, str]) -> dict[str, Any]:
    run_once(question, dataset, env)  # warm the page cache (and write bytecode when allowed)
    results = [run_once(question, dataset, env) for _ in range(runs)]
    return {"question": question, "runs": runs,
            "median_seconds": round(statistics.median(r["seconds"] for r in results), 3),
            "seconds": [round(r["seconds"], 3) for r in results],
            "median_cpu_seconds": round(statistics.median(r["cpu_seconds"] for r in results), 3),
            "max_rss_mb": round(max(r["rss_mb"] for r in results), 1),
            "anchors": results[0]["anchors"], "answer": results[0]["answer"]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dataset", default="openalex")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--no-bytecode", action="store_true",
                        help="keep PYTHONDONTWRITEBYTECODE from the environment (every process compiles hgrag's "
                             "sources); by default it is removed, as for an installed package")
    parser.add_argument("--out", type=Path, default=Path("/tmp/cold_start.json"))
    args = parser.parse_args()
    env = dict(os.environ)
    if not args.no_bytecode:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
    title = pick_title(args.dataset)
    report = {"date": time.strftime("%Y-%m-%d"), "dataset": args.dataset, "load_average": os.getloadavg(),
              "bytecode": not args.no_bytecode,
              "exact_key": measure(f'Who wrote "{title}"?', args.dataset, args.runs, env),
              "embedding": measure(f"who wrote {misspelt(title)}", args.dataset, args.runs, env)}
    for kind in ("exact_key", "embedding"):
        row = report[kind]
        print(f"{kind:10} median {row['median_seconds']:.2f} s (CPU {row['median_cpu_seconds']:.2f} s)  max RSS {row['max_rss_mb']:.0f} MB  "
              f"linked {row['anchors']}  ({row['question'][:60]}…)")
    args.out.write_text(json.dumps(report, indent=1, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
