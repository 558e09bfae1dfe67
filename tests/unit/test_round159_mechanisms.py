"""Mechanisms of the thirty-fifth stop: refused readings in German and French, a French subject pronoun before its
verb."""

from __future__ import annotations

from test_chain_reader import P2, P3, P4, world  # noqa: F401 - the toy graph with citations (a fixture)
from test_round28_mechanisms import world_resources  # noqa: F401 - the toy graph as the pipeline's resources
from test_round30_mechanisms import _ask


def test_a_refused_reading_in_german_or_french_is_not_asked() -> None:
    from hgrag.agents.understanding.contrasts import without_refused_reading

    assert without_refused_reading("Nicht die Koautoren von Pierre‐Yves Collin, sondern die Arbeiten, die diese "
                                   "Person verfasst hat: Welche sind das?") == \
        "Pierre‐Yves Collin. Die Arbeiten, die diese Person verfasst hat: Welche sind das?"
    assert without_refused_reading('Pas qui a écrit "A: B", mais qui a écrit les articles qui le citent : lesquels ?') \
        == '"A: B". Qui a écrit les articles qui le citent : lesquels ?'  # (a whole title, colon and all)
    assert without_refused_reading("Nicht mitgezählt: 2020. Welche Arbeiten?") == "Nicht mitgezählt: 2020. Welche Arbeiten?"


def test_a_french_refused_count_asks_the_other_direction(world_resources) -> None:
    result = _ask(f'Pas combien de fois "{P4}" est cité, mais combien d\'articles il cite lui-même : combien ?')
    assert result["answer"] == ["1"] and result["verified"]  # (P4 cites P3 only; nothing cites P4)


def test_a_french_subject_pronoun_before_its_verb_is_the_subject() -> None:
    from hgrag.agents.understanding.normalise import to_english

    assert to_english("Combien d'articles il cite ?", "fr").lower().startswith("how many papers does it cite")
    assert to_english("Combien d'articles il a cités ?", "fr").lower().startswith("how many papers has it cited")
    assert "cite" in to_english(f'Quels articles citent "{P3}" ?', "fr").lower()


def test_a_condition_negated_before_its_exclusion_is_a_double_negation() -> None:
    from hgrag.agents.understanding.check import _doubled_exclusion
    from hgrag.agents.understanding.lexicon import load
    from hgrag.agents.understanding.tokens import tag

    assert _doubled_exclusion(tag("which paper of zzm is not from a year other than 2000", load("en")))
    assert not _doubled_exclusion(tag("which papers of zzm are not from 2000", load("en")))
    assert not _doubled_exclusion(tag("which papers of zzm are from a year other than 2000", load("en")))


def test_or_between_two_people_never_verifies_one_walk_with_the_other_left_out() -> None:
    from hgrag.agents.understanding.intersections import alternative_intersection

    ir = {"op": "difference", "inputs": [
        {"op": "traverse", "edge": "writes", "direction": "in", "input": {
            "op": "traverse", "edge": "writes", "direction": "out",
            "input": {"op": "match", "ids": ["b"], "type": "author", "text": "B"}}},
        {"op": "match", "ids": ["a", "b"], "type": "author", "text": ""}]}
    assert alternative_intersection("who wrote with zzm or with zzm? leave the two out.", ir)
    assert not alternative_intersection("who wrote with zzm, other than zzm?", ir)


def test_not_published_anywhere_but_a_venue_is_a_double_negation() -> None:
    from hgrag.agents.understanding.check import _doubled_exclusion
    from hgrag.agents.understanding.lexicon import load
    from hgrag.agents.understanding.tokens import tag

    for said in ("which of the papers by zzm were not published outside of zzm?",
                 "which papers by zzm were not published in any venue other than zzm?",
                 "which of the papers of zzm did not appear anywhere except zzm?"):
        assert _doubled_exclusion(tag(said, load("en"))), said
    assert not _doubled_exclusion(tag("which papers by zzm were not published in zzm, other than zzm?", load("en")))


def test_in_common_asks_what_the_named_things_share(world_resources) -> None:
    from hgrag.agents.understanding.normalise import to_english

    assert "in common" in to_english("Quelles revues Bo Chen et Ann Lee ont-ils en commun ?", "fr").lower()
    result = _ask("Which venues did Bo Chen use in common?")  # (one named thing: nothing is shared)
    assert not result["verified"]


def test_each_in_a_relative_clause_on_a_kind_asks_what_they_share() -> None:
    from hgrag.agents.understanding.intersections import each_in_relative_clause

    assert each_in_relative_clause("Name the venues where ", " have each published at least one paper.")
    assert each_in_relative_clause("Are there venues in which ", " have each published? Which ones?")
    assert not each_in_relative_clause("In which years did ", " each publish their first paper?")
    assert not each_in_relative_clause("Name the venues where ", " have published.")


