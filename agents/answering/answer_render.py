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


DEFAULT_DISPLAY_LIMIT = 20


def _join(items: list[str], limit: int | None = DEFAULT_DISPLAY_LIMIT) -> str:
    """'a, b and c'; past `limit` items (0 or None: no limit) only the first are shown, and the text
    says how many there are: the answer list itself always stays complete."""
    if len(items) <= 1:
        return "".join(items)
    if limit and len(items) > limit:
        return ", ".join(items[:limit]) + f", … (showing {limit} of {len(items)}; --limit 0 shows all)"
    return ", ".join(items[:-1]) + f" and {items[-1]}"


def abstention_text(plan: dict[str, Any], dataset: str) -> str:
    if plan.get("reason"):  # the planner (or the plan check) said why it does not answer
        return plan["reason"]
    missing = plan.get("unresolved") or [m["text"] for m in plan.get("anchors", []) if not m.get("node_id")]
    suggestions = plan.get("suggestions") or {}
    if missing and any(text in suggestions for text in missing):
        return " ".join(_not_found(text, suggestions.get(text), dataset) for text in missing) + \
            " So I cannot answer from it."
    if missing:
        quoted = ", ".join(f"'{m}'" for m in missing)
        return f"I could not find {quoted} in the {dataset} graph, so I cannot answer from it."
    return (f"I could not link any paper, author or venue in the question to the {dataset} graph, "
            "so I cannot answer from it.")


def _not_found(text: str, suggestion: dict[str, Any] | None, dataset: str) -> str:
    """"I could not find an author named 'X' in the openalex graph; closest: A, B and C." """
    kind = (suggestion or {}).get("type")
    what = {"author": "an author named", "paper": "a paper titled", "venue": "a venue named"}.get(kind, "anything called")
    closest = (suggestion or {}).get("closest") or []
    shown = [f"'{label}'" if kind == "paper" else label for label in closest]
    return f"I could not find {what} '{text}' in the {dataset} graph" + (f"; closest: {_join(shown)}." if shown else ".")


def describe_target(plan: dict[str, Any], store: Any) -> str:
    """What the walk computed, in words: "papers in Computer Networks by the authors of 'X'"."""
    phrase = _anchor_names(plan)
    current = plan.get("start_type")
    steps = plan.get("steps", [])
    for i, step in enumerate(steps):
        filters = step.get("filters") or {}
        kind = step["to_type"]
        if (current, kind) == ("author", "paper") and i + 1 < len(steps) and steps[i + 1]["to_type"] == "author" \
                and not filters and not (steps[i + 1].get("filters") or {}).get("position"):
            current = "co-author-bridge"  # author -> paper -> author reads as "co-authors"
            continue
        if current == "co-author-bridge":
            phrase = f"the co-authors of {phrase}"
        elif (current, kind) == ("paper", "author"):
            position = filters.get("position")
            role = {1: "first author", -1: "last author"}.get(position, f"author #{position}" if position else "authors")
            phrase = f"the {role} of {phrase}"
        elif kind == "paper" and step.get("edge") == "cites":
            phrase = f"papers citing {phrase}" if step.get("direction") == "in" else f"papers cited by {phrase}"
        elif kind == "paper":
            phrase = f"papers {'by' if current == 'author' else 'in'} {phrase}" + _paper_filters(filters, store)
        elif kind == "venue":
            phrase = f"venues of {phrase}"
        else:
            phrase = f"{PLURAL.get(kind, kind)} linked to {phrase}"
        current = kind
    if plan.get("start_filters"):
        phrase += _paper_filters(plan["start_filters"], store)
    named = [store.label(n) for n in plan.get("exclude") or [] if store.has_node(n)]
    if plan.get("exclude_anchors") or not named and plan.get("exclude"):
        phrase = f"{phrase} (excluding the entities named in the question)"
    elif named:
        phrase = f"{phrase} (excluding {', '.join(named)})"
    return phrase


def _paper_filters(filters: dict[str, Any], store: Any) -> str:
    parts = []
    if filters.get("venue") and store.has_node(filters["venue"]):
        parts.append(f"in {store.label(filters['venue'])}")
    if "year" in filters:
        parts.append(f"in {filters['year']}")
    if "year_from" in filters or "year_to" in filters:
        parts.append(f"from {filters.get('year_from', '…')} to {filters.get('year_to', '…')}")
    for key, word in (("year_after", "after"), ("year_before", "before")):
        if key in filters:
            parts.append(f"{word} {filters[key]}")
    coauthor = filters.get("coauthor")
    if coauthor:
        names = [store.label(c) for c in ([coauthor] if isinstance(coauthor, str) else coauthor) if store.has_node(c)]
        parts.append("with " + " and ".join(names))
    return (" " + " ".join(parts)) if parts else ""


