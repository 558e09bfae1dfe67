"""One sampler per benchmark intent: yields (slots, gold answer) pairs computed from the graph.

Each sampler walks the anchors of one node type in a seeded random order and yields a
candidate only when the question is fair: unambiguous names/titles, no junk names,
bounded answer size, and enough structure (e.g. authors with at least two papers).

paper_coauthors_false_premise asks the paper_coauthors question about an author who did not
write the paper (a co-author of one of its authors, so the mix-up is plausible); its gold is []:
the system should reject the premise instead of listing co-authors. It has no wordings of its
own (template_sets.TEMPLATE_ALIASES) and a half share of its type (INTENT_WEIGHTS).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator

from hgrag.evaluation.graph_facts import GraphFacts, unique_max

Candidate = tuple[dict[str, str], list[str]]
Sampler = Callable[[GraphFacts, random.Random], Iterator[Candidate]]

MAX_AUTHORS = 10
MAX_TITLES = 5
MAX_COAUTHORS = 10
MAX_VENUES = 8
MIN_AUTHOR_PAPERS = 2


# -- anchors -------------------------------------------------------------------------
def _papers(facts: GraphFacts, rng: random.Random) -> Iterator[str]:
    """Papers with a clear title, in seeded random order."""
    for paper_id in facts.shuffled("paper", rng):
        if facts.clear_title(paper_id):
            yield paper_id


def _authored_papers(facts: GraphFacts, rng: random.Random, min_authors: int = 1) -> Iterator[tuple[str, list[str]]]:
    """Clear-titled papers with min_authors..MAX_AUTHORS ordered, non-junk authors."""
    for paper_id in _papers(facts, rng):
        authors = facts.authors_of(paper_id)
        if authors and min_authors <= len(authors) <= MAX_AUTHORS and not facts.has_junk_author(paper_id):
            yield paper_id, authors


def _authors(facts: GraphFacts, rng: random.Random, min_papers: int = MIN_AUTHOR_PAPERS) -> Iterator[str]:
    """Clearly named authors with at least `min_papers` papers."""
    for author_id in facts.shuffled("author", rng):
        if len(facts.papers_of(author_id)) >= min_papers and facts.clear_author(author_id):
            yield author_id


def _paper_slot(facts: GraphFacts, paper_id: str) -> dict[str, str]:
    return {"paper": facts.title_slot(paper_id)}


def _author_slot(facts: GraphFacts, author_id: str) -> dict[str, str]:
    return {"author": facts.label(author_id)}


# -- attribute -----------------------------------------------------------------------
def _paper_attribute(read: Callable[[GraphFacts, str], object]) -> Sampler:
    def sample(facts: GraphFacts, rng: random.Random) -> Iterator[Candidate]:
        for paper_id in _papers(facts, rng):
            value = read(facts, paper_id)
            if value not in (None, ""):
                yield _paper_slot(facts, paper_id), [str(value)]
    return sample


def _positive_citations(facts: GraphFacts, paper_id: str) -> int | None:
    count = facts.citations(paper_id)
    return count if count else None


def author_orcid(facts: GraphFacts, rng: random.Random) -> Iterator[Candidate]:
    for author_id in _authors(facts, rng, min_papers=1):
        orcid = facts.store.attr(author_id, "orcid")
        if orcid:
            yield _author_slot(facts, author_id), [str(orcid)]


# -- relation ------------------------------------------------------------------------
def paper_authors(facts: GraphFacts, rng: random.Random) -> Iterator[Candidate]:
    for paper_id, authors in _authored_papers(facts, rng, min_authors=2):
        if all(facts.clear_author(a) for a in authors):
            yield _paper_slot(facts, paper_id), [facts.label(a) for a in authors]


def paper_coauthors(facts: GraphFacts, rng: random.Random) -> Iterator[Candidate]:
    for paper_id, authors in _authored_papers(facts, rng, min_authors=2):
        if all(facts.clear_author(a) for a in authors):
            anchor = rng.choice(authors)
            others = [facts.label(a) for a in authors if a != anchor]
            yield {**_paper_slot(facts, paper_id), **_author_slot(facts, anchor)}, others


def paper_coauthors_false_premise(facts: GraphFacts, rng: random.Random) -> Iterator[Candidate]:
    """paper_coauthors about a clear author who did not write the paper but co-wrote another paper
    with one of its authors, and shares no surname token with them (so the gold [] is not confusable)."""
    for paper_id, authors in _authored_papers(facts, rng, min_authors=2):
        if not all(facts.clear_author(a) for a in authors):
            continue
        surnames = {facts.surname(a) for a in authors}
        tokens = set().union(*(facts.name_tokens(a) for a in authors))
        pool = sorted(c for c in {c for a in authors for c in facts.coauthors(a)} - set(authors)
                      if facts.clear_author(c) and not facts.name_tokens(c) & surnames
                      and facts.surname(c) not in tokens)
        if pool:
            stranger = rng.choice(pool)
            yield {**_paper_slot(facts, paper_id), **_author_slot(facts, stranger)}, []


def paper_venue(facts: GraphFacts, rng: random.Random) -> Iterator[Candidate]:
    for paper_id in _papers(facts, rng):
        venue_id = facts.venue_of(paper_id)
        if facts.clear_venue(venue_id):
            yield _paper_slot(facts, paper_id), [facts.label(venue_id)]


def paper_first_author(facts: GraphFacts, rng: random.Random) -> Iterator[Candidate]:
    for paper_id, authors in _authored_papers(facts, rng, min_authors=2):
        if facts.clear_author(authors[0]):
            yield _paper_slot(facts, paper_id), [facts.label(authors[0])]


def _venue_groups(facts: GraphFacts, author_id: str) -> dict[str, set[str]]:
    """Clear venues of an author's papers -> those papers."""
    return {v: p for v, p in facts.papers_by_venue([author_id]).items() if facts.clear_venue(v)}


