"""Run a call with a time limit, so a regression that hangs (e.g. exponential schema walking) fails
instead of stalling the suite. The limit is generous: it is a hang detector, not a speed check."""

from __future__ import annotations

import threading
from typing import Any, Callable

HANG_SECONDS = 60.0


def within(call: Callable[..., Any], *args: Any, seconds: float = HANG_SECONDS, **kwargs: Any) -> Any:
    """call(*args, **kwargs), or an AssertionError if it has not returned after `seconds`."""
    outcome: dict[str, Any] = {}

    def run() -> None:
        try:
            outcome["value"] = call(*args, **kwargs)
        except BaseException as exc:  # re-raised in the test's thread
            outcome["error"] = exc

    worker = threading.Thread(target=run, name="timebox", daemon=True)
    worker.start()
    worker.join(seconds)
    if worker.is_alive():
        raise AssertionError(f"{getattr(call, '__name__', call)} did not return within {seconds:g} s (hang?)")
    if "error" in outcome:
        raise outcome["error"]
    return outcome.get("value")
