"""Cost of reading a question (agents/understanding): the language gate, the alignment and the structural check,
timed per question on a question file after the answers are warm, next to the whole warm `ask`.

    python benchmarks/understanding_latency.py --dataset openalex --questions q.jsonl --limit 200
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from hgrag.agents.checking.question_clauses import residue
from hgrag.agents.retrieval_agent import detector_for
from hgrag.agents.understanding.alignment import align, masked_question
from hgrag.agents.understanding.check import structural_parts
from hgrag.agents.understanding.reading import read_question
from hgrag.graphs.api import ask
from hgrag.tools.resources import load_resources


def _ms(fn) -> float:
    start = time.perf_counter()
    fn()
    return (time.perf_counter() - start) * 1000


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--dataset", default="openalex")
    parser.add_argument("--questions", required=True)
    parser.add_argument("--limit", type=int, default=200)
    args = parser.parse_args()
    questions = [json.loads(line)["question"] for line in open(args.questions, encoding="utf-8")][:args.limit]
    resources = load_resources(args.dataset)
    detect = lambda text: detector_for(resources).detect(text)[0]  # noqa: E731
    whole, reading, checking = [], [], []
    for question in questions:
        plan = ask(question, dataset=args.dataset)["plan"] or {}
        whole.append(_ms(lambda: ask(question, dataset=args.dataset)))  # warm
        reading.append(_ms(lambda: read_question(question, detect)))
        if plan.get("ir"):
            text = residue(question, plan)
            checking.append(_ms(lambda: (align(masked_question(question, plan), plan),
                                         structural_parts(text, plan, text))))
    for name, values in (("warm ask", whole), ("language gate", reading), ("alignment + check", checking)):
        values = sorted(values)
        print(f"{name:18s} p50 {statistics.median(values):7.2f} ms  p95 {values[int(0.95 * (len(values) - 1))]:7.2f} ms")


if __name__ == "__main__":
    main()
