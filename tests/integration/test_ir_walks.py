"""Plan-IR operators that produce node sets — match, traverse, intersect, union, difference, describe,
unsupported — run by hgrag's executor on both tiny graphs and checked against an independent computation
on the raw files (tests/ir_oracle.py over tests/tiny_raw.py; its docstring states the rules, including
"first copy wins, in sorted file-name order" for OpenAlex works repeated across files).

Entities (most prolific author, a co-author, the paper with most authors, the most citing / most cited
paper) are picked from the raw data by rule; no expected answer is written into this file.
"""

from __future__ import annotations

from collections import Counter
import pytest

from ir_cases import Case, assert_edges_are_raw, nodes, ones, run


pytestmark = pytest.mark.integration
MISSING = "no-such-node-0000"


def _ir():
    from hgrag.state import plan_ir

    return plan_ir


def _papers_of(author: str) -> dict:
    ir = _ir()
    return ir.traverse(ir.match([author], "author"), "writes", "out")


def _authors_of(paper: str, position: int | None = None) -> dict:
    ir = _ir()
    return ir.traverse(ir.match([paper], "paper"), "writes", "in", position)


def test_the_graph_and_the_raw_files_agree_on_size(case: Case) -> None:
    """A precondition of every test here (a loader drift shows up as this failure first)."""
    raw = case.raw  # the three kinds of the paper's graph (the richer OpenAlex kinds: tests/integration/test_rich_stats.py)
    nodes, edges = case.store.node_counts(), case.store.edge_counts()
    assert {k: nodes.get(k) for k in ("author", "paper", "venue")} == {
        "author": len(raw.papers_of), "paper": len(raw.papers), "venue": len(set(raw.venue_of.values()))}
    assert {k: edges.get(k) for k in ("writes", "published_in", "cites")} == {
        "writes": sum(len(a) for a in raw.authors_of.values()), "published_in": len(raw.venue_of),
        "cites": sum(len(r) for r in raw.refs.values())}


# -- match ------------------------------------------------------------------------------------------
def test_match_keeps_known_ids_and_drops_unknown_ones(case: Case) -> None:
    ir, p = _ir(), case.picks
    got = run(case.store, ir.match([p.author, MISSING, p.paper], "author"))
    assert nodes(got) == ones([p.author, p.paper])
    assert run(case.store, ir.match([MISSING], "paper")).value.data == Counter()


# -- traverse ---------------------------------------------------------------------------------------
def test_traverse_writes_out_gives_the_authors_papers(case: Case) -> None:
    got = run(case.store, _papers_of(case.picks.author))
    assert nodes(got) == ones(case.raw.papers_of[case.picks.author])
    assert_edges_are_raw(case, got)
    assert {e[0] for e in got.edges} == {case.picks.author}


def test_traverse_writes_in_gives_the_papers_distinct_authors(case: Case) -> None:
    got = run(case.store, _authors_of(case.picks.paper))
    assert nodes(got) == ones(case.raw.authors_of[case.picks.paper])
    assert_edges_are_raw(case, got)


def test_two_writes_hops_count_shared_papers_per_coauthor(case: Case) -> None:
    ir, author = _ir(), case.picks.author
    got = run(case.store, ir.traverse(_papers_of(author), "writes", "in"))
    assert nodes(got) == case.raw.coauthor_counts(author)
    for path in got.paths:  # evidence chains run match -> paper -> co-author over raw edges
        assert path[0] == author and all(case.raw.linked(a, b) for a, b in zip(path, path[1:])), path


@pytest.mark.parametrize("position", [1, -1])
def test_traverse_paper_to_author_by_position(case: Case, position: int) -> None:
    byline = case.raw.authors_of[case.picks.paper]
    got = run(case.store, _authors_of(case.picks.paper, position))
    assert nodes(got) == ones([byline[0] if position == 1 else byline[-1]])


@pytest.mark.parametrize("position", [1, -1])
def test_traverse_author_to_papers_by_position(case: Case, position: int) -> None:
    ir = _ir()
    for author in (case.picks.author, case.picks.coauthor):
        got = run(case.store, ir.traverse(ir.match([author], "author"), "writes", "out", position))
        expected = case.raw.first_author_papers(author) if position == 1 else case.raw.last_author_papers(author)
        assert nodes(got) == ones(expected), author


def test_traverse_published_in_both_ways(case: Case) -> None:
    ir, raw = _ir(), case.raw
    venues = run(case.store, ir.traverse(_papers_of(case.picks.author), "published_in", "out"))
    expected = Counter(raw.venue_of[p] for p in raw.papers_of[case.picks.author] if p in raw.venue_of)
    assert nodes(venues) == expected  # multiplicity = the author's papers in that venue
    assert_edges_are_raw(case, venues)
    venue = min(expected)
    papers = run(case.store, ir.traverse(ir.match([venue], "venue"), "published_in", "in"))
    assert nodes(papers) == ones(raw.papers_in(venue))


def test_cites_out_and_in(case: Case) -> None:
    ir, raw, p = _ir(), case.raw, case.picks
    assert raw.refs[p.citing] and raw.citers[p.cited], "the tiny data has in-set citations both ways"
    out = run(case.store, ir.traverse(ir.match([p.citing], "paper"), "cites", "out"))
    assert nodes(out) == ones(raw.refs[p.citing])
    assert all(edge[0] == p.citing for edge in out.edges)
    into = run(case.store, ir.traverse(ir.match([p.cited], "paper"), "cites", "in"))
    assert nodes(into) == ones(raw.citers[p.cited])
    assert all(edge[2] == p.cited for edge in into.edges)
    assert_edges_are_raw(case, out)
    assert_edges_are_raw(case, into)