def describe_entity(store: Any, node: str) -> str:
    """A short profile of a node from its attributes and neighbours."""
    kind, label = store.node_type(node), store.label(node)
    if kind == "paper":
        authors = [store.label(a) for a in sorted(store.step(node, "author"),
                   key=lambda a: (store.edge(a, node, "writes") or {}).get("position") or 0)]
        venues = [store.label(v) for v in store.step(node, "venue")]
        parts = [f"'{label}'", f"({store.attr(node, 'year')})" if store.attr(node, "year") else ""]
        parts.append(f"by {_join(authors)}" if authors else "")
        parts.append(f"in {venues[0]}" if venues else "")
        cites = store.attr(node, "cited_by_count")
        tail = f"; cited {cites} times" if cites is not None else ""
        doi = store.attr(node, "doi")
        return " ".join(p for p in parts if p) + tail + (f"; DOI {doi}" if doi else "") + "."
    papers = store.step(node, "paper")
    years = sorted(y for y in (store.attr(p, "year") for p in papers) if y)
    span = f" ({years[0]}–{years[-1]})" if years else ""
    if kind == "author":
        venues = {}
        for p in papers:
            for v in store.step(p, "venue"):
                venues[store.label(v)] = venues.get(store.label(v), 0) + 1
        top = max(venues, key=venues.get) if venues else None
        orcid = store.attr(node, "orcid")
        return (f"{label}: {len(papers)} papers in the graph{span}" + (f", most often in {top}" if top else "")
                + (f"; ORCID {orcid}" if orcid else "") + ".")
    return f"{label}: {len(papers)} papers in the graph{span}."


def render_answer(plan: dict[str, Any], answer: list[str], store: Any) -> str:
    """The answer sentence, followed by how same-name authors were told apart."""
    anchors = [m for m in plan.get("anchors", []) if m.get("node_id")]
    notes = [m["picked_because"] for m in anchors if m.get("picked_because")]
    notes += [f"I read '{m['relinked_from']}' as {m['label']}" for m in anchors if m.get("relinked_from")]
    notes += [plan["topical"]["note"]] if (plan.get("topical") or {}).get("note") else []  # how 'about X' was found
    text = _answer_sentence(plan, answer, store, plan.get("display_limit", DEFAULT_DISPLAY_LIMIT))
    if text.endswith("..") and not text.endswith("..."):
        text = text[:-1]  # the last title's own stop ends the sentence
    return text + "".join(f" ({note.rstrip('.')}.)" for note in notes)


COMPOSITIONAL_OPERATIONS = ("avg", "min", "max", "span", "path", "compare")


def _compositional(plan: dict[str, Any]) -> bool:
    """Plans the frame sentences cannot describe: their text is the plan's own reading."""
    return bool(plan.get("special") or plan.get("post_filters") or plan.get("test") or plan.get("exclude_position")
                or plan.get("operation") in COMPOSITIONAL_OPERATIONS or plan.get("ir_native"))


def _filtered(plan: dict[str, Any]) -> bool:
    """Does the plan narrow its set by a filter (a year, a venue, a value)?"""
    from hgrag.state.plan_ir import walk

    return any(op.get("op") == "filter" for op in walk(plan.get("ir") or {}))


def _answer_sentence(plan: dict[str, Any], answer: list[str], store: Any, limit: int | None) -> str:
    def join(items: list[str]) -> str:
        return _join(items, limit)

    subject = _anchor_names(plan)
    operation = plan.get("operation")
    attribute = plan.get("read") or plan.get("attribute") or plan.get("project")
    what = describe_target(plan, store)
    if operation == "unsupported" and plan.get("reason"):
        return plan["reason"]
    if operation == "unsupported":
        return (f"The graph does not record the {plan.get('unsupported')} of {subject}. It holds papers (year, "
                "citations, DOI, type, language), authors (ORCID), venues (type, ISSN) and who wrote what where.")
    if _compositional(plan) and plan.get("interpretation"):
        reading = plan["interpretation"]
        if not answer:
            return f"The graph has nothing for: {reading[:1].lower()}{reading[1:]}."
        return f"{reading}: {join(answer)}."
    if operation == "describe" and answer:
        anchor = next((m["node_id"] for m in plan.get("anchors", []) if m.get("role") == "subject"), None)
        return describe_entity(store, anchor) if anchor else join(answer)
    if not answer:
        if operation == "attribute" or plan.get("read"):
            return f"The graph has no {ATTRIBUTE_NAMES.get(attribute, attribute)} for {subject}."
        reading = plan.get("interpretation") or ""
        if reading and _filtered(plan):  # (the filters said: 'no papers citing T published before 2003', not 'no
            return f"The graph has nothing for: {reading[:1].lower()}{reading[1:]}."  # papers citing T')
        return f"The graph has no {what}."
    if operation == "yes_no":
        return f"{answer[0].capitalize()}, according to the graph ({what})."
    if operation == "count":
        return f"{answer[0]}: the number of {what}."
    if operation == "attribute" or plan.get("read"):
        name = ATTRIBUTE_NAMES.get(attribute, attribute)
        return f"{name[:1].upper()}{name[1:]} of {what if plan.get('read') else subject}: {join(answer)}."
    if operation == "sum":
        return f"{answer[0]} citations in total across {what}."
    if operation in ("argmax", "argmin"):
        basis = {"cited_by_count": "citations", "year": "year", "frequency": "frequency", "value": "value"}.get(
            plan.get("attribute") or "", "rank")
        side = "highest" if operation == "argmax" else "lowest"
        if plan.get("project") == "year" and plan.get("attribute") == "value":
            side = "latest" if operation == "argmax" else "earliest"
            return f"{join(answer)}: the {side} publication year among {what}."
        tie = " (tied)" if len(answer) > 1 else ""
        return f"{join(answer)}{tie}: {side} by {basis} among {what}."
    if plan.get("project"):
        return f"{ATTRIBUTE_NAMES.get(plan['project'], plan['project']).capitalize()}s of {what}: {join(answer)}."
    return f"{what[:1].upper()}{what[1:]}: {join(answer)}."
