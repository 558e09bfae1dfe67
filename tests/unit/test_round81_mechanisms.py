"""Mechanisms added in the twenty-ninth stop: a question relayed for someone else with any verb ('A patron is
fairly sure …', 'Two students are arguing about it.') and for whom the answer is meant ('for the patron'); 'recent'
as a vague time word rather than a superlative; a German subordinate clause with its finite verb last; a yes/no tail
the asked-kind check still sees. Wordings are written here."""

from __future__ import annotations

import pytest

from test_chain_reader import P2, world  # noqa: F401 - the toy graph with citations (a fixture)
from test_round28_mechanisms import world_resources  # noqa: F401 - the toy graph as the pipeline's resources
from test_round30_mechanisms import _ask

from hgrag.agents.checking.question_clauses import residue
from hgrag.agents.understanding.lexicon import load
from hgrag.agents.understanding.normalise import to_english
from hgrag.agents.understanding.relayed import with_relay_as_asker, without_beneficiary
from hgrag.agents.understanding.tokens import tag


@pytest.mark.parametrize("question, expected", [
    ("A patron is fairly sure A wrote T. Is that the case?", "I am fairly sure A wrote T. Is that the case?"),
    ('A patron only remembers the title "T" - who wrote it?', 'I only remember the title "T" - who wrote it?'),
    ("Which is cited more, T or U? Two students are arguing about it.", "Which is cited more, T or U? We are arguing about it."),
    ("How many works does T cite? Someone is double-checking its reference list.",
     "How many works does T cite? I am double-checking its reference list."),
    ("Does T cite U? A reader watches the citation order.", "Does T cite U? I watch the citation order."),
    ("Someone cited T in 2019. Which paper was it?", "Someone cited T in 2019. Which paper was it?"),  # who is asked
    ("A reader cited T. Who?", "A reader cited T. Who?"),  # a verb of the graph: the requester is what is asked
    ("The professor who wrote T published where?", "The professor who wrote T published where?"),
])
def test_a_relayed_question_is_read_in_the_first_person_whatever_its_verb(question: str, expected: str) -> None:
    assert with_relay_as_asker(question) == expected


@pytest.mark.parametrize("question, expected", [
    ("What has A authored? List the titles for the patron, please.", "What has A authored? List the titles, please."),
    ("How many papers has A? Spelled as in the patron's email.", "How many papers has A? Spelled as in my email."),
    ("Which paper, T or U, is cited more? Settle it for two students.", "Which paper, T or U, is cited more? Settle it."),
    ("Which papers cite T?", "Which papers cite T?"),
])
def test_the_one_an_answer_is_meant_for_is_the_asker(question: str, expected: str) -> None:
    assert without_beneficiary(question) == expected


def test_recent_alone_is_a_vague_time_word_not_a_superlative() -> None:
    concepts = {t.text: t.concept for t in tag("only the recent papers, not the most recent one", load("en"))}
    assert concepts["recent"] == "time:recent" and concepts["most recent"] == "operator:last"


def test_recent_papers_of_an_author_without_a_year_are_declined(world_resources) -> None:
    result = _ask("What are the recent papers of Marvin K. Simon?")
    assert result["answer"] == [] and not result["verified"]


def test_recent_after_a_lower_bound_repeats_it(world_resources) -> None:
    both = _ask("Which papers has Dariush Divsalar published since 2008? I want only the recent ones.")
    plain = _ask("Which papers has Dariush Divsalar published since 2008?")
    assert both["verified"] and both["answer"] == plain["answer"] and len(plain["answer"]) > 1


def test_a_german_subordinate_clause_has_its_finite_verb_read_after_its_subject() -> None:
    english = to_english('Ich möchte wissen, welche Arbeiten "T" in seinem Literaturverzeichnis zitiert.', "de")
    assert '"T" cited in' in english
    second = to_english('Auf welche Arbeiten verweist "T" im Literaturverzeichnis?', "de")
    assert "references" in second.split('"T"')[1]  # a verb standing second leaves the clause as it is


def test_a_yes_no_tail_stays_for_the_asked_kind_check() -> None:
    plan = {"ir": {"op": "filter"}, "anchors": [{"text": "Bo Chen"}]}
    assert "yes or no" in residue("Bo Chen has a paper in 2009, yes or no?", plan)


