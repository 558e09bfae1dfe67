"""Samplers of the compositional intents (/work/spec/intents.md, section C), part 2: set operations
(except / without / shared), co-author paths and time. Formats and fairness as in
samplers_compositional.py.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from hgrag.evaluation.graph_facts import GraphFacts, unique_max
from hgrag.evaluation.intent_samplers import Candidate, _author_slot, _authored_papers, _authors, _paper_slot
from hgrag.evaluation.samplers_compositional import all_citations, all_years, names, titles

# Shortest co-author chain lengths asked about, with their shares (mostly 2-3).
DISTANCE_WEIGHTS = {1: 0.15, 2: 0.35, 3: 0.35, 4: 0.15}
MAX_FRONTIER = 20000


def _clear_coauthors(facts: GraphFacts, author_id: str) -> list[str]:
    return sorted(c for c in facts.coauthors(author_id) if facts.clear_author(c))


def _venue_groups(facts: GraphFacts, papers: list[str] | set[str]) -> dict[str, set[str]]:
    groups: dict[str, set[str]] = {}
    for paper_id in papers:
        venue_id = facts.venue_of(paper_id)
        if venue_id is not None and facts.clear_venue(venue_id):
            groups.setdefault(venue_id, set()).add(paper_id)
    return groups


# -- set operations -------------------------------------------------------------------------
def shared_coauthors(facts: GraphFacts, rng: random.Random) -> Iterator[Candidate]:
    """Two people with 1..10 common co-authors (the pair itself left out)."""
    for author_id in _authors(facts, rng):
        pool = sorted({far for near in facts.coauthors(author_id) for far in facts.coauthors(near)}
                      - {author_id})
        pool = [a for a in pool if facts.clear_author(a)]
        if not pool:
            continue
        other = rng.choice(pool)
        common = set(facts.coauthors(author_id)) & set(facts.coauthors(other)) - {author_id, other}
        answer = names(facts, common)
        if answer:
            yield {**_author_slot(facts, author_id), "author2": facts.label(other)}, answer


def author_papers_without(facts: GraphFacts, rng: random.Random) -> Iterator[Candidate]:
    for author_id in _authors(facts, rng):
        coauthors = _clear_coauthors(facts, author_id)
        if not coauthors:
            continue
        other = rng.choice(coauthors)
        answer = titles(facts, [p for p in facts.papers_of(author_id) if p not in set(facts.papers_of(other))])
        if answer:
            yield {**_author_slot(facts, author_id), "author2": facts.label(other)}, answer


def joint_papers_in_venue(facts: GraphFacts, rng: random.Random) -> Iterator[Candidate]:
    for author_id in _authors(facts, rng):
        coauthors = _clear_coauthors(facts, author_id)
        if not coauthors:
            continue
        other = rng.choice(coauthors)
        groups = _venue_groups(facts, set(facts.papers_of(author_id)) & set(facts.papers_of(other)))
        if groups:
            venue_id = rng.choice(sorted(groups))
            answer = titles(facts, groups[venue_id])
            if answer:
                slots = {**_author_slot(facts, author_id), "author2": facts.label(other),
                         "venue": facts.label(venue_id)}
                yield slots, answer


def coauthors_except(facts: GraphFacts, rng: random.Random) -> Iterator[Candidate]:
    for author_id in _authors(facts, rng):
        coauthors = sorted(facts.coauthors(author_id))
        if len(coauthors) < 2 or not all(facts.clear_author(c) for c in coauthors):
            continue
        other = rng.choice(coauthors)
        answer = names(facts, [c for c in coauthors if c != other])
        if answer:
            yield {**_author_slot(facts, author_id), "author2": facts.label(other)}, answer


def author_papers_not_in_venue(facts: GraphFacts, rng: random.Random) -> Iterator[Candidate]:
    """Only people all of whose papers have a venue (a paper without one is no clear answer)."""
    for author_id in _authors(facts, rng):
        papers = facts.papers_of(author_id)
        if any(facts.venue_of(p) is None for p in papers):
            continue
        groups = _venue_groups(facts, papers)
        venues = sorted(v for v, ps in groups.items() if len(ps) < len(papers))
        if venues:
            venue_id = rng.choice(venues)
            answer = titles(facts, [p for p in papers if p not in groups[venue_id]])
            if answer:
                yield {**_author_slot(facts, author_id), "venue": facts.label(venue_id)}, answer


def first_author_other_papers(facts: GraphFacts, rng: random.Random) -> Iterator[Candidate]:
    for paper_id, authors in _authored_papers(facts, rng):
        if facts.clear_author(authors[0]):
            answer = titles(facts, [p for p in facts.papers_of(authors[0]) if p != paper_id])
            if answer:
                yield _paper_slot(facts, paper_id), answer


def paper_authors_except_first(facts: GraphFacts, rng: random.Random) -> Iterator[Candidate]:
    for paper_id, authors in _authored_papers(facts, rng, min_authors=2):
        answer = names(facts, authors[1:])
        if answer and facts.clear_author(authors[0]):
            yield _paper_slot(facts, paper_id), answer


def author_uncited_papers(facts: GraphFacts, rng: random.Random) -> Iterator[Candidate]:
    for author_id in _authors(facts, rng):
        counts = all_citations(facts, facts.papers_of(author_id))
        answer = titles(facts, [p for p, c in counts.items() if c == 0]) if counts else None
        if answer:
            yield _author_slot(facts, author_id), answer


# -- co-author paths --------------------------------------------------------------------------
def coauthor_layers(facts: GraphFacts, author_id: str, depth: int) -> list[set[str]]:
    """People at co-author distance 0, 1, ..., depth from the person (breadth first)."""
    layers, seen = [{author_id}], {author_id}
    for _ in range(depth):
        frontier = {c for a in layers[-1] for c in facts.coauthors(a)} - seen
        if not frontier or len(frontier) > MAX_FRONTIER:
            break
        layers.append(frontier)
        seen |= frontier
    return layers


def coauthor_distance(facts: GraphFacts, rng: random.Random) -> Iterator[Candidate]:
    distances, weights = zip(*DISTANCE_WEIGHTS.items())
    for author_id in _authors(facts, rng):
        wanted = rng.choices(distances, weights)[0]
        layers = coauthor_layers(facts, author_id, wanted)
        if len(layers) <= wanted:
            continue
        pool = sorted(a for a in layers[wanted] if facts.clear_author(a))
        if pool:
            other = rng.choice(pool)
            yield {**_author_slot(facts, author_id), "author2": facts.label(other)}, [str(wanted)]


# -- time -------------------------------------------------------------------------------------
def author_papers_in_decade(facts: GraphFacts, rng: random.Random) -> Iterator[Candidate]:
    for author_id in _authors(facts, rng):
        years = all_years(facts, facts.papers_of(author_id))
        if not years:
            continue
        decade = rng.choice(sorted({y // 10 * 10 for y in years.values()}))
        answer = titles(facts, [p for p, y in years.items() if y // 10 * 10 == decade])
        if answer:
            yield {**_author_slot(facts, author_id), "decade": f"{decade}s"}, answer


def author_latest_year_in_venue(facts: GraphFacts, rng: random.Random) -> Iterator[Candidate]:
    for author_id in _authors(facts, rng):
        groups = _venue_groups(facts, facts.papers_of(author_id))
        if groups:
            venue_id = rng.choice(sorted(groups))
            years = all_years(facts, sorted(groups[venue_id]))
            if years:
                yield ({**_author_slot(facts, author_id), "venue": facts.label(venue_id)},
                       [str(max(years.values()))])


def _relative_to_paper(later: bool):
    def sample(facts: GraphFacts, rng: random.Random) -> Iterator[Candidate]:
        for author_id in _authors(facts, rng):
            years = all_years(facts, facts.papers_of(author_id))
            pool = sorted(p for p in years or {} if facts.clear_title(p))
            if not pool:
                continue
            paper_id = rng.choice(pool)
            year = years[paper_id]
            picked = [p for p, y in years.items() if (y > year if later else y == year and p != paper_id)]
            answer = titles(facts, picked)
            if answer:
                yield {**_author_slot(facts, author_id), **_paper_slot(facts, paper_id)}, answer
    return sample


author_papers_after_paper = _relative_to_paper(later=True)
author_papers_same_year_as_paper = _relative_to_paper(later=False)


def author_most_recent_paper(facts: GraphFacts, rng: random.Random) -> Iterator[Candidate]:
    for author_id in _authors(facts, rng):
        years = all_years(facts, facts.papers_of(author_id))
        best = unique_max(years) if years else None
        if best is not None and facts.is_unique(best):
            yield _author_slot(facts, author_id), [facts.label(best)]
