"""Turn an intent Frame plus linked mentions into an executable Plan (typed hops, filters, operation).

Both the offline parser and the LLM planner produce Frames; this compiler is shared, so the graph
walk is always well-formed whatever policy planned it."""

from __future__ import annotations

from typing import Any

from hgrag.agents.planning.intent import Frame
from hgrag.agents.planning.plan_lowering import with_ir
from hgrag.tools.graph_store import EDGE_BETWEEN

ATTRIBUTE_OF = {"year": "year", "citations": "cited_by_count", "doi": "doi", "type": "work_type",
                "language": "language", "orcid": "orcid", "issn": "issn_l"}
OWNER_TYPES = {"year": {"paper"}, "citations": {"paper"}, "doi": {"paper"}, "language": {"paper"},
               "type": {"paper", "venue"}, "orcid": {"author"}, "issn": {"venue"}}
SUBJECT_ORDER = ("paper", "author", "venue")
VALUE_OPERATIONS = ("attribute", "count", "sum", "yes_no", "unsupported")


def hop(from_type: str, to_type: str, **filters: Any) -> dict[str, Any]:
    edge, direction = EDGE_BETWEEN[(from_type, to_type)]
    step: dict[str, Any] = {"to_type": to_type, "edge": edge, "direction": direction}
    if filters:
        step["filters"] = filters
    return step


def mention_dict(span: Any, role: str) -> dict[str, Any]:
    top = span.candidates[0] if span.candidates else None
    return {
        "text": span.text, "type": span.type, "role": role,
        "node_id": top.node_id if top else None, "label": top.label if top else "",
        "score": round(float(top.score), 4) if top else 0.0, "match": top.match if top else "none",
        "candidates": [c.node_id for c in span.candidates[:10]],
        "candidate_scores": [round(float(c.score), 4) for c in span.candidates[:10]],
    }


class PlanBuilder:
    """Accumulates hops, filters and the operation for one question."""

    def __init__(self, frame: Frame, spans: list[Any], years: list[int]):
        self.frame = frame
        self.years = years
        self.by_type = {t: [s for s in spans if s.type == t] for t in SUBJECT_ORDER}
        self.subject_type = next((t for t in SUBJECT_ORDER if self.by_type[t]), None)
        self.steps: list[dict[str, Any]] = []
        self.current = self.subject_type
        self.plan: dict[str, Any] = {"operation": frame.operation, "attribute": None, "project": None,
                                     "compare": [], "exclude_anchors": False, "combine": "intersection"}
        self.notes: list[str] = list(frame.notes)

    # -- pieces -------------------------------------------------------------
    def walk(self, to_type: str, **filters: Any) -> None:
        if self.current == to_type == "author":
            self.walk("paper")
        if self.current == to_type == "paper":
            self.walk("author")
        if (self.current, to_type) == ("author", "venue"):
            self.walk("paper")
        if (self.current, to_type) == ("venue", "author"):
            self.walk("paper")
        self.steps.append(hop(self.current, to_type, **filters))
        self.current = to_type

    def paper_filters(self) -> dict[str, Any]:
        filters: dict[str, Any] = {}
        frame = self.frame
        if frame.year_from is not None:
            filters["year_from"] = frame.year_from
        if frame.year_to is not None:
            filters["year_to"] = frame.year_to
        if self.years and frame.year_from is None and frame.year_to is None:
            filters["year"] = self.years[0]
        return filters

    def attach_paper_filters(self, filters: dict[str, Any]) -> None:
        """Filters go on the last hop that reaches papers, or on the start set."""
        if not filters:
            return
        for step in reversed(self.steps):
            if step["to_type"] == "paper":
                step.setdefault("filters", {}).update(filters)
                return
        if self.subject_type == "paper":
            self.plan["start_filters"] = filters

    def rank(self, target_is_value: bool) -> None:
        basis = self.frame.rank_by or "frequency"
        if target_is_value:
            self.plan["attribute"] = "value" if basis == "year" else "frequency"
        else:
            self.plan["attribute"] = basis


def _node_ids(spans: list[Any]) -> list[str]:
    return [s.candidates[0].node_id for s in spans if s.candidates]


def compile_plan(frame: Frame, spans: list[Any], years: list[int], unresolved: list[str]) -> dict[str, Any]:
    """The Plan for a question: anchors, typed hops with filters, and the final operation."""
    builder = PlanBuilder(frame, spans, years)
    if builder.subject_type is None:
        return _finish(builder, spans, unresolved, anchors=[])
    owner = _paper_set_aside(builder)
    if owner:  # 'how many papers appeared in V besides T?', 'A's papers apart from T': V's (A's) papers, T left out
        builder.plan["exclude"] = _node_ids(builder.by_type["paper"])
        builder.subject_type = builder.current = owner
    subject = builder.subject_type
    if frame.operation in ("unsupported", "describe"):
        builder.plan["unsupported"] = frame.target.split(":", 1)[1] if frame.operation == "unsupported" else None
        return _finish(builder, spans, unresolved, builder.by_type[subject][:1])
    if subject == "paper":
        _paper_subject(builder)
    elif subject == "author":
        _author_subject(builder)
    else:
        _venue_subject(builder)
    anchors = builder.by_type[subject]
    return _finish(builder, spans, unresolved, anchors)


