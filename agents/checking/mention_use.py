"""The mentions of the asking sentence that the plan leaves unused, context entities it combines with the
asked one, back-references that could mean several named things, and names linked without their first word."""

from __future__ import annotations

import re
from typing import Any

from hgrag.state.plan_ir import walk

AUX = re.compile(r"^(did|does|do|is|was|were|are|has|have|had)\b(?! there\b)")
WH = re.compile(r"\b(who|whom|whose|what|which|when|where|how)\b")
POLITE = re.compile(r"^\W*((hey|hi|ok|okay|so|now|and|then|please|kindly)\b\W*|(could|can|would|will) you (please )?|"
                    r"(do|did) you (happen to )?(have|know)( of)? |"
                    r"(i'?d|i would) like (you )?to (know|see|get|find out|have) |"
                    r"i (want|need) (you )?to (know|see|get|find out|have) |i (would like|want|need) (you )?to )*")
COMMAND = re.compile(r"^(list|show|give|find|name|get|fetch|return|display|enumerate|retrieve|identify|tell)\b")


def asking_clause(text: str) -> str:
    """The last clause of the residue that asks something (or the whole text)."""
    clauses = [c.strip() for c in re.split(r"(?<=[.!?;])\s+", text) if c.strip()]
    clauses = [part for c in clauses for part in _split_long_lead(c)]
    asking = [c for c in clauses if WH.search(c) or AUX.match(c) or COMMAND.match(POLITE.sub("", c))]
    return (asking or clauses or [text])[-1]


def _split_long_lead(clause: str) -> list[str]:
    """'I'm compiling a bibliography: which …' splits at the colon; a short topic ('Fuel: number of …') does not."""
    lead, colon, rest = clause.partition(": ")
    return [lead + ":", rest] if colon and len(lead.split()) > 3 and rest.strip() else [clause]


def numbered_holes(question: str, mentions: list[str]) -> str:
    """The question with curly quotes made plain and mention i (in the caller's order, longest first)
    replaced by ' zzm<i> '."""
    text = question.replace("\u2019", "'").replace("\u201c", '"').replace("\u201d", '"')
    for i, mention in enumerate(mentions):
        text = re.sub(typed_pattern(mention), f" zzm{i} ", text, flags=re.IGNORECASE)
    return text


def typed_pattern(typed: str) -> str:
    """The mention as typed; a name ending in an initial takes its full stop ('Jordan, Richard W.')."""
    return re.escape(typed) + (r"\.?" if re.search(r"\b[A-Za-z]$", typed) else "")


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
    missing = []
    for i in sorted(in_clause):
        ids = {anchors[i].get("node_id"), *(anchors[i].get("candidates") or [])} - {None}
        if not ids & used:
            missing.append(f"'{anchors[i]['text']}' (my reading does not use it)")
    return missing


SINGULAR_REF = re.compile(r"\b(this|that) (person|researcher|author|scientist|one|paper|article|work|study|publication)\b|"
                          r"\b(he|she|him|it|the latter|the former|the second|the first one|the other one)\b")
PLURAL_CUE = re.compile(r"\b(both|they|them|their|these|those|together|jointly|in common|shared|each other|the two)\b")


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
    if not outside or PLURAL_CUE.search(clause) or not (in_clause or SINGULAR_REF.search(clause)):
        return []
    return [f"'{a['text']}' (named outside the question; I can't tell it is meant)" for a in outside]


REFERENCE_KIND = (  # a back-reference in the asking sentence and the kind of thing it points at
    (re.compile(r"\b(the latter|the former|the second( one)?|the first one|the other one|the last one)\b"), None),
    (re.compile(r"\b(this|that|the) (referenced |cited |same )?(paper|article|work|study|publication)\b|\bit\b"), "paper"),
    (re.compile(r"\b(this|that|the same) (person|researcher|author|scientist|scholar)\b|\b(he|she|him|her)\b"), "author"),
    (re.compile(r"\b(this|that|the same) (venue|journal|conference|outlet)\b|\bthere\b"), "venue"),
)


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
    for pattern, kind in REFERENCE_KIND:
        match = pattern.search(clause)
        if not match:
            continue
        named = [texts[i][0] for i in sorted(before) if kind is None or texts[i][1] in (kind, None)]
        if len(named) >= 2:
            listed = " and ".join(f"'{t}'" for t in named[:3])
            return [f"'{match.group(0)}' (it could mean {listed})"]
        return []
    return []