def test_true_or_false_in_german_and_french_asks_yes_or_no() -> None:
    from hgrag.agents.understanding.normalise import to_english

    assert "true or false" in to_english("Richtig oder falsch: Bo Chen ist Koautor von Ann Lee.", "de").lower()
    assert "true or false" in to_english("Vrai ou faux : Bo Chen est co-auteur de Ann Lee.", "fr").lower()


def test_a_claim_said_plainly_is_checked_not_listed() -> None:
    from hgrag.agents.understanding.sentences import with_declarative_as_yes_no

    assert with_declarative_as_yes_no("Bo Chen is a co-author of Ann Lee.").endswith("yes or no?")
    assert with_declarative_as_yes_no("Bo Chen was a co-author of Ann Lee").endswith("yes or no?")
    assert with_declarative_as_yes_no("Bo Chen coauthor list pls") == "Bo Chen coauthor list pls"  # (no auxiliary)
    assert with_declarative_as_yes_no("Bo Chen wrote T. Who else wrote it?") == "Bo Chen wrote T. Who else wrote it?"


def test_offered_options_are_cut_from_the_question() -> None:
    from hgrag.agents.understanding.choices import offered_choices

    assert offered_choices('Select all that apply: who wrote "T"? (a) Ann Lee (b) Bo Chen (c) Marvin K. Simon') == \
        ('Who wrote "T"?', ("Ann Lee", "Bo Chen", "Marvin K. Simon"))
    assert offered_choices("In which year did Bo Chen publish first? Pick the right year: 2016 / 2019 / 2021") == \
        ("In which year did Bo Chen publish first?", ("2016", "2019", "2021"))
    assert offered_choices("Wie viele Arbeiten hat Bo Chen? Wähle die richtige Zahl: 5 / 6 / 8")[1] == ("5", "6", "8")
    assert offered_choices("Which papers by Bo Chen appeared in 2001 / 2002?") == \
        ("Which papers by Bo Chen appeared in 2001 / 2002?", ())  # (no colon or question before them: no quiz)
    assert offered_choices("Who wrote (with Ann Lee) the paper T?") == ("Who wrote (with Ann Lee) the paper T?", ())


def test_a_quiz_answer_is_kept_to_its_options(world_resources) -> None:
    result = _ask("Which of these people co-authored with Bo Chen? Select all that apply: (a) Ann Lee (b) Marvin K. Simon")
    assert "offered options" in result["interpretation"]
    assert result["answer"] == ["Marvin K. Simon"] and result["verified"]  # (Dariush Divsalar was not offered)


def test_a_number_none_of_the_options_is_withheld(world_resources) -> None:
    result = _ask("How many papers has Bo Chen written? Pick the right number: 5 / 6 / 7")
    assert result["answer"] == [] and "none of the offered options" in result["answer_text"]
    result = _ask("How many papers has Bo Chen written? Pick the right number: 1 / 2 / 3")
    assert result["answer"] == ["2"] and result["verified"]


def test_one_year_for_each_paper_is_an_answer_form_remark() -> None:
    from hgrag.agents.understanding.answer_form import without_answer_form

    assert without_answer_form("In which years were zz and yy published? Please give one year for each paper.") == \
        "In which years were zz and yy published?"
    assert without_answer_form("Who wrote T? One of them only.") == "Who wrote T? One of them only."


def test_also_in_german_and_french_is_a_function_word() -> None:
    from hgrag.agents.understanding.normalise import to_english

    assert "also" in to_english("Welche Personen sind Koautoren von Bo Chen und zugleich Koautoren von Ann Lee?", "de")
    assert "also" in to_english("Quels chercheurs sont coauteurs de Bo Chen et aussi d'Ann Lee ?", "fr")


def test_a_united_question_leaves_the_pair_out_once(world_resources) -> None:
    from hgrag.agents.second_reader.coordinated import without_pair_left_out

    assert without_pair_left_out("Who are the co-authors of Bo Chen, not counting the two of them?") == \
        "Who are the co-authors of Bo Chen?"
    result = _ask("Taken together, who are the co-authors of Bo Chen and of Ann Lee, not counting the two of them?")
    assert result["verified"] and "Bo Chen" not in result["answer"] and "Ann Lee" not in result["answer"]
    assert "Marvin K. Simon" in result["answer"]


def test_a_numbered_review_point_is_a_label() -> None:
    from hgrag.agents.understanding.labelled_lines import without_labels

    assert without_labels("Point 3: who wrote T?") == "who wrote T?"
    assert without_labels("Minor: year of T?") == "year of T?"


def test_the_authors_addressed_by_a_reviewer_ask_as_please() -> None:
    from hgrag.agents.understanding.variants import with_plain_variants

    assert with_plain_variants("The authors should list the papers that cite T.").lower().startswith("please list")


