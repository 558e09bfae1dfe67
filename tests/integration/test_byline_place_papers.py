"""'Papers first-authored by A' on the tiny DBLP graph: the papers whose byline starts with A, against an
independent parse of the raw file (tests/tiny_raw.py)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from tiny_raw import norm, norm_set, read_aminer

from hgrag.graphs.api import ask

pytestmark = pytest.mark.integration
DATASET = "dblp-tiny"


def test_papers_first_authored_by_an_author_are_those_that_list_them_first(dblp_tiny_file: Path,
                                                                          session_hgrag_home: Path) -> None:
    corpus = read_aminer(dblp_tiny_file)
    papers = list(corpus.papers.values())
    names = Counter(name for paper in papers for _, name in paper.authors)
    first = Counter(paper.authors[0][1] for paper in papers if paper.authors)
    # a unique name that is first on some papers and not first on others: both readings differ
    name = next(n for n, c in first.items() if names[n] > c and len([k for k in names if norm(k) == norm(n)]) == 1)
    expected = {p.title for p in papers if p.authors and p.authors[0][1] == name}
    result = ask(f"Papers first-authored by {name}?", DATASET)
    assert result["verified"] and norm_set(result["answer"]) == norm_set(expected)
    count = ask(f"How many papers did {name} write as first author?", DATASET)
    assert count["answer"] == [str(len(expected))]
