"""Independent answers for plan-IR tests, computed from tests/tiny_raw.py's parse of the raw tiny files.

Shares no code with hgrag's loaders, graph builder, store or executor. The only thing taken from hgrag is
its node-id convention (needed to name entities in a `match`), as documented in the loaders:
  OpenAlex  the last segment of the OpenAlex URL: W… papers, A… authors, S… sources (venues)
  AMiner    "aminer:<#index>", "author:<name as written>", "venue:<#c as written>"

Rules the independent computation follows (each stated by the raw formats' PROVENANCE.md or the loaders):
- A work repeated across OpenAlex files: the copy read first wins, reading files in sorted file-name order
  and works in file order (hgrag's loader lists files sorted and its graph builder keeps the first
  occurrence of an id; tiny_raw.read_openalex does the same with `setdefault`). The whole OpenAlex set has
  45 repeated works whose copies disagree on cited_by_count; the 5 tiny files repeat no work at all, which
  `RawGraph` checks (`corpus.conflicting` is empty), and test_ir_duplicates.py checks the rule itself.
- Citation counts: OpenAlex's own cited_by_count; AMiner has none, so a paper's count is the number of
  distinct papers of the file whose #% references point to it (in-set citations).
- `cites` edges join two papers of the data set only (references leaving the set are dropped).
- An author listed twice on one byline is one author of that paper; first author = first listed author,
  last author = last listed author.
- A co-author chain is author - paper - author - …; its length is the number of co-author steps.
"""

from __future__ import annotations

from collections import Counter, deque
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from tiny_raw import RawCorpus, RawPaper, openalex_seed_authors, pick_prolific_author, read_aminer, read_openalex

DATASETS = ("openalex-tiny", "dblp-tiny")
OPENALEX_TINY = ("openalex", "tiny")
DBLP_TINY = ("dblp", "aminer_v8_ccf", "tiny", "information_security_first300.txt")


def short(url: str) -> str:
    return url.rsplit("/", 1)[-1]


@dataclass
class RawGraph:
    """The tiny data set as plain dicts keyed by hgrag node ids."""

    dataset: str
    corpus: RawCorpus
    papers: dict[str, RawPaper] = field(default_factory=dict)
    authors_of: dict[str, list[str]] = field(default_factory=dict)  # paper -> distinct authors, byline order
    papers_of: dict[str, set[str]] = field(default_factory=dict)  # author -> papers
    name_of: dict[str, str] = field(default_factory=dict)  # author -> name
    venue_of: dict[str, str] = field(default_factory=dict)  # paper -> venue id
    refs: dict[str, set[str]] = field(default_factory=dict)  # paper -> in-set papers it cites
    citers: dict[str, set[str]] = field(default_factory=dict)  # paper -> in-set papers citing it

    # -- reading --------------------------------------------------------------------------------
    def papers_in(self, venue: str) -> set[str]:
        return {p for p, v in self.venue_of.items() if v == venue}

    def authors(self) -> list[str]:
        return sorted(self.papers_of)

    def coauthor_counts(self, author: str) -> Counter:
        """Co-authors (the author included) -> number of shared papers: two writes hops with path counts."""
        return Counter(a for p in self.papers_of[author] for a in self.authors_of[p])

    def attr(self, node: str, name: str) -> Any:
        """The value of a filter/project attribute on a paper or an author."""
        if node in self.papers:
            paper = self.papers[node]
            venue = self.venue_of.get(node)
            return {"year": paper.year, "cited_by_count": paper.cited_by_count, "id": node,
                    "n_authors": len(self.authors_of[node]), "venue": {venue} if venue else set(),
                    "author": set(self.authors_of[node]), "cites": self.refs[node], "cited_by": self.citers[node],
                    "work_type": paper.work_type, "language": paper.language}[name]
        return {"id": node, "n_papers": len(self.papers_of[node]), "name": self.name_of[node]}[name]

    def first_author_papers(self, author: str) -> set[str]:
        return {p for p in self.papers_of[author] if self.authors_of[p][0] == author}

    def last_author_papers(self, author: str) -> set[str]:
        return {p for p in self.papers_of[author] if self.authors_of[p][-1] == author}

    # -- co-author chains -------------------------------------------------------------------------
    def coauthor_distances(self, source: str) -> dict[str, int]:
        """Breadth-first co-author steps from `source` to every author it is connected to."""
        dist, queue = {source: 0}, deque([source])
        while queue:
            author = queue.popleft()
            for paper in self.papers_of[author]:
                for other in self.authors_of[paper]:
                    if other not in dist:
                        dist[other] = dist[author] + 1
                        queue.append(other)
        return dist

    def citation_distances(self, source: str) -> dict[str, int]:
        """Breadth-first steps over cites edges followed either way."""
        dist, queue = {source: 0}, deque([source])
        while queue:
            paper = queue.popleft()
            for other in sorted(self.refs[paper] | self.citers[paper]):
                if other not in dist:
                    dist[other] = dist[paper] + 1
                    queue.append(other)
        return dist

    def linked(self, a: str, b: str) -> bool:
        """Is there a raw edge between a and b (writes, published_in or cites, either way)?"""
        return any(b in self.neighbours(a, edge) for edge in ("writes", "published_in", "cites"))

    def neighbours(self, node: str, edge: str) -> set[str]:
        if edge == "writes":
            return set(self.papers_of.get(node, ())) | set(self.authors_of.get(node, ()))
        if edge == "published_in":
            venue = self.venue_of.get(node)
            return ({venue} if venue else set()) | self.papers_in(node)
        return self.refs.get(node, set()) | self.citers.get(node, set())


