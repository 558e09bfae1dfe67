"""Mechanisms added in the stop of blind rounds 195-: passive relative clauses with an agent, German 'er'."""

import pytest

from hgrag.agents.checking.cite_direction import one_paper_direction
from hgrag.agents.understanding.normalise import to_english

T = "'Graph walks for question answering'"


@pytest.mark.parametrize("question, language", [
    (f"Welche Arbeiten, von denen {T} zitiert wird, gibt es?", "de"),
    (f"Welche Arbeiten, von welchen {T} zitiert wurde, gibt es?", "de"),
    (f"Quels articles, par lesquels {T} est cité, existent ?", "fr"),
])
def test_a_relative_pronoun_after_the_passive_agent_does_the_verb(question, language):
    """'the papers by which T is cited' are the papers that cite T."""
    english = to_english(question, language).lower().replace(T.lower(), "zzpaper")
    assert "that cite zzpaper" in english, english
    assert one_paper_direction(english) == "in", english


def test_a_relative_pronoun_without_an_agent_keeps_the_mention_as_subject():
    english = to_english(f"Welche Arbeiten, die {T} zitiert, gibt es?", "de").lower().replace(T.lower(), "zzpaper")
    assert "that zzpaper cited" in english, english


def test_the_german_pronoun_er_is_rendered():
    assert "has he written" in to_english("Wie viele Arbeiten hat er geschrieben?", "de").lower()


def test_a_form_label_goes():
    from hgrag.agents.understanding.nominal_requests import without_form_label

    assert without_form_label("Ref.: Who wrote T?") == "Who wrote T?"
    assert without_form_label("Section B, point 7: Who wrote T?") == "Who wrote T?"
    assert without_form_label("Query 5. who wrote T?") == "Who wrote T?"
    assert without_form_label("Objet : Qui a écrit T ?") == "Qui a écrit T ?"
    assert without_form_label("References of T?") == "References of T?"  # a word, not a label


@pytest.mark.parametrize("question, plain", [
    ("Provision of a listing of the papers of A would be appreciated.", "Give me the papers of A."),
    ("Indication is sought of the year of T.", "Tell me the year of T."),
    ("Verification is requested: did T appear in V?", "Did T appear in V?"),
    ("The country codes of its authors are to be communicated.", "Give me the country codes of its authors."),
    ("With respect to T, the field of its topics is to be stated.", "With respect to T, give me the field of its topics."),
    ("Identification of the co-authors of Michael A. Tarkhov is requested.", "Give me the co-authors of Michael A. Tarkhov."),
])
def test_a_request_said_as_a_noun_reads_as_the_request(question, plain):
    from hgrag.agents.understanding.nominal_requests import with_nominal_requests

    assert with_nominal_requests(question) == plain


def test_german_and_french_memo_requests_read_as_requests():
    from hgrag.agents.understanding.nominal_requests import with_nominal_requests

    assert with_nominal_requests("Es wird um Auflistung der Arbeiten von A gebeten.", "de") == "Nenne die Arbeiten von A."
    assert with_nominal_requests("Die Anzahl der Arbeiten von A ist anzugeben.", "de") == "Nenne Die Anzahl der Arbeiten von A."
    assert with_nominal_requests("Il est demandé de préciser les coauteurs de A.", "fr") == "Donnez les coauteurs de A."


def test_spoken_quotes_around_a_typed_title_go_and_a_quoting_verb_stays():
    from hgrag.agents.understanding.spoken_marks import with_spoken_punctuation

    assert with_spoken_punctuation('who wrote quote "T" unquote') == 'who wrote "T"'
    assert with_spoken_punctuation('who wrote "T" end quote question mark') == 'who wrote "T"?'
    assert with_spoken_punctuation('Wer hat Zitat "T" Zitat Ende geschrieben') == 'Wer hat "T" geschrieben'
    assert with_spoken_punctuation('which papers quote "T"?') == 'which papers quote "T"?'


def test_a_vocative_opening_goes():
    from hgrag.agents.understanding.envelope import without_envelope

    assert without_envelope("hey assistant uh which papers did A write") == "Uh which papers did A write"
    assert without_envelope("Hey Assistent welche Artikel hat A verfasst") == "Welche Artikel hat A verfasst"


def test_a_function_word_said_twice_is_said_once():
    from hgrag.agents.understanding.spoken_marks import without_stammered_words

    assert without_stammered_words('is A an author on uh on "T on on"') == 'is A an author on "T on on"'
    assert without_stammered_words("who had had papers") == "who had had papers"


