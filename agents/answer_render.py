"""One-sentence answer texts that say what was computed and, when nothing was found, why."""

from __future__ import annotations

from typing import Any

ATTRIBUTE_NAMES = {"year": "publication year", "cited_by_count": "citation count", "doi": "DOI",
                   "work_type": "publication type", "venue_type": "venue type", "language": "language", "orcid": "ORCID", "issn_l": "ISSN-L"}
PLURAL = {"author": "authors", "paper": "papers", "venue": "venues", "value": "values"}


def _anchor_names(plan: dict[str, Any]) -> str:
    names = [f"'{m['label']}'" if m["type"] == "paper" else m["label"]
             for m in plan.get("anchors", []) if m.get("role") == "subject" and m.get("node_id")]
    return " and ".join(names) or "the question's entities"


def _join(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    shown = items[:20]
    tail = f" (and {len(items) - 20} more)" if len(items) > 20 else ""
    return ", ".join(shown[:-1]) + f" and {shown[-1]}" + tail


def abstention_text(plan: dict[str, Any], dataset: str) -> str:
    missing = plan.get("unresolved") or [m["text"] for m in plan.get("anchors", []) if not m.get("node_id")]
    if missing:
        quoted = ", ".join(f"'{m}'" for m in missing)
        return f"I could not find {quoted} in the {dataset} graph, so I cannot answer from it."
    return (f"I could not link any paper, author or venue in the question to the {dataset} graph, "
            "so I cannot answer from it.")


def render_answer(plan: dict[str, Any], answer: list[str], store: Any) -> str:
    subject = _anchor_names(plan)
    operation = plan.get("operation")
    target = plan.get("target_type", "value")
    attribute = plan.get("read") or plan.get("attribute") or plan.get("project")
    if not answer:
        if operation == "attribute" or plan.get("read"):
            return f"The graph has no {ATTRIBUTE_NAMES.get(attribute, attribute)} for {subject}."
        return f"The graph has no matching {PLURAL.get(target, 'items')} for {subject}."
    if operation == "yes_no":
        return f"{answer[0].capitalize()}, according to the graph ({subject})."
    if operation == "count":
        counted = PLURAL.get(plan.get("result_type", target), "items")
        return f"{answer[0]} {counted} (counted in the graph for {subject})."
    if operation in ("attribute",) or plan.get("read"):
        name = ATTRIBUTE_NAMES.get(attribute, attribute)
        return f"{name[:1].upper()}{name[1:]} for {subject}: {_join(answer)}."
    if operation == "sum":
        return f"{answer[0]} citations in total across the papers of {subject}."
    if operation in ("argmax", "argmin"):
        tie = " (tied)" if len(answer) > 1 else ""
        return f"{_join(answer)}{tie}, for {subject}."
    return f"{_join(answer)}."
