"""Graph builder: counts on the tiny datasets (checked against raw data), and the rules."""

from __future__ import annotations

import json
from pathlib import Path

from hgrag.tools.graph_builder import build_store
from hgrag.tools.loaders.detect import iter_records
from hgrag.tools.records import AuthorRef, PaperRecord, VenueRef


def _raw_openalex_counts(directory: Path) -> dict[str, int]:
    """Count distinct ids straight from the JSON files, without the loader."""
    works: dict[str, dict] = {}
    for path in sorted(directory.glob("*.json")):
        for work in json.loads(path.read_text(encoding="utf-8"))["works"]:
            works.setdefault(work["id"], work)
    authors, pairs, venues, linked = set(), set(), set(), 0
    for work in works.values():
        for authorship in work["authorships"]:
            if authorship["author"]["id"]:
                authors.add(authorship["author"]["id"])
                pairs.add((authorship["author"]["id"], work["id"]))
        source = (work["primary_location"] or {}).get("source")
        if source:
            venues.add(source["id"])
            linked += 1
    cites = {(w["id"], r) for w in works.values() for r in w["referenced_works"] if r in works}
    return {"paper": len(works), "author": len(authors), "venue": len(venues),
            "writes": len(pairs), "published_in": linked, "cites": len(cites)}


def test_openalex_tiny_counts_match_raw_json(openalex_tiny_dir: Path) -> None:
    expected = _raw_openalex_counts(openalex_tiny_dir)
    store = build_store(iter_records("openalex", openalex_tiny_dir), "openalex-tiny")
    nodes, edges = store.node_counts(), store.edge_counts()
    # the richer kinds (institutions, topics, ...) are counted in tests/unit/test_rich_graph.py
    assert {k: nodes[k] for k in ("author", "paper", "venue")} == {key: expected[key] for key in ("author", "paper", "venue")}
    assert {k: edges[k] for k in ("writes", "published_in", "cites")} == \
        {key: expected[key] for key in ("writes", "published_in", "cites")}
    assert expected["paper"] == 35  # PROVENANCE: the 5 tiny files hold 35 distinct works


def test_dblp_tiny_counts_match_raw_text(dblp_tiny_file: Path) -> None:
    text = dblp_tiny_file.read_text(encoding="utf-8", errors="replace")
    blocks = [b for b in text.split("#*")[1:]]
    ids = {line[6:].strip() for b in blocks for line in b.splitlines() if line.startswith("#index")}
    authors = {a.strip() for b in blocks for line in b.splitlines() if line.startswith("#@")
               for a in line[2:].split(",") if a.strip()}
    venues = {line[2:].strip() for b in blocks for line in b.splitlines() if line.startswith("#c")}
    store = build_store(iter_records("dblp", dblp_tiny_file), "dblp-tiny")
    assert store.node_counts() == {"author": len(authors), "paper": len(ids), "venue": len(venues)}
    assert store.edge_counts()["published_in"] == len(ids)


def _paper(paper_id: str, *, authors=(), refs=(), cited=None, venue=None, title=None) -> PaperRecord:
    return PaperRecord(id=paper_id, title=title or f"Title {paper_id}", year=2000,
                       authors=[AuthorRef(id=f"a:{n}", name=n, position=i)
                                for i, n in enumerate(authors, start=1)],
                       references=list(refs), cited_by_count=cited, venue=venue, type="article")


def test_first_occurrence_wins_and_duplicates_are_counted() -> None:
    store = build_store([_paper("p1", title="First"), _paper("p1", title="Second")], "g")
    assert store.attr("p1", "title") == "First"
    assert store.graph.graph["duplicate_records"] == 1 and store.node_counts()["paper"] == 1


def test_cites_only_inside_the_graph_and_in_set_counts() -> None:
    records = [_paper("p1", refs=["p2", "p3", "outside"]), _paper("p2", refs=["p3"]), _paper("p3")]
    store = build_store(records, "g")
    assert sorted(store.neighbors("p1", "cites")) == ["p2", "p3"]
    assert store.edge_counts()["cites"] == 3
    assert [store.attr(p, "cited_by_count") for p in ("p1", "p2", "p3")] == [0, 1, 2]
    assert store.attr("p3", "citation_count_source") == "in-set"


def test_given_citation_counts_are_kept() -> None:
    store = build_store([_paper("p1", refs=["p2"], cited=7), _paper("p2", cited=40)], "g")
    assert store.attr("p2", "cited_by_count") == 40
    assert store.attr("p2", "citation_count_source") is None


def test_the_build_records_the_span_of_publication_years() -> None:
    from hgrag.agents.understanding.reading import graph_years

    papers = [_paper("p1"), _paper("p2"), _paper("p3")]
    papers[0].year, papers[1].year, papers[2].year = 2011, 1998, None
    store = build_store(papers, "g")
    assert store.graph.graph["paper_years"] == [1998, 2011] == graph_years(store)
    store.graph.graph.pop("paper_years")  # a store built without the record: read from its papers
    assert graph_years(store) == [1998, 2011]
    assert build_store([], "empty").graph.graph["paper_years"] == []


def test_writes_and_venue_edges() -> None:
    venue = VenueRef(id="v1", name="Journal", type="journal", issn_l="1")
    store = build_store([_paper("p1", authors=["Ann", "Bob", "Ann"], venue=venue)], "g")
    assert store.edge("a:Bob", "p1", "writes") == {"position": 2}
    assert store.edge("a:Ann", "p1", "writes") == {"position": 1}  # repeated name: first slot
    assert store.edge_counts()["writes"] == 2 and store.graph.graph["authorships"] == 3
    assert store.step("p1", "venue") == ["v1"]
    assert store.node("v1") == {"type": "venue", "name": "Journal", "venue_type": "journal",
                                "issn_l": "1"}
    assert store.node_type("p1") == "paper" and store.attr("p1", "work_type") == "article"
