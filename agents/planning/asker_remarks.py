"""Remarks about the asker read aside ('is P one of the journals K has published in, i thought i saw the name there
once'): when the check declines the plan, a clause at the start or end of the question that speaks of the asker in
the first person and holds no word of the question's meaning is set aside (lexicon `asker_remarks`), and the plan of
the rest is kept only when it reads that rest in full."""

from __future__ import annotations

import re
from typing import Any

from hgrag.agents.understanding.narrowing import speaks_of_the_asker
from hgrag.agents.understanding.lexicon import MEANING_FAMILIES, load
from hgrag.agents.understanding.tokens import tag
from hgrag.tools.text import quotes_masked

CLAUSE_BREAK = re.compile(r"\s*(?:[,;]|\s[-–—]\s)\s*")


def asker_remarks_aside(question: str, plan: dict[str, Any], planned: Any) -> dict[str, Any] | None:
    """When the check declines the plan, the plan of the question without its remarks about the asker, kept only
    when it reads that wording in full; None otherwise."""
    from hgrag.agents.checking.question_check import reads_it, unexplained_parts

    if not plan.get("ir") or plan.get("operation") == "unsupported":
        return None
    bare, aside = without_asker_remarks(question)
    if not aside or not unexplained_parts(question, plan):
        return None
    found = planned(bare)
    if not reads_it(bare, found):
        return None
    return {**found, "checked_question": bare, "context_read_aside": " … ".join(aside)}


def without_asker_remarks(question: str) -> tuple[str, list[str]]:
    """(the question without its first and last clause where those are remarks about the asker, the remarks)."""
    clauses = _clauses(question)
    if len(clauses) < 2:
        return question, []
    aside = [i for i in (0, len(clauses) - 1) if remark(clauses[i][2])]
    if not aside or len(aside) == len(clauses):
        return question, []
    kept = [c for i, c in enumerate(clauses) if i not in aside]
    bare = question[kept[0][0]:kept[-1][1]].strip(" ,;-–—")
    end = question.rstrip()[-1:]
    return (bare + end if end in "?." and not bare.endswith(end) else bare), [clauses[i][2] for i in aside]


def remark(clause: str) -> bool:
    """The clause speaks of the asker in the first person and names nothing the graph holds: no quotes, digits or
    capitalised names, and no word of the lexicon's meaning-bearing families but those that speak of wording."""
    words = load("en").extra.get("asker_remarks", {})
    if not speaks_of_the_asker(clause) or re.search(r"[\d\"“”«»]", clause):
        return False
    capitalised = re.findall(r"(?<!^)(?<![.!?]\s)\b[A-Z][\w'’]*", clause.strip())
    if any(word.lower() not in words.get("persons", []) for word in capitalised):
        return False  # (a capitalised word may be a name; the asker's 'I', 'I'm' is none)
    wording = set(words.get("wording_words", []))
    return not any((t.family or "") in MEANING_FAMILIES and t.concept != "head:aux" and t.text not in wording
                   for t in tag(clause.lower(), load("en")))


def _clauses(question: str) -> list[tuple[int, int, str]]:
    """(start, end, text) of each clause between commas, semicolons or dashes outside quotes."""
    masked = quotes_masked(question)
    spans, at = [], 0
    for m in CLAUSE_BREAK.finditer(masked):
        spans.append((at, m.start()))
        at = m.end()
    spans.append((at, len(question.rstrip(" ?.!"))))
    return [(s, e, question[s:e]) for s, e in spans if question[s:e].strip()]
