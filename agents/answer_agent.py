"""Answer and validation agent: `generate` and `validate`.

generate  offline: executes the plan on the evidence subgraph (the walk retrieval recorded, with its
          node budget); LLM: answers from a serialised subgraph. Regenerations get the validator's
          feedback (offline: recompute with the budget lifted; LLM: the feedback is in the prompt).
validate  checks every answer item against the whole graph — entity existence, relation validity
          (the item is reached from the anchors along the plan's hops) and attribute accuracy (values
          and counts recomputed) — and scores consistency = precision * (0.7 + 0.3 * recall).
          It also checks the question's premises (tools/premises.py): "Who co-authored X with Y?"
          when Y did not write X supports no answer, so any answer scores 0 and the regeneration
          declines, saying what the graph records instead.
          An answer is verified only when every item is supported (an empty answer only when the
          graph supports none) and the score reaches the threshold: the threshold tunes regeneration,
          it never switches the support check off. The text shown with a verified answer is
          rendered from its items (an LLM's own sentence is never shown unchecked).
          When the regeneration budget is spent, the best candidate is returned with only its
          graph-supported items, verified=false, naming what was dropped; with none supported, hgrag abstains.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from hgrag.agents.planning.choices import unoffered
from hgrag.agents.answering.answer_prompts import ANSWER_SYSTEM_PROMPT, ANSWER_USER_TEMPLATE, FEEDBACK_TEMPLATE, AnswerReply
from hgrag.agents.answering.answer_render import abstention_text, render_answer
from hgrag.agents.checking.question_check import unexplained_parts, unexplained_text
from hgrag.agents.checking.readings import differing_reading
from hgrag.agents.resources_access import resources_for
from hgrag.state.context import Context
from hgrag.tools.errors import LLMError
from hgrag.tools.llm import as_data, structured_call
from hgrag.tools.plan_exec import UNBOUNDED, answer_items, linked_subjects, run_plan
from hgrag.tools.premises import premise_failures
from hgrag.tools.rich_index import rich_index
from hgrag.tools.text import norm_key

if TYPE_CHECKING:  # annotations only: a one-shot run need not import LangGraph
    from langgraph.runtime import Runtime
    from hgrag.state.qa_state import QAState


MAX_SERIALISED_NODES = 60


def answer_key(text: Any) -> str:
    key = norm_key(str(text))
    try:
        number = float(key.replace(" ", "")) if key and key.replace(" ", "").replace(".", "", 1).isdigit() else None
    except ValueError:
        number = None
    return str(int(number)) if number is not None and number.is_integer() else key


class OfflineAnswerer:
    def generate(self, question: str, plan: dict[str, Any], evidence: dict[str, Any], resources: Any,
                 feedback: str, attempt: int, validation: dict[str, Any] | None = None) -> tuple[list[str], str]:
        if not linked_subjects(plan):
            return [], abstention_text(plan, resources.dataset)
        if validation and validation.get("premise_failures"):  # the validator found a false premise
            return [], premise_text(validation["premise_failures"])
        budget = UNBOUNDED if attempt else int(evidence.get("layer_budget") or 20_000)
        execution = run_plan(resources.store, plan, layer_budget=budget)
        if execution.error:
            return [], cannot_run_text(execution.error)
        items = answer_items(resources.store, plan, execution)
        answer = [item.text for item in items]
        return answer, render_answer(plan, answer, resources.store)


class LLMAnswerer:
    def generate(self, question: str, plan: dict[str, Any], evidence: dict[str, Any], resources: Any,
                 feedback: str, attempt: int, context: Context | None = None) -> tuple[list[str], str]:
        if not linked_subjects(plan):
            return [], abstention_text(plan, resources.dataset)
        prompt = ANSWER_USER_TEMPLATE.format(
            question_json=as_data(question), plan=as_data(_plan_summary(plan)),
            subgraph=serialise_subgraph(resources.store, plan, evidence),
            feedback=FEEDBACK_TEMPLATE.format(feedback=feedback) if feedback else "")
        reply, _ = structured_call(context, AnswerReply, ANSWER_SYSTEM_PROMPT, prompt)
        answer = [str(a).strip() for a in reply.answer if str(a).strip()]
        text = reply.answer_text.strip() or render_answer(plan, answer, resources.store)
        return answer, text


def _plan_summary(plan: dict[str, Any]) -> dict[str, Any]:
    keys = ("query_type", "start_type", "target_type", "operation", "attribute", "project", "read", "constraints")
    return {k: plan.get(k) for k in keys if plan.get(k) not in (None, [], {})}


def serialise_subgraph(store: Any, plan: dict[str, Any], evidence: dict[str, Any]) -> str:
    """Anchors, frontier and a sample of the walked subgraph as text lines with attributes."""
    lines, seen = [], set()
    ordered = [m["node_id"] for m in plan.get("anchors", []) if m.get("node_id")] + \
        evidence.get("frontier", []) + evidence.get("nodes", [])
    for node in ordered:
        if node in seen or not store.has_node(node) or len(seen) >= MAX_SERIALISED_NODES:
            continue
        seen.add(node)
        attrs = {k: v for k, v in store.node(node).items() if v not in (None, "")}
        lines.append(f"{node}: {json.dumps(attrs, ensure_ascii=False)}")
    lines.append(f"(the walk reached {evidence.get('n_targets', 0)} target nodes)")
    lines += [f"{s} -{e}-> {t}" for s, e, t in evidence.get("edges", [])[:150] if s in seen and t in seen]
    return "\n".join(lines)


def cannot_run_text(error: str) -> str:
    return f"I can't run my reading of this question ({error}), so I do not answer."


def premise_text(failures: list[str]) -> str:
    return ("The question's premise does not hold in the graph: " + "; ".join(failures)
            + ". So I do not answer it as asked.")


def check_answer(plan: dict[str, Any], answer: list[str], resources: Any, question: str | None = None) -> dict[str, Any]:
    """Score an answer against the whole graph; the report names unsupported items. With the question,
    the plan must also account for every meaning-bearing part of it (the question-plan check)."""
    question = plan.get("checked_question") or question  # a negated question re-read without its negation
    objection = (plan.get("second_reading") or {}).get("text")
    if objection:  # the second reader reads the question otherwise, by more than its calibrated margin
        return {**_report(0.0, [], list(answer), {"second_reading": 0.0}, objection), "stop": True}
    checked = question and linked_subjects(plan) and not plan.get("parts_checked")  # parts: checked one by one
    unexplained = unexplained_parts(question, plan) if checked else []
    if unexplained:  # the plan answers another question: no answer to it is verified
        richer = bool(rich_index(resources.store)) if resources is not None else False
        report = _report(0.0, [], list(answer), {"question_plan": 0.0}, unexplained_text(unexplained, richer))
        return {**report, "unexplained": unexplained, "stop": True}
    failures = premise_failures(resources.store, plan) if linked_subjects(plan) else []
    if failures:  # no item can be supported; declining to answer is the consistent reply
        feedback = ("False premise: " + "; ".join(failures)
                    + ". Return an empty answer list and say so in answer_text.") if answer else ""
        report = _report(0.0 if answer else 1.0, [], list(answer), {"premise_validity": 0.0}, feedback)
        return {**report, "premise_failures": failures, "holds": not answer}
    execution = run_plan(resources.store, plan, layer_budget=UNBOUNDED, evidence=False)  # the whole graph
    expected_items = answer_items(resources.store, plan, execution) if linked_subjects(plan) else []
    expected = {answer_key(item.text): item.text for item in expected_items}
    two_ways = differing_reading(resources.store, plan, expected, answer_key) if linked_subjects(plan) else ""
    two_ways = two_ways or unoffered(plan, list(answer))  # ('Pick the right year: 2011 / 2013' and the graph says 2012)
    if two_ways:  # another reading the planner kept answers otherwise: the question is not clear enough
        return {**_report(0.0, [], list(answer), {"one_reading": 0.0}, two_ways), "stop": True}
    if not answer:
        score = 1.0 if not expected else 0.0
        report = _report(score, [], [], {}, "" if not expected else "The graph supports an answer; none was given.")
        return {**report, "holds": not expected, "run_error": execution.error}
    entity_answer = (plan.get("target_type") in ("author", "paper", "venue") and not plan.get("read")
                     and not plan.get("project") and plan.get("operation") in ("list", "argmax", "argmin"))
    exists = [(not entity_answer) or bool(resources.index.lookup(a, plan["target_type"])) for a in answer]
    valid = [answer_key(a) in expected for a in answer]
    supported = [a for a, e, v in zip(answer, exists, valid) if e and v]
    unsupported = [a for a in answer if a not in supported]
    precision = len(supported) / len(answer)
    recall = len({answer_key(a) for a in supported}) / len(expected) if expected else 0.0
    checks = {"entity_existence": sum(exists) / len(answer), "relation_validity": sum(valid) / len(answer),
              "attribute_accuracy": precision if not entity_answer else 1.0, "premise_validity": 1.0,
              "question_plan": 1.0 if question else 0.0}
    feedback = ""
    if unsupported:
        feedback = "Not supported by the graph: " + "; ".join(unsupported[:10]) + "."
    elif recall < 1.0:
        feedback = f"Incomplete: the graph supports {len(expected)} items, {len(supported)} were given."
    report = _report(round(precision * (0.7 + 0.3 * recall), 4), supported, unsupported, checks, feedback)
    return {**report, "holds": not unsupported}


def _report(score: float, supported: list[str], unsupported: list[str], checks: dict[str, float],
            feedback: str) -> dict[str, Any]:
    return {"score": score, "supported": supported, "unsupported": unsupported,
            "checks": {k: round(v, 4) for k, v in checks.items()}, "feedback": feedback}


def answerer_for(context: Context) -> OfflineAnswerer | LLMAnswerer:
    return LLMAnswerer() if context.answerer_mode == "llm" else OfflineAnswerer()


class GraphValidator:
    """Graph-grounded checks; the same in offline and LLM configurations (the graph is the judge)."""

    def validate(self, question: str, plan: dict[str, Any], answer: list[str], resources: Any) -> dict[str, Any]:
        return check_answer(plan, answer, resources, question)


def make_answer_nodes(answerer: Any | None = None, validator: Any | None = None):
    """`generate` and `validate`; arguments override the policies (tests, ablations)."""
    checker = validator or GraphValidator()

    def generate(state: QAState, runtime: Runtime[Context]) -> dict[str, Any]:
        context = runtime.context or Context()
        resources = resources_for(state, context)
        attempt = state.get("regenerations", 0) + (1 if state.get("validation") else 0)
        policy = answerer or answerer_for(context)
        args = (state["question"], state["plan"], state.get("evidence", {}), resources,
                state.get("feedback", ""), attempt)
        try:
            if isinstance(policy, LLMAnswerer):
                answer, text = policy.generate(*args, context=context)
            elif isinstance(policy, OfflineAnswerer):
                answer, text = policy.generate(*args, validation=state.get("validation"))
            else:
                answer, text = policy.generate(*args)
        except LLMError as exc:
            if not context.llm_fallback:
                return {"error": str(exc), "answer": [], "answer_text": f"Error: {exc}", "verified": False}
            answer, text = OfflineAnswerer().generate(*args)
            text += " (offline fallback: the LLM was unavailable)"
        update: dict[str, Any] = {"answer": answer, "answer_text": text}
        if state.get("validation"):
            update["regenerations"] = state.get("regenerations", 0) + 1
        return update

    def validate(state: QAState, runtime: Runtime[Context]) -> dict[str, Any]:
        resources = resources_for(state, runtime.context or Context())
        report = checker.validate(state["question"], state["plan"], state.get("answer", []), resources)
        candidates = list(state.get("candidates", [])) + [
            {"answer": state.get("answer", []), "answer_text": state.get("answer_text", ""), "report": report}]
        report = {**report, "holds": report.get("holds", not report.get("unsupported"))}  # any validator
        threshold = state.get("consistency_threshold", 0.8)
        passes = report["holds"] and report["score"] >= threshold  # the threshold never excuses an unsupported item
        retry = not passes and state.get("regenerations", 0) < state.get("max_regenerations", 2)
        update: dict[str, Any] = {"validation": report, "consistency_score": report["score"],
                                  "feedback": report["feedback"], "candidates": candidates,
                                  "verified": passes and bool(linked_subjects(state["plan"]))
                                  and not state["plan"].get("not_graph_fact")}  # e.g. an embedding ranking
        if report.get("stop"):  # the plan does not read the question: abstain, saying what could not be used
            update.update({"answer": [], "answer_text": report["feedback"], "verified": False})
        elif update["verified"]:  # the text shown says what the verified items say, nothing else
            update["answer_text"] = grounded_text(state["plan"], state.get("answer", []), report, resources,
                                                  state.get("answer_text", ""))
        elif not retry and not passes:
            update.update(_best_supported(candidates, state["plan"], resources))
        return update

    return generate, validate


def _best_supported(candidates: list[dict[str, Any]], plan: dict[str, Any], resources: Any) -> dict[str, Any]:
    """After the last regeneration: keep only graph-supported items of the best candidate, or abstain."""
    best = max(candidates, key=lambda c: c["report"]["score"])
    if best["report"].get("premise_failures"):
        return {"answer": [], "verified": False, "consistency_score": best["report"]["score"],
                "answer_text": premise_text(best["report"]["premise_failures"])}
    supported = best["report"]["supported"]
    if supported:
        dropped = list(dict.fromkeys(best["report"].get("unsupported") or []))
        text = render_answer(plan, supported, resources.store) + " (only the graph-supported part of the answer" + (
            f"; not supported by the graph, so left out: {'; '.join(dropped[:10])})" if dropped else ")")
        return {"answer": supported, "answer_text": text, "verified": False,
                "consistency_score": best["report"]["score"]}
    return {"answer": [], "verified": False, "consistency_score": best["report"]["score"],
            "answer_text": "I could not find graph support for an answer to this question, so I abstain."}


def grounded_text(plan: dict[str, Any], answer: list[str], report: dict[str, Any], resources: Any,
                  text: str) -> str:
    """The sentence of a verified answer, rendered from its items (or, for an empty answer, from why it is
    empty); a given text is kept only when it opens with such a rendering (e.g. a note on an offline fallback)."""
    if answer:
        renderings = [render_answer(plan, answer, resources.store)]
    else:
        renderings = [premise_text(report["premise_failures"])] if report.get("premise_failures") else []
        renderings += [cannot_run_text(report["run_error"])] if report.get("run_error") else []
        renderings.append(render_answer(plan, [], resources.store))
    return text if any(text.startswith(rendered) for rendered in renderings) else renderings[0]
