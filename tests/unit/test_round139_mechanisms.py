"""Mechanisms added in the thirty-fourth stop. Wordings are written here."""

from __future__ import annotations

from test_chain_reader import P2, P3, P4, world  # noqa: F401 - the toy graph with citations (a fixture)
from test_round28_mechanisms import world_resources  # noqa: F401 - the toy graph as the pipeline's resources
from test_planner import P1
from test_round30_mechanisms import _ask


def test_an_exclusion_participle_after_a_year_leaves_that_year_out(world_resources) -> None:
    result = _ask("How many papers did Dariush Divsalar publish, 2010 being excluded?")
    assert result["answer"] == ["2"] and result["verified"]  # (2008 and 2012)
    result = _ask("Dariush Divsalar's papers, the year 2008 excluded?")
    assert sorted(result["answer"]) == sorted([P2, P4]) and result["verified"]


def test_search_syntax_is_said_in_words() -> None:
    from hgrag.agents.understanding.search_syntax import with_search_fields

    assert with_search_fields('au:"Dariush Divsalar" AND py:>2008 -> titles') == 'by "Dariush Divsalar", after 2008 -> titles'
    assert with_search_fields('papers by au:"A" NOT py:2010') == 'papers by "A" excluding 2010'  # (no second 'by')
    assert with_search_fields('au:"A" AND py:2010-2012') == 'by "A", between 2010 and 2012'
    assert with_search_fields("Who wrote it?") == "Who wrote it?"


def test_a_library_search_is_answered(world_resources) -> None:
    result = _ask('au:"Dariush Divsalar" NOT py:2010 -> titles')
    assert sorted(result["answer"]) == sorted([P1, P4]) and result["verified"]


def test_a_manner_adjunct_restating_the_relation_adds_no_hop(world_resources) -> None:
    result = _ask(f'Which papers have given credit to "{P1}" by referring to it?')
    assert sorted(result["answer"]) == sorted([P2, P3]) and result["verified"]


def test_or_between_two_people_never_verifies_what_they_share(world_resources) -> None:
    result = _ask("My son asked me to look this up. Who are all the people that have co-authored with Marvin K. Simon "
                  "or with Bo Chen (not counting those two themselves)?")
    assert not (result["verified"] and result["answer"] == ["Dariush Divsalar"])  # (the co-authors they share)


def test_an_opening_statement_of_the_asker_with_a_pronoun_is_idle(world_resources) -> None:
    result = _ask("My daughter has a project and I am working on it with her. Which papers has Bo Chen published?")
    assert sorted(result["answer"]) == sorted([P2, P3]) and result["verified"]


def test_request_acts_and_purpose_phrases_are_no_content(world_resources) -> None:
    result = _ask(f"Confirmation is requested of the venue of '{P2}'.")
    assert result["answer"] == ["Computer Networks"] and result["verified"]
    result = _ask("For audit purposes, a count of the papers of Bo Chen is requested for the statistical return.")
    assert result["answer"] == ["2"] and result["verified"]


def test_a_long_run_of_words_is_probed_as_a_name_only_whole() -> None:
    from hgrag.tools.entity_keys import _name_probes
    from hgrag.tools.text import name_tokens

    long_run = _name_probes(name_tokens("Saudi Aromco Permian-Carboniferous straigraphic nomenclature of Saudi Arabia"))
    assert [kind for kind, _, _ in long_run] == ["name"]  # (not 'saudi arabia' by its first and last word)
    assert ("name", "marvin simon", "first_last") in _name_probes(name_tokens("Marvin K. Simon"))


def test_defined_terms_are_written_out() -> None:
    from hgrag.agents.understanding.definitions import with_definitions_applied

    section = ("1. Definitions: 'the Work' means the paper entitled \"T\"; 'Referenced Paper' means any paper cited by the "
               "Work. 2. Identify the venues of publication of the Referenced Papers.")
    assert with_definitions_applied(section) == \
        'Identify the venues of publication of any paper cited by the paper entitled "T".'
    assert with_definitions_applied("State whether Bo Chen (hereinafter the Author) wrote a paper with the Author's "
                                    "colleague.") == "State whether Bo Chen wrote a paper with Bo Chen's colleague."
    assert with_definitions_applied('Who wrote "The Work of Art"?') == 'Who wrote "The Work of Art"?'


