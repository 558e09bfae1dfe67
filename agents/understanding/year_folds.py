"""Years the context names, bound where the asking sentence points back at them: 'that year' for the one year the
context says, 'in that period' for its two years written as a span, a remark's 'that year' for the year the question
named ('What did A publish after 2022? I mean later than that year.')."""

from __future__ import annotations

import re
from functools import lru_cache

from hgrag.agents.understanding.cue_words import phrase_alternation
from hgrag.agents.understanding.lexicon import load
from hgrag.agents.understanding.sentences import asking as _asking
from hgrag.agents.understanding.tokens import tag


def period_folded(sentences: list[str]) -> str | None:
    """'I'm interested in the stretch from 1997 to 1999, inclusive. What did they publish in that period?': a period
    anaphor of the lexicon's `period_anaphors` stands for the context's two years, written as a span between them
    (with the context's own 'inclusive' or 'exclusive' said again)."""
    if len(sentences) < 2 or not _asking(sentences[-1]) or re.search(r"\b(?:19|20)\d\d\b", sentences[-1]):
        return None
    context = " ".join(sentences[:-1])
    years = re.findall(r"\b(?:19|20)\d\d\b", context)
    forms = load("en").extra.get("context_words", {}).get("period_anaphors", [])
    found = re.search(rf"(?<![\w'-])(?:{phrase_alternation(forms)})(?![\w'-])", sentences[-1], re.IGNORECASE)
    if len(set(years)) != 2 or found is None:
        return None
    low, high = sorted(years)
    said = [t.concept for t in tag(context.lower(), load("en")) if (t.concept or "").startswith("instruction:")]
    note = next((c.split(":")[1] for c in said if c in ("instruction:inclusive", "instruction:exclusive")), "")
    asking = sentences[-1]
    template = load("en").extra.get("context_words", {}).get("period_span", "{low} {high}")
    span = template.format(low=low, high=high) + (f" ({note})" if note else "")
    return asking[:found.start()] + span + asking[found.end():]


def year_folded(sentences: list[str]) -> str | None:
    """'We are preparing a retrospective on the year 2009. What did A publish that year?': the asking sentence's year
    anaphor (the lexicon's context references of kind year: 'that year', 'the same year') stands for the one year
    the context sentences name: the asking sentence with the year in its place, or None (no such anaphor, or not
    one year)."""
    if len(sentences) < 2 or not _asking(sentences[-1]):
        return None
    return _year_bound(sentences[-1], " ".join(sentences[:-1]))


def remark_year_folded(question: str) -> str | None:
    """'What did A publish after 2022? I mean later than that year.': a remark after the question whose year anaphor
    stands for the one year the question names, with the year in its place; else None."""
    mark = question.rfind("?", 0, len(question.rstrip(" ?.!")))
    if mark < 0 or any((t.concept or "").startswith("instruction:") for t in tag(question[mark + 1:].lower(), load("en"))):
        return None  # ('… after 2008? (that year excluded)': an instruction about the year, read as one)
    bound = _year_bound(question[mark + 1:], question[:mark + 1])
    return question[:mark + 1] + bound if bound is not None else None


def _year_bound(asking: str, before: str) -> str | None:
    """`asking` with its year anaphor replaced by the one year `before` names, or None."""
    if re.search(r"\b(?:19|20)\d\d\b", asking):
        return None
    years = set(re.findall(r"\b(?:19|20)\d\d\b", before))
    found = _year_anaphor().search(asking)
    if len(years) != 1 or found is None:
        return None
    leads = load("en").extra.get("paper_year_clause", {}).get("leads", [])  # ('in', 'during' before the anaphor)
    before = tag(asking[:found.start()].lower(), load("en"))[-1:]
    timed = bool(before) and (before[0].concept or "").startswith("time:")  # 'before that year': 'before 2015'
    lead = "" if timed or re.search(rf"\b(?:{phrase_alternation(leads)})\s*$", asking[:found.start()], re.IGNORECASE) \
        else f"{leads[0]} " if leads else ""
    return asking[:found.start()] + lead + years.pop() + asking[found.end():]


@lru_cache(maxsize=1)
def _year_anaphor() -> re.Pattern:
    groups = load("en").extra.get("context_words", {}).get("context_references", [])
    phrases = [f"{d} {n}" for g in groups if g.get("kinds") == ["year"] for d in g["determiners"] for n in g["nouns"]]
    phrases += [w for g in groups if g.get("kinds") == ["year"] for w in g.get("words", [])]
    return re.compile(rf"(?<![\w'-])(?:{phrase_alternation(phrases)})(?![\w'-])", re.IGNORECASE)


def premise_years_dropped(sentences: list[str]) -> list[str] | None:
    """'A first shows up in 2015. What is the latest year they published?': a context sentence that dates the named
    one's first or last paper states a fact, it narrows nothing; the sentences with that date left out (the year
    and the function word before it), or None when no context sentence is such a premise."""
    changed = [_premise_undated(s) for s in sentences[:-1]]
    if all(c is None for c in changed):
        return None
    return [c if c is not None else s for c, s in zip(changed, sentences[:-1])] + sentences[-1:]


def _a_dated_title(sentence: str, tokens: list) -> bool:
    """'"T" from 2010.', '"T", published in 2010.': a quoted title and its year, with only function, relation and
    year words around them; the year is the paper's own, a fact about it."""
    outside = re.sub(r"\"[^\"]+\"|“[^”]+”", " ", sentence)
    if outside == sentence:
        return False
    said = tag(outside.lower(), load("en"))
    return all(t.family in ("function", "relation", "number", "filler") or t.concept == "attribute:year" for t in said)


def _premise_undated(sentence: str) -> str | None:
    """The sentence without its one year when it is a premise (a statement with an ordinal of first or last and no
    time word that would bound), else None."""
    tokens = tag(sentence.lower(), load("en"))
    years = [t for t in tokens if t.family == "number" and re.fullmatch(r"(?:19|20)\d\d", t.text)]
    ordinal = any(t.concept in ("operator:first", "operator:last") for t in tokens) or _a_dated_title(sentence, tokens)
    if len(years) != 1 or not ordinal or _asking(sentence) or sentence.rstrip().endswith("?") or \
            any(t.family in ("time", "head") and t.concept != "head:aux" for t in tokens):
        return None
    before = re.search(rf"([\w'-]+)\s+{years[0].text}\b", sentence)
    lead = before.group(1) if before and (load("en").concept(before.group(1).lower()) or "").startswith("function:") \
        else ""
    pattern = rf"\s*\b{re.escape(lead)}\s+{years[0].text}\b" if lead else rf"\s*\b{years[0].text}\b"
    return re.sub(pattern, "", sentence, count=1, flags=re.IGNORECASE)
