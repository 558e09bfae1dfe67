"""Comparisons between two alternatives over the richer kinds: two years ("did I publish more papers in
2018 or 2020?"), two institutions of one author ("is A more often affiliated with I1 or I2?") or two
papers ("which has more keywords, T1 or T2?"). The answer is the alternative with more, by how many
papers reach it (a `top` over the walk) or by a paper's keyword count; a yes/no wording ("does T1
have more keywords than T2?") is answered yes or no. The comparison words are the lexicon's
(operator compare_more); 'or' / 'between' say that alternatives are given."""

from __future__ import annotations

from typing import Any

from hgrag.agents.kinds.lexicon import cues, lexicon, phrase_in
from hgrag.agents.understanding.lexicon import load
from hgrag.state import plan_ir as ir


def _compares(masked: str) -> bool:
    more = [f.replace("_", " ") for f in load("en").family("operator").get("compare_more", [])]
    alternatives = any(phrase_in(word, masked) for word in lexicon().get("alternatives", []))
    return alternatives and any(phrase_in(m, masked) for m in more)


def comparison_tree(masked: str, anchors: list[Any], named: list[Any], years: list[int], yes_no: bool,
                    joined: Any, distinct: Any) -> tuple[dict[str, Any], str] | None:
    """(IR, what is compared) for a comparison of two alternatives, or None. `joined(kind, anchors,
    named)` walks the named entities to a kind (the planner's join); `distinct(tree)` is the set of
    papers a walk reaches, each once (a paper with three authors at I is one paper of I's)."""
    if not _compares(masked):
        return None
    entities = list(anchors) + list(named)
    if len(set(years)) == 2 and len(entities) == 1:  # two years of one institution / author / venue
        walked = joined("paper", [s for s in anchors], [s for s in named])
        if walked is None:
            return None
        papers = distinct(ir.where(walked, "year", "in", sorted(set(years))))
        return ir.top(ir.project(papers, "year"), "frequency", "max"), "year (papers counted once each)"
    by_kind: dict[str, list[Any]] = {}
    for span in entities:
        by_kind.setdefault(span.type, []).append(span)
    pairs = [k for k, spans in by_kind.items() if len(spans) == 2]
    if len(pairs) != 1:
        return None
    kind, pair = pairs[0], by_kind[pairs[0]]
    ids = [_node(s) for s in pair]
    rest_anchors = [s for s in anchors if s not in pair]
    rest_named = [s for s in named if s not in pair]
    if kind == "paper" and not rest_anchors and not rest_named and _names_kind(masked, "keyword"):
        ranked = ir.top(ir.match(ids, "paper", ""), "n_keywords", "max")
        first = _node(min(pair, key=lambda s: s.start))
        return (ir.test(ranked, "contains", [first]) if yes_no else ranked), "keyword count"
    if kind == "institution" and (rest_anchors or rest_named):
        walked = joined("institution", rest_anchors, rest_named)
        if walked is None:
            return None
        return ir.top(ir.where(walked, "id", "in", ids), "frequency", "max"), "papers with that affiliation"
    return None


def _node(span: Any) -> str:
    return span.candidates[0].node_id


def _names_kind(masked: str, kind: str) -> bool:
    return any(c.group == kind for c in cues(masked))

