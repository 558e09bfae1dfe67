"""The plan-IR `filter` operator — every comparison (= != < <= > >= between in not_in) on numeric, set-valued
and id attributes, on values, and against sub-plans (membership in a sub-plan's nodes, or comparison with
its single value) — run by hgrag's executor on both tiny graphs and checked against an independent
computation on the raw files (tests/ir_oracle.py; OpenAlex works repeated across files: first copy read
wins, in sorted file-name order, as in hgrag's loader; the tiny files repeat none).

Pivots (a year, a citation count, an author count) are taken from the raw data: the median value over the
picked author's papers, so every comparison has papers on both sides of it.
"""

from __future__ import annotations

from collections import Counter
import pytest

from ir_cases import Case, nodes, ones, run, values
from ir_oracle import compare

pytestmark = pytest.mark.integration
COMPARISONS = ("=", "!=", "<", "<=", ">", ">=")


def _ir():
    from hgrag.state import plan_ir

    return plan_ir


def _papers_of(author: str) -> dict:
    ir = _ir()
    return ir.traverse(ir.match([author], "author"), "writes", "out")


def _all_papers(case: Case) -> set[str]:
    """The papers the filter tests run over: the picked author's and the overlapping pair's."""
    raw, p = case.raw, case.picks
    return raw.papers_of[p.author] | raw.papers_of[p.pair[0]] | raw.papers_of[p.pair[1]]


def _union_plan(case: Case) -> dict:
    ir, p = _ir(), case.picks
    return ir.setop("union", [_papers_of(a) for a in (p.author, *p.pair)])


