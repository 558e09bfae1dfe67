"""The mentions of the asking sentence that the plan leaves unused, context entities it combines with the
asked one, back-references that could mean several named things, and names linked without their first word."""

from __future__ import annotations

import re
from typing import Any

from hgrag.agents.understanding.asked_head import asking_clause
from hgrag.agents.understanding.exclusion import left_out_already
from hgrag.agents.understanding.references import back_reference, points_at_several
from hgrag.state.plan_ir import walk
from hgrag.tools.text import literal_spans, replace_literal

def numbered_holes(question: str, mentions: list[str]) -> str:
    """The question with curly quotes made plain and mention i (in the caller's order, longest first)
    replaced by ' zzm<i> '."""
    text = question.replace("\u2019", "'").replace("\u201c", '"').replace("\u201d", '"')
    for i, mention in enumerate(mentions):
        text = replace_typed(text, mention, f" zzm{i} ")
    return text


def typed_pattern(typed: str) -> str:
    """The mention as typed; a name ending in an initial takes its full stop ('Jordan, Richard W.')."""
    return re.escape(typed) + (r"\.?" if ENDS_IN_INITIAL.search(typed) else "")


ENDS_IN_INITIAL = re.compile(r"\b[A-Za-z]$")


def replace_typed(text: str, typed: str, replacement: str) -> str:
    """`text` with every case-insensitive occurrence of the mention as typed (`typed_pattern`) replaced, by plain
    string search (a question's mentions are new each time: no pattern compiled for each)."""
    if not ENDS_IN_INITIAL.search(typed):
        return replace_literal(text, typed, replacement)
    out, at = [], 0
    for start, end in literal_spans(text, typed):
        if start < at:
            continue  # (inside the full stop taken after the last one)
        out += [text[at:start], replacement]
        at = end + (1 if text[end:end + 1] == "." else 0)
    return "".join(out + [text[at:]])


def used_ids(ir: dict[str, Any] | None) -> set[str]:
    """Node ids a plan names: matched anchors and ids compared against in filters and tests."""
    used: set[str] = set()
    for op in walk(ir) if ir else []:
        used.update(op.get("ids") or [])
        value = op.get("value")
        for item in value if isinstance(value, (list, tuple, set)) else [value]:
            if isinstance(item, str):
                used.add(item)
    return used


def unused_mentions(question: str, plan: dict[str, Any]) -> list[str]:
    """Linked mentions of the asking clause that the plan never uses ("…, what other papers did A
    bring out?" read as papers by the authors of X, leaving A out)."""
    used = used_ids(plan.get("ir"))
    anchors = sorted((a for a in plan.get("anchors", []) if a.get("text") and a.get("node_id")),
                     key=lambda a: -len(a["text"]))
    text = numbered_holes(question, [a["text"] for a in anchors])
    in_clause = {int(h[3:]) for h in re.findall(r"zzm\d+", asking_clause(text.lower()))}
    in_clause |= {int(h[3:]) for h in re.findall(r"zzm\d+", _confirmed_statement(text))}  # ('A is an author of T. Is
    # that on record?': the statement the last sentence asks about is the question)
    missing = []
    for i in sorted(in_clause):
        ids = {anchors[i].get("node_id"), *(anchors[i].get("candidates") or [])} - {None}
        if not ids & used:
            missing.append(f"'{anchors[i]['text']}' (my reading does not use it)")
    return missing


def _confirmed_statement(text: str) -> str:
    """The sentence a closing confirming sentence asks about ('… Is that on record?'), or ''."""
    from hgrag.agents.understanding.sentences import confirming_start, sentences_of

    start = confirming_start(text)
    before = sentences_of(text[:start]) if start else []
    return before[-1] if before else ""


def context_combinations(question: str, plan: dict[str, Any]) -> list[str]:
    """Entities of context sentences that the plan combines with the asked one, while the asking sentence
    points at one thing ("B and I argued about A. How many papers has this person written?" read as
    papers by both)."""
    used = used_ids(plan.get("ir"))
    anchors = sorted((a for a in plan.get("anchors", []) if a.get("text") and a.get("node_id")
                      and ({a["node_id"], *(a.get("candidates") or [])} & used)), key=lambda a: -len(a["text"]))
    if len(anchors) < 2:
        return []
    text = numbered_holes(question, [a["text"] for a in anchors])
    clause = asking_clause(text.lower())
    in_clause = {int(h[3:]) for h in re.findall(r"zzm\d+", clause)}
    if not any(op.get("op") == "intersect" for op in walk(plan.get("ir"))):
        return []
    kinds = [a.get("type") for a in anchors]
    outside = [a for i, a in enumerate(anchors) if i not in in_clause and kinds.count(a.get("type")) > 1]
    if not outside or points_at_several(clause) or not (in_clause or back_reference(clause)):
        return []
    return [f"'{a['text']}' (named outside the question; I can't tell it is meant)" for a in outside]


