"""The LLM planner that writes the plan IR itself (`planner="llm"`, `llm_plan="ir"`).

The model fills the IR's own step form (state/plan_steps.PlanSteps) through `structured_call`
(`with_structured_output(method=…, include_raw=True)`). A reply is accepted only when it is valid
JSON of that schema, its steps form one plan (no missing, forward or unused references), every match
names a span of the question, nodes are named through match steps (the model knows no node ids), and
the IR type-checks (state/ir_types.py). Match texts are linked through the entity index, as the other
planners link mentions, and the linked plan runs on the one executor.

A rejected reply counts as a failed regeneration: the model is asked again, with the one-line reason,
up to `max_regenerations` times; after the last rejection the plan abstains, saying why. The
rejections are in `planner_check` (state, `--trace`) and `plan["ir_rejections"]`. An endpoint that
fails (connection, HTTP error) is an LLMError as for every LLM call, never a rejection.
"""

from __future__ import annotations

from typing import Any

from hgrag.tools.graph_kinds import RICH_EDGE_TYPES, RICH_NODE_TYPES
from hgrag.agents.planning.ir_planner_prompts import IR_PLAN_SYSTEM_PROMPT, IR_PLAN_USER_TEMPLATE
from hgrag.agents.kinds.prompt import schema_note
from hgrag.agents.understanding.prompt_note import note_for
from hgrag.agents.planning.plan_compiler import mention_dict
from hgrag.agents.planning.plan_lowering import with_ir
from hgrag.agents.understanding.signature import output_kind
from hgrag.agents.checking.unlinked import suggestions_for
from hgrag.state.context import Context
from hgrag.state.ir_types import NODE_ATTRIBUTES, NODESET, type_error
from hgrag.state.plan_ir import IRError, validate_ir, walk
from hgrag.state.plan_steps import PlanSteps, StepError, nest_steps
from hgrag.tools.errors import LLMReplyError
from hgrag.tools.llm import as_data, structured_call
from hgrag.tools.text import norm_key

MAX_REASON = 300
OPERATION_OF_ROOT = {"top": None, "test": "yes_no", "project": "attribute", "path": "path", "describe": "describe",
                     "unsupported": "unsupported"}


class Rejected(ValueError):
    """The model's plan cannot be used; the message is the one-line reason."""


class IRPlanner:
    """Asks the model for IR steps; validates, type-checks and links them, or abstains."""

    def plan(self, question: str, resources: Any, context: Context) -> dict[str, Any]:
        rejections: list[str] = []
        for attempt in range(1 + max(0, int(context.max_regenerations))):
            request = {"question": question}
            if rejections:
                request["previous_plan_rejected"] = rejections[-1]
            try:
                reply, _ = structured_call(context, PlanSteps, IR_PLAN_SYSTEM_PROMPT + schema_note(resources.store)
                                           + note_for(resources.store),
                                           IR_PLAN_USER_TEMPLATE.format(request_json=as_data(request)))
                plan = plan_from_steps(reply.model_dump(exclude_none=True)["steps"], question, resources)
            except (LLMReplyError, Rejected) as exc:
                rejections.append(one_line(str(exc)))
                continue
            return _with_check(plan, rejections, attempt)
        return rejected_plan(rejections)


def one_line(text: str) -> str:
    line = " ".join(str(text).split())
    return line if len(line) <= MAX_REASON else line[: MAX_REASON - 1] + "…"


def plan_from_steps(steps: list[dict[str, Any]], question: str, resources: Any) -> dict[str, Any]:
    """The executable plan of a step list, or Rejected naming the first problem."""
    try:
        tree, names = nest_steps(steps)
    except StepError as exc:
        raise Rejected(f"partial plan: {exc}") from None
    if tree.get("op") == "unsupported":
        return _unsupported(str(tree.get("reason") or "the model found it unanswerable from the graph"))
    problem = unlinkable_literal(tree, names) or type_error(tree, names)
    if problem:
        raise Rejected(f"ill-typed plan: {problem}")
    anchors, unresolved = link_matches(tree, names, question, resources)
    try:
        checked = validate_ir(tree)
    except IRError as exc:
        raise Rejected(str(exc)) from None
    plan = ir_native_plan(checked, anchors, unresolved)
    plan["residual"] = question_residual(question, resources)
    if unresolved:
        plan["suggestions"] = suggestions_for(resources.index, unresolved)
    return with_ir(plan)


def question_residual(question: str, resources: Any) -> str:
    """The question as the offline parser reads it (mentions masked), so the question-plan check
    compares what is asked with what the model's plan returns, as for every other plan."""
    from hgrag.agents.checking.residual import residual_text, without_descriptors
    from hgrag.agents.linking.mentions import fold_quotes
    from hgrag.agents.planning.plan_basics import detector_for
    from hgrag.agents.linking.spelling import correct_text

    spans, years, _ = detector_for(resources).detect(question)
    return without_descriptors(correct_text(residual_text(fold_quotes(question), spans, years)))


def _where(op: dict[str, Any], names: dict[int, str]) -> str:
    return f"step {names[id(op)]} ({op.get('op')})" if id(op) in names else str(op.get("op"))


def unlinkable_literal(tree: dict[str, Any], names: dict[int, str]) -> str | None:
    """Node ids the model cannot know: nodes must be named through match steps."""
    node_attrs = {a for table in NODE_ATTRIBUTES.values() for a, kind in table.items() if kind == NODESET} | {"id"}
    for op in walk(tree):
        if op.get("op") == "filter" and op.get("attr") in node_attrs and op.get("sub") is None:
            return f"{_where(op, names)}: {op['attr']!r} names graph nodes; give 'sub': the id of a match step, not a value"
        if op.get("op") == "test" and op.get("cmp") == "contains" and op["input"].get("op") != "project":
            return f"{_where(op, names)}: 'contains' over nodes needs node ids; intersect with a match step, then test nonempty"
    if not any(op.get("op") == "match" for op in walk(tree)):
        return "the plan matches no paper, author or venue of the question"
    return None


