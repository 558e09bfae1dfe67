"""Mechanisms added in the thirty-first stop: an operator the asker refuses beside the one they want ('(the overlap,
not the union)') goes before reading; remarks after a confirming sentence ('True? Need it before the evening
edition.') leave the claim to be confirmed; a heading labelling one title, an objectless 'the citing records', a
career-span comparison, a choice offered but not ranked, a belief about the named after the question, 'there' for
'their', a byline place's institutions asked after it. Wordings are written here."""

from __future__ import annotations

from test_chain_reader import P1, P4, world  # noqa: F401 - the toy graph with citations (a fixture)
from test_round28_mechanisms import world_resources  # noqa: F401 - the toy graph as the pipeline's resources
from test_round30_mechanisms import _ask

from hgrag.agents.understanding.implied_objects import with_implied_object
from hgrag.agents.understanding.refused import without_refused_alternatives
from hgrag.agents.understanding.sentences import with_confirmation_as_tag


def test_a_refused_operator_goes_and_the_wanted_one_stays() -> None:
    assert without_refused_alternatives("Shared co-authors of A and B? (the overlap, not the union)") == \
        "Shared co-authors of A and B? (the overlap)"
    assert without_refused_alternatives("Co-authors of A and B, the union rather than the overlap.") == \
        "Co-authors of A and B, the union."


def test_a_refused_name_is_an_exclusion_and_stays() -> None:
    assert without_refused_alternatives("Papers by Ann Lee, not Bo Chen?") == "Papers by Ann Lee, not Bo Chen?"
    assert without_refused_alternatives('Papers citing "the union, not the overlap"?') == \
        'Papers citing "the union, not the overlap"?'


def test_the_overlap_asked_with_the_union_refused_is_the_overlap(world_resources) -> None:
    plain = _ask("Which co-authors do Marvin K. Simon and Dariush Divsalar share?")
    refused = _ask("Shared co-authors of Marvin K. Simon and Dariush Divsalar? (the overlap, not the union)")
    union = _ask("All co-authors of Marvin K. Simon and Dariush Divsalar together (the union, not the overlap)")
    assert refused["verified"] and refused["answer"] == plain["answer"]
    assert set(plain["answer"]) < set(union["answer"])


def test_a_remark_after_a_confirming_sentence_leaves_the_claim() -> None:
    claim = "A press release says Ann Lee published in Computer Networks"
    assert with_confirmation_as_tag(f"{claim}. True? Need it before the evening edition.") == \
        with_confirmation_as_tag(f"{claim}. True?")
    assert with_confirmation_as_tag(f"{claim}. True? Thanks so much, the deadline is tight!") is not None


def test_a_remark_that_names_or_restricts_is_kept() -> None:
    claim = "A press release says Ann Lee published in Computer Networks"
    assert with_confirmation_as_tag(f"{claim}. True? Only the 2009 ones.") is None
    assert with_confirmation_as_tag(f"{claim}. True? Leave out Bo Chen.") is None


def test_a_confirmed_claim_with_a_remark_after_it_is_answered_yes_or_no(world_resources) -> None:
    result = _ask("Someone told me Ann Lee published in Computer Networks. True? Need it before the evening edition.")
    assert result["answer"] == ["yes"] and result["verified"]  # (Ann Lee wrote P1, in Computer Networks)


def test_a_heading_that_labels_one_title_stands_for_it(world_resources) -> None:
    plain = _ask(f"In which venues did the papers citing '{P1}' appear?")
    labelled = _ask(f"Forward screen on '{P1}': in which venues did the papers citing it appear?")
    assert plain["answer"] and labelled["verified"] and sorted(labelled["answer"]) == sorted(plain["answer"])


def test_an_objectless_citing_noun_reads_as_citing_the_thing_named_before(world_resources) -> None:
    plain = _ask(f"In which venues did the papers citing '{P1}' appear?")
    implied = _ask(f"'{P1}'. In which venues did the citing records appear?")
    assert implied["verified"] and sorted(implied["answer"]) == sorted(plain["answer"])


