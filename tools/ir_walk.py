"""Every operator of a plan tree (the IR of state/plan_ir.py), root first: the one walk the stores, the executor
and the agents share (state re-exports it; tools reads no state)."""

from __future__ import annotations

from typing import Any, Iterator


def walk(ir: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Every operator of a plan tree, root first."""
    yield ir
    for key in ("input", "sub", "source", "target"):
        child = ir.get(key)
        if isinstance(child, dict):
            yield from walk(child)
    for child in ir.get("inputs") or []:
        yield from walk(child)
    for item in ir.get("items") or []:
        yield from walk(item["plan"])
