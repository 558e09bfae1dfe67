"""Follow-ups that ask a new thing of the thread's subject ('and the venue?'), singular references after a
listed answer, references after a question back, and bare selections ('the latest one of them')."""

from __future__ import annotations

from test_conversation_resolver import read, store, turn  # noqa: F401  (the hand-made graph and helpers)


def test_a_fragment_naming_an_attribute_asks_it_of_the_last_subject(store) -> None:
    history = [turn(store, 1, "In which year did 'Graph Routing Revisited' appear?", [], ["p1"], "year")]
    for text, asked in (("and the venue?", "the venue"), ("ok, and citation count", "citation count"),
                        ("nice. what about the authors", "the authors"), ("Same paper - the venue", "the venue")):
        reading = read(store, text, history)
        assert reading["kind"] == "ellipsis", (text, reading)
        assert reading["question"] == f"{asked} of 'Graph Routing Revisited'?"


def test_an_attribute_belongs_to_the_entity_that_has_it_not_to_the_last_answer(store) -> None:
    history = [turn(store, 1, "Where did 'Graph Routing Revisited' appear?", ["v1"], ["p1"], "venue")]
    assert read(store, "right, and its year", history)["question"] == "the year of 'Graph Routing Revisited'?"


def test_an_attribute_fragment_after_a_list_of_owners_is_not_guessed(store) -> None:
    history = [turn(store, 1, "What did Ann Lee publish?", ["p1", "p2"], ["a1"], "paper")]
    assert read(store, "and the venue?", history)["kind"] == "clarify"


def test_a_singular_reference_after_a_listed_answer_is_the_one_asked_about(store) -> None:
    history = [turn(store, 1, "Who are Ann Lee's co-authors?", ["a2", "y2"], ["a1"], "author")]
    reading = read(store, "how many papers has this researcher published?", history)
    assert reading["question"] == "how many papers has Ann Lee published?"
    history = [turn(store, 1, "Who wrote 'Graph Routing Revisited'?", ["a1", "a2"], ["p1"], "author")]
    assert read(store, "what else did she write?", history)["kind"] == "clarify"  # two people, no person asked about


def test_a_reference_after_an_open_question_back_is_asked_back(store) -> None:
    history = [turn(store, 1, "Which papers cite 'Old Routing'?", ["p1", "p2"], ["p3"], "paper"),
               turn(store, 2, "which came out most recently?", [], [], "")]
    history[1]["clarify"] = True  # that turn asked back: what it referred to is unknown
    reading = read(store, "who are the people behind it?", history)
    assert reading["kind"] == "clarify" and "still open" in reading["clarify"]


def test_a_bare_extreme_selection_ranks_the_last_answer_set(store) -> None:
    history = [turn(store, 1, "What did Ann Lee publish?", ["p1", "p2"], ["a1"], "paper")]
    reading = read(store, "ok and the latest one of them", history)
    assert reading["kind"] == "refinement" and reading["ir"]["op"] == "top"
    assert reading["ir"]["key"] == "year" and reading["ir"]["order"] == "max"
    assert reading["ir"]["input"]["ids"] == ["p1", "p2"]


def test_a_pronoun_after_a_selection_in_the_same_question_is_that_one(store) -> None:
    history = [turn(store, 1, "Who wrote 'Graph Routing Revisited'?", ["a1", "a2"], ["p1"], "author")]
    reading = read(store, "and the second author - what else did they write?", history)
    assert reading["question"] == "and Bo Chen - what else did Bo Chen write?"


def test_a_possessive_owner_is_not_of_the_type_it_owns(store) -> None:
    history = [turn(store, 1, "How many papers has Ann Lee written?", [], ["a1"], "number",
                    counted=[{"id": p, "label": store.label(p), "type": "paper"} for p in ("p1", "p2")])]
    history[0]["answer"] = ["2"]
    reading = read(store, "and who cites their papers?", history)
    assert reading["kind"] == "substitution" and "Ann Lee's papers" in reading["question"]
    # over the owner's own papers, just counted, the superlative reads as a choice among them
    reading = read(store, "and which of their papers is cited most?", history)
    assert reading["kind"] == "refinement" and [item["id"] for item in reading["set"]] == ["p1", "p2"]


def test_a_selection_from_an_earlier_answer_asks_the_last_question_again_for_it(store) -> None:
    history = [turn(store, 1, "Who wrote 'Graph Routing Revisited'?", ["a1", "a2"], ["p1"], "author"),
               turn(store, 2, "How many papers has Bo Chen written?", [], ["a2"], "number")]
    history[1]["answer"] = ["1"]
    reading = read(store, "what about the first author?", history)
    assert reading["kind"] == "ellipsis" and reading["question"] == "How many papers has Ann Lee written?"


def test_a_selection_after_a_question_leaving_something_out_leaves_the_same_thing_out(store) -> None:
    history = [turn(store, 1, "Who wrote 'Graph Routing Revisited'?", ["a1", "a2"], ["p1"], "author"),
               turn(store, 2, "What else has Bo Chen written?", ["p2"], ["a2"], "paper")]
    reading = read(store, "what about the first author?", history)
    assert reading["kind"] == "ellipsis" and reading["question"] == "What else has Ann Lee written?"
    assert [it["id"] for it in reading["exclude"]] == ["p1"]  # 'else': the thread's paper, again


def test_the_kth_author_after_a_question_about_one_paper_is_its_byline_place(store) -> None:
    store.add_node("a3", "author", name="Cy Park")
    for position, author in enumerate(("a2", "a1", "a3"), start=1):
        store.graph.remove_edge(author, "p1", key="writes") if store.graph.has_edge(author, "p1", key="writes") else None
        store.add_edge(author, "p1", "writes", position=position)
    history = [turn(store, 1, "Who is the first author of 'Graph Routing Revisited'?", ["a2"], ["p1"], "author")]
    reading = read(store, "and the last author?", history)
    assert reading["kind"] == "refinement" and reading["ir"]["ids"] == ["a3"]
    assert "Cy Park" in reading["taken"][0]
    past = read(store, "and the fourth author?", history)
    assert past["kind"] == "clarify" and "3 authors" in past["clarify"]


def test_a_year_after_its_comparison_word_refines(store) -> None:
    history = [turn(store, 1, "Which papers did Ann Lee write?", ["p2", "p1"], ["a1"], "paper")]
    for text in ("only those from 2015 onwards", "just the ones from 2015 or later", "hmm, which were published 2015 and after"):
        reading = read(store, text, history)
        assert reading["kind"] == "refinement", text
        assert reading["ir"]["cmp"] == ">=" and reading["ir"]["value"] == 2015, text


def test_nothing_is_taken_from_before_a_turn_that_got_no_answer(store) -> None:
    history = [turn(store, 1, "Which papers did Ann Lee write?", ["p2", "p1"], ["a1"], "paper"),
               turn(store, 2, "only the ones in Nowhere Journal", [], [], "paper")]
    assert read(store, "how many is that?", history)["kind"] == "clarify"
    history = [turn(store, 1, "Who wrote 'Graph Routing Revisited'?", ["a1", "a2"], ["p1"], "author"),
               turn(store, 2, "and who is listed last?", [], [], "")]
    reading = read(store, "when was it published?", history)
    assert reading["kind"] == "clarify" and "could not answer your last question" in reading["clarify"]
