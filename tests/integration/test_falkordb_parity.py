"""Parity: one question of each shape (template set, intent, rendering) of the benchmark template sets gets the same answer, answer text, evidence
(walked nodes, edges, paths; plans compiled to Cypher replay the executor's walk) and verified flag on
the embedded networkx store and on FalkorDB (the QA graph picks the store from
its Context), on both tiny datasets. Every question of every set is compared by benchmarks/parity.py
(`make bench`)."""

from __future__ import annotations

import pytest

from hgrag.evaluation.generator import TEMPLATE_SETS
from hgrag.evaluation.parity import COMPARED, benchmark_questions, one_per_shape, store_parity
from hgrag.tools.falkordb_store import FalkorDBGraphStore
from hgrag.tools.resources import load_graph, load_resources

pytestmark = pytest.mark.integration


@pytest.mark.parametrize("dataset", ["openalex-tiny", "dblp-tiny"])
def test_every_question_shape_answers_alike_on_both_stores(dataset, falkordb_server, session_hgrag_home,
                                                                monkeypatch):
    monkeypatch.delenv("HGRAG_GRAPH", raising=False)
    every_question = benchmark_questions(dataset, TEMPLATE_SETS)
    questions = one_per_shape(every_question)
    assert {row["id"].split("/")[0] for row in questions} == set(TEMPLATE_SETS)
    assert {row["intent"] for row in questions} == {row["intent"] for row in every_question}
    url = falkordb_server.url(f"parity-{dataset}")
    compared, mismatches = store_parity(dataset, url, questions, compared=COMPARED + ("evidence",))
    assert compared == len(questions) > 100
    assert mismatches == [], mismatches[:3]
    used = load_resources(dataset, graph=url).store  # the memoised store the QA graph answered from
    assert isinstance(used, FalkorDBGraphStore) and used.node_counts() == load_graph(dataset).store.node_counts()
