"""'Which papers did V publish in the year T appeared?': a year named by a paper ('the year T was published') is that
paper's year in the graph. The question is planned again with the year written out; the plan is kept when the
question-plan check accepts it, and the interpretation says which year was read."""

from __future__ import annotations

import re
from typing import Any, Callable

from hgrag.agents.understanding.cue_words import phrase_alternation
from hgrag.agents.understanding.lexicon import load

QUOTES = "\"'“”‘’«»„"


def with_paper_years(plan: dict[str, Any], question: str, store: Any,
                     replan: Callable[[str], dict[str, Any]]) -> dict[str, Any]:
    """`plan`, or (when it reads no year) the plan of the question with 'the year T appeared' written as T's year."""
    from hgrag.agents.checking.question_check import unexplained_parts

    from hgrag.state.plan_ir import walk

    from hgrag.agents.understanding.signature import output_kind

    if plan.get("ir") and (output_kind(plan["ir"]) == "year" or any(
            op.get("op") == "filter" and op.get("attr") == "year" for op in walk(plan["ir"]))):
        return plan  # the year is asked ('The year in which T appeared: what was it?') or read already
    for anchor in plan.get("anchors") or []:
        if anchor.get("type") != "paper" or not anchor.get("node_id") or not anchor.get("text"):
            continue
        match = _year_clause(anchor["text"]).search(question)
        year = store.attr(anchor["node_id"], "year") if match else None
        if not isinstance(year, int):
            continue
        text = " ".join((question[:match.start()] + f" in {year}" + _named_again(question[match.end():], anchor["text"])).split())
        new = replan(text)
        if new.get("ir") and new.get("operation") != "unsupported" and not unexplained_parts(text, new):
            new["checked_question"] = text
            new["interpretation"] = f"(the year '{anchor['text']}' appeared: {year}) {new.get('interpretation') or ''}"
            return new
    return plan


def _named_again(rest: str, title: str) -> str:
    """The rest of the question with its first paper anaphor ('its authors', 'it') naming the paper again (the year
    clause that named it is gone)."""
    found = _paper_anaphor().search(rest)
    if found is None:
        return rest
    possessive = found.group(0).lower() in load("en").extra.get("anaphors", {}).get("possessive", [])
    return rest[:found.start()] + f'"{title}"' + ("'s" if possessive else "") + rest[found.end():]


def _paper_anaphor() -> re.Pattern:
    forms = load("en").extra.get("anaphors", {}).get("kinds", {}).get("paper", [])
    return re.compile(rf"(?<![\w'’-])(?:{phrase_alternation(forms)})(?![\w'’-])", re.IGNORECASE)


def _year_clause(title: str) -> re.Pattern:
    """'in the year (that|when) T appeared', 'the year T was published' (the lexicon's publishing verbs)."""
    spec = load("en").extra.get("paper_year_clause", {})
    verbs = phrase_alternation(load("en").concepts.get("relation:published", []))
    leads, nouns, links, aux = (phrase_alternation(spec.get(key, [])) for key in ("leads", "nouns", "links", "auxiliaries"))
    return re.compile(rf"\s*\b(?:(?:{leads})\s+)?(?:{nouns})\s+(?:(?:{links})\s+)?[{QUOTES}]?{re.escape(title)}\.?"
                      rf"[{QUOTES}]?\s+(?:(?:{aux})\s+)?(?:{verbs})\b", re.IGNORECASE)
