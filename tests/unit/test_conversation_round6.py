"""Follow-ups of the sixth blind conversation round's kinds (hand-made graph): a venue refinement closed by
'only', a personal pronoun after a list of papers, a possessive ellipsis, a bare 'who' after a selection,
a byline noun kept with its paper, and references that are all named sets."""

from __future__ import annotations

from test_conversation_resolver import read, store, turn  # noqa: F401  (the hand-made graph and helpers)


def _papers(store):
    return [turn(store, 1, "What did Ann Lee publish?", ["p1", "p2"], ["a1"], "paper")]


def test_a_venue_refinement_closed_by_only_filters_the_set_by_that_venue(store) -> None:
    reading = read(store, "Those in Computer Networks only.", _papers(store))
    assert reading["kind"] == "refinement"
    assert reading["ir"]["attr"] == "venue" and reading["ir"]["value"] == "v1"
    assert [c["node_id"] for c in reading["conditions"]] == ["v1"]
    assert "Computer Networks" in reading["question"]  # the label, not the lower-cased words


def test_a_personal_pronoun_after_a_list_of_papers_is_no_refinement_of_it(store) -> None:
    two_people = [turn(store, 1, "Have Ann Lee and Bo Chen written together?", ["p1"], ["a1", "a2"], "paper")]
    assert read(store, "what's her most recent paper?", two_people)["kind"] == "clarify"  # her: Ann or Bo
    assert read(store, "what's the most recent paper?", _papers(store))["kind"] == "refinement"
    assert read(store, "how many of those are there?", _papers(store))["kind"] == "refinement"  # 'there' is no one


def test_a_bare_who_after_a_selection_asks_for_the_selected_person(store) -> None:
    authors = [turn(store, 1, "Who wrote 'Graph Routing Revisited'?", ["a1", "a2"], ["p1"], "author")]
    reading = read(store, "the second author — who?", authors)
    assert reading["kind"] == "refinement" and reading["ir"]["ids"] == ["a2"]


def test_a_byline_noun_keeps_its_paper_after_it(store) -> None:
    authors = [turn(store, 1, "Who wrote 'Graph Routing Revisited'?", ["a1", "a2"], ["p1"], "author")]
    last = read(store, "last name on the byline?", authors)
    assert "last name on the byline of 'Graph Routing Revisited'" in last["question"]  # a place on that byline
    reading = read(store, "how many names are on the byline?", authors)
    assert reading["kind"] == "substitution"
    assert "the byline of 'Graph Routing Revisited'" in reading["question"]  # not 'on 'Graph …''
    assert "'the byline' = 'Graph Routing Revisited'" in reading["taken"][0]


def test_a_possessive_ellipsis_continues_the_question_for_the_new_name(store) -> None:
    history = [turn(store, 1, "How many papers did Ann Lee write?", [], ["a1"], "number")]
    history[0]["answer"] = ["2"]
    reading = read(store, "what about Bo Chen's?", history)
    assert reading["kind"] != "clarify" and "Bo Chen" in reading.get("question", "")


def test_a_fragment_whose_only_reference_is_a_named_set_is_asked_back_not_a_crash(store) -> None:
    from test_conversation_resolver import Detector

    from hgrag.agents.conversation.resolver import resolve

    papers = _papers(store)
    named = lambda turn_, items: "the papers by Ann Lee"  # noqa: E731 (a name that reads back to the set)
    reading = resolve("those ones in that list", papers, "d", Detector(store), store, named)
    assert reading["kind"] in ("clarify", "refinement", "substitution")  # no UnboundLocalError


def test_swap_in_c_for_b_continues_the_previous_question_with_c(store) -> None:
    store.add_node("a3", "author", name="Cy Park")
    history = [turn(store, 1, "Have Ann Lee and Bo Chen written a paper together?", [], ["a1", "a2"], "paper")]
    history[0]["answer"] = ["yes"]
    reading = read(store, "swap in Cy Park for Bo Chen — any joint paper?", history)
    assert reading["kind"] == "ellipsis"
    assert reading["question"] == "Have Ann Lee and Cy Park written a paper together?"


