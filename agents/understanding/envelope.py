"""A question sent as a message: its greeting, pleasantries and sign-off are no part of it. 'Dear team,\\n… Which
papers …?\\n\\nMany thanks,\\nGwen' is read as '… Which papers …?'. Only a question written over several lines is
taken for a message; the words that open and close one are data (each supported language's lexicon `envelope`:
greetings, pleasantries, closings), and a closing block may end in the sender's name lines (capitalised words only,
with no word the lexicon reads as part of a question)."""

from __future__ import annotations

import re
from functools import lru_cache

from hgrag.agents.understanding.cue_words import phrase_alternation
from hgrag.agents.understanding.lexicon import READ_LANGUAGES, load

MAX_SIGN_OFF_WORDS = 8
MAX_PLEASANTRY_WORDS = 14
NAME_LINE_FAMILIES = ("kind", "relation", "attribute", "operator", "time", "instruction", "head")


def without_envelope(question: str) -> str:
    """The message's body: the question without its greeting, opening pleasantries and sign-off (unchanged when it
    is one line, or when nothing would be left)."""
    question = _without_vocative(question)
    lines = [line.strip() for line in question.strip().splitlines() if line.strip()]
    if len(lines) < 2:
        return _without_closing_sentence(_without_opening_courtesy(question))
    lines = _without_sign_off(lines)
    body = _without_pleasantries(_without_greeting(lines))
    return body if body.strip() else question


def _without_vocative(question: str) -> str:
    """'hey assistant uh which papers …', 'Okay system, who …': a greeting or a lead (lexicon `envelope.greetings`,
    `vocative_leads`) and the noun the speaker calls the reader by (`envelope.vocatives`) open the message only."""
    found = _vocative().match(question)
    rest = question[found.end():] if found else ""
    return rest[:1].upper() + rest[1:] if rest.strip() else question


@lru_cache(maxsize=1)
def _vocative() -> re.Pattern:
    spec = [load(language).extra.get("envelope", {}) for language in READ_LANGUAGES]
    leads = [w for s in spec for w in s.get("greetings", []) + s.get("vocative_leads", [])]
    nouns = [w for s in spec for w in s.get("vocatives", [])]
    return re.compile(rf"\s*(?:{phrase_alternation(leads)})\s*,?\s+(?:{phrase_alternation(nouns)})(?![\w'’-])\s*[,:!.]?\s+",
                      re.IGNORECASE)


def _without_opening_courtesy(question: str) -> str:
    """'Dear colleagues, good morning. How many …', 'Bonjour, quels articles …', 'With my best regards, I would ask
    …': on one line, a greeting, pleasantry or closing of the lexicon with at most three more words before its comma,
    colon or stop (no digit, no quote) opens the message and is no part of the question."""
    text = question
    for _ in range(3):
        found = _courtesy().match(text)
        rest = text[found.end():].lstrip() if found else ""
        if not found or not rest:
            break
        text = rest[:1].upper() + rest[1:]
    return text if text != question else question


def _without_closing_sentence(question: str) -> str:
    """'… not counting those two? Over.', '…? Merci.', '…? Yours sincerely, G. Ashworth': a last sentence that is
    only a closing of the lexicon, with the sender's name after a comma (a name line: capitalised words only)."""
    found = _closing_sentence().search(question)
    if found and found.group("name") and not _name_line(found.group("name")):
        return question
    return question[:found.start()] if found and question[:found.start()].strip() else question


@lru_cache(maxsize=1)
def _closing_sentence() -> re.Pattern:
    phrases = [p for language in READ_LANGUAGES for p in load(language).extra.get("envelope", {}).get("closings", [])]
    return re.compile(rf"(?<=[?.!])\s+(?:{phrase_alternation(phrases)})(?:\s*,\s*(?P<name>[^\W\d_][^\d?\"“”,;:!]{{0,40}}?))?"
                      rf"\s*[.!]*\s*$", re.IGNORECASE)


