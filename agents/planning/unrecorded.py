"""A yes/no test of an attribute no node of that kind records ('Does A have an ORCID?' on DBLP): the graph cannot
say no, so the plan abstains and says why."""

from __future__ import annotations

from typing import Any

from hgrag.agents.planning.plan_basics import unsupported_plan


def unrecorded_attribute_tested(plan: dict[str, Any], store: Any) -> dict[str, Any] | None:
    """'Does A have an ORCID?' on a graph none of whose authors records one: the graph cannot say no, so the plan
    abstains and says why (None when every attribute a yes/no test reads is recorded for some node)."""
    from hgrag.agents.answering.interpretation import ATTRIBUTE_WORDS
    from hgrag.agents.understanding.signature import output_kind
    from hgrag.state.plan_ir import walk

    if not isinstance(plan.get("ir"), dict):
        return None
    tests = [op for op in walk(plan["ir"]) if isinstance(op, dict) and op.get("op") == "test"]
    for inner in (part for test in tests for part in walk(test["input"]) if part.get("op") == "project"):
        kind = output_kind(inner["input"])
        if kind in ("author", "paper", "venue") and not store.holds_attribute(kind, inner["attr"]):
            word = ATTRIBUTE_WORDS.get(inner["attr"], inner["attr"])
            return unsupported_plan(f"The {store.name} graph records no {word} for any {kind}, so it cannot tell "
                                    "whether this one has one.")
    return None