def _inside_anchor(text: str, anchors: list[dict[str, Any]]) -> bool:
    """An unresolved piece of a title that was linked as a whole (under its corrected label)."""
    from rapidfuzz import fuzz

    return any(fuzz.partial_ratio(text.lower(), a["text"].lower()) >= 85 for a in anchors)


def ambiguous_references(question: str, plan: dict[str, Any]) -> list[str]:
    """An asking sentence that names nothing and points back ("how many times has that paper been
    cited?") while the sentences before name two or more things of that kind: which one is meant is
    a guess, so the check reports it instead of answering about one of them."""
    anchors = sorted((a for a in plan.get("anchors", []) if a.get("text")), key=lambda a: -len(a["text"]))
    texts = [(a["text"], a.get("type")) for a in anchors]
    texts += [(t, None) for t in plan.get("unresolved") or [] if t and not _inside_anchor(t, anchors)]
    text = numbered_holes(question, [mention for mention, _ in texts])
    clause = asking_clause(text.lower())
    if clause.rstrip().endswith(":") and clause in text.lower():  # "which came first: A or B?" lists what it asks about
        clause = text.lower()[text.lower().rindex(clause):]
    if re.search(r"zzm\d+", clause):
        return []
    before = {int(h[3:]) for h in re.findall(r"zzm\d+", text.lower())}
    reference = back_reference(clause)
    if reference is None:
        return []
    phrase, kind = reference
    named = [texts[i][0] for i in sorted(before) if kind is None or texts[i][1] in (kind, None)]
    if len(named) >= 2:
        listed = " and ".join(f"'{t}'" for t in named[:3])
        return [f"'{phrase}' (it could mean {listed})"]
    return []




def twice_named(question: str, plan: dict[str, Any]) -> list[str]:
    """An entity named twice in one sentence that the plan reads once, only to leave it out ("among A's co-authors
    other than B, who has never shared a paper with B?" read as A's co-authors except B): the naming in the asking
    part that no exclusion word leads in asks something more of it."""
    ir = plan.get("ir")
    anchors = sorted((a for a in plan.get("anchors", []) if a.get("text") and a.get("node_id")),
                     key=lambda a: -len(a["text"]))
    if not ir or not anchors:
        return []
    text = numbered_holes(question, [a["text"] for a in anchors])
    missing = []
    for sentence in re.split(r"(?<=[.?!])\s+", text):
        for i, anchor in enumerate(anchors):
            named = len(re.findall(rf"\bzzm{i}\b", sentence))
            if named >= 2 and _readings(ir, anchor["node_id"]) < named and left_out_already(ir, anchor) \
                    and _named_unled(_asking_part(sentence), i):
                missing.append(f"'{anchor['text']}' (named twice, read once)")
    return missing


def _asking_part(sentence: str) -> str:
    """The comma-part of a sentence that holds its question word ('… other than B, who has never …?')."""
    from hgrag.agents.understanding.lexicon import load
    from hgrag.agents.understanding.tokens import tag

    parts = sentence.split(",")
    asking = [p for p in parts if any(t.family == "head" and t.concept != "head:aux" for t in tag(p.lower(), load("en")))]
    return (asking or parts)[-1]


def _named_unled(part: str, i: int) -> bool:
    """Whether the part names mention i other than right after an exclusion lead ('besides B' is the reading of a
    left-out entity; 'a paper with B' asks something of B)."""
    from hgrag.agents.understanding.cue_words import phrase_alternation
    from hgrag.agents.understanding.lexicon import load

    leads = phrase_alternation(load("en").extra.get("exclusion_leads", []))
    return any(not re.search(rf"\b(?:{leads})\s*$", part[:m.start()].lower()) for m in re.finditer(rf"\bzzm{i}\b", part))


def _readings(ir: dict[str, Any], node_id: str) -> int:
    """How many steps of the plan read the node (a match naming it, or a filter or test against it)."""
    count = 0
    for op in walk(ir):
        value = op.get("value")
        values = value if isinstance(value, (list, tuple, set)) else [value]
        count += node_id in (op.get("ids") or []) or node_id in values
    return count
