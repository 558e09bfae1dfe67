"""A paper's authors are listed in byline order (so 'the first one' of the list is the first author); other
node lists stay heaviest first, then by label; typos are corrected to the likeliest slip."""

from __future__ import annotations

from hgrag.agents.linking.spelling import correct_word
from hgrag.tools.graph_store import NetworkXGraphStore
from hgrag.tools.plan_exec import answer_items, byline_paper, run_plan, UNBOUNDED


def _store() -> NetworkXGraphStore:
    s = NetworkXGraphStore()
    s.add_node("p1", "paper", title="Routing", year=2012)
    s.add_node("p2", "paper", title="Filters", year=2019)
    for position, (aid, name) in enumerate((("a1", "Zoe Young"), ("a2", "Ann Lee"), ("a3", "Max Moe")), start=1):
        s.add_node(aid, "author", name=name)
        s.add_edge(aid, "p1", "writes", position=position)
    s.add_edge("a2", "p2", "writes", position=1)
    s.add_edge("a3", "p2", "writes", position=2)
    return s


def _labels(store: NetworkXGraphStore, ir: dict) -> list[str]:
    plan = {"ir": ir, "anchors": [{"role": "subject", "node_id": "x"}]}
    return [item.text for item in answer_items(store, plan, run_plan(store, plan, UNBOUNDED))]


AUTHORS_OF_P1 = {"op": "traverse", "input": {"op": "match", "ids": ["p1"], "type": "paper", "text": "Routing"},
                 "edge": "writes", "direction": "in"}


def test_the_authors_of_one_paper_come_in_byline_order() -> None:
    store = _store()
    assert _labels(store, AUTHORS_OF_P1) == ["Zoe Young", "Ann Lee", "Max Moe"]
    but_ann = {"op": "difference", "inputs": [AUTHORS_OF_P1, {"op": "match", "ids": ["a2"], "type": "author", "text": ""}]}
    assert _labels(store, but_ann) == ["Zoe Young", "Max Moe"]
    assert byline_paper(but_ann) == "p1"


def test_authors_of_several_papers_come_by_weight_then_label() -> None:
    store = _store()
    both = {**AUTHORS_OF_P1, "input": {"op": "match", "ids": ["p1", "p2"], "type": "paper", "text": ""}}
    assert byline_paper(both) is None
    assert _labels(store, both) == ["Ann Lee", "Max Moe", "Zoe Young"]  # two papers each, then one


def test_a_typo_is_read_as_the_likeliest_slip() -> None:
    assert correct_word("paer") == "paper"  # a dropped letter, rather than an extra one ('per')
    assert correct_word("wehre") == "where"  # two letters swapped, rather than an extra one ('were')
    assert correct_word("papes") == "papers"  # a dropped letter, rather than a wrong one ('pages')
