"""Yes/no questions whose predicate is a type ('Is T a preprint?'): the answer is read from the paper's own
publication type in the raw files (tests/tiny_raw.py); a graph that records no type (DBLP) is told so, never
answered 'no'."""

from __future__ import annotations

import pytest

from test_offline_answers import ask_offline, facts  # noqa: F401  (the module's fixture)

pytestmark = pytest.mark.integration

OTHER_TYPE = {"article": "preprint", "preprint": "article", "book-chapter": "article", "review": "article"}
FORM = {"book-chapter": "book chapter"}


def test_a_papers_own_type_is_confirmed_and_another_denied(facts):
    f = facts["openalex-tiny"]
    paper = f.paper
    assert paper.work_type in OTHER_TYPE, paper.work_type
    title = paper.title.rstrip(".")
    same = ask_offline(f'Is "{title}" a {FORM.get(paper.work_type, paper.work_type)}?', f.dataset)
    other = ask_offline(f"is '{title}' classified as a {OTHER_TYPE[paper.work_type]} or not", f.dataset)
    assert (same["answer"], same["verified"]) == (["yes"], True), same["answer_text"]
    assert (other["answer"], other["verified"]) == (["no"], True), other["answer_text"]
    assert "type" in same["interpretation"]


def test_a_graph_without_types_says_so_instead_of_no(facts):
    f = facts["dblp-tiny"]
    result = ask_offline(f'Is "{f.paper.title.rstrip(".")}" a preprint?', f.dataset)
    assert result["answer"] == []
    assert "does not record" in result["answer_text"] and "type" in result["answer_text"]


def test_a_type_with_another_relation_is_no_type_test(facts):
    """'Is T an article in V?' asks more than the type: the type test does not take it (it abstains or
    answers the whole question, never the type alone)."""
    f = facts["openalex-tiny"]
    result = ask_offline(f'Is "{f.paper.title.rstrip(".")}" an article in Nature?', f.dataset)
    assert "type of" not in (result.get("interpretation") or "")