def author_papers_in_venue(facts: GraphFacts, rng: random.Random) -> Iterator[Candidate]:
    for author_id in _authors(facts, rng):
        groups = {v: p for v, p in _venue_groups(facts, author_id).items()
                  if len(p) <= MAX_TITLES and all(facts.is_unique(t) for t in p)}
        if groups:
            venue_id = rng.choice(sorted(groups))
            titles = sorted(facts.label(p) for p in groups[venue_id])
            yield {**_author_slot(facts, author_id), "venue": facts.label(venue_id)}, titles


# -- aggregation ---------------------------------------------------------------------
def author_paper_count(facts: GraphFacts, rng: random.Random) -> Iterator[Candidate]:
    for author_id in _authors(facts, rng):
        yield _author_slot(facts, author_id), [str(len(facts.papers_of(author_id)))]


def author_venue_paper_count(facts: GraphFacts, rng: random.Random) -> Iterator[Candidate]:
    for author_id in _authors(facts, rng):
        groups = _venue_groups(facts, author_id)
        if groups:
            venue_id = rng.choice(sorted(groups))
            slots = {**_author_slot(facts, author_id), "venue": facts.label(venue_id)}
            yield slots, [str(len(groups[venue_id]))]


def paper_author_count(facts: GraphFacts, rng: random.Random) -> Iterator[Candidate]:
    for paper_id, authors in _authored_papers(facts, rng):
        yield _paper_slot(facts, paper_id), [str(len(authors))]


def author_most_cited_paper(facts: GraphFacts, rng: random.Random) -> Iterator[Candidate]:
    for author_id in _authors(facts, rng):
        cited = {p: facts.citations(p) for p in facts.papers_of(author_id)}
        if any(c is None for c in cited.values()):
            continue
        best = unique_max(cited)
        if best is not None and cited[best] > 0 and facts.is_unique(best):
            yield _author_slot(facts, author_id), [facts.label(best)]


def author_first_year(facts: GraphFacts, rng: random.Random) -> Iterator[Candidate]:
    for author_id in _authors(facts, rng):
        years = [facts.year_of(p) for p in facts.papers_of(author_id)]
        if years and None not in years:
            yield _author_slot(facts, author_id), [str(min(years))]


def author_top_venue(facts: GraphFacts, rng: random.Random) -> Iterator[Candidate]:
    for author_id in _authors(facts, rng, min_papers=3):
        counts = {v: len(p) for v, p in facts.papers_by_venue([author_id]).items()}
        best = unique_max(counts)
        if best is not None and counts[best] >= 2 and facts.clear_venue(best):
            yield _author_slot(facts, author_id), [facts.label(best)]


def author_year_paper_count(facts: GraphFacts, rng: random.Random) -> Iterator[Candidate]:
    for author_id in _authors(facts, rng):
        years = Counter(y for y in map(facts.year_of, facts.papers_of(author_id)) if y is not None)
        if years:
            year = rng.choice(sorted(years))
            yield {**_author_slot(facts, author_id), "year": str(year)}, [str(years[year])]


# -- multihop ------------------------------------------------------------------------
def paper_authors_venue_count(facts: GraphFacts, rng: random.Random) -> Iterator[Candidate]:
    for paper_id, authors in _authored_papers(facts, rng):
        groups = {v: p for v, p in facts.papers_by_venue(authors).items()
                  if len(p) >= 2 and facts.clear_venue(v)}
        if groups:
            venue_id = rng.choice(sorted(groups))
            slots = {**_paper_slot(facts, paper_id), "venue": facts.label(venue_id)}
            yield slots, [str(len(groups[venue_id]))]


def author_coauthors(facts: GraphFacts, rng: random.Random) -> Iterator[Candidate]:
    for author_id in _authors(facts, rng):
        coauthors = facts.coauthors(author_id)
        if 1 <= len(coauthors) <= MAX_COAUTHORS and all(facts.clear_author(c) for c in coauthors):
            yield _author_slot(facts, author_id), sorted(facts.label(c) for c in coauthors)


