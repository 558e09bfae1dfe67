"""The answer kind a question's head asks for (agents/understanding/asked_head.py), held by the structural check
against what a plan returns."""

from __future__ import annotations

import pytest

from hgrag.agents.checking.mention_use import context_combinations, unused_mentions
from hgrag.agents.understanding.asked_head import asked_kind
from hgrag.agents.understanding.check import asking_tokens, structural_parts
from hgrag.agents.understanding.signature import output_kind
from hgrag.state import plan_ir as ir

AUTHOR = ir.match(["A1"], "author", "Ann Lee")
PAPER = ir.match(["P1"], "paper", "Deep rocks")
PAPERS_OF_A = ir.traverse(AUTHOR, "writes", "out")


def _asked(text: str) -> str | None:
    return asked_kind(asking_tokens(text))


@pytest.mark.parametrize("text, kind", [
    ("what else has the lead author of zzm written?", "paper"),
    ("i'm compiling a bibliography: which of zzm 's works date from the 2020s?", "paper"),
    ("most cited paper by zzm", "paper"),
    ("how many papers did zzm write?", "number"),
    ("count the people who co-authored with zzm", "number"),
    ("did zzm publish more than 4 papers in zzm?", "yes/no"),
    ("could you tell me whether zzm has published a paper together with zzm?", "yes/no"),
    ("who wrote zzm?", "author"),
    ("could you name every venue where someone who wrote zzm has published?", "venue"),
    ("return the publication year of the paper titled zzm", "year"),
    ("when was zzm published?", "year"),
    ("year of zzm 's earliest pub?", "year"),               # an attribute noun heading the question
    ("please retrieve all publications that appeared in zzm during 1987 and whose author count exceeds 2.", "paper"),
    ("in the year of zzm 's most cited paper, what else did they publish?", "paper"),  # 'what else' asks as 'what'
    ("which other papers did zzm write?", "paper"),
    ("back to the paper itself: who's listed last on it?", "author"),  # a colon ends a frame
    ("hey, can you look up the orcid number of zzm for me?", "value"),  # an identifier, not a count
    ("zzm earliest publication year", "year"),  # a fragment naming the year a superlative picks, not papers
])
def test_asked_kind_reads_the_asking_clause(text: str, kind: str) -> None:
    assert _asked(text) == kind


@pytest.mark.parametrize("text", [
    "is zzm an article, a book chapter or something else?",        # alternatives, not yes/no
])
def test_asked_kind_says_nothing_when_the_wording_does_not_say(text: str) -> None:
    assert _asked(text) is None


def test_returned_kind_follows_the_plan() -> None:
    assert output_kind(ir.traverse(PAPER, "writes", "in", position=1)) == "author"
    assert output_kind(ir.aggregate(PAPERS_OF_A, "count")) == "number"
    assert output_kind(ir.aggregate(PAPERS_OF_A, "min", "year")) == "year"
    assert output_kind(ir.project(PAPER, "cited_by_count")) == "number"
    assert output_kind(ir.test(PAPERS_OF_A, "nonempty")) == "yes/no"
    assert output_kind(ir.where(PAPERS_OF_A, "year", ">", 2000)) == "paper"


def _kind_parts(text: str, plan_ir: dict) -> list[str]:
    return [p for p in structural_parts(text, {"ir": plan_ir}) if " asked (" in p]


def test_a_plan_returning_another_kind_is_named() -> None:
    first_author = ir.traverse(PAPER, "writes", "in", position=1)
    first_year = ir.aggregate(PAPERS_OF_A, "min", "year")
    papers_that_year = ir.where(PAPERS_OF_A, "year", "=", first_year)
    assert _kind_parts("what else has the lead author of zzm written?", first_author)
    assert _kind_parts("year of zzm 's earliest pub?", papers_that_year)
    assert not _kind_parts("year of zzm 's earliest pub?", first_year)
    assert _kind_parts("who were zzm 's co-authors in the year of their first publication?", papers_that_year)
    assert not _kind_parts("who is the first author of zzm?", first_author)
    assert not _kind_parts("how many papers did zzm write", ir.aggregate(PAPERS_OF_A, "count"))


def test_who_asked_may_be_answered_by_citing_papers_only() -> None:
    assert not _kind_parts("who cites zzm?", ir.traverse(PAPER, "cites", "in"))
