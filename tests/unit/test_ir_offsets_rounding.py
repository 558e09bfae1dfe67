"""Two IR fields the readers use: a filter's `offset` moves its sub-plan's value (the year after an author's
first year, their first N years), and an aggregate's `round` rounds half up as people do (24.45 -> 24.5)."""

from __future__ import annotations

from test_planner import make_store

from hgrag.state import plan_ir as ir
from hgrag.tools.ir_exec import execute


def _papers_of(author: str) -> dict:
    return ir.traverse(ir.match([author], "author"), "writes", "out")


def test_an_offset_moves_the_sub_plans_year_and_a_window_spans_it() -> None:
    store = make_store()  # Dariush Divsalar (a2): p1 2008, p2 2010, p4 2012
    first = ir.aggregate(_papers_of("a2"), "min", "year")
    two_after = ir.where(_papers_of("a2"), "year", "=", sub=first, offset=2)
    assert set(execute(store, ir.validate_ir(two_after)).value.data) == {"p2"}
    window = ir.where(_papers_of("a2"), "year", "between", sub=first, offset=[0, 2])
    assert set(execute(store, window).value.data) == {"p1", "p2"}
    last = ir.aggregate(_papers_of("a2"), "max", "year")
    assert set(execute(store, ir.where(_papers_of("a2"), "year", "=", sub=last)).value.data) == {"p4"}


def test_an_aggregate_rounds_half_up_to_the_places_asked() -> None:
    store = make_store()
    for places, expected in ((1, 18.3), (0, 18), (2, 18.33)):
        program = {**ir.aggregate(_papers_of("a2"), "avg", "cited_by_count"), "round": places}
        assert execute(store, ir.validate_ir(program)).value.data == expected
    from hgrag.tools.ir_exec import _rounded

    assert (_rounded(24.45, 1), _rounded(0.25, 1), _rounded(2.5, 0)) == (24.5, 0.3, 3)  # not to even
