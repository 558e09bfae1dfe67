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
