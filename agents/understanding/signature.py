"""What a plan does, element by element: each IR operator with the features a lexicon signature names
("op:aggregate", "fn:count", "attr:year", "cmp:>", "edge:writes", "edge:writes:in", "position:1",
"order:max"), and what the plan returns (its output kind)."""

from __future__ import annotations

from typing import Any

from hgrag.state.plan_ir import walk
from hgrag.tools.graph_kinds import RICH_EDGE_ENDS

EDGE_KIND = {("writes", "out"): "paper", ("writes", "in"): "author", ("published_in", "out"): "venue",
             ("published_in", "in"): "paper", ("cites", "out"): "paper", ("cites", "in"): "paper"}
NUMERIC_ATTRS = {"cited_by_count", "n_authors", "n_references", "total_citations", "n_coauthors", "n_distinct_coauthors", "n_papers"}


def element_features(op: dict[str, Any]) -> set[str]:
    kind = op.get("op")
    out = {"op:difference_self" if kind == "difference" and _leaves_out_its_start(op) else f"op:{kind}"}
    if kind == "match" and op.get("type"):
        out.add(f"match:{op['type']}")  # ('the journal V' names a venue match; 'journals' never names an author)
    if op.get("fn"):
        out.add(f"fn:{op['fn']}")
    for key in ("attr", "key"):
        if op.get(key):
            out.add(f"attr:{op[key]}")
    if op.get("cmp"):
        out.add(f"cmp:{op['cmp']}")
    if kind == "traverse":
        out |= {f"edge:{op['edge']}", f"edge:{op['edge']}:{op['direction']}"}
        if op.get("position") is not None:
            out.add(f"position:{op['position']}")
    if kind == "top":
        out.add(f"order:{op.get('order', 'max')}")
    if kind == "filter" and op.get("attr") == "position" and op.get("cmp") == "=":
        out.add(f"position:{op.get('value')}")  # an authorship at a byline place
    if kind == "top" and op.get("key") == "position":
        out.add(f"position:{-1 if op.get('order', 'max') == 'max' else 1}")
    if kind == "filter" and op.get("attr") == "author":
        out.add("edge:writes")
    if "attr:year" in out and (kind != "project" or (op.get("input") or {}).get("op") == "match"):
        out.add("year:ordered")  # ('first', 'last': a year ordered, bounded or of one named paper, not all the years)
    if kind == "top" and op.get("key") == "value" and (op.get("input") or {}).get("attr") == "year":
        out.add("year:ordered")  # (the earliest of the years projected)
    if kind == "filter" and op.get("attr") == "year" and op.get("cmp") == "=":
        out.add("year:=")  # 'that year', 'the same year': a year held equal to another
    if kind in ("filter", "test") and op.get("value") == 0:
        out.add("value:0")
    if kind == "aggregate" and op.get("round") is not None:
        out.add(f"round:{op['round']}")
    if kind == "filter" and isinstance(op.get("offset"), int) and op["offset"]:
        out |= {"offset", "cmp:>" if op["offset"] > 0 else "cmp:<"}  # 'the year after their first': a year later
    if kind == "filter" and isinstance(op.get("offset"), list) and any(op["offset"]):
        out.add("offset")  # 'their debut year or the year after': a window reaching a year on
    return out


def _leaves_out_its_start(op: dict[str, Any]) -> bool:
    """'who co-authored with A': A's co-authors without A; a difference taking out only the person the walk starts
    from is implied by the walk, so no exclusion word ('not', 'except') consumes it ('else' may)."""
    first = next((part for part in walk(op["inputs"][0]) if part.get("op") == "match"), None) if op.get("inputs") else None
    if (first or {}).get("type") != "author":
        return False  # 'apart from T, what else did its first author write?': T is in the walk's answer unless left out
    starts = set((first or {}).get("ids") or [])
    rest = op.get("inputs", [])[1:]
    return bool(starts) and bool(rest) and all(part.get("op") == "match" and set(part.get("ids") or []) <= starts
                                               for part in rest)


def elements(ir: dict[str, Any] | None) -> list[tuple[dict[str, Any], set[str]]]:
    """Every operator of the plan with its features, root first."""
    return [(op, element_features(op)) for op in (walk(ir) if ir else [])]


def all_features(ir: dict[str, Any] | None) -> set[str]:
    found: set[str] = set()
    for _, features in elements(ir):
        found |= features
    if any(f.startswith("op:difference") for f in found) and "position:1" in found:
        found.add("op:difference+position:1")
    if any(f.startswith("op:difference") for f in found) and {"position:1", "position:-1"} <= found:
        found.add("op:difference+position:ends")  # the middle of a byline: first and last left out
    if {"cmp:>=", "cmp:<="} <= found:
        found.add("cmp:>=+cmp:<=")  # a range written as its two bounds
    return found


def output_kind(op: dict[str, Any] | None) -> str | None:
    """number | yes/no | year | value | author | paper | venue, or None when unknown."""
    if not op:
        return None
    kind = op.get("op")
    if kind in ("aggregate", "path"):
        return "year" if op.get("fn") in ("min", "max") and op.get("attr") == "year" else "number"
    if kind == "test":
        return "yes/no"
    if kind == "project":
        attr = op.get("attr")
        return "year" if attr == "year" else "number" if attr in NUMERIC_ATTRS else "value"
    if kind == "match":
        return op.get("type")
    if kind == "traverse":
        key = (op.get("edge"), op.get("direction"))
        return EDGE_KIND.get(key) or RICH_EDGE_ENDS.get(key, (None, None))[1]
    if kind in ("filter", "top", "describe"):
        return output_kind(op.get("input"))
    if kind in ("intersect", "union", "difference"):
        return output_kind((op.get("inputs") or [None])[0])
    return None


def reads_years(op: dict[str, Any]) -> bool:
    """Is a number the plan returns read from years ('the average publication year', 'how many years')?"""
    from hgrag.state.plan_ir import walk

    return any(o.get("attr") == "year" or o.get("key") == "year" for o in walk(op))


def node_kind(op: dict[str, Any] | None) -> str | None:
    """The node type a plan returns (author, paper, venue, a richer kind), or None for a number, value or yes/no."""
    from hgrag.state.ir_types import NODE_ATTRIBUTES

    kind = output_kind(op)
    return kind if kind in NODE_ATTRIBUTES else None


def describe(op: dict[str, Any]) -> str:
    """A short label of one IR element for the alignment trace."""
    kind = op.get("op")
    if kind == "match":
        return f"match {op.get('type')} {','.join(map(str, op.get('ids') or []))[:40]}"
    if kind == "traverse":
        position = f" position {op['position']}" if op.get("position") is not None else ""
        return f"traverse {op.get('edge')} {op.get('direction')}{position}"
    if kind == "aggregate":
        return f"aggregate {op.get('fn')}" + (f" {op['attr']}" if op.get("attr") else "")
    if kind == "filter":
        return f"filter {op.get('attr')} {op.get('cmp')} {op.get('value')!r}"[:60]
    if kind == "top":
        return f"top {op.get('key')} {op.get('order', 'max')}"
    if kind == "project":
        return f"project {op.get('attr')}"
    if kind == "test":
        return f"test {op.get('cmp')}"
    return str(kind)
