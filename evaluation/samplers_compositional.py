"""Samplers of the compositional intents (/work/spec/intents.md, section C), part 1: numbers,
comparisons, thresholds and the citation graph. Part 2 (set operations, paths, time) is in
samplers_compositional2.py.

Gold answers come from the graph through GraphFacts only (never from hgrag's planner or executor),
in the formats hgrag emits: titles and names are node labels, counts and years digits, averages
round(mean, 2) without trailing zeros ("12.5", "3.33", "7"), yes/no "yes"/"no", and a comparison
the winning paper's title (pairs whose values differ only). Citation counts and thresholds read the
`cited_by_count` attribute; citing / cited papers follow `cites` edges. Answers list at most
MAX_ITEMS items, all with unique labels; thresholds are chosen so the answer is neither empty nor
everything.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

from hgrag.evaluation.graph_facts import GraphFacts
from hgrag.evaluation.intent_samplers import Candidate, _author_slot, _authors, _paper_slot, _papers

MAX_ITEMS = 10
MAX_YEAR_OFFSET = 5


# -- shared look-ups ----------------------------------------------------------------------
def format_average(values: list[int]) -> str:
    """round(mean, 2) as hgrag shows it: '7', '12.5', '3.33'."""
    value = round(sum(values) / len(values), 2)
    return str(int(value)) if float(value).is_integer() else f"{value:.2f}".rstrip("0").rstrip(".")


def cited_by_count(facts: GraphFacts, paper_id: str) -> int | None:
    """The paper's `cited_by_count` attribute (None when absent)."""
    value = facts.store.attr(paper_id, "cited_by_count")
    return int(value) if isinstance(value, (int, float)) or str(value).isdigit() else None


def all_citations(facts: GraphFacts, papers: list[str]) -> dict[str, int] | None:
    counts = {p: cited_by_count(facts, p) for p in papers}
    return None if None in counts.values() else counts  # type: ignore[return-value]


def all_years(facts: GraphFacts, papers: list[str]) -> dict[str, int] | None:
    years = {p: facts.year_of(p) for p in papers}
    return None if None in years.values() else years  # type: ignore[return-value]


def titles(facts: GraphFacts, papers: list[str] | set[str]) -> list[str] | None:
    """Sorted labels of 1..MAX_ITEMS papers with unique titles, else None."""
    if not 1 <= len(papers) <= MAX_ITEMS or not all(facts.is_unique(p) for p in papers):
        return None
    return sorted(facts.label(p) for p in papers)


def names(facts: GraphFacts, authors: list[str] | set[str]) -> list[str] | None:
    """Sorted labels of 1..MAX_ITEMS clearly named people, else None."""
    if not 1 <= len(authors) <= MAX_ITEMS or not all(facts.clear_author(a) for a in authors):
        return None
    return sorted(facts.label(a) for a in authors)


def cited_papers(facts: GraphFacts, paper_id: str) -> list[str]:
    """Papers this paper cites (`cites` edges out)."""
    return sorted(facts.store.neighbors(paper_id, "cites", "out"))


def citing_papers(facts: GraphFacts, paper_id: str) -> list[str]:
    """Papers that cite this paper (`cites` edges in)."""
    return sorted(facts.store.neighbors(paper_id, "cites", "in"))


def _other_clear_paper(facts: GraphFacts, rng: random.Random, paper_id: str, tries: int = 50) -> str | None:
    pool = facts.sorted_nodes("paper")
    for _ in range(tries):
        other = rng.choice(pool)
        if other != paper_id and facts.clear_title(other):
            return other
    return None


# -- numbers over a person's papers ---------------------------------------------------------
def author_avg_citations(facts: GraphFacts, rng: random.Random) -> Iterator[Candidate]:
    for author_id in _authors(facts, rng):
        counts = all_citations(facts, facts.papers_of(author_id))
        if counts:
            yield _author_slot(facts, author_id), [format_average(list(counts.values()))]


