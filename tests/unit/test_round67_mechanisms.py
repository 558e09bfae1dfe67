"""Mechanisms added in the twenty-seventh stop: a request written as steps, each working on what the step before found
('Look up the references of T, then list every author of those referenced works'), and a question after a request
that is never left out as an idle remark. Wordings are written here."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from test_chain_reader import P2, P3, P4, world  # noqa: F401 - the toy graph with citations (a fixture)
from test_planner import P1
from test_round28_mechanisms import world_resources  # noqa: F401 - the toy graph as the pipeline's resources
from test_round30_mechanisms import _ask

from hgrag.agents.linking.name_typos import _as_typed
from hgrag.agents.second_reader.lexicon import words
from hgrag.agents.understanding.answer_form import without_answer_form
from hgrag.agents.understanding.idle_context import without_idle_context
from hgrag.agents.understanding.step_chain import step_chain_folded


def _detect(*names: str):
    def detect(text: str) -> list:
        found = []
        for name in names:
            at = text.find(name)
            if at >= 0:
                found.append(SimpleNamespace(start=at, end=at + len(name), text=name, type="paper",
                                             candidates=[SimpleNamespace(node_id="n")]))
        return found
    return detect


@pytest.mark.parametrize("question, expected", [
    (f"Take the papers citing '{P1}'. Where were they published?", ["Computer Networks", "Signal Processing"]),
    (f"Find the papers citing '{P1}' -> where did they come out?", ["Computer Networks", "Signal Processing"]),
    (f"Look up the references of '{P4}', then list every author of those referenced works.",
     ["Bo Chen", "Marvin K. Simon"]),
    (f"refs of '{P4}' -> who wrote those?", ["Bo Chen", "Marvin K. Simon"]),
    (f"Take the references of '{P4}' and tell me who wrote them.", ["Bo Chen", "Marvin K. Simon"]),
    (f"Start from '{P2}' -> take its 1st author -> list everyone that person has co-authored with",
     ["Ann Lee", "Bo Chen", "Marvin K. Simon"]),
    (f"paper: '{P2}' | step 1: first author | step 2: all their co-authors", ["Ann Lee", "Bo Chen", "Marvin K. Simon"]),
])
def test_a_request_written_as_steps_is_answered_as_the_whole_walk(world_resources, question, expected) -> None:
    result = _ask(question)
    assert sorted(result["answer"]) == expected and result["verified"], (result["interpretation"], result["answer"])


def test_the_steps_name_what_the_step_before_found() -> None:
    detect = _detect("T one two")
    assert step_chain_folded('Look up the references of "T one two", then list every author of those referenced '
                             'works.', detect) == 'list every author of the references of "T one two"'
    assert step_chain_folded('Start from "T one two" -> take its 1st author -> who are that person\'s co-authors?',
                             detect) == 'who are the co-authors of the 1st author of "T one two"?'


@pytest.mark.parametrize("question", [
    'I read "T one two". Who wrote it?',  # a statement of the asker's: no step
    '"T one two" was cited twice. Who cited it?',  # a clause, not a noun phrase
    'Take the references of "T one two". Who wrote it?',  # 'it' is one thing; the references are many
    'Take the references of "T one two". Did they cite them?',  # two back-references: which is which?
    'Take the references of "T one two". Who wrote "T one two"?',  # no back-reference
])
def test_steps_that_do_not_chain_are_left_as_written(question: str) -> None:
    assert step_chain_folded(question, _detect("T one two")) is None


def test_a_question_after_a_request_is_never_an_idle_remark() -> None:
    question = 'Find the papers citing "T one two". Where were they published?'
    assert without_idle_context(question, _detect("T one two")) == question


# The toy graph: P1 (2008, 40 citations, Computer Networks; Marvin K. Simon, Dariush Divsalar, Ann Lee), P2 (2010,
# Computer Networks; Dariush Divsalar, Bo Chen), P3 (2010, 55 citations, Signal Processing; Marvin K. Simon, Bo Chen),
# P4 (2012, Computer Networks; Dariush Divsalar); P2 and P3 cite P1, P4 cites P3.
@pytest.mark.parametrize("question, expected", [
    ("Who has more papers, Marvin K. Simon or Ann Lee? Return the name only.", ["Marvin K. Simon"]),
    ("Who has more pubs, Marvin K. Simon or Ann Lee?", ["Marvin K. Simon"]),
    (f'Pulling up "{P1}", published 2008. Which papers cite it?', [P2, P3]),  # 2008 is P1's year, no filter
    (f'"{P3}" appeared in Signal Processing. Which papers cite it?', [P4]),  # P4 came out elsewhere
    (f'I have "{P2}" in my notes as a Marvin K. Simon paper. Is Marvin K. Simon actually on the author list?', ["no"]),
    (f'Okay so here is a fun two-stepper for you, co-host: who wrote "{P4}"?', ["Dariush Divsalar"]),
    ("List Dariush Divsalar's papers, but skip anything from 2010 — we covered those last episode!", [P1, P4]),
    ("Marvin K. Simon: max cits on a single paper?", ["55"]),
    ("What has Dariush Divsalar published after 2008? 2008 itself doesn't count.", [P2, P4]),
    ("With whom has Bo Chen written papers?", ["Dariush Divsalar", "Marvin K. Simon"]),
    ("Citation showdown! Marvin K. Simon versus Ann Lee: who has more total citations?", ["Marvin K. Simon"]),
    (f'venue footprint of the citing side: where were the papers that cite "{P1}" published?',
     ["Computer Networks", "Signal Processing"]),
])
def test_what_only_frames_the_question_does_not_change_the_answer(world_resources, question, expected) -> None:
    result = _ask(question)
    assert sorted(result["answer"]) == sorted(expected) and result["verified"], (result["interpretation"],
                                                                                 result["answer"])


def test_an_answer_form_remark_naming_another_kind_stays() -> None:
    question = f'Who wrote "{P4}"? Years only.'
    assert without_answer_form(question) == question
    assert without_answer_form(f'Who wrote "{P4}"? Name only.') == f'Who wrote "{P4}"?'


def test_a_heading_of_the_asker_world_is_left_out_but_one_that_narrows_stays() -> None:
    no_names = _detect()
    assert without_idle_context("Settle a bet between me and my producer: has Bo Chen published in V?", no_names) \
        == "Has Bo Chen published in V?"
    kept = "Only journals: where has Bo Chen published?"
    assert without_idle_context(kept, no_names) == kept


def test_comparatives_are_composed_from_the_lexicon_forms() -> None:
    assert words()["comparatives"]["more pubs"] == ["n_papers", "max"]
    assert words()["comparatives"]["fewer collaborators"] == ["coauthors", "min"]


def test_a_misspelling_as_near_two_names_alike_but_for_their_marks_names_neither() -> None:
    assert _as_typed("R. J. Skern", ["R J Stern", "R. J. Stern"]) is None
    assert _as_typed("R. J. Skern", ["R. J. Stern"]) == "R. J. Stern"


def test_a_stranded_in_asks_a_venue_and_papers_are_no_answer(world_resources) -> None:
    result = _ask("Which did Bo Chen publish in?")
    assert not (result["verified"] and set(result["answer"]) & {P2, P3}), result["answer"]


def test_a_description_the_question_sets_something_against_stays() -> None:
    from hgrag.agents.understanding.paper_descriptions import without_paper_descriptions

    detect = _detect("T one two three")
    said = '"T one two three" appeared in 2009. Which papers cite it?'
    assert without_paper_descriptions(said, detect) == '"T one two three". Which papers cite it?'
    contrasted = '"T one two three" appeared in 2009. Have its authors published in other years?'
    assert without_paper_descriptions(contrasted, detect) == contrasted


def test_a_heading_that_holds_a_name_stays() -> None:
    assert without_idle_context("Mahmoud Bazioni: institutional affiliations?", _detect()) == \
        "Mahmoud Bazioni: institutional affiliations?"


def test_a_form_written_with_a_negation_is_read_as_the_lexicon_writes_it() -> None:
    from hgrag.agents.understanding.lexicon import load
    from hgrag.agents.understanding.tokens import tag

    tokens = tag("don't double count anybody", load("en"))
    assert [t.family for t in tokens] == ["filler"]


@pytest.mark.parametrize("question, expected", [
    ("Someone swears that Ann Lee once co-authored a paper with Bo Chen. True, or are they wrong?", ["no"]),
    ("How many different people has Bo Chen co-authored with? Don't double count anybody, haha.", ["2"]),
    ("Which of Marvin K. Simon's papers has the most citations? Just the title - I can find the rest myself.", [P3]),
])
def test_remarks_around_the_question_are_read_for_what_they_are(world_resources, question, expected) -> None:
    result = _ask(question)
    assert result["answer"] == expected and result["verified"], (result["interpretation"], result["answer"])


@pytest.mark.parametrize("question, expected", [
    ("Task: list co-authors of Dariush Divsalar.\nExclude: Ann Lee\nOutput format: one name per line",
     ["Bo Chen", "Marvin K. Simon"]),
    ("You are a bibliometrics assistant.\nTask: total citation count for Marvin K. Simon.\n"
     "Definition: sum of cited_by_count over all of their papers.\nOutput format: integer, no thousands separator.",
     ["95"]),
    (f'For the papers citing "{P1}", in which venues did they appear?\n- distinct venues only\n- no extra text',
     ["Computer Networks", "Signal Processing"]),
    ("which papers did Dariush Divsalar write that werent published in 2010", [P1, P4]),
])
def test_a_question_written_like_a_prompt_is_read_for_what_it_asks(world_resources, question, expected) -> None:
    result = _ask(question)
    assert sorted(result["answer"]) == sorted(expected) and result["verified"], (result["interpretation"],
                                                                                 result["answer"])


def test_labelled_lines_keep_steps_and_lists_in_their_order() -> None:
    from hgrag.agents.understanding.labelled_lines import without_labels

    assert without_labels("Give the year of the first paper of these two authors:\n1. Ann Lee\n2. Bo Chen") == \
        "Give the year of the first paper of these two authors: Ann Lee and Bo Chen"
    steps = 'Aufgabe in zwei Schritten:\n1. Bestimme den Erstautor von "T".\n2. Liste seine Koautoren auf.'
    assert without_labels(steps) == 'Aufgabe in zwei Schritten: Bestimme den Erstautor von "T". Liste seine Koautoren auf.'
    assert without_labels("Which papers did A write?") == "Which papers did A write?"


def test_a_value_picked_by_a_superlative_is_what_is_asked() -> None:
    from hgrag.agents.understanding.asked_head import asked_kind
    from hgrag.agents.understanding.lexicon import load
    from hgrag.agents.understanding.tokens import tag

    assert asked_kind(tag("zzm earliest pub year", load("en"))) == "year"
    assert asked_kind(tag("which paper of zzm has the most citations", load("en"))) == "paper"


def test_filter_fields_written_as_a_query_are_read_as_words(world_resources) -> None:
    from hgrag.agents.understanding.labelled_lines import with_filter_fields

    assert with_filter_fields("papers | author:Bo Chen | venue != Signal Processing") == \
        "papers, by Bo Chen, not in Signal Processing"
    assert with_filter_fields('Paper: "T x" | step 1: first author') == 'Paper: "T x" | step 1: first author'
    result = _ask("papers | author:Dariush Divsalar | year<2012")
    assert sorted(result["answer"]) == sorted([P1, P2]) and result["verified"], result["interpretation"]
