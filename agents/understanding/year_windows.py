"""Year windows said in words, made plain for the parser: 'up to and including 1996' -> 'in or before 1996',
'the 4 years before 2019' -> 'between 2015 and 2018', 'in the last 10 years', 'not counting 2022 itself'
(lexicon `year_bounds`, `year_spans`, `year_itself_excluded`)."""

from __future__ import annotations

import re
from functools import lru_cache

from hgrag.agents.understanding.cue_words import phrase_alternation
from hgrag.agents.understanding.lexicon import load


def with_year_itself_excluded(question: str) -> str:
    """'after 2022, not counting 2022 itself' -> 'after 2022, that year excluded': a year said again to be left out
    (lexicon `year_itself_excluded`) is the instruction on the bound that named it first; a year not named before
    is left as it is (it may be an exclusion of its own)."""
    spec = load("en").extra.get("year_itself_excluded", {})
    leads, tails, nouns, itself = (phrase_alternation(spec.get(key, [])) for key in ("leads", "tails", "year_nouns",
                                                                                    "reflexives"))
    year = rf"(?:(?:{nouns})\s+)?((?:19|20)\d\d)(?:\s+(?:{itself}))?"
    pattern = re.compile(rf"\b(?:(?:{leads})\s+{year}|{year}\s+(?:{tails}))\b", re.IGNORECASE)

    def instruction(match: re.Match) -> str:
        said = match.group(1) or match.group(2)
        named_before = re.search(rf"\b{said}\b", question[:match.start()])
        return "that year excluded" if named_before else match.group(0)
    return pattern.sub(instruction, question) if leads and tails else question


def with_bounds_plain(question: str) -> str:
    """'up to and including 1996', 'no later than 1996' -> 'in or before 1996' (lexicon `year_bounds`: each
    key is the plain bound, its forms the ways of writing it; read only right before a year)."""
    def plain_bound(match: re.Match, plain: str) -> str:
        if re.search(r"(?:19|20)\d\d\W*(?:\w+\W*)?$", match.string[max(0, match.start() - 20):match.start()]):
            return match.group(0)  # 'from 2018 through 2020': the end of a range, kept for the range reader
        return f"{plain} {match.group('year')}"
    for plain, pattern in _bound_patterns():
        question = pattern.sub(lambda m: plain_bound(m, plain), question)
    return question


@lru_cache(maxsize=1)
def _bound_patterns() -> list[tuple[str, re.Pattern]]:
    bounds = load("en").extra.get("year_bounds", {})
    nouns = phrase_alternation([f for f in load("en").family("attribute").get("year", []) if " " not in f]) or "(?!)"
    the = phrase_alternation(load("en").concepts.get("function:the", [])) or "(?!)"
    return [(plain, re.compile(rf"\b(?:{phrase_alternation(forms)})\s+(?:(?:(?:{the})\s+)?(?:{nouns})\s+|(?:{the})\s+)?"
                               rf"(?P<year>(?:19|20)\d\d)\b", re.IGNORECASE)) for plain, forms in bounds.items() if forms]


def with_spans_as_between(question: str) -> str:
    """'in the last two years up to and including 2024' -> 'between 2023 and 2024'; 'in the last 10 years' -> the ten
    years up to this one (lexicon `year_spans`)."""
    numbers = load("en").extra.get("number_words", {})

    def between(match: re.Match) -> str:
        length = match.group("n")
        n, last = (int(length) if length.isdigit() else numbers.get(length.lower(), 0)), int(match.group("year"))
        if not 0 < n < 100:
            return match.group(0)
        last -= 1 if match.group("before") else 0  # 'the 4 years before 2019': 2015 to 2018
        return f"in {last}" if n == 1 else f"between {last - n + 1} and {last}"
    question = _span_pattern().sub(between, question)

    def recent(match: re.Match) -> str:  # 'in the last 10 years': the ten years up to this one
        length = match.group("n")
        n, last = (int(length) if length.isdigit() else numbers.get(length.lower(), 0)), this_year()
        return match.group(0) if not 0 < n < 100 else f"between {last - n + 1} and {last}"
    return _recent_pattern().sub(recent, question)


