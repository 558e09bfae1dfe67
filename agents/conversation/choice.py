"""The user's answer to a same-name question ("3 authors are named 'Yang Liu': …, which one?"):
'the second', 'the one at Computer Networks', 'the one with B', an ORCID or node id. The held-back
question is then answered with that author."""

from __future__ import annotations

import re
from typing import Any

from hgrag.agents.conversation.lexicon import alternation, lexicon, starts_with, words
from hgrag.agents.conversation.memory import Turn
from hgrag.agents.conversation.references import fragment_only


def _connected(store: Any, author: str, span: Any) -> bool:
    node = span.candidates[0].node_id
    papers = store.step(author, "paper")
    if span.type == "paper":
        return node in papers
    if span.type == "venue":
        return any(node in store.step(p, "venue") for p in papers)
    return node != author and any(node in store.step(p, "author") for p in papers)


def _by_words(low: str, spans: list[Any], ids: list[str], store: Any) -> list[str] | None:
    ordinals = lexicon()["ordinals"]
    which = re.search(rf"\b(?:{alternation(tuple(ordinals))})(?![\w'-])", low)
    named = [n for n in ids if n.lower() in low or (str(store.attr(n, "orcid") or "-").lower() in low)]
    if named:
        return named
    linked = [s for s in spans if s.candidates and s.type in ("paper", "venue", "author")]
    if linked:
        return [n for n in ids if all(_connected(store, n, s) for s in linked)]
    if which:
        position = ordinals[re.sub(r"\s+", " ", which.group(0))]
        position = position if position > 0 else len(ids) + position + 1
        return [ids[position - 1]] if 1 <= position <= len(ids) else []
    return None


def homonym_choice(low: str, spans: list[Any], history: list[Turn], store: Any) -> dict[str, Any] | None:
    """A choice among the same-name authors the last turn asked about, or None when this turn is not one."""
    last = history[-1]
    groups = last.get("homonyms") or []
    if not groups or not last.get("pending"):
        return None
    opener = starts_with(low, words("choice_openers")) or ""
    extra = ("one", "who", "with", "at", "in", "mean", "meant", "the", "author", "named", "orcid", "id", "i", "please")
    extra += tuple(lexicon()["ordinals"])
    names_an_id = any(n.lower() in low for g in groups for n in g["ids"])
    if not (opener or names_an_id or fragment_only(low, spans, extra)):
        return None
    group = groups[0]
    picked = _by_words(low, spans, group["ids"], store)
    if picked is None:
        return None
    if len(picked) != 1:
        options = "; ".join(f"{i + 1}. {store.label(n)} ({n})" for i, n in enumerate(group["ids"][:8]))
        told = "none" if not picked else f"{len(picked)}"
        return {"kind": "clarify", "pending": last["pending"], "homonyms": groups,
                "clarify": f"That fits {told} of the authors named '{group['text']}' ({options}). Which one do you mean?"}
    node = picked[0]
    return {"kind": "choice", "question": last["pending"], "pins": {group["text"]: node},
            "taken": [f"'{group['text']}' = {store.label(node)} ({node}), chosen by '{low.strip()}' "
                      f"after turn {last['turn']}"]}