def test_with_implied_object_reads_the_participle_the_lexicon_says() -> None:
    assert with_implied_object("Which venues did the citing records appear in?") == \
        "Which venues did the records citing it appear in?"
    assert with_implied_object("Who wrote those referenced works?") == "Who wrote those works referenced by it?"
    assert with_implied_object("the citing papers of T") == "the citing papers of T"  # an object of its own


def test_a_career_comparison_ranks_the_named_by_their_span(world_resources) -> None:
    years = {name: [int(y) for y in _ask(f"In which years did {name} publish?")["answer"]]
             for name in ("Dariush Divsalar", "Bo Chen")}
    spans = {name: max(found) - min(found) for name, found in years.items()}
    result = _ask("Who has the longer publishing career, Dariush Divsalar or Bo Chen?")
    winner = max(spans, key=spans.get)
    assert spans["Dariush Divsalar"] != spans["Bo Chen"] and result["verified"] and result["answer"] == [winner]


def test_a_choice_offered_is_never_answered_by_a_plan_that_ranks_nothing() -> None:
    from hgrag.agents.understanding.lexicon import load
    from hgrag.agents.understanding.said_checks import choice_unanswered
    from hgrag.agents.understanding.tokens import tag
    from hgrag.state import plan_ir as ir

    union = ir.setop("union", [ir.match(["a"], "author", "A"), ir.match(["b"], "author", "B")])
    listed = ir.traverse(ir.traverse(union, "writes", "out"), "writes", "in")
    asked = tag("whose career covers more years, that of zzm1 or that of zzm2?", load("en"))
    assert choice_unanswered(asked, listed)
    assert not choice_unanswered(asked, ir.top(union, "career_span", "max"))
    threshold = tag("which papers by zzm1 or zzm2 have more than 10 citations?", load("en"))
    assert not choice_unanswered(threshold, listed)


def test_a_belief_about_the_named_after_the_question_is_no_condition() -> None:
    from hgrag.agents.understanding.claims import without_reported_remarks

    asked = "Do A and B ever appear together on a byline?"
    assert without_reported_remarks(f"{asked} (I gather they are linked through a mutual collaborator.)") == asked
    explained = f"{asked} I think that is total over count."
    assert without_reported_remarks(explained) == explained


def test_a_possessive_said_like_there_before_a_noun_is_the_possessive() -> None:
    from hgrag.agents.understanding.variants import with_possessives_spelled

    assert with_possessives_spelled("where did A get there work into print") == "where did A get their work into print"
    assert with_possessives_spelled("are there papers by A?") == "are there papers by A?"
    assert with_possessives_spelled("did A publish there in 2010?") == "did A publish there in 2010?"


def test_a_last_author_and_their_institutions_on_the_paper_are_both_answered() -> None:
    from hgrag.agents.second_reader.affiliations import _placed_entry
    from hgrag.state import plan_ir as ir

    paper = ir.match(["p"], "paper", "T")
    last = ir.traverse(paper, "writes", "in")
    last["position"] = -1
    program = _placed_entry(last)
    assert program["edge"] == "affiliated_with" and program["input"]["op"] == "top"
    assert program["input"]["order"] == "max" and program["input"]["key"] == "position"
    second = dict(last, position=2)
    assert _placed_entry(second) is None


def test_a_double_negation_refuses_no_reading() -> None:
    assert without_refused_alternatives("Does The Digital Ocean. not not exist?") == \
        "Does The Digital Ocean. not not exist?"


def test_a_sharing_word_anywhere_asks_what_the_named_share(world_resources) -> None:
    shared = _ask("Which co-authors do Marvin K. Simon and Dariush Divsalar share?")
    overlap = _ask("Co-author overlap between Marvin K. Simon and Dariush Divsalar?")
    assert overlap["verified"] and sorted(overlap["answer"]) == sorted(shared["answer"])


