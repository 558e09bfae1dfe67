"""A claim put to hgrag for confirmation: 'Can you confirm Youyun Xu is a co-author of T?', 'Please verify: T appeared
in V.' -> 'Is it true that …?'. A request opener and a confirming verb (lexicon `claim_requests`) before a clause (a
name, then a verb or an auxiliary before any noun) ask whether the clause holds; before a noun phrase ('confirm the
venues of A') they ask for that thing, and the question is left as it is."""

from __future__ import annotations

import re
from functools import lru_cache

from hgrag.agents.understanding.cue_words import phrase_alternation
from hgrag.agents.understanding.lexicon import load
from hgrag.agents.understanding.tokens import tag

CLAUSE_VERBS = ("head:aux",)


def with_claim_as_yes_no(question: str) -> str:
    """The question with a confirmation request over a clause written as 'Is it true that <clause>'."""
    found = _claim_opening().match(question)
    if found is None:
        return question
    rest = question[found.end():].strip()
    if not _is_a_clause(rest):
        return question
    return "Is it true that " + (rest if "?" in rest else rest.rstrip(".!") + "?")


def _is_a_clause(text: str) -> bool:
    """'Youyun Xu is a co-author of T', '"T" appeared in V': a name first (a capital or a quote), then a verb or an
    auxiliary before any noun of the lexicon."""
    if not re.match(r"[A-Z\"“]", text):
        return False
    for token in tag(text.lower(), load("en")):
        if token.concept in CLAUSE_VERBS or token.family == "relation" and not _noun_form(token.text):
            return True
        if token.family in ("kind", "attribute", "operator", "head") or token.concept == "function:'s":
            return False
    return False


def _noun_form(word: str) -> bool:
    """'co-authors', 'citations': a relation word said as a plural noun names people or things, not an act."""
    plural = load("en").extra.get("claim_requests", {}).get("plural", {})
    ending = plural.get("ending") or "\0"
    return word.endswith(ending) and not word.endswith(tuple(plural.get("not_after", []))) \
        and load("en").concept(word[:-len(ending)]) is not None


@lru_cache(maxsize=1)
def _claim_opening() -> re.Pattern:
    words = load("en").extra.get("claim_requests", {})
    openers = phrase_alternation(words.get("openers", []))
    verbs = phrase_alternation(words.get("verbs", []))
    objects = phrase_alternation(words.get("objects", []))  # ('Verify for me: …')
    links = phrase_alternation(words.get("links", []))  # ('Please verify that …')
    return re.compile(rf"^\s*(?:(?:{openers})\s+)*(?:{verbs})\b(?:\s+(?:{objects})\b)?\s*[:,]?\s*(?:(?:{links})\s+)?",
                      re.IGNORECASE)


def without_report_frame(question: str) -> str:
    """'Infobox says T appeared in V — right?' -> 'T appeared in V — right?': a source and its reporting verb (lexicon
    `reported_claims`) that open the question frame the claim; only lowercase words may stand between them."""
    found = _report_frame().match(question)
    rest = question[found.end():].lstrip(" :,") if found else ""
    if not re.search(r"[\"“]|\s[A-Z]|^[A-Z]\w*\s+[A-Z]", rest):
        return question  # (the claim names something: a quoted title or a capitalised name)
    if not _report_frame(closed_only=True).match(question) and _asks_after_the_claim(rest):
        return question  # ('My advisor says the last author is the lead. Who is the last author of T?': context)
    return rest[:1].upper() + rest[1:]


def _asks_after_the_claim(rest: str) -> bool:
    """A sentence after the claim asks a question of its own (not whether the claim holds)."""
    from hgrag.agents.understanding.sentences import asks, confirming_start, sentences_of

    parts = [p for p in sentences_of(rest) if p.strip()]
    return len(parts) > 1 and confirming_start(rest) is None and any(asks(p) for p in parts[1:])


@lru_cache(maxsize=2)
def _report_frame(closed_only: bool = False) -> re.Pattern:
    words = load("en").extra.get("reported_claims", {})
    sources, verbs = phrase_alternation(words.get("sources", [])), phrase_alternation(words.get("verbs", []))
    ends = phrase_alternation(words.get("ends", []))
    shortened = phrase_alternation(words.get("abbreviations", []))  # ('c. 7 publications')
    between = rf"(?-i:(?:\s+(?:[a-z][\w'’-]*|{shortened})){{0,4}}?)"  # a few lowercase words only: a name is never
    # in the frame, nor a clause ('A reader wants the names of everyone who wrote T')
    closed = rf"(?:{sources})(?:{between}\s*(?:{ends})|{between}\s+(?:{verbs})(?:\s+(?:{ends}))?)"
    # any source a determiner opens ('A tipster says', 'Our draft lists'), with a verb that reports, not a relation
    determiners = phrase_alternation(load("en").extra.get("relayed_requests", {}).get("determiners", []))
    reporting = phrase_alternation([v for v in words.get("verbs", [])
                                    if not (load("en").concept(v) or "").startswith("relation:")])
    opened = rf"(?:{determiners})(?-i:\s+[a-z][\w'’-]*){between}\s+(?:{reporting})(?:\s+(?:{ends}))?"
    asker = rf"(?:{phrase_alternation(words.get('first_person', []))})(?:\s+(?:{ends}))?"  # ('I was told that …')
    return re.compile(rf"^\s*(?:{closed})\s+" if closed_only else rf"^\s*(?:{closed}|{opened}|{asker})\s+", re.IGNORECASE)


@lru_cache(maxsize=1)
def _first_person() -> re.Pattern:
    forms = load("en").extra.get("reported_claims", {}).get("first_person", [])
    return re.compile(rf"^\s*(?:{phrase_alternation(forms)})\b", re.IGNORECASE)


def _believed_of_the_named(sentence: str) -> bool:
    """'(I gather they are linked through a mutual collaborator, hence the query.)': the asker's belief about the
    things named (a first-person frame, then a pronoun for them or a name) is a claim the answer bears on; a belief
    about the answer's form ('I think that is total over count') is not."""
    text = sentence.strip(" ()[]")
    frame = _first_person().match(text)
    if frame is None:
        return False
    ends = load("en").extra.get("reported_claims", {}).get("ends", [])  # ('I gather that they …')
    rest = re.sub(rf"^\s*(?:(?:{phrase_alternation(ends)})\s+)?", "", text[frame.end():])
    first = re.match(r"[\w'’-]+", rest)
    return bool(first) and (first.group(0).lower() in _named_pronouns() or first.group(0)[:1].isupper())


def _named_pronouns() -> set[str]:
    groups = load("en").extra.get("context_words", {}).get("context_references", [])
    return {w for g in groups if "author" in g.get("kinds", []) for w in g.get("words", [])}


def without_reported_remarks(question: str) -> str:
    """'When did A publish most recently? Our bio says 2009 but I doubt it.' -> 'When did A publish most recently?':
    a statement after the question that reports what a source says (lexicon `reported_claims`, any determiner's
    source) is a claim the answer will bear on, never a condition of the question."""
    mark = question.find("?")
    if mark < 0 or not question[mark + 1:].strip():
        return question
    tail = re.split(r"(?<=[.!?])\s+", question[mark + 1:].strip())
    sourced = [s for s in tail if not s.endswith("?") and (_report_frame().match(s) and not _first_person().match(s)
                                                           or _believed_of_the_named(s))]
    kept = [s for s in tail if s not in sourced]  # ('… ? I think that is total over count, one decimal' explains)
    return question if len(kept) == len(tail) else " ".join([question[:mark + 1]] + kept).strip()
