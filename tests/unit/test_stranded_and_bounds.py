"""A preposition left at the end of a who-question names partners ('who has X written papers with?'); a stated
'that year included' keeps the year inside a strict bound; a hyphenated given name that starts like a question
word ('How-Lung Eng') still links."""

from __future__ import annotations

from hgrag.agents.checking.question_check import unexplained_parts
from hgrag.agents.understanding.instructions import for_the_planner, with_instructions
from hgrag.state import plan_ir as ir

PAPER = ir.match(["P1"], "paper", "Deep rocks")
AUTHOR = ir.match(["A1"], "author", "Ann Lee")
ANCHORS = {"Deep rocks": ("P1", "paper"), "Ann Lee": ("A1", "author")}


def _plan(node: dict, *texts: str) -> dict:
    return {"ir": node, "anchors": [{"text": t, "node_id": ANCHORS[t][0], "type": ANCHORS[t][1],
                                     "candidates": [ANCHORS[t][0]]} for t in texts]}


def _coauthors(program: dict) -> dict:
    return ir.setop("difference", [ir.traverse(ir.traverse(program, "writes", "out"), "writes", "in"), program])


def test_a_stranded_with_after_who_needs_a_co_author_step() -> None:
    first_author = ir.traverse(PAPER, "writes", "in", 1)
    question = "Who has the first author of Deep rocks written papers with?"
    assert any(p.startswith("with") for p in unexplained_parts(question, _plan(first_author, "Deep rocks")))
    assert unexplained_parts(question, _plan(_coauthors(first_author), "Deep rocks")) == []


def test_with_before_a_name_is_no_stranded_preposition() -> None:
    """'which papers did X write with Y' is a joint-paper condition, not a co-author walk."""
    joint = ir.setop("intersect", [ir.traverse(AUTHOR, "writes", "out"), ir.traverse(PAPER, "writes", "out")])
    assert not [p for p in unexplained_parts("Which papers did Ann Lee write with Deep rocks?",
                                             _plan(joint, "Ann Lee", "Deep rocks")) if p.startswith("with")]


def test_that_year_included_keeps_the_year_inside_a_strict_bound() -> None:
    after = ir.where(ir.traverse(AUTHOR, "writes", "out"), "year", ">", 2006)
    question = "Which papers did Ann Lee publish after 2006, that year included?"
    planned = with_instructions(question, _plan(after, "Ann Lee"))
    assert planned["ir"]["cmp"] == ">=" and planned["ir"]["value"] == 2006
    assert with_instructions("Which papers did Ann Lee publish after 2006?", _plan(after, "Ann Lee"))["ir"]["cmp"] == ">"


def test_an_inclusive_instruction_the_plan_cannot_honour_is_named() -> None:
    after = ir.where(ir.traverse(AUTHOR, "writes", "out"), "year", ">", 2006)
    parts = unexplained_parts("Which papers did Ann Lee publish after 2006, that year included?", _plan(after, "Ann Lee"))
    assert any("that year included" in p for p in parts), parts


def test_the_planner_does_not_read_the_bounds_instruction_as_what_is_asked() -> None:
    assert for_the_planner("What did A publish from 2006 to 2007, both years included?") == \
        "What did A publish from 2006 to 2007?"
    assert for_the_planner("List A's papers from 2006 through 2007 (both inclusive).") == \
        "List A's papers from 2006 through 2007."


def test_a_hyphenated_given_name_starting_like_a_question_word_links() -> None:
    from types import SimpleNamespace

    from hgrag.agents.linking.plausible import plausible as _plausible

    hit = SimpleNamespace(node_type="author", label="How-Lung Eng", match="exact")
    assert _plausible(hit, "How-Lung Eng", 2, False, False)
    assert not _plausible(hit, "How Eng", 2, False, False)  # 'how' typed as a word stays a question word


def test_an_inclusive_word_not_next_to_a_year_says_nothing_of_bounds() -> None:
    after = ir.where(ir.traverse(AUTHOR, "writes", "out"), "year", ">", 2006)
    question = "Which papers, including reviews, did Ann Lee publish after 2006?"
    assert with_instructions(question, _plan(after, "Ann Lee"))["ir"]["cmp"] == ">"
    assert not [p for p in unexplained_parts(question, _plan(after, "Ann Lee")) if p.startswith("including")]


def test_the_planner_text_is_untouched_when_no_bounds_phrase_is_there() -> None:
    typed = "3-D imaging of the crust : new insight , up to and including 2011 ?"
    assert for_the_planner(typed) == typed


def test_two_years_joined_by_a_dash_are_a_range() -> None:
    from types import SimpleNamespace

    from hgrag.agents.checking.residual import residual_text

    author = SimpleNamespace(start=0, end=12, type="author")
    assert "zzyear to zzyear" in residual_text("Paul D. Amer papers 1999-2010 (inclusive)", [author], [1999, 2010])
    assert "zzyear to zzyear" not in residual_text("Paul D. Amer papers in 1999, 2010", [author], [1999, 2010])
