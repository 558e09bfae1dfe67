"""Plan-IR operators that summarise — project, aggregate (count, count distinct, sum, avg, min, max, span),
top (key, order, ties kept) and test (nonempty, contains, = != < <= > >=) — run by hgrag's executor on
both tiny graphs and checked against an independent computation on the raw files (tests/ir_oracle.py).

Citation counts: OpenAlex's cited_by_count of the copy read first (files in sorted name order, works in
file order — the rule of hgrag's loader and of tests/tiny_raw.py; the tiny files repeat no work), AMiner's
in-set citation count (distinct citing papers of the file).
"""

from __future__ import annotations

from collections import Counter
import pytest

from ir_cases import Case, boolean, nodes, ones, run, scalar, values
from ir_oracle import compare, most

pytestmark = pytest.mark.integration
MISSING = "no-such-author"


def _ir():
    from hgrag.state import plan_ir

    return plan_ir


def _papers_of(author: str) -> dict:
    ir = _ir()
    return ir.traverse(ir.match([author], "author"), "writes", "out")


def _of(case: Case, papers, attr: str) -> list:
    return [case.raw.attr(p, attr) for p in papers]


# -- project ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("attr", ["year", "cited_by_count"])
def test_project_counts_each_value_once_per_paper(case: Case, attr: str) -> None:
    papers = case.raw.papers_of[case.picks.author]
    got = run(case.store, _ir().project(_papers_of(case.picks.author), attr))
    assert values(got) == Counter(_of(case, papers, attr))


def test_project_of_a_missing_attribute_or_empty_input_is_empty(case: Case) -> None:
    ir = _ir()
    assert values(run(case.store, ir.project(_papers_of(case.picks.author), "no_such_attribute"))) == Counter()
    assert values(run(case.store, ir.project(_papers_of(MISSING), "year"))) == Counter()


# -- aggregate ----------------------------------------------------------------------------------------
def test_count_and_count_distinct(case: Case) -> None:
    ir, raw, author = _ir(), case.raw, case.picks.author
    papers = _papers_of(author)
    assert scalar(run(case.store, ir.aggregate(papers, "count"))) == len(raw.papers_of[author])
    coauthors = ir.setop("difference", [ir.traverse(papers, "writes", "in"), ir.match([author], "author")])
    assert scalar(run(case.store, ir.aggregate(coauthors, "count"))) == len(raw.coauthor_counts(author)) - 1
    # count distinct: a projection keeps each value once, a traversal each node once
    years = ir.aggregate(ir.project(papers, "year"), "count")
    assert scalar(run(case.store, years)) == len(set(_of(case, raw.papers_of[author], "year")))
    venues = ir.aggregate(ir.traverse(papers, "published_in", "out"), "count")
    assert scalar(run(case.store, venues)) == len({raw.venue_of[p] for p in raw.papers_of[author] if p in raw.venue_of})


@pytest.mark.parametrize("fn", ["sum", "avg", "min", "max", "span"])
@pytest.mark.parametrize("attr", ["cited_by_count", "year", "n_authors"])
def test_numeric_aggregates_over_a_traversal(case: Case, fn: str, attr: str) -> None:
    numbers = _of(case, case.raw.papers_of[case.picks.author], attr)
    got = scalar(run(case.store, _ir().aggregate(_papers_of(case.picks.author), fn, attr)))
    assert got == pytest.approx(_fold(fn, numbers))


@pytest.mark.parametrize("fn", ["sum", "avg", "min", "max", "span"])
@pytest.mark.parametrize("attr", ["cited_by_count", "year"])
def test_numeric_aggregates_over_a_projection_agree(case: Case, fn: str, attr: str) -> None:
    """Aggregating projected values gives the same number as aggregating the nodes' attribute."""
    ir, papers = _ir(), case.raw.papers_of[case.picks.author]
    got = scalar(run(case.store, ir.aggregate(ir.project(_papers_of(case.picks.author), attr), fn)))
    assert got == pytest.approx(_fold(fn, _of(case, papers, attr)))


