"""Entity linking over a toy graph: string keys, embedding fallback, filters, persistence."""

from __future__ import annotations

import json
from dataclasses import FrozenInstanceError
from pathlib import Path

import numpy as np
import pytest

from hgrag.tools.embeddings import get_embedder
from hgrag.tools.entity_index import Candidate, EntityIndex, EntityIndexError, StaleIndexError
from hgrag.tools.errors import HgragError
from hgrag.tools.graph_store import NetworkXGraphStore

CHI = "On the difference of two chi-square variates with application to outage probability computation."


def make_store() -> NetworkXGraphStore:
    store = NetworkXGraphStore(name="toy")
    authors = {"a_simon": "Marvin K. Simon", "a_msimon": "Michael Simon", "a_solling": "Jens Sølling",
               "a_alouini": "Mohamed-Slim Alouini", "a_wang1": "Wei Wang", "a_wang2": "Wei Wang",
               "a_nolabel": None}
    for node_id, name in authors.items():
        store.add_node(node_id, "author", name=name)
    papers = {"p_chi": CHI,
              "p_sum": "On the sum of two independent chi-square variates in Rayleigh fading.",
              "p_digital": "Digital communication over fading channels.",
              "p_db": "Query optimisation in relational database systems.",
              "p_quote": "“Smart” antennas for &lt;i&gt;wireless&lt;/i&gt; networks."}
    for node_id, title in papers.items():
        store.add_node(node_id, "paper", title=title, year=2000)
    store.add_node("v_tcom", "venue", name="IEEE Transactions on Communications")
    store.add_node("v_simon", "venue", name="Marvin K. Simon")  # a label shared across types
    for author, paper in [("a_simon", "p_chi"), ("a_alouini", "p_chi"), ("a_simon", "p_digital"),
                          ("a_msimon", "p_sum"), ("a_wang2", "p_db"), ("a_wang2", "p_sum")]:
        store.add_edge(author, paper, "writes")
    for paper in papers:
        store.add_edge(paper, "v_tcom", "published_in")
    return store


@pytest.fixture(scope="module")
def store() -> NetworkXGraphStore:
    return make_store()


@pytest.fixture(scope="module")
def index(store) -> EntityIndex:
    return EntityIndex.build(store, get_embedder())


def ids(candidates: list[Candidate]) -> list[str]:
    return [candidate.node_id for candidate in candidates]


def best(index: EntityIndex, text: str, node_type: str | None = None) -> tuple[str, str, float]:
    top = index.lookup(text, node_type)[0]
    return top.node_id, top.match, top.score


def test_exact_label_wins_with_score_one(index):
    assert best(index, "Marvin K. Simon", "author") == ("a_simon", "exact", 1.0)
    assert best(index, f"  {CHI}  ", "paper") == ("p_chi", "exact", 1.0)


def test_trailing_period_and_curly_quotes_still_exact(index):
    assert best(index, CHI.rstrip("."), "paper") == ("p_chi", "exact", 1.0)
    assert best(index, '"Smart" antennas for wireless networks', "paper") == ("p_quote", "exact", 1.0)


def test_normalized_match_folds_case_punctuation_hyphen_and_accents(index):
    assert best(index, "on the difference of two chi square variates with application to outage "
                       "probability computation", "paper") == ("p_chi", "normalized", 0.98)
    assert best(index, "jens solling") == ("a_solling", "normalized", 0.98)
    assert best(index, "MOHAMED SLIM ALOUINI") == ("a_alouini", "normalized", 0.98)


def test_surname_first_forms_link_to_the_author(index):
    assert best(index, "Simon, Marvin K.", "author") == ("a_simon", "name", 0.95)
    assert best(index, "Simon, M. K.", "author")[0:2] == ("a_simon", "initials")
    assert best(index, "Sølling, Jens") == ("a_solling", "name", 0.95)


def test_initials_return_every_author_they_fit(index):
    hits = index.lookup("M. Simon", "author")
    assert set(ids(hits)) == {"a_simon", "a_msimon"}
    assert {hit.match for hit in hits} == {"initials"}
    assert all(hit.score == 0.85 for hit in hits)
    assert set(ids(index.lookup("Simon, M. K.", "author"))) == {"a_simon", "a_msimon"}


def test_full_first_name_does_not_match_another_first_name(index):
    assert ids(index.lookup("Marvin Simon", "author")) == ["a_simon"]
    assert best(index, "Marvin Simon", "author") == ("a_simon", "name", 0.9)
    assert ids(index.lookup("Michael Simon", "author")) == ["a_msimon"]


