"""Scale benchmark: DBLP-shaped synthetic graphs at 1x, 5x, 10x `dblp`, on FalkorDB and networkx.

For each size and store: build time (graph load + entity index), peak RSS of the build process,
database RSS, warm load time, hgrag question-process peak RSS, p50/p95 latency of `hgrag.ask`
(offline policy, full LangGraph QA graph) over a fixed mix of plan shapes, entity-index build
time and size. Every phase runs in its own subprocess (peak RSS = that process's ru_maxrss); each
size gets its own FalkorDB server on a free loopback port, stopped when the size is done.

    python benchmarks/scale.py --scales 1 5 10 --out /tmp/scale.json [--stores falkordb networkx]
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import resource
import shutil
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

GRAPH = "scale"
MIX = ("paper_year", "paper_authors", "paper_venue", "paper_first_author", "author_paper_count",
       "author_coauthors", "author_top_venue", "author_top_coauthor", "coauthored_yes_no",
       "author_papers_in_venue")


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _dir_bytes(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def _synthetic(workdir: Path, scale: float) -> Any:
    from synthetic import generate, profile_of

    cached = workdir / "profile.pkl"
    if cached.exists():
        profile = pickle.loads(cached.read_bytes())
    else:
        from hgrag.tools.resources import load_graph

        profile = profile_of(load_graph("dblp").store)
        cached.write_bytes(pickle.dumps(profile))
    return generate(profile, scale)


# -- phases (each in its own process) ------------------------------------------------------------
def phase_build_falkordb(args: argparse.Namespace) -> dict[str, Any]:
    from synthetic import rows

    from hgrag.tools.entity_index import EntityIndex
    from hgrag.tools.entity_rows import IndexRows
    from hgrag.tools.falkordb_load import clear_graph, load_rows, write_meta
    from hgrag.tools.falkordb_store import FalkorDBGraphStore

    started = time.perf_counter()
    graph = _synthetic(args.workdir, args.scale)
    generated = time.perf_counter()
    store = FalkorDBGraphStore.connect(f"falkordb://127.0.0.1:{args.port}/{GRAPH}", name="dblp")
    clear_graph(store.graph)
    nodes, edges = rows(graph)
    gathered, phases = IndexRows(), {}  # the index's labels and prominence, read off the rows
    counts = load_rows(store.graph, gathered.nodes(nodes), gathered.edges(edges), progress=args.progress,
                       total=graph.counts, timings=phases)
    write_meta(store.graph, {"dataset": "dblp", "scale": args.scale})
    loaded = time.perf_counter()
    load_after_graph = os.getloadavg()
    del graph
    from_store = bool(os.environ.get("HGRAG_SCALE_INDEX_FROM_STORE"))
    if from_store:  # the pre-2026-11-30 way, for comparison: read labels and degrees back
        index = EntityIndex.build(store, progress=args.progress)
    else:
        index = EntityIndex.from_labels(store, gathered.labelled, gathered.prominence, progress=args.progress)
    del gathered
    index_dir = args.workdir / f"index-{args.scale:g}"
    shutil.rmtree(index_dir, ignore_errors=True)
    index.save(index_dir)
    indexed = time.perf_counter()
    return {"nodes": counts[0], "edges": counts[1], "generate_seconds": generated - started,
            "graph_seconds": loaded - generated, "index_seconds": indexed - loaded, **phases,
            "index_from": "store" if from_store else "rows", "load_avg_after_graph": load_after_graph,
            "load_avg_after_index": os.getloadavg(),
            "index_bytes": _dir_bytes(index_dir), "index_counts": index.counts(),
            "embedded": {t: int(len(v)) for t, v in index._vectors.items()},
            "build_peak_rss_mb": _peak_mb()}


def phase_build_networkx(args: argparse.Namespace) -> dict[str, Any]:
    from synthetic import networkx_store

    from hgrag.tools.entity_index import EntityIndex

    started = time.perf_counter()
    graph = _synthetic(args.workdir, args.scale)
    generated = time.perf_counter()
    store = networkx_store(graph)
    del graph
    path = args.workdir / f"nx-{args.scale:g}.pkl"
    with path.open("wb") as handle:
        pickle.dump(store, handle, protocol=5)
    built = time.perf_counter()
    result = {"generate_seconds": generated - started, "graph_seconds": built - generated,
              "build_peak_rss_mb": _peak_mb()}
    if os.environ.get("HGRAG_SCALE_NX_INDEX"):  # the index is the same for both stores (built once
        EntityIndex.build(store, progress=args.progress)  # per size from FalkorDB); time it here too on demand
        result["index_seconds"] = time.perf_counter() - built
    return result


def _open(args: argparse.Namespace) -> tuple[Any, str | None, float]:
    """(store, graph URL or None, seconds to open it warm)."""
    started = time.perf_counter()
    if args.store == "falkordb":
        from hgrag.tools.falkordb_store import FalkorDBGraphStore

        url = f"falkordb://127.0.0.1:{args.port}/{GRAPH}"
        store = FalkorDBGraphStore.connect(url, name="dblp")
        store.node_counts()
        return store, url, time.perf_counter() - started
    with (args.workdir / f"nx-{args.scale:g}.pkl").open("rb") as handle:
        store = pickle.load(handle)
    return store, None, time.perf_counter() - started


def _questions(store: Any, index: Any, count: int) -> list[str]:
    """A fixed mix of plan shapes over entities whose names are unique (so answers are defined)."""
    import random

    from hgrag.evaluation.template_sets import load_templates

    templates = load_templates("standard")  # the standard set's first wording per plan shape
    rng = random.Random(11)
    counts = store.node_counts()
    authors = [f"a{rng.randrange(counts['author'])}" for _ in range(count * 20)]
    papers = [f"p{rng.randrange(counts['paper'])}" for _ in range(count * 20)]
    authors = [a for a in authors if len(store.neighbors(a, "writes", "out")) >= 2
               and not index.ambiguous(store.label(a), "author")]
    papers = [p for p in papers if not index.ambiguous(store.label(p), "paper")]
    questions = []
    for number in range(count):
        intent = MIX[number % len(MIX)]
        author, paper = authors[number % len(authors)], papers[number % len(papers)]
        own = store.neighbors(author, "writes", "out")
        venue = store.neighbors(own[0], "published_in", "out")
        coauthors = [c for c in store.neighbors(own[0], "writes", "in") if c != author]
        slots = {"author": store.label(author), "paper": store.label(paper),
                 "venue": store.label(venue[0]) if venue else "",
                 "author2": store.label(coauthors[0]) if coauthors else store.label(authors[-1])}
        questions.append(templates[intent][0].format(**slots))
    return questions


def _count_queries(store: Any) -> list[int] | None:
    """A running count of the database queries a FalkorDB store sends (None for other stores)."""
    graph = getattr(store, "graph", None)
    if not hasattr(graph, "ro_query"):
        return None
    counter, send = [0], graph.ro_query

    def counted(*args: Any, **kwargs: Any) -> Any:
        counter[0] += 1
        return send(*args, **kwargs)

    graph.ro_query = counted
    return counter


def phase_questions(args: argparse.Namespace) -> dict[str, Any]:
    from hgrag.graphs.api import ask
    from hgrag.tools.entity_index import EntityIndex
    from hgrag.tools.resources import Resources, register_resources

    store, url, open_seconds = _open(args)
    started = time.perf_counter()
    index = EntityIndex.load(args.workdir / f"index-{args.scale:g}", store)
    index_seconds = time.perf_counter() - started
    resources = Resources("dblp", store, index, args.workdir, None, True, args.workdir)
    register_resources(resources, args.workdir, graph=url)
    questions = _questions(store, index, args.questions)
    for question in questions[:len(MIX)]:  # warm-up: model, caches, compiled graph
        ask(question, "dblp", source=str(args.workdir), graph=url)
    times, outcomes = [], Counter()
    queries = _count_queries(store)
    for question in questions:
        begun = time.perf_counter()
        out = ask(question, "dblp", source=str(args.workdir), graph=url)
        times.append((time.perf_counter() - begun) * 1000)
        outcomes["answered" if out.get("answer") else "abstained"] += 1
    ordered = sorted(times)
    return {"open_seconds": open_seconds, "index_load_seconds": index_seconds,
            "warm_load_seconds": open_seconds + index_seconds, "questions": len(times),
            "p50_ms": statistics.median(ordered), "p95_ms": ordered[int(0.95 * (len(ordered) - 1))],
            "outcomes": dict(outcomes), "qa_peak_rss_mb": _peak_mb(),
            "db_queries_per_question": queries[0] / len(times) if queries else None,
            "examples": questions[:len(MIX)]}


def phase_parity(args: argparse.Namespace) -> dict[str, Any]:
    """The question mix on both stores of one size: how many outcomes differ."""
    from synthetic import networkx_store

    from hgrag.graphs.api import ask
    from hgrag.tools.entity_index import EntityIndex
    from hgrag.tools.falkordb_store import FalkorDBGraphStore
    from hgrag.tools.resources import Resources, register_resources

    url = f"falkordb://127.0.0.1:{args.port}/{GRAPH}"
    stores = {url: FalkorDBGraphStore.connect(url, name="dblp"),
              "networkx": networkx_store(_synthetic(args.workdir, args.scale))}
    for graph, store in stores.items():
        index = EntityIndex.load(args.workdir / f"index-{args.scale:g}", store)
        register_resources(Resources("dblp", store, index, args.workdir, None, True, args.workdir),
                           args.workdir, graph=graph)
    questions = _questions(stores["networkx"], index, args.questions)
    differ = []
    for question in questions:
        outs = [ask(question, "dblp", source=str(args.workdir), graph=graph) for graph in stores]
        if [{k: o.get(k) for k in ("answer", "answer_text", "verified")} for o in outs][0] != \
                [{k: o.get(k) for k in ("answer", "answer_text", "verified")} for o in outs][1]:
            differ.append(question)
    return {"questions": len(questions), "differ": len(differ), "examples": differ[:3]}


PHASES = {"build-falkordb": phase_build_falkordb, "build-networkx": phase_build_networkx,
          "questions": phase_questions, "parity": phase_parity}


# -- orchestration ---------------------------------------------------------------------------------
def _run_phase(phase: str, scale: float, workdir: Path, store: str = "", port: int = 0,
               questions: int = 100) -> dict[str, Any]:
    command = [sys.executable, __file__, "--phase", phase, "--scale", str(scale), "--workdir",
               str(workdir), "--store", store, "--port", str(port), "--questions", str(questions)]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        return {"error": done.stderr.strip().splitlines()[-1:] or ["failed"]}
    return json.loads(done.stdout.strip().splitlines()[-1])


def _falkordb_size(scale: float, workdir: Path, questions: int) -> dict[str, Any]:
    from hgrag.tools.falkordb_store import FalkorDBGraphStore
    from hgrag.tools.graph_server import start_server

    data = workdir / f"falkordb-{scale:g}"
    shutil.rmtree(data, ignore_errors=True)
    server = start_server(data)
    try:
        result = _run_phase("build-falkordb", scale, workdir, port=server.port)
        started = time.perf_counter()
        server.save()
        result["rdb_save_seconds"] = time.perf_counter() - started
        result["db_rss_mb_after_build"] = (server.rss_bytes() or 0) / 2**20
    finally:
        server.stop()
    started = time.perf_counter()
    server = start_server(data, wait=600)
    try:
        FalkorDBGraphStore.connect(server.url(GRAPH)).node_counts()
        result["db_warm_load_seconds"] = time.perf_counter() - started
        result["rdb_bytes"] = (data / "hgrag.rdb").stat().st_size
        result.update(_run_phase("questions", scale, workdir, "falkordb", server.port, questions))
        result["db_rss_mb"] = (server.rss_bytes() or 0) / 2**20
    finally:
        server.stop()
    return result


def _networkx_size(scale: float, workdir: Path, questions: int) -> dict[str, Any]:
    result = _run_phase("build-networkx", scale, workdir)
    if "error" in result:
        return result
    result.update(_run_phase("questions", scale, workdir, "networkx", 0, questions))
    (workdir / f"nx-{scale:g}.pkl").unlink(missing_ok=True)
    return result


def markdown_table(rows: list[dict[str, Any]]) -> str:
    """The README table of one or more reports' rows (sizes in order, stores side by side)."""
    def number(row: dict[str, Any], key: str, scale: float = 1.0, digits: int = 0) -> str:
        value = row.get(key)
        return "–" if value is None else f"{value * scale:,.{digits}f}"

    lines = ["| size | store | nodes / edges | build: graph + index (s) | build peak RSS (MB) | DB RSS (MB) "
             "| warm load (s) | QA peak RSS (MB) | p50 / p95 (ms) | index (MB) |", "|" + "---|" * 10]
    for row in sorted(rows, key=lambda r: (r["scale"], r["store"])):
        index = number(row, "index_bytes", 2**-20) if row["store"] == "falkordb" else "same"
        warm = row.get("warm_load_seconds")
        if row["store"] == "falkordb" and warm is not None:
            warm_text = f"{row['db_warm_load_seconds']:.1f} (server RDB) + {warm:.1f}"
        else:
            warm_text = number(row, "warm_load_seconds", digits=1)
        graph, built = row.get("graph_seconds"), row.get("index_seconds")
        build = f"{graph:,.0f} + {built:,.0f}" if graph is not None and built is not None else number(row, "graph_seconds")
        sizes = f"{row['nodes']:,} / {row['edges']:,}" if "nodes" in row else ""
        lines.append(f"| {row['scale']:g}× | {row['store']} | {sizes} | {build} | {number(row, 'build_peak_rss_mb')} "
                     f"| {number(row, 'db_rss_mb')} | {warm_text} | {number(row, 'qa_peak_rss_mb')} "
                     f"| {number(row, 'p50_ms')} / {number(row, 'p95_ms')} | {index} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--scales", type=float, nargs="+", default=[1, 5, 10])
    parser.add_argument("--stores", nargs="+", default=["falkordb", "networkx"])
    parser.add_argument("--out", type=Path, default=Path("/tmp/hgrag-scale.json"))
    parser.add_argument("--workdir", type=Path, default=Path("/tmp/hgrag-scale"))
    parser.add_argument("--questions", type=int, default=100)
    parser.add_argument("--phase", choices=sorted(PHASES))
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--store", default="")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--progress", action="store_true")
    parser.add_argument("--table", type=Path, nargs="+", help="print the README table of these reports")
    args = parser.parse_args(argv)
    if args.table:
        print(markdown_table([row for path in args.table for row in json.loads(path.read_text())["results"]]))
        return 0
    args.workdir.mkdir(parents=True, exist_ok=True)
    if args.phase:
        print(json.dumps(PHASES[args.phase](args), default=str))
        return 0
    report: dict[str, Any] = {"date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
                              "cpus": os.cpu_count(), "embed_limit": os.environ.get("HGRAG_EMBED_LIMIT"),
                              "results": []}
    for scale in args.scales:
        for store in args.stores:
            begun = time.perf_counter()
            runner = _falkordb_size if store == "falkordb" else _networkx_size
            row = {"scale": scale, "store": store, **runner(scale, args.workdir, args.questions)}
            row["wall_seconds"] = time.perf_counter() - begun
            report["results"].append(row)
            args.out.write_text(json.dumps(report, indent=1, default=str))
            print(json.dumps(row, default=str), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
