"""Mechanisms added after blind rounds 47 and 48: a year named by a person's first or last paper, a byline place
that belongs to the answer, plural byline places, affiliations over a person's whole record, and the plain string
search that replaced patterns compiled per mention."""

from __future__ import annotations

import pytest

from test_chain_reader import world  # noqa: F401 - the toy graph with citations (a fixture)
from test_round28_mechanisms import world_resources  # noqa: F401 - the toy graph as the pipeline's resources


def _ask(question: str) -> dict:
    from test_round30_mechanisms import _ask as ask

    return ask(question)


@pytest.mark.parametrize("question, expected, year", [
    # Bo Chen's first paper is from 2010; Marvin K. Simon's from 2008
    ("Which papers did Dariush Divsalar publish before Bo Chen's first paper appeared?",
     ["On the difference of two chi-square variates with application to outage probability"], "2010"),
    ("Which of Dariush Divsalar's papers came out after Bo Chen's first paper?",
     ["Energy efficient scheduling of uplink traffic"], "2010"),
    ("The year after Ann Lee's first paper came out - which venues did Bo Chen publish in that year?", [], None),
])
def test_a_year_named_by_a_persons_first_paper_is_read_from_the_graph(world_resources, question, expected,
                                                                        year) -> None:
    result = _ask(question)
    assert sorted(result["answer"]) == expected
    if year:
        assert result["verified"] and f"first paper appeared in {year}" in result["interpretation"]


@pytest.mark.parametrize("question, expected", [
    ("Who are the last authors of Dariush Divsalar's papers?", ["Ann Lee", "Bo Chen", "Dariush Divsalar"]),
    ("Who was the first author on Bo Chen's papers?", ["Dariush Divsalar", "Marvin K. Simon"]),
    ("Who co-authored with Dariush Divsalar as first author?", ["Bo Chen"]),  # the place is the named person's
])
def test_a_byline_place_said_before_the_person_is_the_answers(world_resources, question, expected) -> None:
    result = _ask(question)
    assert sorted(result["answer"]) == expected and result["verified"], result.get("interpretation")


def test_a_plural_byline_place_reads_as_the_place(world_resources) -> None:
    result = _ask("Who are the first authors of 'Adaptive routing for delay tolerant sensor networks'?")
    assert result["answer"] == ["Dariush Divsalar"] and result["verified"]


def test_is_it_not_true_that_denies_the_claim(world_resources) -> None:
    assert _ask("Is it not true that Ann Lee has never co-authored with Bo Chen?")["answer"] == ["no"]
    assert _ask("Is it not true that Ann Lee has never co-authored with Marvin K. Simon?")["answer"] == ["yes"]


def test_literal_spans_are_whole_words_when_asked() -> None:
    from hgrag.tools.text import literal_spans, replace_literal

    assert literal_spans("T in co-authors T, t.", "T", whole_word=True) == [(0, 1), (16, 17), (19, 20)]
    assert literal_spans("aXa xa", "xa") == [(1, 3), (4, 6)]
    assert replace_literal("Foo BAR and foo bar", "foo bar", "X") == "X and X"
    assert replace_literal("İstanbul papers", "i̇stanbul", "X").endswith(" papers")  # a longer lower case


def test_a_name_ending_in_an_initial_takes_its_full_stop() -> None:
    from hgrag.agents.checking.mention_use import replace_typed

    assert replace_typed("Did Jordan, Richard W. and jordan, richard w write?", "Jordan, Richard W", "#") == \
        "Did # and # write?"


def test_tagged_tokens_are_remembered_but_the_list_is_the_callers() -> None:
    from hgrag.agents.understanding.lexicon import load
    from hgrag.agents.understanding.tokens import tag

    first = tag("how many papers did zzm write", load("en"))
    first.clear()
    assert tag("how many papers did zzm write", load("en"))


def test_the_people_of_a_paper_over_their_whole_record_when_the_question_says_so() -> None:
    from hgrag.agents.kinds.placed import _says_person_wide

    assert _says_person_wide("the institutions of the authors of T, counting every authorship they hold")
    assert not _says_person_wide("the institutions of the authors of T")
    assert not _says_person_wide("the institutions the authors of T held on the paper over their careers")


@pytest.mark.parametrize("question", [
    "Who are the co-authors of Dariush Divsalar, other than Ann Lee and Bo Chen?",
    "Leaving aside Ann Lee and Bo Chen, who are the co-authors of Dariush Divsalar?",
])
def test_a_group_joined_to_the_left_out_one_is_left_out_too(world_resources, question) -> None:
    result = _ask(question)
    assert result["answer"] == ["Marvin K. Simon"] and result["verified"], result.get("interpretation")


