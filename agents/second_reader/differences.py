"""Differences asked of two named things ('how many years separate T1 and T2', 'the difference in citation count
between T1 and T2'): the span of one numeric attribute over the two (the larger less the smaller)."""

from __future__ import annotations

from typing import Any

from hgrag.state import plan_ir as ir


def attribute_difference(words_outside: str, group: list[Any]) -> dict[str, Any] | None:
    """The span of the one numeric attribute the question names (its lexicon signature's attr: 'years' ->
    year, 'citations' -> cited_by_count) over two entities of one type, or None."""
    from hgrag.agents.understanding.lexicon import load, signatures
    from hgrag.agents.understanding.tokens import tag

    attrs = set()
    for token in tag(words_outside, load("en")):
        if (token.concept or "").startswith("attribute:"):
            attrs |= {f[len("attr:"):] for f in signatures().get(token.concept, {}).get("any", [])
                      if f.startswith("attr:")}
    kinds = {span.type for span in group}
    if len(group) != 2 or len(kinds) != 1 or len(attrs) != 1 or not attrs <= {"year", "cited_by_count"}:
        return None
    matches = [ir.match([span.candidates[0].node_id], span.type, span.text) for span in group]
    return ir.aggregate(ir.setop("union", matches), "span", attrs.pop())


def difference_of(items: list[tuple[str, dict[str, Any]]]) -> dict[str, Any] | None:
    """'the difference in citation count between T1 and T2': the span of one attribute over the two entities
    (the larger less the smaller), when each part reads that attribute of one node."""
    plans = [p for _, p in items]
    attrs = {p.get("attr") for p in plans}
    single = all(p.get("op") == "project" and p["input"].get("op") == "match" and len(p["input"]["ids"]) == 1
                 for p in plans)
    if len(plans) != 2 or not single or len(attrs) != 1 or None in attrs:
        return None
    return ir.aggregate(ir.setop("union", [p["input"] for p in plans]), "span", attrs.pop())
