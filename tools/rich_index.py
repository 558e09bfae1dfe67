"""The entity index of the richer OpenAlex kinds: institution, topic, subfield, field, domain,
keyword and funder names (issue 22), kept apart from the author/paper/venue index so linking of
those three is unchanged.

`lookup(text)` finds nodes whose normalised name equals the text (more prominent first: more
papers); `containing(term)` finds topics and keywords whose name contains the term's words (the
topical search of "papers about CO2 storage"). Built from the store in one pass per kind (a few
thousand names), once per store; the cache keeps it beside the entity index (`rich.pkl`, written
with the index and covered by its checksums), so a process start only unpickles it.
"""

from __future__ import annotations

import pickle
import weakref
from collections import defaultdict
from pathlib import Path
from typing import Any, NamedTuple

from hgrag.tools import quick_pickle
from hgrag.tools.graph_kinds import NAMED_RICH_TYPES
from hgrag.tools.text import norm_key

# the edge whose count orders nodes sharing a name (papers or author entries reaching the node)
PROMINENCE = {"institution": ("affiliated_with", "in"), "topic": ("has_topic", "in"), "subfield": ("in_subfield", "in"),
              "field": ("in_field", "in"), "domain": ("in_domain", "in"), "keyword": ("has_keyword", "in"),
              "funder": ("funded_by", "in")}


RICH_FILE = "rich.pkl"


class RichHit(NamedTuple):
    node_id: str
    node_type: str
    label: str
    weight: int  # prominence (number of papers / entries / children reaching it)


class RichIndex:
    def __init__(self, store: Any = None):
        self.by_key: dict[str, list[RichHit]] = defaultdict(list)
        self.counts: dict[str, int] = {}
        self.max_words = 0
        self.by_country: dict[str, list[str]] = {}  # ISO code -> its institutions (sorted ids)
        if store is not None:
            self._read_store(store)
            self.by_country = institutions_by_country(store)

    def _read_store(self, store: Any) -> None:
        for kind in NAMED_RICH_TYPES:
            ids = list(store.nodes_of_type(kind))
            self.counts[kind] = len(ids)
            if not ids:
                continue
            labels = store.attrs(ids, "name")
            degrees = store.degrees(ids, *PROMINENCE[kind])
            for node in ids:
                label = str(labels.get(node) or "")
                if label:
                    self.by_key[norm_key(label)].append(RichHit(node, kind, label, int(degrees.get(node, 0))))
        for hits in self.by_key.values():
            hits.sort(key=lambda h: (-h.weight, h.node_id))
        self.max_words = max((len(k.split()) for k in self.by_key), default=0)

    def payload(self) -> dict[str, Any]:
        return {"by_key": {key: [tuple(hit) for hit in hits] for key, hits in self.by_key.items()},
                "counts": self.counts, "max_words": self.max_words, "by_country": self.by_country}

    @classmethod
    def restore(cls, payload: dict[str, Any]) -> RichIndex:
        index = cls()
        index.by_key.update((key, [RichHit(*hit) for hit in hits]) for key, hits in payload["by_key"].items())
        index.counts = dict(payload["counts"])
        index.max_words = int(payload["max_words"])
        index.by_country = dict(payload["by_country"])
        return index

    def __bool__(self) -> bool:
        return bool(self.by_key)

    def lookup(self, text: str, kinds: tuple[str, ...] | None = None) -> list[RichHit]:
        """Nodes named exactly `text` (normalised), most prominent first."""
        hits = self.by_key.get(norm_key(text), [])
        return [h for h in hits if kinds is None or h.node_type in kinds]

    def containing(self, term: str, kinds: tuple[str, ...] = ("topic", "keyword")) -> list[RichHit]:
        """Topics and keywords whose name holds every word of `term` in order (as whole words)."""
        key = f" {norm_key(term)} "
        if not key.strip():
            return []
        return [h for name, hits in self.by_key.items() if key in f" {name} " for h in hits if h.node_type in kinds]


def institutions_by_country(store: Any) -> dict[str, list[str]]:
    """Institution ids by upper-case country code, each list sorted."""
    ids = list(store.nodes_of_type("institution"))
    codes = store.attrs(ids, "country_code") if ids else {}
    found: dict[str, list[str]] = {}
    for node in sorted(ids):
        if codes.get(node):
            found.setdefault(str(codes[node]).upper(), []).append(node)
    return found


_INDEXES: "weakref.WeakKeyDictionary[Any, RichIndex]" = weakref.WeakKeyDictionary()
_SAVED: "weakref.WeakKeyDictionary[Any, Path]" = weakref.WeakKeyDictionary()


def save_rich_index(store: Any, directory: Path) -> None:
    """Write the index of `store` into a cache directory (the entity index's, before its checksums)."""
    with open(Path(directory) / RICH_FILE, "wb") as handle:
        pickle.dump(rich_index(store).payload(), handle, protocol=5)


def remember_saved(store: Any, directory: Path) -> None:
    """`store`'s index was saved (and verified) in `directory`: read it from there on first use."""
    _SAVED[store] = Path(directory) / RICH_FILE


def _read_saved(path: Path | None) -> RichIndex | None:
    payload = quick_pickle.read_or_none(path)
    try:
        return RichIndex.restore(payload) if payload is not None else None
    except (KeyError, TypeError, ValueError, AttributeError):
        return None  # not an index payload: built from the store (absent or unreadable: the same)


def rich_index(store: Any) -> RichIndex:
    """The index of `store` (read from the cache or built on first use, then kept while the store lives)."""
    index = _INDEXES.get(store)
    if index is None:
        index = _INDEXES[store] = _read_saved(_SAVED.get(store)) or RichIndex(store)
    return index
