"""Mechanisms of the twentieth stop: years named by a paper with an offset or an anaphor, windows of years written
in words, exclusions already honoured by a filter."""

from __future__ import annotations

import pytest

from test_chain_reader import P2, P4, world  # noqa: F401 - the toy graph with citations (a fixture)
from test_planner import P1
from test_second_reader import read, verified

from hgrag.state.plan_ir import walk


def _years(plan):
    return [op.get("value") for op in walk(plan.get("ir") or {}) if op.get("op") == "filter" and op.get("attr") == "year"]


@pytest.mark.parametrize("question, year", [
    (f"What did Dariush Divsalar publish in the year after '{P1}' came out?", 2009),
    (f"What did Dariush Divsalar publish in the year before '{P4}' was published?", 2011),
])
def test_a_year_named_by_a_paper_moves_by_its_offset(world, question, year):
    answer, plan, report = read(world, question)
    assert answer == [] and year in _years(plan), plan.get("interpretation")


def test_that_same_year_is_the_year_of_the_one_named_paper(world):
    answer, plan, report = read(world, f"Besides '{P2}', what else did Bo Chen publish that same year?")
    assert answer == ["Sparse recovery of harmonic signals in noise"] and verified(report), plan.get("interpretation")
    assert "same year as" in plan.get("interpretation", "")


@pytest.mark.parametrize("question", [
    "Which papers did Marvin K. Simon publish in the two years after their first paper?",
    "Which papers did Marvin K. Simon publish during the two years following the year of their first paper?",
])
def test_a_window_with_its_length_in_words(world, question):
    answer, plan, report = read(world, question)
    assert answer == ["Sparse recovery of harmonic signals in noise"] and verified(report), plan.get("interpretation")


def test_an_exclusion_kept_by_a_filter_is_not_read_again():
    from hgrag.agents.understanding.exclusion import left_out_already

    kept_out = {"op": "filter", "attr": "id", "cmp": "!=", "value": "p2", "input": {"op": "match", "ids": ["a4"]}}
    assert left_out_already(kept_out, {"node_id": "p2"}) and not left_out_already(kept_out, {"node_id": "p3"})


def _node_read(world, question):
    """The plan node's reading (rules, second reader, the asking part, the negated part), executed."""
    from hgrag.agents.planning.left_out import negated_part
    from hgrag.agents.planning.plan_basics import unsupported_plan
    from hgrag.agents.retrieval_agent import OfflinePlanner
    from hgrag.agents.second_reader.hook import second_read
    from hgrag.state.context import Context
    from hgrag.tools.plan_exec import full_answer

    planner, context = OfflinePlanner(), Context(dataset="toy")

    def planned(text):
        return second_read(text, planner.plan(text, world, context), world,
                           lambda t: planner.plan(t, world, context), unsupported_plan)
    plan = planned(question)
    plan = negated_part(question, plan, planned) or plan
    return sorted(item.text for item in full_answer(world.store, plan)), plan


@pytest.mark.parametrize("question, expected", [
    (f"Which papers citing '{P1}' were not written by Bo Chen?", []),  # P2, P3 cite P1; Bo Chen wrote both
    (f"Which papers citing '{P1}' weren't written by Dariush Divsalar?", ["Sparse recovery of harmonic signals in noise"]),
])
def test_a_negated_relation_leaves_out_what_holds_without_the_negation(world, question, expected):
    answer, plan = _node_read(world, question)
    assert answer == expected and "except" in plan.get("interpretation", ""), plan.get("interpretation")


def test_a_restated_relation_after_a_name_reads_as_the_name():
    from hgrag.agents.checking.residual import without_descriptors

    assert without_descriptors("what has zzauthor published without zzauthor on the author list") == \
        "what has zzauthor published without zzauthor"


