"""The richer OpenAlex kinds (issue 22): counts against an independent parse of the raw files, the
affiliation of an author on one paper, topics with their hierarchy, keywords, funders, abstracts."""

from __future__ import annotations

from pathlib import Path

import pytest

from rich_raw import raw_works, rich_counts
from hgrag.tools.graph_builder import build_store
from hgrag.tools.graph_kinds import RICH_EDGE_TYPES, RICH_NODE_TYPES, authorship_id
from hgrag.tools.loaders.openalex import iter_openalex_file


@pytest.fixture(scope="module")
def tiny(openalex_tiny_dir: Path):
    records = [r for p in sorted(openalex_tiny_dir.glob("*.json")) for r in iter_openalex_file(p)]
    return build_store(records, "tiny"), raw_works(openalex_tiny_dir)


def test_counts_match_an_independent_count_of_the_raw_files(tiny) -> None:
    store, works = tiny
    nodes, edges = rich_counts(works)
    assert {t: store.node_counts().get(t, 0) for t in RICH_NODE_TYPES} == {t: nodes.get(t, 0) for t in RICH_NODE_TYPES}
    assert {t: store.edge_counts().get(t, 0) for t in RICH_EDGE_TYPES} == {t: edges.get(t, 0) for t in RICH_EDGE_TYPES}
    assert nodes["institution"] > 0 and nodes["keyword"] > 0 and edges["funded_by"] > 0


def test_affiliations_keep_their_paper(tiny) -> None:
    store, works = tiny
    for work in works:
        wid = work["id"].rsplit("/", 1)[1]
        for authorship in work["authorships"]:
            aid = authorship["author"]["id"].rsplit("/", 1)[1]
            node = authorship_id(wid, aid)
            wanted = {i["id"].rsplit("/", 1)[1] for i in authorship["institutions"]}
            assert set(store.neighbors(node, "affiliated_with")) == wanted
            assert store.neighbors(node, "authorship_of") == [wid]
            assert store.neighbors(node, "authorship_by") == [aid]


def test_primary_topic_hierarchy_and_keywords(tiny) -> None:
    store, works = tiny
    for work in works:
        wid = work["id"].rsplit("/", 1)[1]
        primary = work["primary_topic"]
        assert store.neighbors(wid, "primary_topic") == ([primary["id"].rsplit("/", 1)[1]] if primary else [])
        if primary:
            topic = store.neighbors(wid, "primary_topic")[0]
            subfield = store.neighbors(topic, "in_subfield")
            assert [store.label(s) for s in subfield] == [primary["subfield"]["display_name"]]
            field = store.neighbors(subfield[0], "in_field")
            assert [store.label(f) for f in field] == [primary["field"]["display_name"]]
            assert store.edge(wid, topic, "has_topic")["primary"] is True
        keywords = {k["display_name"] for k in work["keywords"]}
        assert {store.label(k) for k in store.neighbors(wid, "has_keyword")} == keywords


def test_abstract_is_rebuilt_in_word_order(tiny) -> None:
    store, works = tiny
    work = next(w for w in works if w["abstract_inverted_index"])
    index = work["abstract_inverted_index"]
    first = min(index, key=lambda word: min(index[word]))
    text = store.attr(work["id"].rsplit("/", 1)[1], "abstract")
    assert text.split(" ")[0] == first and len(text.split(" ")) == sum(len(v) for v in index.values())


def test_dblp_style_records_add_no_rich_kinds() -> None:
    from hgrag.tools.records import AuthorRef, PaperRecord

    store = build_store([PaperRecord(id="p1", title="T", authors=[AuthorRef("a1", "Ann", 1)], source="dblp")], "d")
    assert set(store.node_counts()) == {"author", "paper", "venue"}
    assert set(store.edge_counts()) == {"writes", "published_in", "cites"}
