"""Mechanisms added in the twenty-sixth stop: a question that can be read two ways keeps both readings, and the check
abstains when the graph answers them differently (a byline person's affiliations said neither 'on that paper' nor
over the person's record)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from test_chain_reader import world  # noqa: F401 - the toy graph with citations (a fixture)
from test_round28_mechanisms import world_resources  # noqa: F401 - the toy graph as the pipeline's resources

from hgrag.agents.checking.readings import differing_reading
from hgrag.agents.kinds.planner import plan_kinds
from hgrag.agents.linking.mentions import Span
from hgrag.tools.entity_index import Candidate
from hgrag.tools.graph_builder import build_store
from hgrag.tools.loaders.openalex import iter_openalex_file
from hgrag.tools.plan_exec import answer_items, run_plan
from hgrag.tools.text import norm_key


@pytest.fixture(scope="module")
def resources(openalex_tiny_dir: Path):
    records = [r for p in sorted(openalex_tiny_dir.glob("*.json")) for r in iter_openalex_file(p)]
    return SimpleNamespace(store=build_store(records, "tiny"), dataset="openalex-tiny")


def _last_author_institutions(store, paper: str) -> tuple[set[str], set[str]]:
    """(on the paper, over the last author's record) computed from the store's edges."""
    entries = list(store.neighbors(paper, "authorship_of", "in"))
    last = max(entries, key=lambda e: store.node(e).get("position") or 0)
    person = next(iter(store.neighbors(last, "authorship_by", "out")))
    on_paper = {store.label(i) for i in store.neighbors(last, "affiliated_with", "out")}
    record = {store.label(i) for e in store.neighbors(person, "authorship_by", "in")
              for i in store.neighbors(e, "affiliated_with", "out")}
    return on_paper, record


def _paper_where(store, differ: bool) -> str:
    papers = sorted(n for n in store.nodes_of_type("paper") if len(store.label(n).split()) >= 4)
    for paper in papers:
        try:
            on_paper, record = _last_author_institutions(store, paper)
        except (ValueError, StopIteration):
            continue
        if on_paper and (on_paper != record) == differ:
            return paper
    pytest.skip("no such paper in the tiny graph")


def _plan(resources, question: str, paper: str) -> dict:
    store = resources.store
    label = store.label(paper)
    start = question.index(label)
    span = Span(start, start + len(label), label, "paper", [Candidate(paper, "paper", label, 1.0, "exact")])
    plan = plan_kinds(question, [span], [], resources)
    assert plan is not None and plan["ir"]["op"] != "unsupported", plan
    return {**plan, "anchors": [{"node_id": paper, "label": label, "type": "paper"}]}


def _expected(store, plan: dict) -> dict[str, str]:
    items = answer_items(store, plan, run_plan(store, plan, evidence=False))
    return {norm_key(i.text): i.text for i in items}


@pytest.mark.parametrize("differ", [True, False])
def test_a_byline_persons_affiliation_said_neither_way_keeps_both_readings(resources, differ) -> None:
    store = resources.store
    paper = _paper_where(store, differ)
    plan = _plan(resources, f'"{store.label(paper)}" last author affiliation', paper)
    assert [r["reads"] for r in plan["other_readings"]] == ["as listed on that paper"]
    on_paper, record = _last_author_institutions(store, paper)
    assert set(_expected(store, plan).values()) == record
    two_ways = differing_reading(store, plan, _expected(store, plan), norm_key)
    assert bool(two_ways) == differ
    if differ:
        assert "two ways" in two_ways and all(name in two_ways for name in sorted(on_paper)[:1])


@pytest.mark.parametrize("question, record_wide", [
    ('Which institutions are listed for the last author of "{T}" on that paper?', False),
    ('Which institutions is the last author of "{T}" affiliated with?', True),
    ('At which institutions has the last author of "{T}" ever held an affiliation?', True),
])
def test_words_that_say_which_reading_leave_one(resources, question, record_wide) -> None:
    store = resources.store
    paper = _paper_where(store, True)
    plan = _plan(resources, question.replace("{T}", store.label(paper)), paper)
    assert not plan.get("other_readings")
    on_paper, record = _last_author_institutions(store, paper)
    assert set(_expected(store, plan).values()) == (record if record_wide else on_paper)


def _ask(question: str) -> dict:
    from test_round30_mechanisms import _ask as ask

    return ask(question)


@pytest.mark.parametrize("question, expected", [
    ("Who has the wider circle of co-authors, Bo Chen or Marvin K. Simon?", ["Marvin K. Simon"]),
    ("Which of Bo Chen and Marvin K. Simon has fewer co-authors?", ["Bo Chen"]),
    ("Does Bo Chen have more co-authors than Marvin K. Simon?", ["no"]),
    ("Does Marvin K. Simon have more co-authors than Bo Chen?", ["yes"]),
])
def test_people_compared_by_their_distinct_co_authors(world_resources, question, expected) -> None:
    # (toy graph: Marvin K. Simon shares papers with 3 people, Bo Chen with 2; both wrote 2 papers)
    result = _ask(question)
    assert result["answer"] == expected and result["verified"]
    assert "distinct co-authors" in result["interpretation"]


@pytest.mark.parametrize("question", [
    "how often were the papers of Marvin K. Simon cited",
    "How many times were Marvin K. Simon's papers cited?",
    "How often have the papers of Marvin K. Simon been cited?",
])
def test_how_often_papers_were_cited_adds_their_citations(world_resources, question) -> None:
    result = _ask(question)  # Marvin K. Simon's papers are cited 95 times in all (not: the 2 papers citing them)
    assert result["answer"] == ["95"] and result["verified"]


P1 = "On the difference of two chi-square variates with application to outage probability"
P3 = "Sparse recovery of harmonic signals in noise"


@pytest.mark.parametrize("question, expected", [
    ("Dear team,\nWe are updating our records.\nWhich papers has Marvin K. Simon written?\n\nMany thanks,\n"
     "Gwen Ashcroft\nResearch Office", [P1, P3]),
    ("Hi, hope you're well.\nWho wrote '" + P3 + "'?\nCheers,\nGwen", ["Bo Chen", "Marvin K. Simon"]),
    ("We're doing some background checks ahead of a visiting scholar appointment. Can you list everything "
     "Marvin K. Simon has published since 2009?", [P3]),  # ('scholar' in the idle context steers nothing)
    ("Pre-2010 output of Marvin K. Simon: which papers came out before 2010?", [P1]),  # one bound said twice
    (f"Not counting the other people on '{P3}', who has Marvin K. Simon worked with?", ["Ann Lee", "Dariush Divsalar"]),
    ("last month i heard Marvin K. Simon mentioned on the radio. what papers has he or she written", [P1, P3]),
    (f"found '{P3}' in a dusty folder, who wrote it", ["Bo Chen", "Marvin K. Simon"]),
    ("is Signal Processing one of the venues Marvin K. Simon has published in, i thought i saw the name there once",
     ["yes"]),
    (f"Can you list all the papers written by whoever is first author on '{P3}'? That one included.", [P1, P3]),
])
def test_messages_context_and_remarks_around_the_question(world_resources, question, expected) -> None:
    result = _ask(question)
    assert sorted(result["answer"]) == expected and result["verified"], result.get("answer_text")


@pytest.mark.parametrize("question, expected", [
    (f"Can you confirm Bo Chen is a co-author of '{P3}'?", ["yes"]),
    (f"Could you verify Ann Lee co-wrote '{P3}'?", ["no"]),
])
def test_a_claim_put_for_confirmation_is_a_yes_no_question(world_resources, question, expected) -> None:
    result = _ask(question)
    assert result["answer"] == expected and result["verified"]


def test_what_is_no_message_or_claim_stays_as_typed() -> None:
    from hgrag.agents.understanding.claims import with_claim_as_yes_no
    from hgrag.agents.understanding.envelope import without_envelope

    assert without_envelope("Hi, who wrote T?") == "Who wrote T?"  # one line: only its opening courtesy goes
    assert without_envelope("Who wrote T? Hi.") == "Who wrote T? Hi."
    kept = without_envelope("Which papers did A write?\nOnly journals, please.")
    assert "Only journals" in kept  # a closing line that narrows the question is no sign-off
    assert without_envelope("Bonjour,\nQui a écrit T ?\nCordialement,\nGwen") == "Qui a écrit T ?"
    assert without_envelope("Hallo zusammen,\nWer hat T geschrieben?\nViele Grüße\nGwen") == "Wer hat T geschrieben?"
    assert with_claim_as_yes_no("Can you confirm the authors of T?") == "Can you confirm the authors of T?"
    assert with_claim_as_yes_no("Please confirm: A is an author of T.") == "Is it true that A is an author of T?"


def test_idle_context_keeps_what_could_narrow_the_answer() -> None:
    from hgrag.agents.understanding.idle_context import without_idle_context

    def nothing_linked(text: str) -> list:
        return []

    idle = "Our office is preparing a bid. Which papers has A written?"
    assert without_idle_context(idle, nothing_linked) == "Which papers has A written?"
    for narrowing in ("I only care about journals. Which papers has A written?",
                      "We report on 2019 onwards. Which papers has A written?"):
        assert without_idle_context(narrowing, nothing_linked) == narrowing


def test_a_reported_claim_is_read_without_its_source() -> None:
    from hgrag.agents.understanding.claims import without_report_frame

    assert without_report_frame('Infobox says "T" appeared in V — right?') == '"T" appeared in V — right?'
    assert without_report_frame("Someone added to the bibliography that Ann Lee has published in V. Is that correct?") \
        == "Ann Lee has published in V. Is that correct?"
    kept = "Article on Gianluca Raineri currently says c. 7 publications. How many papers are listed?"
    assert without_report_frame(kept) == kept  # (a name between source and verb: the frame is not cut through it)
    assert without_report_frame("The article about graphs says who?") == "The article about graphs says who?"


@pytest.mark.parametrize("question, expected", [
    ("The lead says Bo Chen co-wrote '" + P3 + "'. Is that correct?", ["yes"]),
    ("Infobox says '" + P3 + "' appeared in Computer Networks — right?", ["no"]),
    ("I'm writing up the senior (last-listed) author of '" + P3 + "'. Who has that person collaborated with, across "
     "everything they wrote?", ["Dariush Divsalar", "Marvin K. Simon"]),  # (Bo Chen's co-authors, not Bo Chen)
    ("Is there anyone who has written papers with both Marvin K. Simon and Bo Chen? If so, who?", ["Dariush Divsalar"]),
])
def test_claims_co_author_steps_and_list_tails(world_resources, question, expected) -> None:
    result = _ask(question)
    assert result["answer"] == expected and result["verified"], result.get("answer_text")


def test_brackets_and_lower_case_sentences_that_belong_to_the_question() -> None:
    from hgrag.agents.understanding.sentences import sentences_of
    from hgrag.agents.understanding.idle_context import without_idle_brackets

    assert without_idle_brackets("papers by A? (name as spelled in the source, sic)") == "papers by A?"
    named = "authors of seismic stratigraphy of the southern margin (campos, santos, and pelotas basins)"
    assert without_idle_brackets(named) == named  # (no filler inside: part of a name typed without quotes)
    assert len(sentences_of("i heard A on the radio. what has she written")) == 2
    assert len(sentences_of("What is the count of authors of Graphs in practice. who have I as affiliation?")) == 1


@pytest.mark.parametrize("question, expected", [
    ("Dariush Divsalar vs Bo Chen: who has the larger paper count?", ["Dariush Divsalar"]),
    ("Between Dariush Divsalar and Bo Chen, who has the shorter list of papers?", ["Bo Chen"]),
    (f"which papers have picked up '{P1}' and cited it", [P3, "Adaptive routing for delay tolerant sensor networks"]),
    ("Who’s written more papers, Dariush Divsalar or Bo Chen?", ["Dariush Divsalar"]),  # (a typographic apostrophe)
    ("any venues shared by Marvin K. Simon and Bo Chen? sry if this is obvious", None),  # (venues asked: not a yes)
])
def test_comparisons_restated_citations_and_remarks(world_resources, question, expected) -> None:
    result = _ask(question)
    if expected is None:
        assert result["answer"] != ["yes"] or not result["verified"]
    else:
        assert sorted(result["answer"]) == sorted(expected) and result["verified"], result.get("answer_text")


def test_a_relation_filler_names_the_relation_when_nothing_else_does(world_resources) -> None:
    result = _ask(f"Papers that have '{P1}' in their reference lists: where did those come out?")
    assert result["answer"] != ["Computer Networks"] or not result["verified"]  # (P1's own venue is no answer)


@pytest.mark.parametrize("question, expected", [
    ("Who is more prolific in this graph, Dariush Divsalar or Bo Chen? One name.", ["Dariush Divsalar"]),
    ("Once Ann Lee had published a first paper, what did Dariush Divsalar publish in later years? Titles only.",
     ["Adaptive routing for delay tolerant sensor networks", "Energy efficient scheduling of uplink traffic"]),
])
def test_a_choice_between_named_people_and_a_debut_with_an_article(world_resources, question, expected) -> None:
    result = _ask(question)
    assert sorted(result["answer"]) == sorted(expected) and result["verified"], result.get("answer_text")


def test_a_choice_answered_with_other_people_is_declined() -> None:
    from hgrag.agents.understanding.lexicon import load
    from hgrag.agents.understanding.said_checks import choice_unanswered
    from hgrag.agents.understanding.tokens import tag

    tokens = tag("who is more prolific, zzm or zzm?", load("en"))
    people = {"op": "traverse", "edge": "writes", "direction": "in",
              "input": {"op": "traverse", "edge": "writes", "direction": "out",
                        "input": {"op": "match", "ids": ["a"], "type": "author"}}}
    assert choice_unanswered(tokens, {"op": "top", "key": "frequency", "order": "max", "input": people})
    named = {"op": "union", "inputs": [{"op": "match", "ids": ["a"]}, {"op": "match", "ids": ["b"]}]}
    assert not choice_unanswered(tokens, {"op": "top", "key": "n_papers", "order": "max", "input": named})


def test_or_both_after_named_papers_unites_their_citers(world_resources) -> None:
    result = _ask(f"Which papers cite '{P1}', '{P3}', or both?")  # P2 and P3 cite P1, P4 cites P3
    assert sorted(result["answer"]) == sorted(["Adaptive routing for delay tolerant sensor networks", P3,
                                               "Energy efficient scheduling of uplink traffic"]), result["interpretation"]


def test_both_years_count_is_inclusive(world_resources) -> None:
    result = _ask("Dariush Divsalar: anything between 2010 and 2012? Both years count.")
    assert sorted(result["answer"]) == ["Adaptive routing for delay tolerant sensor networks",
                                        "Energy efficient scheduling of uplink traffic"] and result["verified"]


def test_a_pasted_reference_is_read_as_its_title() -> None:
    from hgrag.agents.understanding.citation_strings import without_reference_frames as read

    assert read('Looking at Durikovic, R., Kimura, R., & Kolchin, K. (2003). "Real-time Visualization of Japanese '
                'Artcraft". Computer Graphics International. Whom has its lead author collaborated with?') == \
        'Looking at "Real-time Visualization of Japanese Artcraft". Whom has its lead author collaborated with?'
    assert read('Does Mohammed, I. et al. (2023). "Basalt mineral surface charge and more". Fuel. cite "X Y Z W V"?') \
        == 'Does "Basalt mineral surface charge and more" cite "X Y Z W V"?'  # ('Does' stays; one sentence goes on)
    assert read('Who cites Kim et al. (2004) ("Fast swept volume approximation")?') == \
        'Who cites "Fast swept volume approximation"?'
    plain = 'Who wrote "Fast swept volume approximation" (2004)?'
    assert read(plain) == plain  # (no author list and year before the title: nothing to read aside)


def test_a_pasted_reference_answers_like_its_title(world_resources) -> None:
    result = _ask(f'Who wrote Simon, M. K., & Lee, A. (2008). "{P1}". Computer Networks.?')
    assert sorted(result["answer"]) == ["Ann Lee", "Dariush Divsalar", "Marvin K. Simon"] and result["verified"]
