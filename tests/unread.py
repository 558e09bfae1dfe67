"""The words of a masked question the lexicon check (agents/understanding/check.py) reads as unexplained, for a
plan that lists one author's papers: a test helper for wordings whose unknown or missing words must be named."""

from __future__ import annotations

PAPERS_OF_AN_AUTHOR = {"ir": {"op": "traverse", "input": {"op": "match", "ids": ["A1"], "type": "author", "text": "x"},
                              "edge": "writes", "direction": "out"}}


def unread_words(residue: str) -> list[str]:
    """The first word of each part the check names ('hobby', 'from (an origin: …)' -> 'from')."""
    from hgrag.agents.understanding.check import structural_parts

    return [part.split(" (")[0] for part in structural_parts(residue, PAPERS_OF_AN_AUTHOR)]


def unread_things(residue: str) -> list[str]:
    """The words the check names as unknown or as things the graph lacks (leaving out known words this one plan
    happens not to use, and its answer kind)."""
    from hgrag.agents.understanding.check import structural_parts

    return [part.split(" (")[0] for part in structural_parts(residue, PAPERS_OF_AN_AUTHOR)
            if " (" not in part or "graph holds" in part or "graph records" in part]
