"""Issue 22 figures: the richer-kind question families (gold from the graph) and the 50-paper /
50-author check against the raw OpenAlex files, answered by the full QA graph (offline policy).

    python benchmarks/rich_kinds.py --dataset openalex --per-family 10 --out results/rich.json
    python benchmarks/rich_kinds.py --dataset openalex --raw-check 50 --out results/rich_raw.json

Every figure is accuracy beside the wrong-answer rate (an answer that is not the gold one); the
rest abstained. --graph falkordb://... answers on FalkorDB instead (parity: run both and compare).
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from hgrag.evaluation.kinds_family import family_questions, hits_at, judge, topical_questions
from hgrag.graphs.api import ask
from hgrag.tools.resources import load_graph, resolve_source


def run(rows: list[dict[str, Any]], dataset: str, graph: str | None, store: Any = None) -> list[dict[str, Any]]:
    done = []
    for row in rows:
        started = time.perf_counter()
        out = ask(row["question"], dataset, **({"graph": graph} if graph else {}))
        result = {**row, "answer": out.get("answer") or [], "answer_text": out.get("answer_text", ""),
                  "verified": out.get("verified"), "outcome": judge(row, out),
                  "seconds": round(time.perf_counter() - started, 3)}
        if row.get("gold_ids") and store is not None:  # the same institutions, under the graph's names
            result["outcome_by_id"] = judge({"gold": [store.label(i) for i in row["gold_ids"]]}, out)
        done.append(result)
    return done


def summary(done: list[dict[str, Any]]) -> dict[str, Any]:
    by: dict[str, Counter] = defaultdict(Counter)
    for row in done:
        by[row["family"]][row["outcome"]] += 1
        by["ALL"][row["outcome"]] += 1
    return {family: {"n": sum(c.values()), "accuracy": round(c["right"] / sum(c.values()), 4),
                     "wrong_rate": round(c["wrong"] / sum(c.values()), 4),
                     "abstained": round(c["abstained"] / sum(c.values()), 4)} for family, c in by.items()}


# -- the raw-file check: gold read straight from the JSON files ----------------------------------
def _short(value: str) -> str:
    return value.rsplit("/", 1)[-1] if value.startswith("https://openalex.org/") and value.count("/") == 3 \
        else value.split("openalex.org/", 1)[-1]


def raw_gold(directory: Path) -> tuple[dict[str, dict], dict[str, set[str]]]:
    """Per work id: title, institutions of its authors, primary topic, keywords; per author id: name
    and institutions over all works (first copy of each work id)."""
    works: dict[str, dict] = {}
    author_places: dict[str, set[str]] = defaultdict(set)
    author_names: dict[str, str] = {}
    for path in sorted(directory.glob("*.json*")):
        data = json.loads(gzip.decompress(path.read_bytes()) if path.suffix == ".gz" else path.read_text())
        for work in data["works"]:
            if work["id"] in works:
                continue
            places = set()
            seen = set()
            for a in work.get("authorships") or []:
                aid = (a.get("author") or {}).get("id")
                if not aid or aid in seen:
                    continue
                seen.add(aid)
                author_names.setdefault(aid, a["author"].get("display_name") or "")
                names = {(i["display_name"], _short(i["id"])) for i in a.get("institutions") or [] if i.get("id")}
                places |= names
                author_places[aid] |= names
            works[work["id"]] = {"title": work.get("display_name") or work.get("title") or "", "places": places,
                                 "primary": (work.get("primary_topic") or {}).get("display_name"),
                                 "keywords": {k["display_name"] for k in work.get("keywords") or [] if k.get("id")}}
    authors = {aid: {"name": author_names[aid], "places": places} for aid, places in author_places.items()}
    return works, authors


def raw_rows(directory: Path, store: Any, n: int, seed: int = 0) -> list[dict[str, Any]]:
    from hgrag.tools.text import norm_key

    works, authors = raw_gold(directory)
    titles = Counter(norm_key(w["title"]) for w in works.values())
    names = Counter(norm_key(a["name"]) for a in authors.values())
    rng = random.Random(seed)
    papers = [w for w in works.values() if titles[norm_key(w["title"])] == 1 and len(w["title"]) > 20
              and w["places"] and w["primary"] and w["keywords"] and "?" not in w["title"]]
    people = [a for a in authors.values() if names[norm_key(a["name"])] == 1 and a["places"] and len(a["name"]) > 6]
    rng.shuffle(papers)
    rng.shuffle(people)
    rows = []
    for i, w in enumerate(sorted(papers[:n], key=lambda w: w["title"])):
        rows += [{"id": f"raw/paper{i}/places", "family": "raw_institutions_of_paper_authors",
                  "question": f"Which institutions are the authors of {w['title']} from?",
                  "gold": sorted(n for n, _ in w["places"]), "gold_ids": sorted(i for _, i in w["places"])},
                 {"id": f"raw/paper{i}/primary", "family": "raw_primary_topic",
                  "question": f"What is the primary topic of {w['title']}?", "gold": [w["primary"]]},
                 {"id": f"raw/paper{i}/keywords", "family": "raw_keywords",
                  "question": f"What are the keywords of {w['title']}?", "gold": sorted(w["keywords"])}]
    for i, a in enumerate(sorted(people[:n], key=lambda a: a["name"])):
        rows.append({"id": f"raw/author{i}", "family": "raw_institutions_of_author",
                     "question": f"Which institutions is {a['name']} affiliated with?",
                     "gold": sorted(n for n, _ in a["places"]), "gold_ids": sorted(i for _, i in a["places"])})
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dataset", default="openalex")
    parser.add_argument("--per-family", type=int, default=0)
    parser.add_argument("--raw-check", type=int, default=0, help="N papers and N authors checked against raw files")
    parser.add_argument("--topical", type=int, default=0, help="N topical questions (Hit@1 / Hit@5)")
    parser.add_argument("--graph", default=None)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default=None)
    args = parser.parse_args(argv)
    store = load_graph(args.dataset).store
    rows = family_questions(store, args.per_family, args.seed) if args.per_family else []
    if args.raw_check:
        _, source = resolve_source(args.dataset, None)
        rows += raw_rows(source, store, args.raw_check, args.seed)
    if args.topical:
        rows += topical_questions(store, args.topical, args.seed)
    report: dict[str, Any] = {"dataset": args.dataset, "graph": args.graph or "networkx"}
    done = run(rows, args.dataset, args.graph, store)
    topical = [r for r in done if r["family"].startswith("topical")]
    if topical:
        report["hits"] = {"n": len(topical), "hit@1": round(sum(hits_at(r, r["answer"], 1) for r in topical) / len(topical), 4),
                          "hit@5": round(sum(hits_at(r, r["answer"], 5) for r in topical) / len(topical), 4)}
        print("topical:", report["hits"])
    report.update({"summary": summary(done), "rows": done})
    by_id = [r for r in done if "outcome_by_id" in r]
    if by_id:
        report["institutions_by_id"] = {o: sum(r["outcome_by_id"] == o for r in by_id) for o in ("right", "wrong",
                                                                                              "abstained")}
        print("institution questions judged by institution id:", report["institutions_by_id"])
    for family, figures in report["summary"].items():
        print(f"{family:<36} n={figures['n']:<4} accuracy {figures['accuracy']:.3f}  wrong {figures['wrong_rate']:.3f}"
              f"  abstained {figures['abstained']:.3f}")
    if args.out:
        Path(args.out).parent.mkdir(parents=True, exist_ok=True)
        Path(args.out).write_text(json.dumps(report, indent=1, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