def _paper_set_aside(builder: PlanBuilder) -> str | None:
    """The kind (venue or author) whose papers are asked when a paper is named only to be left out of them:
    other papers asked, one venue or one author named, and no word asking for the paper's authors or citations
    (those read 'other papers of its authors' / 'citing it')."""
    frame = builder.frame
    if not (frame.target == "paper" and frame.others_only and not frame.via_authors and not frame.cites
            and len(builder.by_type["paper"]) == 1 and frame.operation not in ("yes_no", "unsupported", "describe")):
        return None
    venues, authors = len(builder.by_type["venue"]), len(builder.by_type["author"])
    return "venue" if (venues, authors) == (1, 0) else "author" if (venues, authors) == (0, 1) else None


def _attribute_target(builder: PlanBuilder, owner: str) -> bool:
    """Read an attribute of the current nodes (0 further hops); True when applicable."""
    target = builder.frame.target
    if target not in ATTRIBUTE_OF or owner not in OWNER_TYPES[target]:
        return False
    attribute = "venue_type" if (target, owner) == ("type", "venue") else ATTRIBUTE_OF[target]
    if builder.frame.operation == "yes_no":
        builder.plan["project"] = attribute
        builder.plan["compare"] = list(builder.years) if target == "year" else []
        builder.years = [] if target == "year" else builder.years
    else:
        builder.plan["operation"] = "attribute"
        builder.plan["attribute"] = attribute
    return True


def _paper_subject(builder: PlanBuilder) -> None:
    frame = builder.frame
    extra_authors = builder.by_type["author"]
    venues = builder.by_type["venue"]
    if frame.operation == "yes_no" and not frame.via_authors and frame.target in ("paper", "year"):
        # "Did A write P?" / "Was P in V?" / "Was P published in 2010?": compare with what is named.
        frame.target = "author" if extra_authors else "venue" if venues else "year" if builder.years else frame.target
    if frame.via_authors and frame.target != "author":
        builder.walk("author", **({"position": frame.position} if frame.position else {}))
        _author_targets(builder, via_paper=True)
        builder.plan["exclude_anchors"] = frame.others_only
        return
    if not frame.via_authors and frame.target == "year" and frame.cites and frame.operation != "yes_no":
        # 'from which years are the papers cited by T': the years of the papers one citation hop away
        builder.steps.append({"to_type": "paper", "edge": "cites", "direction": "in" if frame.cites == "in" else "out"})
        builder.plan["project"] = "year"
        if frame.operation in ("argmax", "argmin"):
            builder.rank(target_is_value=True)
        builder.attach_paper_filters(builder.paper_filters())
        return
    if not frame.via_authors and frame.target not in ("author", "venue", "paper"):
        if _attribute_target(builder, "paper"):
            builder.attach_paper_filters(builder.paper_filters())
            return
    if frame.target == "venue":
        builder.walk("venue")
        if frame.operation == "yes_no" and venues:
            builder.plan["compare"] = _node_ids(venues)
    elif frame.target == "paper" and frame.cites:
        edge_dir = "in" if frame.cites == "in" else "out"
        builder.steps.append({"to_type": "paper", "edge": "cites", "direction": edge_dir})
        _paper_ops(builder, venues)
    elif frame.target == "paper":
        builder.walk("author")
        builder.walk("paper")
        builder.plan["exclude_anchors"] = frame.others_only
        _paper_ops(builder, venues)
    else:  # authors of the paper
        builder.walk("author", **({"position": frame.position} if frame.position else {}))
        if frame.operation == "yes_no":
            builder.plan["compare"] = _node_ids(extra_authors)
        elif extra_authors:
            builder.plan["exclude"] = _node_ids(extra_authors)
        if frame.operation in ("argmax", "argmin"):
            builder.plan["operation"] = "list"
    builder.attach_paper_filters(builder.paper_filters())


def _paper_ops(builder: PlanBuilder, venues: list[Any]) -> None:
    """Filters and ranking for a hop set that ends on papers."""
    filters = builder.paper_filters()
    if venues:
        filters["venue"] = _node_ids(venues)[0]
    builder.attach_paper_filters(filters)
    builder.years = []
    if builder.frame.operation in ("argmax", "argmin"):
        builder.rank(target_is_value=False)
        if builder.plan["attribute"] == "frequency":
            builder.plan["attribute"] = "cited_by_count"


def _author_subject(builder: PlanBuilder) -> None:
    authors = builder.by_type["author"]
    if len(authors) >= 2 and builder.frame.operation == "yes_no":
        builder.frame.target = "paper"
    if _attribute_target(builder, "author"):
        return
    _author_targets(builder, via_paper=False)


