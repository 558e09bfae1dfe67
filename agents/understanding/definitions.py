"""Defined terms, as drafted in legal and formal requests: a definitions section ('1. Definitions: 'the Work' means
"T"; 'Citing Paper' means any paper citing the Work. 2. Identify …') or a bracket after a name ('Ivo Blöchliger
(hereinafter the Author)'). Each supported language's lexicon says how a term is defined (`definitions`: 'means',
'hereinafter', 'Definitions:'); the section and the brackets are dropped and every later use of a term is replaced by
what it stands for, so the question is read as if written out in full."""

from __future__ import annotations

import re
from functools import lru_cache

from hgrag.agents.understanding.cue_words import phrase_alternation
from hgrag.agents.understanding.lexicon import READ_LANGUAGES, load

TERM = r"[A-ZÀ-ÖØ-ÞŒ][\w’'-]*(?:\s+[A-ZÀ-ÖØ-ÞŒ][\w’'-]*){0,3}"
OPEN_Q, CLOSE_Q = "['‘«„“]?\\s*", "\\s*['’»“”]?"
ENUMERATOR = re.compile(r"(?:^|\s)\(?\d{1,2}[.)]\s+")


def with_definitions_applied(question: str) -> str:
    """The question with its defined terms written out (unchanged when it defines none)."""
    spec = _spec()
    if not spec["means"] and not spec["hereinafter"] and not spec["assigns"]:
        return question
    question, terms = _hereinafter_terms(question, spec)
    question, listed = _definition_section(question, spec)
    terms.update(listed)
    question, assigned = _assigned_terms(question, spec)
    terms.update(assigned)
    return _written_out(question, terms) if terms else question


@lru_cache(maxsize=1)
def _spec() -> dict[str, list[str]]:
    merged: dict[str, list[str]] = {}
    for language in READ_LANGUAGES:
        for key, forms in load(language).extra.get("definitions", {}).items():
            merged.setdefault(key, []).extend(forms)
    return {k: merged.get(k, []) for k in ("means", "hereinafter", "headings", "articles", "lets", "assigns",
                                           "stand_alone")}



def _bare(term: str, spec: dict) -> str:
    """The term without its article ('the Work' -> 'Work')."""
    return re.sub(rf"^(?:{phrase_alternation(spec['articles'])})\s*", "", term.strip(" '’‘"), flags=re.IGNORECASE).strip(" '’‘")


def _hereinafter_terms(question: str, spec: dict) -> tuple[str, dict[str, str]]:
    """'Ivo Blöchliger (hereinafter the Author)': the bracket dropped, the term bound to the name, the quoted title or
    the phrase (from its determiner) right before it."""
    terms: dict[str, str] = {}
    pattern = re.compile(rf"\s*\(\s*(?i:{phrase_alternation(spec['hereinafter'])})\s*[:,]?\s*{OPEN_Q}(?P<term>(?:(?i:{phrase_alternation(spec['articles'])})\s*)?"
                         rf"{TERM}){CLOSE_Q}\s*\)")  # (the term's capitals are its mark: no IGNORECASE)
    while (match := pattern.search(question)) is not None:
        antecedent = _antecedent(question[:match.start()], spec)
        if antecedent is None:
            return question, terms
        terms[_bare(match["term"], spec)] = antecedent
        question = question[:match.start()] + question[match.end():]
    return question, terms


def _antecedent(before: str, spec: dict) -> str | None:
    quoted = re.search(r"\"[^\"]+\"\s*$|“[^”]+”\s*$", before)
    if quoted:
        phrase = re.search(rf"(?:^|\s)((?:{phrase_alternation(spec['articles'])})\s+[^\"“]*[\"“][^\"”]+[\"”])\s*$", before, re.IGNORECASE)
        return (phrase or quoted).group(phrase and 1 or 0).strip()
    name = re.search(r"((?:[A-ZÀ-ÖØ-Þ][\w.’'-]*\s+){1,5}[A-ZÀ-ÖØ-Þ][\w’'-]*)\s*$", before)
    return name.group(1) if name else None


def _definition_section(question: str, spec: dict) -> tuple[str, dict[str, str]]:
    """'1. Definitions: 'the Work' means "T"; … 2. Identify …': the terms and the question after the section."""
    means = phrase_alternation(spec["means"])
    if not re.search(rf"\s(?:{means})\s", question, re.IGNORECASE):
        return question, {}
    heading = re.search(rf"(?:^|\s)(?:\(?\d{{1,2}}[.)]\s*)?(?:{phrase_alternation(spec['headings'])})\s*:\s*", question, re.IGNORECASE)
    start = heading.end() if heading else 0
    rest = question[start:]
    enumerated = ENUMERATOR.search(rest)
    section, after = (rest[:enumerated.start()], rest[enumerated.end():]) if enumerated else _split_at_request(rest)
    terms: dict[str, str] = {}
    definition = re.compile(rf"^\s*{OPEN_Q}(?P<term>(?:(?i:{phrase_alternation(spec['articles'])})\s*)?{TERM}){CLOSE_Q}\s+(?i:{means})\s+"
                            rf"(?P<value>.+?)\s*[.;]?\s*$", re.DOTALL)
    for piece in _outside_quotes_split(section, ";"):
        found = definition.match(piece)
        if found is None:
            return question, {}
        terms[_bare(found["term"], spec)] = found["value"].strip()
    if not terms or not after.strip():
        return question, {}
    return (question[:heading.start()] if heading else "") + " " + after, terms


