"""Mechanisms added in the thirtieth stop: a remark after the question whose year anaphor stands for the year the
question named ('… after 2008? I mean later than that year.'), and a request opened by a politeness word ('Kindly
share …') read as the asking clause, so a statement after it ('I want to write to them.') is no question of its own.
Wordings are written here."""

from __future__ import annotations

import pytest
from test_chain_reader import P1, P3, P4, world  # noqa: F401 - the toy graph with citations (a fixture)
from test_round28_mechanisms import world_resources  # noqa: F401 - the toy graph as the pipeline's resources
from test_round30_mechanisms import _ask

from hgrag.agents.checking.question_clauses import asking_part


def test_a_year_anaphor_in_a_remark_after_the_question_is_the_year_named(world_resources) -> None:
    remarked = _ask("What has Dariush Divsalar published after 2008? I mean later than that year.")
    plain = _ask("What has Dariush Divsalar published after 2008?")
    assert remarked["verified"] and remarked["answer"] == plain["answer"] and plain["answer"]
    assert "year" not in remarked["interpretation"].lower().split()[:3]  # papers, not their years


def test_an_instruction_about_the_year_is_not_bound_again(world_resources) -> None:
    result = _ask("What has Dariush Divsalar published after 2008? 2008 itself doesn't count.")
    assert result["verified"] and result["answer"]


def test_a_polite_request_is_the_asking_clause() -> None:
    assert asking_part("Kindly share the email id of zzm1. I want to write to them.") == \
        "Kindly share the email id of zzm1."
    assert asking_part("Please, list the papers of zzm1. I want to read them.").startswith("Please, list")


def test_a_missing_attribute_asked_in_a_polite_request_is_declined(world_resources) -> None:
    result = _ask("Kindly share the email id of Dariush Divsalar. I want to write to them.")
    assert result["answer"] == [] and not result["verified"] and "mail" in result["answer_text"]


@pytest.mark.parametrize("question, expected", [
    (f"Is Signal Processing the venue where '{P1}' appeared?", ["no"]),
    (f"Is Computer Networks the venue where '{P1}' appeared?", ["yes"]),
    (f"Is Computer Networks one of the venues in which '{P1}' appeared?", ["yes"]),
    ("Is Ann Lee one of the authors who wrote papers with Dariush Divsalar?", ["yes"]),
    ("Has Dariush Divsalar a paper in Computer Networks?", ["yes"]),
])
def test_a_relative_pronoun_leaves_a_yes_no_question_yes_no(world_resources, question, expected) -> None:
    result = _ask(question)
    assert result["answer"] == expected and result["verified"], result["interpretation"]


@pytest.mark.parametrize("question, expected", [
    ("A tipster says Dariush Divsalar published in Computer Networks. Does that hold up?", "Dariush Divsalar published"),
    ("Our draft lists Dariush Divsalar as a co-author of T. Is that right?", "Dariush Divsalar as"),
    ("The first author wrote T. Who is it?", "The first author wrote T. Who is it?"),  # a relation: no report
])
def test_any_source_a_determiner_opens_frames_a_reported_claim(question: str, expected: str) -> None:
    from hgrag.agents.understanding.claims import without_report_frame

    assert without_report_frame(question).startswith(expected)


def test_a_claim_reported_after_a_wh_question_is_no_condition() -> None:
    from hgrag.agents.understanding.claims import without_reported_remarks

    assert without_reported_remarks("When did A publish last? Our bio says 2009 but I doubt it.") == \
        "When did A publish last?"
    assert without_reported_remarks("When did A publish last? I need it for 2009.") == \
        "When did A publish last? I need it for 2009."


@pytest.mark.parametrize("question, confirms", [
    ("Someone thinks A had a paper in V — can you confirm or knock that down?", True),
    ("A wrote T. Is that on record?", True),
    ("A wrote T. Does that hold up?", True),
    ("A wrote T. Is it cited?", False),  # a word of the graph's meaning: a question of its own
    ("A wrote T. Who is that?", False),
    ("Which papers did A write? Is that all?", False),
])
def test_a_short_question_pointing_back_confirms_the_statement(question: str, confirms: bool) -> None:
    from hgrag.agents.understanding.sentences import confirming_start

    assert (confirming_start(question) is not None) == confirms


@pytest.mark.parametrize("question, yes_no", [
    ("Atif M. Memon had a paper in Journal of Systems and Software?", True),
    ("Daniel D. Stancil and Evsen Yanmaz co-authored?", True),
    ("The papers A wrote in 2019?", False),
    ("Memon wrote how many papers?", False),
    ("Atif M. Memon papers in 2019?", False),
])
def test_a_declarative_question_asks_yes_or_no(question: str, yes_no: bool) -> None:
    from hgrag.agents.understanding.sentences import with_declarative_as_yes_no

    assert with_declarative_as_yes_no(question).endswith("yes or no?") == yes_no


