"""'Which papers cited T within two years of its publication?', 'Which works cited by T are at least ten years older
than it?': a window of years measured from a named paper's own year. The paper's year is read from the graph, the
window is written out as a year bound ('in or before 2011', 'after 2012') and the question is planned again; the plan
is kept when the question-plan check accepts it, and the interpretation says which year was read and how it moved.

The words are lexicon data (`paper_windows`): amounts ('within', 'more than', 'at least'), directions ('after',
'older than'), the words that stand for the paper's appearance ('its publication', 'it appeared') and how each
reading is written back."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Callable

from hgrag.agents.understanding.cue_words import phrase_alternation
from hgrag.agents.understanding.lexicon import load

QUOTES = "\"'“”‘’«»„"
PLACE = "zzthetitle"  # where the named paper's title stands while the window is read


def with_paper_window(plan: dict[str, Any], question: str, store: Any,
                      replan: Callable[[str], dict[str, Any]]) -> dict[str, Any]:
    """`plan`, or the plan of the question with a window counted from the one named paper's year written out."""
    from hgrag.agents.checking.question_check import reads_it, unexplained_parts

    papers = [a for a in plan.get("anchors") or [] if a.get("type") == "paper" and a.get("node_id") and a.get("text")]
    if len(papers) != 1 or _reads_years(plan) and not unexplained_parts(question, plan):
        return plan  # (a plan the check accepts already reads the years: 'after T came out')
    title = papers[0]["text"]
    held = _title_held(question, title)
    found = _window().search(held)
    year = store.attr(papers[0]["node_id"], "year") if found else None
    said = _bound(found, year) if isinstance(year, int) else None
    if said is None:
        return plan
    text = " ".join((held[:found.start()] + f" {said[0]} " + held[found.end():]).split()).replace(PLACE, f'"{title}"')
    new = replan(text)
    if not reads_it(text, new):
        return plan
    new["checked_question"] = text
    new["noted_readings"] = [*new.get("noted_readings", []), f"'{papers[0]['text']}' appeared in {year}; {said[1]}"]
    return new


def _title_held(question: str, title: str) -> str:
    """The question with the title (its quotes and a full stop after it included) as one token `PLACE`."""
    out, at = [], 0
    while (found := question.find(title, at)) >= 0:
        start, end = found, found + len(title)
        start -= 1 if start > at and question[start - 1] in QUOTES else 0
        end += 1 if question[end:end + 1] == "." else 0
        end += 1 if question[end:end + 1] and question[end] in QUOTES else 0
        out += [question[at:start], PLACE]
        at = end
    return "".join(out + [question[at:]])


def _reads_years(plan: dict[str, Any]) -> bool:
    from hgrag.state.plan_ir import walk

    return any(op.get("op") == "filter" and op.get("attr") == "year" for op in walk(plan.get("ir")) if plan.get("ir"))


def _spec() -> dict[str, Any]:
    return load("en").extra.get("paper_windows", {})


def _bound(found: re.Match, year: int) -> tuple[str, str] | None:
    """(the year bound written out, how it was reached) for a matched window, None when the words say no bound."""
    spec = _spec()
    amount = spec.get("amounts", {}).get(" ".join((found.group("amount") or "").lower().split()), "exact")
    sign = spec.get("directions", {}).get(" ".join(found.group("direction").lower().split()))
    count = _count(found.group("count"))
    if sign is None or count is None and (amount != "exact" or not sign) or not sign and amount != "window":
        return None  # ('the year of its publication', 'two years of its publication': no window said)
    if count is None:  # 'older than it', 'after its publication': any year beyond the paper's own
        key = "after" if sign > 0 else "before"
        return f"{spec['written'][key]} {year}", f"{key} {year}"
    target = year + (sign or 1) * count
    if amount == "window":  # 'within two years of its publication': up to that year ('before' it: from that year)
        key = "up_to" if sign >= 0 else "from"
    elif amount == "exact":
        key = "in"
    else:
        key = ("after" if sign > 0 else "before") + ("_inclusive" if amount == "inclusive" else "")
    return f"{spec['written'][key]} {target}", f"{'+' if target >= year else '-'}{count}: {key.replace('_', ' ')} {target}"


def _count(text: str | None) -> int | None:
    if not text:
        return None
    word = " ".join(text.lower().split())
    return int(word) if word.isdigit() else load("en").extra.get("number_words", {}).get(word, _spec().get(
        "single", {}).get(word))


@lru_cache(maxsize=1)
def _window() -> re.Pattern:
    """[amount] [count year-noun] direction (the paper's appearance | the title [verb]), e.g. 'within two years of its
    publication', 'at least ten years older than it', 'more than 3 years after "T" appeared'."""
    spec = _spec()
    numbers = list(load("en").extra.get("number_words", {})) + list(spec.get("single", {}))
    amounts, directions = phrase_alternation(list(spec.get("amounts", {}))), phrase_alternation(list(spec.get("directions", {})))
    nouns, anchors = phrase_alternation(spec.get("year_nouns", [])), phrase_alternation(spec.get("anchors", []))
    verbs = phrase_alternation(load("en").concepts.get("relation:published", []))
    aux = phrase_alternation(spec.get("auxiliaries", []))
    named = rf"{PLACE}(?:\s+(?:(?:{aux})\s+)?(?:{verbs}))?"
    return re.compile(rf"(?<![\w'’-])(?:(?P<amount>{amounts})\s+)?(?:(?P<count>\d{{1,2}}|{phrase_alternation(numbers)})"
                      rf"\s+(?:{nouns})\s+)?(?P<direction>{directions})\s+(?:{anchors}|{named})(?![\w'’-])", re.IGNORECASE)
