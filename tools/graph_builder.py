"""Turn a stream of `PaperRecord`s into a `NetworkXGraphStore` (schema in tools/graph_store.py).

- Every node's `type` attribute is its node type (author | paper | venue), so the record's
  own type lands in `work_type` on papers ("article", "preprint", ...) and `venue_type`
  on venues ("journal", "conference", ...).
- Papers are deduplicated by id: the first occurrence wins, later copies are ignored.
- `writes` author->paper edges carry the 1-based byline `position` (and OpenAlex's
  `author_position`). A name listed twice on one paper yields one edge (the first slot);
  the graph-level attribute `authorships` keeps the raw author-list count.
- `cites` paper->paper edges are added after every paper is read, and only when both
  ends are papers of the graph (references leaving the set are dropped).
- Citation counts: records that carry one (OpenAlex `cited_by_count`) keep it. Records
  without one (AMiner V8 and dblp.xml have none) get `cited_by_count` = the number of
  papers *in this graph* that cite them (in-set citations), and `citation_count_source`
  = "in-set" on the node so answers can say so.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from hgrag.tools.graph_kinds import authorship_id
from hgrag.tools.graph_store import NetworkXGraphStore
from hgrag.tools.records import PaperRecord


class _Builder:
    """Accumulates one graph; `finish()` adds citations and in-set counts."""

    def __init__(self, name: str):
        self.store = NetworkXGraphStore(name=name)
        self.references: dict[str, list[str]] = {}
        self.uncounted: list[str] = []
        self.records = 0
        self.duplicates = 0
        self.authorships = 0

    def add(self, record: PaperRecord) -> None:
        self.records += 1
        if record.id in self.references:
            self.duplicates += 1
            return
        self.references[record.id] = record.references
        self._add_paper(record)
        self._add_authors(record)
        self._add_venue(record)
        if record.source == "openalex":
            add_rich(self.store, record)

    def _add_paper(self, record: PaperRecord) -> None:
        if record.cited_by_count is None:
            self.uncounted.append(record.id)
        self.store.add_node(record.id, "paper", title=record.title, year=record.year,
                            cited_by_count=record.cited_by_count, doi=record.doi,
                            work_type=record.type, language=record.language, abstract=record.abstract)

    def _add_authors(self, record: PaperRecord) -> None:
        for author in record.authors:
            self.authorships += 1
            self.store.add_node(author.id, "author", name=author.name, orcid=author.orcid)
            attrs = {"position": author.position}
            if author.author_position:
                attrs["author_position"] = author.author_position
            self.store.add_edge(author.id, record.id, "writes", **attrs)

    def _add_venue(self, record: PaperRecord) -> None:
        venue = record.venue
        if venue is None:
            return
        self.store.add_node(venue.id, "venue", name=venue.name, venue_type=venue.type,
                            issn_l=venue.issn_l)
        self.store.add_edge(record.id, venue.id, "published_in")

    def finish(self) -> NetworkXGraphStore:
        papers = self.references
        for source, targets in papers.items():
            for target in targets:
                if target in papers:
                    self.store.add_edge(source, target, "cites")
        graph = self.store.graph
        for paper_id in self.uncounted:
            graph.nodes[paper_id]["cited_by_count"] = self.store.degree(paper_id, "cites", "in")
            graph.nodes[paper_id]["citation_count_source"] = "in-set"
        graph.graph.update(name=self.store.name, records_read=self.records,
                           duplicate_records=self.duplicates, authorships=self.authorships,
                           paper_years=year_span(graph.nodes[paper].get("year") for paper in papers))
        self.references = {}
        return self.store


def year_span(years: Iterable[Any]) -> list[int]:
    """[first, last] of the integer years given ([] when there is none)."""
    known = [year for year in years if isinstance(year, int)]
    return [min(known), max(known)] if known else []


def add_rich(store: NetworkXGraphStore, record: PaperRecord) -> None:
    """The richer OpenAlex kinds of one paper (tools/graph_kinds.py): one authorship node per author
    entry (the first slot of a name listed twice), its institutions, topics, keywords and funders."""
    for author in record.authors:
        node = authorship_id(record.id, author.id)
        if store.has_node(node):
            continue
        store.add_node(node, "authorship", name=f"{author.name} on {record.title}", position=author.position)
        store.add_edge(node, author.id, "authorship_by")
        store.add_edge(node, record.id, "authorship_of")
        for place in author.institutions:
            store.add_node(place.id, "institution", name=place.name, country_code=place.country_code,
                           institution_type=place.type)
            store.add_edge(node, place.id, "affiliated_with")
    for topic in record.topics:
        store.add_node(topic.id, "topic", name=topic.name)
        scored = {"score": topic.score} if topic.score is not None else {}
        store.add_edge(record.id, topic.id, "has_topic", primary=topic.primary, **scored)
        if topic.primary:
            store.add_edge(record.id, topic.id, "primary_topic", **scored)
        below = topic.id
        for level, edge in ((topic.subfield, "in_subfield"), (topic.field, "in_field"), (topic.domain, "in_domain")):
            if level is None:
                break
            store.add_node(level[0], edge[3:], name=level[1])
            store.add_edge(below, level[0], edge)
            below = level[0]
    for kind, edge, terms in (("keyword", "has_keyword", record.keywords), ("funder", "funded_by", record.funders)):
        for term in terms:
            store.add_node(term.id, kind, name=term.name)
            store.add_edge(record.id, term.id, edge, **({"score": term.score} if term.score is not None else {}))


def build_store(records: Iterable[PaperRecord], name: str) -> NetworkXGraphStore:
    """Build the heterogeneous graph from records (see the module docstring for the rules).

    Graph-level facts land in `store.graph.graph`: records_read, duplicate_records and
    authorships (author-list entries, which can exceed the `writes` edge count).
    """
    builder = _Builder(name)
    for record in records:
        builder.add(record)
    return builder.finish()
