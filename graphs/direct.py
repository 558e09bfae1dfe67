"""A one-shot question without a thread, run by walking `qa_topology` in-process.

The same nodes, edges and routers as the compiled LangGraph graph (`scholar_qa`), without importing
LangGraph: that import is most of a cold `hgrag ask` process's start-up. Threads, Studio, sub-graphs and
step debugging use the compiled graph; a parity test holds the two to the same output state.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from hgrag.graphs.topology import END, START, Policies, qa_topology
from hgrag.state.context import Context

MAX_STEPS = 25  # LangGraph's default recursion limit; the routers' loop counters stop far below it


@dataclass(frozen=True)
class DirectRuntime:
    """What a node reads of LangGraph's `Runtime`: the run's context."""

    context: Context


def merge(state: dict[str, Any], update: dict[str, Any]) -> None:
    """Apply a node's update as the compiled graph's channels do: `messages` appends, every other key is replaced."""
    for key, value in update.items():
        state[key] = (state.get(key) or []) + list(value or []) if key == "messages" else value


def run_direct(inputs: dict[str, Any], context: Context, variant: str = "agentic", policies: Policies | None = None,
               on_update: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
    """The final state of one run; `on_update` sees each node's update as `{node: update}` (like stream 'updates')."""
    topology = qa_topology(variant, policies)
    runtime = DirectRuntime(context)
    state = {k: v for k, v in inputs.items() if k in ("question", "dataset", "messages")}
    node = topology.successor(START, state)
    for _ in range(MAX_STEPS):
        if node == END:
            return state
        update = topology.nodes[node](state, runtime) or {}
        merge(state, update)
        if on_update is not None:
            on_update({node: update})
        node = topology.successor(node, state)
    raise RuntimeError(f"the QA state machine did not finish within {MAX_STEPS} steps")
