"""Candidate IR programs over a question's linked entities: a small grammar of the plan IR
(state/plan_ir.py), enumerated to a bounded depth. It knows node kinds and edges, no English."""

from __future__ import annotations

from typing import Any, Iterator

from hgrag.state import plan_ir as ir

# (edge, direction, kind reached) from each node kind
HOPS = {"paper": [("writes", "in", "author"), ("published_in", "out", "venue"), ("cites", "out", "paper"),
                  ("cites", "in", "paper")],
        "author": [("writes", "out", "paper")],
        "venue": [("published_in", "in", "paper")]}
ATTRIBUTES = {"paper": ["year", "cited_by_count", "doi", "work_type", "language"], "author": ["orcid"],
              "venue": ["venue_type", "issn_l"]}
RANK_KEYS = {"paper": [("cited_by_count", "max"), ("cited_by_count", "min"), ("year", "max"), ("year", "min")]}
MAX_CANDIDATES = 400


def node_sets(anchor: dict[str, Any]) -> Iterator[tuple[dict[str, Any], str, int]]:
    """(IR, kind, hops) for the anchor and the sets one or two hops away (citations: one hop)."""
    start = ir.match([anchor["node_id"]], anchor["type"], anchor.get("text", ""))
    yield start, anchor["type"], 0
    for edge, direction, kind in HOPS[anchor["type"]]:
        first = ir.traverse(start, edge, direction)
        yield first, kind, 1
        if anchor["type"] == "paper" and edge == "writes":
            yield ir.traverse(start, edge, direction, 1), kind, 1
            yield ir.traverse(start, edge, direction, -1), kind, 1
        for edge2, direction2, kind2 in HOPS[kind]:
            if edge == "cites" or edge2 == "cites":
                continue
            second = ir.traverse(first, edge2, direction2)
            if kind2 == anchor["type"] == "author":  # co-authors: the author is not their own co-author
                second = ir.setop("difference", [second, ir.match([anchor["node_id"]], "author")])
            yield second, kind2, 2


def filtered(paper_set: dict[str, Any], others: list[dict[str, Any]], years: list[int]) -> Iterator[dict[str, Any]]:
    """A paper set as is and narrowed by each other anchor (venue, co-author) and by the years named."""
    yield paper_set
    year_filters = [("=", y) for y in years[:2]] + [(">=", y) for y in years[:1]] + [("<=", y) for y in years[:1]]
    if len(years) >= 2:
        year_filters.append(("between", sorted(years[:2])))
    narrowed = [paper_set]
    for other in others:
        if other["type"] in ("venue", "author"):
            narrowed.append(ir.where(paper_set, other["type"], "=", other["node_id"]))
    for node in narrowed[1:]:
        yield node
    for node in narrowed:
        for cmp, value in year_filters:
            yield ir.where(node, "year", cmp, value)


def roots(node: dict[str, Any], kind: str, hops: int) -> Iterator[dict[str, Any]]:
    """The operations over a set: list, count, yes/no, rankings, attributes."""
    if hops == 0:
        for attr in ATTRIBUTES[kind]:
            yield ir.project(node, attr)
        if kind == "author":
            yield ir.aggregate(ir.traverse(node, "writes", "out"), "count")
        return
    yield node
    yield ir.aggregate(node, "count")
    yield ir.test(node, "nonempty")
    if kind == "paper":
        for key, order in RANK_KEYS["paper"]:
            yield ir.top(node, key, order)
        yield ir.aggregate(ir.project(node, "year"), "min")
        yield ir.aggregate(ir.project(node, "year"), "max")
        yield ir.aggregate(node, "sum", "cited_by_count")
        yield ir.aggregate(node, "avg", "cited_by_count")
    elif hops == 2:
        yield ir.top(node, "frequency", "max")


def pair_programs(anchors: list[dict[str, Any]], years: list[int]) -> Iterator[dict[str, Any]]:
    """Programs that join two anchors: shared papers, a paper among another's, a year test, a path."""
    for a in anchors:
        for b in anchors:
            if a is b:
                continue
            ma, mb = (ir.match([x["node_id"]], x["type"], x.get("text", "")) for x in (a, b))
            if a["type"] == b["type"] == "author" and a["node_id"] < b["node_id"]:
                both = ir.setop("intersect", [ir.traverse(ma, "writes", "out"), ir.traverse(mb, "writes", "out")])
                yield from (both, ir.aggregate(both, "count"), ir.test(both, "nonempty"))
                yield {"op": "path", "source": ma, "target": mb, "edges": ["writes"], "max_len": 8}
            if a["type"] == "paper" and b["type"] in ("author", "venue", "paper"):
                edge = {"author": ("writes", "in"), "venue": ("published_in", "out"), "paper": ("cites", "out")}
                yield ir.test(ir.traverse(ma, *edge[b["type"]]), "contains", [b["node_id"]])
    for a in anchors:
        if a["type"] == "paper":
            year = ir.aggregate(ir.project(ir.match([a["node_id"]], "paper", a.get("text", "")), "year"), "max")
            for y in years[:2]:
                for cmp in ("=", "<", ">"):
                    yield ir.test(year, cmp, y)


def enumerate_programs(anchors: list[dict[str, Any]], years: list[int]) -> list[dict[str, Any]]:
    """Every candidate program over the linked anchors (deduplicated, bounded)."""
    linked = [a for a in anchors if a.get("node_id") and a.get("type") in HOPS]
    seen: set[str] = set()
    out: list[dict[str, Any]] = []
    for anchor in linked:
        others = [o for o in linked if o is not anchor]
        for node, kind, hops in node_sets(anchor):
            variants = filtered(node, others, years) if kind == "paper" and hops else iter([node])
            for variant in variants:
                for program in roots(variant, kind, hops):
                    _add(program, seen, out)
    for program in pair_programs(linked, years):
        _add(program, seen, out)
    return out[:MAX_CANDIDATES]


def _add(program: dict[str, Any], seen: set[str], out: list[dict[str, Any]]) -> None:
    key = repr(program)
    if key not in seen:
        seen.add(key)
        out.append(program)
