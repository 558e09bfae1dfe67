"""Lower the planner's frame-shaped plan (anchors, typed hops with filters, operation) to the plan IR.

The offline compiler and re-ranking keep editing the frame fields (a re-linked mention updates
anchors, exclusions and filters); `with_ir` then re-derives the IR, so the executor always runs
what the plan currently says. Compositional parts the frame cannot hold ride along as
`post` operators (extra filters, aggregates, tests) and `special` plans (compare, path).
"""

from __future__ import annotations

from functools import lru_cache

from typing import Any

from hgrag.agents.answering.interpretation import interpret
from hgrag.state import plan_ir as ir
from hgrag.tools.text import norm_key

PAPER_FILTERS = {"year": ("year", "="), "year_from": ("year", ">="), "year_to": ("year", "<="),
                 "year_after": ("year", ">"), "year_before": ("year", "<"), "year_not": ("year", "!=")}


def subject_ids(plan: dict[str, Any]) -> list[str]:
    return [m["node_id"] for m in plan.get("anchors", []) if m.get("role") == "subject" and m.get("node_id")]


def _mention_text(plan: dict[str, Any], node_id: str) -> str:
    return next((m.get("text", "") for m in plan.get("anchors", []) if m.get("node_id") == node_id), "")


def _paper_filters(node: dict[str, Any], filters: dict[str, Any]) -> dict[str, Any]:
    for key, (attr, cmp) in PAPER_FILTERS.items():
        if key in filters:
            node = ir.where(node, attr, cmp, filters[key])
    if "venue" in filters:
        node = ir.where(node, "venue", "=", filters["venue"])
    coauthors = filters.get("coauthor")
    for author in ([coauthors] if isinstance(coauthors, str) else coauthors or []):
        node = ir.where(node, "author", "=", author)
    return node


def _branch(plan: dict[str, Any], subject: str, leave_out: list[str] | None = None) -> dict[str, Any]:
    """One subject's walk; `leave_out`: named things of the start's kind taken out where the walk last reaches that
    kind ('the venues of the other papers by T's authors': T is left out of the papers, not of the venues)."""
    start_type = plan.get("start_type", "paper")
    node = ir.match([subject], start_type, _mention_text(plan, subject))
    if plan.get("start_filters"):
        node = _paper_filters(node, plan["start_filters"])
    steps = plan.get("steps", [])
    last_at = _last_arrival(steps, start_type) if leave_out else None
    for i, step in enumerate(steps):
        filters = step.get("filters") or {}
        position = filters.get("position") if step["edge"] == "writes" else None  # a byline place, either way
        node = ir.traverse(node, step["edge"], step["direction"], position)
        if step["to_type"] == "paper" and filters:
            node = _paper_filters(node, {k: v for k, v in filters.items() if k != "position"})
        if i == last_at:
            node = {"op": "difference", "inputs": [node, ir.match(leave_out, start_type)]}
    return node


def _last_arrival(steps: list[dict[str, Any]], kind: str) -> int | None:
    return max((i for i, step in enumerate(steps) if step.get("to_type") == kind), default=None)


def node_set(plan: dict[str, Any]) -> dict[str, Any] | None:
    """The IR of the node set the plan's operation summarises (before any aggregate)."""
    subjects = subject_ids(plan)
    if not subjects:
        return None
    start_type, result_type = plan.get("start_type", "paper"), plan.get("result_type", "paper")
    inside = bool(plan.get("exclude_anchors")) and start_type == "paper" and result_type not in ("paper", "author") \
        and _last_arrival(plan.get("steps", []), start_type) is not None and _other_papers(plan)  # before their venues
    node = ir.setop("union" if plan.get("combine") == "union" or _subjects_disjoined(plan) else "intersect",
                    [_branch(plan, s, subjects if inside else None) for s in subjects])
    excluded = list(plan.get("exclude") or [])
    if plan.get("exclude_anchors") and not inside:
        excluded += [s for s in subjects if s not in excluded]
    if excluded:
        node = {"op": "difference", "inputs": [node, ir.match(excluded, "author" if plan.get("result_type") == "author"
                                                                 else plan.get("result_type", "paper"))]}
    if plan.get("exclude_position"):  # "the authors of X except the first author"
        ranked = ir.traverse(ir.match(subjects, "paper"), "writes", "in", plan["exclude_position"])
        node = {"op": "difference", "inputs": [node, ranked]}
    for extra in plan.get("post_filters") or []:
        node = ir.where(node, extra["attr"], extra["cmp"], extra.get("value"), extra.get("sub"))
        node.update({"text": extra["text"]} if extra.get("text") else {})  # (how the filter's values are said)
    return node


