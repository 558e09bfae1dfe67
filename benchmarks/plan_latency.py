"""Plan execution on FalkorDB: the per-hop executor against plans compiled to Cypher, shape by shape.

For each plan shape over random authors of the graph, runs the plan with cold store caches (a new
store object per run) both ways, checks that value and evidence agree, and reports p50 / p95
milliseconds and database queries per run.

    python benchmarks/plan_latency.py --url falkordb://127.0.0.1:PORT/scale --runs 40 --out /tmp/plans.json
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any

from hgrag.state import plan_ir as ir
from hgrag.tools.falkordb_store import FalkorDBGraphStore
from hgrag.tools.ir_exec import Executor, execute


def shapes(author: str) -> dict[str, dict[str, Any]]:
    papers = ir.traverse(ir.match([author], "author"), "writes", "out")
    coauthors = ir.traverse(papers, "writes", "in")
    return {
        "papers (1 hop)": papers,
        "co-authors (2 hops)": coauthors,
        "top co-author": ir.top(ir.where(coauthors, "id", "!=", author), "frequency", "max"),
        "top venue": ir.top(ir.traverse(papers, "published_in", "out"), "frequency", "max"),
        "papers since 2010, count": ir.aggregate(ir.where(papers, "year", ">=", 2010), "count"),
        "co-authors' papers (3 hops) by year": ir.where(ir.traverse(coauthors, "writes", "out"), "year", ">=", 2015),
        "co-authors' venues (4 hops), top": ir.top(ir.traverse(ir.traverse(coauthors, "writes", "out"),
                                                              "published_in", "out"), "frequency", "max"),
        "first-authored, mean citations": ir.aggregate(ir.traverse(ir.match([author], "author"), "writes", "out", 1),
                                                       "avg", "cited_by_count"),
    }


def _timed(url: str, plan: dict[str, Any], compiled: bool, evidence: bool = True) -> tuple[float, int, Any]:
    store = FalkorDBGraphStore.connect(url)
    sent, send = [0], store.graph.ro_query

    def counted(*args: Any, **kwargs: Any) -> Any:
        sent[0] += 1
        return send(*args, **kwargs)

    store.graph.ro_query = counted
    began = time.perf_counter()
    run = execute(store, plan, evidence=evidence) if compiled else Executor(store, 20_000).execute(plan)
    return (time.perf_counter() - began) * 1000, sent[0], run


def measure(url: str, runs: int, seed: int = 3) -> dict[str, Any]:
    store = FalkorDBGraphStore.connect(url)
    rng = random.Random(seed)
    count = store.node_counts()["author"]
    authors = [a for a in (f"a{rng.randrange(count)}" for _ in range(runs * 5))
               if store.has_node(a) and len(store.neighbors(a, "writes", "out")) >= 2][:runs]
    report: dict[str, Any] = {}
    for name in shapes(authors[0]):
        rows: dict[str, list[tuple[float, int]]] = {"per_hop": [], "compiled": [], "compiled_value": []}
        for author in authors:
            plan = shapes(author)[name]
            per_hop = _timed(url, plan, False)
            walked = _timed(url, plan, True)
            valued = _timed(url, plan, True, evidence=False)
            assert walked[2].value == per_hop[2].value == valued[2].value and walked[2].edges == per_hop[2].edges, name
            for key, (ms, queries, _) in zip(rows, (per_hop, walked, valued)):
                rows[key].append((ms, queries))
        report[name] = {key: _summary(values) for key, values in rows.items()}
    return {"authors": len(authors), "shapes": report}


def _summary(values: list[tuple[float, int]]) -> dict[str, float]:
    times = sorted(ms for ms, _ in values)
    return {"p50_ms": statistics.median(times), "p95_ms": times[int(0.95 * (len(times) - 1))],
            "queries": statistics.mean(q for _, q in values)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", required=True)
    parser.add_argument("--runs", type=int, default=40)
    parser.add_argument("--out")
    args = parser.parse_args()
    result = measure(args.url, args.runs)
    result["measured"] = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    result["load"] = open("/proc/loadavg").read().split()[:3]
    for name, row in result["shapes"].items():
        print(f"{name:40} " + "  ".join(f"{k} {v['p50_ms']:.1f}/{v['p95_ms']:.1f} ms {v['queries']:.1f} q"
                                        for k, v in row.items()))
    if args.out:
        with open(args.out, "w") as handle:
            json.dump(result, handle, indent=1)


if __name__ == "__main__":
    main()
