"""Aggregate readings over an author's (or a venue's) papers that the intent frame misses: the span of
publication years in its many wordings ("last publication year minus first", "length of the
publication career"), a count of distinct years ("active years count"), a value asked for in
function style ("max(citations) over papers by A"), an average asked with a verb ("averaged their
citation counts") and a count test in a yes/no question ("A's paper count in V > 3? yes/no").
Each reader takes the residual question (mentions replaced by zzauthor / zzvenue / zzpaper)."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Callable

from hgrag.agents.understanding.lexicon import load

NUM = r"(\d+|zero|one|two|three|four|five|six|seven|eight|nine|ten|twenty)"
CMP_WORDS = ((r"(more than|greater than|higher than|larger than|bigger than|over|above|exceeding|exceeds?|in excess "
              r"of|upwards of|strictly more than|strictly greater than)", ">"),
             (r"(fewer than|less than|lower than|smaller than|under|below|strictly less than)", "<"),
             (r"(at least|no fewer than|no less than|minimum of)", ">="),
             (r"(at most|no more than|maximum of)", "<="))
NUMBER_WORDS = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                "nine": 9, "ten": 10, "twenty": 20}

LAST = r"(last|latest|most recent|final|newest)"
FIRST = r"(first|earliest|oldest|initial)"
CAREER = r"(publication|publishing|publications|research|academic|scientific|writing)? ?career"
# "subtract the year of A's earliest paper from the year of the latest one": the later year minus the earlier
# (the years are the operands, not the asked thing)
SUBTRACTION = re.compile(
    rf"\b(subtract|subtracting|deduct|deducting|take away|taking away)\b (the )?(publication )?years? (of|in which) "
    rf"[^,.;?]{{0,40}}\b{FIRST}\b[^,.;?]{{0,40}}\bfrom (the )?(publication )?years? (of|in which) [^,.;?]{{0,40}}\b{LAST}\b")
SPAN = re.compile(
    rf"\b{LAST}( publication| paper| publishing)? (year|date)s? minus (the |their |his |her )?{FIRST}\b|"
    rf"\b(length|duration|span|extent)( ,)?( in years)?( ,)? (of )?(the |their |his |her |zzauthor 's )?{CAREER}\b|"
    rf"\b{CAREER} (length|span|duration)\b|\bhow long\b.{{0,40}}\b{CAREER}\b|"
    rf"\byears (separating|separate|between|from|elapsed|passed|lie|span)\b.{{0,40}}\b{FIRST}\b.{{0,30}}\b{LAST}\b|"
    rf"\b{FIRST} and (the |their |his |her )?{LAST} (paper|publication|article|work|year)s?\b.{{0,30}}\b(difference|"
    rf"gap|span|apart|separat\w*|between)\b|"
    rf"\b(difference|gap|span|distance) (in years )?between (the |their |his |her )?({FIRST}|{LAST}) and (the |their |his |"
    rf"her )?({FIRST}|{LAST}) (publication |paper |publishing )?(year|paper|publication|article)s?\b|" + SUBTRACTION.pattern)
DISTINCT_YEARS = re.compile(r"\b(active|publication|publishing|published) years? (count|number|total|tally)\b|"
                            r"\b(count|number|tally|total) of (the )?((active|distinct|different|separate|calendar|unique|"
                            r"publication|publishing) )+years\b|"
                            r"\bhow many (\w+ ){0,2}(distinct|different|separate|calendar|unique|active) (\w+ )?years\b|"
                            r"\bdifferent years\b|\bdistinct years\b")
# "mean" names an average unless it is the verb ("the one I mean is X", "what do you mean", "to mean")
AVERAGE_WORD = re.compile(r"\b(average|averages|avg)\b|(?<!\bi )(?<!\byou )(?<!\bwe )(?<!\bthey )(?<!\bdo )"
                          r"(?<!\bdoes )(?<!\bdid )(?<!\bto )(?<!\bjust )(?<!\breally )(?<!\bactually )(?<!\bi'm )"
                          r"\bmean\b", re.IGNORECASE)
AVERAGE_VERB = re.compile(r"\b(averaged|averaging|average out|averages out|took the average|take the average)\b")
VALUE_SUPERLATIVE = re.compile(
    r"^((what|what's|whats|is|was|are|the|give|me|tell|show|find|return|report|get|compute|state|please|zzauthor|"
    r"'s) )*"
    r"(?P<which>max|maximum|highest|largest|greatest|peak|most|min|minimum|lowest|smallest|fewest) (number of |count of )?"
    r"(citations?|cites|citation counts?)( received| got| gotten)? (over|across|among|of|for|in|by|any|a single|one) "
    r"(all |the |any |a |an |each |single |one )*(of )?(zzauthor 's |zzauthor |by zzauthor )?(papers?|publications?|articles?|works?)\b")
PAPER = r"(papers?|publications?|articles?|works?|pubs)"
COUNT = r"(count|number|total|tally)"
OTHER_NOUN = re.compile(r"^\s*(\w+ )?(authors?|co-?authors?|citations?|cites|times|people|names|references|years?|venues?)\b")


THRESHOLD_PHRASE = re.compile(r"\b(at (least|most)|(no|not) (more|fewer|less) than|(minimum|maximum) of) \d+")


def without_thresholds(text: str) -> str:
    """The text without threshold phrases: 'at least 3 citations' is a condition, not a superlative."""
    return THRESHOLD_PHRASE.sub(" ", text)


def asks_span(text: str) -> bool:
    """The years between an author's first and last paper, however worded."""
    return bool(SPAN.search(text)) and not DISTINCT_YEARS.search(text)


