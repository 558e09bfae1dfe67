"""Worksheet blanks read as the question word they stand for: 'Fill in the blank: ___ wrote "T".', '… were written by
___ .', 'A has written ___ papers.' A run of underscores (lexicon `blanks.mark`) is what is asked: after a word the
lexicon maps (`blanks.after`: 'by' → 'whom', 'in' → 'which venue', '=' → '?') it is that word's question; before a
kind noun it counts ('how many'); opening a clause it is 'who'; elsewhere 'what'. The lead-in that names the form
('Fill in the blank:') is a filler of the lexicon."""

from __future__ import annotations

import re

from hgrag.agents.understanding.lexicon import load


def with_blanks_asked(question: str) -> str:
    """The question with each blank written as its question word (unchanged when it has none)."""
    spec = load("en").extra.get("blanks", {})
    mark = spec.get("mark", "")
    if not mark or mark * 2 not in question:
        return question
    pattern = re.compile(rf"{re.escape(mark)}{{2,}}")
    return pattern.sub(lambda m: _asked(question, m, spec), question)


def _asked(question: str, match: re.Match, spec: dict) -> str:
    before = re.findall(r"[\w'-]+|[=:>-]+", question[:match.start()])
    after = re.match(r"\s*([\w'-]+)", question[match.end():])
    said = before[-1].lower() if before else ""
    if after and (load("en").concept(after.group(1).lower()) or "").startswith("kind:"):
        return spec.get("before_kind", "")  # ('A has written ___ papers')
    if said in spec.get("after", {}):
        return spec["after"][said]
    opening = not question[:match.start()].strip() or question[:match.start()].rstrip()[-1:] in ":.;!?"
    return spec.get("at_start", "") if opening else spec.get("otherwise", "")