def test_a_statement_closed_by_yes_or_no_is_answered_yes_or_no(world_resources) -> None:
    result = _ask("Bo Chen has a paper in Signal Processing, yes or no?")
    assert result["answer"] in (["yes"], ["no"]) and result["verified"], result["interpretation"]


def test_a_relayed_statement_then_a_confirming_question_is_answered(world_resources) -> None:
    result = _ask(f"A patron is fairly sure Bo Chen wrote '{P2}'. Is that actually the case?")
    assert result["answer"] in (["yes"], ["no"]) and result["verified"], result["interpretation"]


def test_what_remains_after_an_exclusion_is_the_exclusion_s_answer() -> None:
    assert {t.concept for t in tag("which titles remain", load("en"))} >= {"operator:left_over"}


@pytest.mark.parametrize("question", [
    "Is Ministry of Education of the People's Republic of China among the funders of T?",  # a name
    "People Mohamed Boukhary has teamed up with on papers?",  # no relaying subject: a name follows
])
def test_a_name_is_never_read_as_the_one_who_asks(question: str) -> None:
    assert with_relay_as_asker(without_beneficiary(question)) == question


@pytest.mark.parametrize("question, kept", [
    ("Which venues have A's co-authors used, whether or not A was also on the paper?", False),
    ("Finance need this, believe it or not. How many papers cite T?", False),
    ("A has a paper in V, yes or no?", True),
    ("Did A publish in V or not?", True),
])
def test_only_a_yes_no_phrase_closing_a_question_asks_yes_or_no(question: str, kept: bool) -> None:
    text = residue(question, {"ir": {"op": "filter"}, "anchors": []})
    assert (" or not" in text or "yes or no" in text) == kept, text


@pytest.mark.parametrize("question, kind", [
    ("can you confirm he has paper in that journal?", "yes/no"),
    ("can you confirm that zzm wrote zzm?", "yes/no"),
    ("please confirm the venue of zzm", "venue"),  # a thing to confirm, not a clause
    ("confirm zzm co-authors", None),
])
def test_a_confirming_command_with_a_clause_asks_yes_or_no(question: str, kind: str | None) -> None:
    from hgrag.agents.understanding.asked_head import asked_kind

    assert asked_kind(tag(question, load("en"))) == kind


def test_a_choice_offered_between_named_people_is_never_read_for_each(world_resources) -> None:
    result = _ask("Who is more productive by paper count: Bo Chen or Ann Lee?")
    assert result["answer"] in ([], ["Bo Chen"], ["Ann Lee"]), result["interpretation"]


def test_a_citation_count_needs_a_word_that_asks_for_it() -> None:
    from hgrag.agents.understanding.plan_shapes import citation_count_unasked
    from hgrag.state import plan_ir as ir

    counted = ir.project(ir.match(["p1"], "paper", "T"), "cited_by_count")
    assert citation_count_unasked(tag("zzm references it cites", load("en")), counted)
    for asked in ("zzm citations", "how often was zzm cited", "what is the h-index of zzm"):
        assert not citation_count_unasked(tag(asked, load("en")), counted), asked


def test_overall_adds_up_and_ranks_nothing() -> None:
    from hgrag.agents.understanding.plan_shapes import ranking_unsaid
    from hgrag.state import plan_ir as ir

    top = {"op": "top", "input": ir.match(["p1", "p2"], "paper"), "key": "year", "order": "min"}
    assert ranking_unsaid(tag("what papers did they write overall", load("en")), top)


def test_a_question_asked_again_of_the_next_one_distributes() -> None:
    from hgrag.agents.understanding.intersections import distributed_intersection
    from hgrag.state import plan_ir as ir

    joint = ir.setop("intersect", [ir.traverse(ir.match([n], "author", n), "writes", "out") for n in ("a", "b")])
    text = "when did zzm publish their first paper, and when did zzm? i need both years"
    assert distributed_intersection(text, joint)


def test_an_elided_second_part_is_the_first_asked_of_the_next_one() -> None:
    from types import SimpleNamespace

    from hgrag.agents.second_reader.split import ellipsis_filled

    own, before = [SimpleNamespace(text="B", type="author")], [SimpleNamespace(text="A", type="author")]
    filled = ellipsis_filled("when did B, i need both years?", "When did A publish their first paper?", own, before)
    assert filled == "When did B publish their first paper? i need both years?"
    assert ellipsis_filled("when did B publish in V?", "When did A publish their first paper?", own, before) is None


