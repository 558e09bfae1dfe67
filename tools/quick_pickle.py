"""Unpickling large caches without the cycle collector running over them half-built.

A cached graph is millions of small objects; with the collector on, unpickling it triggers
repeated full collections (0.67 s → 0.22 s for the OpenAlex graph with it paused). Reference
counting still frees garbage meanwhile; the collector is switched back on afterwards.

What was loaded is then frozen (`gc.freeze`): a cache lives as long as the process, and left to the
collector its objects would be walked again in each of the next full collections, which took a cold
question another 0.4 s. The young generations are collected before the load, so their garbage is not
frozen with it; older garbage (a full collection costs 0.1 s) is rare and frozen once.

A command-line process also pauses the collector for its start-up (`pause_for_startup`): the imports
make hundreds of thousands of long-lived objects, and the collections they trigger took a cold question
0.1-0.15 s of CPU. The first cache load ends that pause (imported modules are frozen with the cache).
"""

from __future__ import annotations

import gc
import pickle
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, BinaryIO

_STARTUP = {"paused": False}


def pause_for_startup() -> None:
    """Switch the collector off until the first cache load (which freezes and switches it back on)."""
    if gc.isenabled():
        gc.disable()
        _STARTUP["paused"] = True


def _startup_pause_ended() -> bool:
    """True once: the collector was off for start-up and is to be switched back on now."""
    paused, _STARTUP["paused"] = _STARTUP["paused"], False
    return paused


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cycle collector for the block (restored as it was, also on errors)."""
    ending_startup = _startup_pause_ended()
    was_enabled = gc.isenabled() or ending_startup
    if ending_startup:
        gc.freeze()  # the imported modules live as long as the process (walking them took 0.08 s)
    else:
        gc.collect(1)  # the young garbage is not frozen below (a full collection costs a cold start 0.1 s)
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()  # what was just loaded lives as long as the process: never scan it again
        if was_enabled:
            gc.enable()


def loads(data: bytes) -> Any:
    with collector_paused():
        return pickle.loads(data)


def load(handle: BinaryIO) -> Any:
    with collector_paused():
        return pickle.load(handle)


def read_or_none(path: Any) -> Any:
    """The pickle at `path`, or None when there is none or it cannot be read (callers rebuild)."""
    if path is None:
        return None
    try:
        with open(path, "rb") as handle:
            return load(handle)
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ValueError):
        return None
