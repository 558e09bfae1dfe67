"""What a verbal negation is said of: 'Which of A's co-authors were not on T?' denies a relation to T (the named
thing right after the negation and its relation words), so a plan that answers it must leave out what reaches T;
one that leaves out something else (T's authors other than A) reads another question. The words that may stand
between the negation and its object are lexicon data (`negated_object.between`, with the relation words)."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from hgrag.agents.understanding.lexicon import load
from hgrag.agents.understanding.tokens import tag
from hgrag.state.plan_ir import walk
from hgrag.tools.text import literal_spans

REACH = 5  # tokens between a negation and its object at most
STOP = "xqclausex"  # a word no lexicon knows, standing for a comma (the reach of a negation ends there)
NEGATION = "operator:exclude"  # 'not', 'never', "n't", 'except', 'leaving aside', … (the lexicon's exclusion words)


def negated_object(question: str, anchors: list[dict[str, Any]]) -> tuple[str, dict[str, Any]] | None:
    found = negation(question, anchors)
    return found[:2] if found else None


def negation(question: str, anchors: list[dict[str, Any]]) -> tuple[str, dict[str, Any], bool, str, int] | None:
    """(the rest of the question without the negated part, the anchor the negation is said of) when exactly one
    exclusion word of the lexicon is followed, through relation and kind words and `negated_object.between` words
    only, by a linked mention; None otherwise."""
    from hgrag.agents.understanding.tokens import _uncontracted

    if not _any_exclusion().search(question):
        return None  # (most questions hold no exclusion word: nothing is tagged for them)
    text = _uncontracted(question)
    placed = _placed_anchors(text, anchors)
    if not placed:
        return None
    masked, order = _masked(text, placed)
    between = set(load("en").extra.get("negated_object", {}).get("between", []))
    tokens = tag(re.sub(r"[,;:]", f" {STOP} ", masked), load("en"))  # ('A aside, who wrote T': a comma ends it)
    mentions = [i for i, t in enumerate(tokens) if t.concept == "mention"]
    if len(mentions) != len(order):
        return None
    found = []
    for i, token in enumerate(tokens):
        if token.concept != NEGATION:
            continue
        for j in range(i + 1, min(len(tokens), i + 1 + REACH)):
            if tokens[j].concept == "mention":
                related = any(t.family == "relation" for t in tokens[i + 1:j]) or _elided(tokens, i, j)
                found.append((i, order[mentions.index(j)], related))
                break
            if tokens[j].family not in ("relation", "kind") and tokens[j].text not in between:
                break
    if len(found) != 1 or sum(t.concept == NEGATION for t in tokens) != 1:
        return None
    at = re.search(rf"(?<![\w-]){re.escape(tokens[found[0][0]].text)}(?![\w-])", text, re.IGNORECASE)
    return (_rest(text, at.start(), found[0][1], placed), found[0][1], found[0][2], text, at.start()) if at else None


@lru_cache(maxsize=1)
def _any_exclusion() -> re.Pattern:
    """Any form of the lexicon's exclusion concept ("n't" as its contracted ending)."""
    from hgrag.agents.understanding.cue_words import phrase_alternation

    forms = [f.replace("_", " ") for f in load("en").family("operator").get("exclude", [])]
    return re.compile(rf"(?<![\w-])(?:{phrase_alternation(forms)})(?![\w-])|n['’]t\b", re.IGNORECASE)


def _elided(tokens: list[Any], negation_at: int, mention_at: int) -> bool:
    """'Who has co-authored with A but not with B?': the preposition before B followed a relation word and another
    mention earlier, so the negation denies that relation to B (the relation word is not repeated)."""
    prepositions = {t.text for t in tokens[negation_at + 1:mention_at] if t.family == "function"}
    before = tokens[:negation_at]
    joined = any(a.family == "relation" and a.text.split()[-1] in prepositions and b.concept == "mention"
                 for a, b in zip(before, before[1:]))  # ('worked with A': the relation phrase holds 'with')
    return joined or any(a.family == "relation" and b.text in prepositions and c.concept == "mention"
                         for a, b, c in zip(before, before[1:], before[2:]))


