"""A misspelt author name is read as the one author it can only be, and stays a 'did you mean' otherwise."""

from __future__ import annotations

from hgrag.agents.linking.name_typos import allowed_edits, as_written, corrected_name
from hgrag.tools.entity_index import Candidate


class Names:
    """An index stand-in: the authors' names, nearest first by a plain string ratio."""

    def __init__(self, *names: str):
        self.names = names

    def closest(self, text: str, kind: str, k: int) -> list[str]:
        from rapidfuzz import fuzz

        return sorted(self.names, key=lambda n: -fuzz.ratio(text.lower(), n.lower()))[:k]

    def lookup(self, text: str, kind: str) -> list[Candidate]:
        return [Candidate(f"a{i}", "author", n, 1.0, "exact") for i, n in enumerate(self.names) if n == text]


def test_one_near_name_is_read_and_two_near_names_are_not() -> None:
    assert corrected_name(Names("Marcin Dabrowski", "Christopher Dabrowski"), "Maecin Daabrowski") == "Marcin Dabrowski"
    assert corrected_name(Names("Athaa Al-Otaibi", "Athaa Alotaibi"), "Athaa Ak-Otaibi") is None  # two are close
    assert corrected_name(Names("Yang Liu", "Yang Lu"), "Yang Li") is None  # a short name is never guessed
    assert corrected_name(Names("Paul Strooper", "Paul Strooper"), "Pall Strooper") is None  # a shared name
    assert corrected_name(Names("Marcin Dabrowski"), "Marcin Dabrowski") is None  # nothing to mend


def test_the_edit_budget_grows_with_the_name_and_the_name_is_found_as_written() -> None:
    assert (allowed_edits("Yang Li"), allowed_edits("Marcin Dabrowski"), allowed_edits("Tomaso R. R. Bontognali")) == (0, 2, 2)
    assert allowed_edits("Bontognali") == 0  # one word: a surname alone is never guessed
    assert as_written("when did Tomaaso R. R. Bontoggnali publish?", "Tomaaso R R Bontoggnali") == "Tomaaso R. R. Bontoggnali"
    assert as_written("colaborators of Micthall D’Arcy", "Micthall D'Arcy") == "Micthall D’Arcy"  # either apostrophe


def test_a_quoted_title_with_typos_in_several_words_is_found_by_spelling() -> None:
    from hgrag.agents.linking.title_align import near_quoted_title

    class Titles:
        """An index stand-in whose embedding finds nothing near: only the titles' spelling can."""

        def __init__(self, *titles: str):
            from hgrag.tools.text import norm_key

            self.maps = type("Maps", (), {"keyed": lambda _, kind, how: [(norm_key(t), f"p{i}") for i, t in enumerate(titles)]})()
            self.store = type("Store", (), {"label": lambda _, node: titles[int(node[1:])]})()
            self.titles = titles

        def closest(self, text: str, kind: str, k: int) -> list[str]:
            return []

        def lookup(self, text: str, kind: str) -> list[Candidate]:
            return [Candidate(f"p{i}", "paper", t, 1.0, "exact") for i, t in enumerate(self.titles) if t == text]

    index = Titles("The Characterization of Branching Dependencies.", "The Characterization of Functional Dependencies.")
    assert [hit.label for hit in near_quoted_title(index, "The Characterization of Brancing Deendencies")] == \
        ["The Characterization of Branching Dependencies."]
    assert near_quoted_title(index, "The Characterization of Dependencies in Graphs") == []  # near neither clearly


def test_two_swapped_letters_need_only_a_one_edit_lead() -> None:
    names = Names("Se Hyun Park", "Se Hyung Park", "Ok Hyun Paek")
    assert corrected_name(names, "Se Hyun Prak") == "Se Hyun Park"  # a swap, the next name two edits away
    assert corrected_name(names, "Se Hyun Pak") is None  # a dropped letter keeps the two-edit lead


def test_a_name_typed_with_its_accents_picks_the_one_author_written_so() -> None:
    from hgrag.agents.graph_retrieval_agent import rerank_anchors
    from hgrag.tools.local_graph import NetworkXGraphStore

    store = NetworkXGraphStore(name="toy")
    for node, name in (("a1", "Kai Lu"), ("a2", "Kai Lü"), ("a3", "Kai Lu")):
        store.add_node(node, "author", name=name)
    plan = {"anchors": [{"text": "Kai Lü", "type": "author", "role": "subject", "node_id": "a1",
                         "candidates": ["a1", "a2", "a3"], "candidate_scores": [1.0, 1.0, 1.0], "match": "normalized"}]}
    rerank_anchors(store, plan, abstain_on_ties=True)
    assert plan["anchors"][0]["node_id"] == "a2" and "written with them" in plan["anchors"][0]["picked_because"]
