"""Follow-ups read from what the thread means rather than from its last line: a reference only one entity can
stand for after a question back, a demonstrative pointing at the turn's own mention, refinements that restate
their set, byline places, dated selections, and set references after a turn that got no answer."""

from __future__ import annotations

from test_conversation_resolver import read, store, turn  # noqa: F401  (the hand-made graph and helpers)

CITING_IR = {"op": "traverse", "input": {"op": "match", "ids": ["p3"], "type": "paper", "text": ""},
             "edge": "cites", "direction": "in"}


def _asked_back(n: int, question: str) -> dict:
    return {"turn": n, "dataset": "d", "asked": question, "question": question, "answer": [], "items": [],
            "anchors": [], "mentions": {}, "target_type": "", "ir": None, "clarify": True, "kind": "clarify"}


def test_after_a_question_back_a_reference_only_one_entity_can_stand_for_is_resolved(store) -> None:
    history = [turn(store, 1, "How many authors does 'Graph Routing Revisited' have?", [], ["p1"], "number",
                    counted=[{"id": a, "label": store.label(a), "type": "author"} for a in ("a1", "a2")]),
               _asked_back(2, "who is the sixth one then?")]
    history[0]["answer"] = ["2"]
    reading = read(store, "do you know where it was published", history)
    assert reading["kind"] == "substitution" and "'Graph Routing Revisited'" in reading["question"]
    two_papers = [turn(store, 1, "What did Ann Lee publish?", ["p1", "p2"], ["a1"], "paper"), _asked_back(2, "the third one?")]
    assert read(store, "where was it published?", two_papers)["kind"] == "clarify"  # which one is still open
    pointing = [history[0], _asked_back(2, "Which came out most recently?")]  # it was after some paper
    assert read(store, "who are the people behind it?", pointing)["kind"] == "clarify"


def test_a_demonstrative_after_a_mention_it_fits_points_at_that_mention(store) -> None:
    history = [turn(store, 1, "How many papers did Ann Lee write?", [], ["a1"], "number")]
    history[0]["answer"] = ["2"]
    reading = read(store, "New question - 'Old Routing' - who wrote that one?", history)
    assert reading["kind"] == "standalone" and not reading["taken"]


def test_a_refinement_may_restate_what_its_set_is(store) -> None:
    citing = [turn(store, 1, "Which papers cite 'Old Routing'?", ["p1", "p2"], ["p3"], "paper", )]
    citing[0]["ir"] = CITING_IR
    reading = read(store, "so how many citing papers?", citing)
    assert reading["kind"] == "refinement" and reading["ir"]["fn"] == "count"
    venues = [turn(store, 1, "Where does Ann Lee publish?", ["v1", "v2"], ["a1"], "venue")]
    assert read(store, "how many different venues is that in total?", venues)["ir"]["fn"] == "count"
    papers = [turn(store, 1, "What did Ann Lee publish?", ["p1", "p2"], ["a1"], "paper")]
    assert read(store, "so how many citing papers?", papers)["kind"] != "refinement"  # her papers were not citing ones


def test_inclusive_bounds_and_hyphenated_years_in_a_refinement(store) -> None:
    papers = [turn(store, 1, "What did Ann Lee publish?", ["p1", "p2"], ["a1"], "paper")]
    inclusive = read(store, "only those after 2012, inclusive", papers)
    assert (inclusive["ir"]["cmp"], inclusive["ir"]["value"]) == (">=", 2012)
    assert read(store, "just the post-2012 ones", papers)["ir"]["cmp"] == ">"
    assert read(store, "keep only the papers since 2012 (inclusive)", papers)["kind"] == "refinement"


def test_an_attribute_asked_of_a_selection_is_asked_of_the_item(store) -> None:
    papers = [turn(store, 1, "What did Ann Lee publish?", ["p1", "p2"], ["a1"], "paper")]
    reading = read(store, "what year is the oldest one from?", papers)
    assert reading["kind"] == "substitution" and "'Graph Routing Revisited'" in reading["question"]
    dated = read(store, "give me the one published in 2019", papers)
    assert dated["kind"] == "refinement" and dated["set"][0]["id"] == "p2"


def test_a_set_reference_after_a_turn_without_an_answer_is_asked_back(store) -> None:
    history = [turn(store, 1, "What did Ann Lee publish?", ["p1", "p2"], ["a1"], "paper"),
               turn(store, 2, "only the ones in Signal Processing from 1990", [], ["v2"], "paper")]
    assert read(store, "which of them is the oldest?", history)["kind"] == "clarify"
    assert read(store, "and the most cited one?", history)["kind"] == "clarify"


def test_a_lone_place_continues_a_question_about_one_place(store) -> None:
    history = [turn(store, 1, "Who is listed first on 'Graph Routing Revisited'?", ["a1"], ["p1"], "author")]
    reading = read(store, "and last?", history)
    assert reading["kind"] == "ellipsis" and reading["question"] == "Who is listed last on 'Graph Routing Revisited'?"
    papers = [turn(store, 1, "What did Ann Lee publish?", ["p1", "p2"], ["a1"], "paper")]
    assert read(store, "and last?", papers)["kind"] != "ellipsis"  # that question named no place


