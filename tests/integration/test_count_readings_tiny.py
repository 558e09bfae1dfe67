"""Aggregate readings (year spans, distinct years and venues, symbol thresholds, yes/no count tests,
function-style maxima) asked in keyword and field styles on both tiny graphs, checked against the raw
files (tests/tiny_raw.py), never against hgrag. Each answer must be verified by the question-plan check."""

from __future__ import annotations

from collections import Counter
from typing import Any, Callable

import pytest

from test_offline_answers import Facts, ask_offline, facts  # noqa: F401  (the module's fixture)
from tiny_raw import norm_set

pytestmark = pytest.mark.integration


def _papers(f: Facts) -> list[Any]:
    return f.corpus.papers_of(f.author[0])


def _years(f: Facts) -> list[int]:
    return [p.year for p in _papers(f) if p.year]


def _top_venue(f: Facts) -> tuple[str, int]:
    venue, n = Counter(p.venue for p in _papers(f) if p.venue).most_common(1)[0]
    return venue, n


def _cites(f: Facts) -> list[int]:
    return [p.cited_by_count or 0 for p in _papers(f)]


CASES: dict[str, tuple[Callable[[Facts], str], Callable[[Facts], set[str]]]] = {
    "span": (lambda f: f"{f.author[1]}: last publication year minus first publication year",
             lambda f: {str(max(_years(f)) - min(_years(f)))}),
    "career": (lambda f: f"How long, in years, is the publishing career of {f.author[1]}?",
               lambda f: {str(max(_years(f)) - min(_years(f)))}),
    "calendar_years": (lambda f: f"In how many calendar years did {f.author[1]} have a paper out?",
                       lambda f: {str(len(set(_years(f))))}),
    "places": (lambda f: f"How many different places, journals or conferences, has {f.author[1]} had papers in?",
               lambda f: {str(len({p.venue for p in _papers(f) if p.venue}))}),
    "cited_at_least": (lambda f: f"{f.author[1]} papers citations >= {max(_cites(f))}",
                       lambda f: {p.title for p in _papers(f) if (p.cited_by_count or 0) >= max(_cites(f))}),
    "count_test_yes": (lambda f: f"{f.author[1]} paper count in {_top_venue(f)[0]} > {_top_venue(f)[1] - 1}? yes/no",
                       lambda f: {"yes"}),
    "count_test_no": (lambda f: f"is the count of papers by {f.author[1]} in {_top_venue(f)[0]} greater than "
                                f"{_top_venue(f)[1]}", lambda f: {"no"}),
    "max_value": (lambda f: f"max(citations) over papers by {f.author[1]}", lambda f: {str(max(_cites(f)))}),
}


@pytest.mark.parametrize("dataset", ["openalex-tiny", "dblp-tiny"])
@pytest.mark.parametrize("case", list(CASES))
def test_count_reading_matches_raw_data(facts: dict[str, Facts], dataset: str, case: str) -> None:
    question_of, expected_of = CASES[case]
    fact = facts[dataset]
    question, expected = question_of(fact), expected_of(fact)
    result = ask_offline(question, dataset)
    assert norm_set(result["answer"]) == norm_set(expected), f"{question!r}: {result['answer_text']!r}"
    assert result["verified"] is True, question
