"""Follow-ups read through the conversation lexicon's families rather than fixed wordings: a lone question
word ('published where?'), a slot led in by the same word ('what about with C?'), peer nouns after a
possessive ('their co-authors'), any noun of the set's own type in a refinement ('how many collaborators'),
and superlatives and year bounds from the lexicon ('most highly cited', 'no later than')."""

from __future__ import annotations

from test_conversation_resolver import read, store, turn  # noqa: F401  (the hand-made graph and helpers)


def test_a_lone_question_word_asks_its_slot_of_the_last_subject(store) -> None:
    history = [turn(store, 1, "Who wrote 'Graph Routing Revisited'?", ["a1", "a2"], ["p1"], "author")]
    for text, asked in (("published where?", "the venue"), ("and when?", "the year"), ("hmm, where?", "the venue")):
        reading = read(store, text, history)
        assert reading["kind"] == "ellipsis" and reading["question"] == f"{asked} of 'Graph Routing Revisited'?", text
    listed = [turn(store, 1, "What did Ann Lee publish?", ["p1", "p2"], ["a1"], "paper")]
    assert read(store, "published where?", listed)["kind"] != "ellipsis"  # two papers: no single subject
    assert read(store, "where and when?", history)["kind"] != "ellipsis"  # two question words: not one slot


def test_what_about_with_replaces_the_person_the_same_word_led_in(store) -> None:
    history = [turn(store, 1, "What did Ann Lee write together with Bo Chen?", ["p1"], ["a1", "a2"], "paper")]
    reading = read(store, "what about with Yang Liu", history)
    assert reading["kind"] == "ellipsis"
    assert reading["question"] == "What did Ann Lee write together with Yang Liu?"
    both = [turn(store, 1, "Which papers did Ann Lee and Bo Chen write together?", ["p1"], ["a1", "a2"], "paper")]
    assert read(store, "what about Yang Liu", both)["kind"] == "clarify"  # which of the two goes is not said


def test_a_possessive_before_a_peer_noun_can_stand_for_a_person(store) -> None:
    history = [turn(store, 1, "Who is the first author of 'Graph Routing Revisited'?", ["a1"], ["p1"], "author")]
    reading = read(store, "who are their co-authors?", history)
    assert reading["kind"] == "substitution" and reading["question"] == "who are Ann Lee's co-authors?"
    assert read(store, "which venues did their papers appear in?", history)["question"] \
        == "which venues did Ann Lee's papers appear in?"


def test_a_refinement_takes_any_noun_of_the_sets_type_and_the_lexicons_superlatives(store) -> None:
    history = [turn(store, 1, "Who are Ann Lee's co-authors?", ["a2", "y2"], ["a1"], "author")]
    reading = read(store, "so how many collaborators?", history)
    assert reading["kind"] == "refinement" and reading["ir"]["fn"] == "count"
    assert read(store, "so how many papers?", history)["kind"] != "refinement"  # papers are not that set
    papers = [turn(store, 1, "What did Ann Lee publish?", ["p1", "p2"], ["a1"], "paper")]
    top = read(store, "which one came out last?", papers)
    assert top["kind"] == "refinement" and (top["ir"]["key"], top["ir"]["order"]) == ("year", "max")
    cited = read(store, "which one is most highly cited?", papers)
    assert (cited["ir"]["key"], cited["ir"]["order"]) == ("cited_by_count", "max")
    bounded = read(store, "which of them came out no later than 2015?", papers)
    assert (bounded["ir"]["op"], bounded["ir"]["cmp"], bounded["ir"]["value"]) == ("filter", "<=", 2015)


def test_a_question_word_reading_needs_its_words(store) -> None:
    for author, place in (("a1", 1), ("a2", 2)):  # the byline of 'Graph Routing Revisited', as the graphs record it
        store.graph["" + author]["p1"]["writes"]["position"] = place
    history = [turn(store, 1, "Who is the first author of 'Graph Routing Revisited'?", ["a1"], ["p1"], "author")]
    reading = read(store, "thanks! and who is listed last?", history)
    assert reading["kind"] == "refinement" and reading["ir"]["ids"] == ["a2"]  # the last place on its byline
    assert read(store, "and who comes first on the byline?", history)["question"] \
        == "the first author of 'Graph Routing Revisited'?"
    assert read(store, "and who?", history)["kind"] != "ellipsis"  # 'who' alone names no slot


