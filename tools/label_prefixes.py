"""Which word runs can still grow into a label: lets the mention detector stop extending a span early.

A paper or venue label matches a span only when their normalised keys are equal, so a span whose
key begins no such label cannot be extended into one. Person names are matched in other orders
("Simon, Marvin K."), so spans up to the longest name in the graph are always tried.
"""

from __future__ import annotations

import bisect
from typing import Any

from hgrag.tools.text import name_tokens, norm_key

PREFIX_TYPES = ("paper", "venue")


class LabelPrefixes:
    """Sorted normalised paper and venue labels, and the most words any author's name has."""

    def __init__(self, store: Any):
        self._titles = sorted((norm_key(store.label(node)), node) for node in store.nodes_of_type("paper"))
        self._keys = sorted({key for key, _ in self._titles} |
                            {norm_key(store.label(node)) for node in store.nodes_of_type("venue")})
        self.longest_name_words = max((len(name_tokens(store.label(node)))
                                       for node in store.nodes_of_type("author")), default=0)

    def begins_a_label(self, text: str) -> bool:
        """True when some paper or venue label's normalised key starts with `text`'s."""
        key = norm_key(text)
        at = bisect.bisect_left(self._keys, key)
        return at < len(self._keys) and self._keys[at].startswith(key)

    def titles_starting(self, key: str, limit: int) -> list[str]:
        """Up to `limit` papers whose normalised title starts with the normalised `key`."""
        at = bisect.bisect_left(self._titles, (key, ""))
        found = []
        while at < len(self._titles) and self._titles[at][0].startswith(key) and len(found) < limit:
            found.append(self._titles[at][1])
            at += 1
        return found
