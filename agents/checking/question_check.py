"""The question-plan check of `validate`: every meaning-bearing part of the question must be accounted
for by the plan (its IR), or the answer is not verified and hgrag says what it could not use.

It reads the question independently of the planner: mentions are cut out, every number the question states
must be used by the plan, and the lexicon check (agents/understanding/check.py) holds each word's concept to
the plan element that consumes it. The cue table of English regexes that stood here (averages, thresholds,
relative time, superlatives, counts …) is folded into that lexicon check (2026-12-05); the checks still
here (citation direction, asked kinds, context entities, honesty parts) remain to be folded.
"""

from __future__ import annotations

import re
from typing import Any

from hgrag.tools.graph_kinds import STANDS_FOR
from hgrag.agents.checking.mention_use import (ambiguous_references, context_combinations,
                                     twice_named, unused_mentions)
from hgrag.agents.checking.cite_check import (accounted_text, citation_count_direction, citation_hops, times_cited_read_as_citing, count_for_list, direction_parts,
                                      unlinked_citer)
from hgrag.agents.checking.honest_checks import honest_parts
from hgrag.agents.checking.question_clauses import asking_part, residue
from hgrag.agents.understanding.check import structural_parts, without_consumed_instructions
from hgrag.agents.understanding.cue_words import quantities
from hgrag.state.plan_ir import walk

Features = dict[str, Any]


def ir_features(ir: dict[str, Any] | None) -> Features:
    """What a plan does, as flat facts: operators, aggregate functions, comparisons, literal values."""
    ops, fns, cmps, attrs, values, tops = set(), set(), set(), set(), set(), []
    for op in walk(ir) if ir else []:
        kind = op.get("op")
        ops.add(kind)
        if kind == "aggregate":
            fns.add(op["fn"])
            attrs.add(op.get("attr") or "")
            _collect(op.get("round"), values)  # 'rounded to 1 decimal' states a number the plan uses
        elif kind in ("filter", "test"):
            cmps.add(op["cmp"])
            attrs.add(op.get("attr") or "")
            _collect(op.get("value"), values)
            _collect(_offset_numbers(op.get("offset")), values)
            if op.get("offset") is not None:
                attrs.add("offset")
        elif kind == "top":
            tops.append(op)
            attrs.add(op.get("key") or "")
        elif kind == "project":
            attrs.add(op["attr"])
        elif kind == "traverse":
            attrs.add(f"edge:{op['edge']}")
            attrs.add(f"edge:{op['edge']}:{op['direction']}")
            if op["edge"] in STANDS_FOR:  # an author entry (OpenAlex affiliations) is a writes edge refined
                attrs.add(f"edge:{STANDS_FOR[op['edge']]}")
            if op.get("position") is not None:
                attrs.add("position")
    return {"ops": ops, "fns": fns, "cmps": cmps, "attrs": attrs, "values": values, "tops": tops}


def _offset_numbers(offset: Any) -> list[int]:
    """The numbers a year offset states: its step (2 years after) or its window's length (the first 4 years)."""
    if isinstance(offset, list):  # (and its far end: 'from their first year up to 4 years after it')
        return [offset[1] - offset[0] + 1, max(abs(offset[0]), abs(offset[1]))]
    return [abs(offset)] if isinstance(offset, int) else []


def _collect(value: Any, into: set) -> None:
    if isinstance(value, (list, tuple)):
        for v in value:
            _collect(v, into)
    elif value is not None:
        into.add(value)
        if isinstance(value, str) and value.isdigit():
            into.add(int(value))


NUMBER = re.compile(r"(?<![\w.])(\d{1,7})(?![\w.])")


def unexplained_numbers(text: str, features: Features) -> list[str]:
    """Numbers the question states that the plan never uses (a year, a threshold, a count)."""
    values = features["values"]
    missing = []
    for match in NUMBER.finditer(text):
        number = int(match.group(1))
        if "path" in features["ops"] and (PATH_SCALE.match(text, match.start()) or
                                          PATH_SCALE_BEFORE.search(text[:match.start()])):
            continue  # "(1 if they have co-written a paper)" defines the chain length, it is no condition
        decade = re.match(r"s\b", text[match.end():match.end() + 2])
        if number in values or str(number) in values or (decade and _covers_decade(features, number)):
            continue
        missing.append(match.group(1))
    return missing + [word for number, word in quantities(text) if number not in values and str(number) not in values]


