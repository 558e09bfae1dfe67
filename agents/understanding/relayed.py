"""A question relayed for someone else, in the third person: 'A patron wants to know in which countries …', 'Our
reader needs the names of …', 'Someone at the desk is asking whether …', 'A patron is fairly sure A once co-authored
with B. Is that the case?'. The one who wants the answer is not the asker, but what is asked is the same as in the
first person, which the reader already reads ('I want to know …', 'I am fairly sure …'): the relaying subject and its
verb are put in the first person. Who may relay (requester nouns, their determiners and places), the first-person
form of each request verb and of the irregular verbs are lexicon data (`relayed_requests`); any other verb loses its
third-person ending ('remembers' -> 'remember'). A verb of the graph's meaning ('A reader cited T') is never
rewritten: the requester is then what is asked about."""

from __future__ import annotations

import re
from functools import lru_cache

from hgrag.agents.understanding.cue_words import phrase_alternation
from hgrag.agents.understanding.lexicon import MEANING_FAMILIES, load
from hgrag.tools.text import quotes_masked
from typing import Any


def with_relay_as_asker(question: str) -> str:
    """Each sentence opening 'A patron wants …' read as 'I want …' (the question unchanged when none does)."""
    pattern = _relay()
    if pattern is None:
        return question
    masked, out, at = quotes_masked(question), [], 0
    for match in pattern.finditer(masked):
        said = _first_person(match)
        if said is not None:
            out += [question[at:match.start("relay")], said]
            at = match.end("relay")
    return "".join(out + [question[at:]]) if out else question


def _first_person(match: re.Match) -> str | None:
    """'wants to know' -> 'tell me', 'is' -> 'I am', 'only remembers' -> 'I only remember'; None when the verb is
    none a relaying subject says of itself (a relation of the graph, or a word that is no verb)."""
    spec = load("en").extra.get("relayed_requests", {})
    verb = " ".join(match["verb"].lower().split())
    if verb in spec.get("verbs", {}):
        return spec["verbs"][verb]
    progressive = re.fullmatch(r"(?P<aux>\S+) (?P<doing>\S+ing)", verb)  # ('Someone is double-checking …')
    if not _relaying(match, verb, progressive is not None):
        return None
    subject = _subject(match, spec)
    if progressive:
        said = progressive["aux"] if subject.lower() == "we" else \
            _without_third_person(progressive["aux"], spec.get("first_person", {}))
        return f"{subject} {said} {progressive['doing']}" if said else None
    adverb, _, word = verb.rpartition(" ")
    said = word if subject.lower() == "we" else _without_third_person(word, spec.get("first_person", {}))
    return " ".join(w for w in (subject, adverb, said) if w) if said else None


def _relaying(match: re.Match, verb: str, progressive: bool) -> bool:
    """Is the subject the one asking? Not when the verb is of the graph's meaning ('Someone cited T in 2019': who
    cited it may be what is asked), when a pronoun relays with no request verb or progressive, when a generic verb
    has no determiner before its requester, or when the 'verb' is capitalised ('Patrons Mohamed …': a name)."""
    if _of_the_graph(verb) or match["verb"] != match["verb"].lower():
        return False
    return progressive if match["pronoun_like"] else bool(match["determiner"])


def _subject(match: re.Match, spec: dict) -> str:
    """'I', or 'we' for plural requesters ('Two students …'), capitalised when the relay opens a sentence."""
    plural = (match["requester"] or "").lower() in spec.get("plural_requesters", []) or \
        bool(match["determiner"]) and match["determiner"].lower() in spec.get("plural_determiners", [])
    subject = "we" if plural else "I"
    return subject.capitalize() if match["relay"][:1].isupper() else subject


def _without_third_person(word: str, irregular: dict[str, str]) -> str | None:
    """'is' -> 'am', 'remembers' -> 'remember', 'tries' -> 'try', 'watches' -> 'watch'; a past or modal form stays
    ('recalled', 'would'); None for a word that cannot be a finite verb of a singular subject."""
    if word in irregular:
        return irregular[word]
    if word.endswith("ed") or word in load("en").extra.get("code_words", {}).get("modals", []):
        return word
    if re.search(r"[^aeiou]ies$", word):
        return word[:-3] + "y"
    if re.search(r"(?:ch|sh|x|ss|z|o)es$", word):
        return word[:-2]
    if re.search(r"[^su]s$", word):
        return word[:-1]
    return None


def _of_the_graph(verb: str) -> bool:
    """A verb of the graph's meaning ('cited', 'co-authored', 'published'): the requester is then part of what is
    asked, not the one asking."""
    from hgrag.agents.understanding.tokens import tag

    return any((t.family or "") in MEANING_FAMILIES and t.concept not in ("head:aux",)
               for t in tag(verb.split()[-1], load("en")))


