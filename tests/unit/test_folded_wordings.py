"""Wordings that once had a check of their own (foreign words, field lists, 'the latter', a venue inside a longer
title, a subject named at the end, unrecorded yes/no predicates, an unlinked title, a name linked without its
first word): the whole question-plan check (the lexicon check and the mention checks) still names what a
misreading leaves out, so those word-list checks were folded (2026-12-05)."""

from __future__ import annotations

import pytest

from hgrag.agents.checking.question_check import unexplained_parts
from hgrag.state import plan_ir as ir

AUTHOR = ir.match(["A1"], "author", "Ann Lee")
PAPER = ir.match(["P1"], "paper", "Deep rocks")
OTHER = ir.match(["P2"], "paper", "Shallow seas")
VENUE = ir.match(["V1"], "venue", "Basin Research")
ANCHORS = {"Ann Lee": ("A1", "author"), "ann lee": ("A1", "author"), "Deep rocks": ("P1", "paper"),
           "Shallow seas": ("P2", "paper"), "Basin Research": ("V1", "venue"), "D. Nowak": ("A9", "author")}
HAS_PAPERS = ir.test(ir.traverse(AUTHOR, "writes", "out"), "nonempty")


def _plan(node: dict, *texts: str) -> dict:
    return {"ir": node, "anchors": [{"text": t, "node_id": ANCHORS[t][0], "type": ANCHORS[t][1],
                                     "candidates": [ANCHORS[t][0]]} for t in texts]}


@pytest.mark.parametrize("question, plan, named", [
    ("Wann wurde Deep rocks von der Autorin veröffentlicht?", _plan(ir.project(PAPER, "year"), "Deep rocks"), "wann"),
    ("paper: Deep rocks | return: page count, funder", _plan(ir.project(PAPER, "doi"), "Deep rocks"), "funder"),
    ("I read Deep rocks and Shallow seas. Who wrote the latter?",
     _plan(ir.setop("intersect", [ir.traverse(PAPER, "writes", "in"), ir.traverse(OTHER, "writes", "in")]),
           "Deep rocks", "Shallow seas"), "'Deep rocks'"),
    ("doi of Fluid Flow Modelling for Basin Research", _plan(ir.traverse(VENUE, "published_in", "in"), "Basin Research"),
     "fluid"),
    ("I know her from Deep rocks. Her most cited paper? I mean ann lee",
     _plan(ir.top(ir.traverse(ir.traverse(PAPER, "writes", "in"), "writes", "out"), "cited_by_count", "desc"),
           "Deep rocks", "ann lee"), "'ann lee'"),
    ("has Ann Lee received any prizes? i need it for a letter", _plan(HAS_PAPERS, "Ann Lee"), "prizes"),
    ("did Ann Lee ever get a grant", _plan(HAS_PAPERS, "Ann Lee"), "grant"),
    ("Deep rocks is cited a lot. how many times has Quantum widgets for flux capacitor arrays been cited?",
     _plan(ir.project(PAPER, "cited_by_count"), "Deep rocks"), "quantum"),
    ("top cited paper by Roberr D. Nowak",
     _plan(ir.traverse(ir.match(["A9"], "author", "D. Nowak"), "writes", "out"), "D. Nowak"), "roberr"),
])
def test_the_whole_check_names_what_a_misreading_leaves_out(question: str, plan: dict, named: str) -> None:
    assert any(part.startswith(named) for part in unexplained_parts(question, plan)), unexplained_parts(question, plan)


@pytest.mark.parametrize("question, plan", [
    ("In which year was Deep rocks published?", _plan(ir.project(PAPER, "year"), "Deep rocks")),
    ("Who wrote Shallow seas?", _plan(ir.traverse(OTHER, "writes", "in"), "Shallow seas")),
    ("Has Ann Lee published any papers?", _plan(HAS_PAPERS, "Ann Lee")),
    ("Show the papers of D. Nowak", _plan(ir.traverse(ir.match(["A9"], "author", "D. Nowak"), "writes", "out"), "D. Nowak")),
])
def test_the_whole_check_is_quiet_when_the_plan_reads_the_question(question: str, plan: dict) -> None:
    assert unexplained_parts(question, plan) == []


def test_what_the_asking_sentence_counts_must_be_what_the_plan_counts() -> None:
    """Folded from honest_checks.counted_kind_mismatch into the lexicon check's counted slot."""
    from hgrag.agents.understanding.check import structural_parts

    first_authors = {"ir": ir.aggregate(ir.traverse(PAPER, "writes", "in", position=1), "count")}
    their_papers = {"ir": ir.aggregate(ir.traverse(ir.traverse(PAPER, "writes", "in", position=1), "writes", "out"),
                                       "count")}
    assert "a count of papers (the plan counts authors)" in structural_parts(
        "lead author 's publication count, title zzm", first_authors)
    assert not [p for p in structural_parts("lead author 's publication count, title zzm", their_papers) if "count" in p]
    assert not [p for p in structural_parts("how many people wrote zzm", first_authors) if "count" in p]


def test_every_kind_the_asking_sentence_names_must_be_reached() -> None:
    """Folded from honest_checks.authors_not_reached: a kind noun of the asking sentence the plan never reaches."""
    from hgrag.agents.understanding.check import structural_parts

    venue_of_t = {"ir": ir.traverse(PAPER, "published_in", "out")}
    venues_of_its_authors = {"ir": ir.traverse(ir.traverse(ir.traverse(PAPER, "writes", "in"), "writes", "out"),
                                               "published_in", "out")}
    question = "which outlets did the writers publish in, title zzm"
    assert "writers (the plan never reaches authors)" in structural_parts(question, venue_of_t)
    assert structural_parts(question, venues_of_its_authors) == []
    assert structural_parts("which journal is zzm in?", venue_of_t) == []


def test_an_asked_identifier_must_be_what_the_plan_returns() -> None:
    """Folded from honest_checks.property_not_returned: identifier words are required lexicon concepts whose
    asked kind is a value (concepts.json)."""
    from hgrag.agents.understanding.check import structural_parts

    coauthors = {"ir": ir.traverse(ir.traverse(AUTHOR, "writes", "out"), "writes", "in")}
    has_doi = {"ir": ir.test(ir.project(PAPER, "doi"), "nonempty")}
    assert structural_parts("could you look up her orcid, zzm", coauthors) == [
        "orcid (my reading does not return it)", "value asked (a plan returns author)"]
    assert structural_parts("could u send me the doi of zzm", has_doi) == ["value asked (a plan returns yes/no)"]
    assert structural_parts("does zzm have a doi", has_doi) == []
    assert structural_parts("the doi of zzm please", {"ir": ir.project(PAPER, "doi")}) == []


def test_a_year_asked_beside_how_long_is_no_span() -> None:
    """Folded from honest_checks.year_read_as_span: 'how long' is a lexicon head asking a number, so a second
    sentence asking a year is a question of its own."""
    from hgrag.agents.understanding.check import structural_parts

    span = {"ir": ir.aggregate(ir.traverse(AUTHOR, "writes", "out"), "span", attr="year")}
    assert structural_parts("how long has zzm been active? what year was the first paper", span) == [
        "what year (asked in a sentence of its own; the plan returns number)"]
    assert structural_parts("how long has zzm been active?", span) == []
