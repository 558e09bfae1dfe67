"""The mechanisms of the twenty-third stop: windows of years counted from a named paper's own year. Wordings are
written here."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from test_planner import P1
from test_chain_reader import P3, P4
from test_chain_reader import world  # noqa: F401 - the toy graph with citations (a fixture)
from test_round28_mechanisms import world_resources  # noqa: F401 - the toy graph as the pipeline's resources
from test_second_reader import read, verified


@pytest.mark.parametrize("question, expected, bound", [
    (f"Which papers cited '{P1}' within two years of its publication?", ["p2", "p3"], "in or before 2010"),
    (f"Which papers cited '{P3}' more than one year after its publication?", ["p4"], "after 2011"),
    (f"Which papers cited '{P3}' more than two years after it appeared?", [], "after 2012"),
    (f"Which of the works cited by '{P4}' are at least two years older than it?", ["p3"], "in or before 2010"),
    (f"Which of the works cited by '{P4}' appeared before it?", ["p3"], "before 2012"),
])
def test_a_window_counted_from_a_named_papers_year(world, question, expected, bound) -> None:
    answer, plan, report = read(world, question)
    titles = {pid: world.store.attr(pid, "title") for pid in expected}
    assert sorted(answer) == sorted(titles.values()) and verified(report)
    assert bound in plan["checked_question"]


def test_the_year_of_a_papers_publication_is_no_window(world) -> None:
    answer, plan, _ = read(world, f"What is the year of its publication for '{P1}'?")
    assert answer == ["2008"] and "checked_question" not in plan


@pytest.mark.parametrize("question", [
    f"Who are the middle authors of '{P1}'?",
    f"Leaving aside the first and the last name on the byline of '{P1}', who is in the middle?",
    f"Except for the first and the last author, who else wrote '{P1}'?",
])
def test_the_middle_of_a_byline_leaves_out_the_first_and_the_last_author(world_resources, question) -> None:
    from test_round30_mechanisms import _ask

    result = _ask(question)  # P1: Marvin K. Simon, Dariush Divsalar, Ann Lee
    assert result["answer"] == ["Dariush Divsalar"] and result["verified"], result.get("interpretation")


@pytest.mark.parametrize("question, expected", [
    (f"Which references of '{P4}' are also cited by '{P3}'?", []),
    (f"Which papers citing '{P1}' are also cited by '{P4}'?", [P3]),  # P2, P3 cite P1; P4 cites P3
    (f"Which papers citing '{P1}' are not cited by '{P4}'?", ["Adaptive routing for delay tolerant sensor networks"]),
])
def test_a_subject_and_a_predicate_through_two_named_papers(world_resources, question, expected) -> None:
    from test_round30_mechanisms import _ask

    result = _ask(question)
    assert sorted(result["answer"]) == expected and result["verified"], result.get("interpretation")


def test_which_and_a_relation_noun_asks_for_what_it_names() -> None:
    from hgrag.agents.understanding.asked_head import asked_kind
    from hgrag.agents.understanding.lexicon import load
    from hgrag.agents.understanding.tokens import tag

    assert asked_kind(tag("which references of zzm are also cited by zzm?", load("en"))) == "paper"
    assert asked_kind(tag("which co-authors of zzm wrote zzm?", load("en"))) == "author"
    assert asked_kind(tag("which cited zzm?", load("en"))) is None  # a verb: its own reading


def test_a_comparative_must_compare(world_resources) -> None:
    from test_round30_mechanisms import _ask

    result = _ask("Who has the larger output in this collection, Dariush Divsalar or Bo Chen?")
    assert result["answer"] in (["Dariush Divsalar"], []), result.get("interpretation")  # the winner, or declined
    assert result["answer"] or not result["verified"]


def test_a_stated_fact_and_a_frame_ask_no_part() -> None:
    from hgrag.agents.kinds.asking import asked_parts, statement_ends

    stated = "each paper has a primary topic, and every topic sits in a subfield. for the papers of zzm, " \
             "which subfields do those primary topics fall into?"
    assert statement_ends(stated) and asked_parts(stated, ["author"]) == []
    framed = "i am classifying zzm. going from its primary topic up through the subfield, which field does it end up in?"
    assert asked_parts(framed, ["paper"]) == []
    assert asked_parts("what is the venue and the primary topic of zzm?", ["paper"]) == ["venue", "primary_topic"]


@pytest.mark.parametrize("question, concept", [
    ("what's the total citation haul of zzm?", "attribute:citations"),
    ("what has zzm churned out?", "relation:writes"),
    ("who are the people zzm has rubbed shoulders with?", "relation:coauthor"),
    ("walk me through the paper trail of zzm", "kind:paper"),
    ("who anchors the author list of zzm?", "attribute:position_last"),
])
def test_idioms_are_lexicon_words(question, concept) -> None:
    from hgrag.agents.understanding.lexicon import load
    from hgrag.agents.understanding.tokens import tag

    assert concept in {t.concept for t in tag(question, load("en"))}


@pytest.mark.parametrize("question, expected", [
    # Dariush Divsalar: P1 (2008), P2 (2010), P4 (2012); first two years = 2008-2009, last three = 2010-2012
    ("In which venues did Dariush Divsalar publish during the first two years of their career?", ["Computer Networks"]),
    ("Who co-authored with Dariush Divsalar in the last three years of their publishing record, i.e. their latest "
     "year and the two before it?", ["Bo Chen"]),
])
def test_a_window_of_an_authors_own_career_is_written_out(world_resources, question, expected) -> None:
    from test_round30_mechanisms import _ask

    result = _ask(question)
    assert sorted(result["answer"]) == expected and result["verified"], result.get("interpretation")


@pytest.mark.parametrize("question, expected", [
    ("Who wrote the most cited paper that Computer Networks published in 2010?", ["Bo Chen", "Dariush Divsalar"]),
    ("Who wrote the most cited paper that Computer Networks published?", ["Ann Lee", "Dariush Divsalar",
                                                                          "Marvin K. Simon"]),
])
def test_a_chain_takes_one_year_restriction_on_the_papers_it_reaches(world, question, expected) -> None:
    answer, plan, report = read(world, question)  # Computer Networks: P1 (2008, 40), P2 (2010, 12), P4 (2012, 3)
    assert sorted(answer) == expected and verified(report), plan.get("interpretation")


@pytest.mark.parametrize("text, roles", [
    ("does the reference list of zzpaper include zzpaper?", (0, 1)),
    ("is zzpaper among the works cited by zzpaper?", (1, 0)),
    ("is zzpaper one of the papers referenced in zzpaper?", (1, 0)),
    ("does the bibliography of zzpaper list zzpaper?", (0, 1)),
])
def test_which_of_two_papers_cites_the_other(text, roles) -> None:
    from hgrag.agents.checking.cite_direction import two_paper_roles

    assert two_paper_roles(text) == roles


@pytest.mark.parametrize("question, expected", [
    ("Give me the papers of Marvin K. Simon other than their single most cited one.", [P1]),  # P3 has 55
    (f"List what '{P4}' cites, excluding every reference published before 2010.", ["Sparse recovery of harmonic "
                                                                                    "signals in noise"]),
    (f"List what '{P4}' cites, excluding every reference published in 2010.", []),
])
def test_an_exclusion_of_a_restriction_keeps_the_rest(world_resources, question, expected) -> None:
    from test_round30_mechanisms import _ask

    result = _ask(question)
    assert sorted(result["answer"]) == expected and result["verified"], result.get("interpretation")


def test_these_two_points_at_the_named_things() -> None:
    from hgrag.agents.understanding.cue_words import quantities

    assert quantities("name the venue of each of these two papers: zzm") == []
    assert quantities("which two papers of zzm are cited most?") == [(2, "two")]


@pytest.mark.parametrize("question, expected", [
    ("What is the h-index of Dariush Divsalar in this graph?", ["3"]),  # 40, 12, 3 citations: three cited 3+ times
    ("Computing it from the citation counts of the papers here, what h-index does Marvin K. Simon reach?", ["2"]),
])
def test_an_h_index_is_computed_from_the_citation_counts(world, question, expected) -> None:
    answer, plan, report = read(world, question)
    assert answer == expected and verified(report), plan.get("interpretation")


def test_the_executor_computes_an_h_index() -> None:
    from test_planner import make_store
    from hgrag.state import plan_ir as ir
    from hgrag.tools.ir_exec import execute

    papers = ir.traverse(ir.match(["a2"], "author", "Dariush Divsalar"), "writes", "out")
    assert execute(make_store(), ir.aggregate(papers, "h_index", "cited_by_count")).value.data == 3


def test_a_yes_no_answer_the_same_for_every_namesake_is_given() -> None:
    from test_linking_honesty import homonym_world, planned
    from hgrag.tools.plan_exec import linked_subjects

    toy = homonym_world()  # two Bo Chens: a4 (P2, P3 in 2010) and a9 (one paper, 2019)
    same = planned(toy, "Did Bo Chen publish any paper in 2005?")
    assert linked_subjects(same) and "the answer is the same for each of them" in same["anchors"][0]["picked_because"]
    different = planned(toy, "Did Bo Chen publish any paper in 2010?")
    assert not linked_subjects(different)  # one of them did: which one is meant is asked back


@pytest.mark.parametrize("question, expected", [
    ("Who are the first authors of the papers Bo Chen has cited?", ["Marvin K. Simon"]),  # P4 is Dariush's; Bo: P2, P3
    ("Which papers has Ann Lee been cited by?", [P3, "Adaptive routing for delay tolerant sensor networks"]),
])
def test_the_voice_of_a_citing_verb_after_a_person(world, question, expected) -> None:
    answer, plan, report = read(world, question)
    assert sorted(answer) == sorted(expected) and verified(report), plan.get("interpretation")


def test_a_count_of_papers_is_not_a_ranking_by_citations(world_resources) -> None:
    from test_round30_mechanisms import _ask

    result = _ask("Marvin K. Simon has worked with several collaborators. With which one of them did they write the "
                  "most papers?")
    assert result["answer"] != [P3] or not result["verified"]  # never their most cited paper


def test_in_their_references_restates_the_citation(world) -> None:
    answer, plan, report = read(world, f"Which later papers point back to '{P1}' in their references?")
    assert sorted(answer) == sorted([P3, "Adaptive routing for delay tolerant sensor networks"]) and verified(report)


@pytest.mark.parametrize("question, expected", [
    ("Which papers build on Ann Lee's work by citing one of their papers?", [P3, "Adaptive routing for delay tolerant "
                                                                                  "sensor networks"]),
    ("Which papers build on Ann Lee's work?", [P3, "Adaptive routing for delay tolerant sensor networks"]),
])
def test_building_on_a_persons_work_cites_it(world, question, expected) -> None:
    answer, plan, report = read(world, question)
    assert sorted(answer) == sorted(expected) and verified(report), plan.get("interpretation")


def test_a_sentence_asking_whether_the_statement_holds_makes_it_a_yes_no_question() -> None:
    from hgrag.agents.understanding.sentences import with_confirmation_as_tag

    assert with_confirmation_as_tag("My notes say A worked at I. Does the record back that up?") == \
        "A worked at I, yes or no?"  # (the asker's own frame is no part of the claim)
    assert with_confirmation_as_tag("A worked at I. Where else?") is None


def test_a_claim_the_plan_does_not_read_is_asked_as_the_yes_no_question(world_resources) -> None:
    from test_round30_mechanisms import _ask

    result = _ask("My notes say Bo Chen published in Signal Processing at some point. Does the record back that up?")
    assert result["answer"] == ["yes"] and result["verified"], result.get("interpretation")  # P3, Signal Processing
    result = _ask("My notes say Ann Lee published in Signal Processing at some point. Does the record back that up?")
    assert result["answer"] == ["no"] and result["verified"], result.get("interpretation")


def test_between_them_unites() -> None:
    from hgrag.agents.understanding.lexicon import load

    assert load("en").concept("between them") == "operator:union"


@pytest.mark.parametrize("question, expected", [
    # Dariush Divsalar: P1 (2008, Computer Networks), P2 (2010, Computer Networks, with Bo Chen), P4 (2012)
    ("In the two years following Dariush Divsalar's debut paper, where did they publish?", ["Computer Networks"]),
    ("Who did Bo Chen write with in the year of their debut?", ["Dariush Divsalar", "Marvin K. Simon"]),
])
def test_a_year_of_a_career_walks_on_to_what_is_asked(world, question, expected) -> None:
    answer, plan, report = read(world, question)
    assert sorted(answer) == expected and verified(report), plan.get("interpretation")


@pytest.mark.parametrize("question, expected", [
    ("Consider the most cited paper of Computer Networks. Who wrote it?", ["Ann Lee", "Dariush Divsalar",
                                                                          "Marvin K. Simon"]),  # P1, 40 citations
    ("Take whoever has published the most papers in Computer Networks. Which papers did that person write?",
     [P1, P4, "Adaptive routing for delay tolerant sensor networks"]),  # Dariush Divsalar: P1, P2, P4
])
def test_a_sentence_that_picks_one_thing_and_a_question_about_it(world_resources, question, expected) -> None:
    from test_round30_mechanisms import _ask

    result = _ask(question)
    assert sorted(result["answer"]) == sorted(expected) and result["verified"], result.get("interpretation")


def test_a_plural_pronoun_after_their_papers_stands_for_the_papers() -> None:
    from hgrag.agents.understanding.context_fold import with_context_folded

    name = "Marvin K. Simon"

    def detect(text: str) -> list:
        at = text.find(name)
        return [SimpleNamespace(start=at, end=at + len(name), text=name, type="author",
                                candidates=[SimpleNamespace(node_id="a1")])] if at >= 0 else []

    folded = with_context_folded(f"My question concerns {name}. Their papers have been cited to varying degrees. "
                                 "What is the highest citation count any one of them has reached?", detect)
    assert folded == f"What is the highest citation count any one of {name}'s papers has reached?"


def test_a_year_stated_before_is_never_a_restriction_of_the_year_asked(world_resources) -> None:
    from test_round30_mechanisms import _ask

    result = _ask("Marvin K. Simon began publishing in 2008. In which year did their most recent paper appear?")
    assert result["answer"] in (["2010"], []) and (result["answer"] or not result["verified"])  # never '2008'


def test_a_source_aside_before_a_yes_no_question_is_a_filler() -> None:
    from hgrag.agents.understanding.check import asked_kind, asking_tokens

    assert asked_kind(asking_tokens("according to the affiliations in the graph, has zzm ever worked at zzm?")) == "yes/no"


def test_an_anaphor_after_a_described_subject_is_not_bound_to_the_named_thing() -> None:
    from hgrag.agents.understanding.context_fold import with_context_folded

    title = "Sparse recovery of harmonic signals in noise"

    def detect(text: str) -> list:
        at = text.find(title)
        return [SimpleNamespace(start=at, end=at + len(title), text=title, type="paper",
                                candidates=[SimpleNamespace(node_id="p3")])] if at >= 0 else []

    question = f"I'm citing \"{title}\". The last name on the byline is usually the lab head. Who is it here?"
    assert with_context_folded(question, detect) == question
    assert with_context_folded(f"I'm citing \"{title}\". Who wrote it?", detect) == f'Who wrote "{title}"?'


def test_a_path_written_with_arrows_reads_as_its_steps() -> None:
    from hgrag.agents.understanding.reading import with_path_in_words

    assert with_path_in_words("Ann Lee -> co-authors -> venues") == "What are the venues of the co-authors of Ann Lee?"
    assert with_path_in_words("cites? T1 -> T2") == "cites? T1 -> T2"  # a citation arrow between two papers stays


def test_which_of_the_two_asks_for_one_of_the_named_things() -> None:
    from hgrag.agents.understanding.check import _one_of_the_named, asking_tokens

    plan = {"anchors": [{"type": "author", "node_id": "a1"}, {"type": "author", "node_id": "a2"}]}
    assert _one_of_the_named(asking_tokens("which of the two started publishing earlier, zzm or zzm?"), plan) == "author"
    assert _one_of_the_named(asking_tokens("which papers of zzm cite zzm?"), plan) is None


def test_an_h_index_not_asked_of_the_graph_is_declined(world) -> None:
    answer, plan, report = read(world, "What is the h-index of Dariush Divsalar?")  # recorded nowhere: not computed
    assert not verified(report) and "computed from the citation counts" in str(report)


def test_a_titles_words_are_no_instruction() -> None:
    from hgrag.agents.understanding.instructions import with_instructions
    from hgrag.state import plan_ir as ir

    title = "Petroleum systems in the Middle East"
    paper = ir.match(["p9"], "paper", title)
    plan = {"ir": ir.traverse(paper, "writes", "in"), "anchors": [{"text": title, "node_id": "p9", "type": "paper"}]}
    assert with_instructions(f"Who are the people behind '{title}'?", plan)["ir"] == plan["ir"]