def _other_papers(plan: dict[str, Any]) -> bool:
    """Does the question leave the named paper out of papers ('the other papers of its authors'), rather than its
    venue out of venues ('where else have its authors published')?"""
    concepts = _concepts(str(plan.get("residual") or ""))
    return any(a == "operator:other" and b == "kind:paper" for a, b in zip(concepts, concepts[1:]))


def _other_values(plan: dict[str, Any], values: dict[str, Any]) -> dict[str, Any] | None:
    """'In which other years have T's authors published?', 'the years in which T's authors published other papers'
    (as the public KGQA benchmark reads it): 'other' before the projected attribute's noun or before the papers
    leaves the named entities' own values out (T's year), not only the entities themselves."""
    attr = plan.get("project")
    concepts = _concepts(str(plan.get("residual") or ""))
    named = [f"attribute:{attr}", "kind:paper"] if attr == "year" else []
    if not plan.get("exclude_anchors") or not any(a == "operator:other" and b in named
                                                  for a, b in zip(concepts, concepts[1:])):
        return None
    own = ir.project(ir.match(subject_ids(plan), plan.get("start_type", "paper")), attr)
    return ir.where(values, attr, "not_in", sub=own)


def _alternatives(plan: dict[str, Any]) -> bool:
    """Does the question offer the compared entities as alternatives ('did A or B write T?': any of them will
    do), rather than together ('did A and B write T?': all of them)?"""
    return any(c in ("function:or", "function:either") for c in _concepts(str(plan.get("residual") or "")))


def _subjects_disjoined(plan: dict[str, Any]) -> bool:
    """'the venues in which A or B has published', 'did A or B publish in V?': two named things joined by 'or'
    are alternatives, so the walks from them are united (either one's answer), not intersected."""
    concepts = _concepts(str(plan.get("residual") or ""))
    return any(c == "function:or" and concepts[i - 1] == "mention" and concepts[i + 1] == "mention"
               for i, c in enumerate(concepts[1:-1], 1)) or plan.get("operation", "list") == "list" and \
        _asked_again(str(plan.get("residual") or ""))  # (a ranking or a count after the union would mix the two)


def _asked_again(text: str) -> bool:
    """'the co-authors of A and the co-authors of B', 'the authors of T1 and of T2': an 'and' before the asked noun
    or its preposition said again joins two requests, each answered (their union), unless a word before it says
    what they share ('used both by A and by B')."""
    from hgrag.agents.understanding.lexicon import load
    from hgrag.agents.understanding.tokens import tag

    tokens = tag(text, load("en"))
    first_and = next((i for i, t in enumerate(tokens) if t.concept == "function:and"), None)
    if first_and is None or first_and + 1 >= len(tokens) or any(t.concept in ("operator:both", "function:same")
                                                                 for t in tokens):
        return False
    repeated = load("en").extra.get("context_words", {}).get("distributing_prepositions", [])
    said_again = next((t for t in tokens[first_and + 1:first_and + 3] if t.family != "function"), None)
    nouns_before = [t.concept for t in tokens[:first_and] if t.family in ("relation", "kind")]
    noun_again = said_again is not None and said_again.family in ("relation", "kind") and \
        nouns_before[:1] == [said_again.concept]  # (not 'who wrote with A and who also wrote with B': both)
    return tokens[first_and + 1].text in repeated or noun_again


@lru_cache(maxsize=256)
def _concepts(text: str) -> tuple[str, ...]:
    """The lexicon's concepts of a question's words, in order (read once per question text)."""
    from hgrag.agents.understanding.lexicon import load
    from hgrag.agents.understanding.tokens import tag

    return tuple(t.concept or "" for t in tag(text, load("en")))


def _operation(plan: dict[str, Any], node: dict[str, Any]) -> dict[str, Any]:
    """The plan's final operation over its node set (frame operations and compositional ones)."""
    operation = plan.get("operation", "list")
    attribute = plan.get("attribute")
    projected = bool(plan.get("project"))
    if projected:
        node = ir.project(node, plan["project"])
        node = _other_values(plan, node) or node
    if operation == "describe":
        return {"op": "describe", "input": node}
    if operation == "yes_no":
        compare = plan.get("compare") or []
        if not compare:
            return ir.test(node, "nonempty")
        return ir.test(node, "contains" if len(compare) < 2 or _alternatives(plan) else "contains_all", compare)
    if operation == "count":
        node = ir.aggregate(node, "count")
    elif operation in ("sum", "avg", "min", "max", "span"):
        node = ir.aggregate(node, operation, None if projected else (attribute or "cited_by_count"))
    elif operation in ("argmax", "argmin"):
        key = attribute or "frequency"
        key = "value" if projected and key != "frequency" else key
        node = ir.top(node, key, "max" if operation == "argmax" else "min")
    elif operation == "attribute" and attribute:
        node = ir.project(node, attribute)
    if plan.get("read"):
        node = ir.project(node, plan["read"])
    threshold = plan.get("test")
    if threshold:
        node = ir.test(node, threshold["cmp"], threshold["value"])
    return node