def this_year() -> int:
    """The current year: 'the last 10 years' end in it."""
    import datetime

    return datetime.date.today().year


@lru_cache(maxsize=1)
def _recent_pattern() -> re.Pattern:
    """'in the last 10 years', 'over the past two years' with no last year named (and no owner after it: 'the
    last 3 years of their career' is a career reading)."""
    lexicon = load("en")
    spans, numbers = lexicon.extra.get("year_spans", {}), lexicon.extra.get("number_words", {})
    count = "|".join([r"\d{1,2}"] + sorted(numbers, key=len, reverse=True))
    return re.compile(
        rf"\b(?:{phrase_alternation(spans.get('frames', []))})\s+(?:{phrase_alternation(spans.get('articles', []))})\s+"
        rf"(?:{phrase_alternation(spans.get('leads', []))})\s+(?P<n>{count})[\s-]+years?\b"
        rf"(?!\s*,?\s*(?:{phrase_alternation(spans.get('owner_links', []) + spans.get('endings', []))})\b)", re.IGNORECASE)


@lru_cache(maxsize=1)
def _span_pattern() -> re.Pattern:
    lexicon = load("en")
    spans, numbers = lexicon.extra.get("year_spans", {}), lexicon.extra.get("number_words", {})

    def words(key: str) -> str:
        return phrase_alternation(spans.get(key, []))
    count = "|".join([r"\d{1,2}"] + sorted(numbers, key=len, reverse=True))
    inclusive = words("inclusive")
    return re.compile(
        rf"\b(?:(?:{words('frames')})\s+)?(?:(?:{words('articles')})\s+)?(?:(?:{words('leads')})\s+)?(?P<n>{count})"
        rf"[\s-]+years?(?:[\s-]+(?:{words('nouns')}))?,?\s+(?:(?P<before>{words('exclusive_endings')})|{words('endings')})\s*"
        rf"(?:\(?\s*(?:{inclusive})\s*\)?\s*)?(?P<year>(?:19|20)\d\d)\b(?:\s*\(?(?:{inclusive})\)?)?",
        re.IGNORECASE)


def with_window_notes_dropped(question: str) -> str:
    """'in their first 2 years, starting from the year of their first paper' -> 'in their first 2 years': a note after
    a window of first years that only says where it starts (it names the first year again, lexicon
    `career_windows.starting_notes`) restates it; a note counting another way ('… as year zero') stays."""
    pattern, firsts, other_counts = _window_note()
    if pattern is None:
        return question

    def dropped(match: re.Match) -> str:
        note = match.group("note")
        restating = firsts.search(note) and not other_counts.search(note)
        return match.group("window") if restating else match.group(0)
    return pattern.sub(dropped, question)


@lru_cache(maxsize=1)
def _window_note() -> tuple[re.Pattern | None, re.Pattern, re.Pattern]:
    spec = load("en").extra.get("career_windows", {})
    starts, firsts = phrase_alternation(spec.get("starting_notes", [])), phrase_alternation(spec.get("first_words", []))
    other_counts, nouns = phrase_alternation(spec.get("other_counts", [])), phrase_alternation(spec.get("year_nouns", []))
    pattern = re.compile(rf"(?P<window>\b(?:{firsts})\s+(?:\d{{1,2}}|\w+)\s+(?:{nouns})\b[^,?.!;\"“”]{{0,40}}?)\s*,\s*"
                         rf"(?P<note>(?:{starts})\s[^?.!;,]*)", re.IGNORECASE) if starts != "(?!)" else None
    return (pattern, re.compile(rf"\b(?:{firsts})\b", re.IGNORECASE),
            re.compile(rf"\b(?:{other_counts})\b", re.IGNORECASE))