def test_more_than_a_named_thing_must_be_compared(world_resources) -> None:
    result = _ask("How many papers more than Ann Lee has Bo Chen published?")
    assert not (result["verified"] and result["answer"] == ["0"])  # (never 'the papers both wrote')


def test_french_reflexive_verb_before_its_subject_reads_the_direction() -> None:
    from hgrag.agents.understanding.normalise import to_english

    said = to_english(f'Sur quels papers s\'appuie "{P4}" dans sa bibliographie ?', "fr").lower()
    assert "does" in said and said.index(P4.lower()) < said.index("rely on")
    assert "other than" in to_english("Quels papers de Bo Chen sont parus une année autre que 2022 ?", "fr").lower()


def test_east_african_request_openers_are_requests(world_resources) -> None:
    result = _ask("Kindly assist me to know the number of papers Bo Chen has written.")
    assert result["answer"] == ["2"] and result["verified"]
    result = _ask("Am requesting for the co-authors of Bo Chen.")
    assert sorted(result["answer"]) == ["Dariush Divsalar", "Marvin K. Simon"] and result["verified"]


def test_a_noun_after_a_relations_object_is_no_predicate_nominal() -> None:
    from hgrag.agents.understanding.check import _predicate_nominal
    from hgrag.agents.understanding.lexicon import load
    from hgrag.agents.understanding.tokens import tag

    ir = {"op": "test", "cmp": "nonempty", "input": {"op": "match", "ids": ["x"], "type": "author", "text": "A"}}
    assert not _predicate_nominal(tag("has zzm written together with zzm a paper?", load("en")), {"ir": ir})
    assert _predicate_nominal(tag("is zzm a journal?", load("en")), {"ir": ir})


def test_no_lexicon_file_repeats_a_key() -> None:
    """JSON keeps the last of two equal keys and drops the first without a word: a repeated key loses words."""
    import json
    from collections import Counter
    from pathlib import Path

    agents = Path(__file__).resolve().parents[2] / "agents"
    files = sorted(agents.glob("lexicon/*.json")) + sorted(agents.glob("*lexicon*.json")) + \
        sorted(agents.glob("*/lexicon*.json"))
    assert len(files) >= 5
    for path in files:
        repeated: list[str] = []

        def keep(pairs: list[tuple[str, object]], repeated: list[str] = repeated) -> dict:
            repeated += [key for key, n in Counter(k for k, _ in pairs).items() if n > 1]
            return dict(pairs)

        json.loads(path.read_text(encoding="utf-8"), object_pairs_hook=keep)
        assert not repeated, (path.name, repeated)


def test_an_english_refused_opening_with_a_title_needs_a_joining_word() -> None:
    from hgrag.agents.understanding.contrasts import without_refused_reading

    said = 'Not the first author of "T" — the remaining authors: who are they?'
    assert without_refused_reading(said) == said  # (an exclusion of the first author, read elsewhere)


def test_or_between_kind_words_is_no_alternative_of_named_things() -> None:
    from hgrag.agents.understanding.intersections import alternative_intersection

    ir = {"op": "difference", "inputs": [
        {"op": "traverse", "edge": "published_in", "direction": "out", "input": {
            "op": "traverse", "edge": "writes", "direction": "out",
            "input": {"op": "match", "ids": ["b"], "type": "author", "text": "B"}}},
        {"op": "match", "ids": ["v"], "type": "venue", "text": ""}]}
    assert not alternative_intersection("excluding zzm, which journals or venues did zzm publish in?", ir)


def test_french_words_in_an_english_question_are_rendered() -> None:
    from hgrag.agents.understanding.mixed import with_foreign_runs_rendered

    def nothing(text: str) -> list:
        return []

    assert with_foreign_runs_rendered('Did "T" appear dans Energy Reports?', nothing) == 'Did "T" appear in Energy Reports?'
    assert with_foreign_runs_rendered("Avant 1977, who were the co-authors of Bo Chen?", nothing).startswith("Before 1977")
    assert with_foreign_runs_rendered('Who wrote "Les Misérables du code"?', nothing) == \
        'Who wrote "Les Misérables du code"?'  # (a title stays as typed)
    assert with_foreign_runs_rendered("Who wrote about blorf?", nothing) == "Who wrote about blorf?"


def test_first_and_last_both_said_need_both_ends_read() -> None:
    from hgrag.agents.understanding.check import _ends_unread
    from hgrag.agents.understanding.lexicon import load
    from hgrag.agents.understanding.tokens import tag

    tokens = tag("how much years have passed from year of first paper of zzm to year of their last paper?", load("en"))
    years = {"op": "project", "attr": "year", "input": {"op": "traverse", "edge": "writes", "direction": "out",
                                                       "input": {"op": "match", "ids": ["a"], "type": "author"}}}
    assert _ends_unread(tokens, {"op": "aggregate", "fn": "count", "input": years})
    assert not _ends_unread(tokens, {"op": "aggregate", "fn": "span", "input": years})


