"""The plan-IR `path` operator (shortest chain, bounded by max_len edges) on both tiny graphs, checked
against breadth-first searches on the raw files (tests/ir_oracle.py): co-author chains over `writes`
(value = co-author steps, i.e. half the author-paper-author edges) and citation chains over `cites`
followed either way (value = edges). Pairs are picked from the raw data: the farthest connected pair,
a pair in different components, and the same author twice.
"""

from __future__ import annotations

import pytest

from ir_cases import Case, run, scalar
from ir_oracle import RawGraph

pytestmark = pytest.mark.integration
MAX_LEN = 12  # the IR's upper bound on max_len


def _path(source: str, target: str, kind: str, edges: list[str], max_len: int) -> dict:
    from hgrag.state.plan_ir import match

    return {"op": "path", "source": match([source], kind), "target": match([target], kind), "edges": edges,
            "max_len": max_len}


def _farthest(nodes: list[str], distances, limit: int) -> tuple[str, str, int]:
    """The connected pair with the longest shortest chain of at most `limit` steps (first in sorted order)."""
    best = ("", "", -1)
    for node in nodes:
        for other, d in sorted(distances(node).items()):
            if best[2] < d <= limit:
                best = (node, other, d)
    return best


def _unconnected(nodes: list[str], distances) -> tuple[str, str]:
    first = nodes[0]
    reached = distances(first)
    return first, next(n for n in nodes if n not in reached)


def _assert_coauthor_chain(raw: RawGraph, chain: list[str], source: str, target: str, steps: int) -> None:
    assert chain[0] == source and chain[-1] == target and len(chain) == 2 * steps + 1, chain
    for i, (a, b) in enumerate(zip(chain, chain[1:])):
        author, paper = (a, b) if i % 2 == 0 else (b, a)
        assert paper in raw.papers_of[author], (author, paper)


# -- co-author chains -----------------------------------------------------------------------------
def test_shortest_coauthor_chain_of_the_farthest_pair(case: Case) -> None:
    raw = case.raw
    source, target, steps = _farthest(raw.authors(), raw.coauthor_distances, MAX_LEN // 2)
    assert steps >= 1
    got = run(case.store, _path(source, target, "author", ["writes"], 2 * steps))
    assert scalar(got) == steps
    _assert_coauthor_chain(raw, got.paths[0], source, target, steps)
    assert len(got.edges) == 2 * steps and all(edge == "writes" for _, edge, _ in got.edges)


def test_coauthor_chains_from_the_prolific_author(case: Case) -> None:
    raw, author = case.raw, case.picks.author
    for other, steps in sorted(raw.coauthor_distances(author).items()):
        got = run(case.store, _path(author, other, "author", ["writes"], MAX_LEN))
        assert scalar(got) == steps, other
        _assert_coauthor_chain(raw, got.paths[0], author, other, steps)


def test_no_chain_within_the_bound(case: Case) -> None:
    raw = case.raw
    source, target, steps = _farthest(raw.authors(), raw.coauthor_distances, MAX_LEN // 2)
    too_short = run(case.store, _path(source, target, "author", ["writes"], 2 * steps - 1))
    assert too_short.value.kind == "none" and too_short.paths == []
    assert scalar(run(case.store, _path(source, target, "author", ["writes"], 2 * steps))) == steps


def test_no_chain_between_unconnected_authors(case: Case) -> None:
    raw = case.raw
    source, target = _unconnected(raw.authors(), raw.coauthor_distances)
    got = run(case.store, _path(source, target, "author", ["writes"], MAX_LEN))
    assert got.value.kind == "none"


def test_an_author_is_zero_steps_from_themself(case: Case) -> None:
    got = run(case.store, _path(case.picks.author, case.picks.author, "author", ["writes"], 1))
    assert scalar(got) == 0


def test_a_path_from_an_unknown_node_has_no_value(case: Case) -> None:
    got = run(case.store, _path("no-such-author", case.picks.author, "author", ["writes"], MAX_LEN))
    assert got.value.kind == "none"


# -- citation chains (cites followed both ways) ----------------------------------------------------
def test_shortest_citation_chain_follows_cites_both_ways(case: Case) -> None:
    raw = case.raw
    source, target, steps = _farthest(sorted(raw.papers), raw.citation_distances, MAX_LEN)
    assert steps >= 1, "the tiny data has in-set citations"
    got = run(case.store, _path(source, target, "paper", ["cites"], steps))
    assert scalar(got) == steps
    chain = got.paths[0]
    assert chain[0] == source and chain[-1] == target and len(chain) == steps + 1
    for a, b in zip(chain, chain[1:]):
        assert b in raw.refs[a] | raw.citers[a], (a, b)
    for citing, edge, cited in got.edges:
        assert edge == "cites" and cited in raw.refs[citing]
    if steps > 1:
        assert run(case.store, _path(source, target, "paper", ["cites"], steps - 1)).value.kind == "none"


def test_no_citation_chain_between_unconnected_papers(case: Case) -> None:
    raw = case.raw
    source, target = _unconnected(sorted(raw.papers), raw.citation_distances)
    assert run(case.store, _path(source, target, "paper", ["cites"], MAX_LEN)).value.kind == "none"
