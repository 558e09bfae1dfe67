"""A small thread-safe least-recently-used memo for repeated look-ups of immutable results.

The entity index embeds and searches the same text several times while one question is
planned, retrieved and validated (and again when a service is asked about the same entity);
encoding a text with MiniLM costs milliseconds, reading a memo microseconds.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

Value = TypeVar("Value")


class Memo(Generic[Value]):
    """Up to `size` results by key; the least recently used one is dropped first."""

    def __init__(self, size: int):
        self.size = size
        self._items: OrderedDict[Hashable, Value] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> Value | None:
        with self._lock:
            if key not in self._items:
                return None
            self._items.move_to_end(key)
            return self._items[key]

    def put(self, key: Hashable, value: Value) -> None:
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def get_or_compute(self, key: Hashable, compute: Callable[[], Value]) -> Value:
        """The remembered result for `key`, computing (outside the lock) and keeping it when absent."""
        found = self.get(key)
        if found is None:
            found = compute()
            self.put(key, found)
        return found

    def __len__(self) -> int:
        return len(self._items)
