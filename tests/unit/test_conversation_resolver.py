"""The conversation resolver on a hand-made graph: what each kind of follow-up is read as, and that
unresolvable references are asked back (no planner involved: the resolver's own decisions)."""

from __future__ import annotations

from typing import Any

import pytest

from hgrag.agents.conversation.choice import homonym_choice
from hgrag.agents.conversation.memory import Turn
from hgrag.agents.conversation.references import find_references
from hgrag.agents.conversation.resolver import resolve
from hgrag.agents.linking.mentions import Span
from hgrag.tools.entity_index import Candidate
from hgrag.tools.graph_store import NetworkXGraphStore


@pytest.fixture
def store() -> NetworkXGraphStore:
    s = NetworkXGraphStore()
    s.add_node("v1", "venue", name="Computer Networks")
    s.add_node("v2", "venue", name="Signal Processing")
    for pid, title, year, venue in (("p1", "Graph Routing Revisited", 2012, "v1"), ("p2", "Fast Filters", 2019, "v2"),
                                    ("p3", "Old Routing", 2005, "v1")):
        s.add_node(pid, "paper", title=title, year=year)
        s.add_edge(pid, venue, "published_in")
    for aid, name, papers in (("a1", "Ann Lee", ["p1", "p2"]), ("a2", "Bo Chen", ["p1"]), ("y1", "Yang Liu", ["p3"]),
                              ("y2", "Yang Liu", ["p2"])):
        s.add_node(aid, "author", name=name)
        for p in papers:
            s.add_edge(aid, p, "writes")
    return s


class Detector:
    """Finds the graph's labels in a text (exact, case-insensitive): enough for these tests."""

    def __init__(self, store: NetworkXGraphStore):
        self.store = store

    def detect(self, text: str) -> tuple[list[Span], list[int], list[str]]:
        spans = []
        for kind in ("paper", "author", "venue"):
            for node in self.store.nodes_of_type(kind):
                label = self.store.label(node)
                at = text.lower().find(label.lower())
                if at >= 0 and not any(s.start <= at < s.end for s in spans):
                    spans.append(Span(at, at + len(label), text[at:at + len(label)], kind,
                                      [Candidate(node, kind, label, 1.0, "exact")]))
        return sorted(spans, key=lambda s: s.start), [], []


def turn(store, n: int, question: str, items: list[str], anchors: list[str], target: str, **extra: Any) -> Turn:
    def item(node: str) -> dict:
        return {"id": node, "label": store.label(node), "type": store.node_type(node)}

    return Turn(turn=n, dataset="d", asked=question, question=question, answer=[store.label(i) for i in items],
                items=[item(i) for i in items], anchors=[item(a) for a in anchors],
                mentions={a: store.label(a) for a in anchors}, target_type=target, ir=None, clarify=False,
                kind="standalone", **extra)


def read(store, text: str, history: list[Turn]) -> dict:
    return resolve(text, history, "d", Detector(store), store)


def test_pronouns_and_demonstratives_become_the_entity(store) -> None:
    history = [turn(store, 1, "Who wrote 'Graph Routing Revisited'?", ["a1", "a2"], ["p1"], "author")]
    reading = read(store, "When was it published?", history)
    assert reading["kind"] == "substitution" and reading["question"] == "When was 'Graph Routing Revisited' published?"
    assert reading["taken"] == ["'it' = 'Graph Routing Revisited' from turn 1"]
    assert read(store, "Where did that paper appear?", history)["question"] == "Where did 'Graph Routing Revisited' appear?"
    assert read(store, "What else did the second one write?", history)["question"] == "What else did Bo Chen write?"


def test_ambiguous_or_missing_references_are_asked_back(store) -> None:
    history = [turn(store, 1, "Who wrote 'Graph Routing Revisited'?", ["a1", "a2"], ["p1"], "author")]
    for text in ("What else did she write?", "What did the third one write?", "Who wrote the 2019 one?"):
        reading = read(store, text, history)
        assert reading["kind"] == "clarify" and reading["clarify"], text


