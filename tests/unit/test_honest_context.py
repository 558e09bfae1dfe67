"""Checks of what a question says around its asking part (agents/checking/honest_context.py) and the verb
'mean' told from the average 'mean' (agents/planning/composition_count.py)."""

from __future__ import annotations

from hgrag.agents.checking import honest_context as hx
from hgrag.agents.planning.composition_count import names_average
from hgrag.state import plan_ir as ir

ANN = ir.match(["A1"], "author", "Ann Lee")
BOB = ir.match(["A2"], "author", "Bob Ray")
PAPER = ir.match(["P1"], "paper", "Deep rocks")
OTHER = ir.match(["P2"], "paper", "Shallow seas")
VENUE = ir.match(["V1"], "venue", "Basin Research")
ANCHORS = {"Ann Lee": ("A1", "author"), "Bob Ray": ("A2", "author"), "Deep rocks": ("P1", "paper"),
           "Shallow seas": ("P2", "paper"), "Basin Research": ("V1", "venue")}


def _plan(node: dict, *texts: str) -> dict:
    return {"ir": node, "anchors": [{"text": t, "node_id": ANCHORS[t][0], "type": ANCHORS[t][1]} for t in texts]}


def _both(*nodes: dict) -> dict:
    return {"op": "intersect", "inputs": list(nodes)}


def test_a_year_referred_back_to_does_not_bring_the_person_of_the_context() -> None:
    plan = _plan(_both(ANN, BOB), "Ann Lee", "Bob Ray")
    question = "Ann Lee, my old boss, was busy in 2015. What did Bob Ray publish that same year?"
    assert hx.context_entity_misread(question, plan) == ["'Ann Lee' (named only as context)"]


def test_a_pronoun_for_the_context_person_keeps_the_person() -> None:
    plan = _plan(_both(ANN, BOB), "Ann Lee", "Bob Ray")
    assert not hx.context_entity_misread("I work with Ann Lee. Did Bob Ray ever co-author with her?", plan)
    assert not hx.context_entity_misread("Ann Lee and Bob Ray. How many papers do they share?", plan)


def test_there_means_the_venue_not_the_paper_read_alongside() -> None:
    plan = _plan(_both(PAPER, OTHER, VENUE), "Deep rocks", "Shallow seas", "Basin Research")
    question = "I found Deep rocks in Basin Research. How many papers have the authors of Shallow seas put there, all together?"
    assert hx.context_entity_misread(question, plan) == ["'Deep rocks' (named only as context)"]


def test_that_year_without_a_written_year_may_mean_a_paper_of_the_context() -> None:
    plan = _plan(_both(PAPER, ANN), "Deep rocks", "Ann Lee")
    assert not hx.context_entity_misread("I liked Deep rocks. How many papers did Ann Lee write that year?", plan)


def test_mean_as_a_verb_is_no_average() -> None:
    assert names_average("what is the mean citation count of zzm's papers")
    assert names_average("avg cites per paper for zzm")
    assert not names_average("which type is it? the one i mean is zzm")
    assert not names_average("what do you mean by zzm, is it a journal")


def test_a_context_person_is_set_aside_for_replanning_and_a_meant_one_is_not() -> None:
    from hgrag.agents.retrieval_agent import context_aside

    plan = _plan(_both(ANN, BOB), "Ann Lee", "Bob Ray")
    assert context_aside("Ann Lee, my old boss, was busy in 2015. What did Bob Ray publish that same year?", plan) == \
        "they, my old boss, was busy in 2015. What did Bob Ray publish that same year?"
    assert context_aside("I work with Ann Lee. Did Bob Ray ever co-author with her?", plan) is None


def test_a_second_party_described_in_the_asking_sentence_keeps_the_context_person() -> None:
    from hgrag.agents.retrieval_agent import context_aside

    plan = _plan(_both(ANN, BOB), "Ann Lee", "Bob Ray")
    question = "My boss is Ann Lee, busy in 2015. How many papers did Bob Ray write with my boss that year?"
    assert context_aside(question, plan) is None
    assert hx.context_entity_misread(question, plan)  # not read as meant: the check still declines


def test_only_a_year_or_venue_referred_back_to_sets_the_context_aside() -> None:
    from hgrag.agents.retrieval_agent import context_aside

    plan = _plan(_both(ANN, BOB), "Ann Lee", "Bob Ray")
    question = "Ann Lee told me to cite things properly. I need the one for Bob Ray, what is it?"
    assert context_aside(question, plan) is None