def test_single_words_and_unknown_names_do_not_link(index):
    assert index.lookup("Simon", "author") == []
    assert index.lookup("Ada Lovelace") == []


def test_node_type_filter_and_shared_labels(index):
    assert set(ids(index.lookup("Marvin K. Simon"))) >= {"a_simon", "v_simon"}
    assert ids(index.lookup("Marvin K. Simon", "venue")) == ["v_simon"]
    assert index.lookup("Digital communication over fading channels", "author") == []
    assert all(hit.node_type == "paper" for hit in index.search("chi-square fading", "paper", k=10))


def test_shared_names_are_all_returned_most_prolific_first(index):
    assert ids(index.lookup("Wei Wang", "author")) == ["a_wang2", "a_wang1"]
    assert index.ambiguous("wei wang", "author")
    assert index.ambiguous("Wang, Wei")
    assert not index.ambiguous("Marvin K. Simon", "author")
    assert not index.ambiguous("Ada Lovelace")


def test_labels_with_key(index):
    found = index.labels_with_key("marvin k simon")
    assert {(c.node_id, c.node_type) for c in found} == {("a_simon", "author"), ("v_simon", "venue")}
    assert ids(index.labels_with_key("Marvin K. Simon", "author")) == ["a_simon"]


def test_unlabelled_nodes_are_not_indexed(index):
    assert index.counts()["author"] == 6
    assert index.vector_of("a_nolabel") is None
    assert index.vector_of("no-such-node") is None


def test_search_puts_string_matches_before_embedding_neighbours(index):
    hits = index.search("Digital communication over fading channels", "paper", k=3)
    assert hits[0].node_id == "p_digital" and hits[0].match == "exact"
    assert [hit.match for hit in hits[1:]] == ["embedding", "embedding"]
    assert len(set(ids(hits))) == 3


@pytest.mark.parametrize("altered", [
    "On the difference of two chi-square variates with application to outage computation",
    "On the diference of two chi-sqaure variates with aplication to outage probability computation",
])
def test_embedding_finds_altered_titles(index, altered):
    assert index.lookup(altered) == []
    top = index.search(altered, "paper", k=3)[0]
    assert (top.node_id, top.match) == ("p_chi", "embedding")
    assert 0.6 < top.score <= 1.0 + 1e-5


def test_embed_similar_and_vector_of_agree(index):
    query = index.embed(["Digital communication over fading channels"])
    assert query.shape == (1, 384) and query.dtype == np.float32
    stored = index.vector_of("p_digital")
    assert stored.dtype == np.float32 and float(stored @ query[0]) > 0.9
    top = index.similar(query[0], k=2)
    assert top[0].node_id == "p_digital" and top[0].match == "embedding"
    assert top[0].score >= top[1].score


def test_empty_text_and_bad_arguments(index):
    assert index.lookup("") == [] and index.lookup("   \t") == []
    assert index.search("  ", "paper") == []
    assert index.search("Marvin K. Simon", k=0) == []
    assert index.similar(np.zeros(384, dtype=np.float32)) == []
    with pytest.raises(HgragError, match="unknown node type 'person'"):
        index.lookup("Marvin K. Simon", "person")
    with pytest.raises(HgragError, match="unknown node type"):
        index.search("x", "journal")


def test_very_long_text_is_handled(index):
    long_text = (CHI + " ") * 25
    assert len(long_text) > 2000
    assert index.lookup(long_text) == []
    assert index.search(long_text, "paper", k=1)[0].node_id == "p_chi"


def test_candidates_are_frozen(index):
    with pytest.raises(FrozenInstanceError):
        index.lookup("Marvin K. Simon")[0].score = 0.1


@pytest.fixture(scope="module")
def saved(index, tmp_path_factory) -> Path:
    directory = tmp_path_factory.mktemp("index")
    index.save(directory)
    return directory


def test_save_load_round_trip_gives_identical_results(index, store, saved):
    loaded = EntityIndex.load(saved, store)
    for text in ("Marvin K. Simon", "Simon, M. K.", "wei wang", "jens solling",
                 "On the difference of two chi-square variates with application to outage computation"):
        assert loaded.lookup(text) == index.lookup(text)
        assert loaded.search(text, k=5) == index.search(text, k=5)
    for node_id in ("a_simon", "p_chi", "v_tcom"):
        np.testing.assert_array_equal(loaded.vector_of(node_id), index.vector_of(node_id))
    assert loaded.counts() == index.counts()