@lru_cache(maxsize=1)
def _relay() -> re.Pattern | None:
    spec = load("en").extra.get("relayed_requests", {})
    if not spec.get("requesters") or not spec.get("verbs"):
        return None
    determiners = phrase_alternation(spec.get("determiners", []) + spec.get("plural_determiners", []))
    requesters = phrase_alternation(spec["requesters"] + spec.get("plural_requesters", []))
    pronoun_like = phrase_alternation(spec.get("pronoun_requesters", [])) or "(?!)"
    places, verbs = phrase_alternation(spec.get("places", [])) or "(?!)", phrase_alternation(list(spec["verbs"]))
    adverbs = phrase_alternation(spec.get("adverbs", [])) or "(?!)"
    return re.compile(rf"(?:^|(?<=[.!?;:]\s))(?P<relay>(?:(?P<determiner>{determiners})\s+)?"
                      rf"(?:(?P<pronoun_like>{pronoun_like})|(?P<requester>{requesters}))"
                      rf"(?:\s+(?:{places}))?\s+(?P<verb>{verbs}|(?:is|was)\s+[a-z-]+ing|(?:(?:{adverbs})\s+)?[a-z]+))\b", re.IGNORECASE)


def without_beneficiary(question: str) -> str:
    """'List the titles for the patron, please.' -> 'List the titles, please.', 'Spelled as in the patron's email.' ->
    'Spelled as in my email.': a requester the answer is for, or whose note is meant, is the asker too."""
    pattern = _beneficiary()
    if pattern is None:
        return question
    masked, out, at = quotes_masked(question), [], 0
    for match in pattern.finditer(masked):
        if match.group(0) != match.group(0).lower() and match.start() > 0:
            continue  # ('the People's Republic of China': a name)
        out += [question[at:match.start()], "my" if match["owner"] else ""]
        at = match.end()
    return "".join(out + [question[at:]]) if out else question


@lru_cache(maxsize=1)
def _beneficiary() -> re.Pattern | None:
    spec = load("en").extra.get("relayed_requests", {})
    if not spec.get("requesters"):
        return None
    determiners = phrase_alternation(spec.get("determiners", []) + spec.get("plural_determiners", []))
    requesters = phrase_alternation(spec["requesters"] + spec.get("plural_requesters", []))
    return re.compile(rf"(?:\s+for\s+(?:{determiners})\s+(?:{requesters})\b(?!['’]))|"
                      rf"(?P<owner>(?<![\w'’])(?:the|our|my|a|this)\s+(?:{requesters})['’]s?(?=\s))", re.IGNORECASE)


def with_titled_requesters(question: str, detect: Any) -> str:
    """'Prof. Lee would like to know …', 'Asking for Dr. Sato.', 'Dr. Okafor is under the impression that …': a
    titled name (lexicon `relayed_requests.titles`) that the graph does not hold is someone the question is relayed
    for, not a thing asked about: it stands as the lexicon's `stand_in` requester ('a colleague'), which the relay
    and beneficiary steps then read. A titled name the graph holds ('Dr K Sridevi') is kept as typed."""
    stand_in, pattern = load("en").extra.get("relayed_requests", {}).get("stand_in", ""), _titled_name()
    if not stand_in or pattern is None:
        return question
    masked, out, at = quotes_masked(question), [], 0
    found = list(pattern.finditer(masked))
    linked = [s for s in detect(question) if s.candidates] if found else []
    for match in found:
        said = question[match.start():match.end()]
        inside = any(s.start < match.end() and match.start() < s.end for s in linked)  # ('the Wadi Sir Formation')
        if inside or any(s.candidates for s in detect(said)) or len(match["name"].split()) > 2:
            continue  # (a titled author of the graph, or a longer run: a name with more than a title before it)
        opens = not question[:match.start()].strip() or question[:match.start()].rstrip()[-1] in ".!?:;("
        out += [question[at:match.start()], stand_in[:1].upper() + stand_in[1:] if opens else stand_in]
        at = match.end()
    return "".join(out + [question[at:]]) if out else question


@lru_cache(maxsize=1)
def _titled_name() -> re.Pattern | None:
    """A title of any supported language's lexicon (read before the language is known) and the capitalised words
    and initials of the name after it ('Marvin K. Simon')."""
    titles = [t for language in ("en", "de", "fr") for t in load(language).extra.get("relayed_requests", {}).get(
        "titles", [])]
    if not titles:
        return None
    title = rf"(?i:{phrase_alternation(titles)})\.?"
    name = r"[A-Z][\w-]*(?:\s+(?:[A-Z]\.|[A-Z][\w-]*))*"
    return re.compile(rf"(?<![\w.]){title}(?:\s+{title})*\s+(?={name})(?P<name>{name})(?![\w-])")
