"""The cached CompactGraphStore answers every GraphStore question as the networkx store it was frozen
from: the same nodes, attributes, neighbours in the same order, edges, counts and rows."""

from __future__ import annotations

import pickle

import pytest

from hgrag.tools.compact_store import CompactGraphStore
from hgrag.tools.falkordb_load import networkx_rows
from hgrag.tools.graph_builder import build_store
from hgrag.tools.graph_store import ALL_EDGE_TYPES, NetworkXGraphStore
from hgrag.tools.loaders.detect import iter_records


def small_store() -> NetworkXGraphStore:
    """Two edge types between one pair (listed in both orders), a node without edges, edge data."""
    store = NetworkXGraphStore(name="small")
    for node_id, kind in [("a1", "author"), ("a2", "author"), ("p1", "paper"), ("p2", "paper"), ("p3", "paper"),
                          ("v1", "venue"), ("lonely", "paper")]:
        store.add_node(node_id, kind, name=node_id, title=node_id)
    store.add_edge("p2", "p1", "cites")
    store.add_edge("a2", "p1", "writes", position=2)
    store.add_edge("a1", "p1", "writes", position=1)
    store.add_edge("p1", "v1", "published_in")
    store.add_edge("p1", "p3", "cites")
    store.add_edge("p1", "p2", "cites")
    store.add_edge("a1", "p3", "writes", position=1)
    store.graph.graph["authorships"] = 3
    return store


def assert_same_answers(built: NetworkXGraphStore, frozen: CompactGraphStore) -> None:
    assert frozen.node_counts() == built.node_counts() and frozen.edge_counts() == built.edge_counts()
    assert frozen.facts == built.graph.graph
    nodes = list(built.graph.nodes)
    for kind in built.node_counts():
        assert list(frozen.nodes_of_type(kind)) == list(built.nodes_of_type(kind))
    for node in nodes + ["no-such-node"]:
        assert frozen.has_node(node) == built.has_node(node)
        for edge_type in ALL_EDGE_TYPES:
            for direction in ("out", "in"):
                assert frozen.neighbors(node, edge_type, direction) == built.neighbors(node, edge_type, direction)
                assert frozen.degree(node, edge_type, direction) == built.degree(node, edge_type, direction)
    for node in nodes:
        assert frozen.node(node) == built.node(node)
    for source, target, edge_type in built.graph.edges(keys=True):
        assert frozen.edge(source, target, edge_type) == built.edge(source, target, edge_type)
        assert frozen.edge(target, source, edge_type) == built.edge(target, source, edge_type)
    papers = list(built.nodes_of_type("paper"))
    assert frozen.author_positions(papers) == built.author_positions(papers)


def rows(store) -> tuple[list, dict]:
    """Node rows, and edge rows with their ranks turned into each edge type's neighbour order."""
    nodes, edges = networkx_rows(store)
    order: dict[tuple[str, str, str], list[tuple[int, str]]] = {}
    for edge_type, source, target, out_rank, in_rank, data in edges:
        order.setdefault((edge_type, source, "out"), []).append((out_rank, target))
        order.setdefault((edge_type, target, "in"), []).append((in_rank, source))
    return sorted((kind, node) for kind, node, _ in nodes), {k: [n for _, n in sorted(v)] for k, v in order.items()}


def test_a_frozen_store_answers_as_the_built_one():
    built = small_store()
    frozen = CompactGraphStore.freeze(built)
    assert_same_answers(built, frozen)
    assert frozen.neighbors("p1", "writes", "in") == ["a2", "a1"]  # the order the edges were added in
    assert frozen.edge("a2", "p1", "writes") == {"position": 2} and frozen.edge("p1", "v1", "published_in") == {}
    assert frozen.edge("a2", "p3", "writes") is None and frozen.neighbors("lonely", "cites") == []
    with pytest.raises(KeyError):
        frozen.node("no-such-node")
    assert_same_answers(built, pickle.loads(pickle.dumps(frozen, protocol=5)))


def test_rows_for_the_database_give_the_same_neighbour_order():
    built = small_store()
    assert rows(CompactGraphStore.freeze(built)) == rows(built)


@pytest.mark.parametrize("dataset", ["openalex-tiny", "dblp-tiny"])
def test_the_tiny_datasets_frozen(dataset, openalex_tiny_dir, dblp_tiny_file):
    source = openalex_tiny_dir if dataset == "openalex-tiny" else dblp_tiny_file
    built = build_store(iter_records(dataset.split("-")[0], source), dataset)
    frozen = CompactGraphStore.freeze(built)
    assert_same_answers(built, frozen)
    assert rows(frozen) == rows(built)
