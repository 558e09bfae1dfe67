"""A DBLP-shaped synthetic graph at any multiple of the real `dblp` dataset.

`profile_of(store)` measures the real graph: authors per paper, papers per author, citations per
paper and received, venue shares, years, title words, first and last names. `generate(profile,
scale)` draws a graph `scale` times as large with the same distributions: every author gets a
productivity drawn from the real one and author slots are dealt to papers whose sizes follow the
real authors-per-paper counts; titles are real titles with about a third of their words replaced
by words drawn from the title vocabulary (same length and word statistics, new strings); names
join a real first name to a real last name (so names collide as the graph grows, like real ones).

Rows come out in the `falkordb_load` format: (type, id, attrs) and
(edge type, source, target, out rank, in rank, attrs); nodes first, then edges.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from hgrag.tools.graph_store import GraphStore, NetworkXGraphStore


@dataclass
class Profile:
    authors_per_paper: np.ndarray
    papers_per_author: np.ndarray
    cites_per_paper: np.ndarray
    cited_weight: np.ndarray  # in-degree + 1 of real papers (popularity of citation targets)
    venue_names: list[str]
    venue_share: np.ndarray
    years: np.ndarray
    titles: list[list[str]]
    vocabulary: list[str]
    first_names: list[str]
    last_names: list[str]
    n_papers: int
    n_authors: int


def profile_of(store: GraphStore) -> Profile:
    papers = list(store.nodes_of_type("paper"))
    authors = list(store.nodes_of_type("author"))
    venues = list(store.nodes_of_type("venue"))
    per_paper = store.expand(papers, "writes", "in")
    per_author = store.expand(authors, "writes", "out")
    cites = store.expand(papers, "cites", "out")
    cited = store.expand(papers, "cites", "in")
    venue_papers = store.expand(venues, "published_in", "in")
    titles = [str(t).split() for t in store.attrs(papers, "title").values() if t]
    names = [str(n).split() for n in store.attrs(authors, "name").values() if n]
    years = [int(y) for y in store.attrs(papers, "year").values() if y is not None]
    words = [w for title in titles for w in title]
    return Profile(
        authors_per_paper=np.array([max(1, len(v)) for v in per_paper.values()]),
        papers_per_author=np.array([max(1, len(v)) for v in per_author.values()]),
        cites_per_paper=np.array([len(v) for v in cites.values()]),
        cited_weight=np.array([len(v) + 1 for v in cited.values()], dtype=float),
        venue_names=[store.label(v) for v in venues],
        venue_share=np.array([len(venue_papers[v]) for v in venues], dtype=float),
        years=np.array(years or [2000]),
        titles=titles, vocabulary=words,
        first_names=[n[0] for n in names if len(n) > 1],
        last_names=[n[-1] for n in names if len(n) > 1],
        n_papers=len(papers), n_authors=len(authors))


def profile_from_networkx(store: NetworkXGraphStore) -> Profile:
    return profile_of(store)


@dataclass
class Synthetic:
    paper_authors: list[np.ndarray]  # author numbers of each paper, in author order
    paper_venue: np.ndarray
    paper_year: np.ndarray
    cite_source: np.ndarray
    cite_target: np.ndarray
    titles: list[str]
    author_names: list[str]
    venue_names: list[str]

    @property
    def counts(self) -> tuple[int, int]:
        nodes = len(self.titles) + len(self.author_names) + len(self.venue_names)
        edges = sum(len(a) for a in self.paper_authors) + len(self.titles) + len(self.cite_source)
        return nodes, edges


def generate(profile: Profile, scale: float, seed: int = 7) -> Synthetic:
    rng = np.random.default_rng(seed)
    n_papers = int(round(profile.n_papers * scale))
    n_authors = int(round(profile.n_authors * scale))
    paper_authors = _deal_authors(rng, profile, n_papers, n_authors)
    n_venues = max(1, int(round(len(profile.venue_names) * scale)))
    share = np.tile(profile.venue_share, int(np.ceil(n_venues / len(profile.venue_share))))[:n_venues]
    paper_venue = rng.choice(n_venues, size=n_papers, p=share / share.sum())
    paper_year = rng.choice(profile.years, size=n_papers)
    counts = rng.choice(profile.cites_per_paper, size=n_papers)
    weight = rng.choice(profile.cited_weight, size=n_papers)
    cite_source = np.repeat(np.arange(n_papers), counts)
    cite_target = rng.choice(n_papers, size=len(cite_source), p=weight / weight.sum())
    keep = cite_source != cite_target
    pairs = np.unique(np.stack([cite_source[keep], cite_target[keep]], axis=1), axis=0)
    return Synthetic(paper_authors, paper_venue, paper_year, pairs[:, 0], pairs[:, 1],
                     _titles(rng, profile, n_papers), _names(rng, profile, n_authors),
                     _venue_names(profile.venue_names, n_venues))


def _deal_authors(rng: np.random.Generator, profile: Profile, n_papers: int,
                  n_authors: int) -> list[np.ndarray]:
    """Author slots (each author repeated by its drawn productivity), shuffled, cut into papers."""
    productivity = rng.choice(profile.papers_per_author, size=n_authors)
    slots = np.repeat(np.arange(n_authors), productivity)
    rng.shuffle(slots)
    sizes = rng.choice(profile.authors_per_paper, size=n_papers)
    sizes = np.maximum(1, np.round(sizes * len(slots) / max(1, sizes.sum()))).astype(int)
    bounds = np.concatenate([[0], np.cumsum(sizes)])
    papers = []
    for i in range(n_papers):
        chunk = slots[bounds[i] % len(slots): bounds[i + 1] % len(slots) or len(slots)]
        if len(chunk) == 0:
            chunk = rng.choice(n_authors, size=1)
        papers.append(np.array(list(dict.fromkeys(chunk.tolist()))))
    return papers


def _titles(rng: np.random.Generator, profile: Profile, n: int) -> list[str]:
    vocabulary = profile.vocabulary
    picks = rng.integers(0, len(profile.titles), size=n)
    out = []
    for number, pick in enumerate(picks):
        words = list(profile.titles[pick])
        for position in rng.choice(len(words), size=max(1, len(words) // 3), replace=False):
            words[position] = vocabulary[rng.integers(len(vocabulary))]
        title = " ".join(words)
        out.append(title if number < len(profile.titles) else title)
    seen: set[str] = set()
    for i, title in enumerate(out):  # titles stay distinct, as real ones nearly are
        if title in seen:
            out[i] = f"{title} ({i})"
        seen.add(out[i])
    return out


def _names(rng: np.random.Generator, profile: Profile, n: int) -> list[str]:
    firsts = rng.integers(0, len(profile.first_names), size=n)
    lasts = rng.integers(0, len(profile.last_names), size=n)
    return [f"{profile.first_names[f]} {profile.last_names[l]}" for f, l in zip(firsts, lasts)]


def _venue_names(real: list[str], n: int) -> list[str]:
    return [real[i % len(real)] + ("" if i < len(real) else f" (track {i // len(real)})")
            for i in range(n)]


def rows(graph: Synthetic) -> tuple[Iterator[tuple], Iterator[tuple]]:
    """Node and edge rows (ids p<i>, a<i>, v<i>); ranks follow emission order like networkx."""
    cited_by = np.bincount(graph.cite_target, minlength=len(graph.titles))

    def nodes() -> Iterator[tuple]:
        for i, title in enumerate(graph.titles):
            yield "paper", f"p{i}", {"title": title, "year": int(graph.paper_year[i]),
                                     "cited_by_count": int(cited_by[i]),
                                     "citation_count_source": "in-set"}
        for i, name in enumerate(graph.author_names):
            yield "author", f"a{i}", {"name": name}
        for i, name in enumerate(graph.venue_names):
            yield "venue", f"v{i}", {"name": name}

    def edges() -> Iterator[tuple]:
        out_rank: dict[str, int] = {}
        in_rank: dict[str, int] = {}

        def ranks(source: str, target: str) -> tuple[int, int]:
            o, i = out_rank.get(source, 0), in_rank.get(target, 0)
            out_rank[source], in_rank[target] = o + 1, i + 1
            return o, i

        for p, authors in enumerate(graph.paper_authors):
            for position, a in enumerate(authors, start=1):
                yield ("writes", f"a{a}", f"p{p}", *ranks(f"a{a}", f"p{p}"), {"position": position})
        for p, v in enumerate(graph.paper_venue):
            yield ("published_in", f"p{p}", f"v{v}", *ranks(f"p{p}", f"v{v}"), {})
        for s, t in zip(graph.cite_source, graph.cite_target):
            yield ("cites", f"p{s}", f"p{t}", *ranks(f"p{s}", f"p{t}"), {})

    return nodes(), edges()


def networkx_store(graph: Synthetic, name: str = "dblp") -> NetworkXGraphStore:
    """The same graph as an embedded store (nodes then edges in the same order)."""
    store = NetworkXGraphStore(name=name)
    nodes, edges = rows(graph)
    for node_type, node_id, data in nodes:
        store.add_node(node_id, node_type, **data)
    for edge_type, source, target, _, _, data in edges:
        store.add_edge(source, target, edge_type, **data)
    return store
