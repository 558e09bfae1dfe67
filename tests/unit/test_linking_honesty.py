"""Linking honesty: a mention links only to an entity it denotes; absent entities and same-name
authors lead to abstentions that say why; display limits never hide how many items there are."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from test_planner import P1, Hit, StringIndex, make_store

from hgrag.agents.answering.answer_render import abstention_text, render_answer
from hgrag.agents.graph_retrieval_agent import OfflineRetriever, _best_anywhere, _best_in_ring
from hgrag.agents.linking.mentions import MentionDetector
from hgrag.agents.checking.unlinked import looks_like_person, suggestions_for, unlinked_lowercase_partners
from hgrag.agents.retrieval_agent import OfflinePlanner
from hgrag.state.context import Context
from hgrag.tools.entity_keys import name_denotes, title_denotes, title_within, words_match
from hgrag.tools.plan_exec import full_answer, linked_subjects


@pytest.mark.parametrize("a, b, same", [
    ("simon", "simon", True), ("simon", "simom", True), ("simon", "simno", True),  # 5 letters: 1 typo (a swap is one)
    ("simon", "sinom", False),
    ("lee", "lew", False),  # below 5 letters: exact only
    ("elkatatny", "elkatany", True),  # 8-9 letters: 1 typo
    ("elkatatny", "elkatny", False),  # 2 typos, but the shorter word has only 7 letters
    ("divsalar", "divsallar", True), ("divsalar", "dvsalr", False),
])
def test_typo_tolerance_grows_with_word_length(a, b, same):
    assert words_match(a, b) is same


@pytest.mark.parametrize("mention, label, denotes", [
    ("Marvin K. Simon", "Marvin K. Simon", True),
    ("marvin k simon", "Marvin K. Simon", True),
    ("Simon, Marvin K.", "Marvin K. Simon", True),
    ("M. K. Simon", "Marvin K. Simon", True),
    ("M. Simon", "Marvin K. Simon", True),
    ("Marvin Simon", "Marvin K. Simon", True),
    ("Marvin Simom", "Marvin K. Simon", True),  # a small typo in the surname
    ("Marvin Wolkenbach", "Marvin K. Simon", False),  # same first name, another person
    ("Theo Simon", "Marvin K. Simon", False),  # same surname, another given name
    ("Marvin X. Simon", "Marvin K. Simon", False),  # an incompatible middle initial
    ("Yang Wolkenbach", "Yixin Yang", False),  # one shared token is not a name match
    ("Simon", "Marvin K. Simon", False),
])
def test_name_denotes(mention, label, denotes):
    assert name_denotes(mention, label) is denotes


def test_title_denotes_needs_nearly_the_whole_title():
    assert title_denotes(P1.lower().replace("-", " "), P1)
    assert title_denotes(P1.replace("variates", "variate"), P1)  # a small typo
    assert not title_denotes("On the difference of two chi-square variates in radar detection", P1)
    assert title_denotes("On the difference of two chi-square", P1, truncated=True)  # a clear prefix
    assert not title_denotes("On the difference", P1, truncated=True)  # too short to be a clear prefix
    assert title_within(f"who wrote {P1.lower()} please", P1)
    assert not title_within("who wrote on the difference of two gaussian variates", P1)


class EmbeddingLikeIndex(StringIndex):
    """String look-ups plus fixed 'nearest neighbours', like an embedding search returns them."""

    def __init__(self, store, neighbours):
        super().__init__(store)
        self.neighbours = neighbours

    def search(self, text, node_type=None, k=10):
        found = self.lookup(text, node_type)
        found += [Hit(n, self.store.node_type(n), self.store.label(n), 0.9, "embedding") for n in self.neighbours
                  if node_type in (None, self.store.node_type(n))]
        return found[:k]

    def closest(self, text, node_type, k=3):
        return [self.store.label(n) for n in self.neighbours if self.store.node_type(n) == node_type][:k]


def test_relinking_rejects_neighbours_that_are_other_people_or_other_papers():
    store = make_store()
    index = EmbeddingLikeIndex(store, ["a1", "p1"])
    assert _best_anywhere(index, "Marvin Wolkenbach") is None  # shares only 'Marvin' with a1
    assert _best_anywhere(index, "Marvin Simom") == "a1"  # a typo of a1's name
    assert _best_anywhere(index, "On the difference of two gaussian variates with application to radar") is None
    ring = set(store.nodes_of_type("author")) | set(store.nodes_of_type("paper"))
    assert _best_in_ring(store, "Marvin Wolkenbach", ring) is None
    assert _best_in_ring(store, "Dariush Divsallar", ring) == "a2"


def test_quoted_absent_title_does_not_link_to_its_embedding_neighbour():
    store = make_store()
    detector = MentionDetector(EmbeddingLikeIndex(store, ["p1"]), store)
    spans, _, unresolved = detector.detect('Who wrote "On the difference of two gaussian variates in radar"?')
    assert not [s for s in spans if s.type == "paper"]
    assert unresolved == ["On the difference of two gaussian variates in radar"]


def world(index_cls=StringIndex, **kwargs):
    store = make_store()
    return SimpleNamespace(store=store, index=index_cls(store, **kwargs), dataset="toy")


def planned(toy, question):
    plan = OfflinePlanner().plan(question, toy, Context(dataset="toy"))
    plan, _ = OfflineRetriever().retrieve(question, plan, toy, 1000)
    return plan


def test_absent_author_abstains_with_closest_names():
    toy = world(EmbeddingLikeIndex, neighbours=["a1", "a2"])
    plan = planned(toy, "Which papers did Marvin Wolkenbach write?")
    assert not linked_subjects(plan)
    text = abstention_text(plan, "toy")
    assert text.startswith("I could not find an author named 'Marvin Wolkenbach' in the toy graph; closest: Marvin K. Simon")
    assert "cannot answer" in text


def test_absent_coauthor_holds_the_answer_back():
    toy = world(EmbeddingLikeIndex, neighbours=["a1"])
    plan = planned(toy, "Which papers did Dariush Divsalar write with Theis Wolkenbach?")
    assert "Theis Wolkenbach" in plan["unresolved"]
    assert not linked_subjects(plan) and not full_answer(toy.store, plan)
    assert "I could not find an author named 'Theis Wolkenbach'" in abstention_text(plan, "toy")


def test_absent_lowercase_coauthor_holds_the_answer_back():
    toy = world(EmbeddingLikeIndex, neighbours=["a1"])
    plan = planned(toy, "which papers did dariush divsalar write with theis wolkenbach?")
    assert plan["unresolved"] == ["theis wolkenbach"] and not linked_subjects(plan)
    assert unlinked_lowercase_partners("which papers did bo chen write with the most citations?", []) == []
    assert unlinked_lowercase_partners("which papers did he write with other people and the most citations?", []) == []


def test_person_like_mentions():
    assert looks_like_person("Yang Wolkenbach") and looks_like_person("M. K. Simon")
    assert looks_like_person("Jan van der Berg")
    assert not looks_like_person("On the Theory of Everything")
    assert not looks_like_person("IEEE Transactions") and not looks_like_person("King Abdullah University")
    assert suggestions_for(StringIndex(make_store()), ["Yang Wolkenbach"]) == \
        {"Yang Wolkenbach": {"type": "author", "closest": []}}


def homonym_world():
    """Two authors named 'Bo Chen': a4 (wrote p2, p3) and a9 (wrote p9 with Ann Lee)."""
    store = make_store()
    store.add_node("a9", "author", name="Bo Chen", orcid="0000-0001-2345-6789")
    store.add_node("p9", "paper", title="Graph sampling for sensor placement", year=2019, cited_by_count=1)
    store.add_edge("a9", "p9", "writes", position=1)
    store.add_edge("a3", "p9", "writes", position=2)
    return SimpleNamespace(store=store, index=StringIndex(store), dataset="toy")


def test_same_name_authors_are_not_resolved_silently():
    toy = homonym_world()
    plan = planned(toy, "How many papers did Bo Chen publish?")
    assert not linked_subjects(plan)
    text = abstention_text(plan, "toy")
    assert text.startswith("2 authors in the graph are named 'Bo Chen'")
    assert "a4, 2 papers" in text and "a9, 1 paper, ORCID 0000-0001-2345-6789, co-author Ann Lee" in text
    assert "Which one do you mean?" in text


def test_another_entity_singles_one_namesake_out_and_the_text_says_so():
    toy = homonym_world()
    plan = planned(toy, "Which papers did Bo Chen write with Ann Lee?")
    bo = next(m for m in plan["anchors"] if m["text"] == "Bo Chen")
    assert bo["node_id"] == "a9"
    answer = [item.text for item in full_answer(toy.store, plan)]
    assert answer == ["Graph sampling for sensor placement"]
    text = render_answer(plan, answer, toy.store)
    assert "2 authors are named 'Bo Chen'; I used a9, the one connected to Ann Lee" in text


def test_display_limit_shortens_only_the_text_and_says_how_many():
    store = make_store()
    titles = [f"Paper number {i:03d}" for i in range(230)]
    plan = {"operation": "list", "target_type": "paper", "start_type": "author", "steps": [],
            "anchors": [{"role": "subject", "node_id": "a2", "label": "Dariush Divsalar", "type": "author",
                         "text": "Dariush Divsalar"}], "display_limit": 20}
    text = render_answer(plan, titles, store)
    assert "Paper number 019, … (showing 20 of 230; --limit 0 shows all)" in text
    assert "Paper number 020" not in text
    everything = render_answer({**plan, "display_limit": 0}, titles, store)
    assert all(t in everything for t in titles) and "showing" not in everything


def test_a_typo_is_relinked_in_the_ring_and_the_text_says_how_it_was_read():
    toy = world(EmbeddingLikeIndex, neighbours=["a1"])
    question = "Which papers did Dariush Divsalar write with Marvin Simom?"
    plan = planned(toy, question)
    assert plan["unresolved"] == ["Marvin Simom"] and not linked_subjects(plan)

    def replan(rewritten):
        return OfflinePlanner().plan(rewritten, toy, Context(dataset="toy"))

    plan, _, actions = OfflineRetriever().expand(question, plan, {"layer_budget": 1000}, toy, replan)
    assert "re-linked" in actions and linked_subjects(plan)
    simon = next(m for m in plan["anchors"] if m["node_id"] == "a1")
    assert simon["relinked_from"] == "Marvin Simom"
    answer = [item.text for item in full_answer(toy.store, plan)]
    assert answer == [P1]
    assert "(I read 'Marvin Simom' as Marvin K. Simon.)" in render_answer(plan, answer, toy.store)


def test_an_altered_title_is_found_where_it_stands_in_the_question() -> None:
    from hgrag.agents.linking.mentions import _aligned_stretch

    label = "Seismic imaging of salt domes in the Red Sea"
    question = "who is first_author(Seismic imagng of salt domes in the Red Sea) and when did they start?"
    start, end = _aligned_stretch(question, label, [])
    assert question[start:end] == "Seismic imagng of salt domes in the Red Sea"
    assert _aligned_stretch("who wrote the paper on salt tectonics?", label, []) == (0, 0)
