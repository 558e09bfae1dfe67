"""The chain reader (agents/second_reader/chain.py) on the planner tests' toy graph with citations added: walks
of two or three steps from one named entity, optionally narrowed to a named author's papers, read from the
lexicon's kinds and links; whatever does not fit a walk is left to the rules (and their check). Wordings are
written here."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from test_planner import P1, StringIndex, make_store
from test_second_reader import read, verified

from hgrag.agents.second_reader.chain import chain_program

P2 = "Adaptive routing for delay tolerant sensor networks"
P3 = "Sparse recovery of harmonic signals in noise"
P4 = "Energy efficient scheduling of uplink traffic"


@pytest.fixture(scope="module")
def world():
    store = make_store()
    for citing, cited in (("p2", "p1"), ("p3", "p1"), ("p4", "p3")):
        store.add_edge(citing, cited, "cites")
    return SimpleNamespace(store=store, index=StringIndex(store), dataset="toy")


@pytest.mark.parametrize("question, expected", [
    (f"Who are the authors of the works that cite '{P1}'?", ["Bo Chen", "Dariush Divsalar", "Marvin K. Simon"]),
    (f"Where were the papers citing '{P1}' published?", ["Computer Networks", "Signal Processing"]),
    (f"In which venues were the references of '{P4}' published?", ["Signal Processing"]),
    (f"What venues published the papers that '{P4}' cites?", ["Signal Processing"]),
    (f"Who are the collaborators of the first author of '{P2}'?", ["Ann Lee", "Bo Chen", "Marvin K. Simon"]),
    (f"Which of the papers that cite '{P1}' were written by Marvin K. Simon?", [P3]),
    (f"How many researchers authored papers citing '{P1}'?", ["3"]),
    ("What papers cite any publication of Ann Lee?", [P2, P3]),          # Ann Lee wrote P1; P2 and P3 cite it
    ("Which papers in the collection cite work by Bo Chen?", [P4]),       # Bo Chen wrote P2 and P3; P4 cites P3
    (f"Whose work is cited by the paper '{P4}'?", ["Bo Chen", "Marvin K. Simon"]),  # 'whose': P3's authors
    (f"Who has the first author of '{P2}' written papers with?", ["Ann Lee", "Bo Chen", "Marvin K. Simon"]),
    ("In which venue did Marvin K. Simon publish his very first paper?", ["Computer Networks"]),  # P1, 2008
    ("Where did Marvin K. Simon publish his latest paper?", ["Signal Processing"]),  # P3, 2010
])
def test_a_walk_from_one_entity_through_the_named_links(world, question, expected):
    answer, plan, report = read(world, question)
    assert sorted(answer) == expected and verified(report), plan.get("rationale")


def test_what_is_not_one_walk_is_left_to_the_rules(world):
    def spans_of(question):
        from hgrag.agents.linking.mentions import MentionDetector

        return MentionDetector(world.index, world.store).detect(question)[0]

    for question in (f"Which papers cite '{P1}' and '{P3}'?",  # two papers: not one walk
                     f"Who wrote the papers citing '{P1}' the year before 2010?",  # a year the chain does not bound
                     f"Who cites '{P1}'?"):  # one step: the rules read it
        assert chain_program(question, spans_of(question)) is None, question
    dated = f"Who wrote the papers citing '{P1}' in 2010?"  # one year: on the papers the walk reaches first
    program, _ = chain_program(dated, spans_of(dated))
    assert program["input"]["op"] == "filter" and program["input"]["value"] == 2010
    walked = f"Where were the papers citing '{P1}' published?"
    program, used = chain_program(walked, spans_of(walked))
    assert [op["edge"] for op in _hops(program)] == ["published_in", "cites"] and len(used) == 1


def _hops(program):
    while program and program.get("op") == "traverse":
        yield program
        program = program["input"]


P1_TITLE, P2_TITLE, P4_TITLE = P1, P2, P4


@pytest.mark.parametrize("question, expected", [  # Dariush Divsalar: p1 2008, p2 2010, p4 2012
    ("What did Dariush Divsalar publish in their first year of publishing?", [P1]),
    ("Which papers are from Dariush Divsalar's latest year of activity?", [P4]),
    ("Which papers did Dariush Divsalar publish two years after their debut?", [P2]),
    ("Which papers did Dariush Divsalar write in their first 3 years of publishing?", sorted([P1, P2])),
    ("How many papers did Dariush Divsalar publish during the last 3 years of their career?", ["2"]),
])
def test_a_year_of_an_authors_own_career(world, question, expected):
    answer, plan, report = read(world, question)
    assert sorted(answer) == expected and verified(report), plan.get("rationale")


def test_after_their_first_year_is_a_bound_not_a_year(world):
    from hgrag.agents.linking.mentions import MentionDetector
    from hgrag.agents.second_reader.career import career_program

    question = "Which papers did Dariush Divsalar publish after their first year?"
    program, _ = career_program(question, MentionDetector(world.index, world.store).detect(question)[0])
    assert (program["cmp"], program.get("offset")) == (">", None)  # any later year, not the year after it
    answer, _, report = read(world, question)
    assert sorted(answer) == sorted([P2, P4]) and verified(report)