def test_initials_and_a_long_surname_may_hold_one_slip() -> None:
    from hgrag.agents.linking.name_typos import allowed_edits

    assert allowed_edits("R. Heler") == 1 and allowed_edits("M.R. Anil Kuar") == 1
    assert allowed_edits("R. Hel") == 0 and allowed_edits("Bo Chn") == 0


@pytest.mark.parametrize("question", [
    "Dariush Divsalar's coauthors: which venues have they published in?",
    "ok so, Dariush Divsalar's coauthors -- which venues have those people published in overall?",
    "Taking all the co-authors of Dariush Divsalar together, in which venues have those co-authors published?",
])
def test_a_set_named_as_a_topic_is_what_the_plural_anaphor_means(world_resources, question) -> None:
    result = _ask(question)
    assert sorted(result["answer"]) == ["Computer Networks", "Signal Processing"] and result["verified"]
    assert "Dariush Divsalar" in result["interpretation"]


def test_a_named_topic_without_a_description_is_no_set_topic() -> None:
    from hgrag.agents.planning.topic_set import _split

    assert _split("Bo Chen, Ann Lee: did they write together?") is None
    assert _split("Bo Chen's coauthors: which venues have they published in?") == (
        "Bo Chen's coauthors", "which venues have they published in?")


def test_idioms_of_citing_and_publishing(world_resources) -> None:
    from test_chain_reader import P2, P3

    from test_planner import P1

    assert sorted(_ask(f"Which later papers pick up on '{P1}'?")["answer"]) == sorted([P2, P3])
    assert sorted(_ask("Where has Marvin K. Simon gotten work into print?")["answer"]) == \
        ["Computer Networks", "Signal Processing"]


@pytest.mark.parametrize("question, folded", [
    ("Where were T1 and T2 published? One venue each", "Where were T1 and T2 published, one venue each?"),
    ("Who wrote T? First author only.", "Who wrote T, first author only?"),
    ("Which papers cite T? Which ones?", None),  # a question of its own
    ("Who wrote T?", None),
])
def test_a_short_fragment_after_the_question_is_read_inside_it(question, folded) -> None:
    from hgrag.agents.understanding.asking_sentence import tail_folded

    assert tail_folded(question) == folded


def test_a_dashed_tag_question_makes_a_yes_no_question() -> None:
    from hgrag.agents.understanding.reading import with_tag_as_yes_no

    assert with_tag_as_yes_no("A published in V at one point -- is that so?") == "A published in V at one point, yes or no?"
    assert with_tag_as_yes_no("A published in V - true?") == "A published in V, yes or no?"


def test_a_stop_that_ends_a_linked_name_is_no_sentence_end() -> None:
    from types import SimpleNamespace

    from hgrag.agents.checking.residual import residual_text

    span = SimpleNamespace(start=18, end=37, type="author", candidates=[SimpleNamespace(label="Anthony J. Yezzi Jr.")])
    text = residual_text("Which papers by   Anthony J. Yezzi Jr. predate 2000?", [span], [2000])
    assert "zzstop" not in text


@pytest.mark.parametrize("question, expected", [
    ("Which of the papers by Dariush Divsalar predate the first paper of Bo Chen?",
     ["On the difference of two chi-square variates with application to outage probability"]),
])
def test_the_first_paper_of_a_person_names_a_year(world_resources, question, expected) -> None:
    result = _ask(question)
    assert result["answer"] == expected and result["verified"], result.get("interpretation")


def test_a_fronted_phrase_that_asks_is_no_context() -> None:
    from hgrag.agents.understanding.asking_sentence import _fronted_phrase

    assert _fronted_phrase("For background, can you list zzm's papers?") > 0
    assert _fronted_phrase("In which countries blorp the institutions, zzm affiliated?") == 0


def test_a_double_dash_ends_a_clause() -> None:
    from hgrag.agents.understanding.tokens import clauses

    assert clauses("A and B wrote together -- have they co-authored a paper?")[-1] == "have they co-authored a paper?"


def test_a_topic_that_states_a_relation_is_no_set_topic() -> None:
    from hgrag.agents.planning.topic_set import _split

    assert _split("A and B once wrote something together -- have they co-authored a paper?") is None


