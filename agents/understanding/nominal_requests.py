"""Requests written as forms and memos, read as the request they make.

- A label that numbers or files the request opens it: 'Ref.:', 'Item 7:', 'Section B, point 7:', 'Query 5.',
  'Betr.:', 'Objet :' (a noun of the lexicon's `form_labels.nouns`, with an enumerator or an abbreviating stop, then
  a colon, or a stop after an enumerator). It names the request, not what is asked: it goes.
- A request said as a noun opening a sentence ('Identification of …', 'A listing of …', 'Es wird um Auflistung der
  …', 'Il est demandé de préciser …'; `request_nominals.forms`, each with the plain request it stands for) asks
  for what follows it; the passive that closes such a sentence ('… is requested.', '… would be appreciated.',
  '… gebeten.'; `request_nominals.closers`) only says that it is asked, and goes with it. A sentence that ends with
  such a closer after a plain noun phrase ('Die Anzahl der Publikationen von A ist anzugeben.') asks for that
  phrase (`request_nominals.closing_as`). Inside a sentence (a title's 'determination of copper') nothing changes.
The words are each language's lexicon data; this module holds only the order.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from hgrag.agents.understanding.cue_words import phrase_alternation
from hgrag.agents.understanding.lexicon import READ_LANGUAGES, load

SENTENCES = re.compile(r"(?:^|(?<=[.!?:;])\s+)(?=\S)")


def without_form_label(question: str, detect: Callable[[str], list[Any]] | None = None) -> str:
    """The question without a label of any read language's `form_labels` opening it (kept when a linked name or
    title starts inside it: 'part 1: introduction of …' may be a title)."""
    match = _label().match(question)
    if match is None or not question[match.end():].strip():
        return question
    if detect is not None and any(s.candidates and s.start < match.end() for s in detect(question)):
        return question
    rest = question[match.end():]
    return rest[:1].upper() + rest[1:]


@lru_cache(maxsize=1)
def _label() -> re.Pattern:
    nouns = sorted({n for language in READ_LANGUAGES for n in load(language).extra.get("form_labels", {}).get("nouns", [])})
    bare = sorted({n for language in READ_LANGUAGES for n in load(language).extra.get("form_labels", {}).get("bare", [])})
    numbers = sorted({w for language in READ_LANGUAGES
                      for w in load(language).extra.get("form_labels", {}).get("enumerator_words", [])})
    noun = rf"(?:{phrase_alternation(nouns)})"
    enumerator = rf"(?:\d{{1,3}}|[A-Z]|[IVX]{{1,4}}|{phrase_alternation(numbers)})\b\.?"
    numbered = rf"{noun}\.?\s+{enumerator}"
    part = rf"(?:{numbered}|(?:{noun}\.?|{phrase_alternation(bare)})\s*(?=:))"
    return re.compile(rf"\s*{part}(?:\s*,?\s*{numbered})*\s*(?::\s+|(?<=[^\W_])\.\s+|(?<=[^\W_]\.)\s+)",
                      re.IGNORECASE)


def with_nominal_requests(question: str, language: str = "en") -> str:
    """The question with each sentence written as a form's request read as the plain request."""
    spec = load(language).extra.get("request_nominals", {})
    if not spec:
        return question
    starts = [m.end() for m in SENTENCES.finditer(question) if _a_start(question, m.end())]
    for start in reversed(starts):
        whole = start == 0 or question[:start].rstrip()[-1:] in ".!?"  # (not after a colon or a semicolon)
        question = question[:start] + _plain(question[start:], spec, language, whole)
    return question


def _a_start(text: str, at: int) -> bool:
    """A sentence may start at `at`: not inside a quoted title, not after an initial ('Michael A. Tarkhov')."""
    before = text[:at]
    return not re.search(r"(?:^|[\s.])[A-Za-z]\.\s*$", before) and before.count('"') % 2 == 0 and \
        before.count("“") <= before.count("”") and before.count("(") <= before.count(")")


def _plain(text: str, spec: dict, language: str, whole: bool) -> str:
    """The sentence at the start of `text` (with what follows it) in its plain request, if it is a form's."""
    opening = _forms(language).match(text)
    end = next((m for m in re.finditer(r"[.!?;](?:\s|$)|:\s", text) if _a_start(text, m.end())), None)
    sentence = text[:end.start()] if end else text
    closing = _closers(language).search(sentence)
    if opening is not None:
        plain = spec["forms"][" ".join(opening.group(0).lower().split())]
        if closing is not None and closing.start() >= opening.end():
            text = text[:closing.start()] + text[closing.end():]
        return _cased(plain, text[opening.end():], opening.group(0))
    if closing is not None and whole and spec.get("closing_as") and \
            not _asks_already(sentence[:closing.start()], language):
        framed = _fronted_frame(sentence[:closing.start()], language)  # ('With respect to T, the field … is to be
        rest = text[framed:closing.start()] + text[closing.end():]  # stated.': the request follows the frame)
        return text[:framed] + (" " if framed else "") + _cased(spec["closing_as"], rest, "x" if framed else "X")
    return text


def _fronted_frame(sentence: str, language: str) -> int:
    """Where the request starts after a fronted phrase led by a preposition and closed by a comma outside quotes
    ('With respect to T,'), else 0."""
    first = re.match(r"\s*([^\W\d_]+)", sentence)
    if first is None or not (load(language).concept(first.group(1).lower()) or "").startswith("function:"):
        return 0
    comma = next((i for i, c in enumerate(sentence) if c == "," and _a_start(sentence, i)), None)
    return comma + 1 if comma is not None else 0


def _cased(plain: str, rest: str, said: str) -> str:
    rest = rest.lstrip(" ,:")
    if not plain:
        return rest[:1].upper() + rest[1:] if said[:1].isupper() else rest
    plain = plain[:1].upper() + plain[1:] if said[:1].isupper() else plain
    first = re.match(r"[^\W\d_]+", rest)
    if first and (load("en").concept(first.group(0).lower()) or "").startswith("function:"):
        rest = rest[:1].lower() + rest[1:]  # ('The country codes … are to be communicated.' -> 'Give me the …')
    return f"{plain} {rest}"


def _asks_already(text: str, language: str) -> bool:
    """The words before a closer hold a question word or a command (the sentence asks by itself), or speak of the
    asker ('Das Dekanat hat mich um eine Übersicht gebeten.': a remark, no request of the reader)."""
    from hgrag.agents.understanding.tokens import tag

    persons = set(load(language).extra.get("request_frames", {}).get("addressed", []))
    return any((t.concept or "").startswith("head:") and t.concept != "head:aux" or t.text in persons
               for t in tag(text.lower(), load(language)))


@lru_cache(maxsize=4)
def _forms(language: str) -> re.Pattern:
    forms = list(load(language).extra.get("request_nominals", {}).get("forms", {}))
    return re.compile(rf"(?:{phrase_alternation(forms)})(?![\w'’-])", re.IGNORECASE)


@lru_cache(maxsize=4)
def _closers(language: str) -> re.Pattern:
    closers = load(language).extra.get("request_nominals", {}).get("closers", [])
    return re.compile(rf",?\s+(?:{phrase_alternation(closers)})(?=\s*(?:\([^()]*\))?\s*$|,)", re.IGNORECASE)