def author_max_citations(facts: GraphFacts, rng: random.Random) -> Iterator[Candidate]:
    for author_id in _authors(facts, rng):
        counts = all_citations(facts, facts.papers_of(author_id))
        if counts:
            yield _author_slot(facts, author_id), [str(max(counts.values()))]


def author_active_span(facts: GraphFacts, rng: random.Random) -> Iterator[Candidate]:
    for author_id in _authors(facts, rng):
        years = all_years(facts, facts.papers_of(author_id))
        if years:
            yield _author_slot(facts, author_id), [str(max(years.values()) - min(years.values()))]


def author_distinct_venue_count(facts: GraphFacts, rng: random.Random) -> Iterator[Candidate]:
    for author_id in _authors(facts, rng):
        venues = [facts.venue_of(p) for p in facts.papers_of(author_id)]
        if None not in venues:
            yield _author_slot(facts, author_id), [str(len(set(venues)))]


def author_active_year_count(facts: GraphFacts, rng: random.Random) -> Iterator[Candidate]:
    for author_id in _authors(facts, rng):
        years = all_years(facts, facts.papers_of(author_id))
        if years:
            yield _author_slot(facts, author_id), [str(len(set(years.values())))]


# -- thresholds ---------------------------------------------------------------------------------
def _threshold(values: list[int], rng: random.Random, low: int = 0) -> int | None:
    """A number n >= low with 1 <= #(values > n) <= MAX_ITEMS and #(values > n) < len(values)."""
    fitting = [n for n in range(max(low, min(values)), max(values))
               if 1 <= sum(v > n for v in values) <= min(MAX_ITEMS, len(values) - 1)]
    return rng.choice(fitting) if fitting else None


def author_papers_cited_over(facts: GraphFacts, rng: random.Random) -> Iterator[Candidate]:
    for author_id in _authors(facts, rng, min_papers=3):
        counts = all_citations(facts, facts.papers_of(author_id))
        number = _threshold(list(counts.values()), rng, low=1) if counts else None
        if number is not None:
            answer = titles(facts, [p for p, c in counts.items() if c > number])
            if answer:
                yield {**_author_slot(facts, author_id), "number": str(number)}, answer


def _venue_year_groups(facts: GraphFacts) -> dict[tuple[str, int], list[str]]:
    groups: dict[tuple[str, int], list[str]] = {}
    for paper_id in facts.sorted_nodes("paper"):
        venue_id, year = facts.venue_of(paper_id), facts.year_of(paper_id)
        if venue_id is not None and year is not None:
            groups.setdefault((venue_id, year), []).append(paper_id)
    return groups


def venue_year_papers_many_authors(facts: GraphFacts, rng: random.Random) -> Iterator[Candidate]:
    groups = _venue_year_groups(facts)
    keys = sorted(groups)
    rng.shuffle(keys)
    for venue_id, year in keys:
        papers = groups[(venue_id, year)]
        if len(papers) < 2 or not facts.clear_venue(venue_id) or any(facts.has_junk_author(p) for p in papers):
            continue  # '12 others' in a byline leaves its author count open
        sizes = {p: len(facts.store.step(p, "author")) for p in papers}
        number = _threshold(list(sizes.values()), rng, low=1)
        if number is not None:
            answer = titles(facts, [p for p, n in sizes.items() if n > number])
            if answer:
                slots = {"venue": facts.label(venue_id), "year": str(year), "number": str(number)}
                yield slots, answer


def author_venue_more_than_yes_no(facts: GraphFacts, rng: random.Random) -> Iterator[Candidate]:
    """Alternating yes and no: 'more than n' with n below the count (yes) or at/above it (no)."""
    want_yes = True
    for author_id in _authors(facts, rng):
        groups = {v: len(p) for v, p in facts.papers_by_venue([author_id]).items() if facts.clear_venue(v)}
        fitting = sorted(v for v, n in groups.items() if n >= 2) if want_yes else sorted(groups)
        if not fitting:
            continue
        venue_id = rng.choice(fitting)
        count = groups[venue_id]
        number = rng.randint(1, count - 1) if want_yes else rng.randint(max(count, 1), count + 2)
        yield ({**_author_slot(facts, author_id), "venue": facts.label(venue_id), "number": str(number)},
               ["yes" if want_yes else "no"])
        want_yes = not want_yes


