"""Compiled plans against a live FalkorDB (this session's own server): for every operator shape, the
value and the evidence (targets in order, layers, edges, parent links, paths, truncation) equal the
per-hop executor's on the embedded networkx store, and the shapes the compiler covers really ran as
one Cypher query."""

from __future__ import annotations

import random

import pytest

from hgrag.state import plan_ir as ir
from hgrag.tools.falkordb_load import load_networkx
from hgrag.tools.falkordb_store import FalkorDBGraphStore
from hgrag.tools.ir_exec import execute
from hgrag.tools.resources import load_graph

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module", params=["dblp-tiny", "openalex-tiny"])
def stores(request, falkordb_server, session_hgrag_home):
    embedded = load_graph(request.param).store
    database = FalkorDBGraphStore.connect(falkordb_server.url(f"cypher-{request.param}"))
    load_networkx(database.graph, embedded, {"dataset": request.param})
    return embedded, database


def _entities(store, seed: int = 5) -> dict[str, list[str]]:
    rng = random.Random(seed)
    authors = [a for a in store.nodes_of_type("author") if len(store.neighbors(a, "writes", "out")) >= 2]
    papers = [p for p in store.nodes_of_type("paper") if len(store.neighbors(p, "writes", "in")) >= 2]
    cited = [p for p in store.nodes_of_type("paper") if store.neighbors(p, "cites", "in")]
    return {"authors": rng.sample(authors, min(4, len(authors))), "papers": rng.sample(papers, min(4, len(papers))),
            "venues": list(store.nodes_of_type("venue"))[:2], "cited": cited[:2]}


def _plans(store) -> dict[str, dict]:
    """Plans of every compiled shape (and a few that fall back), over real entities of the graph."""
    e = _entities(store)
    author, other, paper = e["authors"][0], e["authors"][1], e["papers"][0]
    papers = ir.traverse(ir.match([author], "author"), "writes", "out")
    coauthors = ir.traverse(papers, "writes", "in")
    venue_ids = [v for p in store.neighbors(author, "writes", "out") for v in store.neighbors(p, "published_in", "out")]
    years = [store.attr(p, "year") for p in store.neighbors(author, "writes", "out")]
    year = sorted(y for y in years if y is not None)[0] if any(y is not None for y in years) else 2000
    plans = {
        "match": ir.match([author, "no-such-node", author], "author"),
        "papers": papers,
        "coauthors": coauthors,
        "three_hops": ir.traverse(coauthors, "writes", "out"),
        "first_author": ir.traverse(ir.match([paper], "paper"), "writes", "in", 1),
        "last_author": ir.traverse(ir.match([paper], "paper"), "writes", "in", -1),
        "first_authored": ir.traverse(ir.match([author], "author"), "writes", "out", 1),
        "last_authored": ir.traverse(ir.match([author], "author"), "writes", "out", -1),
        "year_after": ir.where(coauthors, "id", "!=", author),
        "papers_since": ir.where(ir.traverse(coauthors, "writes", "out"), "year", ">=", year),
        "year_between": ir.where(papers, "year", "between", [year, year + 3]),
        "year_in": ir.where(papers, "year", "in", [year, year + 1]),
        "id_not_in": ir.where(coauthors, "id", "not_in", [author]),
        "in_venue": ir.where(papers, "venue", "=", venue_ids[:1] or ["none"]),
        "not_in_venue": ir.where(papers, "venue", "not_in", venue_ids[:1] or ["none"]),
        "many_authors": ir.where(papers, "n_authors", ">", 2),
        "with_coauthor": ir.where(papers, "author", "=", other),
        "title_equals": ir.where(papers, "title", "=", store.label(store.neighbors(author, "writes", "out")[0])),
        "count": ir.aggregate(coauthors, "count"),
        "sum_citations": ir.aggregate(papers, "sum", "cited_by_count"),
        "avg_year": ir.aggregate(papers, "avg", "year"),
        "min_year": ir.aggregate(papers, "min", "year"),
        "max_authors": ir.aggregate(papers, "max", "n_authors"),
        "span_years": ir.aggregate(papers, "span", "year"),
        "sum_of_nothing": ir.aggregate(ir.where(papers, "year", ">", 3000), "sum", "cited_by_count"),
        "top_coauthor": ir.top(ir.where(coauthors, "id", "!=", author), "frequency", "max"),
        "top_venue": ir.top(ir.traverse(papers, "published_in", "out"), "frequency", "max"),
        "rarest_coauthor": ir.top(coauthors, "frequency", "min"),
        "newest_paper": ir.top(papers, "year", "max"),
        "oldest_paper": ir.top(papers, "year", "min"),
        "most_authors": ir.top(papers, "n_authors", "max"),
        "project_year": ir.project(papers, "year"),
        "project_title": ir.project(coauthors, "name"),
        "describe": {"op": "describe", "input": papers},
        "citations_out": ir.traverse(ir.match(e["cited"], "paper"), "cites", "in"),
        "cited_by_count": ir.aggregate(ir.traverse(ir.match(e["cited"], "paper"), "cites", "in"), "count"),
        # composite and fallback shapes: children compile, the operator itself runs per hop
        "shared_coauthors": {"op": "intersect", "inputs": [coauthors, ir.traverse(ir.traverse(
            ir.match([other], "author"), "writes", "out"), "writes", "in")]},
        "coauthored": ir.test(ir.where(papers, "author", "=", other), "nonempty"),
        "count_test": ir.test(ir.aggregate(papers, "count"), ">=", 2),
        "difference": {"op": "difference", "inputs": [coauthors, ir.match([author], "author")]},
        "sub_filter": ir.where(papers, "year", ">=", sub=ir.aggregate(papers, "min", "year")),
        "any_edge": ir.traverse(ir.match([paper], "paper"), "*", "out"),
        "path": {"op": "path", "source": ir.match([author], "author"), "target": ir.match([other], "author"),
                 "edges": ["writes"], "max_len": 8},
        "project_then_top": ir.top(ir.project(papers, "year"), "value", "max"),
    }
    return plans