@pytest.mark.parametrize("question, expected", [
    ("In which years did Marvin K. Simon and Bo Chen respectively publish their first paper?",
     ["Bo Chen: 2010", "Marvin K. Simon: 2008"]),  # one answer each, not their joint papers' year
    (f"Give me the publication years of '{P1}' and of '{P4}'.", sorted([f"{P1}: 2008", f"{P4}: 2012"])),
    ("Show all papers by Ann Lee and all papers by Bo Chen together in one list.",
     sorted([P1, P2, "Sparse recovery of harmonic signals in noise"])),
    (f"Combined author list of '{P2}' and '{P4}'", ["Bo Chen", "Dariush Divsalar"]),
])
def test_questions_about_two_entities_as_worded(world, question, expected):
    answer, plan, report = read(world, question)
    assert sorted(answer) == expected and verified(report), plan.get("interpretation")


def test_an_entity_named_twice_in_a_sentence_and_read_once_is_declined():
    from hgrag.agents.checking.mention_use import twice_named

    anchors = [{"text": "Bo Chen", "node_id": "a4"}, {"text": "Ann Lee", "node_id": "a3"}]
    once = {"anchors": anchors, "ir": {"op": "difference", "inputs": [
        {"op": "traverse", "input": {"op": "match", "ids": ["a3"]}, "edge": "writes", "direction": "out"},
        {"op": "match", "ids": ["a4"]}]}}
    question = "Among Ann Lee's co-authors other than Bo Chen, who has never shared a paper with Bo Chen?"
    assert twice_named(question, once) == ["'Bo Chen' (named twice, read once)"]
    assert twice_named("Bo Chen is a colleague. Which papers did Bo Chen write?", once) == []  # two sentences


def test_between_joins_the_two_ends_of_a_span_not_two_questions(world):
    answer, plan, report = read(world, "How many years lie between Dariush Divsalar's first paper and their latest one?")
    assert answer == ["4"] and verified(report), plan.get("interpretation")


@pytest.mark.parametrize("question, expected", [
    ("Which papers did Marvin K. Simon write, not counting those that appeared in Computer Networks?",
     ["Sparse recovery of harmonic signals in noise"]),
    (f"Was '{P1}' published before '{P4}'?", ["yes"]),
    (f"Was '{P4}' published before '{P1}'?", ["no"]),
    ("Which of Marvin K. Simon's papers has been picked up most often by others, going by its citation count?",
     ["Sparse recovery of harmonic signals in noise"]),
])
def test_round20_readings(world, question, expected):
    from hgrag.agents.understanding.instructions import for_the_planner

    answer, plan, report = read(world, for_the_planner(question))
    assert sorted(answer) == expected and verified(report), plan.get("interpretation")


def test_a_context_person_named_by_a_contraction_is_no_person():
    from hgrag.agents.understanding.context_binding import lexicon_words_only as _lexicon_words_only

    assert _lexicon_words_only("I'm on") and not _lexicon_words_only("Michael J. Feeley")


def test_german_relative_clauses_genitives_and_doublets_in_english_order():
    from hgrag.agents.understanding.normalise import to_english

    assert to_english("Wer sind die Autorinnen und Autoren der Arbeiten, die „Graph Routing“ zitieren?", "de") == \
        "Who were the authors of the papers, that cite „Graph Routing“?"


def test_a_fronted_frame_is_moved_after_the_question_it_frames(world):
    from hgrag.agents.understanding.asking_sentence import fronted_moved

    assert fronted_moved("Across all the papers written by Bo Chen's co-authors, which venues show up?") == \
        "Which venues show up across all the papers written by Bo Chen's co-authors?"
    assert fronted_moved("Bo Chen, which venues?") is None  # no frame word leads it
    answer, plan, report = read(world, "Which venues show up across all the papers written by Bo Chen's co-authors?")
    assert answer == ["Computer Networks", "Signal Processing"] and verified(report), plan.get("interpretation")


def test_a_between_closed_by_its_own_and_lets_the_next_and_split():
    from hgrag.agents.second_reader.split import _between_before

    assert _between_before("how many years lie between xx's first paper")
    assert not _between_before("in which venues did xx publish papers between 2005 and 2026")