def test_a_defined_author_is_answered(world_resources) -> None:
    result = _ask("1. Definitions: 'the Author' means Bo Chen. 2. Identify every paper of the Author.")
    assert sorted(result["answer"]) == sorted([P2, P3]) and result["verified"]


def test_spoken_punctuation_is_written() -> None:
    from hgrag.agents.understanding.spoken_marks import with_spoken_punctuation

    assert with_spoken_punctuation('who wrote "T" question mark') == 'who wrote "T"?'
    assert with_spoken_punctuation("wer hat das geschrieben fragezeichen") == "wer hat das geschrieben?"
    assert with_spoken_punctuation("Papers from that period?") == "Papers from that period?"


def test_an_inclusion_note_after_the_question_narrows_nothing(world_resources) -> None:
    result = _ask("State the number of papers by Bo Chen. For the avoidance of doubt, jointly written papers are to be "
                  "counted.")
    assert result["answer"] == ["2"] and result["verified"]


def test_a_pooled_list_of_co_authors_leaves_out_every_named_person(world_resources) -> None:
    result = _ask("Pool the co-authors of Marvin K. Simon and Bo Chen: who has written a paper with either of them, "
                  "leaving the two themselves out?")
    assert sorted(result["answer"]) == ["Ann Lee", "Dariush Divsalar"] and result["verified"]


def test_a_coordinated_restatement_of_the_relation_adds_no_hop(world_resources) -> None:
    result = _ask(f'Which papers have drawn on "{P1}" and acknowledged it in their reference lists?')
    assert sorted(result["answer"]) == sorted([P2, P3]) and result["verified"]


def test_markdown_is_read_as_plain_text(world_resources) -> None:
    from hgrag.agents.understanding.markdown import without_markdown

    assert without_markdown("### Question\n**Papers** by `Bo Chen`?") == 'Question:\n**Papers** by "Bo Chen"?'.replace(
        "**Papers**", "Papers")
    result = _ask("### Question\nPapers by `Bo Chen`?\n\nExpected: titles")
    assert sorted(result["answer"]) == sorted([P2, P3]) and result["verified"]


def test_a_german_object_first_clause_with_an_apposed_kind_reads_the_verb_number(world_resources) -> None:
    result = _ask(f'Welche Arbeiten zitiert die Arbeit "{P4}"?')
    assert result["answer"] == [P3] and result["verified"]  # (P4 cites P3; no paper cites P4)


def test_a_letter_greeting_in_capitals_is_no_part_of_the_question(world_resources) -> None:
    result = _ask("DEAR SIR OR MADAM, HOW MANY ARTICLES HAS BO CHEN WRITTEN?")
    assert result["answer"] == ["2"] and result["verified"]


def test_a_capitalised_word_before_means_is_no_defined_term_without_its_capitals() -> None:
    from hgrag.agents.understanding.definitions import with_definitions_applied

    said = 'A referee\'s letter refers to "T" as recent work. When was it published?'
    assert with_definitions_applied(said) == said
    said = "Co-authorship here means appearing on one byline. Have Ann Lee and Bo Chen co-authored?"
    assert with_definitions_applied(said) == said


def test_search_syntax_keeps_a_bulleted_list() -> None:
    from hgrag.agents.understanding.search_syntax import with_search_fields

    listed = "Give the latest year for each of:\n* Ann Lee\n* Bo Chen"
    assert with_search_fields(listed) == listed


def test_a_title_dated_in_a_context_sentence_is_a_fact_not_a_filter(world_resources) -> None:
    result = _ask(f'"{P4}" from 2012. Which works does it cite?')
    assert result["answer"] == [P3] and result["verified"]  # (P3 is from 2010: the year is P4's own)


def test_neither_of_the_two_leaves_both_out_of_a_pooled_list(world_resources) -> None:
    result = _ask("All co-authors of Marvin K. Simon or Bo Chen, neither of the two counted?")
    assert sorted(result["answer"]) == ["Ann Lee", "Dariush Divsalar"] and result["verified"]