PATH_SCALE = re.compile(r"[0-2]\s+(if|when|for|means|=)\b[^.?!)]{0,50}\b(co-?writ|co-?author|wrote|written|worked|"
                        r"collaborat|shared?|direct|same paper|together)")


PATH_SCALE_BEFORE = re.compile(r"\b(direct|immediate)? ?(co-?authors?|collaborators?|neighbou?rs?) (count|counts|counted|are|is|"
                               r"=|equals?|being) (as )?$")


def _covers_decade(features: Features, start: int) -> bool:
    return start in features["values"] and start + 9 in features["values"]



def reads_it(question: str, plan: dict[str, Any]) -> bool:
    """Does the plan answer the question: an IR that is no refusal, and nothing of the question unexplained? (How a
    reading that wrote the question out again keeps its new plan.)"""
    return bool(plan.get("ir")) and plan.get("operation") != "unsupported" and not unexplained_parts(question, plan)


def unexplained_parts(question: str, plan: dict[str, Any]) -> list[str]:
    """Parts of the question the plan does not account for (empty when the plan reads it all)."""
    ir = plan.get("ir")
    if not ir or ir.get("op") == "unsupported":
        return []
    whole = residue(question, plan, without_context=True)  # (context clauses whose entities were set aside: cut)
    text = without_consumed_instructions(accounted_text(asking_part(whole, bool(plan.get("set_aside"))), ir), plan)
    from hgrag.agents.kinds.lexicon import plan_kinds_reached, unreached_kinds, without_rich_words
    from hgrag.agents.understanding.asking_sentence import referred_kind_unanswered
    from hgrag.agents.understanding.exclusion import exclusion_roles_swapped
    from hgrag.agents.understanding.negated_object import misread_negation
    reached = plan_kinds_reached(ir)
    unreached = unreached_kinds(text, reached)  # 'its field, I mean' after a question the plan reads as T's topic
    if plan.get("rich_kinds"):  # a plan over institutions, topics, keywords, funders reads those words
        text = without_rich_words(text, reached | ({"attr:country_code"} if plan.get("country_named") else set()))
    features = ir_features(ir)
    missing = unreached + unexplained_numbers(text, features)
    missing += misread_negation(question, plan)  # 'which of A's co-authors were not on T?'
    missing += referred_kind_unanswered(question, plan)  # '… the venues A has published in. Which are they?'
    missing += direction_parts(question, plan) + unlinked_citer(text) + count_for_list(question, plan) \
        + citation_count_direction(question, plan) + citation_hops(question, plan) + times_cited_read_as_citing(question, plan)
    missing += unused_mentions(question, plan) + context_combinations(question, plan) + ambiguous_references(question, plan) \
        + twice_named(question, plan) + exclusion_roles_swapped(question, ir, plan.get("anchors") or [])
    missing += honest_parts(text, question, plan)
    missing += structural_parts(text, plan, whole)  # the lexicon's check (agents/understanding)
    return list(dict.fromkeys(missing))


def unexplained_text(parts: list[str], richer: bool = False) -> str:
    """One sentence naming what the plan could not use (with the graph's reason where one is known);
    `richer`: the graph holds institutions, topics, keywords and funders."""
    try:
        from hgrag.agents.checking.unsupported import explain_unsupported
    except ImportError:  # pragma: no cover - explanations are optional
        explain_unsupported = None
    reason = explain_unsupported(parts, richer) if explain_unsupported else None
    if reason:
        return reason
    quoted = ", ".join(f"'{p}'" for p in parts[:3])
    return (f"I can't use {quoted} in this question: my reading of it would leave that out, so I do not "
            "answer rather than answer a different question.")
