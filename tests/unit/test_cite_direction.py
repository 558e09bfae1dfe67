"""Which way a citation goes: the parser's reading and the question-plan check that holds a plan to it."""

from __future__ import annotations

import pytest

from hgrag.agents.checking.cite_check import accounted_text, count_for_list, direction_parts, unlinked_citer
from hgrag.agents.checking.cite_direction import one_paper_direction, two_paper_roles
from hgrag.agents.planning.composition import compose_plan
from hgrag.state import plan_ir as ir


@pytest.mark.parametrize("text, direction", [
    ("who has cited zzpaper so far", "in"),
    ("show the works citing zzpaper", "in"),
    ("citing works , zzpaper", "in"),
    ("citing articles for zzpaper", "in"),
    ("which studies gave citations to zzpaper", "in"),
    ("list newer papers that have zzpaper in their bibliographies", "in"),
    ("which articles refer to zzpaper", "in"),
    ("what research was built upon zzpaper", "in"),
    ("papers where zzpaper is referenced", "in"),
    ("what did zzpaper cite", "out"),
    ("works cited in zzpaper", "out"),
    ("the bibliography of zzpaper", "out"),
    ("zzpaper 's reference list please", "out"),
    ("what prior work does zzpaper draw on", "out"),
    ("which articles are referenced within zzpaper", "out"),
    ("how many references does zzpaper have", "out"),
    ("zzpaper , the list of works it cites", "out"),
    ("tell me about zzpaper", None),
    ("is zzpaper among the references of some unlinked survey", None),
    ("citations of zzpaper", None),  # incoming or outgoing: the wording does not say
    ("papers citing zzpaper and the references of zzpaper", None),
])
def test_one_paper_direction(text: str, direction: str | None) -> None:
    assert one_paper_direction(text) == direction


@pytest.mark.parametrize("text, roles", [
    ("did zzpaper reference zzpaper", (0, 1)),
    ("does zzpaper make a reference to zzpaper", (0, 1)),
    ("does zzpaper list zzpaper in its bibliography", (0, 1)),
    ("was zzpaper ever cited by zzpaper", (1, 0)),
    ("is zzpaper one of the references of zzpaper", (1, 0)),
    ("does zzpaper show up in zzpaper 's reference list", (1, 0)),
    ("was zzpaper mentioned in zzpaper", (1, 0)),
    ("any citation going from zzpaper to zzpaper", (0, 1)),
    ("cites , zzpaper zzarrow zzpaper", (0, 1)),
    ("zzpaper or zzpaper , which is older", None),
    ("is there a link between zzpaper and zzpaper", None),
])
def test_two_paper_roles(text: str, roles: tuple[int, int] | None) -> None:
    assert two_paper_roles(text) == roles


def _anchor(text: str, node: str) -> dict:
    return {"text": text, "type": "paper", "node_id": node, "candidates": [node]}


ROCKS, SANDS = _anchor("Deep rocks of the north", "P1"), _anchor("Shallow sands at dawn", "P2")


def _walk(direction: str) -> dict:
    return ir.traverse(ir.match(["P1"], "paper", ROCKS["text"]), "cites", direction)


def _test(citing: str, cited: str) -> dict:
    return ir.test(ir.traverse(ir.match([citing], "paper"), "cites", "out"), "contains", [cited])


@pytest.mark.parametrize("question, plan_direction, flagged", [
    ("Which later studies put 'Deep rocks of the north' in their reference lists?", "in", False),
    ("Which later studies put 'Deep rocks of the north' in their reference lists?", "out", True),
    ("Works that 'Deep rocks of the north' draws on?", "out", False),
    ("Works that 'Deep rocks of the north' draws on?", "in", True),
    ("Anything interesting linked to 'Deep rocks of the north'?", "out", True),  # no direction said
])
def test_check_holds_a_walk_to_the_question_direction(question: str, plan_direction: str, flagged: bool) -> None:
    plan = {"anchors": [ROCKS], "ir": _walk(plan_direction)}
    assert bool(direction_parts(question, plan)) is flagged