def test_an_ellipsis_after_chat_words_and_with_a_person_named_again(store) -> None:
    history = [turn(store, 1, "Which papers appeared in Computer Networks in 2012?", ["p1"], ["v1"], "paper")]
    reading = read(store, "ok and 2005?", history)
    assert reading["kind"] == "ellipsis" and reading["question"] == "Which papers appeared in Computer Networks in 2005?"
    both = [turn(store, 1, "Which papers did Ann Lee and Bo Chen write together?", ["p1"], ["a1", "a2"], "paper")]
    again = read(store, "How about Ann Lee with Yang Liu?", both)
    assert again["kind"] == "ellipsis" and again["question"] == "Which papers did Ann Lee and Yang Liu write together?"


def test_the_person_said_to_be_replaced_is_the_one_that_goes(store) -> None:
    history = [turn(store, 1, "Are Ann Lee and Bo Chen co-authors?", [], ["a1", "a2"], "yes_no")]
    reading = read(store, "what about Yang Liu instead of Bo Chen?", history)
    assert reading["kind"] == "ellipsis" and reading["question"] == "Are Ann Lee and Yang Liu co-authors?"
    assert read(store, "what about Yang Liu instead of Ann Lee?", history)["question"] == "Are Yang Liu and Bo Chen co-authors?"
    assert read(store, "and Yang Liu?", history)["kind"] == "clarify"  # 'and' joins; it says nothing of which one goes


def test_a_demonstrative_after_a_selection_is_that_selection_and_the_latter_is_the_last_named(store) -> None:
    history = [turn(store, 1, "Who wrote 'Graph Routing Revisited'?", ["a1", "a2"], ["p1"], "author")]
    reading = read(store, "the last one - how many papers has that person written?", history)
    assert reading["kind"] == "substitution" and reading["question"].endswith("how many papers has Bo Chen written?")
    single = [turn(store, 1, "Who is the last author of 'Graph Routing Revisited'?", ["a2"], ["p1"], "author")]
    assert read(store, "alright, how many papers has the latter written?", single)["question"] \
        .endswith("how many papers has Bo Chen written?")


def test_a_name_that_joins_two_names_is_written_back_quoted(store) -> None:
    store.add_node("a9", "author", name="Ann Lee and Bo Chen")  # one author record holding two names
    store.add_edge("a9", "p3", "writes")
    history = [turn(store, 1, "Who is the last author of 'Old Routing'?", ["a9"], ["p3"], "author")]
    assert read(store, "how many papers has the latter written?", history)["question"] \
        == "how many papers has 'Ann Lee and Bo Chen' written?"


def test_a_fragment_of_names_joined_by_and_replaces_the_one_not_named_again(store) -> None:
    history = [turn(store, 1, "Are Ann Lee and Bo Chen co-authors?", [], ["a1", "a2"], "yes_no")]
    reading = read(store, "ok, and Ann Lee and Yang Liu?", history)
    assert reading["kind"] == "ellipsis" and reading["question"] == "Are Ann Lee and Yang Liu co-authors?"
    assert read(store, "and Yang Liu?", history)["kind"] == "clarify"  # still: which of the two goes is not said


def test_a_bare_that_after_a_verb_stands_for_the_thing_the_question_asks_about(store) -> None:
    history = [turn(store, 1, "Where was 'Graph Routing Revisited' published?", ["v1"], ["p1"], "venue")]
    reading = read(store, "which year is that from?", history)  # only papers have years: the paper, not the venue
    assert reading["kind"] == "substitution" and reading["question"] == "which year is 'Graph Routing Revisited' from?"
    assert read(store, "is that a journal or a conference?", history)["question"] \
        == "is Computer Networks a journal or a conference?"
    assert read(store, "which papers that cite Ann Lee are there?", history)["kind"] == "standalone"  # a relative 'that'


def test_their_joint_papers_names_the_people_so_the_joint_reading_is_kept(store) -> None:
    history = [turn(store, 1, "Are Ann Lee and Bo Chen co-authors?", [], ["a1", "a2"], "yes_no")]
    assert read(store, "list their joint papers", history)["question"] == "list Ann Lee and Bo Chen's joint papers"
    assert "Ann Lee and Bo Chen" not in read(store, "list their papers", history)["question"]  # each one's: the union
