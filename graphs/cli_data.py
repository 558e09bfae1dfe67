"""`hgrag build`, `hgrag stats` and `hgrag search`: the data-layer sub-commands."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from hgrag.graphs.cli_graph import add_graph_argument
from hgrag.tools.datasets import DATASETS
from hgrag.tools.errors import InputError
from hgrag.tools.graph_store import NODE_TYPES
from hgrag.tools.question import check_search_text

DATASET_HELP = "dataset name: " + ", ".join(
    f"{name} ({spec.description})" for name, spec in DATASETS.items())


def _add_dataset_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--dataset", default="openalex", metavar="NAME",
                        help=DATASET_HELP + "; default: openalex")
    parser.add_argument("--source", metavar="PATH",
                        help="read this file or directory instead of the dataset's default location "
                             "(format detected from content; the loader family follows --dataset)")
    parser.add_argument("--skip-bad-records", action="store_true",
                        help="skip and count malformed records instead of stopping at the first one")
    add_graph_argument(parser)


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add build, stats and search to the `hgrag` parser."""
    build = subparsers.add_parser(
        "build", help="build (or reuse) the cached graph and entity index of a dataset",
        description="Read a dataset, build its heterogeneous graph and entity index, and cache "
                    "both under HGRAG_HOME (default ~/.cache/hgrag). Reuses a cache built from "
                    "identical source files unless --rebuild.")
    _add_dataset_arguments(build)
    build.add_argument("--rebuild", action="store_true",
                       help="ignore any cached graph and index and build them again")
    build.add_argument("--quiet", action="store_true", help="no progress bars")
    build.set_defaults(func=run_build)

    stats = subparsers.add_parser(
        "stats", help="node and edge counts of a dataset's graph",
        description="Print node counts by type (author, paper, venue) and edge counts by type "
                    "(writes, published_in, cites). Builds and caches the graph (not the entity "
                    "index) when needed.")
    _add_dataset_arguments(stats)
    stats.add_argument("--json", action="store_true", help="print one JSON object")
    stats.set_defaults(func=run_stats)

    search = subparsers.add_parser(
        "search", help="find authors, papers or venues by name or title",
        description="Rank graph entities for a text: exact and normalised name matches first, "
                    "then embedding neighbours. Shows score and match kind.")
    search.add_argument("text", help="name, title or venue to look for")
    _add_dataset_arguments(search)
    search.add_argument("--type", choices=NODE_TYPES, dest="node_type",
                        help="only this entity type")
    search.add_argument("-k", type=int, default=10, metavar="N",
                        help="number of candidates (1-100, default 10)")
    search.add_argument("--json", action="store_true", help="print a JSON list")
    search.set_defaults(func=run_search)


def _resources(args: argparse.Namespace, *, rebuild: bool = False, progress: bool = False) -> Any:
    from hgrag.tools.resources import load_resources

    return load_resources(args.dataset, args.source, skip_bad_records=args.skip_bad_records,
                          progress=progress, rebuild=rebuild, graph=args.graph)


def _counts_line(counts: dict[str, int]) -> str:
    return ", ".join(f"{count:,} {name}" for name, count in counts.items())


def run_build(args: argparse.Namespace) -> int:
    from hgrag.tools.falkordb_resources import explicit_load

    with explicit_load():  # `build --graph URL` is what may bulk-load a graph named in the URL
        resources = _resources(args, rebuild=args.rebuild, progress=not args.quiet)
    store = resources.store
    print(f"dataset:  {resources.dataset} ({resources.source})")
    print(f"nodes:    {_counts_line(store.node_counts())}")
    print(f"edges:    {_counts_line(store.edge_counts())}")
    if resources.bad_records:
        print(f"skipped:  {resources.bad_records:,} bad records")
    if resources.meta.get("graph"):
        print(f"graph:    FalkorDB {resources.meta['graph']}")
    print(f"cache:    {resources.cache_dir}")
    if resources.loaded_from_cache:
        print("time:     loaded from cache (use --rebuild to build again)")
    else:
        print(f"time:     built in {resources.build_seconds:.1f} s")
    return 0


def stats_report(dataset: str, store: Any, meta: dict[str, Any]) -> dict[str, Any]:
    report = {"dataset": dataset, "nodes": store.node_counts(), "edges": store.edge_counts()}
    facts = getattr(store, "facts", None)  # the embedded stores; a database store has meta.json's
    authorships = facts.get("authorships") if facts is not None else meta.get("authorships")
    if authorships is not None:
        report["authorships"] = authorships
    if meta.get("bad_records"):
        report["bad_records"] = meta["bad_records"]
    return report


def run_stats(args: argparse.Namespace) -> int:
    from hgrag.tools.falkordb_resources import selected_graph
    from hgrag.tools.resources import load_graph

    if selected_graph(args.graph):
        graph = _resources(args)
    else:
        graph = load_graph(args.dataset, args.source, skip_bad_records=args.skip_bad_records)
    report = stats_report(args.dataset, graph.store, graph.meta)
    if args.json:
        print(json.dumps(report))
        return 0
    print(f"dataset: {args.dataset} ({graph.source})")
    for section in ("nodes", "edges"):
        print(f"{section}:")
        for name, count in report[section].items():
            print(f"  {name:<16}{count:>10,}")
    if "authorships" in report:
        print(f"authorships (author-list entries): {report['authorships']:,}")
    if "bad_records" in report:
        print(f"bad records skipped: {report['bad_records']:,}")
    return 0


def _check_query(args: argparse.Namespace) -> str:
    text = check_search_text(args.text)
    if not 1 <= args.k <= 100:
        raise InputError(f"-k must be between 1 and 100, got {args.k}")
    return text


def run_search(args: argparse.Namespace) -> int:
    text = _check_query(args)
    resources = _resources(args)
    candidates = resources.index.search(text, node_type=args.node_type, k=args.k)[: args.k]
    rows = [{"rank": rank, "node_id": c.node_id, "type": c.node_type, "label": c.label,
             "score": round(float(c.score), 4), "match": c.match}
            for rank, c in enumerate(candidates, start=1)]
    if args.json:
        print(json.dumps(rows, ensure_ascii=False))
        return 0
    if not rows:
        print(f"no match for {text!r}", file=sys.stderr)
        return 1
    for row in rows:
        print(f"{row['rank']:>3}. {row['score']:.3f} {row['match']:<10} {row['type']:<6} "
              f"{row['node_id']}  {row['label']}")
    return 0
