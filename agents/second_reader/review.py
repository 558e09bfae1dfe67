"""The second reader at work: (i) a margin check on the rules' plan, (ii) a plan proposed when the
rules have none. Both read their limits from calibration.json (benchmarks/second_reader_calibrate.py
writes it from held-out generated questions); without that file the reader never objects or proposes."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from hgrag.agents.second_reader.canonical import YEAR, canonical, masked_question
from hgrag.agents.second_reader.scorer import Reading, scorer_for

CALIBRATION_FILE = Path(__file__).with_name("calibration.json")


@lru_cache(maxsize=1)
def calibration() -> dict[str, Any]:
    try:
        return json.loads(CALIBRATION_FILE.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def linked_anchors(anchors: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One anchor per linked node, in question order."""
    seen: set[str] = set()
    out = []
    for anchor in anchors:
        node = anchor.get("node_id")
        if node and node not in seen and anchor.get("type") in ("paper", "author", "venue"):
            seen.add(node)
            out.append(anchor)
    return out


def question_years(question: str) -> list[int]:
    return list(dict.fromkeys(int(y) for y in YEAR.findall(question)))


def readings_for(question: str, anchors: list[dict[str, Any]], index: Any) -> list[Reading]:
    """The second reader's readings of a question over its linked anchors, best first."""
    anchors = linked_anchors(anchors)
    return scorer_for(index).read(question, anchors, question_years(question)) if anchors else []


def rule_lead(question: str, plan: dict[str, Any], index: Any,
              readings: list[Reading] | None = None) -> dict[str, Any] | None:
    """How far the best other reading leads the rules' plan (cosine), with both utterances; None when
    the plan has no IR over linked anchors."""
    anchors = linked_anchors(plan.get("anchors", []))
    if not anchors or not plan.get("ir") or plan.get("operation") == "unsupported":
        return None
    scorer = scorer_for(index)
    own = canonical(plan["ir"], anchors)
    readings = readings if readings is not None else readings_for(question, anchors, index)
    if not readings:
        return None  # no sentence encoder (or no candidate): the second reader has nothing to say
    own_score = next((r.score for r in readings if r.utterance == own), None)
    if own_score is None:
        own_score = float(scorer.vectors([own])[0] @ index.embed([masked_question(question, anchors)])[0])
    rival = next((r for r in readings if r.utterance != own), None)
    if rival is None:
        return None
    return {"own": own, "own_score": round(own_score, 4), "rival": rival.utterance,
            "rival_score": round(rival.score, 4), "lead": round(rival.score - own_score, 4), "rival_ir": rival.program}


def objection(question: str, plan: dict[str, Any], resources: Any,
              readings: list[Reading] | None = None) -> dict[str, Any] | None:
    """The second reading when it beats the plan by more than the calibrated margin and answers
    differently; None otherwise (or when there is no calibration)."""
    margin = calibration().get("margin")
    if margin is None:
        return None
    lead = rule_lead(question, plan, resources.index, readings)
    if lead is None or lead["lead"] <= margin:
        return None
    if _same_answer(resources.store, plan["ir"], lead["rival_ir"]):
        return None
    return {**lead, "margin": margin,
            "text": (f"My second reading of the question ('{lead['rival']}') fits it better than the plan "
                     f"I would answer ('{lead['own']}'), so I am not sure I understood it and do not answer.")}


def propose(question: str, anchors: list[dict[str, Any]], resources: Any,
            readings: list[Reading] | None = None) -> tuple[dict[str, Any], Reading] | None:
    """The best reading's program when it clears the calibrated threshold and gap; else None."""
    limits = calibration().get("proposal")
    if not limits or not linked_anchors(anchors):
        return None
    readings = readings if readings is not None else readings_for(question, anchors, resources.index)
    if not readings:
        return None
    best = readings[0]
    gap = best.score - (readings[1].score if len(readings) > 1 else 0.0)
    if best.score < limits["threshold"] or gap < limits["gap"]:
        return None
    return best.program, best


def _same_answer(store: Any, first: dict[str, Any], second: dict[str, Any]) -> bool:
    from hgrag.tools.ir_exec import ExecutionError, execute
    from hgrag.tools.plan_exec import UNBOUNDED, value_items

    try:
        answers = [sorted(i.text for i in value_items(store, execute(store, ir, UNBOUNDED, False).value))
                   for ir in (first, second)]
    except ExecutionError:
        return False
    return answers[0] == answers[1]
