"""Thread-database faults as one line, and one process at a time per thread.

A damaged or long-locked `threads.sqlite` becomes an InputError naming the file and what to do;
`thread_lock` (an flock(2) file per thread id in HGRAG_HOME, released by the kernel when a process
dies) stops two processes from running one thread at once, which would fork it silently.
"""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from hgrag.tools import cache
from hgrag.tools.datasets import hgrag_home
from hgrag.tools.errors import InputError


def database_error(target: Path, exc: sqlite3.Error, busy_seconds: float) -> InputError:
    """The one line for a thread-database failure: busy (try again) or damaged (move it away)."""
    first = (str(exc).splitlines() or [type(exc).__name__])[0]
    if isinstance(exc, sqlite3.OperationalError) and ("locked" in first or "busy" in first):
        return InputError(f"the thread database {target} stayed locked by another process for "
                          f"{busy_seconds:g} s ({first}); try again when it is free")
    return InputError(f"the thread database {target} failed ({type(exc).__name__}: {first}); "
                      f"if it is damaged, move it away (a new one is created)")


@contextmanager
def thread_lock(thread_id: str) -> Iterator[None]:
    """Hold the thread's inter-process lock; InputError at once when another process holds it."""
    digest = hashlib.sha256(thread_id.encode("utf-8", "surrogatepass")).hexdigest()[:16]
    with cache.build_lock(hgrag_home() / f"thread-{digest}", wait=False) as got:
        if not got:
            raise InputError(f"thread {thread_id!r} is being run by another process; "
                             f"try again when it has finished (or inspect it with --history)")
        yield
