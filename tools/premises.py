"""Premises a question takes for granted, checked against the graph.

"Who co-authored X with Y?" presumes that Y wrote X; "When did Y publish X?" presumes the same.
A plan records such entities either as `exclude` (named only to be left out of the answer) or not at
all (named as context). When the graph does not relate them to the question's subject, every answer
would rest on a false premise: validation rejects it, and hgrag says what the graph records instead.
Yes/no questions have no premises (the question is the check), and filters such as "in Computer
Networks" are conditions, not premises: an empty result is a real answer there.
"""

from __future__ import annotations

from typing import Any

from hgrag.tools.ir_walk import walk
from hgrag.tools.graph_store import GraphStore
from hgrag.tools.plan_exec import linked_subjects

FIRM_LINK = 0.85


def _hops_needed(store: GraphStore, named: str, subject: str) -> int:
    """A paper relates to its authors and venue directly; other pairs through a shared paper."""
    kinds = {store.node_type(named), store.node_type(subject)}
    return 1 if "paper" in kinds and kinds != {"paper"} else 2


def _used_ids(plan: dict[str, Any]) -> set[str]:
    """Anchor nodes the plan already uses as subjects, comparisons, exclusions or filters."""
    used = set(linked_subjects(plan)) | set(plan.get("compare") or []) | set(plan.get("exclude") or [])
    for op in walk(plan["ir"]) if plan.get("ir") else []:  # every node the plan's IR names is used by it
        used.update(op.get("ids") or [])
        for key in ("value", "citing", "cited"):
            value = op.get(key)
            used.update(v for v in (value if isinstance(value, list) else [value]) if isinstance(v, str))
    for value in (plan.get("constraints") or {}).values():
        if isinstance(value, str):
            used.add(value)
    return used


def _firmly_linked(mention: dict[str, Any]) -> bool:
    """A context mention matched by its name (not by embedding similarity) and written as a name
    (capitalised, or a title): a premise only counts when we are sure which entity the question names."""
    written_as_name = mention.get("type") == "paper" or any(c.isupper() for c in str(mention.get("text", "")))
    return (written_as_name and float(mention.get("score") or 0.0) >= FIRM_LINK
            and "embedding" not in str(mention.get("match")))


def describe_failure(store: GraphStore, named: str, subject: str) -> str:
    """One clause saying which relation the graph lacks."""
    kinds = (store.node_type(named), store.node_type(subject))
    label = {n: (f"“{store.label(n)}”" if store.node_type(n) == "paper" else store.label(n)) for n in (named, subject)}
    if kinds == ("author", "paper"):
        names = [store.label(a) for a in store.step(subject, "author")]
        listed = f" (its authors are {', '.join(names[:6])}{' and others' if len(names) > 6 else ''})" if names else ""
        return f"{label[named]} is not an author of {label[subject]}{listed}"
    if kinds == ("paper", "author"):
        return f"{label[subject]} is not an author of {label[named]}"
    if kinds == ("venue", "paper"):
        return f"{label[subject]} did not appear in {label[named]}"
    if kinds == ("author", "author"):
        return f"{label[named]} and {label[subject]} have no paper together"
    if kinds == ("author", "venue"):
        return f"{label[named]} has no paper in {label[subject]}"
    return f"{label[named]} is not related to {label[subject]}"


def premise_failures(store: GraphStore, plan: dict[str, Any]) -> list[str]:
    """Clauses for every named entity the question presumes related to its subject but the graph does not."""
    subjects = [s for s in linked_subjects(plan) if store.has_node(s)]
    if not subjects or plan.get("operation") == "yes_no":
        return []
    failures = []
    for excluded in plan.get("exclude") or []:  # "… with Y": Y must be one of the subject's direct neighbours
        if store.has_node(excluded) and not any(
                excluded in store.neighbourhood(s, _hops_needed(store, excluded, s)) for s in subjects):
            failures.append(describe_failure(store, excluded, subjects[0]))
    used = _used_ids(plan)
    for mention in plan.get("anchors", []):
        node = mention.get("node_id")
        if not node or node in used or not store.has_node(node) or not _firmly_linked(mention):
            continue
        if not any(node in store.neighbourhood(s, _hops_needed(store, node, s)) for s in subjects):
            failures.append(describe_failure(store, node, subjects[0]))
    return failures
