"""FalkorDBGraphStore answers every GraphStore call exactly like the embedded store (same values,
same order) on both tiny datasets; data never becomes Cypher; the server is this session's own."""

from __future__ import annotations

import random

import pytest

from hgrag.tools.falkordb_load import load_networkx, read_meta
from hgrag.tools.falkordb_store import FalkorDBGraphStore
from hgrag.tools.graph_store import EDGE_TYPES, NODE_TYPES
from hgrag.tools.resources import load_graph

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module", params=["openalex-tiny", "dblp-tiny"])
def stores(request, falkordb_server, session_hgrag_home):
    embedded = load_graph(request.param).store
    database = FalkorDBGraphStore.connect(falkordb_server.url(f"test-{request.param}"))
    load_networkx(database.graph, embedded, {"dataset": request.param})
    return embedded, database


def test_counts_meta_and_listing_order(stores):
    embedded, database = stores
    assert database.node_counts() == embedded.node_counts()
    assert database.edge_counts() == embedded.edge_counts()
    assert read_meta(database.graph)["dataset"] in ("openalex-tiny", "dblp-tiny")
    for node_type in NODE_TYPES:
        assert list(database.nodes_of_type(node_type)) == list(embedded.nodes_of_type(node_type))


def test_every_node_and_adjacency_list_is_identical(stores):
    embedded, database = stores
    nodes = all_nodes(embedded)
    for node in nodes:
        assert database.node(node) == dict(embedded.node(node))
        assert database.label(node) == embedded.label(node)
    for edge_type in EDGE_TYPES:
        for direction in ("out", "in"):
            assert database.expand(nodes, edge_type, direction) == embedded.expand(nodes, edge_type, direction)
            assert database.degrees(nodes, edge_type, direction) == embedded.degrees(nodes, edge_type, direction)
            node = nodes[len(nodes) // 2]
            assert database.neighbors(node, edge_type, direction) == embedded.neighbors(node, edge_type, direction)


def test_set_at_a_time_reads(stores):
    embedded, database = stores
    papers = list(embedded.nodes_of_type("paper"))
    everything = all_nodes(embedded) + ["no-such-node"]
    assert database.author_positions(papers) == embedded.author_positions(papers)
    for key in ("title", "name", "year", "cited_by_count", "type", "id", "seq", "missing_key"):
        assert database.attrs(everything, key) == embedded.attrs(everything, key)
    assert database.labels(papers) == embedded.labels(papers)
    source = next(iter(embedded.nodes_of_type("author")))
    target = embedded.neighbors(source, "writes")[0]
    assert database.edge(source, target, "writes") == {k: v for k, v in embedded.edge(source, target, "writes").items()
                                                       if v is not None}
    assert database.edge(target, source, "writes") is None


def test_shortest_paths_match_the_embedded_breadth_first_choice(stores):
    embedded, database = stores
    rng = random.Random(3)
    nodes = sorted(all_nodes(embedded))
    found = 0
    for _ in range(150):
        source, target = rng.sample(nodes, 2)
        for edge_types in (("writes",), ("writes", "cites", "published_in")):
            expected = embedded.shortest_path(source, target, edge_types, 6)
            assert database.shortest_path(source, target, edge_types, 6) == expected
            found += expected is not None
    assert found > 0
    assert database.shortest_path(nodes[0], "no-such-node") is None


@pytest.mark.parametrize("hostile", ["x'}) DETACH DELETE n //", "\") MATCH (n) DETACH DELETE n //", "$ids"])
def test_hostile_ids_are_data(stores, hostile):
    embedded, database = stores
    before = database.edge_counts()
    assert not database.has_node(hostile)
    assert database.expand([hostile], "writes", "out") == {hostile: []}
    assert database.attrs([hostile], "title") == {hostile: None}
    assert database.shortest_path(hostile, all_nodes(embedded)[0]) is None
    assert database.edge_counts() == before


def all_nodes(store) -> list[str]:
    return [node for kind in store.node_counts() for node in store.nodes_of_type(kind)]
