"""Citations between named papers on dblp-tiny, in both directions and in several wordings: the answer
follows the citation the way the question says it goes. Expected answers come from the raw file
(tests/tiny_raw.py), never from hgrag; the pair of papers is picked programmatically."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tiny_raw import RawCorpus, norm, norm_set, read_aminer

DATASET = "dblp-tiny"


@pytest.fixture(scope="module")
def pair(datasets_dir: Path, session_hgrag_home: Path) -> tuple[RawCorpus, Any, Any]:
    """(corpus, citing, cited): a citation inside the set between two papers with unique titles that
    do not cite each other both ways."""
    corpus = read_aminer(datasets_dir / "dblp" / "aminer_v8_ccf" / "tiny" / "information_security_first300.txt")
    titles = corpus.title_counts()
    for citing in corpus.papers.values():
        for ref in citing.references:
            cited = corpus.papers.get(ref)
            if cited and cited.id != citing.id and titles[norm(citing.title)] == 1 and titles[norm(cited.title)] == 1 \
                    and citing.id not in cited.references and len(cited.title) > 25 and len(citing.title) > 25:
                return corpus, citing, cited
    pytest.skip("no in-set citation between uniquely titled papers")


def _t(paper: Any) -> str:
    return paper.title.rstrip(".")


def _ask(question: str) -> dict[str, Any]:
    from hgrag.graphs.api import ask

    return ask(question, DATASET)


def _citing_titles(corpus: RawCorpus, cited: Any) -> set[str]:
    return norm_set([p.title for p in corpus.papers.values() if cited.id in p.references])


def _cited_titles(corpus: RawCorpus, citing: Any) -> set[str]:
    return norm_set([corpus.papers[r].title for r in citing.references if r in corpus.papers])


@pytest.mark.parametrize("wording", [
    "Which later studies put '{p}' in their bibliographies?",
    "citing works: {p}",
    "Which articles gave a citation to '{p}'?",
])
def test_papers_citing_a_paper(pair: tuple, wording: str) -> None:
    corpus, _, cited = pair
    result = _ask(wording.format(p=_t(cited)))
    assert norm_set(result["answer"]) == _citing_titles(corpus, cited), result["answer_text"]


@pytest.mark.parametrize("wording", [
    "What is cited within '{p}'?",
    "refs for '{p}'",
    "Which older works does '{p}' draw on?",
])
def test_papers_a_paper_cites(pair: tuple, wording: str) -> None:
    corpus, citing, _ = pair
    result = _ask(wording.format(p=_t(citing)))
    assert norm_set(result["answer"]) == _cited_titles(corpus, citing), result["answer_text"]


@pytest.mark.parametrize("wording, expected", [  # b cites a, a does not cite b
    ("Is '{a}' one of the references of '{b}'?", "yes"),
    ("Is '{b}' one of the references of '{a}'?", "no"),
    ("Does '{b}' carry a reference to '{a}'?", "yes"),
    ("Was '{b}' cited by '{a}'?", "no"),
])
def test_whether_one_paper_cites_another(pair: tuple, wording: str, expected: str) -> None:
    _, citing, cited = pair
    result = _ask(wording.format(a=_t(cited), b=_t(citing)))
    assert result["answer"] == [expected], result["answer_text"]


def test_an_unclear_direction_is_not_answered(pair: tuple) -> None:
    _, citing, cited = pair
    result = _ask(f"'{_t(citing)}' and '{_t(cited)}': which one cites the other?")
    assert result["answer"] == [], result["answer_text"]
