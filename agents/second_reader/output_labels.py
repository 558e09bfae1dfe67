"""The label of one output of a question asking two things: what it returns (year, venues, number …)."""

from __future__ import annotations

from typing import Any

from hgrag.agents.second_reader.lexicon import words


def output_label(program: dict[str, Any]) -> str:
    """The label of an output: what it returns (year, venues, number …), from words.json."""
    labels = words()["output_labels"]
    op = program
    while op:
        kind = op.get("op")
        if kind == "project":
            return labels.get(op["attr"], op["attr"])
        if kind == "aggregate":
            return labels["count"] if op["fn"] in ("count", "frequency") else op["fn"]
        if kind == "test":
            return labels["bool"]
        if kind == "traverse":
            from hgrag.state.ir_types import EDGE_ENDS

            reached = EDGE_ENDS[(op["edge"], op["direction"])][1]
            return labels.get(reached, reached)  # ('institution': a richer kind is its own label)
        if kind == "match":
            return labels.get(op["type"], op["type"])
        op = op.get("input") or (op.get("inputs") or [None])[0]
    return "answer"