def _count_queries(database) -> list[int]:
    counter, send = [0], database.graph.ro_query

    def counted(*args, **kwargs):
        counter[0] += 1
        return send(*args, **kwargs)

    database.graph.ro_query = counted
    return counter


def _evidence(run) -> dict:
    return {"value": (run.value.kind, sorted(run.value.data.items(), key=repr) if hasattr(run.value.data, "items")
                      else run.value.data),
            "targets": list(run.targets.items()), "layers": run.layers, "edges": run.edges,
            "parents": list(run.parents.items()), "paths": run.paths, "truncated": run.truncated}


COMPILED = {"papers", "coauthors", "three_hops", "first_author", "last_author", "first_authored", "last_authored",
            "year_between", "year_in", "id_not_in", "in_venue", "not_in_venue", "many_authors", "with_coauthor",
            "count", "sum_citations", "avg_year", "span_years", "sum_of_nothing", "top_coauthor", "top_venue",
            "rarest_coauthor", "newest_paper", "most_authors", "project_year", "project_title", "describe",
            "shared_coauthors"}


@pytest.mark.parametrize("budget", [20_000, 3])
def test_compiled_walk_replays_the_executor_exactly(stores, budget, caplog):
    embedded, database = stores
    sent = _count_queries(database)
    for name, plan in _plans(embedded).items():
        expected = execute(embedded, plan, budget)
        before = sent[0]
        got = execute(database, plan, budget)
        assert _evidence(got) == _evidence(expected), name
        assert not expected.compiled
        if name in COMPILED:
            assert got.compiled and all(note.startswith("walk:") for note in got.compiled), (name, got.compiled)
            # one query per chain (cached on a rerun); authored-position hops also read the papers' positions
            allowed = len(got.compiled) + name.endswith("_authored")
            assert sent[0] - before <= allowed, (name, sent[0] - before)
    assert execute(database, _plans(embedded)["any_edge"], budget).compiled == []  # '*' and a bare match: per hop
    assert "compiled plan query failed" not in caplog.text


def test_compiled_values_equal_the_executor_on_the_whole_graph(stores, caplog):
    embedded, database = stores
    database = FalkorDBGraphStore(database.graph)  # a fresh query cache: no walk to replay, values computed
    for name, plan in _plans(embedded).items():
        expected = execute(embedded, plan, 10**9)
        got = execute(database, plan, 10**9, evidence=False)
        assert _evidence(got)["value"] == _evidence(expected)["value"], name
        if name in COMPILED:
            assert {note.split(":")[0] for note in got.compiled} == {"value"}, (name, got.compiled)
    assert "compiled plan query failed" not in caplog.text


def test_compiled_paths_pick_the_executors_path_and_edges(stores, caplog):
    embedded, database = stores
    rng = random.Random(7)
    authors, nodes = list(embedded.nodes_of_type("author")), sorted(n for kind in embedded.node_counts() for n in embedded.nodes_of_type(kind))
    found = compiled = 0
    for _ in range(40):
        source, target = rng.sample(authors, 2) if rng.random() < 0.5 else rng.sample(nodes, 2)
        for edges in (["writes"], ["writes", "cites", "published_in"]):
            plan = {"op": "path", "source": ir.match([source], "author"), "target": ir.match([target], "author"),
                    "edges": edges, "max_len": 6}
            expected, got = execute(embedded, plan), execute(database, plan)
            assert _evidence(got) == _evidence(expected), (source, target, edges)
            compiled += "path:SPpaths" in got.compiled  # not when the paths are too many to be sure
            found += expected.value.kind == "scalar"
    assert found > 0 and compiled > 40
    assert "compiled plan query failed" not in caplog.text


def test_a_value_run_after_a_walk_replays_the_fetched_walk(stores):
    embedded, database = stores
    database = FalkorDBGraphStore(database.graph)
    sent = _count_queries(database)
    plan = _plans(embedded)["top_coauthor"]
    walked = execute(database, plan, 20_000)
    before = sent[0]
    valued = execute(database, plan, 10**9, evidence=False)
    assert sent[0] == before and valued.compiled == walked.compiled  # no query: the walk's rows, replayed
    assert valued.value == walked.value == execute(embedded, plan, 10**9).value
