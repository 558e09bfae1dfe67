"""Which word runs can still grow into a label: lets the mention detector stop extending a span early.

A paper or venue label matches a span only when their normalised keys are equal, so a span whose
key begins no such label cannot be extended into one. Person names are matched in other orders
("Simon, Marvin K."), so spans up to the longest name in the graph are always tried.

The sorted lists and the given names grow with the graph, so the entity index builds them once and saves
them beside its string maps (`EntityIndex.save`, prefixes.pkl); a process start only unpickles them.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable
from typing import Any

from hgrag.tools.entity_keys import label_text
from hgrag.tools.text import name_tokens, norm_key

PREFIX_TYPES = ("paper", "venue")


class LabelPrefixes:
    """Sorted normalised paper and venue labels, the most words any author's name has, and the given
    names of the graph's authors (first name words of two letters or more)."""

    def __init__(self, titles: list[tuple[str, str]], venue_keys: list[str], author_keys: Iterable[str]):
        self._titles = sorted(titles)
        self._keys = sorted({key for key, _ in titles} | set(venue_keys))
        names = [key.split() for key in author_keys]
        self.longest_name_words = max((len(words) for words in names), default=0)
        self.given_names = frozenset(words[0] for words in names if len(words) >= 2 and len(words[0]) >= 2)

    @classmethod
    def from_maps(cls, maps: Any) -> LabelPrefixes:
        """From an index's string maps (`LabelMaps`; keys already normalised)."""
        return cls(maps.keyed("paper", "normalized"), [key for key, _ in maps.keyed("venue", "normalized")],
                   (key for key, _ in maps.keyed("author", "name")))

    def payload(self) -> dict[str, Any]:
        """The sorted lists, as saved beside the index (see `restore`)."""
        return {"titles": self._titles, "keys": self._keys, "longest_name_words": self.longest_name_words,
                "given_names": sorted(self.given_names)}

    @classmethod
    def restore(cls, payload: dict[str, Any]) -> LabelPrefixes:
        """The prefixes `payload()` saved, without sorting again."""
        prefixes = cls.__new__(cls)
        prefixes._titles, prefixes._keys = payload["titles"], payload["keys"]
        prefixes.longest_name_words = int(payload["longest_name_words"])
        prefixes.given_names = frozenset(payload["given_names"])
        return prefixes

    @classmethod
    def of(cls, index: Any, store: Any) -> LabelPrefixes:
        """The entity index's own (saved with it, or made from its string maps), or from the store's
        labels when the index has none (the tests' string-only stand-ins)."""
        saved = getattr(index, "label_prefixes", None)
        if isinstance(saved, LabelPrefixes):
            return saved
        maps = getattr(index, "maps", None)
        if maps is not None:
            return cls.from_maps(maps)
        def labels(kind: str) -> list[tuple[str, str]]:  # cleaned as the index files them
            return [(label, node) for node in store.nodes_of_type(kind) if (label := label_text(store.label(node)))]

        return cls([(norm_key(label), node) for label, node in labels("paper")],
                   [norm_key(label) for label, _ in labels("venue")],
                   [" ".join(name_tokens(store.label(node))) for node in store.nodes_of_type("author")])

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
