"""Cross-checking planners (`planner="hybrid"`): the offline and the LLM plan are both made.

When their executable signatures agree, the plan is used as usual and the trace records the
agreement. When they disagree the offline plan is kept, unless the offline planner failed to
understand the question (no linked subject, or an 'unsupported' plan) while the LLM plan links a
subject and compiles to a supported plan. An LLM failure is a disagreement that keeps the offline
plan. Either way the decision is recorded in `plan["planner_check"]` (the plan node copies it to
the `planner_check` state field, printed by `hgrag ask --trace`).
"""

from __future__ import annotations

import json
from typing import Any

from hgrag.tools.errors import LLMError
from hgrag.tools.plan_exec import linked_subjects

SIGNATURE_KEYS = ("target_type", "operation", "attribute", "project", "combine", "exclude_anchors")


def plan_signature(plan: dict[str, Any]) -> str:
    """A canonical string of what a plan executes: linked anchors, hops, filters, operation.

    Rationale, scores, candidate lists and mention spellings are left out: two plans with the same
    signature walk the same graph and compute the same answer. (One function so that a typed plan
    tree can later be canonicalised the same way.)"""
    anchors = sorted((m.get("role") or "anchor", m.get("type"), m.get("node_id"))
                     for m in plan.get("anchors", []) if m.get("node_id"))
    steps = [(s.get("to_type"), s.get("edge"), s.get("direction"), _canonical(s.get("filters") or {}))
             for s in plan.get("steps", [])]
    fields = {key: plan.get(key) for key in SIGNATURE_KEYS}
    return json.dumps({"anchors": anchors, "steps": steps, "constraints": _canonical(plan.get("constraints") or {}),
                       "compare": sorted(map(str, plan.get("compare") or [])),
                       "unsupported": plan.get("unsupported"), **fields}, sort_keys=True, default=str)


def _canonical(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _canonical(v) for k, v in sorted(value.items()) if v not in (None, [], {})}
    if isinstance(value, (list, tuple)):
        return [_canonical(v) for v in value]
    return value


def understood(plan: dict[str, Any]) -> bool:
    """The planner linked at least one subject and produced a supported plan."""
    return bool(linked_subjects(plan)) and not plan.get("unsupported")


def choose_plan(offline: dict[str, Any], llm: dict[str, Any] | None, llm_error: str | None = None
                ) -> tuple[dict[str, Any], dict[str, Any]]:
    """The plan to execute and the cross-check record."""
    check: dict[str, Any] = {"mode": "hybrid", "offline_signature": plan_signature(offline)}
    if llm is None:
        return offline, {**check, "agree": False, "chosen": "offline",
                         "reason": f"LLM plan unavailable ({llm_error}); offline plan kept"}
    check["llm_signature"] = plan_signature(llm)
    if check["llm_signature"] == check["offline_signature"]:
        return offline, {**check, "agree": True, "chosen": "both", "reason": "offline and LLM plans agree"}
    if not understood(offline) and understood(llm):
        return llm, {**check, "agree": False, "chosen": "llm",
                     "reason": "plans disagree; the offline planner did not understand the question, the LLM plan links and compiles"}
    return offline, {**check, "agree": False, "chosen": "offline", "reason": "plans disagree; offline plan kept"}


class HybridPlanner:
    """Both planners; the cross-check decides (see module docstring)."""

    def __init__(self, offline: Any, llm: Any):
        self.offline, self.llm = offline, llm

    def plan(self, question: str, resources: Any, context: Any) -> dict[str, Any]:
        offline = self.offline.plan(question, resources, context)
        llm, error = None, None
        try:
            llm = self.llm.plan(question, resources, context)
        except LLMError as exc:
            error = str(exc)
        plan, check = choose_plan(offline, llm, error)
        plan = dict(plan)
        plan["rationale"] = f"hybrid ({check['chosen']}, {'agree' if check['agree'] else 'disagree'}); {plan['rationale']}"
        plan["planner_check"] = check
        return plan
