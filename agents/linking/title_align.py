"""Where in the question an altered (misspelt, re-cased) title stands, so the rest of the question reads without it."""

from __future__ import annotations

import re
from typing import Any

from hgrag.tools.text import norm_key

TOKEN = re.compile(r"(?i:venue|journal|conference|source|outlet|author|year)s?=|[^\s–—]+")  # an en or em dash joins two names
EDGE_PUNCT = "?!.,;:()[]{}\"'"


def aligned_stretch(text: str, label: str, spans: list[Any]) -> tuple[int, int]:
    """Where in the question an altered title stands: the run of words (outside other mentions)
    whose normalised form is nearest to the label (ratio >= 90), or (0, 0) when none is that near."""
    from rapidfuzz import fuzz

    tokens = list(TOKEN.finditer(text))
    size = len(norm_key(label).split())
    best, where = 0.0, (0, 0)
    for i in range(len(tokens)):
        # a title may open inside a token: 'first_author(A Set-Covering…' starts after the bracket
        starts = [tokens[i].start()] + [tokens[i].start() + k + 1 for k, c in enumerate(tokens[i].group()) if c in "(["]
        for j in range(i + max(1, size - 3) - 1, min(len(tokens), i + size + 3)):
            end = tokens[j].end()
            while end > tokens[j].start() and text[end - 1] in EDGE_PUNCT and not label.rstrip().endswith(text[end - 1]):
                end -= 1
            for start in starts:
                score = fuzz.ratio(norm_key(text[start:end]), norm_key(label))
                if score > best:
                    best, where = score, (start, end)
    if best < 90 or any(s.type == "paper" and s.start < where[1] and where[0] < s.end for s in spans):
        return (0, 0)  # not near enough, or it would cut through a title already linked
    return where


QUOTED_TYPO_RATIO = 88.0  # a quoted title this close to one paper label (and clearly closer than to any other) is it
QUOTED_TYPO_LEAD = 8.0
QUOTED_TYPO_MIN_LENGTH = 16


def near_quoted_title(index: Any, quoted: str) -> list[Any]:
    """The paper a quoted title names with a few typos ('Efifcient m-ary Balnced Codes'): the one label whose string
    is within QUOTED_TYPO_RATIO of it and leads every other by QUOTED_TYPO_LEAD; [] otherwise."""
    from rapidfuzz import fuzz

    from hgrag.tools.text import norm_key

    wanted = norm_key(quoted)
    if len(wanted) < QUOTED_TYPO_MIN_LENGTH:
        return []
    try:
        labels = list(dict.fromkeys(index.closest(quoted, "paper", 5) + _titles_spelled_alike(index, wanted)))
    except AttributeError:  # an index without embeddings
        return []
    scored = sorted(((fuzz.ratio(wanted, norm_key(label)), label) for label in labels), reverse=True)
    if not scored or scored[0][0] < QUOTED_TYPO_RATIO or len(scored) > 1 and scored[0][0] - scored[1][0] < QUOTED_TYPO_LEAD:
        return []
    return [hit for hit in index.lookup(scored[0][1], "paper") if hit.match in ("exact", "normalized")][:1]


def _titles_spelled_alike(index: Any, wanted: str) -> list[str]:
    """Paper labels whose normalised title is within QUOTED_TYPO_RATIO - QUOTED_TYPO_LEAD of `wanted` by spelling
    (a title with typos in several words embeds far from its paper): the nearest three of similar length."""
    from rapidfuzz import fuzz, process

    if not hasattr(index, "maps") or not hasattr(index, "store"):
        return []
    keys, buckets = _title_keys(index)
    reach = max(2, len(wanted) // 8)
    pool = [key for n in range(len(wanted) - reach, len(wanted) + reach + 1) for key in buckets.get(n, [])]
    found = process.extract(wanted, pool, scorer=fuzz.ratio, score_cutoff=QUOTED_TYPO_RATIO - QUOTED_TYPO_LEAD, limit=3)
    return [index.store.label(keys[key]) for key, _, _ in found]


_TITLES: dict[int, tuple[Any, dict[str, str], dict[int, list[str]]]] = {}


def _title_keys(index: Any) -> tuple[dict[str, str], dict[int, list[str]]]:
    """{normalised title: a paper id} of the index and its titles by length, read once per index."""
    cached = _TITLES.get(id(index))
    if cached is None or cached[0] is not index:
        keys = dict(index.maps.keyed("paper", "normalized"))
        buckets: dict[int, list[str]] = {}
        for key in keys:
            buckets.setdefault(len(key), []).append(key)
        cached = (index, keys, buckets)
        _TITLES[id(index)] = cached
    return cached[1], cached[2]