def test_cites_both_ways_as_a_union(case: Case) -> None:
    ir, raw = _ir(), case.raw
    both = [p for p in sorted(raw.papers) if raw.refs[p] and raw.citers[p]]
    paper = both[0] if both else case.picks.cited
    seed = ir.match([paper], "paper")
    got = run(case.store, ir.setop("union", [ir.traverse(seed, "cites", "out"), ir.traverse(seed, "cites", "in")]))
    assert nodes(got) == Counter(raw.refs[paper]) + Counter(raw.citers[paper])


def test_cites_from_a_paper_without_in_set_references_is_empty(case: Case) -> None:
    ir, raw = _ir(), case.raw
    lonely = next(p for p in sorted(raw.papers) if not raw.refs[p] and not raw.citers[p])
    for direction in ("out", "in"):
        assert nodes(run(case.store, ir.traverse(ir.match([lonely], "paper"), "cites", direction))) == Counter()


def test_traverse_any_edge_reaches_every_raw_neighbour(case: Case) -> None:
    ir, raw, paper = _ir(), case.raw, case.picks.citing
    got = run(case.store, ir.traverse(ir.match([paper], "paper"), "*", "out"))
    expected = set(raw.authors_of[paper]) | {raw.venue_of[paper]} | raw.refs[paper] | raw.citers[paper]
    assert set(nodes(got)) == expected


def test_traverse_of_an_empty_input_is_empty(case: Case) -> None:
    ir = _ir()
    got = run(case.store, ir.traverse(ir.traverse(ir.match([MISSING], "author"), "writes", "out"), "writes", "in"))
    assert nodes(got) == Counter() and got.edges == []


def test_a_node_budget_truncates_the_walk_and_says_so(case: Case) -> None:
    ir, author = _ir(), case.picks.author
    plan = ir.traverse(_papers_of(author), "writes", "in")
    assert len(case.raw.papers_of[author]) > 1
    full, cut = run(case.store, plan), run(case.store, plan, layer_budget=1)
    assert not full.truncated and cut.truncated
    assert set(nodes(cut)) < set(nodes(full))


# -- set operations ---------------------------------------------------------------------------------
def test_intersect_union_difference_of_two_authors_papers(case: Case) -> None:
    ir, raw, (one, two) = _ir(), case.raw, case.picks.pair
    mine, theirs = raw.papers_of[one], raw.papers_of[two]
    assert mine & theirs and theirs - mine and mine - theirs, "picked authors share some papers, not all"
    a, b = _papers_of(one), _papers_of(two)
    assert nodes(run(case.store, ir.setop("intersect", [a, b]))) == ones(mine & theirs)
    assert nodes(run(case.store, ir.setop("union", [a, b]))) == Counter(mine) + Counter(theirs)
    assert nodes(run(case.store, ir.setop("difference", [a, b]))) == ones(mine - theirs)
    assert nodes(run(case.store, ir.setop("difference", [b, a]))) == ones(theirs - mine)


def test_difference_of_two_coauthor_traversals(case: Case) -> None:
    """Co-authors of the author who never wrote with the co-author (both sides two writes hops)."""
    ir, raw, (one, two) = _ir(), case.raw, case.picks.pair
    around = {a: ir.traverse(_papers_of(a), "writes", "in") for a in (one, two)}
    got = run(case.store, ir.setop("difference", [around[one], around[two]]))
    mine, theirs = raw.coauthor_counts(one), raw.coauthor_counts(two)
    expected = Counter({a: n for a, n in mine.items() if a not in theirs})
    assert expected, "the pair's co-author circles differ"
    assert nodes(got) == expected


def test_set_operations_with_an_empty_side(case: Case) -> None:
    ir, raw, p = _ir(), case.raw, case.picks
    mine, empty = _papers_of(p.author), _papers_of(MISSING)
    assert nodes(run(case.store, ir.setop("intersect", [mine, empty]))) == Counter()
    assert nodes(run(case.store, ir.setop("union", [mine, empty]))) == ones(raw.papers_of[p.author])
    assert nodes(run(case.store, ir.setop("difference", [mine, empty]))) == ones(raw.papers_of[p.author])
    assert nodes(run(case.store, ir.setop("difference", [empty, mine]))) == Counter()
    assert nodes(run(case.store, ir.setop("difference", [mine, mine]))) == Counter()


# -- describe / unsupported -------------------------------------------------------------------------
def test_describe_passes_its_node_set_through(case: Case) -> None:
    got = run(case.store, {"op": "describe", "input": _authors_of(case.picks.paper)})
    assert nodes(got) == ones(case.raw.authors_of[case.picks.paper])
    assert set(got.targets) == set(case.raw.authors_of[case.picks.paper])


def test_unsupported_gives_no_value_and_no_evidence(case: Case) -> None:
    got = run(case.store, {"op": "unsupported", "reason": "asks for a funding agency"})
    assert got.value.kind == "none" and got.value.data is None
    assert got.edges == [] and not got.targets