def _rest(text: str, negation_at: int, said_of: dict[str, Any], placed: list[tuple[int, str, dict[str, Any]]]) -> str:
    """The question up to the negation ('Which of A's co-authors were'), or, when the negation opens it ('Leaving
    aside everyone on T, who has A worked with?'), what follows the thing it is said of."""
    before = text[:negation_at].strip()
    if re.search(r"\w", before):
        return before
    at, typed, _ = next(p for p in placed if p[2] is said_of)
    return text[at + len(typed):].lstrip(" \"'“”‘’«»,;:.").strip()


def _placed_anchors(text: str, anchors: list[dict[str, Any]]) -> list[tuple[int, str, dict[str, Any]]]:
    """The linked anchors found in the text as typed, with where they stand (each once; none overlapping)."""
    placed = []
    for anchor in anchors:
        typed = anchor.get("relinked_from") or anchor.get("text") or ""
        found = literal_spans(text, typed, whole_word=True) \
            if typed and anchor.get("node_id") else None  # (a whole-word place: 'T' is not in 'co-authors')
        if found:
            placed.append((found[0][0], typed, anchor))
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


def _kept_in_scope(text: str, at: int, anchors: list[dict[str, Any]], ir: dict[str, Any]) -> str | None:
    """A named thing the question names only after the negation, in its sentence, that the plan keeps (reaches
    outside everything it leaves out); None when there is none."""
    end = next((m.start() for m in re.finditer(r"[.?!;]", text) if m.start() > at), len(text))
    positive = _kept_ids(ir)
    for anchor in anchors:
        typed = anchor.get("relinked_from") or anchor.get("text") or ""
        places = [start for start, _ in literal_spans(text, typed, whole_word=True)] if typed else []
        if places and all(at < p < end for p in places) and anchor.get("node_id") in positive:
            return typed
    return None


def _kept_ids(op: Any, joined: bool = False) -> set[str]:
    """The matched nodes a plan keeps as a condition: inside an intersection, not under the left-out side of a
    difference or a negative filter ('A's co-authors who also wrote with B' keeps B; 'apart from T, what else did
    its first author write' walks from T and then leaves T out: no condition)."""
    if not isinstance(op, dict):
        return set()
    if op.get("op") == "match":
        return set(op.get("ids") or []) if joined else set()
    if op.get("op") == "difference":
        return _kept_ids((op.get("inputs") or [None])[0], joined)
    if op.get("op") == "filter" and op.get("cmp") in ("!=", "not_in"):
        return _kept_ids(op.get("input"), joined)
    found = set()
    for key in ("input", "sub"):
        found |= _kept_ids(op.get(key), joined)
    for part in op.get("inputs") or []:
        found |= _kept_ids(part, joined or op.get("op") == "intersect")
    return found


def _only_itself(part: dict[str, Any], node: str) -> bool:
    """The node is left out as itself (a match), not what a walk from it reaches (a filter by it: its papers)."""
    return not any(op.get("op") == "traverse" and node in str(op) or op.get("op") == "filter" and node in str(op.get("value"))
                   for op in walk(part))


def misread_negation(question: str, plan: dict[str, Any]) -> list[str]:
    """The objection when the plan leaves things out but none of them reaches the thing the negation is said of,
    while its kept part does ('not on T' answered with T's authors other than A)."""
    ir = plan.get("ir")
    found = negation(question, plan.get("anchors") or []) if ir else None
    if found is None:
        return []
    node, related = found[1]["node_id"], found[2]
    kept = _kept_in_scope(found[3], found[4], plan.get("anchors") or [], ir)
    if kept:  # 'drop B and anyone who has also written with B' answered with B's co-authors
        return [f"not … '{kept}' (the negation is said of it; the plan keeps it)"]
    differences = [op for op in walk(ir) if op.get("op") == "difference"]
    left_out = [part for op in differences for part in op["inputs"][1:]]
    if not differences or any(node in str(part) and not (related and _only_itself(part, node)) for part in left_out):
        return []  # (a relation denied to B leaves out what B reaches, not B alone)
    if not any(node in str(op["inputs"][0]) for op in differences) and not (related and any(
            node in str(part) for part in left_out)):
        return []  # (what the negation is said of is nowhere in the plan: other checks name it)
    return [f"not … '{found[1].get('text')}' (the negation is said of it; the plan leaves out something else)"]