def test_a_bare_list_tail_after_a_wh_question_goes():
    from hgrag.agents.understanding.asking_sentence import without_tail_after_a_wh_question

    assert without_tail_after_a_wh_question("Who wrote those papers? Name them all.") == "Who wrote those papers?"
    assert without_tail_after_a_wh_question("Is there anyone who wrote T? Who?") == "Is there anyone who wrote T? Who?"


def test_a_pair_said_left_out_in_brackets_or_after_a_lead():
    from hgrag.agents.second_reader.coordinated import pair_said_left_out, without_pair_left_out

    assert pair_said_left_out("who co-authored with zz or with zz (the two of them excluded)?")
    assert without_pair_left_out("who co-authored with zz (the two of them excluded)?") == "who co-authored with zz?"
    assert without_pair_left_out("who co-authored with zz not counting the two of them?") == "who co-authored with zz?"


def test_a_cleft_yes_no_question_reads_as_its_claim():
    from hgrag.agents.understanding.clefts import with_cleft_as_claim

    assert with_cleft_as_claim('Is it not A B that wrote "T"?') == 'Is it true that A B wrote "T"?'
    assert with_cleft_as_claim("Is it a paper that cites T?") == "Is it a paper that cites T?"


def test_a_courtesy_word_before_a_question_opens_nothing():
    from hgrag.agents.understanding.request_frames import without_courtesy_before_a_question

    assert without_courtesy_before_a_question('Please did A write "T"?') == 'Did A write "T"?'
    assert without_courtesy_before_a_question("Please list the papers of A") == "Please list the papers of A"


def test_a_quiz_label_with_number_words_goes_but_an_abbreviation_stays():
    from hgrag.agents.understanding.nominal_requests import without_form_label

    assert without_form_label("Round four, question four. Who wrote T?") == "Who wrote T?"
    assert without_form_label("Manche douze, question sept. Qui a écrit T ?") == "Qui a écrit T ?"
    assert without_form_label("No. of papers by A?") == "No. of papers by A?"


def test_a_relation_verb_said_again_after_and_asks_for_both():
    from hgrag.agents.understanding.variants import with_repeated_verb_as_both

    assert with_repeated_verb_as_both('Which papers cite "T1" and also cite "T2"?') == \
        'Which papers cite both "T1" and "T2"?'
    assert with_repeated_verb_as_both('Which papers cite "T1" and then cite "T2"?') == \
        'Which papers cite "T1" and then cite "T2"?'


def test_the_citation_direction_of_an_authors_work_pointed_back_to():
    from hgrag.agents.checking.cite_check import _pointed_at

    assert _pointed_at("think of everything zzpaper has written which papers cite any of that work", "any") == \
        "think of everything zzx has written which papers cite zzpaper"


def test_a_topic_named_first_takes_the_place_of_the_word_pointing_back():
    from hgrag.agents.understanding.topic_fold import topic_folded

    class Span:
        candidates = [object()]

    def detect(text):
        return [Span()] if "Gayathri" in text or '"T"' in text else []

    assert topic_folded("As for Gayathri Chandrasekaran, papers citing any paper of this person are which?", detect) == \
        "Papers citing any paper of Gayathri Chandrasekaran are which?"
    assert topic_folded('About "T", was it published in V?', detect) == 'Was "T" published in V?'
    assert topic_folded("As for the weather, who wrote it?", detect) is None


def test_assignments_write_the_letters_out():
    from hgrag.agents.understanding.definitions import with_definitions_applied

    assert with_definitions_applied("Let A = Kaya Ertug. Determine the number of papers A wrote.") == \
        "Determine the number of papers Kaya Ertug wrote."
    assert with_definitions_applied("A listing of papers by X.") == "A listing of papers by X."


def test_unread_notation_is_named():
    from hgrag.agents.understanding.code_notation import unread_notation

    assert unread_notation("Determine {p : A wrote p}.") == "{ … : … }"
    assert unread_notation("Find all r with it → r.") == "→ r"
    assert unread_notation('Does "T1" → "T2"?') is None


def test_a_plural_kind_with_a_plural_auxiliary_is_the_subject():
    from hgrag.agents.understanding.variants import with_plural_subject_first

    assert with_plural_subject_first('Which papers have "T" cited?') == 'Which papers have cited "T"?'
    assert with_plural_subject_first('Which papers has "T" cited?') == 'Which papers has "T" cited?'
