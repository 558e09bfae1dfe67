"""The typed per-thread memory: one small record per answered turn, kept in the state `conversation`.

A record holds what a later turn may refer to: the question as asked and as resolved, the answer
items with node ids and types (in the order shown), the anchors, the plan IR, same-name candidates
the turn asked about, and whether the turn was itself a clarifying question.
"""

from __future__ import annotations

from typing import Any

from typing_extensions import NotRequired, TypedDict

from hgrag.tools.plan_exec import UNBOUNDED, answer_items, byline_paper, run_plan, value_items

MAX_TURNS = 8  # older turns are dropped: references reach back a few turns, never the whole thread


class Item(TypedDict):
    id: str
    label: str
    type: str


class Turn(TypedDict):
    turn: int
    dataset: str
    asked: str  # as the user typed it
    question: str  # as resolved (standalone), what the planner read
    answer: list[str]
    items: list[Item]  # answer entities in the order shown
    counted: NotRequired[list[Item]]  # what a count answer counted
    found: NotRequired[list[Item]]  # what a yes to an existence test found ('and those papers are?')
    anchors: list[Item]
    mentions: dict[str, str]  # node id -> the words that named it in `question`
    target_type: str
    ir: dict[str, Any] | None
    clarify: bool
    kind: str  # how the turn was read: standalone | substitution | ellipsis | refinement | choice | clarify
    homonyms: NotRequired[list[dict[str, Any]]]  # [{"text", "ids"}]: same-name authors this turn asked about
    pending: NotRequired[str]  # the question a clarification holds back


def entity_items(store: Any, plan: dict[str, Any], answer: list[str]) -> list[Item]:
    """The answer's entities (node ids), in the order shown, re-read from the plan's execution."""
    if not answer or not plan or not plan.get("ir"):
        return []
    try:
        execution = run_plan(store, plan, layer_budget=UNBOUNDED, evidence=False)
    except Exception:  # a plan that cannot be re-run leaves nothing to refer to, never breaks the turn
        return []
    shown = set(answer)
    items = []
    for item in answer_items(store, plan, execution):
        if item.node_id and item.text in shown and store.has_node(item.node_id):
            items.append(Item(id=item.node_id, label=store.label(item.node_id), type=store.node_type(item.node_id)))
    order = {text: i for i, text in enumerate(answer)}
    return sorted(items, key=lambda it: order.get(it["label"], len(order)))


def counted_items(store: Any, plan: dict[str, Any]) -> list[Item]:
    """The set a count answer counted ('how many papers did A write?' -> A's papers), or the one an existence
    test found ('have A and B written together?' -> their joint papers), for 'them' / 'those papers' later."""
    from hgrag.tools.ir_exec import execute

    ir = (plan or {}).get("ir") or {}
    counts = ir.get("op") == "aggregate" and ir.get("fn") == "count"
    exists = ir.get("op") == "test" and ir.get("cmp") == "nonempty"
    if not (counts or exists) or not isinstance(ir.get("input"), dict):
        return []
    try:
        value = execute(store, ir["input"], UNBOUNDED, evidence=False).value
    except Exception:  # nothing to refer to, never a broken turn
        return []
    if value.kind != "nodes":
        return []
    nodes = [item.node_id for item in value_items(store, value, byline_paper(ir["input"]))]
    return [Item(id=n, label=store.label(n), type=store.node_type(n)) for n in nodes if n and store.has_node(n)]


def anchor_items(store: Any, plan: dict[str, Any]) -> tuple[list[Item], dict[str, str]]:
    anchors, words = [], {}
    for mention in (plan or {}).get("anchors", []):
        node = mention.get("node_id")
        if node and store.has_node(node) and node not in words:
            anchors.append(Item(id=node, label=store.label(node), type=store.node_type(node)))
            words[node] = mention.get("relinked_from") or mention.get("text") or store.label(node)
    return anchors, words


def homonym_groups(plan: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"text": m.get("text", ""), "ids": list(m["homonyms"])}
            for m in (plan or {}).get("anchors", []) if len(m.get("homonyms") or []) > 1]


def turn_record(state: dict[str, Any], store: Any, number: int) -> Turn:
    plan = state.get("plan") or {}
    resolution = state.get("resolution") or {}
    clarify = resolution.get("kind") == "clarify"
    anchors, words = anchor_items(store, plan) if not clarify else ([], {})
    record = Turn(turn=number, dataset=state.get("dataset") or "", asked=resolution.get("asked", ""),
                  question=resolution.get("question", ""), answer=list(state.get("answer") or []),
                  items=[] if clarify or plan.get("operation") == "describe"
                  else entity_items(store, plan, list(state.get("answer") or [])),
                  anchors=anchors, mentions=words, target_type=str(plan.get("target_type") or ""),
                  ir=None if clarify else plan.get("ir"), clarify=clarify,
                  kind=str(resolution.get("kind") or "standalone"))
    if not clarify and state.get("answer"):
        found = counted_items(store, plan)
        record["found" if (plan.get("ir") or {}).get("op") == "test" else "counted"] = found
    groups = [] if clarify else homonym_groups(plan)
    if groups:
        record.update(homonyms=groups, pending=record["question"])
    if clarify and resolution.get("pending"):
        record.update(pending=resolution["pending"], homonyms=resolution.get("homonyms", []))
    return record


def remember(history: list[Turn], record: Turn) -> list[Turn]:
    return (list(history) + [record])[-MAX_TURNS:]
