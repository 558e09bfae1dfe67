"""Loading in one pass: batch rows written as the falkordb client would write them, and the entity
index gathered from the streamed rows equal to the index read back from the loaded store."""

from __future__ import annotations

import pytest

from hgrag.tools.entity_index import EMBED_LIMIT_ENV, EntityIndex
from hgrag.tools.entity_rows import IndexRows
from hgrag.tools.falkordb_load import _props, edge_row, literal, networkx_rows, node_row
from hgrag.tools.graph_store import NetworkXGraphStore
from hgrag.tools.resources import load_graph


def make_store() -> NetworkXGraphStore:
    """Shared names and titles (so prominence orders them), citation counts present and absent."""
    store = NetworkXGraphStore(name="rows")
    for node_id, name in [("a1", "Wei Wang"), ("a2", "Wei Wang"), ("a3", "W. Wang"), ("a4", "Wang, Wei"),
                          ("a5", "Ann Lee"), ("a6", None), ("a7", "  ")]:
        store.add_node(node_id, "author", name=name)
    for node_id, title, cited in [("p1", "Graphs.", 3), ("p2", "graphs", None), ("p3", "Graphs", None),
                                  ("p4", "“Smart” nets", 0), ("p5", "Graphs", 7)]:
        store.add_node(node_id, "paper", title=title, year=2001, cited_by_count=cited)
    for node_id, name in [("v1", "ICDE"), ("v2", "ICDE"), ("v3", "VLDB")]:
        store.add_node(node_id, "venue", name=name)
    for author, paper in [("a2", "p1"), ("a2", "p2"), ("a1", "p3"), ("a3", "p3"), ("a4", "p1"), ("a4", "p2"),
                          ("a4", "p3"), ("a5", "p4")]:
        store.add_edge(author, paper, "writes", position=1)
    for paper, venue in [("p1", "v2"), ("p2", "v2"), ("p3", "v1"), ("p4", "v3"), ("p5", "v2")]:
        store.add_edge(paper, venue, "published_in")
    for source, target in [("p1", "p3"), ("p4", "p3"), ("p1", "p2"), ("p5", "p2"), ("p4", "p2")]:
        store.add_edge(source, target, "cites")
    return store


def from_rows(store: NetworkXGraphStore) -> EntityIndex:
    rows = IndexRows()
    nodes, edges = networkx_rows(store)
    assert sum(1 for _ in rows.nodes(nodes)) == sum(store.node_counts().values())
    assert sum(1 for _ in rows.edges(edges)) == sum(store.edge_counts().values())
    return EntityIndex.from_labels(store, rows.labelled, rows.prominence)


def assert_same_index(built: EntityIndex, streamed: EntityIndex) -> None:
    assert streamed.ids == built.ids
    assert streamed.maps.maps == built.maps.maps
    assert streamed.meta == built.meta


@pytest.fixture(autouse=True)
def string_keys_only(monkeypatch):
    monkeypatch.setenv(EMBED_LIMIT_ENV, "0")  # the string maps are what rows change


def test_index_from_rows_equals_index_from_store():
    store = make_store()
    built, streamed = EntityIndex.build(store), from_rows(store)
    assert_same_index(built, streamed)
    # the shared keys really are ordered by prominence (else the comparison proves little)
    assert streamed.maps.ids("author", "normalized", "wei wang") == ("a2", "a1")
    assert streamed.maps.ids("paper", "normalized", "graphs") == ("p5", "p1", "p2", "p3")
    assert streamed.maps.ids("venue", "exact", "ICDE") == ("v2", "v1")
    assert "a6" not in streamed.ids["author"] and "a7" not in streamed.ids["author"]


@pytest.mark.parametrize("dataset", ["openalex-tiny", "dblp-tiny"])
def test_index_from_rows_equals_index_from_store_on_datasets(dataset, session_hgrag_home):
    store = load_graph(dataset).store
    assert_same_index(EntityIndex.build(store), from_rows(store))


def test_edges_to_unloaded_nodes_are_not_counted():
    rows = IndexRows()
    list(rows.nodes([("author", "a1", {"name": "X Y"}), ("paper", "p1", {"title": "T"})]))
    list(rows.edges([("writes", "a1", "p1", 0, 0, {}), ("writes", "a1", "p9", 1, 0, {}),
                     ("writes", "a9", "p1", 0, 1, {})]))
    assert rows.prominence("a1", "author") == 1.0
    assert rows.prominence("p1", "paper") == 0.0


def test_row_text_is_what_the_falkordb_client_writes():
    stringify = pytest.importorskip("falkordb.helpers").stringify_param_value
    values = ['quote " and back\\slash', "", "é\nü", 3, 2.5, True, ["x", 'y"'], (1, "a"), None]
    for value in values:
        assert literal(value) == stringify(value)
    data = {"title": 'A "T"', "year": 1999, "none": None, "tags": ["a"], "other": {"x": 1}, "type": "paper"}
    expected = stringify({"id": "p1", "seq": 4, "props": _props(data)}).replace("`id`", "id")
    assert node_row("p1", 4, data) == expected.replace("`seq`", "seq").replace("`props`", "props")
    edge = stringify({"s": "a", "t": "b", "o": 1, "i": 2, "props": {"position": 3}})
    for key in "stoi":
        edge = edge.replace(f"`{key}`:", f"{key}:")
    assert edge_row("a", "b", 1, 2, {"position": 3}) == edge.replace("`props`", "props")
    with pytest.raises(ValueError):
        node_row("p1", 0, {"bad`key": 1})


def test_index_with_nothing_to_embed_records_the_model_setting_without_loading_it():
    from hgrag.tools.embeddings import get_embedder

    store = make_store()
    unloaded, loaded = EntityIndex.build(store), EntityIndex.build(store, get_embedder())
    assert unloaded._embedder is None
    assert unloaded.meta == loaded.meta
    assert {t: v.shape for t, v in unloaded._vectors.items()} == {t: v.shape for t, v in loaded._vectors.items()}
