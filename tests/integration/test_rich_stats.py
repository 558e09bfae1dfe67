"""`hgrag stats` on the whole OpenAlex set lists the richer kinds (issue 22) with the counts an
independent parse of the raw files gives; DBLP lists none of them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rich_raw import raw_works, rich_counts
from hgrag.graphs.cli import main
from hgrag.tools.graph_kinds import RICH_EDGE_TYPES, RICH_NODE_TYPES

pytestmark = pytest.mark.integration


def _stats(dataset: str, capsys: pytest.CaptureFixture) -> dict:
    assert main(["stats", "--dataset", dataset, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_openalex_stats_count_the_richer_kinds(datasets_dir: Path, session_hgrag_home: Path, capsys) -> None:
    nodes, edges = rich_counts(raw_works(datasets_dir / "openalex" / "author-data"))
    report = _stats("openalex", capsys)
    assert {t: report["nodes"].get(t) for t in RICH_NODE_TYPES} == {t: nodes[t] for t in RICH_NODE_TYPES}
    assert {t: report["edges"].get(t) for t in RICH_EDGE_TYPES} == {t: edges[t] for t in RICH_EDGE_TYPES}


def test_dblp_stats_list_no_richer_kind(session_hgrag_home: Path, capsys) -> None:
    report = _stats("dblp-tiny", capsys)
    assert set(report["nodes"]) == {"author", "paper", "venue"}
    assert set(report["edges"]) == {"writes", "published_in", "cites"}
