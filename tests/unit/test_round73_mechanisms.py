"""Mechanisms added in the twenty-eighth stop: stranded trailers after a who-head ('with whom … in total'), answer-form
remarks that say how to answer ('answer only with yes or no'), chains asked after a fronted phrase or in a free relative
('list what the last author of T has written'), step openers ('Now list …'), comparisons that read declared function
words, composed false-claim openers, question labels as headings ('Numbers round:') and comparatives that need a
comparison in their own direction. Wordings are written here."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from test_chain_reader import P2, world  # noqa: F401 - the toy graph with citations (a fixture)
from test_planner import P1
from test_round28_mechanisms import world_resources  # noqa: F401 - the toy graph as the pipeline's resources
from test_round30_mechanisms import _ask

from hgrag.agents.linking.name_typos import _word_by_word_budget
from hgrag.agents.planning.career_event import _event
from hgrag.agents.understanding.name_heading import a_name_heading as _a_name_heading
from hgrag.agents.second_reader.contrasts import CLAIM_OPENER, _harmless, false_claim
from hgrag.agents.understanding.answer_form import without_answer_form
from hgrag.agents.understanding.asked_head import asked_kind
from hgrag.agents.understanding.cue_words import without_list_trailers
from hgrag.agents.understanding.idle_context import _without_asides, _without_idle_heading
from hgrag.agents.understanding.lexicon import load
from hgrag.agents.understanding.name_heading import with_name_heading_as_subject
from hgrag.agents.understanding.said_checks import contrary_year_comparison
from hgrag.agents.understanding.step_chain import _steps, _unlabelled
from hgrag.agents.understanding.intersections import distributed_intersection, shared_people_read_as_joint_papers
from hgrag.agents.understanding.relayed import with_relay_as_asker
from hgrag.agents.understanding.tokens import stranded_readings, tag
from hgrag.state import plan_ir as ir


def _no_names(text: str) -> list:
    return []


@pytest.mark.parametrize("question, expected", [
    ("With whom has A collaborated in total?", "With whom has A collaborated?"),
    ("Who has A written papers with, overall?", "Who has A written papers with?"),
    ("How many papers has A written in total?", "How many papers has A written in total?"),  # a count: kept
    ('Who wrote "Overall design of a lunar lander"?', 'Who wrote "Overall design of a lunar lander"?'),  # a title
])
def test_a_stranded_trailer_after_a_who_head_means_all_of_them(question: str, expected: str) -> None:
    assert without_list_trailers(question) == expected


def test_a_remark_on_how_to_answer_is_left_out_and_one_that_asks_more_is_kept() -> None:
    assert without_answer_form('Does "T1" cite "T2"? Please answer only with yes or no.') == 'Does "T1" cite "T2"?'
    assert without_answer_form('Did A publish in V? Reply yes or no.') == 'Did A publish in V?'
    kept = 'Who wrote "T1"? Answer with the venues.'
    assert without_answer_form(kept) == kept


@pytest.mark.parametrize("text, kind", [
    ("list what the last author of zzm has written", "paper"),
    ("list everything the first author of zzm has written", "paper"),
    ("list what zzm published in any year except 2009", "paper"),
    ("what year did zzm publish in", "year"),
])
def test_a_free_relative_asks_for_its_verbs_object(text: str, kind: str) -> None:
    assert asked_kind(tag(text, load("en"))) == kind


def test_a_step_opener_does_not_hide_the_steps_command() -> None:
    assert _unlabelled("Now list everything that person has written.") == "list everything that person has written"
    assert _unlabelled("Then, name their co-authors") == "name their co-authors"


@pytest.mark.parametrize("question, expected", [
    (f"the papers citing '{P1}' what venues did they appear in", ["Computer Networks", "Signal Processing"]),
    (f"Papers citing '{P1}' turned up in which venues?", ["Computer Networks", "Signal Processing"]),
    (f"Find the first author of '{P2}'. Now name everyone who has ever shared a byline with that person.",
     ["Ann Lee", "Bo Chen", "Marvin K. Simon"]),
    (f"With whom has the first author of '{P2}' collaborated in total?", ["Ann Lee", "Bo Chen", "Marvin K. Simon"]),
])
def test_chains_asked_after_a_fronted_phrase_or_in_steps_are_answered(world_resources, question, expected) -> None:
    result = _ask(question)
    assert sorted(result["answer"]) == expected and result["verified"], (result["interpretation"], result["answer"])


def test_everything_a_byline_place_has_written_is_that_persons_papers(world_resources) -> None:
    canonical = _ask(f"Which papers did the last author of '{P2}' write?")
    asked = _ask(f"Find the last author of '{P2}' and list everything that person has written.")
    assert canonical["verified"] and canonical["answer"]
    assert sorted(asked["answer"]) == sorted(canonical["answer"]) and asked["verified"]


def test_a_comparison_reads_function_words_but_not_other_kinds() -> None:
    assert _harmless("their") and _harmless("into") and _harmless("publication")
    assert not _harmless("venues") and not _harmless("cited") and not _harmless("2010")


@pytest.mark.parametrize("question, claim", [
    ("Would it be inaccurate to state that A has never published in V?", "A has never published in V?"),
    ("For the record, would it be wrong to say that A has never published in V?", "A has never published in V?"),
    ("Am I mistaken in thinking that A wrote T?", "A wrote T?"),
])
def test_a_composed_false_claim_opener_asks_the_claim_negated(question: str, claim: str) -> None:
    assert false_claim(question) == CLAIM_OPENER + claim


def test_a_lead_in_that_names_a_year_is_not_set_aside_before_a_false_claim() -> None:
    assert false_claim("In 2010, would it be wrong to say that A published in V?") is None


@pytest.mark.parametrize("question, expected", [
    ("Numbers round: how many papers has A written?", "How many papers has A written?"),
    ("Career-span teaser: how many years lie between A's first and last papers?",
     "How many years lie between A's first and last papers?"),
    ("Mahmoud Bazioni round: how many papers?", "Mahmoud Bazioni round: how many papers?"),  # a name: kept
])
def test_a_heading_that_labels_the_question_is_left_out(question: str, expected: str) -> None:
    assert _without_idle_heading(question, _no_names) == expected


def test_a_comparative_said_of_a_year_must_not_be_read_the_other_way() -> None:
    tokens = tag("what did zzm publish in any later year", load("en"))
    papers = ir.traverse(ir.match(["a"], "author", "A"), "writes", "out")
    assert contrary_year_comparison(tokens, ir.top(papers, "year", "min")) == [
        "later year (the plan orders the other way)"]
    assert contrary_year_comparison(tokens, ir.top(papers, "year", "max")) == []
    assert contrary_year_comparison(tokens, ir.where(papers, "year", ">", 2001)) == []
    assert contrary_year_comparison(tag("what earlier work does zzm build on", load("en")), papers) == []


@pytest.mark.parametrize("question, expected", [
    ('Hasan Algheryafi - one of the authors of "T one", or not?', 'Is Hasan Algheryafi one of the authors of "T one"?'),
    ('A. Lee: first author on "T one"?', 'Is A. Lee first author on "T one"?'),
    ("Marvin Simon: papers?", "Marvin Simon: papers?"),  # a request about the name, no predicate of it
    ('Bo Chen: which papers cite "T one"?', 'Bo Chen: which papers cite "T one"?'),  # a question of its own
    ('Quick question: who wrote "T one"?', 'Quick question: who wrote "T one"?'),
])
def test_a_fragment_after_a_name_heading_is_said_of_the_name(question: str, expected: str) -> None:
    assert with_name_heading_as_subject(question) == expected


def test_a_name_heading_is_never_set_aside_as_context(world_resources) -> None:
    result = _ask(f"Bo Chen: one of the authors of '{P2}'?")
    assert result["answer"] in (["yes"], ["no"]) and result["verified"], result["interpretation"]
    linked = [{"text": "Hasan Algheryafi", "node_id": "a1"}, {"text": "A. Lee", "node_id": "a2"}]
    assert _a_name_heading("Hasan Algheryafi:", linked) and _a_name_heading("A. Lee -", linked)
    assert not _a_name_heading("I met Hasan Algheryafi at a conference.", linked)
    assert not _a_name_heading("Kleine Rechenaufgabe:", linked)  # capitalised words that name nothing


@pytest.mark.parametrize("typed, name, budget", [
    ("friedaa graanot", "frieda granot", 2),  # one slip in each word
    ("frnando ruubio", "fernando rubio", 2),
    ("abdrew warketin", "andrew warkentin", 2),
    ("zhhen li", "zhen li", 1),
    ("yu sn", "yu sun", 0),  # a word under four letters: no slip allowed by this rule
    ("larry rdulpph", "larry rudolph", 0),  # more than one slip in a word
    ("frieda", "frieda granot", 0),
])
def test_a_name_typed_word_by_word_allows_one_slip_per_word(typed: str, name: str, budget: int) -> None:
    assert _word_by_word_budget(typed, name) == budget


@pytest.mark.parametrize("text, relation", [
    ("Which of A's papers came out after the year of zztheowner's first paper?", "after the year of"),
    ("which A papers came out after zztheowner's debut year?", "came out after"),
    ("papers by A published strictly after the year of zztheowner's debut paper", "strictly after the year of"),
    ("papers by A after the appearance of the very first paper by zztheowner", "after the appearance of"),
])
def test_a_year_named_by_another_authors_first_paper_is_read_in_more_wordings(text: str, relation: str) -> None:
    found = _event().search(text)
    assert found is not None and found.group("rel").lower() == relation


def test_an_exclusion_that_names_the_owner_again_restricts_the_set(world_resources) -> None:
    canonical = _ask("Which papers of Marvin K. Simon is he not the first author of?")
    asked = _ask("Give the papers of Marvin K. Simon except those where Marvin K. Simon is first author.")
    assert canonical["verified"] and asked["verified"], (canonical["interpretation"], asked["interpretation"])
    assert sorted(asked["answer"]) == sorted(canonical["answer"])


def test_a_fronted_with_whom_after_a_topic_reads_as_co_authors() -> None:
    text = "first author of zzm - with whom has this author published"
    read = {t.text: t.concept for t in stranded_readings(text, tag(text, load("en")))}
    assert read["with"] == "relation:coauthor"
    relative = "the year in which zzm published"  # a relative clause: 'in which' is no venue
    assert {t.text: t.concept for t in stranded_readings(relative, tag(relative, load("en")))}["in"] == "function:in"


@pytest.mark.parametrize("question", [
    f"First author of '{P2}' - with whom has this author published in total?",
    f"For the first author of '{P2}', with whom has that person published?",
])
def test_a_step_after_a_dash_and_a_fronted_with_whom_ask_for_co_authors(world_resources, question) -> None:
    result = _ask(question)
    assert sorted(result["answer"]) == ["Ann Lee", "Bo Chen", "Marvin K. Simon"] and result["verified"], \
        (result["interpretation"], result["answer"])


def test_the_corresponding_author_is_not_recorded() -> None:
    assert load("en").concept("corresponding author") == "missing:corresponding authors"


def test_a_ranking_said_again_for_each_named_thing_is_never_what_they_share() -> None:
    both = ir.setop("intersect", [ir.traverse(ir.match([n], "author", n), "writes", "out") for n in ("a", "b")])
    latest = ir.top(both, "year", "max")
    assert distributed_intersection("the most recent paper by zzm and the most recent by zzm", latest)
    assert not distributed_intersection("the most recent paper by both zzm and zzm", latest)


def test_minus_must_take_something_away(world_resources) -> None:
    result = _ask(f"refs of '{P2}' minus whatever was published in Signal Processing")
    read = result["interpretation"].lower()
    assert not result["verified"] or "except" in read or "other than" in read, read  # never the ones in it


def test_both_with_a_preposition_said_again_is_what_they_share() -> None:
    both = ir.setop("intersect", [ir.traverse(ir.match([n], "author", n), "writes", "out") for n in ("a", "b")])
    assert not distributed_intersection("which venues have been used both by zzm and by zzm", both)
    assert distributed_intersection("the venues of zzm and of zzm", both)


def test_any_name_noun_is_a_yes_no_question() -> None:
    assert asked_kind(tag("any zzm paper in zzm", load("en"))) == "yes/no"


def test_an_initials_stop_ends_no_sentence_of_a_two_part_question(world_resources) -> None:
    result = _ask("Which papers did Marvin K. Simon write after D. Divsalar had published his or her first paper?")
    assert "but not" not in result.get("answer_text", ""), result.get("answer_text")


@pytest.mark.parametrize("phrase, concept", [
    ("brought up the rear on", "attribute:position_last"),
    ("carry the signature of", "relation:writes"),
    ("at some moment", "filler:at some moment"),
    ("co-authors of the same article", "relation:coauthor"),
])
def test_idioms_of_this_stops_rounds_are_lexicon_data(phrase: str, concept: str) -> None:
    assert load("en").concept(phrase) == concept


@pytest.mark.parametrize("question", ["Bo Chen & Ann Lee — shared byline ever?", "Q: Bo Chen & Ann Lee — shared byline ever?"])
def test_a_hedged_fragment_after_names_is_a_yes_no_question(world_resources, question) -> None:
    result = _ask(question)
    assert result["answer"] in (["yes"], ["no"]) or not result["verified"], (result["interpretation"], result["answer"])


def test_a_fronted_which_with_its_noun_is_no_stranded_venue() -> None:
    text = "zzm is listed as a co-investigator. in which countries are those institutions located?"
    tokens = tag(text, load("en"))
    assert all(t.concept != "kind:venue" for t in stranded_readings(text, [t for t in tokens if t.text != "countries"]))


@pytest.mark.parametrize("question, expected", [
    ("Who wrote T, if you would?", "Who wrote T?"),
    ("Papers of A, I gather, since 2010?", "Papers of A, since 2010?"),
    ("What has A brought out after 2011 - strictly after, mind you, not during?",
     "What has A brought out after 2011 - strictly after, not during?"),
    ("Which papers by A, the Canadian ones, cite T?", "Which papers by A, the Canadian ones, cite T?"),  # no asker
    ("Which papers by A, as you know from 2010, cite T?", "Which papers by A, as you know from 2010, cite T?"),
])
def test_an_aside_to_or_about_the_asker_that_names_nothing_is_left_out(question: str, expected: str) -> None:
    assert _without_asides(question) == expected


def test_strictly_after_not_during_keeps_the_bound_exclusive(world_resources) -> None:
    plain = _ask("Which papers did Dariush Divsalar publish after 2010?")
    said = _ask("Which papers did Dariush Divsalar publish after 2010 - strictly after, not during?")
    assert said["verified"] and sorted(said["answer"]) == sorted(plain["answer"]), said["interpretation"]


def test_an_unquoted_title_between_dashes_is_no_aside_and_no_step() -> None:
    question = "seismic scanning tunneling macroscope - elastic simulations and arizona mine test - what venue was it in"

    def linked(text: str) -> list:
        at = text.find("seismic")
        return [SimpleNamespace(start=at, end=at + 81, candidates=[1])] if at >= 0 else []

    assert _without_asides(question, linked) == question
    assert _steps(question) == ["seismic scanning tunneling macroscope - elastic simulations and arizona mine test",
                                "what venue was it in"]


@pytest.mark.parametrize("question, expected", [
    ("A patron wants to know which papers cite T.", "tell me which papers cite T."),
    ("Our reader needs the names of the authors of T.", "I need the names of the authors of T."),
    ("Someone at the desk is asking whether A wrote T.", "tell me whether A wrote T."),
    ("Does T cite U? A student wants to confirm before quoting.", "Does T cite U? I want to confirm before quoting."),
    ("Which researcher wants the papers of A?", "Which researcher wants the papers of A?"),  # a question of its own
])
def test_a_question_relayed_for_someone_else_is_read_in_the_first_person(question: str, expected: str) -> None:
    assert with_relay_as_asker(question) == expected


def test_co_authors_two_people_share_are_never_their_joint_papers() -> None:
    joint = ir.test(ir.setop("intersect", [ir.traverse(ir.match([n], "author", n), "writes", "out") for n in "ab"]),
                    "nonempty")
    asked = tag("do zzm and zzm share any co-authors", load("en"))
    assert shared_people_read_as_joint_papers(asked, joint)
    assert not shared_people_read_as_joint_papers(tag("have zzm and zzm co-authored", load("en")), joint)


def test_two_exclusion_words_are_not_composed_into_one_reading(world_resources) -> None:
    result = _ask(f"Apart from Bo Chen, who are the co-authors of Marvin K. Simon? I know most of them, except the others.")
    assert "Bo Chen" not in result["answer"] and "Marvin K. Simon" not in result["answer"], result["interpretation"]
    assert "co-authors on papers by bo chen" not in result["interpretation"].lower()