def author_coauthor_count(facts: GraphFacts, rng: random.Random) -> Iterator[Candidate]:
    for author_id in _authors(facts, rng):
        coauthors = facts.coauthors(author_id)
        if coauthors and not any(facts.is_junk_name(c) for c in coauthors):
            yield _author_slot(facts, author_id), [str(len(coauthors))]


def _second_author(facts: GraphFacts, author_id: str, want_yes: bool, rng: random.Random) -> str | None:
    """A clear co-author (yes) or a clear co-author's co-author who is not a co-author (no)."""
    direct = facts.coauthors(author_id)
    if want_yes:
        pool = set(direct)
    else:
        pool = {far for near in sorted(direct) for far in facts.coauthors(near)}
        pool -= set(direct) | {author_id}
    pool = sorted(a for a in pool if facts.clear_author(a))
    return rng.choice(pool) if pool else None


def coauthored_yes_no(facts: GraphFacts, rng: random.Random) -> Iterator[Candidate]:
    want_yes = True
    for author_id in _authors(facts, rng):
        other = _second_author(facts, author_id, want_yes, rng)
        if other is not None:
            slots = {**_author_slot(facts, author_id), "author2": facts.label(other)}
            yield slots, ["yes" if want_yes else "no"]
            want_yes = not want_yes


def author_top_coauthor(facts: GraphFacts, rng: random.Random) -> Iterator[Candidate]:
    for author_id in _authors(facts, rng):
        counts = facts.coauthors(author_id)
        best = unique_max(counts)
        if best is not None and counts[best] >= 2 and facts.clear_author(best):
            yield _author_slot(facts, author_id), [facts.label(best)]


def paper_first_author_paper_count(facts: GraphFacts, rng: random.Random) -> Iterator[Candidate]:
    for paper_id, authors in _authored_papers(facts, rng):
        first = authors[0]
        papers = facts.papers_of(first)
        if len(papers) >= MIN_AUTHOR_PAPERS and facts.clear_author(first):
            yield _paper_slot(facts, paper_id), [str(len(papers))]


def paper_authors_venues(facts: GraphFacts, rng: random.Random) -> Iterator[Candidate]:
    for paper_id, authors in _authored_papers(facts, rng):
        venues = facts.papers_by_venue(authors)
        if 1 <= len(venues) <= MAX_VENUES and all(facts.clear_venue(v) for v in venues):
            yield _paper_slot(facts, paper_id), sorted(facts.label(v) for v in venues)


# Catalogue order (section A of /work/spec/intents.md; all sections: catalogue.py): (type, intent, sampler).
SAMPLERS: list[tuple[str, str, Sampler]] = [
    ("attribute", "paper_year", _paper_attribute(lambda f, p: f.year_of(p))),
    ("attribute", "paper_citations", _paper_attribute(_positive_citations)),
    ("attribute", "paper_doi", _paper_attribute(lambda f, p: f.store.attr(p, "doi"))),
    ("attribute", "paper_type", _paper_attribute(lambda f, p: f.store.attr(p, "work_type"))),
    ("attribute", "author_orcid", author_orcid),
    ("relation", "paper_authors", paper_authors),
    ("relation", "paper_coauthors", paper_coauthors),
    ("relation", "paper_coauthors_false_premise", paper_coauthors_false_premise),
    ("relation", "paper_venue", paper_venue),
    ("relation", "paper_first_author", paper_first_author),
    ("relation", "author_papers_in_venue", author_papers_in_venue),
    ("aggregation", "author_paper_count", author_paper_count),
    ("aggregation", "author_venue_paper_count", author_venue_paper_count),
    ("aggregation", "paper_author_count", paper_author_count),
    ("aggregation", "author_most_cited_paper", author_most_cited_paper),
    ("aggregation", "author_first_year", author_first_year),
    ("aggregation", "author_top_venue", author_top_venue),
    ("aggregation", "author_year_paper_count", author_year_paper_count),
    ("multihop", "paper_authors_venue_count", paper_authors_venue_count),
    ("multihop", "author_coauthors", author_coauthors),
    ("multihop", "author_coauthor_count", author_coauthor_count),
    ("multihop", "coauthored_yes_no", coauthored_yes_no),
    ("multihop", "author_top_coauthor", author_top_coauthor),
    ("multihop", "paper_first_author_paper_count", paper_first_author_paper_count),
    ("multihop", "paper_authors_venues", paper_authors_venues),
]
QUESTION_TYPES = ("attribute", "relation", "aggregation", "multihop")

# Share of an intent within its type's round robin (default 1): 0.5 = one question per two turns.
INTENT_WEIGHTS: dict[str, float] = {"paper_coauthors_false_premise": 0.5}

# Which abbreviated author names an intent allows (evaluation/renderings.py; default "any" resolvable
# one). The false premise names someone unrelated to the paper, so context cannot resolve (or even
# define) an initial form: "never". A 'no' yes/no question has no related candidate either, so an
# ambiguous initial form would leave the gold undefined: "unambiguous" only.
NAME_RENDERING: dict[str, str] = {
    "paper_coauthors_false_premise": "never",
    "coauthored_yes_no": "unambiguous",
}
