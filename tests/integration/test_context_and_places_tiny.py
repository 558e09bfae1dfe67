"""On the tiny datasets, checked against the raw files (tests/tiny_raw.py): a context sentence before a question
that stands alone, a fronted phrase naming nothing, and a person's papers on which they are not first author.
Entities are picked programmatically; the wordings are this file's own."""

from __future__ import annotations

from pathlib import Path

import pytest

from test_exclusions_tiny import _assert_answer, _ask, _corpora
from tiny_raw import pick_prolific_author


@pytest.mark.parametrize("dataset", ["openalex-tiny", "dblp-tiny"])
def test_context_before_a_standalone_question(datasets_dir: Path, session_hgrag_home: Path, dataset: str) -> None:
    corpus, seeds = _corpora(datasets_dir)[dataset]
    author = pick_prolific_author(corpus, seeds)
    question = (f"A colleague told me I should cite work by {author[1]}. For background, can you list the "
                f"co-authors of {author[1]}?")
    _assert_answer(_ask(question, dataset), corpus.coauthor_names(author[0]), question)


@pytest.mark.parametrize("dataset", ["openalex-tiny", "dblp-tiny"])
def test_papers_on_which_a_person_is_not_first(datasets_dir: Path, session_hgrag_home: Path, dataset: str) -> None:
    corpus, seeds = _corpora(datasets_dir)[dataset]
    author = pick_prolific_author(corpus, seeds)
    papers = corpus.papers_of(author[0])
    expected = {p.title for p in papers if p.authors[0][0] != author[0]}
    assert expected and len(expected) < len(papers), "the pick must lead some papers and not others"
    question = f"On which of their papers was {author[1]} not the first author?"
    _assert_answer(_ask(question, dataset), expected, question)


@pytest.mark.parametrize("dataset", ["openalex-tiny", "dblp-tiny"])
def test_a_yes_no_question_followed_by_which(datasets_dir: Path, session_hgrag_home: Path, dataset: str) -> None:
    corpus, seeds = _corpora(datasets_dir)[dataset]
    author = pick_prolific_author(corpus, seeds)
    question = f"Has {author[1]} published any papers? If so, which?"
    _assert_answer(_ask(question, dataset), {p.title for p in corpus.papers_of(author[0])}, question)
