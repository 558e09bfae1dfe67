"""Conversation rows of a question file: lines with "thread" (and optional "turn") are the turns of
one conversation, asked in order in one thread (a fresh thread id per evaluation run)."""

from __future__ import annotations

import uuid
from typing import Any

from hgrag.tools.errors import InputError


def check_thread_fields(row: dict[str, Any], where: str) -> None:
    thread, turn = row.get("thread"), row.get("turn")
    if thread is not None and (not isinstance(thread, (str, int)) or isinstance(thread, bool) or not str(thread).strip()):
        raise InputError(f'{where}: "thread" must be a non-empty string or number')
    if turn is not None and (thread is None or not isinstance(turn, int) or isinstance(turn, bool) or turn < 1):
        raise InputError(f'{where}: "turn" must be a positive integer on a line with "thread"')


def in_thread_order(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Rows with each thread's turns together (at its first line's place), by "turn" then file order;
    every thread row gets the id of its run thread in `_thread_id`."""
    run = uuid.uuid4().hex[:8]
    threads: dict[str, list[tuple[int, int, dict[str, Any]]]] = {}
    order: list[Any] = []
    for position, row in enumerate(rows):
        if row.get("thread") is None:
            order.append(row)
            continue
        key = str(row["thread"])
        if key not in threads:
            threads[key] = []
            order.append(key)
        threads[key].append((row.get("turn") or 0, position, row))
    ordered = []
    for entry in order:
        if isinstance(entry, dict):
            ordered.append(entry)
            continue
        turns = sorted(threads[entry], key=lambda t: (t[0], t[1]))
        ordered += [{**row, "_thread_id": f"eval-{run}-{entry}"} for _, _, row in turns]
    return ordered
