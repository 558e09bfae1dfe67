"""The mechanisms of rounds 29 and 30 (twenty-first stop): how far an exclusion reaches and what it keeps, comparing
people, references as a measure, 'for each' after the question, and on the tiny OpenAlex graph the institutions of
a person's co-authors, the person at a byline place, and countries named by their codes. Wordings are written here."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from test_planner import P1
from test_chain_reader import P2, P3, P4, world  # noqa: F401 - the toy graph with citations (a fixture)
from test_round28_mechanisms import world_resources  # noqa: F401 - the toy graph as the pipeline's resources
from test_rich_planner import AUTHOR, PAPER, _answer

from hgrag.agents.kinds.countries import _country_hits
from hgrag.graphs.scholar_qa import build_qa_graph
from hgrag.state.context import Context
from hgrag.tools.graph_builder import build_store
from hgrag.tools.loaders.openalex import iter_openalex_file


def _ask(question: str) -> dict:
    return build_qa_graph("agentic").invoke({"question": question, "dataset": "toy"}, context=Context(dataset="toy"))


@pytest.mark.parametrize("question, expected", [
    ("List Dariush Divsalar's co-authors, but drop Bo Chen and anyone who has also written with Bo Chen.", ["Ann Lee"]),
    (f"Leaving aside everyone on '{P2}', who has Marvin K. Simon worked with?", ["Ann Lee"]),
    ("Which of Dariush Divsalar's co-authors have never written a paper with Bo Chen?", ["Ann Lee"]),
    ("Who has co-authored with Dariush Divsalar but not with Bo Chen?", ["Ann Lee"]),
    ("Leaving Ann Lee aside, who wrote " + f"'{P1}'?", ["Dariush Divsalar", "Marvin K. Simon"]),
    (f"What has Dariush Divsalar published since the year of '{P2}'?", [P2, P4]),
    ("Which papers list Dariush Divsalar first?", [P2, P4]),
    (f"Which of '{P1}' and '{P3}' has the longer reference list?", [P3]),
    ("Who started publishing earlier, Bo Chen or Dariush Divsalar?", ["Dariush Divsalar"]),
    ("Whose papers have collected more citations overall, Bo Chen's or Ann Lee's?", ["Bo Chen"]),
    ("The organisers want to know the venues Bo Chen has published in. Which are they?",
     ["Computer Networks", "Signal Processing"]),  # the kind a bare list tail asks is named before it
    ("Between Dariush Divsalar and Bo Chen, who has the longer publication list?", ["Dariush Divsalar"]),
    (f"Which papers are cited by the papers that '{P4}' cites?", [P1]),  # two citation verbs: two steps
    ("Combined, how many authors wrote " + f"'{P2}' and '{P3}'?", ["3"]),
])
def test_round30_readings_answer_and_are_verified(world_resources, question, expected) -> None:
    result = _ask(question)
    assert sorted(result["answer"]) == sorted(expected) and result["verified"], (result.get("interpretation"),
                                                                                  result.get("answer_text"))


def test_a_choice_by_a_measure_it_cannot_read_is_declined(world_resources) -> None:
    result = _ask(f"Which of '{P1}' and '{P3}' has the bigger appendix?")
    assert result["answer"] == [] and not result["verified"]


def test_for_each_after_the_question_asks_each_named_paper(world_resources) -> None:
    result = _ask(f"Where were '{P2}' and '{P3}' published? One venue for each, please.")
    assert result["verified"] and len(result["answer"]) == 2
    assert any(a.endswith("Computer Networks") for a in result["answer"])
    assert any(a.endswith("Signal Processing") for a in result["answer"])


def test_a_code_takes_the_words_that_call_it_a_code() -> None:
    hits = _country_hits("Which of A's institutions lie outside the country with ISO code SA?")
    assert [(h[2], h[4]) for h in hits] == [("the country with ISO code SA", "SA")]
    hits = _country_hits("Which of A's institutions are outside the United Arab Emirates (AE)?")
    assert [(h[2], h[4]) for h in hits] == [("United Arab Emirates (AE)", "AE")]


@pytest.fixture(scope="module")
def resources(openalex_tiny_dir: Path):
    records = [r for p in sorted(openalex_tiny_dir.glob("*.json")) for r in iter_openalex_file(p)]
    return SimpleNamespace(store=build_store(records, "tiny"), dataset="openalex-tiny")


def _institutions_of(store, people: set[str]) -> set[str]:
    entries = {e for found in store.expand(list(people), "authorship_by", "in").values() for e in found}
    return {store.label(i) for found in store.expand(list(entries), "affiliated_with", "out").values() for i in found}


def test_the_institutions_of_a_persons_co_authors(resources) -> None:
    store = resources.store
    papers = store.expand([AUTHOR], "writes", "out")[AUTHOR]
    others = {a for found in store.expand(list(papers), "writes", "in").values() for a in found} - {AUTHOR}
    _, got = _answer(resources, "Which institutions are Ali Binabdi's co-authors affiliated with?", [AUTHOR])
    assert got == _institutions_of(store, others) and got


def test_the_person_at_a_byline_place_in_general_or_on_that_paper(resources) -> None:
    store = resources.store
    title = store.label(PAPER)
    entries = store.expand([PAPER], "authorship_of", "in")[PAPER]
    positions = store.attrs(set(entries), "position")  # (an author entry holds its byline place)
    first = next(e for e in entries if positions.get(e) == 1)
    person = next(iter(store.expand([first], "authorship_by", "out")[first]))
    _, on_paper = _answer(resources, f"Which institution was the first author of {title} affiliated with on that paper?",
                          [PAPER])
    _, overall = _answer(resources, f"At which institutions has the first author of {title} held an affiliation?", [PAPER])
    assert on_paper == {store.label(i) for i in store.expand([first], "affiliated_with", "out")[first]}
    assert overall == _institutions_of(store, {person}) and overall > on_paper  # (more places than on this paper)


def test_a_pro_form_asks_the_kind_named_before_it(world_resources) -> None:
    result = _ask("Dariush Divsalar lists many papers, but I only care about those they led. "
                  "Which ones have them as first author?")
    assert not result["verified"] or sorted(result["answer"]) == sorted([P2, P4]), result.get("interpretation")
