"""Words that may narrow what is asked, and whether a text speaks of the asker (lexicon `idle_context`): 'restricting_words' ('only', 'solely', 'care about')
restrict it; 'narrowing_words' ('also', 'not', 'except', 'need') may narrow or add to it. A statement holding them is
never read aside as idle context."""

from __future__ import annotations

import re
from functools import lru_cache

from hgrag.agents.understanding.cue_words import phrase_alternation
from hgrag.agents.understanding.lexicon import load


def narrowing_words(family: str) -> list[str]:
    """The lexicon's `idle_context` words of one family ('restricting_words': 'only', 'except' …)."""
    return load("en").extra.get("idle_context", {}).get(family, [])


@lru_cache(maxsize=1)
def restricting() -> re.Pattern:
    """A word that restricts what is asked ('I only care about journals.')."""
    return re.compile(rf"(?<![\w'-])(?:{phrase_alternation(narrowing_words('restricting_words'))})(?![\w'-])", re.IGNORECASE)


@lru_cache(maxsize=1)
def narrowing() -> re.Pattern:
    """Words that may narrow the answer even in a statement naming nothing (lexicon `idle_context.narrowing_words`)."""
    words = narrowing_words("narrowing_words") + narrowing_words("restricting_words")
    return re.compile(rf"(?<![\w'-])(?:{phrase_alternation(words)})(?![\w'-])", re.IGNORECASE)


def speaks_of_the_asker(text: str) -> bool:
    """The text speaks of the asker in the first person (lexicon `asker_remarks.persons`: 'I', 'our', 'us' …)."""
    persons = set(load("en").extra.get("asker_remarks", {}).get("persons", []))
    return bool(set(re.findall(r"[\w'’]+", text.lower())) & persons)


def unanchored_times(tokens: list) -> set[int]:
    """'Quick check before the meeting:', 'Need it before the evening edition.': the indexes of time words whose object
    is a word the lexicon does not know (after at most two function words): no year, number, name or word of the
    graph's meaning anchors them, so they bound nothing the graph holds."""
    idle = set()
    for i, token in enumerate(tokens):
        if token.family != "time":
            continue
        j = i + 1
        while j < len(tokens) and j - i <= 2 and tokens[j].family == "function":
            j += 1
        if j < len(tokens) and tokens[j].family in (None, "general") and tokens[j].concept != "number":
            idle.add(i)
        elif _said_last(tokens, i):
            idle.add(i)  # ('Has A worked with B before?': 'before' as 'at some time', no bound)
    return idle


def _said_last(tokens: list, i: int) -> bool:
    """A time word that closes the question (nothing after it but a yes/no tag) with no number before it: an adverb."""
    rest = [t for t in tokens[i + 1:] if t.family != "filler"]
    numbered = any(t.concept == "number" for t in tokens[max(0, i - 2):i])
    return tokens[i].concept in ("time:before", "time:after") and not numbered and \
        all(t.concept == "operator:yes_no" for t in rest)


def dangling_negations(tokens: list) -> set[int]:
    """'Can't for the life of me remember.': the indexes of negations (lexicon `code_words.negations`) after which
    nothing of the graph's meaning comes (no kind, relation, attribute, value, time, name or number)."""
    from hgrag.agents.understanding.lexicon import MEANING_FAMILIES

    negations = set(load("en").extra.get("code_words", {}).get("negations", []))
    return {i for i, t in enumerate(tokens) if t.text in negations and not any(
        (u.family or "") in MEANING_FAMILIES or u.concept in ("mention", "number") for u in tokens[i + 1:])}


def only_dangling_negations(sentence: str, tokens: list) -> bool:
    """The sentence's only narrowing words are negations, and every negation in it dangles."""
    negations = set(load("en").extra.get("code_words", {}).get("negations", []))
    said = {m.group(0).lower() for m in narrowing().finditer(sentence)}
    found = {i for i, t in enumerate(tokens) if t.text in negations}
    return bool(found) and said <= negations and found <= dangling_negations(tokens)


def years_left_out_by_a_bound(tokens: list, ir: dict | None) -> set[int]:
    """'… after 2008? Not in 2008.': a negation before a year (function words between) that a strict year bound of
    the plan already leaves out is read by that bound; the negations' indices."""
    from hgrag.state.plan_ir import walk

    strict = {op.get("value") for op in walk(ir or {}) if op.get("op") == "filter" and op.get("attr") == "year"
              and op.get("cmp") in ("<", ">")}
    found = set()
    for i, token in enumerate(tokens):
        if token.concept != "operator:exclude":
            continue
        after = next((t for t in tokens[i + 1:] if t.family != "function"), None)
        if after is not None and after.concept == "number" and after.text.isdigit() and int(after.text) in strict:
            found.add(i)
    return found