@pytest.mark.parametrize("question", [
    "Dariush Divsalar and Ann Lee have they co-authored anything",
    "Verify for me: Dariush Divsalar and Ann Lee wrote a paper together.",
    "Please verify that Dariush Divsalar and Ann Lee wrote a paper together.",
    "Someone on the desk thinks Dariush Divsalar and Ann Lee wrote a paper together - can you confirm or knock that down?",
])
def test_claims_put_in_many_shapes_are_answered_yes_or_no(world_resources, question: str) -> None:
    result = _ask(question)
    assert result["answer"] in (["yes"], ["no"]) and result["verified"], result["interpretation"]


def test_a_pronoun_describing_the_named_paper_is_no_filter(world_resources) -> None:
    plain = _ask(f'I found "{P4}" in a folder. What papers does it cite?')
    described = _ask(f'I found "{P4}" in a folder. it\'s from 1998 I think. What papers does it cite?')
    assert described["verified"] and described["answer"] == plain["answer"] and plain["answer"]


@pytest.mark.parametrize("question, expected", [
    ("For the award shortlist: is A or B more cited?", "Is A or B more cited?"),
    ("Quick fact check for our nomination letter: did A publish with B?", "Did A publish with B?"),
    ("papers by A please - for our research highlights page", "Papers by A please"),
    ('For our story on "T", could you list its authors?', 'For our story on "T", could you list its authors?'),
    ("What did A write for the journal V?", "What did A write for the journal V?"),
])
def test_a_purpose_phrase_set_off_at_either_end_is_left_out(question: str, expected: str) -> None:
    from hgrag.agents.understanding.purpose import without_purpose_phrase

    assert without_purpose_phrase(question) == expected


def test_an_unknown_word_describing_a_named_paper_is_no_content(world_resources) -> None:
    described = _ask(f'Which papers cite the landmark paper "{P3}"?')
    plain = _ask(f'Which papers cite the paper "{P3}"?')
    assert described["verified"] and described["answer"] == plain["answer"] and plain["answer"]


def test_a_first_person_frame_is_no_source_of_any_verb() -> None:
    from hgrag.agents.understanding.claims import without_report_frame

    kept = 'I need the names of everyone who wrote a paper citing "T".'
    assert without_report_frame(kept) == kept
    assert without_report_frame('I was told that A B wrote "T". Is that right?').startswith("A B wrote")


def test_a_yes_no_question_does_not_link_by_the_connection_it_asks_about() -> None:
    from test_llm_retriever import homonym_world, plan_for

    from hgrag.agents.graph_retrieval_agent import OfflineRetriever

    world = homonym_world()  # two equally named Bo Chens: the connection may still tell them apart
    plan, _ = OfflineRetriever().retrieve("q", plan_for(world, "Did Bo Chen publish in Signal Processing?"), world, 1000)
    assert next(m for m in plan["anchors"] if m["type"] == "author")["node_id"] == "a4"


@pytest.mark.parametrize("question, expected", [
    ("I have a vague memory that A B and C D collaborated once. Is that true?", "A B and C D collaborated once, yes or no?"),
    ("I am assuming A B and C D are co-authors. Is that right?", "A B and C D are co-authors, yes or no?"),
    ("A B wrote \"T\". Is that right?", "A B wrote \"T\", yes or no?"),
])
def test_a_confirmed_statement_keeps_only_its_claim(question: str, expected: str) -> None:
    from hgrag.agents.understanding.sentences import with_confirmation_as_tag

    assert with_confirmation_as_tag(question) == expected


def test_a_confirming_question_naming_someone_asks_of_its_own() -> None:
    from hgrag.agents.understanding.sentences import confirming_start

    assert confirming_start('The paper is "T". Does Theodoros Anagnostopoulos belong on it?') is None


@pytest.mark.parametrize("question", ["Didn't Marvin Simon publish in V?", "Whcih papers cite \"T\"?"])
def test_a_question_word_or_its_typo_is_no_name_opening_a_declarative_question(question: str) -> None:
    from hgrag.agents.understanding.sentences import with_declarative_as_yes_no

    assert with_declarative_as_yes_no(question) == question


def test_a_one_line_greeting_is_no_part_of_the_question() -> None:
    from hgrag.agents.understanding.envelope import without_envelope

    assert without_envelope("Dear colleagues, good morning. How many papers has A?") == "How many papers has A?"
    assert without_envelope("Bonjour, quels articles a écrit A ?") == "Quels articles a écrit A ?"
