"""Exclusions and follow-up hops on a small hand-made graph: the other papers of a paper's first
author, a paper's authors but the first, an author's papers without a co-author, co-authors but one.
Each question must be read right AND pass the question-plan check (so the answer is verified).
The wordings are written here, independently of the benchmark templates."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from test_planner import P1, toy  # noqa: F401  (toy: the planner tests' fixture)
from test_planner import answer as answer_with_plan

from hgrag.agents.linking.mention_partners import KEPT, promote_partners
from hgrag.agents.linking.mentions import Span, fold_calls
from hgrag.agents.checking.question_check import unexplained_parts
from hgrag.agents.retrieval_agent import OfflinePlanner
from hgrag.agents.checking.unlinked import unlinked_names
from hgrag.state.context import Context
from hgrag.tools.errors import InputError
from hgrag.tools.question import check_question

P3 = "Sparse recovery of harmonic signals in noise"
P4 = "Energy efficient scheduling of uplink traffic"


def answered(world, question):
    answer, plan = answer_with_plan(world, question)
    return answer, unexplained_parts(question, plan)


@pytest.mark.parametrize("question", [
    f"What else has the lead author of '{P1}' written?",
    f"I enjoyed '{P1}'. What else did its first author publish?",
    f"'{P1}' first author other papers",
    f"other papers by first_author({P1})",
    f"Please provide all further articles by the first-listed author of '{P1}'.",
    f"Apart from '{P1}', which publications does its first author have?",
])
def test_other_papers_of_the_first_author(toy, question):
    answer, unexplained = answered(toy, question)
    assert answer == [P3] and unexplained == []  # Marvin K. Simon's papers but P1 itself


@pytest.mark.parametrize("question", [
    f"Who else is on '{P1}' apart from whoever is listed first?",
    f"authors({P1}) minus first author",
    f"'{P1}' non-first authors",
    f"Name the authors of '{P1}', not counting whoever comes first.",
])
def test_authors_but_the_first(toy, question):
    answer, unexplained = answered(toy, question)
    assert answer == ["Ann Lee", "Dariush Divsalar"] and unexplained == []


def test_who_is_the_first_author_stays_a_person(toy):
    answer, unexplained = answered(toy, f"Who is the first author of '{P1}'?")
    assert answer == ["Marvin K. Simon"] and unexplained == []


@pytest.mark.parametrize("question", [
    "Which of Dariush Divsalar's papers don't have Bo Chen among the authors?",
    "I need Dariush Divsalar's papers, only those Bo Chen wasn't part of.",
    "papers by Dariush Divsalar excluding co-author Bo Chen",   # 'co-author' names Bo Chen, not the subject
])
def test_papers_without_a_coauthor_keep_the_roles(toy, question):
    answer, unexplained = answered(toy, question)
    assert answer == sorted([P1, P4]) and unexplained == []


@pytest.mark.parametrize("question", [
    "coauthors of Dariush Divsalar minus Bo Chen",
    "Dariush Divsalar coauthors excl. Bo Chen",
])
def test_coauthors_but_one(toy, question):
    answer, unexplained = answered(toy, question)
    assert answer == ["Ann Lee", "Marvin K. Simon"] and unexplained == []


def test_a_subtraction_of_years_is_a_span_not_an_exclusion(toy):
    question = "last year minus first year of Dariush Divsalar's papers"
    plan = OfflinePlanner().plan(question, toy, Context(dataset="toy"))
    assert plan["ir"].get("op") == "aggregate" and plan["ir"].get("fn") == "span"
    assert unexplained_parts(question, plan) == []
    assert answered(toy, question)[0] == ["4"]  # 2012 - 2008


def test_the_distance_scale_in_parentheses_is_no_condition(toy):
    question = "Give the co-author distance between Ann Lee and Bo Chen (1 if they wrote a paper together)."
    answer, unexplained = answered(toy, question)
    assert answer == ["2"] and unexplained == []


def test_function_call_arguments_read_as_quoted():
    folded = fold_calls("intersection of coauthors(Ann Lee) and coauthors(Bo Chen)")
    assert folded == 'intersection of coauthors"Ann Lee" and coauthors"Bo Chen"'
    nested = fold_calls("first_author(Deposits of Oman (South) revisited)")
    assert nested == 'first_author"Deposits of Oman (South) revisited"'
    for untouched in ("Fe(III) reduction in soils", "f(x) = y", "see(this)",
                      "coauthors(paper=Deposits of Oman revisited, author=Bo Chen)"):  # keyword arguments: two mentions
        assert fold_calls(untouched) == untouched


def test_a_modal_request_is_no_name():
    assert unlinked_names("May I have the papers of Ann Lee?", []) == ["Ann Lee"]
    assert unlinked_names("Could you list papers by Eric F. May?", []) == ["Eric F May"]  # a surname stays


def test_a_replacement_character_inside_a_name_is_text():
    assert check_question("Who wrote with Jos\ufffd\ufffd Costa-Requena?").endswith("Costa-Requena?")
    for garbage in ("Who \ufffd wrote", "papers \ufffd\ufffd", "a\ufffd\ufffd\ufffdb"):
        with pytest.raises(InputError, match="binary data"):
            check_question(garbage)


def test_a_namesake_who_wrote_with_the_other_mention_is_kept(toy):
    hits = toy.index.lookup("Bo Chen")
    filler = [SimpleNamespace(node_id=f"x{i}", score=0.85) for i in range(KEPT + 3)]
    namesake = Span(0, 7, "B. Chen", "author", [filler[0]] + filler[1:] + hits)
    partner = Span(20, 35, "Dariush Divsalar", "author", toy.index.lookup("Dariush Divsalar"))
    promote_partners([namesake, partner], toy.store)
    assert namesake.candidates[0] is filler[0] and namesake.candidates[1].node_id == "a4"


def test_an_en_dash_joins_two_names(toy):
    answer, unexplained = answered(toy, "Regarding the Dariush Divsalar–Bo Chen collaboration, which papers did they write together?")
    assert answer == ["Adaptive routing for delay tolerant sensor networks"] and unexplained == []


@pytest.mark.parametrize("question, expected", [
    (f"Aside from '{P1}', what has its lead author published?", [P3]),               # 'aside from' is no author exclusion
    (f"What did the first author of '{P1}' write besides that paper?", [P3]),
    (f"What has the first author of '{P1}' published?", sorted([P1, P3])),           # papers, not the person
    (f"Show the remaining authors of '{P1}' once the first author is left out.", ["Ann Lee", "Dariush Divsalar"]),
    (f"Apart from its first author, who wrote '{P1}'?", ["Ann Lee", "Dariush Divsalar"]),
    ("Who are Dariush Divsalar's collaborators aside from Bo Chen?", ["Ann Lee", "Marvin K. Simon"]),
    ("Bo Chen aside, who has Dariush Divsalar written with?", ["Ann Lee", "Marvin K. Simon"]),
])
def test_more_wordings_keep_who_is_excluded(toy, question, expected):
    answer, unexplained = answered(toy, question)
    assert answer == expected and unexplained == []


def test_papers_minus_the_ones_with_a_coauthor(toy):
    answer, unexplained = answered(toy, "Dariush Divsalar's papers minus the ones with Bo Chen")
    assert answer == sorted([P1, P4]) and unexplained == []


@pytest.mark.parametrize("question", [
    f"The first author of '{P1}' I have already. Who are the other authors?",
    f"I can name the lead author of '{P1}' myself; list the remaining contributors.",
])
def test_a_known_first_author_leaves_the_rest(toy, question):
    answer, unexplained = answered(toy, question)
    assert answer == ["Ann Lee", "Dariush Divsalar"] and unexplained == []


def test_others_never_answered_with_the_first_author(toy):
    answer, unexplained = answered(toy, f"The first author of '{P1}' is known to me; who are the other co-authors of theirs?")
    assert answer != ["Marvin K. Simon"] or unexplained  # the first author alone is no answer for the others


@pytest.mark.parametrize("question, expected", [
    ("Bo Chen published mostly in Computer Networks. Which of those papers came out elsewhere?",
     ["Sparse recovery of harmonic signals in noise"]),
    ("For the most part Bo Chen's papers are in Signal Processing. List the ones that appeared somewhere else.",
     ["Adaptive routing for delay tolerant sensor networks"]),
    ("Which of Marvin K. Simon's papers were printed elsewhere than Computer Networks?",
     ["Sparse recovery of harmonic signals in noise"]),
])
def test_elsewhere_leaves_the_named_venue_out(toy, question, expected):
    answer, unexplained = answered(toy, question)
    assert answer == expected and unexplained == []


@pytest.mark.parametrize("question, expected", [
    ("Dariush Divsalar over 2 papers in Computer Networks? yes/no", ["yes"]),
    ("Marvin K. Simon more than 1 papers in Signal Processing - yes/no", ["no"]),
])
def test_a_terse_paper_count_threshold_is_no_author_count(toy, question, expected):
    answer, unexplained = answered(toy, question)
    assert answer == expected and unexplained == []


@pytest.mark.parametrize("question", [
    "I'm aware Dariush Divsalar wrote with Bo Chen. Who else has Dariush Divsalar collaborated with?",
    "I have seen that Dariush Divsalar and Bo Chen co-authored. Which other co-authors does Dariush Divsalar have?",
])
def test_a_known_coauthor_named_as_context_is_left_out(toy, question):
    answer, unexplained = answered(toy, question)
    assert answer == ["Ann Lee", "Marvin K. Simon"] and unexplained == []


@pytest.mark.parametrize("question", [
    "To introduce Dariush Divsalar to Marvin K. Simon: who have they both written with?",
    "Give me the people who worked with both Dariush Divsalar and Marvin K. Simon, leaving out the two named.",
])
def test_people_in_common_are_no_chain_and_not_the_named_pair(toy, question):
    answer, unexplained = answered(toy, question)
    assert answer == ["Ann Lee", "Bo Chen"] and unexplained == []


def test_subtracting_first_year_from_last_is_the_span(toy):
    answer, unexplained = answered(toy, "Take away the year of Dariush Divsalar's first paper from the year of "
                                        "the newest one: what is left?")
    assert answer == ["4"] and unexplained == []


def test_a_person_named_again_in_the_asking_sentence_is_one_person(toy):
    question = "Dariush Divsalar often writes with Bo Chen. Which papers did Dariush Divsalar publish without Bo Chen?"
    answer, unexplained = answered(toy, question)
    assert answer == sorted([P1, P4]) and unexplained == []


@pytest.mark.parametrize("question", [
    "Marvin K. Simon published mostly in Computer Networks. Which other venues has he published in?",
    "Apart from Computer Networks, in which venues has Marvin K. Simon published?",
    "Which journals other than Computer Networks did Marvin K. Simon publish in?",
    "Marvin K. Simon publishes a lot in Computer Networks. Where else has he published?",
])
def test_other_venues_leave_the_named_venue_out(toy, question):
    answer, missing = answered(toy, question)
    assert answer == ["Signal Processing"] and missing == []


def test_venues_without_an_exclusion_keep_every_venue(toy):
    answer, missing = answered(toy, "In which venues has Marvin K. Simon published?")
    assert answer == ["Computer Networks", "Signal Processing"] and missing == []


@pytest.mark.parametrize("question, count", [
    (f"How many authors of '{P1}' are there besides the first one?", "2"),
    (f"How many of the authors of '{P1}' are not its first author?", "2"),
    ("How many co-authors does Dariush Divsalar have besides Marvin K. Simon?", "2"),
])
def test_counts_of_people_left_after_an_exclusion(toy, question, count):
    answer, missing = answered(toy, question)
    assert answer == [count] and missing == []