def test_aggregate_over_a_filtered_traversal(case: Case) -> None:
    """Average citations of the author's papers from the median year on."""
    ir, raw, author = _ir(), case.raw, case.picks.author
    years = sorted(_of(case, raw.papers_of[author], "year"))
    pivot = years[len(years) // 2]
    recent = [p for p in raw.papers_of[author] if raw.attr(p, "year") >= pivot]
    assert 0 < len(recent) < len(raw.papers_of[author])
    plan = ir.aggregate(ir.where(_papers_of(author), "year", ">=", pivot), "avg", "cited_by_count")
    got = run(case.store, plan)
    assert scalar(got) == pytest.approx(_fold("avg", _of(case, recent, "cited_by_count")))
    assert set(got.targets) == set(recent)  # the evidence is the filtered papers the average is over
    assert all(path[0] == author and path[-1] in recent for path in got.paths), got.paths


def test_span_of_years_over_a_coauthor_circle(case: Case) -> None:
    ir, raw, author = _ir(), case.raw, case.picks.author
    circle = ir.traverse(ir.traverse(_papers_of(author), "writes", "in"), "writes", "out")
    papers = {p for a in raw.coauthor_counts(author) for p in raw.papers_of[a]}
    assert scalar(run(case.store, ir.aggregate(circle, "span", "year"))) == _fold("span", _of(case, papers, "year"))


def test_aggregates_of_an_empty_input(case: Case) -> None:
    ir, empty = _ir(), _papers_of(MISSING)
    assert scalar(run(case.store, ir.aggregate(empty, "count"))) == 0
    assert scalar(run(case.store, ir.aggregate(empty, "sum", "cited_by_count"))) == 0
    for fn in ("avg", "min", "max", "span"):
        assert run(case.store, ir.aggregate(empty, fn, "year")).value.kind == "none", fn


def _fold(fn: str, numbers: list) -> float:
    numbers = [n for n in numbers if n is not None]
    return {"sum": sum(numbers), "avg": sum(numbers) / len(numbers), "min": min(numbers), "max": max(numbers),
            "span": max(numbers) - min(numbers)}[fn]


# -- top ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("order", ["max", "min"])
@pytest.mark.parametrize("key", ["cited_by_count", "year", "n_authors"])
def test_top_by_attribute_keeps_ties(case: Case, key: str, order: str) -> None:
    papers = case.raw.papers_of[case.picks.author]
    got = run(case.store, _ir().top(_papers_of(case.picks.author), key, order))
    assert nodes(got) == ones(most({p: case.raw.attr(p, key) for p in papers}, order))


def test_top_with_a_real_tie(case: Case) -> None:
    """An author and key whose best value is shared by two or more papers (searched in the raw data)."""
    raw = case.raw
    for author in raw.authors():
        for key, order in (("year", "min"), ("year", "max"), ("cited_by_count", "max"), ("n_authors", "max")):
            best = most({p: raw.attr(p, key) for p in raw.papers_of[author]}, order)
            if len(best) >= 2 and len(best) < len(raw.papers_of[author]):
                got = run(case.store, _ir().top(_papers_of(author), key, order))
                assert nodes(got) == ones(best), (author, key, order)
                return
    pytest.fail("no tied best value in the tiny data")


def test_top_frequency_over_nodes_and_values(case: Case) -> None:
    ir, raw, author = _ir(), case.raw, case.picks.author
    coauthors = ir.setop("difference", [ir.traverse(_papers_of(author), "writes", "in"), ir.match([author], "author")])
    shared = raw.coauthor_counts(author)
    del shared[author]
    top_coauthors = run(case.store, ir.top(coauthors, "frequency", "max"))
    assert nodes(top_coauthors) == Counter({a: shared[a] for a in most(shared)})
    fewest = run(case.store, ir.top(coauthors, "frequency", "min"))
    assert set(nodes(fewest)) == most(shared, "min")
    years = Counter(_of(case, raw.papers_of[author], "year"))
    busiest = run(case.store, ir.top(ir.project(_papers_of(author), "year"), "frequency", "max"))
    assert values(busiest) == Counter({y: years[y] for y in most(years)})
    latest = run(case.store, ir.top(ir.project(_papers_of(author), "year"), "value", "max"))
    assert set(values(latest)) == {max(years)}


def test_top_of_an_empty_input_is_empty(case: Case) -> None:
    assert nodes(run(case.store, _ir().top(_papers_of(MISSING), "year", "max"))) == Counter()


# -- test -------------------------------------------------------------------------------------------------
def test_nonempty_and_contains(case: Case) -> None:
    ir, raw, p = _ir(), case.raw, case.picks
    authors = ir.traverse(ir.match([p.paper], "paper"), "writes", "in")
    outsider = next(a for a in raw.authors() if a not in raw.authors_of[p.paper])
    assert boolean(run(case.store, ir.test(authors, "nonempty"))) is True
    assert boolean(run(case.store, ir.test(_papers_of(MISSING), "nonempty"))) is False
    assert boolean(run(case.store, ir.test(authors, "contains", raw.authors_of[p.paper][-1]))) is True
    assert boolean(run(case.store, ir.test(authors, "contains", [outsider]))) is False
    assert boolean(run(case.store, ir.test(authors, "contains", [outsider, raw.authors_of[p.paper][0]]))) is True
    cited = ir.traverse(ir.match([p.citing], "paper"), "cites", "out")
    assert boolean(run(case.store, ir.test(cited, "contains", sorted(raw.refs[p.citing])[:1]))) is True
    assert boolean(run(case.store, ir.test(cited, "contains", [p.citing]))) is (p.citing in raw.refs[p.citing])


@pytest.mark.parametrize("cmp", ["=", "!=", "<", "<=", ">", ">="])
def test_boolean_comparisons_of_a_count(case: Case, cmp: str) -> None:
    ir, author = _ir(), case.picks.author
    count = ir.aggregate(_papers_of(author), "count")
    n = len(case.raw.papers_of[author])
    for wanted in (n - 1, n, n + 1):
        assert boolean(run(case.store, ir.test(count, cmp, wanted))) is compare(n, cmp, wanted), (cmp, wanted)


def test_comparison_test_on_a_node_set_is_an_execution_error(case: Case) -> None:
    from hgrag.tools.ir_exec import ExecutionError

    with pytest.raises(ExecutionError):
        run(case.store, _ir().test(_papers_of(case.picks.author), ">", 1))
