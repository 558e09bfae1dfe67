"""Calibration figures of the second reader (agents/second_reader) on generated questions (used by
benchmarks/second_reader_calibrate.py, which writes calibration.json, and by the calibration test).

For each question: the rules' plan (right or wrong on the whole graph), how far the best other reading
leads it, and the second reader's own best reading (score, gap to the next, whether its answer is right).
"""

from __future__ import annotations

from typing import Any

from hgrag.agents.checking.question_check import unexplained_parts
from hgrag.agents.retrieval_agent import OfflinePlanner
from hgrag.agents.second_reader.canonical import canonical
from hgrag.agents.second_reader.hook import native_plan
from hgrag.agents.second_reader.review import _same_answer, linked_anchors, readings_for, rule_lead
from hgrag.evaluation.metrics import score
from hgrag.state.context import Context
from hgrag.tools.ir_exec import ExecutionError, execute
from hgrag.tools.plan_exec import UNBOUNDED, full_answer, linked_subjects, value_items

MAX_WRONG = 0.01
MAX_LOST = 0.005


def right(answer: list[str], gold: list[str]) -> bool:
    return score(answer, gold)["accuracy"] == 1.0


def record(row: dict[str, Any], resources: Any) -> dict[str, Any]:
    question, gold = row["question"], row.get("answer") or []
    gold = gold if isinstance(gold, list) else [gold]
    plan = OfflinePlanner().plan(question, resources, Context())
    out: dict[str, Any] = {"id": row["id"], "question": question}
    declined = not plan.get("ir") or bool(unexplained_parts(question, plan))
    if plan.get("ir") and linked_subjects(plan) and plan.get("operation") != "unsupported":
        answer = [i.text for i in full_answer(resources.store, plan)]
        out["rule_answers"] = bool(answer) and not unexplained_parts(question, plan)
        out["rule_right"] = right(answer, gold) if out["rule_answers"] else None
        lead = rule_lead(question, plan, resources.index)
        if lead:
            out["lead"] = lead["lead"]
            out["rival_same"] = lead["lead"] > -0.2 and _same_answer(resources.store, plan["ir"], lead["rival_ir"])
    unsupported = plan.get("operation") == "unsupported"  # at run time nothing is proposed then
    readings = [] if unsupported else readings_for(question, plan.get("anchors", []), resources.index)
    if readings:
        best = readings[0]
        out["score"] = round(best.score, 4)
        out["gap"] = round(best.score - (readings[1].score if len(readings) > 1 else 0.0), 4)
        try:
            answer = [i.text for i in value_items(resources.store, execute(resources.store, best.program, UNBOUNDED, False).value)]
        except ExecutionError:
            answer = []
        out["proposal_answers"] = bool(answer)
        out["proposal_right"] = right(answer, gold) if answer else None
        anchors = linked_anchors(plan.get("anchors", []))
        out["proposal_checked"] = not unexplained_parts(question, native_plan(best.program, anchors))
        own = canonical(plan["ir"], anchors) if plan.get("ir") else None
        out["proposal_reached"] = declined and out["proposal_checked"] and best.utterance != own
    return out


def proposal_figures(records: list[dict[str, Any]], threshold: float, gap: float,
                     among: str = "proposal_checked") -> dict[str, Any]:
    """Answers and wrong answers of the best reading above the limits, among the questions where the
    question-plan check accepts it (`proposal_checked`: the pipeline never answers with a proposal the
    check declines), where the pipeline would propose it (`proposal_reached`: the rules' plan declined
    too), or on every question (`proposal_answers`: the reader alone)."""
    answered = [r for r in records if r.get("proposal_answers") and r.get(among)
                and r["score"] >= threshold and r["gap"] >= gap]
    wrong = sum(1 for r in answered if not r["proposal_right"])
    return {"questions": len(records), "answered": len(answered), "right": len(answered) - wrong, "wrong": wrong,
            "wrong_of_answered": round(wrong / len(answered), 4) if answered else 0.0,
            "wrong_of_questions": round(wrong / len(records), 4) if records else 0.0}


def fit_proposal(records: list[dict[str, Any]]) -> dict[str, float]:
    best = {"threshold": 1.01, "gap": 1.0, "right": -1}
    for gap in (0.0, 0.01, 0.02, 0.03, 0.05, 0.08, 0.12, 0.15, 0.2):
        for step in range(40, 101):
            threshold = step / 100
            figures = proposal_figures(records, threshold, gap)
            if figures["wrong_of_answered"] <= MAX_WRONG and figures["right"] > best["right"]:
                best = {"threshold": threshold, "gap": gap, "right": figures["right"]}
    return {"threshold": best["threshold"], "gap": best["gap"]}


def margin_figures(records: list[dict[str, Any]], margin: float) -> dict[str, Any]:
    answered = [r for r in records if r.get("rule_answers") and "lead" in r]
    objected = [r for r in answered if r["lead"] > margin and not r.get("rival_same")]
    return {"rule_answers": len(answered), "right_lost": sum(1 for r in objected if r["rule_right"]),
            "wrong_caught": sum(1 for r in objected if not r["rule_right"]),
            "wrong_total": sum(1 for r in answered if not r["rule_right"])}


def fit_margin(records: list[dict[str, Any]]) -> float:
    right_leads = sorted((r["lead"] for r in records if r.get("rule_answers") and r.get("rule_right")
                          and "lead" in r and not r.get("rival_same")), reverse=True)
    allowed = int(MAX_LOST * sum(1 for r in records if r.get("rule_right")))
    return round(max(right_leads[allowed] if len(right_leads) > allowed else 0.0, 0.0) + 0.01, 4)
