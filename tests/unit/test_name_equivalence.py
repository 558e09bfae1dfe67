"""Same-name and near-name authors (issue 23, item 5): names that differ only in hyphens, spaces, accents or
case are one name for the same-name rule (hgrag asks which is meant, whichever spelling is typed), and a
given name that contradicts a node's given name is not a link."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from hgrag.agents.graph_retrieval_agent import OfflineRetriever
from hgrag.agents.retrieval_agent import OfflinePlanner
from hgrag.state.context import Context
from hgrag.tools.entity_index import Candidate
from hgrag.tools.entity_keys import LabelMaps, name_denotes, same_name_key
from hgrag.tools.graph_store import NODE_TYPES, NetworkXGraphStore
from hgrag.tools.plan_exec import full_answer, linked_subjects

pytestmark = pytest.mark.faults


class KeyIndex:
    """The entity index's string maps (exact, normalised, name, initials keys), without embeddings."""

    def __init__(self, store: NetworkXGraphStore):
        self.store = store
        labelled = {kind: [(node, store.label(node)) for node in store.nodes_of_type(kind)] for kind in NODE_TYPES}
        self.maps = LabelMaps.build(labelled, lambda node, kind: len(list(store.all_neighbors(node))))

    def lookup(self, text: str, node_type: str | None = None) -> list[Candidate]:
        kinds = [node_type] if node_type else list(NODE_TYPES)
        return [Candidate(node, kind, self.store.label(node), score, match)
                for node, kind, match, score in self.maps.matches(text, kinds)]

    def search(self, text: str, node_type: str | None = None, k: int = 10) -> list[Candidate]:
        return self.lookup(text, node_type)[:k]


SPELLINGS = {"k1": "Khalid Al-Ramadan", "k2": "Khalid Al\u2010Ramadan", "k3": "Khalid Al\u2010Ramadan",
             "k4": "Khalid Al Ramadan"}


def world(authors: dict[str, str], papers: dict[str, tuple[str, list[str]]]) -> SimpleNamespace:
    store = NetworkXGraphStore(name="toy")
    for node, name in authors.items():
        store.add_node(node, "author", name=name)
    for node, (title, by) in papers.items():
        store.add_node(node, "paper", title=title, year=2020, cited_by_count=1)
        for position, author in enumerate(by, 1):
            store.add_edge(author, node, "writes", position=position)
    return SimpleNamespace(store=store, index=KeyIndex(store), dataset="toy")


def ramadan_papers() -> dict[str, tuple[str, list[str]]]:
    """1, 2, 3 and 4 papers for the four authors, none shared."""
    return {f"p{node}{i}": (f"Carbonate reservoir study number {node} part {i}", [node])
            for n, node in enumerate(SPELLINGS, 1) for i in range(n)}


@pytest.fixture(scope="module")
def ramadans() -> SimpleNamespace:
    """Four unconnected authors whose names differ only in the hyphen typed."""
    return world(SPELLINGS, ramadan_papers())


def retrieved(world: SimpleNamespace, question: str) -> dict:
    plan = OfflinePlanner().plan(question, world, Context(dataset="toy"))
    plan, _ = OfflineRetriever().retrieve(question, plan, world, 1000)
    return plan


def test_same_name_key_folds_hyphens_spaces_accents_case_and_order() -> None:
    assert len({same_name_key(name) for name in SPELLINGS.values()}) == 1
    assert same_name_key("José Müller") == same_name_key("jose muller") == same_name_key("Muller, Jose")
    assert same_name_key("Marvin K. Simon") != same_name_key("Marvin Simon")


@pytest.mark.parametrize("typed", sorted(set(SPELLINGS.values())) + ["khalid al ramadan"])
def test_every_spelling_of_a_shared_name_asks_which_is_meant(ramadans: SimpleNamespace, typed: str) -> None:
    plan = retrieved(ramadans, f"How many papers did {typed} write?")
    assert not linked_subjects(plan) and full_answer(ramadans.store, plan) == []
    assert "4 authors in the graph are named" in plan["reason"] and "Which one do you mean" in plan["reason"]


