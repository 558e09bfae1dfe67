"""Exclusions and position hops on the tiny datasets, checked against the raw files (tests/tiny_raw.py):
a paper's authors but the first, the other papers of its first author, an author's papers without one
co-author, and an author's co-authors but one. Entities are picked programmatically; the wordings are
this file's own."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tiny_raw import (RawCorpus, norm, norm_set, openalex_seed_authors, pick_paper, pick_prolific_author,
                      read_aminer, read_openalex)


def _corpora(datasets_dir: Path) -> dict[str, tuple[RawCorpus, list[tuple[str, str]] | None]]:
    openalex_dir = datasets_dir / "openalex" / "tiny"
    return {"openalex-tiny": (read_openalex(openalex_dir), openalex_seed_authors(openalex_dir)),
            "dblp-tiny": (read_aminer(datasets_dir / "dblp" / "aminer_v8_ccf" / "tiny" /
                                      "information_security_first300.txt"), None)}


def _unambiguous_coauthor(corpus: RawCorpus, author: tuple[str, str]) -> tuple[str, str]:
    """A co-author of `author` with one name and one id, who is not on all of the author's papers."""
    ids_by_name, names_by_id = corpus.ids_by_name(), corpus.names_by_id()
    papers = corpus.papers_of(author[0])
    for paper in papers:
        for other_id, name in paper.authors:
            if (other_id != author[0] and len(ids_by_name[norm(name)]) == 1 and len(names_by_id[other_id]) == 1
                    and any(other_id not in {a for a, _ in p.authors} for p in papers)):
                return other_id, name
    raise LookupError("no suitable co-author in the tiny data")


def _ask(question: str, dataset: str) -> dict[str, Any]:
    from hgrag.graphs.api import ask

    return ask(question, dataset)


def _assert_answer(result: dict[str, Any], expected: set[str], question: str) -> None:
    assert norm_set(result["answer"]) == norm_set(expected), f"{question!r}: {result['answer_text']!r}"
    assert result["verified"] is True and result["error"] is None


@pytest.mark.parametrize("dataset", ["openalex-tiny", "dblp-tiny"])
def test_exclusions_match_the_raw_data(datasets_dir: Path, session_hgrag_home: Path, dataset: str) -> None:
    corpus, seeds = _corpora(datasets_dir)[dataset]
    paper = pick_paper(corpus)
    title = paper.title.rstrip(".")
    question = f'Name the authors of "{title}", not counting whoever is listed first.'
    _assert_answer(_ask(question, dataset), {name for _, name in paper.authors[1:]}, question)

    first_id = paper.authors[0][0]
    others = {p.title for p in corpus.papers_of(first_id)} - {paper.title}
    if others:
        question = f'Besides "{title}", what else has its first author written?'
        _assert_answer(_ask(question, dataset), others, question)

    author = pick_prolific_author(corpus, seeds)
    partner = _unambiguous_coauthor(corpus, author)
    question = f"Which of {author[1]}'s papers don't have {partner[1]} among the authors?"
    expected = {p.title for p in corpus.papers_of(author[0]) if partner[0] not in {a for a, _ in p.authors}}
    _assert_answer(_ask(question, dataset), expected, question)

    question = f"co-authors of {author[1]} minus {partner[1]}"
    _assert_answer(_ask(question, dataset), corpus.coauthor_names(author[0]) - {partner[1]}, question)


@pytest.mark.parametrize("dataset", ["openalex-tiny", "dblp-tiny"])
def test_a_paper_set_aside_from_a_venues_papers_is_not_the_subject(datasets_dir: Path, session_hgrag_home: Path,
                                                                     dataset: str) -> None:
    """'How many papers appeared in V besides T?' counts V's other papers; T's authors are never asked for."""
    corpus, _ = _corpora(datasets_dir)[dataset]
    in_venue = Counter(p.venue for p in corpus.papers.values() if p.venue)
    titles = corpus.title_counts()
    paper = max((p for p in corpus.papers.values() if p.venue and titles[norm(p.title)] == 1 and "(" not in p.venue),
                key=lambda p: (in_venue[p.venue], p.title))
    out = _ask(f'How many papers appeared in {paper.venue} besides "{paper.title.rstrip(".")}"?', dataset)
    assert out["verified"] and out["answer"] == [str(in_venue[paper.venue] - 1)], out["answer_text"]