@pytest.mark.parametrize("question, expected", [
    ('The papers which are citing "T" - where?', 'The papers which cite "T" - where?'),
    ('How many references is "T" having?', 'How many references does "T" have?'),
    ('Is "T" citing "U"?', 'Does "T" cite "U"?'),
    ("What is missing?", "What is missing?"),  # no relation verb
    ("Is A publishing in V?", "Is A publishing in V?"),  # a name, not a quoted title: left as it is
])
def test_the_present_continuous_is_read_as_the_simple_present(question: str, expected: str) -> None:
    from hgrag.agents.understanding.aspect import with_progressive_as_simple

    assert with_progressive_as_simple(question) == expected


def test_variants_of_english_are_read_as_their_plain_wording() -> None:
    from hgrag.agents.understanding.variants import with_plain_variants

    assert with_plain_variants('In which all venues did "which all" appear, rounded off?') == \
        'In which venues did "which all" appear, rounded?'


@pytest.mark.parametrize("question", [
    "Totally how many distinct people has Bo Chen co-authored with?",
    "What is the total citation count of all Bo Chen papers added together?",
])
def test_totals_said_by_learners_are_in_total(world_resources, question: str) -> None:
    result = _ask(question)
    assert result["verified"] and len(result["answer"]) == 1 and result["answer"][0].isdigit(), result["interpretation"]


def test_a_german_hedge_after_a_yes_no_question_keeps_it_yes_or_no(world_resources) -> None:
    result = _ask("Haben Bo Chen und Marvin K. Simon mal zusammen ein Paper geschrieben? Ich glaube schon, aber "
                  "vielleicht verwechsle ich was")
    assert result["answer"] in (["yes"], ["no"]) and result["verified"], result["interpretation"]


def test_a_plural_verb_last_in_a_german_clause_agrees_with_the_asked_kind() -> None:
    assert 'cite "T"' in to_english('Ein Student fragt, welche Publikationen "T" zitieren.', "de")  # papers cite T
    assert '"T" cited' in to_english('Ich möchte wissen, welche Arbeiten "T" zitiert.', "de")  # T cites them


def test_a_compound_citation_count_noun_is_no_citing_verb() -> None:
    from hgrag.agents.checking.cite_direction import one_paper_direction

    assert one_paper_direction("zzpaper cite cnt") is None
    assert one_paper_direction("zzpaper cite how many other papers") == "out"


def test_a_question_said_twice_alike_is_answered_once(world_resources) -> None:
    result = _ask(f"Who wrote '{P2}'? I mean who are its authors?")
    assert result["verified"] and "Bo Chen" in result["answer"], result["interpretation"]


def test_learners_words_for_a_total_are_in_total() -> None:
    for said in ("all of zzm's papers added together", "the citations summed up"):
        concepts = {t.concept for t in tag(said, load("en"))}
        assert "instruction:in_total" in concepts or "operator:sum" in concepts, said
    assert all(t.family == "filler" for t in tag("kinda sorta", load("en")))


@pytest.mark.parametrize("question, concept", [
    ("in a venue distinct from zzm", "operator:exclude"),
    ("excluding both zzm and zzm", "operator:exclude"),
    ("papers authored or co-authored by zzm", "relation:writes"),
    ("both endpoints included", "instruction:inclusive"),
])
def test_round_86_phrases_are_read_as_one_meaning(question: str, concept: str) -> None:
    tokens = tag(question, load("en"))
    assert concept in {t.concept for t in tokens} and "operator:both" not in {t.concept for t in tokens} and \
        "relation:coauthor" not in {t.concept for t in tokens}


def test_totally_is_an_intensifier_not_a_total() -> None:
    assert [t.family for t in tag("totally", load("en"))] == ["filler"]


def test_papers_written_together_with_someone_are_no_total(world_resources) -> None:
    result = _ask("Could you name the people who have written papers together with Bo Chen?")
    assert result["verified"] and result["answer"] and not result["answer"][0].isdigit(), result["interpretation"]


def test_older_and_newer_than_a_year_bound_it() -> None:
    assert [t.concept for t in tag("older than 2003", load("en"))][0] == "time:before"
    assert [t.concept for t in tag("newer than 2003", load("en"))][0] == "time:after"