def test_a_career_span_asked_with_what_is_is_a_number_not_a_profile(world_resources) -> None:
    result = _ask("What is the career span of Dariush Divsalar?")
    years = [int(y) for y in _ask("In which years did Dariush Divsalar publish?")["answer"]]
    assert result["verified"] and result["answer"] == [str(max(years) - min(years))]


def test_a_negated_tag_needs_no_comma() -> None:
    from hgrag.agents.understanding.reading import with_tag_as_yes_no

    assert with_tag_as_yes_no('"T" cites "U" doesn\'t it') == '"T" cites "U", yes or no?'
    assert with_tag_as_yes_no("A published in V didn't he?") == "A published in V, yes or no?"
    assert with_tag_as_yes_no("Is it true") == "Is it true"  # (a one-word tag needs its comma)


def test_a_head_noun_before_the_clause_is_what_a_stranded_preposition_asks() -> None:
    from hgrag.agents.understanding.asked_head import asked_kind
    from hgrag.agents.understanding.asking_sentence import asking_tokens

    assert asked_kind(asking_tokens("what's the first year zzm1 published in")) == "year"
    assert asked_kind(asking_tokens("which did zzm1 publish in")) == "venue"


def test_a_progressive_perfect_reads_as_the_simple_present(world_resources) -> None:
    plain = _ask(f"Which papers cite '{P1}'?")
    progressive = _ask(f"Which papers have been citing '{P1}'?")
    assert plain["answer"] and progressive["verified"] and sorted(progressive["answer"]) == sorted(plain["answer"])


def test_a_career_span_asked_in_french_and_german_is_the_span(world_resources) -> None:
    english = _ask("What is the career span of Dariush Divsalar?")
    french = _ask("Sur combien d'années s'étend la carrière de Dariush Divsalar (dernière année moins la première) ?")
    assert english["answer"] and french["verified"] and french["answer"] == english["answer"]


def test_a_time_word_whose_object_anchors_nothing_bounds_nothing() -> None:
    from hgrag.agents.understanding.lexicon import load
    from hgrag.agents.understanding.narrowing import unanchored_times
    from hgrag.agents.understanding.tokens import tag

    assert unanchored_times(tag("quick check before the meeting", load("en")))
    assert not unanchored_times(tag("papers before 2020", load("en")))
    assert not unanchored_times(tag("papers after their first paper", load("en")))


def test_a_heading_with_a_deadline_is_no_part_of_the_question(world_resources) -> None:
    plain = _ask("Have Marvin K. Simon and Dariush Divsalar ever published together?")
    headed = _ask("Quick check before the meeting: have Marvin K. Simon and Dariush Divsalar ever published together?")
    assert plain["answer"] == ["yes"] and headed["verified"] and headed["answer"] == plain["answer"]


def test_a_sharing_word_with_no_named_group_reads_no_group() -> None:
    from hgrag.agents.second_reader.compound import per_entity

    def unused(*_args, **_kwargs):
        raise AssertionError("no part should be read")

    assert per_entity("Venue overlap between these two?", [], unused, unused, unused, unused) is None


def test_a_year_one_note_reads_as_the_plain_note() -> None:
    from hgrag.agents.understanding.variants import with_year_one_notes_plain

    said = "In the first 4 years of A's career, reckoning the year of the first paper as year one, which papers?"
    assert with_year_one_notes_plain(said) == \
        "In the first 4 years of A's career, counting the debut year as year one, which papers?"
    bracketed = "papers of A in the first 2 years (the first year of publication counting as year one)?"
    assert with_year_one_notes_plain(bracketed).endswith("(counting the debut year as year one)?")


def test_a_span_to_the_present_has_no_upper_bound() -> None:
    from hgrag.agents.understanding.variants import with_open_ended_spans

    assert with_open_ended_spans("papers of A from 2010 till date") == "papers of A from 2010 onwards"
    assert with_open_ended_spans("papers of A till date") == "papers of A till date"  # (no year: a filler)


