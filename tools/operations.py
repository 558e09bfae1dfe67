"""Answer items: what the executor's values become in the answer (text plus the node behind it)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any



@dataclass(frozen=True)
class AnswerItem:
    """One answer string and what supports it (a node id, or None for computed values)."""

    text: str
    node_id: str | None = None
    weight: float = 1.0


def format_value(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value)


