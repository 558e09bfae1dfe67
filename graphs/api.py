"""Public Python API: build the compiled QA graph, ask one question, keep durable threads.

    ask("Who wrote 'X'?", "openalex")                          # one-off, nothing persisted
    ask("Who wrote 'X'?", "openalex", thread_id="t1")          # checkpointed in HGRAG_HOME
    with open_checkpointer() as saver: graph = build_qa_graph(checkpointer=saver)
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any

from hgrag.graphs.scholar_qa import VARIANTS, Policies, build_qa_graph
from hgrag.graphs.thread_guard import database_error, thread_lock
from hgrag.state.context import Context
from hgrag.tools.datasets import hgrag_home
from hgrag.tools.errors import HgragError, InputError

__all__ = ["ask", "build_qa_graph", "Context", "Policies", "VARIANTS", "open_checkpointer", "threads_path"]

THREADS_FILE = "threads.sqlite"
SQLITE_BUSY_SECONDS = 60.0  # how long a writer waits for another process's transaction


def threads_path() -> Path:
    """The checkpoint database shared by `hgrag debug`, `ask(thread_id=...)` and scripts."""
    return hgrag_home() / THREADS_FILE


@contextmanager
def open_checkpointer(path: str | Path | None = None) -> Iterator[Any]:
    """A SqliteSaver on `path` (default `threads_path()`); closed on exit. Safe across processes."""
    from langgraph.checkpoint.sqlite import SqliteSaver

    target = Path(path) if path is not None else threads_path()
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        connection = sqlite3.connect(str(target), timeout=SQLITE_BUSY_SECONDS, check_same_thread=False)
    except sqlite3.Error as exc:
        raise InputError(f"cannot open the thread database {target}: {exc}") from None
    try:
        saver = SqliteSaver(connection)
        try:
            connection.execute("PRAGMA journal_mode=WAL")  # readers never block the writer; a turn commits cheaply
            connection.execute("PRAGMA synchronous=NORMAL")  # durable across processes (an OS crash may lose a turn)
            saver.setup()
        except sqlite3.DatabaseError as exc:
            raise database_error(target, exc, SQLITE_BUSY_SECONDS) from None
        yield saver
    except sqlite3.Error as exc:  # damaged pages, a lock held past the busy timeout: one line
        raise database_error(target, exc, SQLITE_BUSY_SECONDS) from None
    finally:
        connection.close()


@lru_cache(maxsize=len(VARIANTS))
def _compiled(variant: str) -> Any:
    return build_qa_graph(variant)


def ask(question: str, dataset: str = "openalex", *, source: str | None = None, variant: str = "agentic",
        thread_id: str | None = None, **context: Any) -> dict[str, Any]:
    """Answer one question; returns the output state (answer, answer_text, evidence, scores, error).

    Bad input (question, dataset, settings) is reported in `error`, never raised. With `thread_id`
    the run is checkpointed in HGRAG_HOME and can be inspected or resumed later (`hgrag debug`).
    """
    if variant not in VARIANTS:
        return _error_state(f"unknown variant {variant!r}; choose one of {', '.join(VARIANTS)}")
    ctx = Context.from_mapping({"dataset": dataset, "source": source, **context})
    inputs = {"question": question, "dataset": dataset}
    if thread_id is None:
        return _complete(_compiled(variant).invoke(inputs, context=ctx))
    if not isinstance(thread_id, str) or not thread_id.strip():
        return _error_state("thread_id must be non-empty text")
    try:
        with thread_lock(thread_id):
            graph = _thread_graph(variant, str(threads_path()))
            return _complete(graph.invoke(inputs, {"configurable": {"thread_id": thread_id}}, context=ctx))
    except HgragError as exc:
        return _error_state(str(exc))
    except sqlite3.Error as exc:
        _close_thread_graphs()  # reopened on the next call
        return _error_state(str(database_error(threads_path(), exc, SQLITE_BUSY_SECONDS)))


_THREAD_GRAPHS: dict[tuple[str, str], tuple[Any, Any]] = {}  # (variant, database) -> (open context, graph)


def _thread_graph(variant: str, database: str) -> Any:
    """The compiled graph on this process's open connection to `database` (opened and compiled once:
    a follow-up turn costs no more than a standalone question). Other processes share the file."""
    key = (variant, database)
    if key not in _THREAD_GRAPHS:
        context = open_checkpointer(database)
        saver = context.__enter__()
        _THREAD_GRAPHS[key] = (context, build_qa_graph(variant, checkpointer=saver))
    return _THREAD_GRAPHS[key][1]


def _close_thread_graphs() -> None:
    while _THREAD_GRAPHS:
        context, _ = _THREAD_GRAPHS.popitem()[1]
        try:
            context.__exit__(None, None, None)
        except sqlite3.Error:
            pass


def _error_state(message: str) -> dict[str, Any]:
    return _complete({"answer_text": f"Error: {message}", "error": message})


# every result carries these fields, also when a run stopped at an error (callers index them)
RESULT_DEFAULTS: dict[str, Any] = {"answer": [], "answer_text": "", "verified": False, "error": None,
                                   "interpretation": "", "evidence": {}}


def _complete(result: dict[str, Any]) -> dict[str, Any]:
    return {**RESULT_DEFAULTS, **result}