def test_a_restatement_that_drops_the_count_is_not_asked_alone() -> None:
    from hgrag.agents.understanding.context_fold import _narrows_beyond

    assert _narrows_beyond('How many references are there in "T"?', "the works it cites")
    assert _narrows_beyond('Before 2009, who had cited "T"?', "the papers citing it")
    assert not _narrows_beyond("Where did it all begin for A?", "their earliest paper in the record")


def test_a_kind_named_in_a_request_is_what_a_vague_question_after_it_asks(world_resources) -> None:
    result = _ask("I am looking for the writings of one Dariush Divsalar - what is there?")
    assert not result["verified"] or "profile" not in (result["interpretation"] or "").lower()
    listed = _ask("I need the papers of Dariush Divsalar. What is there?")
    assert listed["verified"] and len(listed["answer"]) == 3


def test_a_phrase_pointing_back_at_a_named_reference_list_adds_no_step(world_resources) -> None:
    from hgrag.agents.understanding.implied_objects import with_phrases_pointing_back

    said = 'For the reference list of "T", which journals did those cited works come out in?'
    assert with_phrases_pointing_back(said) == 'For the reference list of "T", which journals did those works come out in?'
    plain = _ask(f"In which venues were the references of '{P4}' published?")
    pointing = _ask(f"For the reference list of '{P4}', which venues did those cited works appear in?")
    assert plain["answer"] and pointing["verified"] and sorted(pointing["answer"]) == sorted(plain["answer"])


def test_a_remark_with_the_pronoun_i_after_the_question_is_a_remark() -> None:
    from hgrag.agents.understanding.reading import without_trailing_remarks

    asked = "Is it not the case that A has never published in V?"
    assert without_trailing_remarks(f"{asked} Sorry, I know that's a confusing way to phrase it.") == asked


def test_a_french_filler_heading_before_est_ce_que_goes() -> None:
    from hgrag.agents.understanding.normalise import to_english

    english = to_english("Juste pour vérifier : est-ce que Ann Lee et Bo Chen ont déjà cosigné un article ?", "fr")
    assert english.startswith("Is it true that") and ":" not in english


def test_a_bare_tag_closes_an_unpunctuated_statement() -> None:
    from hgrag.agents.understanding.reading import with_tag_as_yes_no

    assert with_tag_as_yes_no("ann lee and bo chen have a paper together right") == \
        "ann lee and bo chen have a paper together, yes or no?"
    assert with_tag_as_yes_no("who wrote papers with ann lee right") == "who wrote papers with ann lee right"


def test_a_second_sentence_whose_pronoun_cannot_be_the_named_paper_is_not_bound_to_it(world_resources) -> None:
    result = _ask(f"With whom has the first author of '{P1}' written? list all his co-authors, please.")
    assert result["answer"] == [] or "authors of" not in (result["interpretation"] or "")


def test_until_which_year_asks_the_last_year(world_resources) -> None:
    last = _ask("In which year did Dariush Divsalar publish most recently?")
    until = _ask("Until which year did Dariush Divsalar publish?")
    assert last["answer"] and until["verified"] and until["answer"] == last["answer"]


def test_a_country_inside_a_quoted_title_is_part_of_the_title() -> None:
    from types import SimpleNamespace

    from hgrag.agents.kinds import countries

    hits = countries._country_hits('Who are the authors of "Cambrian stratigraphy of Jordan"?')
    assert hits  # (the name is there to be found …)
    store = SimpleNamespace()
    original = countries.rich_index
    countries.rich_index = lambda _store: SimpleNamespace(by_country={hits[0][4]: ["i1"]})
    try:
        assert countries.country_spans('Who are the authors of "Cambrian stratigraphy of Jordan"?', [], store) == []
        assert countries.country_spans("Which authors have institutions in Jordan?", [], store)
    finally:
        countries.rich_index = original
