"""Graph re-ranking of ambiguous mentions: the chosen node replaces the string-match choice everywhere
the plan uses it, and a direct relation to the other mention beats a two-hop one."""

from __future__ import annotations

from types import SimpleNamespace

from test_planner import P1, StringIndex, make_store

from hgrag.agents.graph_retrieval_agent import OfflineRetriever
from hgrag.agents.retrieval_agent import OfflinePlanner
from hgrag.state.context import Context
from hgrag.graphs.variants import NoRerankRetriever
from hgrag.tools.plan_exec import full_answer


def world_with_a_citing_homonym():
    """'M. Simon' (a5) is an exact label match but only cites P1; Marvin K. Simon (a1) wrote it."""
    store = make_store()
    store.add_node("a5", "author", name="M. Simon")
    store.add_node("p5", "paper", title="A note on outage probability bounds", year=2015, cited_by_count=0)
    store.add_edge("a5", "p5", "writes", position=1)
    store.add_edge("p5", "p1", "cites")
    return SimpleNamespace(store=store, index=StringIndex(store), dataset="toy")


def retrieved(retriever, world, question):
    plan = OfflinePlanner().plan(question, world, Context(dataset="toy"))
    plan, _ = retriever.retrieve(question, plan, world, 1000)
    return plan, sorted(item.text for item in full_answer(world.store, plan))


def test_direct_coauthor_beats_a_closer_string_match_two_hops_away():
    world = world_with_a_citing_homonym()
    question = f"Who co-authored '{P1}' with M. Simon?"
    plan, answer = retrieved(OfflineRetriever(), world, question)
    simon = next(m for m in plan["anchors"] if m["type"] == "author")
    assert simon["node_id"] == "a1" and "graph-rerank" in simon["match"]
    assert plan["exclude"] == ["a1"]  # the exclusion follows the re-ranked node
    assert answer == ["Ann Lee", "Dariush Divsalar"]


def test_without_reranking_the_string_match_stays_and_the_answer_is_wrong():
    world = world_with_a_citing_homonym()
    plan, answer = retrieved(NoRerankRetriever(), world, f"Who co-authored '{P1}' with M. Simon?")
    assert next(m for m in plan["anchors"] if m["type"] == "author")["node_id"] == "a5"
    assert "Marvin K. Simon" in answer


def test_neighbourhood_counts_hops_over_every_edge_and_respects_the_limit():
    store = world_with_a_citing_homonym().store
    assert store.neighbourhood("a5", 1) == {"p5"}
    assert store.neighbourhood("a5", 2) == {"p5", "a5", "p1"}  # p5 cites p1
    assert len(store.neighbourhood("a1", 2, limit=2)) == 2
