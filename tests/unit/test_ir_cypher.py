"""The plan-to-Cypher compiler: IR in, one parameterised query out; data only in parameters, schema
words only from the whitelist; shapes it cannot match exactly are refused (the executor runs them)."""

from __future__ import annotations

import re

import pytest

from hgrag.state import plan_ir as ir
from hgrag.tools.ir_compiled import decode_value
from hgrag.tools.ir_cypher import chain_of, compile_value, compile_walk

HOSTILE = "x'}) DETACH DELETE n //"
AUTHOR = ir.match(["author:Ada", HOSTILE], "author")
PAPERS = ir.traverse(AUTHOR, "writes", "out")
COAUTHORS = ir.traverse(PAPERS, "writes", "in")
ALLOWED_LITERALS = {"Integer", "Float", ""}  # the dialect's number test (typeOf) and "no value", no data
SCHEMA = r"(Node|author|paper|venue|writes|published_in|cites)"

PLANS = {
    "chain": COAUTHORS,
    "first_author": ir.traverse(ir.match(["p1"], "paper"), "writes", "in", 1),
    "last_authored": ir.traverse(AUTHOR, "writes", "out", -1),
    "year_filter": ir.where(PAPERS, "year", ">=", 2001),
    "venue_filter": ir.where(PAPERS, "venue", "=", [HOSTILE]),
    "not_in": ir.where(COAUTHORS, "id", "not_in", [HOSTILE]),
    "between": ir.where(PAPERS, "year", "between", [1999, 2004]),
    "title": ir.where(PAPERS, "title", "=", HOSTILE),
    "count": ir.aggregate(COAUTHORS, "count"),
    "avg": ir.aggregate(PAPERS, "avg", "year"),
    "n_authors": ir.aggregate(PAPERS, "max", "n_authors"),
    "top": ir.top(COAUTHORS, "frequency", "max"),
    "top_year": ir.top(PAPERS, "year", "min"),
    "project": ir.project(PAPERS, "year"),
}


def _texts(plan):
    return [c for c in (compile_walk(plan), compile_value(plan)) if c is not None]


@pytest.mark.parametrize("name", sorted(PLANS))
def test_one_query_per_shape_with_data_only_in_parameters(name):
    compiled = _texts(PLANS[name])
    assert len(compiled) == 2, name
    for query in compiled:
        assert HOSTILE not in query.text and "Ada" not in query.text and "2001" not in query.text
        for literal in re.findall(r"'([^']*)'", query.text):
            assert literal in ALLOWED_LITERALS, (literal, query.text)
        assert set(re.findall(r"\$(\w+)", query.text)) == set(query.params)
        assert query.text.startswith("UNWIND $p0 AS i MATCH (n:Node {id: i})")
        assert query.params["p0"] == ["author:Ada", HOSTILE] or name == "first_author"
        for label in re.findall(r":(\w+)", query.text):
            assert re.fullmatch(SCHEMA, label), (label, query.text)


def test_walk_reads_follow_the_executor_step_by_step():
    walk = compile_walk(ir.top(ir.where(COAUTHORS, "venue", "=", ["v1"]), "year", "max"))
    assert [r[0] for r in walk.reads] == ["match", "hop", "hop", "expand", "attrs"]
    assert walk.reads[1] == ("hop", "writes", "out") and walk.reads[2] == ("hop", "writes", "in")
    assert walk.reads[3] == ("expand", "published_in", "out") and walk.reads[4] == ("attrs", "year")
    assert walk.text.count("CALL {") == 4 and walk.text.endswith("RETURN c0, c1, c2, c3, c4")
    assert [o["op"] for o in walk.ops] == ["top", "match", "traverse", "traverse", "filter"]