def _median(case: Case, attr: str) -> int:
    numbers = sorted(case.raw.attr(paper, attr) for paper in _all_papers(case))
    return numbers[len(numbers) // 2]


def _expected(case: Case, attr: str, cmp: str, wanted) -> set[str]:
    return {p for p in _all_papers(case) if compare(case.raw.attr(p, attr), cmp, wanted)}


@pytest.mark.parametrize("attr", ["year", "cited_by_count", "n_authors"])
@pytest.mark.parametrize("cmp", COMPARISONS)
def test_numeric_comparisons(case: Case, attr: str, cmp: str) -> None:
    pivot = _median(case, attr)
    got = run(case.store, _ir().where(_union_plan(case), attr, cmp, pivot))
    expected = _expected(case, attr, cmp, pivot)
    assert set(nodes(got)) == expected
    assert got.layers[-1] == expected  # the filter's layer of evidence is what it kept


@pytest.mark.parametrize("attr", ["year", "cited_by_count"])
def test_numeric_comparisons_split_the_papers(case: Case, attr: str) -> None:
    """< and >= (and <= and >) partition the input; = and != too — so no comparison is a no-op."""
    ir, pivot, plan = _ir(), _median(case, attr), _union_plan(case)
    every = set(nodes(run(case.store, plan)))
    assert every == _all_papers(case)
    for low, high in (("<", ">="), ("<=", ">"), ("=", "!=")):
        a = set(nodes(run(case.store, ir.where(plan, attr, low, pivot))))
        b = set(nodes(run(case.store, ir.where(plan, attr, high, pivot))))
        assert a | b == every and not a & b, (low, high)
    assert set(nodes(run(case.store, ir.where(plan, attr, "<", pivot)))) != every


def test_between_and_membership_on_years(case: Case) -> None:
    ir, plan = _ir(), _union_plan(case)
    years = sorted({case.raw.attr(p, "year") for p in _all_papers(case)})
    assert len(years) >= 3, "picked papers span at least three years"
    low, high = years[1], years[-2] if len(years) > 3 else years[1]
    for cmp, wanted in (("between", [low, high]), ("between", [high, low]), ("between", [low, low]),
                        ("in", years[::2]), ("not_in", years[::2]), ("in", []), ("not_in", [])):
        got = run(case.store, ir.where(plan, "year", cmp, wanted))
        assert set(nodes(got)) == _expected(case, "year", cmp, wanted), (cmp, wanted)


def test_id_membership(case: Case) -> None:
    ir, plan = _ir(), _union_plan(case)
    some = sorted(_all_papers(case))[::2]
    assert set(nodes(run(case.store, ir.where(plan, "id", "in", some)))) == set(some)
    assert set(nodes(run(case.store, ir.where(plan, "id", "not_in", some)))) == _all_papers(case) - set(some)
    assert set(nodes(run(case.store, ir.where(plan, "id", "=", some[0])))) == {some[0]}


def test_set_valued_attributes_author_and_venue(case: Case) -> None:
    ir, raw, p = _ir(), case.raw, case.picks
    plan, other = _union_plan(case), p.pair[1]
    for cmp in ("=", "in", "!=", "not_in"):
        got = run(case.store, ir.where(plan, "author", cmp, [other] if cmp in ("in", "not_in") else other))
        hit = {q for q in _all_papers(case) if other in raw.authors_of[q]}
        assert set(nodes(got)) == (hit if cmp in ("=", "in") else _all_papers(case) - hit), cmp
    venues = Counter(raw.venue_of[q] for q in _all_papers(case) if q in raw.venue_of)
    venue = max(sorted(venues), key=venues.__getitem__)
    got = run(case.store, ir.where(plan, "venue", "=", venue))
    assert set(nodes(got)) == {q for q in _all_papers(case) if raw.venue_of.get(q) == venue}
    got = run(case.store, ir.where(plan, "venue", "!=", venue))
    assert set(nodes(got)) == {q for q in _all_papers(case) if raw.venue_of.get(q) != venue}


def test_a_less_than_on_a_set_attribute_is_an_execution_error(case: Case) -> None:
    from hgrag.tools.ir_exec import ExecutionError

    with pytest.raises(ExecutionError):
        run(case.store, _ir().where(_union_plan(case), "author", "<", case.picks.author))


def test_cites_and_cited_by_filters(case: Case) -> None:
    """Papers citing the most-cited paper, and papers cited by the most-citing one (both directions)."""
    ir, raw, p = _ir(), case.raw, case.picks
    everything = ir.traverse(ir.match(sorted(raw.venue_of.values()), "venue"), "published_in", "in")
    with_venue = set(raw.venue_of)
    citing = run(case.store, ir.where(everything, "cites", "=", p.cited))
    assert set(nodes(citing)) == raw.citers[p.cited] & with_venue and nodes(citing)
    cited = run(case.store, ir.where(everything, "cited_by", "=", p.citing))
    assert set(nodes(cited)) == raw.refs[p.citing] & with_venue and nodes(cited)


def test_filter_on_projected_values(case: Case) -> None:
    ir, raw, p = _ir(), case.raw, case.picks
    pivot = _median(case, "year")
    got = run(case.store, ir.where(ir.project(_papers_of(p.author), "year"), "year", ">=", pivot))
    assert values(got) == Counter(raw.attr(q, "year") for q in raw.papers_of[p.author]
                                  if raw.attr(q, "year") >= pivot)


def test_filter_of_an_empty_input_is_empty(case: Case) -> None:
    ir = _ir()
    for cmp, wanted in (("=", 2000), ("!=", 2000), ("not_in", [2000])):
        got = run(case.store, ir.where(_papers_of("no-such-author"), "year", cmp, wanted))
        assert nodes(got) == Counter()


# -- sub-plans ----------------------------------------------------------------------------------------
def test_filter_by_membership_in_a_sub_plan(case: Case) -> None:
    """Papers of one author published in a venue where the other author also published."""
    ir, raw, (one, two) = _ir(), case.raw, case.picks.pair
    their_venues = ir.traverse(_papers_of(two), "published_in", "out")
    for cmp in ("in", "not_in"):
        got = run(case.store, ir.where(_papers_of(one), "venue", cmp, sub=their_venues))
        venues = {raw.venue_of[q] for q in raw.papers_of[two] if q in raw.venue_of}
        hit = {q for q in raw.papers_of[one] if raw.venue_of.get(q) in venues}
        assert set(nodes(got)) == (hit if cmp == "in" else raw.papers_of[one] - hit), cmp


def test_filter_ids_by_a_sub_plan_is_an_intersection(case: Case) -> None:
    ir, raw, (one, two) = _ir(), case.raw, case.picks.pair
    got = run(case.store, ir.where(_papers_of(one), "id", "in", sub=_papers_of(two)))
    assert nodes(got) == ones(raw.papers_of[one] & raw.papers_of[two])
    got = run(case.store, ir.where(_papers_of(one), "author", "in", sub=ir.traverse(_papers_of(two), "writes", "in")))
    circle = {a for q in raw.papers_of[two] for a in raw.authors_of[q]}
    assert nodes(got) == ones(q for q in raw.papers_of[one] if set(raw.authors_of[q]) & circle)


@pytest.mark.parametrize("cmp", [">", "<=", "="])
def test_filter_against_a_sub_plans_single_value(case: Case, cmp: str) -> None:
    """"Papers of the author that appeared after (not after / the same year as) paper X": X's year via a sub-plan."""
    ir, raw, p = _ir(), case.raw, case.picks
    papers = sorted(raw.papers_of[p.author], key=lambda q: (raw.attr(q, "year"), q))
    anchor = papers[len(papers) // 2]
    year_of_anchor = ir.aggregate(ir.project(ir.match([anchor], "paper"), "year"), "max")
    got = run(case.store, ir.where(_papers_of(p.author), "year", cmp, sub=year_of_anchor))
    year = raw.attr(anchor, "year")
    assert set(nodes(got)) == {q for q in raw.papers_of[p.author] if compare(raw.attr(q, "year"), cmp, year)}


def test_a_sub_plan_with_no_value_keeps_nothing(case: Case) -> None:
    ir, p = _ir(), case.picks
    nothing = ir.aggregate(ir.project(ir.match(["no-such-paper"], "paper"), "year"), "max")
    got = run(case.store, ir.where(_papers_of(p.author), "year", ">", sub=nothing))
    assert nodes(got) == Counter()
