"""Time relative to a named paper or a year: how the question places one publication year against
another ("before 2003", "pre-2003", "publication year < 2003", "older than the year 2003", "2003 or
earlier"; "after the year X came out", "year > year of X", "in the year that X was published",
"year = year of X"). The comparison is read from the residual question (mentions cut out) and,
for symbols the residual drops (<, >, =, ≤, ≥), from a symbolic copy of the question in which the
mentions are cut out the same way, so a title's own symbols never count.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

PLACEHOLDER = {"paper": "zzpaper", "author": "zzauthor", "venue": "zzvenue"}

# Inclusive forms come first: they contain the strict words ("no later than", "2003 or earlier").
AT_OR_BEFORE = (r"\b(on|in|during) or (before|prior to|earlier than)\b|\bor (earlier|before|sooner|prior)\b|"
                r"\bno (later|after|newer|more recent) than\b|\bnot (later|newer|more recent) than\b|"
                r"\bup to and including\b|\bat the latest\b|\byears? (is |was )?at (the )?most\b")
AT_OR_AFTER = (r"\b(on|in|during) or (after|later than|since)\b|\bsince\b|\bor (later|after|newer|more recent)\b|"
               r"\bno (earlier|sooner|older) than\b|\bnot (earlier|sooner|older) than\b|\b(onwards?|and after)\b|"
               r"\bat the earliest\b|\byears? (is |was )?at least\b")
BEFORE = (r"\b(before|prior to|earlier than|sooner than|older than|preceding|predates?|predating|ahead of|pre|"
          r"in an earlier year|years? (is |was )?(less|lower|smaller) than)\b")
AFTER = (r"\b(after|later than|later year than|following|subsequent to|post|newer than|more recent than|"
         r"younger than|postdates?|postdating|in a later year|years? (is |was )?(greater|larger|higher|bigger) than)\b")
SYMBOLS = (("<=", r"<=|≤|=<"), (">=", r">=|≥|=>"), ("!=", r"!=|≠|<>"), ("<", r"<"), (">", r">"), ("=", r"==?"))
WORDS = (("<=", AT_OR_BEFORE), (">=", AT_OR_AFTER), ("<", BEFORE), (">", AFTER))
# "in the year that X was published", "from the year X appeared", "X's publication year", "same year as X"
SAME_YEAR = re.compile(r"\bsame (publication |calendar )?year\b|\bthat (same )?year\b|\b(in|from|during|within|of) "
                       r"(the |that )?(publication |calendar )?year (that |when |in which |of |as )?(the (paper |"
                       r"article )?)?zzpaper\b|\b(when|as) zzpaper (was|came|appeared|got|went|saw)\b|\b(in|from|"
                       r"during) zzpaper 's (publication )?year\b|\byear zzpaper (was|came|appeared|got|went|saw)\b")
# "the year after X", "two years before 2005", "the following year": an offset, not an order
OFFSET = re.compile(r"\b(the|(?<!\bin )(?<!\bfrom )(?<!\bduring )a|one|that|same) (calendar )?year (before|after|earlier|later|prior|following|preceding|"
                    r"since)\b|\b(\d+|two|three|four|five|six|seven|eight|nine|ten|several|a few|a couple of) (\w+ )?"
                    r"years? (before|after|earlier|later|prior|since|following|preceding|ahead)\b|\b(following|next|"
                    r"previous|preceding|prior|subsequent) year\b")
# "since X, including that year": the stated year itself counts
INCLUSIVE = re.compile(r"(?<!\bnot )(?<!\bwithout )\b(including|counting|inclusive of|together with) (that|the same|this|its|the|their|his|her) "
                       r"(publication |calendar )?year\b|\binclusive(ly)?\b|\bincluded\b")
OTHER_KIND = re.compile(r"\b(who|whom|co-?authors?|collaborators?|colleagues|partners|people|venues?|journals?|"
                        r"conferences?)\b")
WH = re.compile(r"\b(which|what|who|whom|whose|how|list|name|show|give|find|enumerate)\b")
YES_NO = re.compile(r"\b(whether|yes or no|true or false|(yes|y) ?(or|/)? ?(no|n))\b|^(did|do|does|has|have|had|is|are|"
                    r"was|were|can|could)\b")


def symbolic_text(raw: str, spans: list[Any], years: list[int]) -> str:
    """The question lower-cased with mentions and years cut out as in the residual, symbols kept."""
    text = raw
    for span in sorted(spans, key=lambda s: -s.start):
        if span.end > span.start and span.type in PLACEHOLDER:
            text = text[:span.start] + f" {PLACEHOLDER[span.type]} " + text[span.end:]
    for year in set(years):
        text = re.sub(rf"\b{year}\b", " zzyear ", text)
    return re.sub(r"\s+", " ", text.lower().replace("’", "'")).strip()


def relations(text: str, symbolic: str, reference: str) -> set[str]:
    """Every comparison the question states between a year and the reference (zzyear, zzpaper)."""
    found = set()
    for cmp, pattern in SYMBOLS:  # "year > year of X", "publication year < 2003", "year = year of X"
        if re.search(rf"\byears?\s*({pattern})\s*(the )?(publication )?(years? (of )?|that of )?{reference}\b|"
                     rf"\byears?\s*({pattern})\s*{reference} 's (publication )?year\b|"
                     rf"({pattern})\s*(the )?(publication )?years? of {reference}\b", symbolic):
            found.add(cmp)
            break
    return found | word_relations(text)


def word_relations(words: str) -> set[str]:
    """The comparisons stated in words; a longer form is consumed first ("no later than" is not also
    "later than")."""
    found = set()
    for cmp, pattern in WORDS:
        if re.search(pattern, words):
            found.add(cmp)
            words = re.sub(pattern, " ", words)
    return found


TRAILING = (("<=", r"^\s*(or (earlier|before|sooner|prior)|at the latest)\b"),
            (">=", r"^\s*(or (later|after|newer|more recent)|onwards?|and (after|later)|at the earliest)\b"))
RANGE = re.compile(r"\bbetween (the years? )?zzyear and zzyear\b|\bfrom zzyear (to|until|till|through) zzyear\b|"
                   r"\bzzyear\s*[-–]\s*zzyear\b")


def _hole_relation(before: str, after: str, symbols_before: str) -> str | None:
    """The comparison stated for one year: words just before it ("before", "no later than"), a symbol
    ("year < 2003") or a trailing form ("2003 or earlier"); None when none or several."""
    found = {cmp for cmp, pattern in TRAILING if re.search(pattern, after)}
    for cmp, pattern in SYMBOLS:
        if re.search(rf"\byears?\s*({pattern})\s*(the )?(year )?$", symbols_before):
            found.add(cmp)
            break
    found |= word_relations(before)
    return found.pop() if len(found) == 1 and found <= {"<", "<=", ">", ">="} else None


def year_bounds(text: str, symbolic: str, years: list[int]) -> list[tuple[str, int]] | None:
    """How a paper's year is placed against the stated years, in their order in the question:
    [("<", 2003)] for "before 2003", [(">", 1990), ("<", 2000)] for "after 1990 but before 2000",
    [(">=", 1990), ("<=", 2000)] for "between 1990 and 2000"; None unless every year has one bound
    and two years make a range."""
    holes, marks = list(re.finditer(r"\bzzyear\b", text)), list(re.finditer(r"\bzzyear\b", symbolic))
    twice = len(years) == 1 and len(holes) == len(marks) == 2
    if twice:
        years = years * 2  # (one year said twice: bounded alike both times, it is one bound)
    if len(holes) != len(years) or len(marks) != len(years) or len(years) not in (1, 2):
        return None
    denied = _year_denied_again(text, holes, years[0]) if twice else None
    if denied is not None:
        return denied
    if len(years) == 2 and RANGE.search(text):
        return [(">=", min(years)), ("<=", max(years))]
    bounds = []
    for k, (hole, mark) in enumerate(zip(holes, marks)):
        start = max(holes[k - 1].end() if k else 0, hole.start() - 40)
        end = holes[k + 1].start() if k + 1 < len(holes) else len(text)
        symbols_start = marks[k - 1].end() if k else 0
        cmp = _hole_relation(text[start:hole.start()], text[hole.end():end][:20], symbolic[symbols_start:mark.start()])
        if not cmp:
            return None
        bounds.append((cmp, years[k]))
    if len(bounds) == 2 and bounds[0] == bounds[1]:
        return bounds[:1]  # ('pre-2005 output of A: which came out before 2005?': one bound said twice)
    if len(bounds) == 2 and {b[0][0] for b in bounds} != {"<", ">"}:
        return None  # two years must bound the year from both sides
    return None if OFFSET.search(text) else bounds


def _year_denied_again(text: str, holes: list[re.Match], year: int) -> list[tuple[str, int]] | None:
    """'after 2008? I mean in the later years, not 2008': one year bounded, then said again after a negation: the
    bound leaves that year out (strict); None unless the second saying is such a denial."""
    from hgrag.agents.understanding.lexicon import load

    negations = load("en").extra.get("code_words", {}).get("negations", [])
    said_before = text[max(holes[0].end(), holes[1].start() - 12):holes[1].start()].split()
    first = _hole_relation(text[max(0, holes[0].start() - 40):holes[0].start()],
                           text[holes[0].end():holes[1].start()][:20], "")
    if not first or not any(word in negations for word in said_before):
        return None
    return [(first[0], year)]


def relative_relation(text: str, symbolic: str) -> str | None:
    """The one comparison between an author's papers and a named paper's year ('=' for the same year)."""
    found = relations(text, symbolic, "zzpaper")
    if OFFSET.search(text) or OTHER_KIND.search(text):
        return None  # "the year after X" is one year; "co-authors after X" are not papers
    if found in ({">"}, {"<"}) and INCLUSIVE.search(text):
        found = {found.pop() + "="}
    elif found in ({">="}, {"<="}) and _year_itself_left_out(text):
        found = {found.pop()[0]}  # ('since X, not counting that year': strictly after it)
    if not found:  # "the same year as X", unless a loose time word ("earlier that year") qualifies it
        loose = re.search(r"\b(after|since|later|before|earlier|prior|first|last|previous|next)\b", text)
        return "=" if SAME_YEAR.search(text) and not loose else None
    return found.pop() if len(found) == 1 and "!=" not in found else None


def _year_itself_left_out(text: str) -> bool:
    """'since X, not counting that year': a lead of the lexicon's `year_itself_excluded` before a word for year (one
    word may stand between), or one of its tails; the bound's own year is left out."""
    from hgrag.agents.understanding.cue_words import phrase_alternation
    from hgrag.agents.understanding.lexicon import load

    spec = load("en").extra.get("year_itself_excluded", {})
    leads, nouns, tails = (phrase_alternation(spec.get(key, [])) for key in ("leads", "year_nouns", "tails"))
    return bool(re.search(rf"\b(?:{leads}) (?:\w+ )?(?:{nouns})\b|\b(?:{tails})\b", text))


