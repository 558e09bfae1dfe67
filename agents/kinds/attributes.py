"""An attribute of a richer kind asked by a noun of its own ('in which countries are A's institutions?', 'how many
countries has A been based in?'): the kind it belongs to is asked, and the plan returns the attribute of what it
reaches (a count counts the attribute's distinct values)."""

from __future__ import annotations

from typing import Any

from hgrag.agents.kinds.lexicon import Cue
from hgrag.state import plan_ir as ir


def with_asked_attribute(plan: dict[str, Any] | None, asking: str, yes_no: bool) -> dict[str, Any] | None:
    """'In which countries are A's institutions?': the plan reaches the kind an attribute noun belongs to; it
    returns that attribute of what it reaches (a yes/no plan tests the kind's own members, a named country among
    them, as it is)."""
    from hgrag.agents.kinds.lexicon import asked_attribute
    from hgrag.agents.planning.plan_lowering import with_ir
    from hgrag.agents.understanding.signature import node_kind

    found = asked_attribute(asking)
    if plan is None or found is None or yes_no or not plan.get("ir"):
        return plan
    attr, kind = found
    counted = plan["ir"].get("op") == "aggregate" and plan["ir"].get("fn") == "count"  # 'how many countries'
    reached = plan["ir"]["input"] if counted else plan["ir"]
    if node_kind(reached) != kind:
        return None  # the attribute's kind is not what the plan reaches: no reading
    program = ir.aggregate(ir.project(reached, attr), "count") if counted else ir.project(reached, attr)
    plan = {**plan, "ir": program, "ir_native": True, "asked_kind": "number" if counted else "value"}
    plan["rationale"] = plan.get("rationale", "") + f"; the {attr.replace('_', ' ')} of the {kind}s reached"
    return with_ir(plan)


def attribute_kind(asking: str) -> list[Cue]:
    """'How many countries has A been based in?': a noun asking for an attribute of a richer kind asks that kind (a
    cue with no text of its own)."""
    from hgrag.agents.kinds.lexicon import asked_attribute

    found = asked_attribute(asking)
    return [Cue(0, 0, found[1], "")] if found else []
