"""Recall of the HNSW entity index against exact (flat) search, and embedding throughput.

Embeds a sample of `dblp` labels per type (titles, names), builds both index types over it
(HNSW forced, whatever the size threshold) and queries them with the mentions of the dblp
standard benchmark (the titles and names its questions name). Recall@k = |HNSW top-k ∩ flat
top-k| / k, averaged over mentions.

    python benchmarks/index_recall.py --sample 30000 --out /tmp/index_recall.json
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path

import numpy as np

from hgrag.evaluation.generator import generate_questions
from hgrag.tools.embeddings import get_embedder
from hgrag.tools.vector_search import vector_index
from hgrag.tools.entity_keys import exact_key
from hgrag.tools.graph_store import LABEL_ATTR
from hgrag.tools.resources import load_graph

SLOT_TYPE = {"paper": "paper", "paper2": "paper", "author": "author", "author2": "author"}


def mentions(store, per_type: int) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {"paper": [], "author": []}
    for row in generate_questions(store, "dblp", per_type=per_type):
        for slot, value in (row.get("slots") or {}).items():
            if SLOT_TYPE.get(slot) and isinstance(value, str):
                found[SLOT_TYPE[slot]].append(value)
    return {kind: sorted(set(values)) for kind, values in found.items()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sample", type=int, default=30_000)
    parser.add_argument("--k", type=int, default=10)
    parser.add_argument("--per-type", type=int, default=100)
    parser.add_argument("--out", type=Path, default=Path("/tmp/index_recall.json"))
    args = parser.parse_args()
    store = load_graph("dblp").store
    embedder = get_embedder(batch=True)
    queries = mentions(store, args.per_type)
    report = {"date": time.strftime("%Y-%m-%d"), "sample": args.sample, "k": args.k, "types": {}}
    for kind, texts in queries.items():
        labels = [str(v) for v in store.attrs(list(store.nodes_of_type(kind)), LABEL_ATTR[kind]).values() if v]
        sample = random.Random(5).sample(labels, min(args.sample, len(labels)))
        sample = sorted(set(sample) | set(texts))  # the mentioned entities are in the index
        started = time.perf_counter()
        matrix = embedder.encode([exact_key(t) for t in sample])
        embed_seconds = time.perf_counter() - started
        flat, hnsw = vector_index(matrix, hnsw_from=len(matrix) + 1), vector_index(matrix, hnsw_from=0)
        query = embedder.encode([exact_key(t) for t in texts])
        _, exact = flat.search(query, args.k)
        started = time.perf_counter()
        _, approx = hnsw.search(query, args.k)
        search_ms = (time.perf_counter() - started) * 1000 / len(texts)
        recall = np.mean([len(set(a) & set(e)) / args.k for a, e in zip(approx, exact)])
        report["types"][kind] = {"vectors": len(sample), "mentions": len(texts),
                                 "embed_per_second": len(sample) / embed_seconds,
                                 f"recall_at_{args.k}": float(recall), "hnsw_search_ms": search_ms}
        print(kind, report["types"][kind], flush=True)
    args.out.write_text(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
