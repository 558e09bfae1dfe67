"""Two asking sentences get both answers or none ('Who wrote T? When was it published?': it was answered with
the publication years of the authors' papers), and a title's own full stop does not end the sentence ('how many
citations does T. have?'). Gold from the raw files (tests/tiny_raw.py), on both tiny graphs."""

from __future__ import annotations

import pytest

from test_offline_answers import Facts, ask_offline, facts  # noqa: F401  (the module's fixture)
from tiny_raw import norm_set

pytestmark = pytest.mark.integration
DATASETS = ["openalex-tiny", "dblp-tiny"]


def _title(f: Facts) -> str:
    return f.paper.title.rstrip(".")


@pytest.mark.parametrize("dataset", DATASETS)
def test_two_questions_in_two_sentences_get_both_answers(facts, dataset: str) -> None:
    f = facts[dataset]
    out = ask_offline(f'Who wrote "{_title(f)}"? When was it published?', dataset)
    assert out["verified"], out["answer_text"]
    assert norm_set(out["answer"]) == norm_set([f"authors: {name}" for _, name in f.paper.authors]
                                               + [f"year: {f.paper.year}"])
    counted = ask_offline(f'What year is "{_title(f)}" from? How many citations does it have?', dataset)
    assert norm_set(counted["answer"]) == norm_set([f"year: {f.paper.year}", f"citations: {f.paper.cited_by_count}"])


@pytest.mark.parametrize("dataset", DATASETS)
def test_one_answer_to_two_asking_sentences_is_never_given(facts, dataset: str) -> None:
    """When the second sentence cannot be read, hgrag abstains rather than answer the first (or a mix)."""
    f = facts[dataset]
    out = ask_offline(f'Who wrote "{_title(f)}"? What is its page count?', dataset)
    assert not out["verified"] and out["answer"] == []


def test_an_unquoted_title_keeps_its_own_full_stop(facts) -> None:
    f = facts["dblp-tiny"]
    assert f.paper.title.endswith(".")
    out = ask_offline(f"how many citations does {f.paper.title} have?", "dblp-tiny")
    assert out["verified"] and out["answer"] == [str(f.paper.cited_by_count)]
    both = ask_offline(f"who wrote {f.paper.title} when was it published?", "dblp-tiny")  # a new question after it
    assert f"year: {f.paper.year}" in both["answer"]
