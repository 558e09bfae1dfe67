"""What a verbal negation is said of: 'Which of A's co-authors were not on T?' denies a relation to T (the named
thing right after the negation and its relation words), so a plan that answers it must leave out what reaches T;
one that leaves out something else (T's authors other than A) reads another question. The words that may stand
between the negation and its object are lexicon data (`negated_object.between`, with the relation words)."""

from __future__ import annotations

import re
from typing import Any

from hgrag.agents.understanding.lexicon import load
from hgrag.agents.understanding.tokens import tag
from hgrag.state.plan_ir import walk

REACH = 5  # tokens between a negation and its object at most


def negated_object(question: str, anchors: list[dict[str, Any]]) -> tuple[str, dict[str, Any]] | None:
    """(the question up to its negation, the anchor the negation is said of) when exactly one negation of the
    lexicon's `negated_relation.negations` is followed, through relation words and `negated_object.between` words
    only, by a linked mention; None otherwise."""
    from hgrag.agents.understanding.tokens import _uncontracted

    text = _uncontracted(question)
    placed = _placed_anchors(text, anchors)
    if not placed:
        return None
    masked, order = _masked(text, placed)
    negations = set(load("en").extra.get("negated_relation", {}).get("negations", []))
    between = set(load("en").extra.get("negated_object", {}).get("between", []))
    tokens = tag(masked, load("en"))
    mentions = [i for i, t in enumerate(tokens) if t.concept == "mention"]
    if len(mentions) != len(order):
        return None
    found = []
    for i, token in enumerate(tokens):
        if token.text not in negations:
            continue
        for j in range(i + 1, min(len(tokens), i + 1 + REACH)):
            if tokens[j].concept == "mention":
                found.append((i, order[mentions.index(j)]))
                break
            if tokens[j].family != "relation" and tokens[j].text not in between:
                break
    if len(found) != 1 or sum(t.text in negations for t in tokens) != 1:
        return None
    at = re.search(rf"\b{re.escape(tokens[found[0][0]].text)}\b", text, re.IGNORECASE)
    return (text[:at.start()].strip(), found[0][1]) if at else None


def _placed_anchors(text: str, anchors: list[dict[str, Any]]) -> list[tuple[int, str, dict[str, Any]]]:
    """The linked anchors found in the text as typed, with where they stand (each once; none overlapping)."""
    placed = []
    for anchor in anchors:
        typed = anchor.get("relinked_from") or anchor.get("text") or ""
        found = re.search(rf"(?<!\w){re.escape(typed)}(?!\w)", text, re.IGNORECASE) \
            if typed and anchor.get("node_id") else None  # (a whole-word place: 'T' is not in 'co-authors')
        if found:
            placed.append((found.start(), typed, anchor))
    placed.sort(key=lambda p: p[0])
    ends = [at + len(typed) for at, typed, _ in placed]
    return [] if any(placed[k + 1][0] < ends[k] for k in range(len(placed) - 1)) else placed


def _masked(text: str, placed: list[tuple[int, str, dict[str, Any]]]) -> tuple[str, list[dict[str, Any]]]:
    out, last = [], 0
    for at, typed, _ in placed:
        out += [text[last:at], " zzm "]
        last = at + len(typed)
    out.append(text[last:])
    return "".join(out), [anchor for _, _, anchor in placed]


def misread_negation(question: str, plan: dict[str, Any]) -> list[str]:
    """The objection when the plan leaves things out but none of them reaches the thing the negation is said of,
    while its kept part does ('not on T' answered with T's authors other than A)."""
    ir = plan.get("ir")
    found = negated_object(question, plan.get("anchors") or []) if ir else None
    if found is None:
        return []
    node = found[1]["node_id"]
    differences = [op for op in walk(ir) if op.get("op") == "difference"]
    left_out = [part for op in differences for part in op["inputs"][1:]]
    if not differences or any(node in str(part) for part in left_out):
        return []
    if not any(node in str(op["inputs"][0]) for op in differences):
        return []
    return [f"not … '{found[1].get('text')}' (the negation is said of it; the plan leaves out something else)"]
