"""Mechanisms added in the thirty-second stop: a negation between a subject author and a verb denies the predicate,
not the venue ('did A never have another paper in V'); a kind word of two readings beside a relation that fits both
('what sources does T build on') is declined unless a word settles it; co-authors owned by a byline place ('the
co-authors of the first author of T') must walk through that person's papers. Wordings are written here."""

from __future__ import annotations

from test_chain_reader import P1, P2, P3, P4, world  # noqa: F401 - the toy graph with citations (a fixture)
from test_round28_mechanisms import world_resources  # noqa: F401 - the toy graph as the pipeline's resources
from test_round30_mechanisms import _ask

from hgrag.agents.understanding.lexicon import load
from hgrag.agents.understanding.said_checks import placed_persons_coauthors_unwalked, two_sided_kind_words
from hgrag.agents.understanding.tokens import tag


def test_a_negation_after_the_subject_author_denies_the_predicate(world_resources) -> None:
    result = _ask(f"Apart from '{P1}', did Marvin K. Simon never have another paper in Computer Networks?")
    assert result["answer"] == ["no"] and result["verified"]  # (his only other paper, P3, is in Signal Processing)


def test_a_negation_after_a_preposition_and_author_keeps_the_venue_filter(world_resources) -> None:
    result = _ask("List the papers by Marvin K. Simon not published in Computer Networks.")
    assert result["answer"] == [P3] and result["verified"]


def test_sources_beside_a_citation_are_declined_unless_published_settles_them(world_resources) -> None:
    guessed = _ask(f"What sources does '{P4}' build on?")
    assert not guessed["verified"] and not guessed["answer"]
    settled = _ask(f"In which sources were the works cited by '{P4}' published?")
    assert settled["answer"] == ["Signal Processing"] and settled["verified"]


def test_two_sided_kind_words_read_the_plan_kind() -> None:
    tokens = tag("what sources does zzm1 build on", load("en"))
    venues = {"op": "traverse", "edge": "published_in", "direction": "out",
              "input": {"op": "traverse", "edge": "cites", "direction": "out", "input": {"op": "match", "type": "paper"}}}
    assert two_sided_kind_words(tokens, venues)
    assert not two_sided_kind_words(tag("what journals does zzm1 build on", load("en")), venues)


def test_coauthors_of_a_byline_place_must_walk_through_that_persons_papers(world_resources) -> None:
    placed = {"op": "traverse", "edge": "writes", "direction": "in", "position": 1,
              "input": {"op": "match", "type": "paper"}}
    authors = {"op": "difference", "inputs": [{"op": "traverse", "edge": "writes", "direction": "in",
                                               "input": {"op": "match", "type": "paper"}}, placed]}
    walked = {"op": "traverse", "edge": "writes", "direction": "in",
              "input": {"op": "traverse", "edge": "writes", "direction": "out", "input": placed}}
    for question in ("who are the co-authors of the first author of zzm1", "the first author's co-authors on zzm1"):
        assert placed_persons_coauthors_unwalked(tag(question, load("en")), authors), question
        assert not placed_persons_coauthors_unwalked(tag(question, load("en")), walked), question
    result = _ask(f"Who are the co-authors of the first author of '{P2}', not counting the first author?")
    assert not (result["verified"] and result["answer"] == ["Bo Chen"])  # (P2's other author is no answer)


def test_a_reference_count_without_do_support_counts_the_papers_it_cites() -> None:
    from hgrag.agents.checking.cite_direction import one_paper_direction

    for question in ("how many references zzpaper has", "how many reference zzpaper have",
                     "for zzpaper how many outgoing reference it has", "how many references does zzpaper have"):
        assert one_paper_direction(question) == "out", question
    assert one_paper_direction("how many papers references zzpaper") == "in"


def test_how_much_asks_a_number_and_a_compound_ending_in_an_attribute_asks_its_value() -> None:
    from hgrag.agents.understanding.check import asked_kind, asking_tokens

    assert asked_kind(asking_tokens("among papers of zzm1, highest cited-by count is how much?")) == "number"
    assert asked_kind(asking_tokens("zzm1 most cited paper citation count")) == "number"
    assert asked_kind(asking_tokens("zzm1 papers by citation count")) != "number"  # (a preposition: no compound)


