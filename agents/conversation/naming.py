"""Naming an earlier answer set in words the planner reads back to the same set.

"Which of them are from 2017 or later?" after "papers by A?" becomes "Which of the papers by A are from
2017 or later?": the set is named by the plain-English reading of the plan that produced it (the
interpretation line), and the whole question is then planned and checked as any standalone question,
so every condition, ranking or count the planner understands works on an earlier answer too.

A name is used only when it reads back: planned on its own ("List the papers by A.") it must select
exactly the set the earlier plan selected. Otherwise the resolver keeps its other readings (a stand-in
member widened to the set, or a question back).
"""

from __future__ import annotations

from typing import Any

from hgrag.agents.conversation.memory import Item, Turn
from hgrag.agents.answering.interpretation import interpret
from hgrag.tools.plan_exec import UNBOUNDED

READ_BACK = "List {name}."  # how the name is asked on its own to test that it denotes the set


def set_name(turn: Turn, items: list[Item], resources: Any, planner: Any) -> str | None:
    """'the papers by A': a phrase for the set `items` came from, or None when none reads back to it."""
    ir = _set_ir(turn.get("ir"))
    if ir is None or not items:
        return None
    selected = _nodes(resources.store, ir)
    if not selected or not {it["id"] for it in items} <= selected:
        return None  # the items are not the plan's answer set (e.g. the turn's anchors)
    reading = interpret(ir, resources.store)
    if not reading or "…" in reading:
        return None
    name = reading[0].lower() + reading[1:]
    name = name if name.startswith("the ") else f"the {name}"
    reread = planner(READ_BACK.format(name=name), resources)
    return name if reread and _nodes(resources.store, reread.get("ir")) == selected else None


def _set_ir(ir: Any) -> dict[str, Any] | None:
    """The IR of the set a turn answered with (a count's input: 'how many…' then 'which of them…')."""
    if not isinstance(ir, dict):
        return None
    if ir.get("op") == "aggregate" and ir.get("fn") == "count":
        return ir.get("input") if isinstance(ir.get("input"), dict) else None
    return ir


def _nodes(store: Any, ir: Any) -> set[str]:
    from hgrag.tools.ir_exec import execute

    if not isinstance(ir, dict):
        return set()
    try:
        value = execute(store, ir, UNBOUNDED, evidence=False).value
    except Exception:  # a plan that cannot be re-run names nothing, never breaks the turn
        return set()
    return set(value.data) if value.kind == "nodes" else set()