def test_a_replan_must_use_every_entity_still_named() -> None:
    from hgrag.agents.retrieval_agent import _keeps_the_rest

    venues_of_bob = ir.traverse(ir.traverse(BOB, "writes", "out"), "published_in", "out")
    bobs_papers_there = ir.setop("intersect", [ir.traverse(BOB, "writes", "out"), ir.traverse(VENUE, "published_in", "in")])
    first = _plan(_both(ANN, BOB), "Ann Lee", "Basin Research", "Bob Ray")
    # "someone says Basin Research is good. What did Bob Ray publish in that venue?" read without the venue
    assert not _keeps_the_rest(first, _plan(venues_of_bob, "Basin Research", "Bob Ray"))
    assert _keeps_the_rest(first, _plan(bobs_papers_there, "Basin Research", "Bob Ray"))


def test_a_dismissed_entity_may_not_be_used() -> None:
    plan = _plan(_both(PAPER, OTHER), "Deep rocks", "Shallow seas")
    for question in ("forget Deep rocks. take the authors of Shallow seas - how many papers do they have?",
                     "Never mind the paper Deep rocks: who wrote Shallow seas?",
                     "ignore Deep rocks, what cites Shallow seas",
                     "count the papers by the authors of Shallow seas. i dont care about Deep rocks"):
        assert hx.dismissed_entities(question, plan) == ["'Deep rocks' (set aside by the question)"], question
    assert not hx.dismissed_entities("I can't forget how good Deep rocks was. Who wrote Shallow seas?", plan)
    venue_filter = {"op": "filter", "input": ANN, "attr": "venue", "cmp": "=", "value": "V1"}
    assert hx.dismissed_entities("forget Basin Research. what did Ann Lee publish?",
                                 _plan(venue_filter, "Ann Lee", "Basin Research"))  # used as a filter


def test_context_without_any_back_reference_may_be_set_aside() -> None:
    plan = _plan(_both(PAPER, OTHER), "Deep rocks", "Shallow seas")
    question = "Deep rocks is super cited apparently. how many times has Shallow seas been cited?"
    assert hx.context_to_set_aside(question, plan) == ["'Deep rocks' (named only as context)"]
    assert not hx.context_to_set_aside("Deep rocks is great. How many papers cited by Shallow seas cite it?", plan)


def test_a_back_reference_to_a_person_is_not_met_by_a_paper() -> None:
    question = "I was reading Deep rocks when Ann Lee's name came up. How many papers has this researcher written?"
    assert hx.back_reference_missed(question, _plan(PAPER, "Deep rocks", "Ann Lee")) == [
        "'Ann Lee' (the question refers back to this person; my reading does not use them)"]
    assert hx.aside_for_the_person(question, _plan(PAPER, "Deep rocks", "Ann Lee")) == [
        "'Deep rocks' (named only as context)"]
    assert not hx.back_reference_missed(question, _plan(ANN, "Deep rocks", "Ann Lee"))
    assert not hx.back_reference_missed("I was reading Deep rocks. Who wrote it?", _plan(PAPER, "Deep rocks"))


def test_those_two_are_two() -> None:
    carol = ir.match(["A3"], "author", "Cy Ho")
    plan = {"ir": _both(ANN, BOB, carol), "anchors": [{"text": "Ann Lee", "node_id": "A1", "type": "author"},
                                                      {"text": "Bob Ray", "node_id": "A2", "type": "author"},
                                                      {"text": "Cy Ho", "node_id": "A3", "type": "author"}]}
    question = "Cy Ho thinks Ann Lee and Bob Ray worked together. Did those two ever publish jointly?"
    assert hx.two_read_as_more(question, plan) == ["'those two' (my reading uses 3 authors)"]
    assert not hx.two_read_as_more(question, _plan(_both(ANN, BOB), "Ann Lee", "Bob Ray"))


def test_a_question_mark_inside_a_name_does_not_make_the_asking_sentence() -> None:
    plan = _plan(_both(ANN, BOB, VENUE), "Ann Lee", "Bob Ray", "Basin Research")
    question = "Ann Lee? publishes a lot in Basin Research. how many of Bob Ray's papers are in it"
    assert hx.context_entity_misread(question, plan) == ["'Ann Lee' (named only as context)"]