def test_value_query_counts_paths_and_aggregates_in_the_database():
    chain = compile_value(COAUTHORS)
    assert chain.shape == "nodes" and chain.text.endswith("RETURN n.id, count(*)")
    assert chain.text.count("MATCH (n)") == 2  # one MATCH per hop: a path may reuse an edge, like the executor
    count = compile_value(ir.aggregate(COAUTHORS, "count"))
    assert count.shape == "count" and "count(DISTINCT n)" in count.text
    average = compile_value(PLANS["avg"])
    assert average.shape == "numbers" and "sum(v), min(v), max(v)" in average.text
    top = compile_value(PLANS["top"])
    assert "max(c) AS best" in top.text and "r[1] = best" in top.text  # ties kept
    assert "min(v) AS best" in compile_value(PLANS["top_year"]).text


def test_filters_keep_the_executors_null_semantics():
    text = compile_value(ir.where(PAPERS, "year", "not_in", [2000])).text
    assert "n.year IS NULL OR NOT n.year IN $p1" in text  # a missing year is 'not in' the list
    assert "n.year <> $p1" in compile_value(ir.where(PAPERS, "year", "!=", 2000)).text
    assert "NOT any(z IN [(n)-[:published_in]->(y) | y.id] WHERE z IN $p1)" in \
        compile_value(ir.where(PAPERS, "venue", "!=", "v1")).text


@pytest.mark.parametrize("plan", [
    ir.traverse(AUTHOR, "*", "out"),                                  # every edge type: per hop
    ir.where(PAPERS, "year", ">=", sub=ir.aggregate(PAPERS, "min", "year")),  # sub-plan operand
    ir.where(PAPERS, "made_up_attribute", "=", 1),                    # not a known attribute
    {"op": "intersect", "inputs": [PAPERS, PAPERS]},                  # set operators: their inputs compile
    ir.test(PAPERS, "nonempty"),
    ir.project(AUTHOR, "name"),                                      # no hop: the store's node cache answers
    ir.where(AUTHOR, "id", "=", "author:Ada"),
    {"op": "path", "source": AUTHOR, "target": AUTHOR, "edges": ["writes"], "max_len": 4},
])
def test_shapes_outside_the_compiler_fall_back(plan):
    assert compile_walk(plan) is None and compile_value(plan) is None


def test_value_form_refuses_what_it_cannot_match_exactly():
    assert compile_value(ir.where(PAPERS, "year", "<", True)) is None     # a boolean bound
    assert compile_value(ir.where(PAPERS, "venue", "<", "v1")) is None    # order on a set of venues
    assert compile_value(ir.aggregate(PAPERS, "sum", "venue")) is None    # sum of a node set
    assert compile_value(ir.top(PAPERS, "value", "max")) is None
    assert compile_value(ir.project(PAPERS, "venue")) is None
    # the walk still runs them in one query: the replay decides, the database only narrows
    assert compile_walk(ir.where(PAPERS, "year", "<", True)) is not None


def test_chain_of_reads_the_plan_bottom_up():
    assert [o["op"] for o in chain_of(ir.where(COAUTHORS, "year", ">", 1))] == ["match", "traverse", "traverse", "filter"]
    assert chain_of(ir.aggregate(PAPERS, "count")) is None


def test_decoding_value_rows():
    assert decode_value(compile_value(COAUTHORS), [["a", 2], ["b", 1]]).data == {"a": 2, "b": 1}
    assert decode_value(compile_value(PLANS["count"]), [[3]]).data == 3
    assert decode_value(compile_value(PLANS["top"]), [[[["a", 2], ["b", 2]]]]).data == {"a": 2, "b": 2}
    average = decode_value(compile_value(PLANS["avg"]), [[2, 4001.0, 2000, 2001, 0]])
    assert average.kind == "scalar" and average.data == 2000.5
    total = decode_value(compile_value(ir.aggregate(PAPERS, "sum", "cited_by_count")), [[2, 7.0, 3, 4, 0]])
    assert total.data == 7 and isinstance(total.data, int)  # integer sums stay integers, as in Python
    assert decode_value(compile_value(ir.aggregate(PAPERS, "sum", "year")), [[0, None, None, None, 0]]).data == 0
    assert decode_value(compile_value(PLANS["avg"]), [[0, None, None, None, 0]]).kind == "none"
