"""Mechanisms added after blind rounds 175-182 (double negations of one-valued conditions, appositive roles, idle
headings naming the asker, verb-last claims, dictated quotes, hesitations, restating window notes)."""

from hgrag.agents.checking.residual import without_descriptors
from hgrag.agents.checking.unlinked import unlinked_names
from hgrag.agents.understanding.check import _doubled_exclusion
from hgrag.agents.understanding.double_negation import with_double_negation_cancelled
from hgrag.agents.understanding.idle_context import _names_a_person, without_idle_context
from hgrag.agents.understanding.intersections import _distributes
from hgrag.agents.understanding.lexicon import load
from hgrag.agents.understanding.reading import without_lead_in
from hgrag.agents.understanding.sentences import with_declarative_as_yes_no
from hgrag.agents.understanding.spoken_marks import with_spoken_punctuation
from hgrag.agents.understanding.tokens import tag
from hgrag.agents.understanding.variants import with_plain_variants
from hgrag.agents.understanding.year_windows import with_window_notes_dropped


def no_mentions(text):
    return []


def test_double_negation_of_a_venue_reads_as_the_venue():
    said = with_double_negation_cancelled("Which papers of A were not published in any venue other than Fuel?")
    assert said == "Which papers of A were published in venue Fuel?"


def test_double_negation_with_no_and_with_a_relative_clause():
    assert with_double_negation_cancelled("papers by A that appeared in no venue other than V") == \
        "papers by A that appeared in venue V"
    assert with_double_negation_cancelled("papers of A not published in a venue that is not V") == \
        "papers of A published in venue V"


def test_double_negation_of_a_year_reads_as_the_year():
    assert with_double_negation_cancelled("papers of A not from a year other than 2000") == "papers of A from year 2000"


def test_double_negation_of_a_many_valued_condition_stays():
    """'not written by anyone other than A' means A alone: no one-valued condition, so it is not cancelled."""
    question = "papers not written by anyone other than A"
    assert with_double_negation_cancelled(question) == question
    assert with_double_negation_cancelled("papers of A not published in V") == "papers of A not published in V"


def test_the_check_names_a_no_before_other_than():
    tokens = tag("which papers of zzauthor are cited by no paper other than zzpaper", load("en"))
    assert any("other than" in reason for reason in _doubled_exclusion(tokens))


def test_a_role_noun_before_a_left_out_author_says_what_they_are():
    assert without_descriptors("papers of zzauthor without co-author zzauthor") == "papers of zzauthor without zzauthor"
    assert without_descriptors("how many co-authors zzauthor has") == "how many co-authors zzauthor has"


def test_author_before_a_misspelt_name_is_no_part_of_it():
    assert unlinked_names("Author Atif Irmail, which paper?", []) == ["Atif Irmail"]


def test_a_heading_naming_only_the_asker_is_idle():
    said = without_idle_context("Next one, from Tom in Leeds - how many papers has Kurt Strack published?", no_mentions)
    assert said.startswith("How many papers has Kurt Strack")
    said = without_idle_context("Love this one. Tom in Brighton wants to know: which papers did A B publish?", no_mentions)
    assert said == "Love this one. Which papers did A B publish?"


def test_a_heading_that_may_name_an_author_stays():
    assert _names_a_person("Mahmoud Bazioni")
    assert not _names_a_person("Next one, from Tom in Leeds")
    assert without_idle_context("Mahmoud Bazioni: papers?", no_mentions) == "Mahmoud Bazioni: papers?"


def test_claims_with_initials_and_verb_last_ask_yes_or_no():
    assert with_declarative_as_yes_no("Mohammed Elhibir and Mazin A. Bashari co-authored?").endswith(", yes or no?")
    assert with_declarative_as_yes_no("Mohammed Elhibir with Mazin A. Bashari together paper wrote?").endswith(
        ", yes or no?")
    assert with_declarative_as_yes_no("Did Mazin A. Bashari write papers?") == "Did Mazin A. Bashari write papers?"


def test_dictated_quotes_become_quotes():
    assert with_spoken_punctuation("was quote A model for flows unquote written by D G") == \
        'was "A model for flows" written by D G'
    assert with_spoken_punctuation("what is the quote of the day") == "what is the quote of the day"