def build_raw_graph(dataset: str, corpus: RawCorpus, ids: dict[str, str]) -> RawGraph:
    """`ids` maps each raw paper id to its hgrag id; authors and venues follow the dataset's convention."""
    graph = RawGraph(dataset, corpus)
    openalex = dataset.startswith("openalex")
    for raw_id, paper in corpus.papers.items():
        pid = ids[raw_id]
        graph.papers[pid] = paper
        authors = []
        for author_id, name in paper.authors:
            node = short(author_id) if openalex else f"author:{author_id}"
            if node not in authors:
                authors.append(node)
            graph.name_of.setdefault(node, name)
            graph.papers_of.setdefault(node, set()).add(pid)
        graph.authors_of[pid] = authors
        venue = (short(paper.venue_id) if paper.venue_id else None) if openalex else \
            (f"venue:{paper.venue}" if paper.venue else None)
        if venue:
            graph.venue_of[pid] = venue
        graph.refs[pid] = {ids[r] for r in paper.references if r in ids}
    graph.citers = {p: set() for p in graph.papers}
    for pid, cited in graph.refs.items():
        for other in cited:
            graph.citers[other].add(pid)
    return graph


@dataclass
class Picks:
    """Entities the tests are about, chosen from the raw data by rule (never by answer)."""

    author: str  # most papers (OpenAlex: among the seed authors)
    coauthor: str  # shares a paper with `author` and has papers of its own beyond them, most shared first
    paper: str  # most distinct authors (then first id)
    citing: str  # most in-set references
    cited: str  # most in-set citers
    pair: tuple[str, str]  # two authors whose paper sets overlap, neither inside the other (most shared)


def pick(graph: RawGraph, seeds: list[tuple[str, str]] | None) -> Picks:
    corpus = graph.corpus
    raw_author, _ = pick_prolific_author(corpus, seeds)
    author = short(raw_author) if graph.dataset.startswith("openalex") else f"author:{raw_author}"
    mine = graph.papers_of[author]
    shared = graph.coauthor_counts(author)
    others = [a for a in shared if a != author]
    coauthor = max(sorted(others), key=lambda a: (bool(graph.papers_of[a] - mine), shared[a], len(graph.papers_of[a])))
    papers = sorted(graph.papers)
    return Picks(author, coauthor, max(papers, key=lambda p: len(graph.authors_of[p])),
                 max(papers, key=lambda p: len(graph.refs[p])), max(papers, key=lambda p: len(graph.citers[p])),
                 _overlapping_pair(graph))


def _overlapping_pair(graph: RawGraph) -> tuple[str, str]:
    of = graph.papers_of
    pairs = [(a, b) for a in graph.authors() for b in graph.authors()
             if a < b and of[a] & of[b] and of[a] - of[b] and of[b] - of[a]]
    return max(pairs, key=lambda ab: (len(of[ab[0]] & of[ab[1]]), len(of[ab[0]] | of[ab[1]])))


@lru_cache(maxsize=None)
def raw_graph(dataset: str, datasets_dir: Path) -> tuple[RawGraph, Picks]:
    if dataset == "openalex-tiny":
        directory = datasets_dir.joinpath(*OPENALEX_TINY)
        corpus = read_openalex(directory)
        assert not corpus.conflicting, "tiny OpenAlex files now repeat a work with different data"
        graph = build_raw_graph(dataset, corpus, {raw: short(raw) for raw in corpus.papers})
        return graph, pick(graph, openalex_seed_authors(directory))
    corpus = read_aminer(datasets_dir.joinpath(*DBLP_TINY))
    graph = build_raw_graph(dataset, corpus, {raw: f"aminer:{raw}" for raw in corpus.papers})
    return graph, pick(graph, None)


def most(counts: dict[Any, Any], order: str = "max") -> set[Any]:
    """Every key with the best value (ties kept); None values are ignored."""
    scored = {k: v for k, v in counts.items() if v is not None}
    if not scored:
        return set()
    best = max(scored.values()) if order == "max" else min(scored.values())
    return {k for k, v in scored.items() if v == best}


def compare(value: Any, cmp: str, wanted: Any) -> bool:
    """Plain Python meaning of the IR comparisons on one scalar value (a missing value never matches)."""
    if cmp == "in":
        return value in wanted
    if cmp == "not_in":
        return value not in wanted
    if value is None:
        return False
    if cmp == "between":
        return wanted[0] <= value <= wanted[1]
    return {"=": value == wanted, "!=": value != wanted, "<": value < wanted, "<=": value <= wanted,
            ">": value > wanted, ">=": value >= wanted}[cmp]