def test_a_german_relative_clause_agrees_with_its_verb():
    from hgrag.agents.understanding.normalise import to_english

    assert to_english("Von wem stammen die Arbeiten, die „Graph Routing“ zitiert?", "de") == \
        "Who wrote the papers, that „Graph Routing“ cited?"  # singular: the title cites them


@pytest.mark.parametrize("question, expected", [
    ("Which papers did Dariush Divsalar publish no more than 2 years after the year of their first publication?",
     sorted([P1, "Adaptive routing for delay tolerant sensor networks"])),  # 2008-2010
    ("In which year did Marvin K. Simon publish for the first time, and in which year did Bo Chen?",
     ["year: 2008", "year: 2010"]),
    ("All papers by Ann Lee together with all papers by Bo Chen, please.",
     sorted([P1, P2, "Sparse recovery of harmonic signals in noise"])),
    (f"In the years after '{P1}' came out, in which venues did Dariush Divsalar publish?", ["Computer Networks"]),
    ("Who has Ann Lee co-authored with, so I can avoid inviting only their collaborators?",
     ["Dariush Divsalar", "Marvin K. Simon"]),
])
def test_round21_readings(world, question, expected):
    from hgrag.agents.understanding.reading import as_asked

    answer, plan, report = read(world, as_asked(question))
    assert sorted(answer) == expected and verified(report), plan.get("interpretation")


def test_a_german_question_opening_with_its_verb_asks_yes_or_no():
    from hgrag.agents.understanding.normalise import to_english

    assert to_english("Zitiert „Graph Routing“ die Arbeit „Sparse recovery“?", "de") == \
        "Does „Graph Routing“ cite the paper „Sparse recovery“?"


def test_not_having_a_person_among_the_authors_leaves_their_papers_out(world):
    answer, plan = _node_read(world, f"Which papers cite '{P1}' but do not have Dariush Divsalar among their authors?")
    assert answer == ["Sparse recovery of harmonic signals in noise"], plan.get("interpretation")


@pytest.mark.parametrize("question, expected", [
    (f"Is Signal Processing the venue where '{P1}' appeared?", ["no"]),
    (f"Is Computer Networks the venue where '{P1}' appeared?", ["yes"]),
])
def test_a_predicate_nominal_tests_the_named_subject(world, question, expected):
    from hgrag.agents.planning.nominal import nominal_test
    from hgrag.agents.understanding.signature import output_kind
    from hgrag.tools.plan_exec import full_answer

    _, plan, _ = read(world, question)  # (read yes/no from the start now that 'where' after 'venue' is relative)
    tested = plan if output_kind(plan.get("ir")) == "yes/no" else nominal_test(question, plan)
    assert tested is not None and [item.text for item in full_answer(world.store, tested)] == expected


def test_a_byline_place_narrows_the_walk_to_a_papers_authorships():
    from hgrag.agents.kinds.placed import _placed

    walk = {"op": "traverse", "input": {"op": "traverse", "input": {"op": "match", "ids": ["p1"], "type": "paper"},
                                        "edge": "authorship_of", "direction": "in"},
            "edge": "affiliated_with", "direction": "out"}
    first, last = _placed(walk, 1), _placed(walk, -1)
    assert first["input"]["op"] == "filter" and (first["input"]["attr"], first["input"]["value"]) == ("position", 1)
    assert last["input"]["op"] == "top" and (last["input"]["key"], last["input"]["order"]) == ("position", "max")
    assert _placed({"op": "match", "ids": ["a1"]}, 1) is None


def test_a_fronted_frame_stands_in_for_the_reference_to_it():
    from hgrag.agents.understanding.asking_sentence import frame_folded

    assert frame_folded("Looking at every paper Bo Chen has authored, which venues did those papers appear in?") == \
        "Which venues did the paper Bo Chen has authored appear in?"
    assert frame_folded("Looking at Bo Chen's papers, which venues are most common?") is None  # no reference back