@pytest.mark.parametrize("question, expected", [
    ("Whoever was first author of 'Adaptive routing for delay tolerant sensor networks' -- what other papers has "
     "that person written?", ["Energy efficient scheduling of uplink traffic",
                              "On the difference of two chi-square variates with application to outage probability"]),
    ("Leaving aside whatever appeared in Signal Processing, which papers did Marvin K. Simon write?",
     ["On the difference of two chi-square variates with application to outage probability"]),
    ("What did Dariush Divsalar publish in the first 2 years of the career (counting from the first recorded paper)?",
     ["On the difference of two chi-square variates with application to outage probability"]),
])
def test_readings_added_after_round_49(world_resources, question, expected) -> None:
    result = _ask(question)
    assert sorted(result["answer"]) == expected and result["verified"], result.get("interpretation")


def test_a_head_in_place_after_a_kind_noun_is_what_is_asked() -> None:
    from hgrag.agents.understanding.asked_head import asked_kind
    from hgrag.agents.understanding.asking_sentence import asking_tokens

    assert asked_kind(asking_tokens("papers cited by zzm appeared in which venues?")) == "venue"
    assert asked_kind(asking_tokens("venues in which zzm published?")) == "venue"


def test_before_a_persons_first_paper_is_a_bound_the_plan_must_set() -> None:
    from hgrag.agents.understanding.lexicon import signatures

    assert "operator:first" in signatures()["time:before"]["bound_to"]


def test_first_authors_of_two_papers_is_no_comparison_of_them(world_resources) -> None:
    result = _ask("First authors of 'Adaptive routing for delay tolerant sensor networks' and "
                  "'Sparse recovery of harmonic signals in noise'?")
    assert sorted(a.split(": ")[-1] for a in result["answer"]) == ["Dariush Divsalar", "Marvin K. Simon"]


def test_a_person_who_had_their_first_paper_names_a_year(world_resources) -> None:
    result = _ask("Which papers Dariush Divsalar published before Bo Chen had the first paper?")
    assert result["answer"] == ["On the difference of two chi-square variates with application to outage probability"]
    assert result["verified"]


def test_numbered_parts_lose_their_numbers() -> None:
    from hgrag.agents.understanding.asking_sentence import without_enumerators

    assert without_enumerators("Please (1) identify the venue of T1 and (2) identify the venue of T2.") == \
        "Please identify the venue of T1 and identify the venue of T2."
    assert without_enumerators("1. Who wrote T1? 2. Who wrote T2?") == "Who wrote T1? Who wrote T2?"
    assert without_enumerators("Who wrote Part (1)?") is None


def test_the_venue_two_papers_share_needs_a_word_that_says_so() -> None:
    from hgrag.agents.understanding.intersections import one_valued_intersection
    from hgrag.state import plan_ir as ir

    venues = [ir.traverse(ir.match([p], "paper", p), "published_in", "out") for p in ("p1", "p2")]
    shared = ir.setop("intersect", venues)
    assert one_valued_intersection("identify the venue of zzm and identify the venue of zzm", shared)
    assert not one_valued_intersection("in which venue were both zzm and zzm published", shared)


@pytest.mark.parametrize("question, expected", [
    ("Which of Dariush Divsalar's co-authors are there, with the exception of Bo Chen?", ["Ann Lee", "Marvin K. Simon"]),
    ("List Dariush Divsalar's co-authors, but drop Bo Chen and anyone who has also written with Bo Chen.", ["Ann Lee"]),
])
def test_an_exclusion_of_a_person_leaves_out_the_person(world_resources, question, expected) -> None:
    result = _ask(question)
    assert sorted(result["answer"]) == expected and result["verified"], result.get("interpretation")


def test_a_stop_after_a_quoted_title_still_ends_the_sentence() -> None:
    from types import SimpleNamespace

    from hgrag.agents.checking.residual import residual_text

    question = 'The paper is "Energy efficient scheduling". Does Bo Chen belong on it?'
    span = SimpleNamespace(start=13, end=41, type="paper", candidates=[SimpleNamespace(label="Energy efficient scheduling.")])
    assert "zzstop" in residual_text(question, [span], [])


def test_a_sentence_with_a_question_word_is_no_topic() -> None:
    from hgrag.agents.planning.topic_set import _split

    assert _split("A journalist asked me what A works on. Which papers are they?") is None


def test_a_denied_relation_still_leaves_out_what_the_person_reaches(world_resources) -> None:
    # Dariush Divsalar's co-authors: Marvin K. Simon, Ann Lee (P1), Bo Chen (P2); Ann Lee wrote with Simon only
    result = _ask("Who among Dariush Divsalar's collaborators has no paper with Ann Lee?")
    assert sorted(result["answer"]) == ["Bo Chen"] and result["verified"], result.get("interpretation")