def test_an_empty_answer_says_the_filters_it_kept(world_resources) -> None:
    result = _ask("Which papers by Bo Chen were published in 1990?")
    assert result["answer"] == [] and "1990" in result["answer_text"], result["answer_text"]


def test_a_hedged_fragment_with_an_auxiliary_asks_yes_or_no() -> None:
    from hgrag.agents.understanding.asked_head import asked_kind

    assert asked_kind(tag("zzm ever had a paper in zzm??", load("en"))) == "yes/no"


def test_a_grant_number_is_no_funder_word() -> None:
    import json
    from pathlib import Path

    import hgrag.agents as agents

    kinds = json.loads((Path(agents.__file__).parent / "lexicon_graph_kinds.json").read_text())
    words = [w for family in kinds.values() if isinstance(family, dict) for w in family.get("funder", [])]
    assert "funders" in words and "grant" not in words and "grants" not in words


def test_a_bound_on_the_one_named_thing_itself_is_no_reading_of_a_list_or_count() -> None:
    from hgrag.agents.understanding.plan_shapes import named_thing_filtered
    from hgrag.state import plan_ir as ir

    own = {"op": "filter", "input": ir.match(["p1"], "paper", "T"), "attr": "year", "cmp": ">", "value": 2024}
    assert named_thing_filtered(ir.project(own, "cited_by_count"))
    assert not named_thing_filtered({"op": "test", "input": own, "cmp": "nonempty"})
    several = {**own, "input": ir.match(["p1", "p2"], "paper", "")}
    assert not named_thing_filtered(several)
    named_by_year = {**own, "cmp": "="}  # ('T (2024)': the year names the paper)
    assert not named_thing_filtered(ir.project(named_by_year, "subfield"))


def test_learners_how_much_with_a_plural_counts() -> None:
    from hgrag.agents.understanding.variants import with_plain_variants

    assert with_plain_variants("How much papers has A ?") == "How many papers has A ?"


def test_else_leaves_out_and_ranks_nothing() -> None:
    from hgrag.agents.understanding.plan_shapes import ranking_unsaid
    from hgrag.state import plan_ir as ir

    top = {"op": "top", "input": ir.match(["v1", "v2"], "venue"), "key": "frequency", "order": "max"}
    assert ranking_unsaid(tag("where else has zzm published? every venue they've been in", load("en")), top)


def test_what_about_the_next_one_is_the_first_part_asked_of_it() -> None:
    from types import SimpleNamespace

    from hgrag.agents.second_reader.split import ellipsis_filled

    own, before = [SimpleNamespace(text="U", type="paper")], [SimpleNamespace(text="T", type="paper")]
    assert ellipsis_filled('what about "U"?', 'What year did "T" come out?', own, before) == 'What year did "U" come out?'


def test_french_very_first_is_first() -> None:
    assert "first" in to_english("Le tout premier article signé par Ronald de Wolf", "fr").split()


def test_a_citation_walk_from_an_authors_papers_goes_the_way_the_question_says() -> None:
    from hgrag.agents.checking.cite_check import direction_parts
    from hgrag.state import plan_ir as ir

    papers = ir.traverse(ir.match(["author:A B"], "author", "A B"), "writes", "out")
    anchors = [{"text": "A B", "node_id": "author:A B", "type": "author"}]
    cited_by_them = {"ir": ir.traverse(papers, "cites", "out"), "anchors": anchors}
    citing_them = {"ir": ir.traverse(papers, "cites", "in"), "anchors": anchors}
    assert direction_parts("Which papers have cited any of A B's work?", cited_by_them)
    assert not direction_parts("Which papers have cited any of A B's work?", citing_them)
    assert direction_parts("What papers does A B cite across their own papers?", citing_them)


def test_a_count_of_times_is_no_count_of_people() -> None:
    from hgrag.agents.understanding.plan_shapes import times_counted_as_people
    from hgrag.state import plan_ir as ir

    citers = ir.traverse(ir.traverse(ir.match(["p1"], "paper"), "cites", "in"), "writes", "in")
    said = tag("add up all the times other people cited the papers of zzm", load("en"))
    assert times_counted_as_people(said, ir.aggregate(citers, "count"))
    assert not times_counted_as_people(tag("how many people cited zzm", load("en")), ir.aggregate(citers, "count"))


def test_a_remark_that_any_paper_counts_asks_no_count() -> None:
    assert all(t.family == "filler" for t in tag("any of their papers counts", load("en")))
