"""A quiz's offered options applied to the plan of its plainly asked question (understanding/choices.py cut them):
a plan returning people, papers or venues keeps only those the options name ('Which of these wrote T? (a) X (b) Y'
-> T's authors among X and Y); a plan returning a number or a year keeps the options for the answer's check."""

from __future__ import annotations

from typing import Any

from hgrag.agents.planning.plan_basics import detector_for, link_named_mention


def among_choices(plan: dict[str, Any], choices: tuple[str, ...], resources: Any) -> dict[str, Any]:
    """The plan with its answer kept to the offered options (unchanged without options or IR)."""
    from hgrag.agents.understanding.signature import node_kind

    ir = plan.get("ir")
    if not choices or not ir or ir.get("op") == "unsupported":
        return plan
    kind = node_kind(ir)
    if kind not in ("author", "paper", "venue"):
        return {**plan, "choices": list(choices)}
    ids = _linked(choices, kind, resources)
    kept = {"attr": "id", "cmp": "in", "value": ids, "text": "the offered options"}
    lowered = {} if plan.get("ir_native") else {"post_filters": list(plan.get("post_filters") or []) + [kept]}
    return {**plan, **lowered, "ir": {"op": "filter", "input": ir, **kept}, "choices": list(choices), "offered_filter": True,
            "interpretation": f"{plan.get('interpretation') or ''} among the offered options".strip()}


def _linked(choices: tuple[str, ...], kind: str, resources: Any) -> list[str]:
    """The nodes each option names exactly (else its best near candidate of the kind, titles only); options naming
    none are dropped."""
    detector = detector_for(resources)
    ids = []
    for choice in choices:
        exact = [h.node_id for h in detector.index.lookup(choice.strip("\"'“”")) if h.node_type == kind]
        span = None if exact else link_named_mention(detector, {"text": choice, "type": kind})
        ids += exact or ([span.candidates[0].node_id] if span is not None and span.candidates else [])
    return list(dict.fromkeys(ids))


def unoffered(plan: dict[str, Any], answer: list[str]) -> str:
    """Why a number or year answer is withheld: it is none of the options offered ('' when it is one, or when the
    plan offers none or returns things, which the plan already keeps to the options)."""
    choices = plan.get("choices") or []
    if not choices or not answer or plan.get("offered_filter"):
        return ""
    offered = {_number(c) for c in choices} - {None}
    given = [_number(a.rsplit(":", 1)[-1]) for a in answer]
    if not offered or all(g in offered for g in given):
        return ""
    return (f"The graph gives {', '.join(answer[:3])}, which is none of the offered options "
            f"({' / '.join(choices[:6])}); so I do not pick one.")


def _number(text: str) -> float | None:
    try:
        return float(str(text).strip().replace(",", "."))
    except ValueError:
        return None
