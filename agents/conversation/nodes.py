"""Graph nodes of a conversation turn: `resolve` (before plan), the plan wrapper (grafts, pins and
refinement plans), and `respond` (one AIMessage per run, the turn remembered)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hgrag.agents.conversation.memory import remember, turn_record
from hgrag.agents.conversation.naming import set_name
from hgrag.agents.conversation.resolver import resolve, standalone
from hgrag.agents.resources_access import resources_for
from hgrag.state.context import Context
from hgrag.tools.errors import HgragError

if TYPE_CHECKING:  # annotations only: a one-shot run need not import LangGraph
    from langgraph.runtime import Runtime



def fresh_run(state: dict[str, Any]) -> dict[str, Any]:
    """Per-run fields a reused thread must not carry over from its previous run (only those the
    thread holds: a first run starts without them)."""
    return {k: v for k, v in _RUN_DEFAULTS.items() if k in state}


_RUN_DEFAULTS: dict[str, Any] = {"answer": [], "answer_text": "", "interpretation": "", "evidence": {}, "validation": {},
            "feedback": "", "candidates": [], "verified": False, "error": None, "expansions": 0,
            "regenerations": 0, "sufficiency_score": 0.0, "consistency_score": 0.0, "planner_check": None,
            "resolution": {}, "clarification": None, "plan": {}, "query_type": ""}



def _is_human(message: Any) -> bool:
    """A user's message: a LangChain HumanMessage, or a message dict of type/role human or user."""
    kind = message.get("type", message.get("role")) if isinstance(message, dict) else getattr(message, "type", None)
    return kind in ("human", "user")


def _message_id(message: Any) -> str | None:
    return message.get("id") if isinstance(message, dict) else getattr(message, "id", None)


def _content(message: Any) -> str:
    content = message.content if hasattr(message, "content") else (message or {}).get("content", "")
    if isinstance(content, list):  # content blocks (Studio, multimodal clients)
        content = " ".join(b.get("text", "") if isinstance(b, dict) else str(b) for b in content)
    return str(content)


def incoming(state: dict[str, Any]) -> tuple[str | None, list[Any]]:
    """The question of this run and the messages to append: the last human message when it is new
    (not yet consumed), else the `question` input (then added to `messages` as a human message dict, which
    the compiled graph's `add_messages` makes a HumanMessage)."""
    messages = state.get("messages") or []
    humans = [m for m in messages if _is_human(m)]
    last = humans[-1] if humans else None
    if last is not None and _message_id(last) != state.get("consumed_message") and messages[-1] is last:
        return _content(last), []
    question = state.get("question")
    return question, ([{"type": "human", "content": question}] if isinstance(question, str) and question.strip() else [])


def make_resolve_node():
    def resolve_turn(state: dict[str, Any], runtime: Runtime[Context]) -> dict[str, Any]:
        asked, new_messages = incoming(state)
        update = {**fresh_run(state), "messages": new_messages, "resolution": {}, "clarification": None}
        humans = [m for m in (state.get("messages") or []) + new_messages if _is_human(m)]
        update["consumed_message"] = _message_id(humans[-1]) if humans else None
        context = runtime.context or Context()
        history = state.get("conversation") or []
        resolution = standalone(asked)
        if history and isinstance(asked, str) and asked.strip():
            try:
                from hgrag.agents.retrieval_agent import OfflinePlanner, detector_for

                resources = resources_for(state, context)
                reader = OfflinePlanner()
                name_set = lambda turn, items: set_name(turn, items, resources,  # noqa: E731
                                                        lambda q, r: reader.plan(q, r, context))
                resolution = resolve(asked, history, state.get("dataset") or context.dataset,
                                     detector_for(resources), resources.store, name_set)
            except HgragError:
                resolution = standalone(asked)  # the plan node reports the bad dataset or settings
        update["resolution"] = resolution
        update["question"] = resolution.get("question") if isinstance(resolution.get("question"), str) else asked
        if resolution["kind"] == "clarify":
            update.update(answer=[], answer_text=resolution["clarify"], clarification=resolution["clarify"],
                          interpretation="Not answered: a reference to the earlier turns is unclear.")
        return update

    return resolve_turn


def route_after_resolve(state: dict[str, Any]) -> str:
    return "respond" if (state.get("resolution") or {}).get("kind") == "clarify" else "plan"


def make_respond_node():
    def respond(state: dict[str, Any], runtime: Runtime[Context]) -> dict[str, Any]:
        text = state.get("answer_text") or ("Error: " + state["error"] if state.get("error") else "")
        resolution = state.get("resolution") or {}
        update: dict[str, Any] = {"messages": [{"type": "ai", "content": text}]}  # made an AIMessage by add_messages
        taken = resolution.get("taken") or []
        if taken and resolution.get("kind") != "clarify":
            update["interpretation"] = "From the conversation: " + "; ".join(taken) + ". " + (state.get("interpretation") or "")
        if state.get("error") and not state.get("plan"):
            return update
        context = runtime.context or Context()
        try:
            resources = resources_for(state, context)
        except HgragError:
            return update
        history = state.get("conversation") or []
        record = turn_record({**state, "dataset": state.get("dataset") or context.dataset}, resources.store,
                             len(history) + 1)
        update["conversation"] = remember(history, record)
        return update

    return respond