def test_a_question_asked_again_in_german_is_read_once() -> None:
    from hgrag.agents.understanding.restated import english_half

    def names(text: str) -> list:
        class Span:
            def __init__(self, start: int, end: int) -> None:
                self.start, self.end, self.text = start, end, text[start:end]
        at = text.find("Bo Chen")
        return [Span(at, at + len("Bo Chen"))] if at >= 0 else []

    assert english_half("Who are the co-authors of Bo Chen? / Wer sind die Koautoren von Bo Chen?", names) == \
        "Who are the co-authors of Bo Chen?"
    assert english_half("Who are the co-authors of Bo Chen? / Wer sind die Koautoren von Ann Lee?", names) == \
        "Who are the co-authors of Bo Chen? / Wer sind die Koautoren von Ann Lee?"  # (different things named)
    assert english_half("Which papers by Bo Chen appeared in 2001 / 2002?", names) == \
        "Which papers by Bo Chen appeared in 2001 / 2002?"


def test_at_least_one_paper_is_any_paper(world_resources) -> None:
    result = _ask("Which papers have cited at least one paper of Ann Lee?")
    assert sorted(result["answer"]) == sorted([P2, P3]) and result["verified"]  # (never 'cited at least once')


def test_a_supposition_frame_is_read_as_the_plain_question() -> None:
    from hgrag.agents.understanding.hypothetical import without_hypothetical_frame as plain

    assert plain("If I were to ask which papers cite T, what would the answer be?") == "Which papers cite T?"
    assert plain("Suppose someone counted the papers of Bo Chen - how many would there be?") == \
        "Count the papers of Bo Chen?"
    assert plain("Imagine a list of the venues of Bo Chen's papers: what is on it?") == \
        "List the venues of Bo Chen's papers?"
    assert plain("Suppose someone claimed that Bo Chen wrote T - would they be right?") == \
        "Is it true that Bo Chen wrote T, yes or no?"
    assert plain("Who wrote T?") == "Who wrote T?"


def test_someone_in_a_supposition_is_the_asker(world_resources) -> None:
    result = _ask("A colleague mentioned Bo Chen. Suppose someone counted their papers - how many would there be?")
    assert result["answer"] == ["2"] and result["verified"]  # (never the count of Bo Chen's co-authors)


def test_not_in_a_venue_that_is_not_v_is_a_double_negation() -> None:
    from hgrag.agents.understanding.check import _doubled_exclusion
    from hgrag.agents.understanding.lexicon import load
    from hgrag.agents.understanding.tokens import tag

    assert _doubled_exclusion(tag("which papers of zzm were not published in venue that is not zzm?", load("en")))
    assert not _doubled_exclusion(tag("which papers of zzm were not published in zzm?", load("en")))


def test_a_closing_word_after_the_question_is_no_part_of_it() -> None:
    from hgrag.agents.understanding.envelope import without_envelope

    assert without_envelope("Combined co-author list of Bo Chen and Ann Lee? Over.") == \
        "Combined co-author list of Bo Chen and Ann Lee?"
    assert without_envelope("Papers by Bo Chen. Over 2010?") == "Papers by Bo Chen. Over 2010?"


def test_affirmative_or_negative_asks_yes_or_no() -> None:
    from hgrag.agents.understanding.normalise import to_english

    assert "true or false" in to_english("Affirmatif ou négatif : Bo Chen a-t-il écrit T ?", "fr").lower()


def test_mixed_runs_leave_names_and_english_words_alone() -> None:
    from hgrag.agents.understanding.mixed import with_foreign_runs_rendered

    def nothing(text: str) -> list:
        return []

    for said in ("papers with an author from Ecole Nationale du Génie de l'Eau et de l'Environnement de Strasbourg",
                 "List 2019 publications involving Laboratoire de Sciences de la Terre.",
                 "everyone who wrote with Bo Chen plus everyone who wrote with Ann Lee",
                 "Ma published the publication on Enhanced oil recovery in which venue?",
                 "Wen did Bo Chen publish most recently?"):
        assert with_foreign_runs_rendered(said, nothing) == said


def test_an_arrow_before_a_number_is_no_comparison() -> None:
    from hgrag.agents.understanding.variants import with_symbols_in_words

    assert "more than" not in with_symbols_in_words('"T" -> 1st auth -> everyone they co-authored with?')
    assert with_symbols_in_words("Papers by Bo Chen > 2010?") == "Papers by Bo Chen after 2010?"