def test_load_refuses_other_embedding_setting(store, saved, monkeypatch):
    monkeypatch.setenv("HGRAG_EMBED_QUANTIZE", "0" if get_embedder().quantize else "1")
    with pytest.raises(StaleIndexError, match="HGRAG_EMBED_QUANTIZE"):
        EntityIndex.load(saved, store)


def test_load_refuses_another_graph(saved):
    other = make_store()
    other.add_node("a_new", "author", name="Ada Lovelace")
    with pytest.raises(StaleIndexError, match="another graph"):
        EntityIndex.load(saved, other)


def test_missing_or_broken_index_is_one_clear_error(store, tmp_path):
    with pytest.raises(EntityIndexError, match="no entity index"):
        EntityIndex.load(tmp_path / "absent", store)
    (tmp_path / "meta.json").write_text("{not json")
    with pytest.raises(EntityIndexError, match="unreadable"):
        EntityIndex.load(tmp_path, store)


def test_load_or_build_rebuilds_when_missing(store, tmp_path):
    directory = tmp_path / "fresh"
    built = EntityIndex.load_or_build(directory, store, get_embedder())
    meta = json.loads((directory / "meta.json").read_text())
    assert meta["quantize"] == get_embedder().quantize
    assert meta["counts"] == built.counts()
    assert ids(EntityIndex.load(directory, store).lookup("M. Simon")) == ids(built.lookup("M. Simon"))


class CountingEmbedder:
    """Wraps the real embedder and counts the texts it is asked to encode."""

    def __init__(self, embedder):
        self.inner, self.texts = embedder, []
        self.dimension = embedder.dimension

    def encode(self, texts, **kwargs):
        self.texts.extend(texts)
        return self.inner.encode(texts, **kwargs)


def test_repeated_queries_are_encoded_once_and_answer_the_same(store, index):
    counting = CountingEmbedder(get_embedder())
    fresh = EntityIndex(store, index.maps, index.ids, index._vectors, index.meta, counting)
    text = "On the sum of two chi-square variates in fading"
    first = fresh.search(text, "paper", k=3)
    again = fresh.search(text, "paper", k=3)
    closest = fresh.closest(text, "paper")
    vectors = fresh.embed([text, "Digital communication", text])
    assert first == again == index.search(text, "paper", k=3)
    assert closest == index.closest(text, "paper")
    assert counting.texts.count(text) == 1 and counting.texts.count("Digital communication") == 1
    assert np.array_equal(vectors[0], vectors[2]) and np.allclose(vectors[0], index.embed([text])[0])
    assert fresh.nearest(text, "paper", 3) == index.similar(index.embed([text])[0], "paper", 3)


def test_label_prefixes_read_from_the_maps_equal_those_read_from_the_labels(store, index):
    from hgrag.tools.label_prefixes import LabelPrefixes

    from_maps, from_labels = LabelPrefixes.of(index, store), LabelPrefixes.of(None, store)
    assert from_maps._keys == from_labels._keys and from_maps._titles == from_labels._titles
    assert from_maps.longest_name_words == from_labels.longest_name_words == 3
    assert from_maps.given_names == from_labels.given_names and "marvin" in from_maps.given_names
    restored = LabelPrefixes.restore(from_maps.payload())  # what prefixes.pkl gives a process start
    assert restored.given_names == from_maps.given_names and restored._keys == from_maps._keys


def test_exact_search_gives_what_a_faiss_flat_index_gives(index):
    import faiss

    from hgrag.tools.vector_search import ExactSearch, vector_index

    matrix = np.ascontiguousarray(index._vectors["paper"], dtype=np.float32)
    flat = faiss.IndexFlatIP(matrix.shape[1])
    flat.add(matrix)
    exact = vector_index(index._vectors["paper"])
    assert isinstance(exact, ExactSearch) and exact.ntotal == flat.ntotal
    for row in range(len(matrix)):
        query = matrix[row:row + 1] * np.float32(0.7) + matrix[(row + 1) % len(matrix)] * np.float32(0.3)
        for k in (1, 3, len(matrix)):
            got, want = exact.search(query, k), flat.search(query, k)
            assert got[1].tolist() == want[1].tolist() and got[0].tolist() == want[0].tolist()