@lru_cache(maxsize=1)
def _courtesy() -> re.Pattern:
    phrases = [p for language in READ_LANGUAGES for family in ("greetings", "pleasantries", "closings")
               for p in load(language).extra.get("envelope", {}).get(family, [])]
    return re.compile(rf"^\s*(?:{phrase_alternation(phrases)})(?![\w'’-])(?:\s+(?-i:[a-z])[^\s\d\"“”,:;.!?]*){{0,3}}\s*[,:;.!]\s+",
                      re.IGNORECASE)


def _without_greeting(lines: list[str]) -> str:
    """The text after the greeting: its line when the line is a greeting alone ('Dear Research Support,'), else the
    greeting up to its comma ('Dear team, The funder's portal …')."""
    if len(lines) > 1 and _greeting_line().match(lines[0]):
        return " ".join(lines[1:])
    text = " ".join(lines)
    found = _greeting().match(text)
    return text[found.end():].lstrip(" ,:;!.-—") if found else text


def _without_pleasantries(text: str) -> str:
    """'hope you're well. Which …' -> 'Which …': opening sentences that begin with a pleasantry and name nothing."""
    while True:
        found = _pleasantry().match(text)
        end = re.search(r"[.!](?:\s|$)", text[found.end():]) if found else None
        sentence = text[:found.end() + end.end()] if end else ""
        if not sentence or len(sentence.split()) > MAX_PLEASANTRY_WORDS or re.search(r"[\d\"“”«»]", sentence):
            return text
        text = text[len(sentence):].lstrip()


def _without_sign_off(lines: list[str]) -> list[str]:
    """The lines before the sign-off: a closing line (lexicon closings) and the name lines after it, or name lines
    alone, all short."""
    cut = len(lines)
    while cut > 1 and _name_line(lines[cut - 1]):
        cut -= 1
    opening = cut - 1
    if opening >= 1 and len(lines[opening].split()) <= MAX_SIGN_OFF_WORDS and _closing().match(lines[opening]):
        return lines[:opening]
    return lines[:cut] if cut < len(lines) and cut >= 1 and len(lines) - cut <= 2 else lines


def _name_line(line: str) -> bool:
    """'Gwen Ashcroft', 'Gwen (Grants Office)', 'G. Ashcroft', 'Research Grants Office': short, every word
    capitalised (or a bracket, an ampersand, a number and the lexicon's `envelope.name_line_marks`: 'ext.'), no
    question mark, no word of a question."""
    words = re.findall(r"[^\s()\[\],/&]+", line)
    if not words or len(words) > MAX_SIGN_OFF_WORDS or "?" in line or '"' in line:
        return False
    lexicon = load("en")
    marks = {m.lower() for language in READ_LANGUAGES
             for m in load(language).extra.get("envelope", {}).get("name_line_marks", [])}
    plain = [w for w in words if not re.fullmatch(r"[\d.:+-]+", w) and w.lower() not in marks]
    return all(w[:1].isupper() for w in plain) and not any(
        (lexicon.concept(w.lower().strip(".!")) or "").split(":")[0] in NAME_LINE_FAMILIES for w in plain)


@lru_cache(maxsize=1)
def _greeting() -> re.Pattern:
    return _opening_pattern("greetings", r"[^,:;.!?\n]{0,40}?[,:;!]")


@lru_cache(maxsize=1)
def _greeting_line() -> re.Pattern:
    return _opening_pattern("greetings", r"[^.?\n]{0,40}$")


@lru_cache(maxsize=1)
def _pleasantry() -> re.Pattern:
    return _opening_pattern("pleasantries", "")


@lru_cache(maxsize=1)
def _closing() -> re.Pattern:
    return _opening_pattern("closings", "")


def _opening_pattern(family: str, tail: str) -> re.Pattern:
    phrases = [p for language in READ_LANGUAGES for p in load(language).extra.get("envelope", {}).get(family, [])]
    return re.compile(rf"^\s*(?:{phrase_alternation(phrases)})(?![\w'’-]){tail}", re.IGNORECASE)
