"""Works repeated across OpenAlex files with different cited_by_count.

The rule (hgrag's loader and tests/tiny_raw.py alike): files are read in sorted file-name order, works in
file order, and the first copy of a work id wins; later copies are ignored. The five tiny files repeat no
work, so this test takes the first pair of full-set files (author-data/, in sorted order) that share a work
whose copies disagree, writes them uncompressed under names that fix the reading order, both ways round,
and checks what the executor reads against tiny_raw's parse of the same two files.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from ir_cases import run, scalar, values
from ir_oracle import short
from tiny_raw import read_openalex

pytestmark = pytest.mark.integration


def _disagreeing_pair(directory: Path) -> tuple[Path, Path, str]:
    """Two files (in sorted order) sharing a work whose cited_by_count differs, and that work's id."""
    first_seen: dict[str, tuple[Path, int]] = {}
    for path in sorted(directory.glob("*.json.gz")):
        for work in json.loads(gzip.decompress(path.read_bytes()))["works"]:
            earlier = first_seen.setdefault(work["id"], (path, work["cited_by_count"]))
            if earlier[0] != path and earlier[1] != work["cited_by_count"]:
                return earlier[0], path, work["id"]
    raise LookupError("no repeated work with disagreeing copies")


@pytest.fixture(scope="module")
def pair(datasets_dir: Path) -> tuple[Path, Path, str]:
    directory = datasets_dir / "openalex" / "author-data"
    if not directory.is_dir():
        pytest.skip(f"full OpenAlex files not found at {directory}")
    return _disagreeing_pair(directory)


@pytest.mark.parametrize("reverse", [False, True])
def test_the_copy_read_first_wins(pair: tuple[Path, Path, str], tmp_path: Path, hgrag_home: Path,
                                  reverse: bool) -> None:
    from hgrag.state.plan_ir import aggregate, match, project, traverse
    from hgrag.tools.resources import load_graph

    one, two, work = pair
    ordered = (two, one) if reverse else (one, two)
    for rank, path in enumerate(ordered, start=1):  # "1_…" is read before "2_…"
        (tmp_path / f"{rank}_{path.name[:-3]}").write_bytes(gzip.decompress(path.read_bytes()))
    raw = read_openalex(tmp_path)
    copies = [w["cited_by_count"] for p in ordered for w in json.loads(gzip.decompress(p.read_bytes()))["works"]
              if w["id"] == work]
    assert copies[0] != copies[-1] and work in raw.conflicting
    assert raw.papers[work].cited_by_count == copies[0]  # the independent reader keeps the first copy too

    store = load_graph("openalex", tmp_path).store
    got = run(store, project(match([short(work)], "paper"), "cited_by_count"))
    assert values(got) == {copies[0]: 1}
    seed = short(json.loads(gzip.decompress(ordered[0].read_bytes()))["details"]["id"])
    total = run(store, aggregate(traverse(match([seed], "author"), "writes", "out"), "sum", "cited_by_count"))
    expected = sum(p.cited_by_count for p in raw.papers.values() if any(short(a) == seed for a, _ in p.authors))
    assert scalar(total) == expected
