"""Offline answers on the tiny datasets, one question per query type, checked against the raw files.

Expected answers come from tests/tiny_raw.py (its own JSON / AMiner parsing), never from hgrag;
entities are picked programmatically (first paper with >= 3 authors, most prolific author).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import pytest

from tiny_raw import (RawCorpus, norm, norm_set, openalex_seed_authors, pick_paper, pick_prolific_author,
                      read_aminer, read_openalex)


@dataclass
class Facts:
    """The raw corpus plus the entities the questions are about."""

    dataset: str
    corpus: RawCorpus
    paper: Any
    author: tuple[str, str]
    cited_paper: Any


@pytest.fixture(scope="module")
def facts(datasets_dir: Path, session_hgrag_home: Path) -> dict[str, Facts]:
    openalex_dir = datasets_dir / "openalex" / "tiny"
    openalex = read_openalex(openalex_dir)
    dblp = read_aminer(datasets_dir / "dblp" / "aminer_v8_ccf" / "tiny" / "information_security_first300.txt")
    return {
        "openalex-tiny": Facts("openalex-tiny", openalex, pick_paper(openalex),
                               pick_prolific_author(openalex, openalex_seed_authors(openalex_dir)),
                               pick_paper(openalex)),
        "dblp-tiny": Facts("dblp-tiny", dblp, pick_paper(dblp), pick_prolific_author(dblp),
                           _first_cited(dblp)),
    }


def _first_cited(corpus: RawCorpus) -> Any:
    titles = corpus.title_counts()
    return next(p for p in corpus.papers.values() if p.cited_by_count and titles[norm(p.title)] == 1)


def _title(paper: Any) -> str:
    return paper.title.rstrip(".")


def ask_offline(question: str, dataset: str) -> dict[str, Any]:
    from hgrag.graphs.api import ask

    return ask(question, dataset)


# Each case: (query type, question from facts, expected answer items from facts).
Case = tuple[str, Callable[[Facts], str], Callable[[Facts], set[str]]]
CASES: dict[str, Case] = {
    "year": ("attribute", lambda f: f'In which year was "{_title(f.paper)}" published?',
             lambda f: {str(f.paper.year)}),
    "citations": ("attribute", lambda f: f'How many citations does "{_title(f.cited_paper)}" have?',
                  lambda f: {str(f.cited_paper.cited_by_count)}),
    "authors": ("relation", lambda f: f'Who wrote "{_title(f.paper)}"?',
                lambda f: {name for _, name in f.paper.authors}),
    "venue": ("relation", lambda f: f'Where was "{_title(f.paper)}" published?',
              lambda f: {f.paper.venue}),
    "author_count": ("aggregation", lambda f: f'How many authors does "{_title(f.paper)}" have?',
                     lambda f: {str(len(f.paper.authors))}),
    "paper_count": ("aggregation", lambda f: f"How many papers has {f.author[1]} published?",
                    lambda f: {str(len(f.corpus.papers_of(f.author[0])))}),
    "top_venue": ("aggregation", lambda f: f"In which venue has {f.author[1]} published most often?",
                  lambda f: _most_common(f.corpus.venue_counts(f.author[0]))),
    "coauthors": ("multihop", lambda f: f"Who are the co-authors of {f.author[1]}?",
                  lambda f: f.corpus.coauthor_names(f.author[0])),
    "other_papers": ("multihop", lambda f: f'What other papers have the authors of "{_title(f.paper)}" written?',
                     lambda f: _other_papers(f.corpus, f.paper)),
    "first_author": ("relation", lambda f: f'Who is the first author of "{_title(f.paper)}"?',
                     lambda f: {f.paper.authors[0][1]}),
    "last_author": ("relation", lambda f: f'Who is the last author of "{_title(f.paper)}"?',
                    lambda f: {f.paper.authors[-1][1]}),
    "wrote_yes": ("relation", lambda f: f'Did {f.paper.authors[1][1]} write "{_title(f.paper)}"?',
                  lambda f: {"yes"}),
    "wrote_no": ("relation", lambda f: f'Did {_outsider(f)} write "{_title(f.paper)}"?', lambda f: {"no"}),
    "author_of_yes": ("relation", lambda f: f'Is {f.paper.authors[1][1]} an author of "{_title(f.paper)}"?',
                      lambda f: {"yes"}),
    "venue_do_you_know": ("relation", lambda f: f'Do you know where "{_title(f.paper)}" was published?',
                          lambda f: {f.paper.venue}),
    "papers_show_me_what": ("relation", lambda f: f"Can you show me what {f.author[1]} has published?",
                            lambda f: {p.title for p in f.corpus.papers_of(f.author[0])}),
    "papers_in_year": ("relation", lambda f: f"Which papers did {f.author[1]} publish in {_busiest_year(f)}?",
                       lambda f: {p.title for p in f.corpus.papers_of(f.author[0]) if p.year == _busiest_year(f)}),
    "first_year": ("aggregation", lambda f: f"In which year did {f.author[1]} publish their first paper?",
                   lambda f: {str(min(p.year for p in f.corpus.papers_of(f.author[0])))}),
    "most_cited": ("aggregation", lambda f: f"What is the most cited paper by {f.author[1]}?",
                   lambda f: _most_common(Counter({p.title: p.cited_by_count for p in f.corpus.papers_of(f.author[0])}))),
    "total_citations": ("aggregation",
                        lambda f: f"How many citations have the papers of {f.author[1]} received in total?",
                        lambda f: {str(sum(p.cited_by_count for p in f.corpus.papers_of(f.author[0])))}),
}


def _most_common(counts: Any) -> set[str]:
    best = max(counts.values())
    return {key for key, n in counts.items() if n == best}


def _busiest_year(fact: Facts) -> int:
    years = Counter(p.year for p in fact.corpus.papers_of(fact.author[0]))
    return min(_most_common(years))


def _outsider(fact: Facts) -> str:
    """The prolific author's first co-author (in paper order) who is not on the question's paper."""
    on_paper = {name for _, name in fact.paper.authors}
    ambiguous = {name for name, ids in fact.corpus.ids_by_name().items() if len(ids) > 1}
    return next(name for p in fact.corpus.papers_of(fact.author[0]) for _, name in p.authors
                if name not in on_paper and norm(name) not in ambiguous)


def _other_papers(corpus: RawCorpus, paper: Any) -> set[str]:
    titles = {p.title for author_id, _ in paper.authors for p in corpus.papers_of(author_id)}
    return titles - {paper.title}


@pytest.mark.parametrize("dataset", ["openalex-tiny", "dblp-tiny"])
@pytest.mark.parametrize("case", list(CASES))
def test_offline_answer_matches_raw_data(facts: dict[str, Facts], dataset: str, case: str) -> None:
    query_type, question_of, expected_of = CASES[case]
    fact = facts[dataset]
    question, expected = question_of(fact), expected_of(fact)
    result = ask_offline(question, dataset)
    got = norm_set(result["answer"])
    assert got == norm_set(expected), f"{question!r}: {result['answer']} / {result['answer_text']!r}"
    assert len(result["answer"]) == len(got), "duplicate answer items"
    assert result["query_type"] == query_type, question
    assert result["verified"] is True and result["error"] is None
    assert result["answer_text"].strip()


@pytest.mark.parametrize("dataset", ["openalex-tiny", "dblp-tiny"])
def test_a_papers_authors_are_listed_in_byline_order(facts: dict[str, Facts], dataset: str) -> None:
    paper = facts[dataset].paper
    result = ask_offline(f'Who wrote "{_title(paper)}"?', dataset)
    assert [norm(a) for a in result["answer"]] == [norm(name) for _, name in paper.authors]


MARMOTS = "Migratory patterns of alpine marmots under simulated lunar gravity"
SOURDOUGH = "Homomorphic sourdough fermentation for quantum bakeries"


@pytest.mark.parametrize("dataset, question, missing", [
    ("openalex-tiny", f'Who wrote "{MARMOTS}"?', MARMOTS),
    ("dblp-tiny", f'In which year was "{SOURDOUGH}" published?', SOURDOUGH),
    ("dblp-tiny", "Which papers did Zebulon Quartermaine-Fitzwilliam write?", None),
])
def test_out_of_graph_questions_abstain(session_hgrag_home: Path, dataset: str, question: str,
                                        missing: str | None) -> None:
    result = ask_offline(question, dataset)
    assert result["answer"] == [], result["answer_text"]
    assert re.search(r"\bcould not (find|link)\b", result["answer_text"]), result["answer_text"]
    assert missing is None or missing in result["answer_text"]
    assert result["verified"] is False