def test_hesitations_open_nothing():
    assert without_lead_in('Um did A write "T"') == 'did A write "T"'
    assert without_lead_in('Okay um did A write "T"') == 'did A write "T"'


def test_a_note_restating_where_a_window_starts_is_dropped():
    assert with_window_notes_dropped("papers of A in their first 2 years, starting from the year of their first paper?") \
        == "papers of A in their first 2 years?"
    kept = "papers of A in the first two years, counting the year of their first paper as year zero?"
    assert with_window_notes_dropped(kept) == kept


def test_plain_variants_of_this_round():
    assert with_plain_variants("Is A between the coauthors of B?") == "Is A among the co-authors of B?"
    assert with_plain_variants("all his or her papers") == "all their papers"
    assert with_plain_variants("What works came out from the hand of A?") == "What works came out by A?"


def test_the_asked_noun_said_again_after_and_is_one_list_each():
    tokens = tag("who are the co-authors of zzauthor and the co-authors of zzauthor", load("en"))
    at = next(i for i, t in enumerate(tokens) if t.concept == "function:and")
    assert _distributes(tokens, at)
    tokens = tag("who are the co-authors of zzauthor and zzauthor", load("en"))
    at = next(i for i, t in enumerate(tokens) if t.concept == "function:and")
    assert not _distributes(tokens, at)


def test_french_made_papers_are_written_ones():
    from hgrag.agents.understanding.normalise import to_english

    assert to_english("Quelles publications X a-t-il faites avant 2005 ?", "fr", []) == "Which papers X has written before 2005?"


def test_is_first_paper_ranks_papers_and_is_no_byline_place():
    from hgrag.agents.planning.intent import parse_intent

    assert parse_intent("what year is first paper of zzauthor from", []).position is None
    assert parse_intent("papers where zzauthor is first", []).position == 1


def test_a_wh_word_after_as_someone_opens_a_relative_clause():
    from hgrag.agents.planning.intent import _relative_pronoun

    text = "did zzauthor co-write zzpaper, not merely as someone whose work it mentions"
    assert _relative_pronoun(text, text.index("whose"))
    text = "is there anyone who cites zzpaper"
    assert not _relative_pronoun(text, text.index("who"))


def test_a_closing_existence_tag_asks_whether_any_exists():
    from hgrag.agents.understanding.sentences import with_closing_existence_tag

    assert with_closing_existence_tag("Giovanni Stea paper in Computer Networks: any?") == \
        "Any Giovanni Stea paper in Computer Networks?"
    assert with_closing_existence_tag("papers by A - any at all?") == "Any papers by A?"
    assert with_closing_existence_tag("Which papers by A are in V?") == "Which papers by A are in V?"


def test_work_before_of_is_a_noun_not_a_workplace_verb():
    from hgrag.agents.kinds.lexicon import verb_in

    assert not verb_in("work", " has work of zzauthor come out")
    assert verb_in("work", " does zzauthor work")


def test_shorthand_and_idioms_are_plain_words():
    assert with_plain_variants("highest cit. count among A's pubs?") == "highest citation count among A's pubs?"
    assert with_plain_variants("venues A pub'd in") == "venues A published in"
    assert with_plain_variants("papers that appeared in no other venue than V") == \
        "papers that appeared in no venue other than V"
    assert with_plain_variants("Reckon you could tell me how many papers A has?") == \
        "Could you tell me how many papers A has?"


def test_a_reference_list_of_papers_is_what_they_cite():
    from hgrag.agents.second_reader.chain import _cite_direction

    tokens = tag("the references of papers by zzauthor", load("en"))
    at = next(i for i, t in enumerate(tokens) if t.concept == "mention")
    i = next(i for i, t in enumerate(tokens) if t.concept == "relation:cites")
    assert _cite_direction(tokens, i, at) == "out"
    tokens = tag("papers that cite papers by zzauthor", load("en"))
    at = next(i for i, t in enumerate(tokens) if t.concept == "mention")
    i = next(i for i, t in enumerate(tokens) if t.concept == "relation:cites")
    assert _cite_direction(tokens, i, at) == "in"
