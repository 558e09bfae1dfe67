"""Mentions typed in lower case: dotted initials, one-word venues with a cue, long venue names, and
weaker look-up hits kept as candidates so graph re-ranking can still choose among them."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from test_planner import StringIndex, make_store
from test_planner import answer_after_retrieval as answer

LONG_VENUE = "Qatar Foundation Annual Research Conference Proceedings Volume 2018 Issue 1"


@pytest.fixture(scope="module")
def world():
    store = make_store()
    store.add_node("v3", "venue", name="Tectonics")
    store.add_node("v4", "venue", name=LONG_VENUE)
    store.add_node("a6", "author", name="A. B. Watts")
    store.add_node("a7", "author", name="D. Divsalar")  # a homonym of Dariush Divsalar, unrelated to v3
    for pid, title, venue, authors in (("p6", "Flexure of the lithosphere at ocean islands", "v3", ["a6", "a2"]),
                                       ("p7", "Gravity anomalies over seamount chains", "v1", ["a6"]),
                                       ("p8", "Karst structures from seismic attributes", "v4", ["a4"]),
                                       ("p9", "A short note on coding gain", "v2", ["a7"])):
        store.add_node(pid, "paper", title=title, year=2018, cited_by_count=1)
        store.add_edge(pid, venue, "published_in")
        for position, author in enumerate(authors, 1):
            store.add_edge(author, pid, "writes", position=position)
    return SimpleNamespace(store=store, index=StringIndex(store), dataset="toy")


@pytest.mark.parametrize("question, expected", [
    ("a. b. watts: number of papers in Tectonics?", ["1"]),
    ("how many papers did a. b. watts publish in tectonics?", ["1"]),
    ("titles of tectonics papers authored by A. B. Watts", ["Flexure of the lithosphere at ocean islands"]),
    ("I review for tectonics: which of its papers list A. B. Watts as an author?",
     ["Flexure of the lithosphere at ocean islands"]),
    (f"What did Bo Chen publish in {LONG_VENUE.lower()}?", ["Karst structures from seismic attributes"]),
])
def test_lower_case_mentions_are_linked(world, question, expected):
    assert answer(world, question)[0] == expected


def test_year_inside_a_venue_name_is_not_a_filter(world):
    _, plan = answer(world, f"What did Bo Chen publish in {LONG_VENUE.lower()}?")
    assert "year" not in plan["constraints"]


def test_a_plain_topic_word_is_not_a_venue(world):
    _, plan = answer(world, "Which tectonics results did A. B. Watts report?")
    assert [m["type"] for m in plan["anchors"]] == ["author"]


def test_lower_case_exact_match_keeps_weaker_candidates_for_reranking(world):
    """'d. divsalar' is exactly the label of a7, but only Dariush Divsalar published in Computer Networks."""
    result, plan = answer(world, "d. divsalar: number of papers in Computer Networks?")
    author = next(m for m in plan["anchors"] if m["type"] == "author")
    assert set(author["candidates"]) == {"a7", "a2"} and author["node_id"] == "a2"
    assert result == ["3"]
