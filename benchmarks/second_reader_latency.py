"""Warm latency the second reader adds to planning (agents/second_reader/hook.py), per question.

Usage: python benchmarks/second_reader_latency.py --dataset openalex --questions F [--limit 200]
Warms up on the first half of the questions (model loaded, entity-free canonical utterances cached),
then times the rules' plan alone and the second reader's step after it on the other half, whose
question texts were never encoded; prints p50/p95 of each (ms)."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from hgrag.agents.retrieval_agent import OfflinePlanner, unsupported_plan
from hgrag.agents.second_reader.hook import second_read
from hgrag.state.context import Context
from hgrag.tools.resources import load_resources


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q / 100 * (len(ordered) - 1))))] if ordered else 0.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dataset", default="openalex")
    parser.add_argument("--questions", required=True)
    parser.add_argument("--limit", type=int, default=200)
    args = parser.parse_args(argv)
    resources = load_resources(args.dataset)
    planner, context = OfflinePlanner(), Context(dataset=args.dataset)
    rows = [json.loads(l) for l in Path(args.questions).read_text().splitlines() if l.strip()][: args.limit]
    rules, extra = [], []
    half = len(rows) // 2
    for warm, part in ((True, rows[:half]), (False, rows[half:])):
        for row in part:
            question = row["question"]
            started = time.perf_counter()
            plan = planner.plan(question, resources, context)
            planned = time.perf_counter()
            second_read(question, plan, resources, lambda text: planner.plan(text, resources, context), unsupported_plan)
            done = time.perf_counter()
            if not warm:
                rules.append((planned - started) * 1000)
                extra.append((done - planned) * 1000)
    report = {"questions": len(rows), "rules_plan_ms": {"p50": round(percentile(rules, 50), 2), "p95": round(percentile(rules, 95), 2)},
              "second_reader_ms": {"p50": round(percentile(extra, 50), 2), "p95": round(percentile(extra, 95), 2)}}
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
