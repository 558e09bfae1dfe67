"""'In which venues did A publish during the first three years of their career?', 'Who co-authored with A in the
last two years of their publishing record?': a window of years counted from the named author's own first or last
year in the graph. The years are read from the graph, the window is written out ('between 1995 and 1997') and the
question is planned again, so whatever it asks of those years (venues, co-authors, counts) is read as it would be
with the years typed; a note restating the window ('(counting their first year as year one)', ', i.e. their latest
year and the one before it') goes with it. Used only when the check declines the plan; the words are lexicon data
(`career_windows`)."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Callable

from hgrag.agents.understanding.cue_words import phrase_alternation
from hgrag.agents.understanding.lexicon import load


def with_career_window(plan: dict[str, Any], question: str, store: Any,
                       replan: Callable[[str], dict[str, Any]]) -> dict[str, Any]:
    """`plan`, or the plan of the question with a window of the one named author's career written out."""
    from hgrag.agents.checking.question_check import reads_it, unexplained_parts

    authors = [a for a in plan.get("anchors") or [] if a.get("type") == "author" and a.get("node_id")]
    found = _window().search(question) if len(authors) == 1 else None
    if found is None or not unexplained_parts(question, plan) or _career_said_again(question[:found.start()] + " " +
                                                                                    question[found.end():]):
        return plan  # ('counting the debut year as year zero, … the first 3 years': a window of its own counting)
    years = _years(store, authors[0]["node_id"])
    count = _count(found.group("count"))
    if not years or count is None or count < 1:
        return plan
    end = _spec().get("ends", {}).get(found.group("end").lower())
    low, high = (years[0], years[0] + count - 1) if end == "first" else (years[-1] - count + 1, years[-1])
    said = f"in {low}" if low == high else _spec().get("written", "between {low} and {high}").format(low=low, high=high)
    text = " ".join((question[:found.start()] + f" {said}" + question[found.end():]).split())
    new = replan(text)
    if not reads_it(text, new):
        return plan
    new["checked_question"] = text
    new["noted_readings"] = [*new.get("noted_readings", []), f"{authors[0]['text']}'s {end} year in the graph is "
                                                     f"{years[0] if end == 'first' else years[-1]}"]
    return new


def _career_said_again(rest: str) -> bool:
    """The rest of the question names a career's end or start again ('debut', 'first', 'year zero'): it says how the
    window counts, which this reading does not take."""
    words = list(_spec().get("ends", {})) + load("en").extra.get("career_owners", [])
    return re.search(rf"(?<![\w'’-])(?:{phrase_alternation([w for w in words if w not in _spec().get('owners', [])])})"
                     rf"(?![\w'’-])", rest, re.IGNORECASE) is not None


def _spec() -> dict[str, Any]:
    return load("en").extra.get("career_windows", {})


def _years(store: Any, author: str) -> list[int]:
    """The distinct years of the author's papers in the graph, in order."""
    from hgrag.state import plan_ir as ir
    from hgrag.tools.ir_exec import execute

    papers = ir.traverse(ir.match([author], "author", ""), "writes", "out")
    nodes = execute(store, papers).value.data
    return sorted({y for y in (store.attr(n, "year") for n in nodes) if isinstance(y, int)})


def _count(word: str | None) -> int | None:
    if not word:
        return 1
    word = " ".join(word.lower().split())
    return int(word) if word.isdigit() else load("en").extra.get("number_words", {}).get(word)


@lru_cache(maxsize=1)
def _window() -> re.Pattern:
    """[lead] the first|last [N] [calendar] years of their career|record …, with a restating note after it."""
    spec = _spec()
    numbers = phrase_alternation(list(load("en").extra.get("number_words", {})))
    leads, ends = phrase_alternation(spec.get("leads", [])), phrase_alternation(list(spec.get("ends", {})))
    nouns, owners = phrase_alternation(spec.get("year_nouns", [])), phrase_alternation(spec.get("owners", []))
    spans, notes = phrase_alternation(spec.get("careers", [])), phrase_alternation(spec.get("note_leads", []))
    note = rf"(?:\s*\((?:{notes})[^)]*\)|\s*,?\s*(?:{notes})\s[^?.!;]*)?"
    articles, links = phrase_alternation(spec.get("articles", [])), phrase_alternation(spec.get("links", []))
    return re.compile(rf"(?<![\w'’-])(?:(?:{leads})\s+)?(?:{articles})\s+(?P<end>{ends})\s+"
                      rf"(?:(?P<count>\d{{1,2}}|{numbers})\s+)?(?:{nouns})\s+(?:{links})\s+(?:{owners})\s+(?:{spans})"
                      rf"(?![\w'’-]){note}", re.IGNORECASE)