def asks_distinct_years(text: str) -> bool:
    """A count of the distinct years with a paper ("active years count", "how many calendar years")."""
    return bool(DISTINCT_YEARS.search(text))


def names_average(text: str) -> bool:
    """'average', 'avg' or 'mean' as a noun or adjective ('the mean citation count'), not the verb 'I mean'."""
    return bool(AVERAGE_WORD.search(text))


def asks_average(text: str) -> bool:
    return bool(AVERAGE_VERB.search(text))


def value_superlative(text: str) -> str | None:
    """'max(citations) over papers by A' asks for the value: 'max' or 'min', or None."""
    match = VALUE_SUPERLATIVE.search(text.strip(" ,"))
    if not match:
        return None
    return "min" if match.group("which") in ("min", "minimum", "lowest", "smallest", "fewest") else "max"


def count_test(text: str) -> tuple[str, int] | None:
    """('>', 3) from a yes/no question that compares a paper count with a number: "is the count of
    papers by A in V greater than 3", "A V paper count > 3? yes/no". The number must close the
    comparison (not "more than 3 authors")."""
    counted = re.search(rf"\b{COUNT} of (the |their |his |her )?{PAPER}\b|\b{PAPER} {COUNT}\b", text)
    if not counted:
        return None
    rest = text[counted.end():]
    for words, cmp in CMP_WORDS:
        match = re.search(rf"^(?:\s+[\w']+){{0,6}}?\s+(is |are |was |be )?{words} (?P<n>{NUM})\b", rest)
        if match and not OTHER_NOUN.match(rest[match.end():]):
            value = match.group("n")
            return cmp, int(value) if value.isdigit() else NUMBER_WORDS[value]
    return None


CITED = re.compile(r"\b(cite|cites|cited|citation|citations|citation counts?)\b")


def count_aggregate(text: str, plan: dict[str, Any], listing: Callable[[dict[str, Any]], dict[str, Any]]
                    ) -> dict[str, Any] | None:
    """The plan for one of the readings above on top of the frame's node set (`listing`), or None."""
    papers_of = plan.get("result_type") == "paper"
    if papers_of and asks_average(text) and CITED.search(text):
        return {**listing(plan), "operation": "avg", "attribute": "cited_by_count"}
    which = value_superlative(text)
    if papers_of and which:
        return {**listing(plan), "operation": which, "attribute": "cited_by_count"}
    if plan.get("start_type") == "author" and asks_span(text):
        return {**listing(plan), "operation": "span", "project": "year", "attribute": None, "target_type": "value"}
    test = count_test(text) if papers_of and plan.get("operation") == "yes_no" else None
    if test:
        return {**listing(plan), "operation": "count", "test": {"cmp": test[0], "value": test[1]}, "target_type": "value"}
    return None


def not_leads() -> str:
    """The rest of the lexicon's exclusion leads that open with 'not' ('not counting'): a 'not' leading one in is no
    negation of citing."""
    from hgrag.agents.understanding.cue_words import phrase_alternation
    from hgrag.agents.understanding.lexicon import load

    leads = load("en").extra.get("exclusion_leads", [])
    return phrase_alternation([lead.split(" ", 1)[1] for lead in leads if lead.startswith("not ")])


def negates_citing(text: str) -> bool:
    """'papers nobody cited', 'never cited', 'not cited', 'uncited' (lexicon `uncited`): a negation at most twenty
    characters before a citation word asks for papers with no citations; a 'not' right after a comma or a dash refuses a
    reading (', not a citation count'), and one that leads an exclusion in ('not counting') negates nothing."""
    return _negated_citing().search(text) is not None


@lru_cache(maxsize=1)
def _negated_citing() -> re.Pattern:
    from hgrag.agents.understanding.cue_words import phrase_alternation
    from hgrag.agents.understanding.lexicon import load

    spec = load("en").extra.get("uncited", {})
    negations, refusal = phrase_alternation(spec.get("negations", [])), re.escape(spec.get("refusing_negation", "not"))
    marks = "".join(f"(?<!{re.escape(m)} )" for m in spec.get("refusing_marks", []))
    cited, whole = phrase_alternation(spec.get("cite_words", [])), phrase_alternation(spec.get("words", []))
    return re.compile(rf"\b({negations}|{marks}{refusal}(?! (?:{not_leads()})))\b.{{0,20}}\b({cited})\b|\b(?:{whole})\b")


def all_their_works(text: str) -> bool:
    """'what else have they written? list of their all paper': a request for all of a person's works said after
    'else' or 'other' asks for every one, the named paper too; an exclusion lead ('other than T', 'apart from
    T') or 'other' inside the request ('all their other papers') still leaves it out (lexicon `universal_works`)."""
    words = load("en").extra.get("universal_works", {})
    leads = load("en").extra.get("exclusion_leads", [])
    if any(re.search(rf"(?<![\w-]){re.escape(lead)}(?![\w-])", text) for lead in leads):
        return False
    quantifiers = "|".join(map(re.escape, words.get("quantifiers", []))) or "(?!)"
    nouns = "|".join(map(re.escape, words.get("nouns", []))) or "(?!)"
    softs = "|".join(map(re.escape, words.get("others", []))) or "(?!)"
    return bool(re.search(rf"\b(?:{quantifiers})\b(?: (?!(?:{softs})\b)[\w']+){{0,3}} (?:{nouns})\b", text))

