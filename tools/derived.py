"""Attributes computed from a node's edges rather than stored: how many authors or papers it has, a paper's other
authors, an author's first and last publication year and the span between them. The executor reads them like stored attributes."""

from __future__ import annotations

from typing import Any, Iterable

COUNT_ATTRIBUTES = {"n_authors": ("writes", "in"), "n_papers": ("writes", "out"), "n_keywords": ("has_keyword", "out"),
                    "n_references": ("cites", "out")}  # (the papers it cites that the graph holds)
CAREER_YEARS = {"first_year": min, "last_year": max, "career_span": lambda years, default: max(years) - min(years)
                if years else default}  # (the span: last publication year minus first)
DERIVED_ATTRIBUTES = set(COUNT_ATTRIBUTES) | set(CAREER_YEARS) | {"n_coauthors", "n_distinct_coauthors", "total_citations"}


def derived_values(store: Any, nodes: Iterable[str], attr: str) -> dict[str, Any]:
    """{node: value} of one derived attribute (`attr` in DERIVED_ATTRIBUTES)."""
    nodes = list(nodes)
    if attr in COUNT_ATTRIBUTES:
        edge, direction = COUNT_ATTRIBUTES[attr]
        return {n: len(v) for n, v in store.expand(nodes, edge, direction).items()}
    if attr == "n_coauthors":  # the other authors of each paper
        return {n: max(len(v) - 1, 0) for n, v in store.expand(nodes, "writes", "in").items()}
    papers = store.expand(nodes, "writes", "out")  # an author's first / last publication year, total citations
    if attr == "n_distinct_coauthors":  # the people an author shares a paper with, each once
        people = store.expand({p for found in papers.values() for p in found}, "writes", "in")
        return {n: len({a for p in found for a in people.get(p, [])} - {n}) for n, found in papers.items()}
    if attr == "total_citations":
        counts = store.attrs({p for found in papers.values() for p in found}, "cited_by_count")
        return {n: sum(counts[p] for p in found if _is_number(counts.get(p))) for n, found in papers.items()}
    years = store.attrs({p for found in papers.values() for p in found}, "year")
    pick = CAREER_YEARS[attr]
    return {n: pick([years[p] for p in found if _is_number(years.get(p))], default=None) for n, found in papers.items()}


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)