def test_the_byline_stands_for_the_threads_paper_and_a_year_slot_stays_bare(store) -> None:
    history = [turn(store, 1, "Who wrote 'Graph Routing Revisited'?", ["a1", "a2"], ["p1"], "author")]
    reading = read(store, "who's 2nd on the byline?", history)
    assert "'Graph Routing Revisited'" in reading["question"]
    counted = [turn(store, 1, "how many 2012 papers are in Computer Networks?", [], ["v1"], "number")]
    counted[0]["answer"] = ["1"]
    again = read(store, "same but 2005", counted)
    assert again["kind"] == "ellipsis" and again["question"] == "how many 2005 papers are in Computer Networks?"


def test_a_substituted_person_is_pinned_to_the_one_the_thread_meant(store) -> None:
    history = [turn(store, 1, "Who wrote 'Old Routing'?", ["y1"], ["p3"], "author")]
    reading = read(store, "how many papers does that person have?", history)
    assert reading["kind"] == "substitution" and reading["pins"] == {"Yang Liu": "y1"}  # not y2, the other Yang Liu


def test_terse_selections_without_an_article(store) -> None:
    papers = [turn(store, 1, "What did Ann Lee publish?", ["p1", "p2"], ["a1"], "paper")]
    newest = read(store, "newest?", papers)
    assert newest["kind"] == "refinement" and (newest["ir"]["key"], newest["ir"]["order"]) == ("year", "max")
    dated = read(store, "2019 one - venue?", papers)
    assert dated["kind"] == "substitution" and "'Fast Filters'" in dated["question"]
    assert read(store, "year of that one?", [turn(store, 1, "Which paper is the newest?", ["p2"], [], "paper")])["question"] \
        .startswith("year of 'Fast Filters'")
    assert read(store, "first, tell me who wrote 'Old Routing'", papers)["kind"] == "standalone"


def test_other_and_the_latter_and_a_count_asked_again(store) -> None:
    history = [turn(store, 1, "What did Ann Lee publish?", ["p1", "p2"], ["a1"], "paper"),
               turn(store, 2, "where did 'Graph Routing Revisited' appear?", ["v1"], ["p1"], "venue")]
    others = read(store, "its other authors?", history)
    assert others["kind"] == "substitution" and [it["id"] for it in others["exclude"]] == ["p1", "a1"]
    both = [turn(store, 1, "Are Ann Lee and Bo Chen co-authors?", [], ["a1", "a2"], "yes_no")]
    both[0]["answer"] = ["yes"]
    assert "Bo Chen" in read(store, "how many papers does the latter have?", both)["question"]
    counted = [turn(store, 1, "co-authors of Ann Lee?", ["a2"], ["a1"], "author"),
               turn(store, 2, "number?", [], [], "number")]
    counted[1].update(answer=["1"], kind="refinement", ir={"op": "aggregate", "fn": "count", "input": {"op": "match"}})
    again = read(store, "and the number for Bo Chen", counted)
    assert again["kind"] == "ellipsis" and again["count"] and again["question"] == "co-authors of Bo Chen?"


def test_picking_again_after_a_place_past_the_end_and_a_possessive_demonstrative(store) -> None:
    history = [turn(store, 1, "Who wrote 'Graph Routing Revisited'?", ["a1", "a2"], ["p1"], "author"),
               _asked_back(2, "who's the third author?")]
    again = read(store, "and the second author?", history)
    assert again["kind"] != "clarify" and "Bo Chen" in str(again.get("taken"))
    first = [turn(store, 1, "Who is the first author of 'Old Routing'?", ["y1"], ["p3"], "author")]
    reading = read(store, "who are that person's co-authors?", first)
    assert reading["question"] == "who are Yang Liu's co-authors?"


def test_a_new_count_about_a_named_person_is_no_refinement_and_a_closing_only_filters(store) -> None:
    papers = [turn(store, 1, "What did Ann Lee publish?", ["p1", "p2"], ["a1"], "paper")]
    assert read(store, "unrelated: how many papers does Bo Chen have?", papers)["kind"] != "refinement"
    assert read(store, "how many of them are by Bo Chen?", papers)["kind"] == "refinement"
    only = read(store, "pre-2015 ones only", papers)
    assert only["kind"] == "refinement" and (only["ir"]["cmp"], only["ir"]["value"]) == ("<", 2015)


def test_out_of_them_ranks_the_set_and_the_last_one_on_the_byline_is_a_place(store) -> None:
    papers = [turn(store, 1, "What did Ann Lee publish?", ["p1", "p2"], ["a1"], "paper")]
    ranked = read(store, "Out of them, which got cited the most?", papers)
    assert ranked["kind"] == "refinement" and ranked["ir"]["op"] == "top"
    from hgrag.agents.conversation.references import find_references

    place = find_references("how about the last one on the byline", [])[0]
    assert (place.kind, place.index, place.noun) == ("ordinal", -1, "author")