def test_a_statement_after_a_question_is_a_remark_not_the_question() -> None:
    from hgrag.agents.understanding.check import asked_kind, asking_tokens
    from hgrag.agents.understanding.sentences import asking_sentence_at

    said = "did zzm1 ever write a paper together with zzm2? our lass is adamant they did, i'm not so sure meself."
    assert asked_kind(asking_tokens(said)) == "yes/no"
    remarks = ["My cousin reckons Ann Lee was at a university near us.", "Could well be, she's usually right.",
               "Which institutions is she affiliated with?"]
    assert asking_sentence_at(remarks) == 2  # (a full stop after 'Could …': a remark, not the question)
    assert asking_sentence_at(["Could you list the papers of Ann Lee."]) == 0


def test_a_doubt_after_a_yes_no_question_leaves_nobody_out(world_resources) -> None:
    result = _ask("Did Marvin K. Simon ever write a paper together with Bo Chen? I'm not so sure meself.")
    assert result["answer"] == ["yes"] and result["verified"]  # (P3: Marvin K. Simon and Bo Chen)


def test_subsequent_to_a_year_is_after_it(world_resources) -> None:
    result = _ask("What has Dariush Divsalar published subsequent to 2010?")
    assert result["answer"] == [P4] and result["verified"]


def test_a_topic_then_its_comment_asks_the_comments_noun() -> None:
    from hgrag.agents.understanding.check import asked_kind, asking_tokens

    assert asked_kind(asking_tokens("most cited paper of zzm1, its citation number is what?")) == "number"
    assert asked_kind(asking_tokens("zzm1, their first paper year is what?")) == "year"


def test_a_reference_list_named_by_a_possessive_or_a_bare_heading_is_the_papers_cited() -> None:
    from hgrag.agents.checking.cite_direction import one_paper_direction

    assert one_paper_direction("zzpaper paper , its reference count is how many") == "out"
    assert one_paper_direction("reference list zzpaper") == "out"
    assert one_paper_direction("citing paper of zzpaper which are not from 2010") == "in"


def test_a_closing_before_in_a_yes_no_question_bounds_nothing(world_resources) -> None:
    result = _ask("Has Marvin K. Simon published with Bo Chen before?")
    assert result["answer"] == ["yes"] and result["verified"]
    bounded = _ask("Has Marvin K. Simon published anything before 2009?")
    assert bounded["answer"] == ["yes"] and bounded["verified"]  # (P1, 2008)
    none_before = _ask("Has Bo Chen published anything before 2010?")
    assert none_before["answer"] == ["no"] and none_before["verified"]  # (Bo Chen: P2 and P3, both 2010)


def test_a_comparative_of_productivity_asks_for_the_one_with_more_papers(world_resources) -> None:
    result = _ask("Who is more productive in paper count, Dariush Divsalar or Bo Chen?")
    assert result["answer"] == ["Dariush Divsalar"] and result["verified"]  # (three papers against two)


def test_a_statement_opening_with_a_wh_word_keeps_the_question_after_it_pointing_back() -> None:
    from hgrag.agents.understanding.sentences import asking_sentence_at

    said = ["Our talk covers Ann Lee.", "What I need is their debut paper.", "What was it called?"]
    assert asking_sentence_at(said) == 1  # (a wh-opening statement the question points back at asks with it)
    titled = ["Was the paper 'The Alborz Mountains.", "Report of 2004 activity' published by Ann Lee?"]
    assert asking_sentence_at(titled) == 0  # (a command word opening a title's second half asks nothing)


def test_a_follow_up_request_after_a_yes_no_question_is_what_is_asked() -> None:
    from hgrag.agents.understanding.check import asked_kind, asking_tokens

    assert asked_kind(asking_tokens("any papers from zzm1 on the topic zzm2? please list the titles.")) != "yes/no"