def asks_yes_no(text: str) -> bool:
    """A yes/no question: a yes/no marker, or no question word asking for a list or a value."""
    return bool(YES_NO.search(text)) or not WH.search(text)


STRICT_KEYS = {"<": ("year_to", "year_before"), ">": ("year_from", "year_after")}


@lru_cache(maxsize=1)
def _inclusive_lead() -> re.Pattern:
    """A bound word of the lexicon that keeps its year in ('since 2005', 'by the year 2005': `inclusive_bound_leads`),
    with the year noun the lexicon allows between."""
    from hgrag.agents.understanding.cue_words import phrase_alternation
    from hgrag.agents.understanding.lexicon import load

    leads = phrase_alternation(load("en").extra.get("inclusive_bound_leads", [])) or "(?!)"
    nouns = phrase_alternation(load("en").extra.get("year_itself_excluded", {}).get("year_nouns", [])) or "(?!)"
    return re.compile(rf"\b(?:{leads})(?: (?:{nouns}))? zzyear\b")


def strict_year_filters(plan: dict[str, Any], text: str, symbolic: str, years: list[int]) -> dict[str, Any]:
    """The frame reads "before 2005" / "after 2005" as inclusive bounds (year_to / year_from); a
    strict word makes them strict (year_before / year_after). "since 2005", "by 2005" stay inclusive."""
    holes = list(re.finditer(r"\bzzyear\b", text))
    denied = _year_denied_again(text, holes, years[0]) if len(years) == 1 and len(holes) == 2 else None
    if _inclusive_lead().search(text) and not denied:
        return plan  # ('since 2008? I mean not 2008 itself': the year said again after a negation is left out)
    bounds = denied or year_bounds(text, symbolic, years) or []
    strict = [(STRICT_KEYS[cmp], year) for cmp, year in bounds if cmp in STRICT_KEYS]
    if not strict:
        return plan

    def _strict(filters: dict[str, Any]) -> dict[str, Any]:
        filters = dict(filters)
        for (inclusive, exclusive), year in strict:
            if filters.get(inclusive) == year:
                filters[exclusive] = filters.pop(inclusive)
        return filters

    return _with_year_filters(plan, _strict)


