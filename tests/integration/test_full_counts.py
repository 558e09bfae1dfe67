"""Full datasets: graph counts must equal the figures in each dataset's PROVENANCE.md.

Writes edges are distinct (author, paper) pairs; PROVENANCE's "authorship edges" /
"paper-author edges" count author-list entries, kept as graph attribute `authorships`
(a name listed twice on one paper: 20 such entries in OpenAlex, 2 in DBLP).
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from hgrag.tools.graph_builder import build_store
from hgrag.tools.loaders.detect import iter_records

pytestmark = pytest.mark.integration


def _raw_openalex_cites(directory: Path) -> int:
    """In-set citation pairs, counted straight from the JSON without the loader."""
    works: dict[str, list[str]] = {}
    for path in sorted(directory.glob("*.json.gz")):
        for work in json.loads(gzip.decompress(path.read_bytes()))["works"]:
            works.setdefault(work["id"], work["referenced_works"])
    return len({(w, r) for w, refs in works.items() for r in refs if r in works})


def test_openalex_full_counts_with_index(openalex_full, datasets_dir: Path) -> None:
    resources = openalex_full
    store = resources.store
    nodes = store.node_counts()  # the richer kinds are counted against the raw files in test_rich_stats.py
    assert {k: nodes[k] for k in ("author", "paper", "venue")} == {"author": 8_469, "paper": 5_817, "venue": 1_022}
    edges = store.edge_counts()
    assert store.facts["authorships"] == 27_331
    assert edges["writes"] == 27_311 and edges["published_in"] == 4_919
    assert edges["cites"] == _raw_openalex_cites(datasets_dir / "openalex" / "author-data")
    assert store.facts["records_read"] == 7_065
    author = next(store.nodes_of_type("author"))
    hits = resources.index.lookup(store.label(author), "author")
    assert author in [hit.node_id for hit in hits]


def test_dblp_full_graph_counts(datasets_dir: Path) -> None:
    store = build_store(iter_records("dblp", datasets_dir / "dblp" / "aminer_v8_ccf"), "dblp")
    assert store.node_counts() == {"author": 90_742, "paper": 73_565, "venue": 68}
    assert store.edge_counts() == {"writes": 190_496, "published_in": 73_565, "cites": 29_104}
    assert store.facts["authorships"] == 190_498
    assert store.facts["duplicate_records"] == 441
    counts = [store.attr(p, "cited_by_count") for p in store.nodes_of_type("paper")]
    assert max(counts) == 211 and sum(1 for c in counts if c) == 13_066
