"""Cue words the rules planner reads from the lexicon instead of its own patterns: a year bound ('predate
2010'), a count scoped to the graph ('how many papers in the graph cite T')."""

from __future__ import annotations

import re

from hgrag.agents.understanding.lexicon import load


def bound_by(concept: str, text: str) -> bool:
    """A year right after a bound word of the lexicon ('papers that predate 2010', 'postdating 2015')."""
    forms = sorted(load("en").concepts.get(concept, []), key=len, reverse=True)
    words = "|".join(re.escape(f).replace(r"\ ", r"\s+") for f in forms)
    return bool(words) and re.search(rf"\b(?:{words})\s+zzyear\b", text) is not None


def graph_scoped(text: str) -> bool:
    """'how many papers in the graph cite T': the citing papers the graph holds are counted (its `cites` edges),
    not the paper's citation count (lexicon `graph_scope`)."""
    phrases = load("en").extra.get("graph_scope", [])
    return any(re.search(rf"(?<![\w-]){re.escape(p)}(?![\w-])", text) for p in phrases)