def test_a_demonstrative_with_a_bare_copula_asks_what_it_stands_for(store) -> None:
    papers = [turn(store, 1, "What did Bo Chen publish?", ["p1"], ["a2"], "paper")]
    reading = read(store, "and those papers are?", papers)
    assert reading["kind"] == "refinement" and reading["ir"]["ids"] == ["p1"]
    assert read(store, "who are their co-authors?", [turn(store, 1, "Who wrote 'Fast Filters'?", ["a1"], ["p2"],
                                                          "author")])["kind"] == "substitution"


def test_after_asking_which_person_a_byline_selection_answers_it(store) -> None:
    from hgrag.agents.conversation.open_turns import _picks_the_person
    from hgrag.agents.conversation.references import find_references

    asked_back = {"asked": "what else has she written?"}
    assert _picks_the_person(find_references("ok, the first author then — how many papers do they have?", []),
                             asked_back)
    assert not _picks_the_person(find_references("the first paper then?", []), asked_back)
    assert not _picks_the_person(find_references("the first author?", []), {"asked": "which venue?"})


def test_that_one_is_typed_by_what_is_asked_of_it() -> None:
    from hgrag.agents.conversation.references import find_references

    assert find_references("when was that one published?", [])[0].type == "paper"
    assert find_references("how many citations does that one have?", [])[0].type == "paper"


def test_after_a_yes_they_are_still_the_people_and_those_papers_the_found_set(store) -> None:
    from hgrag.agents.conversation.pick import many_entities
    from hgrag.agents.conversation.references import find_references

    history = [turn(store, 1, "Have Ann Lee and Bo Chen written together?", [], ["a1", "a2"], "paper")]
    history[0].update(answer=["yes"], found=[{"id": "p1", "label": "Graph Routing Revisited", "type": "paper"}])
    they = find_references("name the papers they share", [])[0]
    assert [it["id"] for it in many_entities(they, history)[0]] == ["a1", "a2"]
    those = find_references("and those papers are?", [])[0]
    assert [it["id"] for it in many_entities(those, history)[0]] == ["p1"]


def test_byline_places_in_other_words_select_an_author(store) -> None:
    from hgrag.agents.conversation.references import find_references

    for text, place in (("the first-listed one is?", 1), ("and the one listed at the end?", -1),
                        ("which name comes first?", 1), ("the second-listed author is who?", 2),
                        ("first author's total paper count then", 1)):
        refs = find_references(text, [])
        assert [(r.kind, r.type, r.index) for r in refs] == [("ordinal", "author", place)], text
    assert [r.kind for r in find_references("who is the first author of it?", [])] == ["pronoun"]
    authors = [turn(store, 1, "Who wrote 'Graph Routing Revisited'?", ["a1", "a2"], ["p1"], "author")]
    only_first = [turn(store, 1, "Who is the first author of 'Graph Routing Revisited'?", ["a1"], ["p1"], "author")]
    assert read(store, "which name comes first?", authors)["ir"]["ids"] == ["a1"]
    assert read(store, "and the one listed at the end?", only_first)["kind"] == "clarify"  # no places recorded here


def test_a_new_topic_opener_starts_a_question_of_its_own(store) -> None:
    from test_conversation_resolver import Detector

    from hgrag.agents.conversation.resolver import resolve

    history = [turn(store, 1, "Which papers did Ann Lee and Bo Chen write together?", ["p1"], ["a1", "a2"], "paper")]
    reading = resolve("Changing subject. Year of 'Old Routing'?", history, "d", Detector(store), store)
    assert reading["kind"] == "standalone"
    topic = resolve("New topic: who wrote it?", history, "d", Detector(store), store)
    assert topic["kind"] != "standalone"  # its own references are still read ('it')


def test_which_ones_after_a_yes_lists_what_the_test_found(store) -> None:
    history = [turn(store, 1, "Have Ann Lee and Bo Chen written together?", [], ["a1", "a2"], "paper")]
    history[0].update(answer=["yes"], found=[{"id": "p1", "label": "Graph Routing Revisited", "type": "paper"}])
    reading = read(store, "which ones?", history)
    assert reading["kind"] == "refinement" and reading["ir"]["ids"] == ["p1"]


def test_a_byline_place_that_qualifies_another_reference_is_no_selection_of_its_own() -> None:
    from hgrag.agents.conversation.references import find_references

    assert [r.kind for r in find_references("great, who is its last author?", [])] == ["pronoun"]
    assert [r.kind for r in find_references("who is second author on the earliest one?", [])] == ["extreme"]
    assert all(r.index != 2 for r in find_references("the earliest of them: whose name is second?", []))
