"""Time relative to a named paper or a year, on the tiny datasets, checked against the raw files:
an author's papers from the year of one of their papers (or later), and a paper's year tested
against a stated year, with titles quoted and unquoted and comparisons in words or symbols."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tiny_raw import (RawCorpus, norm, norm_set, openalex_seed_authors, pick_prolific_author, read_aminer,
                     read_openalex)


def _corpus(dataset: str, datasets_dir: Path) -> tuple[RawCorpus, tuple[str, str]]:
    if dataset == "openalex-tiny":
        directory = datasets_dir / "openalex" / "tiny"
        corpus = read_openalex(directory)
        return corpus, pick_prolific_author(corpus, openalex_seed_authors(directory))
    corpus = read_aminer(datasets_dir / "dblp" / "aminer_v8_ccf" / "tiny" / "information_security_first300.txt")
    return corpus, pick_prolific_author(corpus)


def _anchor(corpus: RawCorpus, author_id: str) -> Any:
    """One of the author's papers (unique title free of digits and quotes) from their busiest year
    before their last one, so that both the same year and the later years hold other papers."""
    titles = corpus.title_counts()
    papers = sorted((p for p in corpus.papers_of(author_id) if p.year and titles[norm(p.title)] == 1
                     and not any(c.isdigit() or c in "\"'<>=" for c in p.title)), key=lambda p: (p.year, p.id))
    last = max(p.year for p in corpus.papers_of(author_id) if p.year)
    years = Counter(p.year for p in corpus.papers_of(author_id) if p.year and p.year < last)
    busiest = max(years, key=lambda y: (years[y], -y))
    return next(p for p in papers if p.year == busiest)


def _ask(question: str, dataset: str) -> dict[str, Any]:
    from hgrag.graphs.api import ask

    return ask(question, dataset)


@pytest.fixture(scope="module", params=["openalex-tiny", "dblp-tiny"])
def facts(request: pytest.FixtureRequest, datasets_dir: Path, session_hgrag_home: Path) -> tuple:
    corpus, author = _corpus(request.param, datasets_dir)
    return request.param, corpus, author, _anchor(corpus, author[0])


def _titles(corpus: RawCorpus, author_id: str, keep: Any) -> set[str]:
    return {p.title for p in corpus.papers_of(author_id) if p.year is not None and keep(p)}


def test_papers_from_the_year_an_unquoted_paper_came_out(facts: tuple) -> None:
    dataset, corpus, (author_id, name), anchor = facts
    title = anchor.title.rstrip(".")
    result = _ask(f"Which works did {name} put out in the year {title} was printed?", dataset)
    expected = _titles(corpus, author_id, lambda p: p.year == anchor.year) - {anchor.title}
    assert norm_set(result["answer"]) == norm_set(expected), result["answer_text"]
    assert result["verified"] is True or not expected


@pytest.mark.parametrize("symbol, keep", [(">=", lambda y, a: y >= a), (">", lambda y, a: y > a)])
def test_papers_with_a_year_symbol_against_an_unquoted_paper(facts: tuple, symbol: str, keep: Any) -> None:
    dataset, corpus, (author_id, name), anchor = facts
    result = _ask(f"{name} works: publication year {symbol} year of {anchor.title.rstrip('.')}", dataset)
    expected = _titles(corpus, author_id, lambda p: keep(p.year, anchor.year))
    assert norm_set(result["answer"]) == norm_set(expected), result["answer_text"]
    assert result["verified"] is True


@pytest.mark.parametrize("wording, truth", [
    ("Did '{t}' come out pre-{y}? Yes or no.", lambda year, y: year < y),
    ("{t} released no later than {y}? y/n", lambda year, y: year <= y),
    ("Is '{t}' newer than the year {y}?", lambda year, y: year > y),
])
@pytest.mark.parametrize("offset", [-1, 0, 1])
def test_a_paper_year_against_a_stated_year(facts: tuple, wording: str, truth: Any, offset: int) -> None:
    dataset, _, _, anchor = facts
    year = anchor.year + offset
    result = _ask(wording.format(t=anchor.title.rstrip("."), y=year), dataset)
    assert result["answer"] == ["yes" if truth(anchor.year, year) else "no"], result["answer_text"]
    assert result["verified"] is True


def test_a_year_range_is_read_as_two_bounds(facts: tuple) -> None:
    dataset, _, _, anchor = facts
    inside = _ask(f"Was '{anchor.title}' published after {anchor.year - 1} but before {anchor.year + 1}?", dataset)
    outside = _ask(f"Was '{anchor.title}' published after {anchor.year} but before {anchor.year + 3}?", dataset)
    assert (inside["answer"], outside["answer"]) == (["yes"], ["no"]), (inside["answer_text"], outside["answer_text"])


def test_the_anchor_lets_the_tests_fail(facts: tuple) -> None:
    """The data must make the tests meaningful: other papers in the anchor's year and later."""
    _, corpus, (author_id, _), anchor = facts
    assert _titles(corpus, author_id, lambda p: p.year == anchor.year) - {anchor.title}
    assert _titles(corpus, author_id, lambda p: p.year > anchor.year)