@pytest.mark.parametrize("question, citing, cited, flagged", [
    ("Was 'Deep rocks of the north' cited by 'Shallow sands at dawn'?", "P2", "P1", False),
    ("Was 'Deep rocks of the north' cited by 'Shallow sands at dawn'?", "P1", "P2", True),
    ("Does 'Shallow sands at dawn' include a reference to 'Deep rocks of the north'?", "P2", "P1", False),
    ("Does 'Shallow sands at dawn' include a reference to 'Deep rocks of the north'?", "P1", "P2", True),
    ("'Deep rocks of the north' and 'Shallow sands at dawn': connected?", "P1", "P2", True),
])
def test_check_holds_a_test_to_the_citing_paper(question: str, citing: str, cited: str, flagged: bool) -> None:
    plan = {"anchors": [ROCKS, SANDS], "ir": _test(citing, cited)}
    assert bool(direction_parts(question, plan)) is flagged


def test_words_that_restate_the_direction_are_accounted_for() -> None:
    assert "older" not in accounted_text("which older works does zzm rely on", _walk("out"))
    assert "older" in accounted_text("which older works does zzm rely on", _walk("in"))
    assert "refs" not in accounted_text("refs of zzm", _walk("out"))
    assert accounted_text("refs of zzm", None) == "refs of zzm"


def test_an_unlinked_citing_title_is_reported() -> None:
    assert unlinked_citer("does the big survey of rocks cite zzm?")
    assert not unlinked_citer("does any paper cite zzm?")
    assert not unlinked_citer("does zzm cite zzm?")
    assert not unlinked_citer("does zzm carry a reference to zzm?")
    assert unlinked_citer("is zzm among the references of a long survey on rocks?")
    assert unlinked_citer("was zzm cited by the big survey of rocks")
    assert not unlinked_citer("was zzm cited by any other paper?")
    assert not unlinked_citer("is zzm cited by zzm?")


class _Span:
    def __init__(self, text: str, node: str):
        self.text, self.type, self.start, self.end = text, "paper", 0, 0
        self.candidates = [type("C", (), {"node_id": node, "label": text, "score": 1.0, "match": "exact"})()]


@pytest.mark.parametrize("residual, citing", [
    ("is zzpaper among the bibliography of zzpaper", "P2"),
    ("does zzpaper carry a citation to zzpaper", "P1"),
])
def test_parser_reads_who_cites_whom(residual: str, citing: str) -> None:
    spans = [_Span("Deep rocks of the north", "P1"), _Span("Shallow sands at dawn", "P2")]
    plan = compose_plan(residual, residual, spans, [], {"anchors": [], "operation": "yes_no"})
    assert plan["special"]["citing"] == citing


@pytest.mark.parametrize("question, flagged", [
    ("Everything that builds on 'Deep rocks of the north', please", True),
    ("How many papers cite 'Deep rocks of the north'?", False),
    ("What is the citation count of 'Deep rocks of the north'?", False),
])
def test_a_citation_count_does_not_answer_a_list_of_citing_papers(question: str, flagged: bool) -> None:
    plan = {"anchors": [ROCKS], "ir": ir.project(ir.match(["P1"], "paper"), "cited_by_count")}
    assert bool(count_for_list(question, plan)) is flagged


@pytest.mark.parametrize("residual, key", [
    ("which of zzpaper or zzpaper drew the larger number of citations", "cited_by_count"),
    ("zzpaper or zzpaper , which is cited less , i will skim that one first", "cited_by_count"),
    ("which came out before the other , zzpaper or zzpaper", "year"),
    ("zzpaper or zzpaper , which appeared first and which is cited more", None),  # two orderings at once
    ("which of zzpaper or zzpaper has more pages", None),
])
def test_comparing_two_papers(residual: str, key: str | None) -> None:
    spans = [_Span("Deep rocks of the north", "P1"), _Span("Shallow sands at dawn", "P2")]
    plan = compose_plan(residual, residual, spans, [], {"anchors": [], "operation": "list"})
    special = plan.get("special") or {}
    assert (special.get("key") if special.get("kind") == "compare" else None) == key
