"""Scores candidate programs against a question: cosine of sentence embeddings of the masked question
and of each masked canonical utterance, through the entity index's encoder (whatever encoder the
project configures). Canonical utterances are entity-free, so their vectors are cached for good."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

import numpy as np

from hgrag.agents.second_reader.candidates import enumerate_programs
from hgrag.agents.second_reader.canonical import canonical, masked_question

MAX_CACHED = 50_000


@dataclass
class Reading:
    program: dict[str, Any]
    utterance: str
    score: float


class Scorer:
    """Caches canonical-utterance vectors per encoder (one Scorer per entity index)."""

    def __init__(self, index: Any):
        self.index = index
        self._vectors: dict[str, np.ndarray] = {}
        self._lock = threading.Lock()

    def vectors(self, texts: list[str]) -> np.ndarray:
        with self._lock:
            missing = [t for t in dict.fromkeys(texts) if t not in self._vectors]
        if missing:
            encoded = self.index.embed(missing)
            with self._lock:
                if len(self._vectors) + len(missing) > MAX_CACHED:
                    self._vectors.clear()
                self._vectors.update({t: v.copy() for t, v in zip(missing, encoded)})
        with self._lock:
            return np.stack([self._vectors.get(t) for t in texts])

    def score(self, question: str, anchors: list[dict[str, Any]], programs: list[dict[str, Any]]) -> list[Reading]:
        """Readings of the question, best first (none when the index has no sentence encoder)."""
        if not programs or not hasattr(self.index, "embed"):
            return []
        utterances = [canonical(p, anchors) for p in programs]
        query = self.index.embed([masked_question(question, anchors)])[0]
        scores = self.vectors(utterances) @ query
        ranked = sorted(zip(programs, utterances, scores.tolist()), key=lambda r: -r[2])
        return [Reading(p, u, float(s)) for p, u, s in ranked]

    def read(self, question: str, anchors: list[dict[str, Any]], years: list[int]) -> list[Reading]:
        return self.score(question, anchors, enumerate_programs(anchors, years))


_SCORERS: dict[int, Scorer] = {}


def scorer_for(index: Any) -> Scorer:
    key = id(index)
    if key not in _SCORERS:
        _SCORERS[key] = Scorer(index)
    return _SCORERS[key]
