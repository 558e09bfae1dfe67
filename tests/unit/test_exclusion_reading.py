"""One named entity left out of an answer, read from the lexicon's exclusion leads for every wording position."""

from __future__ import annotations

from test_planner import P1, toy  # noqa: F401  (fixture)

from unread import unread_things
from hgrag.agents.retrieval_agent import OfflinePlanner
from hgrag.agents.understanding.exclusion import exclusion_phrase, left_out_already, without_entity
from hgrag.state.context import Context
from hgrag.tools.plan_exec import full_answer

ANCHOR = {"text": "Bo Chen", "node_id": "a2", "type": "author"}


def test_the_exclusion_phrase_is_found_before_or_after_the_question() -> None:
    for question, rest in (("Except for Bo Chen, who wrote T?", "who wrote T?"),
                           ("Who wrote T, excluding Bo Chen?", "Who wrote T ?"),
                           ("Besides 'Bo Chen', who wrote T?", "who wrote T?")):
        found = exclusion_phrase(question, [ANCHOR])
        assert found is not None and found[0] == rest and found[1] is ANCHOR, question
    assert exclusion_phrase("Did Bo Chen write T?", [ANCHOR]) is None


def test_the_entity_leaves_a_list_or_a_count_of_its_own_kind_only() -> None:
    authors = {"op": "traverse", "input": {"op": "match", "ids": ["p1"], "type": "paper"}, "edge": "writes", "direction": "in"}
    assert without_entity(authors, ANCHOR)["op"] == "difference"
    counted = without_entity({"op": "aggregate", "fn": "count", "input": authors}, ANCHOR)
    assert counted["op"] == "aggregate" and counted["input"]["op"] == "difference"
    assert without_entity({"op": "traverse", "input": authors, "edge": "writes", "direction": "out"}, ANCHOR) is None
    assert left_out_already(without_entity(authors, ANCHOR), ANCHOR)


def test_an_exclusion_word_is_read_by_the_lexicon_not_taken_for_a_missing_thing(toy) -> None:  # noqa: F811
    parts = unread_things("except for zzm , who has zzm written papers with?")
    assert set(parts) <= {"except"}, parts  # an exclusion the plan must honour, never an unknown thing
    plan = OfflinePlanner().plan(f"Who wrote '{P1}', excluding Marvin K. Simon?", toy, Context(dataset="toy"))
    names = {item.text for item in full_answer(toy.store, plan)}
    assert names and "Marvin K. Simon" not in names


def test_a_difference_of_a_named_attribute_between_two_entities() -> None:
    from hgrag.agents.linking.mentions import Span
    from hgrag.agents.second_reader.differences import attribute_difference as _attribute_difference
    from hgrag.tools.entity_index import Candidate

    two = [Span(0, 3, "T1", "paper", [Candidate("p1", "paper", "T1", 1.0, "exact")]),
           Span(8, 11, "T2", "paper", [Candidate("p2", "paper", "T2", 1.0, "exact")])]
    program = _attribute_difference("zzm and zzm : how many years apart were they published ?", two)
    assert (program["op"], program["fn"], program["attr"]) == ("aggregate", "span", "year")
    assert _attribute_difference("by how many citations does zzm exceed zzm ?", two)["attr"] == "cited_by_count"
    assert _attribute_difference("how far apart are zzm and zzm ?", two) is None  # no attribute named


def test_a_named_entity_left_out_needs_a_word_that_leaves_it_out(toy) -> None:  # noqa: F811
    from hgrag.agents.understanding.check import structural_parts

    plan = OfflinePlanner().plan(f"Who wrote '{P1}' besides Marvin K. Simon?", toy, Context(dataset="toy"))
    assert any("left out" in p for p in structural_parts("zzm on the author list of zzm ?", plan))
    assert not any("left out" in p for p in structural_parts("who wrote zzm besides zzm ?", plan))
    assert not any("left out" in p for p in structural_parts("who co-authored zzm with zzm ?", plan))