def link_matches(tree: dict[str, Any], names: dict[int, str], question: str, resources: Any
                 ) -> tuple[list[dict[str, Any]], list[str]]:
    """Link every match step's text through the entity index (texts must be spans of the question)."""
    from hgrag.agents.planning.plan_basics import detector_for, in_question, link_named_mention

    detector = detector_for(resources)
    anchors: dict[tuple[str, str], dict[str, Any]] = {}
    unresolved: list[str] = []
    for op in walk(tree):
        if op.get("op") != "match":
            continue
        text = str(op.get("text") or "").strip().strip("\"'“”‘’")
        if not text:
            raise Rejected(f"ill-typed plan: {_where(op, names)}: it names no entity (empty text)")
        if not in_question(text, question):
            raise Rejected(f"ill-typed plan: {_where(op, names)}: {text!r} is not in the question; copy names exactly")
        key = (norm_key(text), op["type"])
        if key not in anchors and text not in unresolved:
            span = link_named_mention(detector, {"text": text, "type": op["type"]}) \
                if op["type"] in ("author", "paper", "venue") else link_rich(text, op["type"], resources.store)
            if span is None:
                unresolved.append(text)
            else:
                anchors[key] = mention_dict(span, "subject")
        op["text"], op["ids"] = text, []
    return list(anchors.values()), unresolved


def link_rich(text: str, kind: str, store: Any) -> Any:
    """A span for an institution, topic, keyword or funder named in a match step (None: not found)."""
    from hgrag.agents.kinds.linking import RichSpan
    from hgrag.tools.rich_index import rich_index

    hits = rich_index(store).lookup(text, (kind,))
    return _RichMention(RichSpan(0, len(text), text, kind, hits)) if hits else None


class _RichMention:
    """A richer-kind span dressed as the linker's span (mention_dict reads text, type, candidates)."""

    def __init__(self, span: Any):
        self.text, self.type = span.text, span.type
        self.candidates = [_Candidate(h.node_id, h.label) for h in span.candidates]


class _Candidate:
    def __init__(self, node_id: str, label: str):
        self.node_id, self.label, self.score, self.match = node_id, label, 1.0, "normalized"


def ir_native_plan(ir: dict[str, Any], anchors: list[dict[str, Any]], unresolved: list[str]) -> dict[str, Any]:
    """The plan record around an IR the model wrote (the fields the other agents read)."""
    ops = list(walk(ir))
    kinds = [op["op"] for op in ops]
    operation = _operation(ir)
    returned = output_kind(ir)
    returned = returned if returned in ("author", "paper", "venue") else None  # a value, count or yes/no: 'value'
    target = returned if returned in ("author", "paper", "venue") and operation in ("list", "argmax", "argmin",
                                                                                    "describe") else "value"
    hops = kinds.count("traverse")
    query_type = ("aggregation" if {"aggregate", "top"} & set(kinds) else
                  "multihop" if hops >= 2 or kinds.count("match") >= 2 else "relation" if hops else "attribute")
    first = next(op for op in ops if op["op"] == "match")
    rich = any(op.get("edge") in RICH_EDGE_TYPES or op.get("type") in RICH_NODE_TYPES for op in ops)
    return {"ir_native": True, "ir": ir, "anchors": anchors, "unresolved": unresolved, "steps": [], "rich_kinds": rich,
            "start_type": first["type"], "operation": operation, "attribute": None, "project": None,
            "compare": [], "exclude_anchors": False, "combine": "intersection", "constraints": {},
            "target_type": target, "result_type": returned or "value", "hop_budget": hops,
            "query_type": query_type, "rationale": "llm IR plan"}


def _operation(ir: dict[str, Any]) -> str:
    op = ir["op"]
    if op == "aggregate":
        return ir["fn"]
    if op == "top":
        return "argmax" if ir.get("order", "max") == "max" else "argmin"
    return OPERATION_OF_ROOT.get(op) or "list"


def _unsupported(reason: str) -> dict[str, Any]:
    from hgrag.agents.planning.plan_basics import unsupported_plan

    return unsupported_plan(f"I do not answer this from the graph: {one_line(reason)}")


def _with_check(plan: dict[str, Any], rejections: list[str], attempt: int) -> dict[str, Any]:
    plan["ir_rejections"] = list(rejections)
    plan["plan_regenerations"] = attempt
    if not plan.get("ir_native"):  # the model called the question unsupported
        plan["rationale"] = f"llm IR plan; {plan['rationale']}"
    reason = (f"IR plan accepted after {len(rejections)} rejected" if rejections else "IR plan accepted")
    plan["planner_check"] = {"mode": "ir", "agree": True, "chosen": "llm", "attempts": attempt + 1,
                             "rejected": list(rejections), "reason": reason}
    return plan


def rejected_plan(rejections: list[str]) -> dict[str, Any]:
    """After the last failed regeneration: abstain, saying why."""
    last = rejections[-1] if rejections else "no reply"
    plan = _unsupported(f"the LLM planner wrote no usable plan in {len(rejections)} attempts (last: {last})")
    plan["ir_rejections"] = list(rejections)
    plan["plan_regenerations"] = max(0, len(rejections) - 1)
    plan["rationale"] = f"llm IR plan rejected; {plan['rationale']}"
    plan["planner_check"] = {"mode": "ir", "agree": False, "chosen": "none", "attempts": len(rejections),
                             "rejected": list(rejections), "reason": f"every IR plan was rejected; abstaining (last: {last})"}
    return plan
