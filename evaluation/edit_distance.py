"""Edit distance and a q-gram index that finds every string within k edits of a query.

The index keeps, for each padded character q-gram, the strings that contain it. A string t within
k edits of s shares at least |qgrams(s)| - q*k of the distinct q-grams of s (one edit destroys at
most q of them), so only strings passing that count are checked with the exact distance. Bigrams
suit short strings (names), trigrams long ones (titles, where k is large).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable


def levenshtein(a: str, b: str, limit: int | None = None) -> int:
    """Levenshtein distance (insert, delete, substitute); with `limit`, any value > limit is limit + 1."""
    if len(a) < len(b):
        a, b = b, a
    if limit is not None and len(a) - len(b) > limit:
        return limit + 1
    previous = list(range(len(b) + 1))
    for i, char_a in enumerate(a, 1):
        current = [i]
        for j, char_b in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (char_a != char_b)))
        if limit is not None and min(current) > limit:
            return limit + 1
        previous = current
    return previous[-1] if limit is None or previous[-1] <= limit else limit + 1


def qgrams(text: str, q: int = 2) -> set[str]:
    padded = f"{'^' * (q - 1)}{text}{'$' * (q - 1)}"
    return {padded[i:i + q] for i in range(len(padded) - q + 1)}


class NearStrings:
    """Strings (already normalised by the caller) that can be searched by edit distance."""

    def __init__(self, strings: Iterable[str], q: int = 2):
        self.q = q
        self.strings = sorted(set(s for s in strings if s))
        self._postings: dict[str, list[int]] = {}
        for number, text in enumerate(self.strings):
            for gram in qgrams(text, q):
                self._postings.setdefault(gram, []).append(number)

    def within(self, query: str, k: int) -> list[str]:
        """Every indexed string at edit distance <= k from `query`."""
        grams = qgrams(query, self.q)
        needed = len(grams) - self.q * k
        counts: Counter[int] = Counter()
        for gram in grams:
            counts.update(self._postings.get(gram, ()))
        if needed <= 0:  # the q-gram bound says nothing: check everything of a fitting length
            pool: Iterable[int] = (n for n, s in enumerate(self.strings) if abs(len(s) - len(query)) <= k)
        else:
            pool = (n for n, c in counts.items() if c >= needed)
        return sorted(self.strings[n] for n in pool
                      if abs(len(self.strings[n]) - len(query)) <= k
                      and levenshtein(query, self.strings[n], k) <= k)

    def any_within(self, query: str, k: int, ignore: Iterable[str] = ()) -> bool:
        """Whether an indexed string other than those in `ignore` lies within k edits of `query`."""
        skip = set(ignore)
        return any(found not in skip for found in self.within(query, k))