def test_papers_citing_a_paper_that_had_appeared_by_a_year_still_cite_it() -> None:
    from hgrag.agents.checking.cite_direction import one_paper_direction

    assert one_paper_direction("which papers citing zzpaper had appeared by 2005") == "in"


def test_a_negation_of_nothing_asked_in_a_remark_is_no_exclusion() -> None:
    from hgrag.agents.understanding.lexicon import load as load_lexicon
    from hgrag.agents.understanding.narrowing import dangling_negations
    from hgrag.agents.understanding.reading import without_trailing_remarks

    assert dangling_negations(tag("can't for the life of me remember", load_lexicon("en")))
    assert not dangling_negations(tag("not the 2012 ones", load_lexicon("en")))
    question = "Which venue carried 'T'?"
    assert without_trailing_remarks(f"{question} Can't for the life of me remember.") == question
    assert without_trailing_remarks(f"{question} Not that it is a competition, mind.") == question
    assert without_trailing_remarks(f"{question} Not the 2012 ones.") != question


def test_an_auxiliary_statement_after_a_question_is_not_the_asking_clause() -> None:
    from hgrag.agents.understanding.asked_head import asking_clause

    said = "has zzm1 ever co-written anything with zzm2? had a bet on it down the pub, only a pint riding on it."
    assert asking_clause(said).startswith("has zzm1")
    assert asking_clause("zzm1 wrote zzm2. did they write anything else?").startswith("did they")


def test_a_remark_after_a_comparison_leaves_the_choice(world_resources) -> None:
    result = _ask("Who has written more papers: Dariush Divsalar or Bo Chen? Not that it is a competition, mind.")
    assert result["answer"] == ["Dariush Divsalar"] and result["verified"]


def test_social_media_marks_are_read_away_outside_quotes() -> None:
    from hgrag.agents.understanding.social_marks import without_social_marks

    assert without_social_marks("Did @Elena Mishina and @Kirill Brekhov ever co-author? 🤝 #CollabCheck") == \
        "Did Elena Mishina and Kirill Brekhov ever co-author?"
    assert without_social_marks('For our #ReadingList thread 📖: who wrote "T #1"?') == 'For our thread: who wrote "T #1"?'
    assert without_social_marks("# citations for T") == "# citations for T"  # (a number sign, no hashtag)
    assert without_social_marks("papers with year ≥ 2010") == "papers with year ≥ 2010"  # (a comparison, no emoji)


def test_a_handle_before_a_name_links_the_name(world_resources) -> None:
    result = _ask("Did @Marvin K. Simon and @Bo Chen ever write a paper together? 🤝 #CollabCheck")
    assert result["answer"] == ["yes"] and result["verified"]


def test_set_notation_bars_count_what_they_enclose() -> None:
    from hgrag.agents.understanding.variants import with_symbols_in_words

    assert with_symbols_in_words("|coauthors(A)| = ?").startswith("the number of coauthors(A)")
    assert with_symbols_in_words("papers | author:A | year<2021").startswith("papers | author:A |")


def test_two_names_before_a_dash_and_a_bare_relation_ask_whether_they_stand_in_it() -> None:
    from hgrag.agents.understanding.name_heading import with_name_heading_as_subject

    assert with_name_heading_as_subject("Ann Lee & Bo Chen - co-authors? (any shared paper)") == \
        "Are Ann Lee & Bo Chen co-authors? (any shared paper)"
    assert with_name_heading_as_subject("Ann Lee & Bo Chen - papers?") == "Ann Lee & Bo Chen - papers?"


def test_a_named_author_as_a_byline_place_asks_for_their_papers(world_resources) -> None:
    result = _ask("dariush divsalar as first author")
    assert sorted(result["answer"]) == sorted([P2, P4]) and result["verified"]


def test_a_sentence_after_the_question_mark_that_names_what_is_asked_is_no_remark() -> None:
    from hgrag.agents.understanding.check import asked_kind, asking_tokens

    assert asked_kind(asking_tokens("is zzm1 an article, a book chapter, or something else? tell me its type.")) \
        != "yes/no"


