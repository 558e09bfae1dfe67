"""Names of institutions, topics, keywords and funders in a question, linked by the richer index.

Runs of words outside the already linked mentions and the lexicon's cue phrases are looked up by
their normalised text, longest run first. A run of one word is linked only when it is written with
a capital or digit (a name: "KAUST", "Geology"), so ordinary words do not turn into keywords.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from hgrag.tools.rich_index import RichHit, RichIndex

MAX_WORDS = 30  # the longest names (funders, institutions) run to about 20 words
_WORD = re.compile(r"\w(?:[\w.&/+-]|['’](?![sS]\b))*")  # "Portland's": the name is "Portland"


@dataclass
class RichSpan:
    start: int
    end: int
    text: str
    type: str
    candidates: list[RichHit] = field(default_factory=list)
    country: str | None = None  # a country name: the span stands for all of that country's institutions
    alternatives: list[RichHit] = field(default_factory=list)  # same name, other kinds (a funder and an institution)
    primary: bool = False  # a topic named as a paper's primary topic ('papers whose primary topic is X')

    def ids(self) -> list[str]:
        return [c.node_id for c in self.candidates] if self.country else [self.candidates[0].node_id]

    def mention(self) -> dict[str, Any]:
        top = self.candidates[0]
        if self.country:
            return {"text": self.text, "type": self.type, "role": "subject", "node_id": top.node_id,
                    "label": f"institutions in {self.text} ({self.country})", "score": 1.0, "match": "country",
                    "candidates": self.ids()[:10], "candidate_scores": [1.0 for _ in self.ids()[:10]],
                    "members": self.ids()}
        return {"text": self.text, "type": self.type, "role": "subject", "node_id": top.node_id,
                "label": top.label, "score": 1.0, "match": "normalized",
                "candidates": [c.node_id for c in self.candidates[:10]],
                "candidate_scores": [1.0 for _ in self.candidates[:10]]}


def _words(question: str) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in _WORD.finditer(question)]


def _is_name(text: str) -> bool:
    return any(ch.isupper() or ch.isdigit() for ch in text)


def retyped(span: RichSpan, kind: str) -> RichSpan:
    """The same name read as another kind it also names ('funded by Qatar University': the funder)."""
    hits = [h for h in span.alternatives if h.node_type == kind]
    rest = [h for h in span.candidates + span.alternatives if h.node_type != kind]
    return RichSpan(span.start, span.end, span.text, kind, hits, alternatives=rest) if hits else span


def rich_spans(question: str, taken: list[tuple[int, int]], index: RichIndex) -> list[RichSpan]:
    """Non-overlapping linked names, in question order."""
    words = _words(question)
    free = [not any(s < te and ts < e for ts, te in taken) for s, e in words]
    found: list[RichSpan] = []
    used: set[int] = set()
    for length in range(min(MAX_WORDS, index.max_words or 1), 0, -1):
        for i in range(len(words) - length + 1):
            run = range(i, i + length)
            if any(j in used or not free[j] for j in run):
                continue
            start, end = words[i][0], words[i + length - 1][1]
            text = question[start:end].rstrip(".")
            if length == 1 and not _is_name(text):
                continue
            hits = index.lookup(text)
            if hits and _kind_word_then_name(question, words, i, length, index):
                continue  # 'the field Mathematics': a kind word and the name, not the keyword 'Field (mathematics)'
            if hits:
                kind = hits[0].node_type
                found.append(RichSpan(start, start + len(text), text, kind, [h for h in hits if h.node_type == kind],
                                      alternatives=[h for h in hits if h.node_type != kind]))
                used.update(run)
    return sorted(found, key=lambda s: s.start)


def _kind_word_then_name(question: str, words: list[tuple[int, int]], i: int, length: int, index: RichIndex) -> bool:
    """Does the run open with a lexicon word of a kind, the rest naming a thing of that kind ('field
    Mathematics')?"""
    from hgrag.agents.kinds.lexicon import cues

    if length < 2:
        return False
    for cut in range(1, length):
        head = question[words[i][0]:words[i + cut - 1][1]]
        kinds = {c.group for c in cues(head) if c.start == 0 and c.end == len(head)}
        rest = question[words[i + cut][0]:words[i + length - 1][1]].rstrip(".")
        if kinds and any(h.node_type in kinds for h in index.lookup(rest)):
            return True
    return False