def test_a_new_question_is_standalone(store) -> None:
    history = [turn(store, 1, "Who wrote 'Graph Routing Revisited'?", ["a1", "a2"], ["p1"], "author")]
    reading = read(store, "Which papers did Ann Lee write in Signal Processing?", history)
    assert reading["kind"] == "standalone" and reading["taken"] == []
    assert read(store, "Who wrote 'Fast Filters' and when was it published?", history)["kind"] == "standalone"
    assert read(store, "Who cited this paper: 'Fast Filters'?", history)["kind"] == "standalone"
    assert read(store, "Is it true that Bo Chen wrote 'Fast Filters'?", history)["kind"] == "standalone"


def test_refinements_build_an_ir_over_the_previous_answer(store) -> None:
    history = [turn(store, 1, "Which papers did Ann Lee write?", ["p2", "p1"], ["a1"], "paper")]
    count = read(store, "How many is that?", history)
    assert count["kind"] == "refinement" and count["ir"]["op"] == "aggregate" and count["ir"]["fn"] == "count"
    assert count["ir"]["input"] == {"op": "match", "ids": ["p2", "p1"], "type": "paper", "text": ""}
    later = read(store, "only those after 2010", history)
    assert later["ir"] == {"op": "filter", "input": count["ir"]["input"], "attr": "year", "cmp": ">", "value": 2010}
    venue = read(store, "just the ones in Computer Networks", history)
    assert venue["ir"]["attr"] == "venue" and venue["ir"]["value"] == "v1"
    oldest = read(store, "Which is the oldest?", history)
    assert oldest["ir"]["op"] == "top" and (oldest["ir"]["key"], oldest["ir"]["order"]) == ("year", "min")


def test_ellipsis_changes_one_slot_of_the_previous_question(store) -> None:
    history = [turn(store, 1, "How many papers did Ann Lee publish in 2012?", ["p1"], ["a1"], "value")]
    assert read(store, "and in 2019?", history)["question"] == "How many papers did Ann Lee publish in 2019?"
    assert read(store, "what about Bo Chen?", history)["question"] == "How many papers did Bo Chen publish in 2012?"
    assert read(store, "And for her co-author Bo Chen?", history)["kind"] == "ellipsis"


def test_a_same_name_question_is_answered_by_the_next_turn(store) -> None:
    asked = turn(store, 1, "Which papers did Yang Liu write?", [], [], "paper",
                 homonyms=[{"text": "Yang Liu", "ids": ["y1", "y2"]}], pending="Which papers did Yang Liu write?")
    for text, chosen in (("the second", "y2"), ("the one at Computer Networks", "y1"), ("the one with Ann Lee", "y2")):
        reading = homonym_choice(text.lower(), Detector(store).detect(text)[0], [asked], store)
        assert reading["kind"] == "choice" and reading["pins"] == {"Yang Liu": chosen}, text
        assert reading["question"] == "Which papers did Yang Liu write?"
    unclear = homonym_choice("the one at signal processing and computer networks", Detector(store).detect(
        "the one at Signal Processing and Computer Networks")[0], [asked], store)
    assert unclear["kind"] == "clarify"


def test_references_inside_one_question_are_not_thread_references(store) -> None:
    spans = Detector(store).detect("Who wrote 'Fast Filters' and when was it published?")[0]
    assert find_references("who wrote 'fast filters' and when was it published?", spans) == []
    own = "Who is the first author of 'Fast Filters'?"
    assert find_references(own.lower(), Detector(store).detect(own)[0]) == []
    assert [r.phrase for r in find_references("who is the first author of them?", [])] == ["the first author of them"]


def test_a_small_set_of_people_is_named_so_together_keeps_its_joint_meaning(store) -> None:
    history = [turn(store, 1, "Who wrote 'Graph Routing Revisited'?", ["a1", "a2"], ["p1"], "author")]
    reading = read(store, "What did they publish together?", history)
    assert reading["kind"] == "substitution" and "graft" not in reading
    assert reading["question"] == "What did Ann Lee and Bo Chen publish together?"
    assert reading["taken"] == ["'they' = 'Ann Lee' and 'Bo Chen' from turn 1"]


def test_bare_names_that_continue_no_placeable_question_are_asked_back(store) -> None:
    history = [turn(store, 1, "Which papers appeared in Computer Networks?", ["p1", "p3"], ["v1"], "paper")]
    for text in ("ok, and Ann Lee and Bo Chen?", "Ann Lee & Bo Chen"):
        assert read(store, text, history)["kind"] == "clarify", text
    assert read(store, "What did Ann Lee write?", history)["kind"] == "standalone"