NAME_WORD = r"(?:[A-ZÀ-ÖØ-Þ]\.(?:[A-ZÀ-ÖØ-Þ]\.)*|[A-ZÀ-ÖØ-Þ][\w’'‐-]*)"  # an initial keeps its stop, a word not
NAME_RUN = rf"{NAME_WORD}(?:\s*{NAME_WORD}|\s+[a-z]{{1,3}}(?=\s+[A-ZÀ-ÖØ-Þ][a-zà-ÿ]))*"


def _assigned_terms(question: str, spec: dict) -> tuple[str, dict[str, str]]:
    """'Let A = Kui Yan. How many papers did A write?', '…, A = Michael Tarkhov.': a capital letter given a name or a
    quoted title by a sign of the lexicon (`definitions.assigns`, after an optional `lets` word); the assignment goes
    and the letter is written out wherever it is used."""
    if not spec["assigns"] or not any(sign in question for sign in spec["assigns"]):
        return question, {}
    lets, signs = phrase_alternation(spec["lets"]), "|".join(re.escape(a) for a in spec["assigns"])
    pattern = re.compile(rf"(?:\b(?i:{lets})\s+)?(?<![\w=<>!≠])(?P<term>[A-Z])\s*(?:{signs})\s*"
                         rf"(?P<value>\"[^\"]+\"|“[^”]+”|{NAME_RUN})(?P<tail>\s*(?:,|;|\band\b)?)")
    found = list(pattern.finditer(question))
    if not found:
        return question, {}
    terms = {m["term"]: m["value"].rstrip(".") if m["value"][:1] not in "\"“" else m["value"] for m in found}
    used = re.compile(rf"(?<![\w\"“])({'|'.join(terms)})(?![\w’'-])")
    rest = question
    for m in reversed(found):
        rest = rest[:m.start()] + rest[m.end():]
    unused = [t for t in terms if not any(u.group(1) == t and _written(u, terms) != t for u in used.finditer(rest))]
    stand_alone = spec["stand_alone"][0] if spec["stand_alone"] else "{value}."
    for m in reversed(found):  # ('Let T = "…". Which papers cite it?': a value never used again stays as a sentence)
        kept = stand_alone.format(value=m["value"]) + " " if m["term"] in unused else ""
        question = question[:m.start()] + kept + question[m.end():]
    question = re.sub(r"^[\s,;.]+|(?<=[.?!])\s*[,;.]+|\s*[,;]+\s*(?=[.?!]|$)", "", question).strip()
    return used.sub(lambda m: _written(m, terms), question), {}


def _written(match: re.Match, terms: dict[str, str]) -> str:
    """A letter used as its value; an opening capital before a lower-case word may be the article 'A'."""
    before, after = match.string[:match.start()].rstrip(), match.string[match.end():]
    opening = not before or before[-1] in ".?!:"
    return match.group(0) if opening and re.match(r"\s+[a-z]", after) else terms[match.group(1)]


def _split_at_request(text: str) -> tuple[str, str]:
    """With no enumerator, the definitions end at the last stop outside quotes that a capital follows."""
    stops = [m.end() for m in re.finditer(r"\.\s+(?=[A-ZÀ-Ü])", text) if text[:m.start()].count('"') % 2 == 0]
    return (text[:stops[-1]], text[stops[-1]:]) if stops else (text, "")


def _outside_quotes_split(text: str, mark: str) -> list[str]:
    pieces, current, inside = [], [], False
    for char in text:
        if char in "\"“”":
            inside = not inside if char == '"' else char == "“"
        if char == mark and not inside:
            pieces.append("".join(current))
            current = []
        else:
            current.append(char)
    pieces.append("".join(current))
    return [p for p in pieces if p.strip()]


def _written_out(question: str, terms: dict[str, str]) -> str:
    articles = phrase_alternation(_spec()["articles"])
    for _ in range(3):  # (a term's value may use another term: 'any paper citing the Work')
        before = question
        for term in sorted(terms, key=len, reverse=True):
            question = re.sub(rf"(?:\b(?:{articles})\s*)?['‘]?\b{re.escape(term)}(?:s|es)?\b['’]?(?!\w)",
                              lambda m: terms[term], question)
        if question == before:
            break
    return " ".join(question.split())
