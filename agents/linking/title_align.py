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
        labels = index.closest(quoted, "paper", 5)
    except AttributeError:  # an index without embeddings
        return []
    scored = sorted(((fuzz.ratio(wanted, norm_key(label)), label) for label in labels), reverse=True)
    if not scored or scored[0][0] < QUOTED_TYPO_RATIO or len(scored) > 1 and scored[0][0] - scored[1][0] < QUOTED_TYPO_LEAD:
        return []
    return [hit for hit in index.lookup(scored[0][1], "paper") if hit.match in ("exact", "normalized")][:1]
