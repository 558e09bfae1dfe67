"""Readings added after the tenth blind round: tag questions, statements before the question, short German
questions, French questions that open with a name, 'any' + modifier + kind in its own clause, byline place
words inside byline patterns, and 'first-author papers'."""

from __future__ import annotations

import pytest

from types import SimpleNamespace

from hgrag.agents.checking.question_clauses import asking_part, residue
from hgrag.agents.planning.intent import is_yes_no, parse_intent
from hgrag.agents.understanding.cue_words import byline_places, opens_yes_no
from hgrag.agents.understanding.gate import identify
from hgrag.agents.understanding.normalise import to_english
from hgrag.agents.understanding.reading import read_question, with_tag_as_yes_no


def test_a_closing_tag_question_is_written_as_yes_or_no() -> None:
    assert with_tag_as_yes_no("I think T appeared in V, right?") == "I think T appeared in V, yes or no?"
    assert with_tag_as_yes_no("A wrote T, isn't it?").endswith(", yes or no?")
    assert with_tag_as_yes_no("Which papers did A write, right now?") == "Which papers did A write, right now?"
    assert read_question("A wrote T, correct?", lambda text: []).text.endswith("yes or no?")


def test_a_statement_before_the_question_keeps_only_words_that_may_bear_on_it() -> None:
    text = residue("One of the nodes is Ting Chen. Who did this person write papers with?",
                   {"anchors": [{"text": "Ting Chen"}]})
    kept = asking_part(text)
    assert "nodes" not in kept and "zzm" in kept and "who did this person write papers with" in kept
    dated = asking_part("only papers after 2010 count. how many papers did zzm write?")
    assert "after 2010" in dated  # known words and numbers of a statement stay


def test_a_mention_ending_its_sentence_keeps_the_stop() -> None:
    text = residue("The applicant is Ann Lee. How many papers?", {"anchors": [{"text": "Ann Lee."}]})
    assert "zzm." in text.replace(" .", ".")


def test_short_german_questions_are_german_and_other_languages_are_not() -> None:
    assert identify("Ist Mitautor von?") == "de"
    assert identify("Who wrote it?") == "en"


def test_a_french_question_opening_with_a_name_keeps_the_names_case() -> None:
    question = "Aggrey Agumya est-il coauteur de « T » ?"
    name = SimpleNamespace(start=0, end=13)
    assert "Aggrey Agumya" in to_english(question, "fr", [name])


def test_any_with_a_modifier_opens_a_yes_no_question_in_its_own_clause() -> None:
    assert opens_yes_no("zzauthor and zzauthor — any joint paper?")
    assert is_yes_no("zzauthor and zzauthor , any joint paper?")
    assert not opens_yes_no("any other papers?")  # asks for them
    assert not is_yes_no("which papers did zzauthor write , any joint paper?")  # a wh-question


def test_last_and_first_name_a_byline_place_only_inside_a_byline_pattern() -> None:
    places = dict((p.pattern, n) for p, n in byline_places())
    def place(text: str):
        return next((n for p, n in byline_places() if p.search(text)), None)
    assert place("last name on the byline of zzpaper") == -1
    assert place("who is listed first on zzpaper") == 1
    assert place("what is the last paper of zzauthor") is None and places


def test_first_author_papers_head_on_papers_and_place_the_author() -> None:
    for text in ("first-author papers zzauthor", "papers first-authored by zzauthor ?",
                 "number of first-author papers for zzauthor ?"):
        frame = parse_intent(text, [])
        assert (frame.target, frame.position) == ("paper", 1), text


def test_yes_no_openings_and_runs_of_years_are_written_plainly() -> None:
    from hgrag.agents.understanding.reading import as_asked

    assert as_asked("Can you confirm that A wrote T?") == "Is it true that A wrote T?"
    assert as_asked("Am I right that T dates from 2008?").startswith("Is it true that T")
    assert as_asked("What did A publish in the last two years up to and including 2024?") == \
        "What did A publish between 2023 and 2024?"
    assert as_asked("Which papers did A publish in the four-year window ending with (and including) 2003?") == \
        "Which papers did A publish between 2000 and 2003?"
    from hgrag.agents.understanding.year_windows import this_year

    year = this_year()  # 'the last two years' with no last year named: the two years up to this one
    assert as_asked("What did A publish in the last two years?") == f"What did A publish between {year - 1} and {year}?"
    assert as_asked("What did A publish in the last two years of their career?").endswith("of their career?")
    assert as_asked("What did A publish in their last two years?") == "What did A publish in their last two years?"


def test_a_scope_is_no_citing_paper_and_known_phrases_are_no_unknown_things() -> None:
    from hgrag.agents.checking.cite_check import unlinked_citer
    from unread import unread_things

    assert unlinked_citer("how often has zzm been cited within the dataset?") == []
    assert unlinked_citer("has zzm been cited by the famous survey on graphs?")  # a citer not linked
    assert "involved" not in unread_things("was zzm involved in writing zzm?")
    assert "among" not in unread_things("is zzm among the authors of zzm?")


def test_an_exclusion_reaches_its_year_over_function_words_but_not_over_a_mention() -> None:
    from hgrag.agents.understanding.cue_words import bound_by

    assert bound_by("operator:exclude", "papers of zzm except the ones from the year zzyear", within=6)
    assert not bound_by("operator:exclude", "papers of zzm except those with zzm in zzyear", within=6)


def test_the_chain_reader_takes_a_byline_place_from_the_lexicons_patterns() -> None:
    from hgrag.agents.second_reader.chain import _byline_place

    assert _byline_place("who are the co-authors of the person listed first on zzm?") == 1
    assert _byline_place("who is last on the byline of zzm?") == -1
    assert _byline_place("who cites zzm first?") is None


def test_a_noun_in_the_verbs_place_after_did_and_a_subject_is_a_verb() -> None:
    for text in ("what did zzauthor co-author ?", "what did zzauthor and zzauthor co-author ?"):
        assert parse_intent(text, []).target == "paper", text
    assert parse_intent("who are the co-authors of zzauthor ?", []).target == "author"
    assert parse_intent("how many zzvenue papers did zzauthor write ?", []).target == "paper"


def test_an_inverted_passive_cites_in_and_a_scope_is_no_citer() -> None:
    from hgrag.agents.checking.cite_direction import one_paper_direction
    from hgrag.agents.understanding.cue_words import graph_scoped

    assert one_paper_direction("how often is zzpaper cited within this collection ?") == "in"
    assert one_paper_direction("how many papers does zzpaper cite ?") == "out"
    assert graph_scoped("how often is zzpaper cited within this collection ?")


def test_when_asks_a_time_not_an_origin_and_topic_changes_are_fillers() -> None:
    from hgrag.agents.understanding.reading import as_asked
    from unread import unread_things

    assert "from" not in unread_things("when's zzm from?")
    assert "from" in unread_things("where is zzm from?")
    assert as_asked("Changing subject: authors of T?") == "authors of T?"


def test_a_byline_place_asked_with_where_asks_for_papers_unless_publishing_is_named() -> None:
    assert parse_intent("where is zzauthor the lead author", []).target == "paper"
    assert parse_intent("where did zzauthor publish as first author ?", []).target == "venue"


@pytest.mark.parametrize("question, language", [
    ("Maranatha Christian University有多少名员工？", "Chinese"),  # a name written against the question's own words
    ("Nanjing Universityの年間予算はいくらですか？", "Japanese"),
    ("Which papers did Marvin K. Simon write?", "en"),
])
def test_a_word_where_the_script_changes_is_two_words(question, language):
    from hgrag.agents.understanding.gate import identify

    assert identify(question, []) == language
