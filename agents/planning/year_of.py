"""'Which papers did V publish in the year T appeared?': a year named by a paper ('the year T was published') is that
paper's year in the graph. The question is planned again with the year written out; the plan is kept when the
question-plan check accepts it, and the interpretation says which year was read."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Callable

from hgrag.agents.understanding.cue_words import phrase_alternation
from hgrag.agents.understanding.context_fold import paper_named_again
from hgrag.agents.understanding.lexicon import load

QUOTES = "\"'“”‘’«»„"


def with_paper_years(plan: dict[str, Any], question: str, store: Any,
                     replan: Callable[[str], dict[str, Any]]) -> dict[str, Any]:
    """`plan`, or (when it reads no year) the plan of the question with 'the year T appeared' written as T's year."""
    from hgrag.agents.checking.question_check import unexplained_parts

    from hgrag.state.plan_ir import walk

    from hgrag.agents.understanding.signature import output_kind

    if plan.get("ir") and (output_kind(plan["ir"]) == "year" or any(
            op.get("op") == "filter" and op.get("attr") == "year" for op in walk(plan["ir"]))) and (
            not _names_a_paper_year(plan, question) or not unexplained_parts(question, plan)):
        return plan  # the year is asked ('The year in which T appeared: what was it?') or read already
    for anchor in plan.get("anchors") or [] if _clause_nouns().search(question) else []:
        if anchor.get("type") != "paper" or not anchor.get("node_id") or not anchor.get("text"):
            continue
        match = _year_clause(anchor["text"]).search(question)
        year = store.attr(anchor["node_id"], "year") if match else None
        if not isinstance(year, int):
            continue
        offset = _offset(match.group("offset"))
        if match.group("bound") and not offset:
            continue  # ('the years T appeared': no bound said)
        said = f" {_bound_word(offset)} {year}" if match.group("bound") else f" in {year + offset}"
        text = " ".join((question[:match.start()] + said + paper_named_again(question[match.end():], anchor["text"])).split())
        new = _checked(replan(text), text, unexplained_parts)
        if new:
            shift = f", {'+' if offset > 0 else ''}{offset}: {year + offset}" if offset else ""
            new["interpretation"] = f"(the year '{anchor['text']}' appeared: {year}{shift}) {new.get('interpretation') or ''}"
            return new
    return _same_year_as_named(plan, question, store, replan) or plan


@lru_cache(maxsize=1)
def _clause_nouns() -> re.Pattern:
    """Any noun a paper-year clause opens with ('the year', 'the years'): questions without one skip the clauses."""
    spec = load("en").extra.get("paper_year_clause", {})
    return re.compile(rf"\b(?:{phrase_alternation(spec.get('nouns', []) + spec.get('bound_nouns', []))})\b", re.IGNORECASE)


def _names_a_paper_year(plan: dict[str, Any], question: str) -> bool:
    """Whether the question names a year by a paper ('the year after T came out', 'that same year')."""
    papers = [a["text"] for a in plan.get("anchors") or [] if a.get("type") == "paper" and a.get("text")]
    papers = papers if _clause_nouns().search(question) else []
    return any(_year_clause(title).search(question) for title in papers) or len(papers) == 1 and bool(
        _year_anaphor().search(question))


def _checked(new: dict[str, Any], text: str, unexplained_parts: Callable) -> dict[str, Any] | None:
    if new.get("ir") and new.get("operation") != "unsupported" and not unexplained_parts(text, new):
        new["checked_question"] = text
        return new
    return None


def _bound_word(offset: int) -> str:
    """The lexicon's word for a bound after (offset > 0) or before a year."""
    words = load("en").extra.get("paper_year_clause", {}).get("bound_words", {})
    return words.get("after" if offset > 0 else "before", "")


def _offset(word: str | None) -> int:
    """The years a word between 'the year' and the title moves it ('the year after T came out': +1)."""
    offsets = load("en").extra.get("paper_year_clause", {}).get("offsets", {})
    return int(offsets.get((word or "").lower(), 0))


def _same_year_as_named(plan: dict[str, Any], question: str, store: Any,
                        replan: Callable[[str], dict[str, Any]]) -> dict[str, Any] | None:
    """'Besides T, what else did A publish that same year?': a year anaphor in a question naming one paper (and no
    year) is that paper's year; the paper itself stays named, so its own exclusion word still leaves it out."""
    from hgrag.agents.checking.question_check import unexplained_parts

    papers = [a for a in plan.get("anchors") or [] if a.get("type") == "paper" and a.get("node_id")]
    found = _year_anaphor().search(question) if len(papers) == 1 else None
    year = store.attr(papers[0]["node_id"], "year") if found else None
    if not isinstance(year, int):
        return None
    text = " ".join((question[:found.start()] + f" in {year}" + question[found.end():]).split())
    new = _checked(replan(text), text, unexplained_parts)
    if new:
        new["interpretation"] = f"(that year: the year '{papers[0]['text']}' appeared, {year}) {new.get('interpretation') or ''}"
    return new


@lru_cache(maxsize=1)
def _year_anaphor() -> re.Pattern:
    forms = load("en").extra.get("paper_year_clause", {}).get("anaphors", [])
    return re.compile(rf"(?<![\w'’-])(?:{phrase_alternation(forms) or '(?!)'})(?![\w'’-])", re.IGNORECASE)


@lru_cache(maxsize=256)
def _year_clause(title: str) -> re.Pattern:
    """'in the year (that|when) T appeared', 'the year T was published' (the lexicon's publishing verbs)."""
    spec = load("en").extra.get("paper_year_clause", {})
    verbs = phrase_alternation(load("en").concepts.get("relation:published", []))
    leads, nouns, links, aux = (phrase_alternation(spec.get(key, [])) for key in ("leads", "nouns", "links", "auxiliaries"))
    offsets = phrase_alternation(list(spec.get("offsets", {}))) or "(?!)"
    plural = phrase_alternation(spec.get("bound_nouns", []))  # 'in the years after T came out': a bound
    return re.compile(rf"\s*\b(?:(?:{leads})\s+)?(?:(?P<bound>{plural})|{nouns})\s+(?:(?P<offset>{offsets})\s+)?"
                      rf"(?:(?:{links})\s+)?"
                      rf"[{QUOTES}]?{re.escape(title)}\.?"
                      rf"[{QUOTES}]?\s+(?:(?:{aux})\s+)?(?:{verbs})\b", re.IGNORECASE)
