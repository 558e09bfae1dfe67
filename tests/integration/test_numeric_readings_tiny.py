"""Numbers asked of two things, and counts scoped to the graph, on both tiny graphs (gold from the raw files,
tests/tiny_raw.py): 'how many papers in the graph cite T' counts the citing papers the graph holds, 'the
difference in citation count between T1 and T2' is the larger less the smaller, and a difference the plan
cannot take ('by how many papers does A's count exceed B's') is declined, never answered with a total."""

from __future__ import annotations

import pytest

from test_offline_answers import Facts, ask_offline, facts  # noqa: F401  (the module's fixture)
from tiny_raw import norm

pytestmark = pytest.mark.integration
DATASETS = ["openalex-tiny", "dblp-tiny"]


def _unique_titles(f: Facts) -> list:
    titles = f.corpus.title_counts()
    return [p for p in f.corpus.papers.values() if titles[norm(p.title)] == 1 and p.cited_by_count is not None]


@pytest.mark.parametrize("dataset", DATASETS)
def test_papers_in_the_graph_citing_a_paper_are_counted_from_its_citing_papers(facts, dataset: str) -> None:
    f = facts[dataset]
    citing = {p.id: [q for q in f.corpus.papers.values() if p.id in q.references] for p in _unique_titles(f)}
    cited = [p for p in _unique_titles(f) if citing[p.id]]  # on OpenAlex, one whose global count differs
    paper = next((p for p in cited if len(citing[p.id]) != p.cited_by_count), cited[0])
    out = ask_offline(f'How many papers in the graph cite "{paper.title.rstrip(".")}"?', dataset)
    assert out["verified"] and out["answer"] == [str(len(citing[paper.id]))], out["answer_text"]


@pytest.mark.parametrize("dataset", DATASETS)
def test_the_difference_of_two_papers_numbers_is_the_larger_less_the_smaller(facts, dataset: str) -> None:
    f = facts[dataset]
    one, two = sorted(_unique_titles(f), key=lambda p: (-(p.cited_by_count or 0), p.title))[:2]
    out = ask_offline(f'What is the difference in citation count between "{one.title.rstrip(".")}" and '
                      f'"{two.title.rstrip(".")}"?', dataset)
    assert out["verified"] and out["answer"] == [str(abs(one.cited_by_count - two.cited_by_count))], out["answer_text"]


@pytest.mark.parametrize("dataset", DATASETS)
def test_a_difference_the_plan_cannot_take_is_declined(facts, dataset: str) -> None:
    f = facts[dataset]
    other = next(name for p in f.corpus.papers_of(f.author[0]) for a, name in p.authors if a != f.author[0])
    out = ask_offline(f"By how many papers does {f.author[1]}'s publication count exceed that of {other}?", dataset)
    assert not out["verified"] and out["answer"] == []


@pytest.mark.parametrize("dataset", DATASETS)
def test_a_yes_no_threshold_on_one_papers_citations_tests_that_paper(facts, dataset: str) -> None:
    paper = max(_unique_titles(facts[dataset]), key=lambda p: (p.cited_by_count or 0, p.title))
    title = paper.title.rstrip(".")
    above = ask_offline(f'Has "{title}" been cited more than {paper.cited_by_count - 1} times?', dataset)
    assert above["verified"] and above["answer"] == ["yes"], above["answer_text"]
    at = ask_offline(f'Does "{title}" have more than {paper.cited_by_count} citations?', dataset)
    assert at["verified"] and at["answer"] == ["no"], at["answer_text"]


@pytest.mark.parametrize("dataset", DATASETS)
def test_a_year_named_after_an_exclusion_word_is_left_out(facts, dataset: str) -> None:
    f = facts[dataset]
    papers = f.corpus.papers_of(f.author[0])
    year = sorted(p.year for p in papers if p.year)[0]
    out = ask_offline(f"List the papers of {f.author[1]}, excluding those from {year}.", dataset)
    assert out["verified"]
    assert sorted(norm(a) for a in out["answer"]) == sorted(norm(p.title) for p in papers if p.year != year)