@pytest.mark.parametrize("question, expected", [
    ("List Dariush Divsalar's papers, minus the ones from 2010.", sorted([P1, P4])),
    ("What is the largest number of authors on any single paper by Dariush Divsalar?", ["3"]),
])
def test_round22_readings(world, question, expected):
    answer, plan, report = read(world, question)
    assert sorted(answer) == expected and verified(report), plan.get("interpretation")


def test_a_period_anaphor_stands_for_the_contexts_two_years():
    from hgrag.agents.understanding.context_fold import with_context_folded

    question = ("I'm studying how Bo Chen's work developed. I'm interested in the stretch from 2009 to 2011, inclusive. "
                "What did they publish in that period?")
    folded = with_context_folded(question, lambda text: [])
    assert folded.endswith("What did they publish between 2009 and 2011 (inclusive)?"), folded


@pytest.mark.parametrize("question, expected", [
    ("What was the first publication year of Marvin K. Simon, and what was it for Bo Chen?", ["year: 2008", "year: 2010"]),
    ("What did Marvin K. Simon publish within 2 years of the year of their first paper (that first year included)?",
     sorted([P1, "Sparse recovery of harmonic signals in noise"])),
])
def test_round22_later_readings(world, question, expected):
    answer, plan, report = read(world, question)
    assert sorted(answer) == expected and verified(report), plan.get("interpretation")


def test_a_year_anaphor_after_a_time_word_takes_no_lead():
    from hgrag.agents.understanding.year_folds import year_folded as _year_folded

    assert _year_folded(["Bo Chen moved in 2015.", "Before that year, who were they co-authoring with?"]) == \
        "Before 2015, who were they co-authoring with?"


def test_at_least_one_of_the_works_is_no_citation_threshold(world):
    answer, plan, report = read(world, "Give me every paper that cites at least one of the works by Ann Lee.")
    assert sorted(answer) == sorted([P2, "Sparse recovery of harmonic signals in noise"]) and verified(report), \
        plan.get("interpretation")


def test_an_article_before_ordinary_words_is_no_initialled_name():
    from hgrag.agents.understanding.context_binding import lexicon_words_only as _lexicon_words_only

    assert _lexicon_words_only("A grant") and not _lexicon_words_only("A. Grant") and not _lexicon_words_only("May Wong")


@pytest.mark.parametrize("question, expected", [
    ("Who were Marvin K. Simon's co-authors on their earliest publication?", ["Ann Lee", "Dariush Divsalar"]),
    ("Which co-authors did Dariush Divsalar have on their very last paper?", []),  # P4 (2012) is theirs alone
])
def test_the_co_authors_on_a_persons_first_or_last_paper(world, question, expected):
    answer, plan, report = read(world, question)
    said = plan.get("interpretation", "")
    assert sorted(answer) == expected and ("earliest" in said or "latest" in said), said


def test_a_stand_in_for_a_work_before_its_author_is_a_paper():
    from hgrag.agents.checking.residual import without_descriptors

    assert without_descriptors("what is the latest thing zzauthor has put out") == \
        "what is the latest paper zzauthor has put out"


def test_a_frame_stands_in_only_for_a_reference_of_its_kind():
    from hgrag.agents.understanding.asking_sentence import frame_folded

    assert frame_folded("In the year of Bo Chen's most cited paper, what else did they publish?") is None  # 'they': Bo Chen


def test_a_named_thing_joined_with_itself_is_declined():
    from hgrag.agents.understanding.plan_shapes import disjoint_matches as _disjoint_matches

    same = {"op": "intersect", "inputs": [{"op": "match", "ids": ["a1"]}, {"op": "match", "ids": ["a1"]}]}
    assert _disjoint_matches(same) == ["one named thing joined with itself"]
    assert _disjoint_matches({"op": "intersect", "inputs": [{"op": "match", "ids": ["a1", "a2"]},
                                                            {"op": "match", "ids": ["a2"]}]}) == []
