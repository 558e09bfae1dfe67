"""Noisy-mention benchmark: rewrite the entity mentions of a question file the way users really type them.

Each question gets one perturbation of one of its slots (deterministic for a seed), the gold answer is
kept. A perturbation is only used when it still names exactly one node (checked with the entity
index), so the gold stays correct:
  title  lower-cased | punctuation dropped | truncated with "…" (first 60 % of the words)
  author "Surname, Given" | "G. Surname" (initial form) | lower-cased; an initial form that is ambiguous in
         the graph is kept only when exactly one candidate is connected to the question's other entities
         (resolving it needs the graph re-ranking agent)
  venue  lower-cased
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Iterator
from typing import Any

from hgrag.tools.text import clean_display, name_tokens, norm_key

TITLE_KINDS = ("lowercase", "no_punctuation", "truncated")
AUTHOR_KINDS = ("surname_first", "initial", "lowercase")


def perturb_title(title: str, kind: str) -> str:
    if kind == "lowercase":
        return title.lower()
    if kind == "no_punctuation":
        return re.sub(r"\s+", " ", re.sub(r"[^\w\s]", " ", title)).strip()
    words = title.split()
    keep = max(4, int(len(words) * 0.6))
    return " ".join(words[:keep]) + "…" if keep < len(words) else title


def perturb_author(name: str, kind: str) -> str:
    parts = clean_display(name).split()
    if len(parts) < 2:
        return name
    if kind == "surname_first":
        return f"{parts[-1]}, {' '.join(parts[:-1])}"
    if kind == "initial":
        return f"{parts[0][0]}. {parts[-1]}"
    return name.lower()


def _unique(index: Any, text: str, node_type: str, original: str) -> bool:
    """The noisy form still points at the original entity alone (string look-up or prefix)."""
    if text.endswith("…"):
        return True  # checked by the caller against the title list
    found = index.lookup(text, node_type)
    best = max((h.score for h in found), default=0.0)
    hits = {h.label for h in found if h.score >= best}  # what a linker would pick: the strongest matches
    return bool(hits) and all(norm_key(h) == norm_key(original) or name_tokens(h) == name_tokens(original)
                              for h in hits)


def _prefix_unique(titles: list[str], noisy: str, original: str) -> bool:
    prefix = norm_key(noisy.rstrip("…"))
    return [t for t in titles if t.startswith(prefix)] == [norm_key(original)]


def _context_unique(index: Any, store: Any, noisy: str, original: str, others: list[str]) -> bool:
    """An ambiguous initial form ("J. Wang") that only one candidate near the question's other
    entities can mean: resolving it needs graph context (the re-ranking agent)."""
    if store is None or not others:
        return False
    found = index.lookup(noisy, "author")
    best = max((h.score for h in found), default=0.0)
    candidates = [h for h in found if h.score >= best]
    if len({h.node_id for h in candidates}) < 2:
        return False
    anchors = {h.node_id for text in others for h in index.lookup(text)[:1]}
    near = [h for h in candidates if anchors & store.neighbourhood(h.node_id, 2)]
    return len(near) == 1 and name_tokens(near[0].label) == name_tokens(original)


def perturb_question(question: dict[str, Any], index: Any, titles: list[str], rng: random.Random,
                     store: Any = None) -> dict[str, Any] | None:
    """One noisy variant of a question, or None when no safe perturbation exists."""
    slots = question.get("slots") or {}
    options: list[tuple[str, str, str]] = []
    for slot, value in slots.items():
        if not isinstance(value, str) or value not in question["question"]:
            continue
        if slot.startswith("paper"):
            options += [(slot, kind, perturb_title(value, kind)) for kind in TITLE_KINDS]
        elif slot.startswith("author"):
            options += [(slot, kind, perturb_author(value, kind)) for kind in AUTHOR_KINDS]
        elif slot == "venue":
            options.append((slot, "lowercase", value.lower()))
    rng.shuffle(options)
    for slot, kind, noisy in options:
        original = slots[slot]
        node_type = "paper" if slot.startswith("paper") else "author" if slot.startswith("author") else "venue"
        if noisy == original:
            continue
        safe = _prefix_unique(titles, noisy, original) if noisy.endswith("…") else _unique(index, noisy, node_type, original)
        if not safe and kind == "initial":
            others = [v for k, v in slots.items() if k != slot and isinstance(v, str)]
            if _context_unique(index, store, noisy, original, others):
                safe, kind = True, "ambiguous_initial"
        if safe:
            text = question["question"].replace(original, noisy, 1)
            return {**question, "question": text, "perturbation": f"{slot}:{kind}"}
    return None


def perturb_file(questions: Iterable[dict[str, Any]], index: Any, store: Any, seed: int = 0) -> Iterator[dict[str, Any]]:
    titles = sorted(norm_key(store.label(n)) for n in store.nodes_of_type("paper"))
    for question in questions:
        rng = random.Random(f"{seed}:{question.get('id')}")
        noisy = perturb_question(question, index, titles, rng, store)
        if noisy is not None:
            yield noisy
