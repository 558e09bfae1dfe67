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

    def _add_paper(self, record: PaperRecord) -> None:
        if record.cited_by_count is None:
            self.uncounted.append(record.id)
        self.store.add_node(record.id, "paper", title=record.title, year=record.year,
                            cited_by_count=record.cited_by_count, doi=record.doi,
                            work_type=record.type, language=record.language)

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
                           duplicate_records=self.duplicates, authorships=self.authorships)
        self.references = {}
        return self.store


def build_store(records: Iterable[PaperRecord], name: str) -> NetworkXGraphStore:
    """Build the heterogeneous graph from records (see the module docstring for the rules).

    Graph-level facts land in `store.graph.graph`: records_read, duplicate_records and
    authorships (author-list entries, which can exceed the `writes` edge count).
    """
    builder = _Builder(name)
    for record in records:
        builder.add(record)
    return builder.finish()