def _author_targets(builder: PlanBuilder, via_paper: bool) -> None:
    """From author nodes to what is asked: papers, venues, co-authors, years, citations."""
    frame = builder.frame
    venues = builder.by_type["venue"]
    target = frame.target
    # 'papers first-authored by A': the author's own byline place picks the papers (via a paper, the place
    # was the first hop's: 'the first author of T')
    placed = {"position": frame.position} if frame.position and not via_paper and not frame.answer_placed else {}
    ranked_attribute = target in ATTRIBUTE_OF and frame.rank_by in ("cited_by_count",) and target != "citations"
    if target in ("paper", "citations") or ranked_attribute or (target in ATTRIBUTE_OF and target != "year"):
        builder.walk("paper", **placed)
        _paper_ops(builder, venues)
        if ranked_attribute:
            builder.plan["read"] = ATTRIBUTE_OF[target]
        elif target == "citations":
            if frame.operation in ("count", "list", "attribute"):
                builder.plan["operation"], builder.plan["attribute"] = "sum", "cited_by_count"
        elif target in ATTRIBUTE_OF and frame.operation not in ("count", "yes_no"):
            builder.plan["read"] = ATTRIBUTE_OF[target]
        return
    if target == "year":
        builder.walk("paper", **placed)
        filters = builder.paper_filters()
        if venues:
            filters["venue"] = _node_ids(venues)[0]
        builder.attach_paper_filters(filters)
        builder.plan["project"] = "year"
        if frame.operation in ("argmax", "argmin"):
            builder.rank(target_is_value=True)
        return
    builder.walk("paper", **placed)
    filters = builder.paper_filters()
    if venues and target != "venue":
        filters["venue"] = _node_ids(venues)[0]
    builder.attach_paper_filters(filters)
    builder.walk(target, **({"position": frame.position} if target == "author" and frame.answer_placed else {}))
    if target == "author":
        builder.plan["exclude_anchors"] = not frame.answer_placed  # (A may be the last author of their papers)
    if target == "venue" and frame.operation == "yes_no" and venues:
        builder.plan["compare"] = _node_ids(venues)
    if frame.operation in ("argmax", "argmin"):
        builder.plan["attribute"] = "frequency"


def _venue_subject(builder: PlanBuilder) -> None:
    if _attribute_target(builder, "venue"):  # the venue's own value: no hop, the venue stays the subject
        return
    venues = builder.by_type["venue"]
    builder.by_type["venue"] = []
    target = builder.frame.target
    if target in ("venue",):
        target = "paper"
    builder.walk("paper")
    builder.attach_paper_filters(builder.paper_filters())
    if target == "author":
        builder.walk("author")
        if builder.frame.operation in ("argmax", "argmin"):
            builder.plan["attribute"] = "frequency"
    elif target == "year":
        builder.plan["project"] = "year"
        if builder.frame.operation in ("argmax", "argmin"):
            builder.rank(target_is_value=True)
    elif builder.frame.operation in ("argmax", "argmin"):
        builder.rank(target_is_value=False)
    builder.by_type["venue"] = venues


def query_type_of(plan: dict[str, Any]) -> str:
    """attribute (no hop) | relation (one hop) | aggregation (count/superlative) | multihop."""
    steps = plan["steps"]
    kinds = [s["to_type"] for s in steps]
    person_hop = any(a == b for a, b in zip([plan["start_type"], *kinds], kinds[1:]))
    coauthor = any("coauthor" in (s.get("filters") or {}) for s in steps)
    multi_anchor = len([a for a in plan["anchors"] if a.get("role") == "subject"]) > 1
    if not steps:
        return "attribute"
    if len(steps) >= 3 or coauthor or multi_anchor or "author" in kinds[:-1] or (
            plan["start_type"] == "author" and kinds[-1] == "author") or (
            plan["start_type"] == "paper" and kinds[-1] == "paper") or person_hop:
        return "multihop"
    if plan["operation"] in ("count", "argmax", "argmin", "sum") or plan.get("project"):
        return "aggregation"
    return "relation"


def _finish(builder: PlanBuilder, spans: list[Any], unresolved: list[str], anchors: list[Any]) -> dict[str, Any]:
    subject_ids = {id(s) for s in anchors}
    mentions = [mention_dict(s, "subject" if id(s) in subject_ids else s.type) for s in spans]
    plan = dict(builder.plan)
    plan.update({
        "start_type": builder.subject_type or "none",
        "anchors": mentions,
        "steps": builder.steps,
        "constraints": _constraints(builder.steps, plan),
        "target_type": "value" if plan.get("project") or plan.get("read") or plan["operation"] in VALUE_OPERATIONS
        else builder.current,
        "result_type": builder.current,
        "hop_budget": len(builder.steps),
        "unresolved": list(unresolved),
        "rationale": "; ".join(builder.notes),
    })
    plan["query_type"] = query_type_of(plan) if anchors else "relation"
    return with_ir(plan)


def _constraints(steps: list[dict[str, Any]], plan: dict[str, Any]) -> dict[str, Any]:
    merged: dict[str, Any] = dict(plan.get("start_filters") or {})
    for step in steps:
        merged.update(step.get("filters") or {})
    return merged
