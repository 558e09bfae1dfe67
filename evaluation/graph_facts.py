"""Cached look-ups over a GraphStore that the benchmark generator needs (GraphStore API only)."""

from __future__ import annotations

import random
import re
from collections import Counter
from functools import cached_property

from hgrag.evaluation.edit_distance import NearStrings
from hgrag.tools.graph_store import NODE_TYPES, GraphStore
from hgrag.tools.text import clean_display, initials_key, name_tokens, norm_key

MIN_TITLE_WORDS = 4
MAX_TITLE_WORDS = 25
_JUNK_NAME = re.compile(r"\d|\bothers?\b|\bet al\b|\banonymous\b|\bunknown\b", re.I)
_NAME_SUFFIXES = {"jr", "sr", "ii", "iii"}  # as tools.text.initials_key


class GraphFacts:
    """Per-node facts (authors in order, papers, venue, citations) memoised for one store."""

    def __init__(self, store: GraphStore):
        self.store = store
        self._papers: dict[str, list[str]] = {}
        self._authors: dict[str, list[str] | None] = {}
        self._coauthors: dict[str, Counter[str]] = {}
        self._near: dict[str, NearStrings] = {}
        self._sorted: dict[str, list[str]] = {}

    # -- labels ----------------------------------------------------------------
    @cached_property
    def label_counts(self) -> Counter[str]:
        """How many nodes (of any type) share each normalised label."""
        counts: Counter[str] = Counter()
        for node_type in NODE_TYPES:
            for node_id in self.store.nodes_of_type(node_type):
                counts[norm_key(self.store.label(node_id))] += 1
        return counts

    @cached_property
    def unique_nodes(self) -> dict[str, str]:
        """Normalised label -> node id, for labels that exactly one node (of any type) carries."""
        found: dict[str, str] = {}
        for node_type in NODE_TYPES:
            for node_id in self.store.nodes_of_type(node_type):
                key = norm_key(self.store.label(node_id))
                if key and self.label_counts[key] == 1:
                    found[key] = node_id
        return found

    def resolve(self, text: str) -> str | None:
        """The one node whose label normalises like `text` (a slot value), or None."""
        return self.unique_nodes.get(norm_key(text))

    def label(self, node_id: str) -> str:
        return clean_display(self.store.label(node_id))

    def near_labels(self, node_type: str) -> NearStrings:
        """Normalised labels of one node type, searchable by edit distance (built once per type;
        trigrams for titles, bigrams for names)."""
        if node_type not in self._near:
            self._near[node_type] = NearStrings((norm_key(self.store.label(n))
                                                 for n in self.store.nodes_of_type(node_type)),
                                                q=3 if node_type == "paper" else 2)
        return self._near[node_type]

    # -- person names --------------------------------------------------------------
    @cached_property
    def initials_groups(self) -> dict[str, frozenset[str]]:
        """Initial-form key ('m simon': first initial + surname) -> every author node with that key."""
        groups: dict[str, set[str]] = {}
        for author_id in self.store.nodes_of_type("author"):
            key = initials_key(self.store.label(author_id))
            if key:
                groups.setdefault(key, set()).add(author_id)
        return {key: frozenset(ids) for key, ids in groups.items()}

    def authors_with_initials(self, name: str) -> frozenset[str]:
        """Author nodes an initial form such as 'M. K. Simon' may denote (same first initial + surname)."""
        return self.initials_groups.get(initials_key(name), frozenset())

    def name_tokens(self, author_id: str) -> set[str]:
        """Normalised name tokens without suffixes ('Jr.', 'III')."""
        return set(name_tokens(self.store.label(author_id))) - _NAME_SUFFIXES

    def surname(self, author_id: str) -> str:
        """Normalised last name token ('' for a one-token name)."""
        tokens = [t for t in name_tokens(self.store.label(author_id)) if t not in _NAME_SUFFIXES]
        return tokens[-1] if len(tokens) >= 2 else ""

    def is_unique(self, node_id: str) -> bool:
        key = norm_key(self.store.label(node_id))
        return bool(key) and self.label_counts[key] == 1

    def is_junk_name(self, node_id: str) -> bool:
        """'12 others', single tokens, digits: names that do not denote one person."""
        name = self.label(node_id)
        return bool(_JUNK_NAME.search(name)) or len(norm_key(name).split()) < 2

    def clear_author(self, node_id: str) -> bool:
        return not self.is_junk_name(node_id) and self.is_unique(node_id)

    def clear_title(self, paper_id: str) -> bool:
        words = len(self.label(paper_id).split())
        return MIN_TITLE_WORDS <= words <= MAX_TITLE_WORDS and self.is_unique(paper_id)

    def clear_venue(self, venue_id: str | None) -> bool:
        return venue_id is not None and len(norm_key(self.label(venue_id))) > 1 and self.is_unique(venue_id)

    def title_slot(self, paper_id: str) -> str:
        """The title as it goes into a question: display form without a final full stop."""
        title = self.label(paper_id)
        return title[:-1] if title.endswith(".") and not title.endswith("..") else title

    # -- structure ---------------------------------------------------------------
    def sorted_nodes(self, node_type: str) -> list[str]:
        """Node ids of one type, sorted (memoised; do not modify)."""
        if node_type not in self._sorted:
            self._sorted[node_type] = sorted(self.store.nodes_of_type(node_type))
        return self._sorted[node_type]

    def shuffled(self, node_type: str, rng: random.Random) -> list[str]:
        nodes = list(self.sorted_nodes(node_type))
        rng.shuffle(nodes)
        return nodes

    def papers_of(self, author_id: str) -> list[str]:
        if author_id not in self._papers:
            self._papers[author_id] = sorted(self.store.step(author_id, "paper"))
        return self._papers[author_id]

    def authors_of(self, paper_id: str) -> list[str] | None:
        """Authors in author-list order; None when positions are missing or clash."""
        if paper_id not in self._authors:
            self._authors[paper_id] = self._ordered_authors(paper_id)
        return self._authors[paper_id]

    def _ordered_authors(self, paper_id: str) -> list[str] | None:
        positioned = []
        for author_id in self.store.step(paper_id, "author"):
            edge = self.store.edge(author_id, paper_id, "writes") or {}
            position = edge.get("position")
            if not isinstance(position, int):
                return None
            positioned.append((position, author_id))
        positions = [p for p, _ in positioned]
        if len(set(positions)) != len(positions):
            return None
        return [author_id for _, author_id in sorted(positioned)]

    def has_junk_author(self, paper_id: str) -> bool:
        return any(self.is_junk_name(a) for a in self.store.step(paper_id, "author"))

    def venue_of(self, paper_id: str) -> str | None:
        venues = self.store.step(paper_id, "venue")
        return venues[0] if len(venues) == 1 else None

    def year_of(self, paper_id: str) -> int | None:
        year = self.store.attr(paper_id, "year")
        return int(year) if isinstance(year, (int, float)) or str(year).isdigit() else None

    def citations(self, paper_id: str) -> int | None:
        """cited_by_count when the source has it, else the in-set citation count (DBLP)."""
        count = self.store.attr(paper_id, "cited_by_count")
        if count is not None:
            return int(count)
        return len(self.store.neighbors(paper_id, "cites", "in"))

    def coauthors(self, author_id: str) -> Counter[str]:
        """Co-author -> number of shared papers."""
        if author_id not in self._coauthors:
            counts: Counter[str] = Counter()
            for paper_id in self.papers_of(author_id):
                for other in self.store.step(paper_id, "author"):
                    if other != author_id:
                        counts[other] += 1
            self._coauthors[author_id] = counts
        return self._coauthors[author_id]

    def papers_by_venue(self, author_ids: list[str]) -> dict[str, set[str]]:
        """Venue -> distinct papers written by any of the authors."""
        grouped: dict[str, set[str]] = {}
        for author_id in author_ids:
            for paper_id in self.papers_of(author_id):
                venue_id = self.venue_of(paper_id)
                if venue_id is not None:
                    grouped.setdefault(venue_id, set()).add(paper_id)
        return grouped


def unique_max(counts: dict[str, int | float]) -> str | None:
    """The key with the strictly largest value, or None on a tie or when empty."""
    if not counts:
        return None
    ranked = sorted(counts.items(), key=lambda item: item[1], reverse=True)
    if len(ranked) > 1 and ranked[0][1] == ranked[1][1]:
        return None
    return ranked[0][0]
