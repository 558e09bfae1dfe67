"""The Cypher dialect only splices checked schema words; graph URLs and store selection."""

from __future__ import annotations

import re

import pytest

from hgrag.tools.cypher_dialect import FALKORDB, identifier, node_label, relationship
from hgrag.tools.errors import InputError
from hgrag.tools.falkordb_resources import GRAPH_ENV, graph_key, selected_graph
from hgrag.tools.falkordb_store import parse_graph_url
from hgrag.tools.graph_store import EDGE_TYPES, NODE_TYPES


def _all_texts() -> list[str]:
    texts = FALKORDB.index_statements() + [FALKORDB.node(), FALKORDB.nodes(), FALKORDB.node_counts(),
                                           FALKORDB.author_positions(), FALKORDB.max_seq(),
                                           FALKORDB.write_meta(), FALKORDB.read_meta()]
    for node_type in NODE_TYPES:
        texts += [FALKORDB.create_nodes(node_type), FALKORDB.nodes_of_type(node_type)]
    for edge_type in EDGE_TYPES:
        texts += [FALKORDB.create_edges(edge_type), FALKORDB.edge(edge_type), FALKORDB.edge_counts(edge_type),
                  FALKORDB.shortest_paths((edge_type,)), FALKORDB.edges_among((edge_type,))]
        for direction in ("out", "in"):
            texts += [FALKORDB.expand(edge_type, direction), FALKORDB.degrees(edge_type, direction)]
    return texts


def test_data_reaches_queries_only_as_parameters():
    for text in _all_texts():
        # the only string literals are fixed schema words, never a slot for data
        for literal in re.findall(r"'([^']*)'", text):
            assert literal in set(EDGE_TYPES) | {"both", "meta"}, (literal, text)
        assert "{}" not in text and "%s" not in text


def test_set_at_a_time_queries_unwind_their_ids():
    for edge_type in EDGE_TYPES:
        assert FALKORDB.expand(edge_type, "out").startswith("UNWIND $ids AS id")
    assert FALKORDB.attrs("title").startswith("UNWIND $ids AS id")
    assert "algo.SPpaths" in FALKORDB.shortest_paths(("writes", "cites"))


@pytest.mark.parametrize("word", ["name) DETACH DELETE (n", "a b", "", "x;y", "n.id", "`x`"])
def test_identifier_rejects_anything_but_a_plain_name(word):
    with pytest.raises(ValueError):
        identifier(word)
    with pytest.raises(ValueError):
        FALKORDB.attrs(word)


def test_unknown_schema_words_are_refused():
    with pytest.raises(ValueError):
        relationship("knows")
    with pytest.raises(ValueError):
        node_label("person")


def test_graph_urls():
    url = parse_graph_url("falkordb://127.0.0.1:6390/dblp-big")
    assert (url.host, url.port, url.name) == ("127.0.0.1", 6390, "dblp-big")
    assert parse_graph_url("falkordb://localhost").port == 6379
    assert parse_graph_url("falkordb://localhost:7000/").name is None
    assert graph_key(parse_graph_url("falkordb://h:1/"), "dblp") == "hgrag-dblp"
    assert graph_key(parse_graph_url("falkordb://h:1/mine"), "dblp") == "mine"
    for bad in ("neo4j://h:1/x", "falkordb://", "falkordb://h:99999999/x", "falkordb://h:1/a b", "dblp"):
        with pytest.raises(InputError):
            parse_graph_url(bad)


def test_store_selection_argument_then_environment(monkeypatch):
    monkeypatch.delenv(GRAPH_ENV, raising=False)
    assert selected_graph(None) is None
    assert selected_graph("networkx") is None
    monkeypatch.setenv(GRAPH_ENV, "falkordb://127.0.0.1:7000/g")
    assert selected_graph(None) == "falkordb://127.0.0.1:7000/g"
    assert selected_graph("falkordb://127.0.0.1:7001/") == "falkordb://127.0.0.1:7001/"
    monkeypatch.setenv(GRAPH_ENV, "bolt://x")
    with pytest.raises(InputError):
        selected_graph(None)