def test_a_verb_of_counting_in_a_bracket_is_no_question_word_in_place() -> None:
    from hgrag.agents.understanding.check import asked_kind, asking_tokens

    said = "in which venues have the co-authors of zzm1 published their papers (any paper of them is counted)"
    assert asked_kind(asking_tokens(said)) != "paper"


def test_last_year_is_a_time_not_a_byline_place() -> None:
    from hgrag.agents.understanding.cue_words import byline_places

    said = "length of the career of zzauthor, that is last year minus first year?"
    assert not [m for pattern, _ in byline_places() for m in [pattern.search(said)] if m]
    assert [m for pattern, _ in byline_places() for m in [pattern.search("papers where zzauthor is last")] if m]


def test_or_what_closing_an_auxiliary_question_asks_yes_or_no() -> None:
    from hgrag.agents.understanding.reading import with_tag_as_yes_no

    assert with_tag_as_yes_no("Have A and B ever shared a byline or what?").endswith(", yes or no?")
    assert with_tag_as_yes_no("Which papers did A publish in 2019 or what?") == \
        "Which papers did A publish in 2019 or what?"


def test_a_joint_preposition_repeated_after_and_asks_for_what_holds_with_both(world_resources) -> None:
    result = _ask("Who has written papers with Marvin K. Simon and with Dariush Divsalar?")
    assert sorted(result["answer"]) == ["Ann Lee", "Bo Chen"] and result["verified"]  # (one list: who wrote with
    # both; not 'Marvin K. Simon: …' and 'Dariush Divsalar: …' per named person)


def test_set_notation_in_words() -> None:
    from hgrag.agents.understanding.variants import with_symbols_in_words

    assert with_symbols_in_words("coauthors(A) \\ {B Chen}") == "coauthors(A) except B Chen"
    assert with_symbols_in_words("A pubs with year in [2023, 2024]") == "A pubs with year between 2023 and 2024"
    assert with_symbols_in_words("total cited_by_count summed") == "total cited by count summed"
    assert with_symbols_in_words('papers citing "T_1 {x}"') == 'papers citing "T_1 {x}"'  # (quotes keep theirs)


def test_a_count_sign_on_a_noun_of_the_graph_stays_and_closing_tags_go() -> None:
    from hgrag.agents.understanding.social_marks import without_social_marks

    assert without_social_marks("#papers by A since 2011?") == "#papers by A since 2011?"
    assert without_social_marks("papers citing T #citations") == "papers citing T"


def test_a_year_bound_may_name_the_year_noun_and_german_bounds_read_plain() -> None:
    from hgrag.agents.understanding.reading import read_question, with_bounds_plain

    assert with_bounds_plain("papers of A up to and including year 2008") == "papers of A in or before 2008"
    german = read_question("Welche Paper von Ann Lee sind bis einschließlich 2008 erschienen?", lambda text: [])
    assert "in or before 2008" in german.text


def test_a_statement_before_a_lower_case_question_word_is_a_sentence_of_its_own() -> None:
    from hgrag.agents.understanding.sentences import sentences_of

    assert sentences_of('"T" is from 2019. how many papers does it cite?') == \
        ['"T" is from 2019.', "how many papers does it cite?"]
    assert len(sentences_of("What is the count of authors of T. who have written it?")) == 1


def test_a_paper_said_to_be_from_a_year_is_no_year_filter(world_resources) -> None:
    plain = _ask(f"How many papers does '{P4}' cite?")
    described = _ask(f'"{P4}" is from 2012. how many papers does it cite?')
    assert described["answer"] == plain["answer"] == ["1"] and described["verified"]


def test_a_fronted_frame_without_a_verb_is_no_sentence_of_its_own() -> None:
    from hgrag.agents.understanding.sentences import sentences_of

    assert len(sentences_of('For "Characterization of Cavities". which institutions is its last author at?')) == 1
    assert len(sentences_of("i heard A on the radio. what papers has he written")) == 2