def _with_year_filters(plan: dict[str, Any], change: Any) -> dict[str, Any]:
    """A copy of the plan with `change` applied to the filters of its start and of each step."""
    plan = dict(plan)
    plan["steps"] = [dict(step, filters=change(step["filters"])) if step.get("filters") else step
                     for step in plan.get("steps", [])]
    if plan.get("start_filters"):
        plan["start_filters"] = change(plan["start_filters"])
    return plan


def _led_out(text: str) -> bool:
    """'minus the ones from zzyear': one of the lexicon's `exclusion_leads` at most six words before the year, or
    an exclusion participle right after it ('zzyear being excluded')."""
    from hgrag.agents.understanding.cue_words import phrase_alternation
    from hgrag.agents.understanding.lexicon import load

    leads = phrase_alternation(load("en").extra.get("exclusion_leads", []))
    from hgrag.agents.understanding.exclusion import postposed_tail

    return (re.search(rf"\b(?:{leads})\b(?:\s+(?!zz)[\w'-]+){{0,6}}?\s+zzyear\b", text) is not None
            or re.search(rf"\bzzyear\s+{postposed_tail()}", text) is not None)


def excluded_year_filters(plan: dict[str, Any], text: str) -> dict[str, Any]:
    """'A's papers, excluding those from 2015', 'not published in 2017', 'in years other than 2011': the one
    year the question names is left out (year != Y) when an exclusion word of the lexicon leads up to it
    within a few words."""
    from hgrag.agents.understanding.cue_words import bound_by

    if text.count("zzyear") != 1 or not (bound_by("operator:exclude", text, within=6) or _led_out(text)):
        return plan

    def _flipped(filters: dict[str, Any]) -> dict[str, Any]:
        filters = dict(filters)
        if "year" in filters:
            filters["year_not"] = filters.pop("year")
        return filters

    return _with_year_filters(plan, _flipped)