# -- comparisons -----------------------------------------------------------------------------------
def _compare(read, winner_is_smaller: bool):
    def sample(facts: GraphFacts, rng: random.Random) -> Iterator[Candidate]:
        for paper_id in _papers(facts, rng):
            other = _other_clear_paper(facts, rng, paper_id)
            if other is None:
                continue
            a, b = read(facts, paper_id), read(facts, other)
            if a is None or b is None or a == b:
                continue
            winner = (paper_id if a < b else other) if winner_is_smaller else (paper_id if a > b else other)
            yield {**_paper_slot(facts, paper_id), "paper2": facts.title_slot(other)}, [facts.label(winner)]
    return sample


compare_papers_year = _compare(lambda f, p: f.year_of(p), winner_is_smaller=True)
compare_papers_citations = _compare(cited_by_count, winner_is_smaller=False)


def paper_before_year_yes_no(facts: GraphFacts, rng: random.Random) -> Iterator[Candidate]:
    """Alternating yes (a later year) and no (the same or an earlier year)."""
    want_yes = True
    for paper_id in _papers(facts, rng):
        year = facts.year_of(paper_id)
        if year is None:
            continue
        asked = year + rng.randint(1, MAX_YEAR_OFFSET) if want_yes else year - rng.randint(0, MAX_YEAR_OFFSET)
        yield {**_paper_slot(facts, paper_id), "year": str(asked)}, ["yes" if want_yes else "no"]
        want_yes = not want_yes


# -- citation graph -----------------------------------------------------------------------------
def paper_cited_by(facts: GraphFacts, rng: random.Random) -> Iterator[Candidate]:
    for paper_id in _papers(facts, rng):
        answer = titles(facts, citing_papers(facts, paper_id))
        if answer:
            yield _paper_slot(facts, paper_id), answer


def paper_references(facts: GraphFacts, rng: random.Random) -> Iterator[Candidate]:
    for paper_id in _papers(facts, rng):
        answer = titles(facts, cited_papers(facts, paper_id))
        if answer:
            yield _paper_slot(facts, paper_id), answer


def paper_cites_yes_no(facts: GraphFacts, rng: random.Random) -> Iterator[Candidate]:
    """Alternating yes (a cited paper) and no (a paper one of its references cites, or one that cites
    it, which the paper itself does not cite)."""
    want_yes = True
    for paper_id in _papers(facts, rng):
        cited = cited_papers(facts, paper_id)
        if not cited:
            continue
        if want_yes:
            pool = cited
        else:
            near = {far for near in cited for far in cited_papers(facts, near)} | set(citing_papers(facts, paper_id))
            pool = sorted(near - set(cited) - {paper_id})
        pool = [p for p in pool if facts.clear_title(p)]
        if pool:
            other = rng.choice(pool)
            yield {**_paper_slot(facts, paper_id), "paper2": facts.title_slot(other)}, ["yes" if want_yes else "no"]
            want_yes = not want_yes


# -- venues -------------------------------------------------------------------------------------
def venue_top_author(facts: GraphFacts, rng: random.Random) -> Iterator[Candidate]:
    """The people with the most papers in the venue (all of them on a tie), at least two papers each."""
    for venue_id in facts.shuffled("venue", rng):
        if not facts.clear_venue(venue_id):
            continue
        counts = Counter(a for p in facts.store.neighbors(venue_id, "published_in", "in")
                         for a in facts.store.step(p, "author"))
        if not counts:
            continue
        best = max(counts.values())
        answer = names(facts, [a for a, n in counts.items() if n == best]) if best >= 2 else None
        if answer and len(answer) <= 3:
            yield {"venue": facts.label(venue_id)}, answer