def _anchor(text: str, node: str, kind: str) -> dict:
    return {"text": text, "node_id": node, "type": kind, "candidates": [node]}


def test_a_mention_of_the_asking_sentence_that_the_plan_leaves_out_is_reported() -> None:
    question = 'In the year that "Deep rocks" was published, what other papers did Bo Chen bring out?'
    plan = {"ir": ir.setop("difference", [ir.traverse(ir.traverse(PAPER, "writes", "in"), "writes", "out"), PAPER]),
            "anchors": [_anchor("Deep rocks", "P1", "paper"), _anchor("Bo Chen", "A2", "author")]}
    assert unused_mentions(question, plan) == ["'Bo Chen' (my reading does not use it)"]
    context_only = 'Bo Chen told me about it. Which papers did Ann Lee write?'
    plan = {"ir": PAPERS_OF_A, "anchors": [_anchor("Ann Lee", "A1", "author"), _anchor("Bo Chen", "A2", "author")]}
    assert unused_mentions(context_only, plan) == []


def test_a_context_person_combined_with_the_asked_one_is_reported() -> None:
    bo = ir.match(["A2"], "author", "Bo Chen")
    both = ir.aggregate(ir.setop("intersect", [PAPERS_OF_A, ir.traverse(bo, "writes", "out")]), "count")
    anchors = [_anchor("Bo Chen", "A2", "author"), _anchor("Ann Lee", "A1", "author")]
    question = "Bo Chen and I argued about how productive Ann Lee is. How many papers has this person written?"
    assert context_combinations(question, {"ir": both, "anchors": anchors})
    together = "Bo Chen and Ann Lee met in 2001. How many papers have they written together?"
    assert context_combinations(together, {"ir": both, "anchors": anchors}) == []


def test_a_back_reference_with_two_candidates_before_it_is_reported() -> None:
    from hgrag.agents.checking.mention_use import ambiguous_references

    anchors = [_anchor("Deep rocks", "P1", "paper"), _anchor("Shallow seas", "P2", "paper")]
    plan = {"ir": ir.project(PAPER, "cited_by_count"), "anchors": anchors}
    question = "While reading Deep rocks I noticed a reference to Shallow seas. How often has that paper been cited?"
    assert ambiguous_references(question, plan)
    one_paper = {"ir": ir.project(PAPER, "year"), "anchors": [_anchor("Ann Lee", "A1", "author"), anchors[0]]}
    assert ambiguous_references("Ann Lee recommended Deep rocks to me. When did it come out?", one_paper) == []
    assert ambiguous_references("When did Deep rocks come out? Shallow seas too.", plan) == []


def test_citation_direction_and_active_year_counts_must_match_the_plan() -> None:
    from hgrag.agents.checking.question_check import unexplained_parts
    from hgrag.agents.understanding.check import structural_parts

    paper = [_anchor("Deep rocks", "P1", "paper")]
    cited_by, citing = ir.traverse(PAPER, "cites", "out"), ir.traverse(PAPER, "cites", "in")
    assert unexplained_parts("citing papers: Deep rocks", {"ir": cited_by, "anchors": paper})
    assert not unexplained_parts("citing papers: Deep rocks", {"ir": citing, "anchors": paper})
    assert unexplained_parts("refs of Deep rocks?", {"ir": citing, "anchors": paper})
    assert not unexplained_parts("refs of Deep rocks?", {"ir": cited_by, "anchors": paper})
    span = {"ir": ir.aggregate(PAPERS_OF_A, "span", "year")}  # last year less first: no count of active years
    assert any(p.startswith("active years") for p in structural_parts("zzm active years count", span))


def test_a_superlative_fragment_with_a_typo_still_asks_for_a_paper() -> None:
    assert _asked("most cited papr by zzm") == "paper"
    assert _asked("zzm earliest publication year") == "year"


def test_a_modifier_run_stops_at_a_count() -> None:
    assert _asked("on average, how many authors do the papers of zzm have?") != "author"
    assert _asked("zzm: more papers in 2025 or 2024?") != "paper"  # a comparison asks for the winner
    assert _asked("what is this person's most cited paper") == "paper"  # the owner is no head
