"""Mechanisms added after blind round 53: a named thing framed by an exclusion verb and particle ('Setting T aside'),
an exclusion honoured only when the left-out thing is not also a subject of the plan, a hedged fragment that asks
whether something happened, a list request never answered by a number, words written with a symbol ('and/or'), and
a bracketed note read aside when the question without it is read in full."""

from __future__ import annotations

import pytest

from test_chain_reader import P2, P3, P4, world  # noqa: F401 - the toy graph with citations (a fixture)
from test_planner import P1
from test_round28_mechanisms import world_resources  # noqa: F401 - the toy graph as the pipeline's resources

from hgrag.agents.understanding.asked_head import asked_kind
from hgrag.agents.understanding.asking_sentence import without_bracketed_notes
from hgrag.agents.understanding.lexicon import load
from hgrag.agents.understanding.reading import with_symbols_in_words
from hgrag.agents.understanding.tokens import tag


def _ask(question: str) -> dict:
    from test_round30_mechanisms import _ask as ask

    return ask(question)


@pytest.mark.parametrize("question, expected", [
    (f"Setting '{P1}' aside, who has Dariush Divsalar co-authored with?", ["Bo Chen"]),
    ("Leaving Bo Chen out, who has Marvin K. Simon co-authored with?", ["Ann Lee", "Dariush Divsalar"]),
    ("Excluding Bo Chen, who has Marvin K. Simon co-authored with?", ["Ann Lee", "Dariush Divsalar"]),
])
def test_the_thing_left_out_is_the_one_the_exclusion_names(world_resources, question, expected) -> None:
    result = _ask(question)
    assert sorted(result["answer"]) == expected and result["verified"], result["interpretation"]


def test_a_hedged_fragment_asks_whether_it_happened() -> None:
    english = load("en")
    assert asked_kind(tag("zzm and zzm co-authors at some point?", english)) == "yes/no"
    assert asked_kind(tag("zzm ever published in zzm?", english)) == "yes/no"
    assert asked_kind(tag("zzm co-authors?", english)) != "yes/no"  # no hedge: the search-box list


def test_a_hedged_fragment_is_not_answered_with_a_list(world_resources) -> None:
    result = _ask("Marvin K. Simon and Bo Chen — co-authors at some point?")
    assert result["answer"] in ([], ["yes"]), result["interpretation"]


def test_a_list_request_is_not_answered_with_a_number(world_resources) -> None:
    result = _ask(f"Case file: '{P1}'. Its citers — list them.")
    assert result["answer"] == [] or sorted(result["answer"]) == sorted([P2, P3]), result["interpretation"]
    counted = _ask("List the number of papers by Bo Chen.")
    assert counted["answer"] == ["2"] and counted["verified"]


def test_and_or_reads_as_either() -> None:
    assert with_symbols_in_words("papers by A and/or B") == "papers by A or B"
    assert with_symbols_in_words('Who wrote "Coding and/or decoding"?') == 'Who wrote "Coding and/or decoding"?'


def test_and_or_unites_the_two_peoples_papers(world_resources) -> None:
    result = _ask("Which papers did Ann Lee and/or Bo Chen write?")
    assert sorted(result["answer"]) == sorted([P1, P2, P3]), result["interpretation"]


def test_a_bracketed_note_is_read_aside_only_when_the_rest_reads_it(world_resources) -> None:
    assert without_bracketed_notes(f"How many refs does '{P4}' have (outgoing citations only)?") == \
        f"How many refs does '{P4}' have?"
    assert without_bracketed_notes('Who wrote "Graphs (a survey)"?') is None
    result = _ask(f"How many refs does '{P4}' have (outgoing citations only)?")
    assert result["answer"] == ["1"] and result["verified"], result["interpretation"]


def test_rounding_written_as_decimal_places_dp(world_resources) -> None:
    result = _ask("Mean citations per paper, Bo Chen, rounded to 1 dp.")
    assert result["answer"] == ["33.5"] and result["verified"], result["interpretation"]
