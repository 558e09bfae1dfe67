"""Entity-masked question text and canonical utterances of candidate programs.

Both sides of the comparison name entities only by their kind ("the paper", "the other author") and
every year by one stand-in, so a canonical utterance depends on the program's shape alone and its
embedding is computed once per process."""

from __future__ import annotations

import re
from typing import Any

from hgrag.agents.answering.interpretation import interpret
from hgrag.agents.linking.mentions import fold_quotes
from hgrag.agents.second_reader.lexicon import words

YEAR = re.compile(r"\b(1[89]\d\d|20\d\d)\b")
NUMBER = re.compile(r"\b\d+\b")
QUOTES = "\"'“”‘’«»"


def placeholders(anchors: list[dict[str, Any]]) -> dict[str, str]:
    """node id -> its stand-in, numbered per kind in the order the anchors come."""
    names: dict[str, str] = {}
    used: dict[str, int] = {}
    for anchor in anchors:
        node, kind = anchor.get("node_id"), anchor.get("type")
        if not node or node in names or kind not in words()["placeholders"]:
            continue
        options = words()["placeholders"][kind]
        names[node] = options[min(used.get(kind, 0), len(options) - 1)]
        used[kind] = used.get(kind, 0) + 1
    return names


def mask_numbers(text: str) -> str:
    text = YEAR.sub(words()["year_placeholder"], text)
    return NUMBER.sub(lambda m: m.group(0) if m.group(0) == words()["year_placeholder"] else words()["number_placeholder"], text)


def masked_question(question: str, anchors: list[dict[str, Any]]) -> str:
    """The question with each linked mention replaced by its kind's stand-in (quotes dropped)."""
    names = placeholders(anchors)
    text = fold_quotes(question)
    for anchor in sorted(anchors, key=lambda a: -len(a.get("text") or "")):
        mention = fold_quotes(anchor.get("text") or "").strip(QUOTES + " ")
        if not mention or anchor.get("node_id") not in names:
            continue
        pattern = re.compile(rf"[{QUOTES}]?{re.escape(mention)}[{QUOTES}]?", re.IGNORECASE)
        text = pattern.sub(names[anchor["node_id"]], text)
    return " ".join(mask_numbers(text).split())


def canonical(program: dict[str, Any], anchors: list[dict[str, Any]]) -> str:
    """The program's plain-English reading with its entities masked."""
    names = placeholders(anchors)
    key = (repr(program), tuple(names.items()))
    if key not in _UTTERANCES:
        if len(_UTTERANCES) > MAX_UTTERANCES:
            _UTTERANCES.clear()
        masked = [{"node_id": n, "label": s, "type": "masked", "text": s} for n, s in names.items()]
        _UTTERANCES[key] = mask_numbers(interpret(program, anchors=masked))
    return _UTTERANCES[key]


_UTTERANCES: dict[tuple, str] = {}
MAX_UTTERANCES = 20_000