def test_a_run_together_word_of_two_lexicon_words_is_read_apart(world_resources) -> None:
    from hgrag.agents.understanding.variants import with_run_together_split

    assert with_run_together_split("which papersby Bo Chen") == "which papers by Bo Chen"
    assert with_run_together_split("seafloor spreading papers") == "seafloor spreading papers"  # (an English word)
    result = _ask("howmany papers bo chen")
    assert result["answer"] == ["2"] and result["verified"]


def test_a_guess_before_the_question_narrows_nothing(world_resources) -> None:
    from hgrag.agents.understanding.guesses import without_guesses

    assert without_guesses("I think A wrote T. Am I right?") == "I think A wrote T. Am I right?"  # (a claim, no turn)
    result = _ask("I reckon 2008, but what year is the latest paper by Bo Chen really from?")
    assert result["answer"] == ["2010"] and result["verified"]
    result = _ask("My guess is Ann Lee, or maybe Bo Chen. Who actually wrote 'Energy efficient scheduling of uplink "
                  "traffic'?")
    assert result["answer"] == ["Dariush Divsalar"] and result["verified"]


def test_scots_spellings_are_plain_variants(world_resources) -> None:  # (short ones that are name parts too,
    # 'ye', 'dae', 'wi', 'tae', are not: 'Jong Chul Ye', 'Dae Hyun Kim')
    result = _ask("Wee question: how many papers have Bo Chen and Dariush Divsalar written thegither?")
    assert result["answer"] == ["1"] and result["verified"]  # (P2)
    result = _ask("What year did 'Energy efficient scheduling of uplink traffic' come oot?")
    assert result["answer"] == ["2012"] and result["verified"]


def test_a_forwarded_message_is_read_as_its_quoted_original(world_resources) -> None:
    from hgrag.agents.understanding.forwarding import without_forwarding

    assert without_forwarding("Which papers cite > 5 others?") == "Which papers cite > 5 others?"
    result = _ask("FW: request\n\nPlease see below.\n\n> -----Original Message-----\n> From: Dr. Ruiz\n"
                  "> Sent: Monday\n> How many papers has Bo Chen written?")
    assert result["answer"] == ["2"] and result["verified"]


def test_a_refused_reading_after_a_comma_asks_for_no_uncited_papers(world_resources) -> None:
    result = _ask("How many papers carry Bo Chen's name as an author? A paper count, not a citation count.")
    assert not (result["verified"] and result["answer"] == ["0"])  # (no 'papers with no citations')


def test_a_request_closed_by_a_tag_asks_for_the_list(world_resources) -> None:
    result = _ask("Can tell me all of Bo Chen's co-authors or not?")
    assert sorted(result["answer"]) == ["Dariush Divsalar", "Marvin K. Simon"] and result["verified"]


def test_a_refused_reading_is_not_asked() -> None:
    from hgrag.agents.understanding.contrasts import without_refused_reading

    assert without_refused_reading("Not all co-authors of Ann Lee, only the ones from Computer Networks: who?") == \
        "co-authors of Ann Lee, the ones from Computer Networks: who?"
    assert without_refused_reading("Not the first but the last author of \"T\": who?") == 'The last author of "T": who?'
    assert without_refused_reading("Not counting Bo Chen, who are Ann Lee's co-authors?") == \
        "Not counting Bo Chen, who are Ann Lee's co-authors?"
    assert without_refused_reading("Not in 2010: which papers did Bo Chen write?") == \
        "Not in 2010: which papers did Bo Chen write?"  # (a year may bound: kept)


def test_a_refused_who_question_keeps_the_asked_one(world_resources) -> None:
    result = _ask("I'm not asking who wrote 'Energy efficient scheduling of uplink traffic'; I'm asking how many "
                  "papers Bo Chen wrote.")
    assert result["answer"] == ["2"] and result["verified"]


def test_a_guess_that_names_what_the_question_points_back_to_stays() -> None:
    from hgrag.agents.understanding.contrasts import without_refused_reading
    from hgrag.agents.understanding.guesses import without_guesses

    said = "I think Ann Lee once worked with Bo Chen - did they actually publish together?"
    assert without_guesses(said) == said
    said = 'Where did "T" appear? I think it was a journal but could be a conference'
    assert without_guesses(said) == said  # (a remark after the question)
    said = 'Not counting papers in Computer Networks, which papers cite "X: Y"?'
    assert without_refused_reading(said) == said  # (an exclusion, and a colon inside a title)
