"""Question-plan checks for free-typed wordings (agents/checking/honest_checks.py): each names the part of the
question a misreading would leave out, and stays quiet when the plan reads that part."""

from __future__ import annotations

from hgrag.agents.checking import honest_checks as hc
from hgrag.state import plan_ir as ir

AUTHOR = ir.match(["A1"], "author", "Ann Lee")
PAPER = ir.match(["P1"], "paper", "Deep rocks")
OTHER = ir.match(["P2"], "paper", "Shallow seas")
VENUE = ir.match(["V1"], "venue", "Basin Research")


def _plan(node: dict, *anchors: tuple[str, str, str]) -> dict:
    return {"ir": node, "anchors": [{"text": t, "node_id": i, "type": k} for t, i, k in anchors]}


def test_a_paper_the_asker_already_has_is_not_the_subject() -> None:
    plan = _plan(ir.project(PAPER, "year"), ("Deep rocks", "P1", "paper"))
    assert hc.already_known_used("I've got the year of Deep rocks, I still need it for Shalow seaz", plan)
    assert not hc.already_known_used("I already have the year of Deep rocks. Who wrote it?", plan)


def test_a_name_set_as_a_heading_must_be_used() -> None:
    plan = _plan(ir.aggregate(ir.traverse(AUTHOR, "writes", "out"), "count"), ("Ann Lee", "A1", "author"))
    assert hc.unlinked_topic_prefix("Sedimentology: number of papers by Ann Lee", plan)
    assert not hc.unlinked_topic_prefix("Quick question: number of papers by Ann Lee", plan)
    assert not hc.unlinked_topic_prefix("For my thesis: number of papers by Ann Lee", plan)


def test_a_venue_meant_but_not_linked_is_reported() -> None:
    count = ir.aggregate(ir.traverse(AUTHOR, "writes", "out"), "count")
    assert hc.venue_not_linked("my field's big outlet. how many times did it publish work by zzm?", count)
    assert hc.venue_not_linked("how many papers has zzm got in the bulletin of marine science?", count)
    in_venue = ir.aggregate(ir.setop("intersect", [ir.traverse(AUTHOR, "writes", "out"),
                                                    ir.traverse(VENUE, "published_in", "in")]), "count")
    assert not hc.venue_not_linked("how many papers has zzm got in the bulletin of marine science?", in_venue)
    assert not hc.venue_not_linked("how many papers has zzm written?", count)