def test_a_co_author_still_singles_one_out() -> None:
    papers = {**ramadan_papers(), "pz": ("Diagenesis of a sandstone aquifer", ["k3", "z1"])}
    linked = world({**SPELLINGS, "z1": "Zahra Qureshi"}, papers)
    plan = retrieved(linked, "Which papers did Khalid Al-Ramadan write with Zahra Qureshi?")
    assert [item.text for item in full_answer(linked.store, plan)] == ["Diagenesis of a sandstone aquifer"]


@pytest.fixture(scope="module")
def near_names() -> SimpleNamespace:
    """'M. Smith', 'Maxwell Simon', 'Marvin K. Simon', 'James Kirk', and an author with a paper titled by his name."""
    authors = {"m1": "M. Smith", "s1": "Maxwell Simon", "s2": "Marvin K. Simon", "s3": "M. Simon", "j1": "James Kirk",
               "e1": "Ahmed M. El-Zohry"}
    papers = {"pm": ("Cache coherence in shared memory", ["m1", "j1"]), "ps1": ("Outage bounds", ["s1"]),
              "ps3": ("Parallel singular value decomposition", ["s3"]),
              "ps2": ("Chi-square variates", ["s2"]), "pe1": ("Ahmed M. El-Zohry", ["e1"]),
              "pe2": ("Ultrafast charge transfer in dyes", ["e1", "j1"]), "pe3": ("Excited states of ligands", ["e1"])}
    return world(authors, papers)


def subjects(world: SimpleNamespace, question: str) -> list[str]:
    return linked_subjects(retrieved(world, question))


def test_a_given_name_typed_before_a_shorter_name_is_not_dropped(near_names: SimpleNamespace) -> None:
    assert subjects(near_names, "How many papers did M. Smith write?") == ["m1"]
    assert "m1" not in subjects(near_names, "How many papers did James M. Smith write?")  # James is not M.
    assert "m1" not in subjects(near_names, "how many papers did james m. smith write?")


def test_an_unquoted_personal_name_is_the_person_a_quoted_title_the_paper(near_names: SimpleNamespace) -> None:
    assert subjects(near_names, "How many papers did Ahmed M. El-Zohry write?") == ["e1"]
    assert subjects(near_names, "Who are the co-authors of Ahmed M. El-Zohry?") == ["e1"]
    assert subjects(near_names, "Who wrote 'Ahmed M. El-Zohry'?") == ["pe1"]


def test_a_given_name_written_out_is_not_read_as_another_given_name(near_names: SimpleNamespace) -> None:
    """'Max Simon' is neither Marvin K. Simon (Max contradicts Marvin) nor, by its initial alone, M. Simon."""
    assert name_denotes("M. Simon", "Marvin K. Simon") and not name_denotes("Max Simon", "M. Simon")
    assert not name_denotes("Max Simon", "Marvin K. Simon")
    plan = retrieved(near_names, "How many papers did Max Simon write?")
    assert not linked_subjects(plan) and "Max Simon" in (plan.get("unresolved") or [])
    assert subjects(near_names, "How many papers did Marvin Simon write?") == ["s2"]


def test_an_expansion_never_switches_to_a_contradicted_candidate(near_names: SimpleNamespace) -> None:
    """After a re-link, the evidence of the plan before it is not a reason to take the next candidate."""
    from hgrag.agents.graph_retrieval_agent import OfflineRetriever as Retriever

    question = "How many papers did Max Simon write?"
    plan = retrieved(near_names, question)
    evidence = {"n_targets": 0, "layer_budget": 1000}
    replanned, _, _ = Retriever().expand(question, plan, evidence, near_names,
                                         lambda text: OfflinePlanner().plan(text, near_names, Context(dataset="toy")))
    assert not linked_subjects(replanned)  # neither Marvin K. Simon nor Maxwell Simon nor M. Simon
