"""The `plan` node of a conversation turn: the normal plan node, with what the resolver decided
applied to its plan (a set stand-in widened to the whole set, a chosen same-name author pinned), or a
refinement plan built from the previous answer set instead of planning from words."""

from __future__ import annotations

import copy
from typing import Any

from hgrag.agents.answering.interpretation import interpret
from hgrag.agents.planning.ir_planner import ir_native_plan
from hgrag.agents.understanding.signature import output_kind
from hgrag.agents.planning.plan_lowering import with_ir
from hgrag.tools.text import norm_key


class FixedPlanner:
    """A planner that returns a plan already built (the refinement IR)."""

    def __init__(self, plan: dict[str, Any]):
        self._plan = plan

    def plan(self, question: str, resources: Any, context: Any) -> dict[str, Any]:
        return copy.deepcopy(self._plan)


def refinement_plan(resolution: dict[str, Any]) -> dict[str, Any]:
    anchors = [{"text": it["label"], "type": it["type"], "node_id": it["id"], "label": it["label"], "score": 1.0,
                "match": "thread", "role": "subject"} for it in resolution["set"]]
    anchors += [{"text": c["label"], "type": c["type"], "node_id": c["node_id"], "label": c["label"], "score": 1.0,
                 "match": "exact", "role": "filter"} for c in resolution.get("conditions") or []]
    plan = ir_native_plan(resolution["ir"], anchors, [])
    plan["rationale"] = "refinement of an earlier answer in this thread"
    plan["interpretation"] = interpret(plan["ir"], anchors=anchors)
    return plan


def _widen(op: Any, placeholder: str, ids: list[str]) -> Any:
    if isinstance(op, list):
        return [_widen(o, placeholder, ids) for o in op]
    if not isinstance(op, dict):
        return op
    if op.get("op") == "match" and op.get("ids") == [placeholder]:
        return {**op, "ids": list(ids), "text": ""}
    return {k: _widen(v, placeholder, ids) for k, v in op.items()}


def grafted(plan: dict[str, Any], graft: dict[str, Any], store: Any) -> dict[str, Any]:
    """The plan with its match on the set's stand-in widened to every member of the set."""
    ir = plan.get("ir") or with_ir(plan).get("ir")
    if not ir or graft["placeholder"] not in str(ir):  # the plan does not use the set: answering it would mislead
        from hgrag.agents.planning.plan_basics import unsupported_plan

        return unsupported_plan("I could not read this follow-up as a question about the earlier answer set, "
                                "so I do not answer it; please ask the whole question.")
    widened = _widen(ir, graft["placeholder"], graft["ids"])
    anchors = [a for a in plan.get("anchors", []) if a.get("node_id") != graft["placeholder"]]
    anchors += [{"text": store.label(n), "type": graft["type"], "node_id": n, "label": store.label(n), "score": 1.0,
                 "match": "thread", "role": "subject"} for n in graft["ids"]]
    native = ir_native_plan(widened, anchors, list(plan.get("unresolved") or []))
    native["rationale"] = "follow-up over an earlier answer set; " + str(plan.get("rationale", ""))
    native["interpretation"] = interpret(widened, anchors=anchors)
    return native


def excluding(plan: dict[str, Any], excluded: list[dict[str, Any]], store: Any) -> dict[str, Any]:
    """The plan with the thread's own entities of its answer type left out ('what else has the second
    author published?' leaves out the paper the thread is about); a count counts the rest."""
    ir = plan.get("ir") or with_ir(plan).get("ir")
    counting = isinstance(ir, dict) and ir.get("op") == "aggregate" and ir.get("fn") == "count"
    listed = ir.get("input") if counting else ir
    kind = output_kind(listed) if isinstance(listed, dict) else None
    ids = [it["id"] for it in excluded if it.get("type") == kind]
    if not ids or listed.get("op") not in LISTS:
        return plan
    named = " and ".join(it["label"] for it in excluded if it["id"] in ids)
    rest = {"op": "difference", "inputs": [listed, {"op": "match", "ids": ids, "type": kind, "text": named}]}
    new_ir = {**ir, "input": rest} if counting else rest
    anchors = list(plan.get("anchors") or []) + [
        {"text": it["label"], "type": kind, "node_id": it["id"], "label": it["label"], "score": 1.0,
         "match": "thread", "role": "excluded"} for it in excluded if it["id"] in ids]
    native = ir_native_plan(new_ir, anchors, list(plan.get("unresolved") or []))
    native["rationale"] = "follow-up leaving out what the thread is about; " + str(plan.get("rationale", ""))
    native["interpretation"] = interpret(new_ir, store, anchors=native["anchors"])
    return native


LISTS = ("match", "traverse", "filter", "intersect", "union", "difference")


def pinned(plan: dict[str, Any], pins: dict[str, str]) -> dict[str, Any]:
    """The plan with each same-name mention linked to the author the user chose."""
    keys = {norm_key(text): node for text, node in pins.items()}
    changed = False
    for mention in plan.get("anchors", []):
        node = keys.get(norm_key(mention.get("text") or ""))
        if node:
            mention.update(node_id=node, candidates=[node], candidate_scores=[1.0], tied=[], match="thread-choice")
            mention.pop("homonyms", None)
            changed = True
    return with_ir(plan) if changed else plan


def _counted(out: dict[str, Any]) -> dict[str, Any]:
    """The plan's answer set counted ('and the number for B' after counting A's co-authors)."""
    plan = out["plan"]
    ir = plan.get("ir") or with_ir(plan).get("ir")
    if not isinstance(ir, dict) or output_kind(ir) not in ("author", "paper", "venue"):
        return out
    counted = {"op": "aggregate", "input": ir, "fn": "count"}
    native = ir_native_plan(counted, list(plan.get("anchors") or []), list(plan.get("unresolved") or []))
    native["rationale"] = "the earlier count asked again; " + str(plan.get("rationale", ""))
    native["interpretation"] = interpret(counted, anchors=native["anchors"])
    return {**out, "plan": native, "query_type": native["query_type"], "interpretation": native["interpretation"]}


def wrap_plan_node(make_plan_node: Any, planner: Any = None):
    """The plan node for a variant: `make_plan_node(planner)` plus the resolution applied."""
    base = make_plan_node(planner)

    def plan(state: dict[str, Any], runtime: Any) -> dict[str, Any]:
        resolution = state.get("resolution") or {}
        if resolution.get("kind") == "refinement":
            out = make_plan_node(FixedPlanner(refinement_plan(resolution)))(state, runtime)
        else:
            out = base(state, runtime)
        if out.get("error") or not out.get("plan"):
            return out
        if resolution.get("count"):
            out = _counted(out)
        if resolution.get("graft") or resolution.get("pins") or resolution.get("exclude"):
            from hgrag.agents.resources_access import resources_for
            from hgrag.state.context import Context

            store = resources_for(state, runtime.context or Context()).store
            new_plan = out["plan"]
            if resolution.get("graft"):
                new_plan = grafted(new_plan, resolution["graft"], store)
            if resolution.get("pins"):
                new_plan = pinned(new_plan, resolution["pins"])
            if resolution.get("exclude"):
                new_plan = excluding(new_plan, resolution["exclude"], store)
            new_plan["display_limit"] = out["plan"].get("display_limit")
            out.update(plan=new_plan, query_type=new_plan["query_type"], interpretation=new_plan.get("interpretation", ""))
        return out

    return plan