def lower_plan(plan: dict[str, Any]) -> dict[str, Any] | None:
    """The IR of a frame-shaped plan; None when nothing is linked (the answer agent abstains)."""
    if plan.get("operation") == "unsupported":
        return {"op": "unsupported", "reason": str(plan.get("unsupported") or plan.get("reason") or "")}
    special = plan.get("special")
    if special:
        return special_ir(plan, special)
    node = node_set(plan)
    if node is None:
        return None
    lowered = _operation(plan, node)
    if plan.get("round") is not None:  # 'rounded to one decimal' (agents/understanding/instructions.py)
        from hgrag.agents.understanding.instructions import rounded

        lowered = rounded(lowered, plan["round"])
    return lowered


def special_ir(plan: dict[str, Any], special: dict[str, Any]) -> dict[str, Any] | None:
    """Plans that are not a walk from the subjects: comparisons of named entities and paths."""
    ids = [m["node_id"] for m in plan.get("anchors", []) if m.get("node_id") and m.get("type") == special.get("type")]
    if special["kind"] == "compare" and len(ids) >= 2:
        return ir.top(ir.match(ids, special["type"]), special["key"], special["order"])
    if special["kind"] == "cites_test":
        cited_by_first = ir.traverse(ir.match([special["citing"]], "paper"), "cites", "out")
        return ir.test(cited_by_first, "contains", [special["cited"]])
    if special["kind"] == "year_test" and ids:
        year = ir.aggregate(ir.project(ir.match(ids[:1], "paper"), "year"), "max")
        return ir.test(year, special["cmp"], special["value"])
    if special["kind"] == "path" and len(ids) >= 2:
        return {"op": "path", "source": ir.match(ids[:1], "author"), "target": ir.match(ids[1:2], "author"),
                "edges": ["writes"], "max_len": 8}
    return None


def with_ir(plan: dict[str, Any]) -> dict[str, Any]:
    """Attach (or refresh) the executable IR of a plan; an IR the planner wrote itself keeps its
    operators, and its match steps take the nodes their mentions are linked to now (re-ranking,
    re-linking and held-back subjects change the anchors)."""
    if plan.get("ir_native"):
        plan["ir"] = relinked(plan["ir"], plan.get("anchors", []))
    else:
        plan["ir"] = lower_plan(plan)
    plan["interpretation"] = with_noted_readings(plan, interpret(plan["ir"], anchors=plan.get("anchors")))
    return plan


def with_noted_readings(plan: dict[str, Any], reading: str) -> str:
    """The reading led by what the planner read before it wrote the question out again: years read from the graph
    ('(B's first paper appeared in 2009) papers by A published before 2009'), what an anaphor stands for; the IR
    holds the result, not where it came from."""
    notes = [n for n in plan.get("noted_readings") or [] if n not in reading]
    return f"({'; '.join(notes)}) {reading}" if notes else reading


def relinked(op: dict[str, Any], anchors: list[dict[str, Any]]) -> dict[str, Any]:
    """A copy of an IR whose match operators name the node their mention (text, type) is linked to."""
    if not isinstance(op, dict):
        return op
    if op.get("op") == "match" and op.get("text"):
        key = (norm_key(op["text"]), op.get("type"))
        found = [m for m in anchors if m.get("node_id") and key in {(norm_key(m.get(f) or ""), m.get("type"))
                                                                  for f in ("text", "label")}]  # (a mended name)
        if found and found[0].get("members"):  # a set named as one (a country's institutions)
            return {**op, "ids": list(found[0]["members"])}
        return {**op, "ids": [m["node_id"] for m in found][:1]}
    copy = {k: relinked(v, anchors) if isinstance(v, dict) else v for k, v in op.items()}
    if isinstance(op.get("inputs"), list):
        copy["inputs"] = [relinked(child, anchors) for child in op["inputs"]]
    return copy
