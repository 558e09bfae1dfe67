"""Punctuation said as words by someone dictating ('what year is T from question mark', 'wer hat T geschrieben
fragezeichen'): each supported language's lexicon lists its spoken marks (`spoken_punctuation.marks`) and the ones
read as marks only at the very end (`spoken_punctuation.final_marks`: French 'point' is also a word). Outside quotes
they become the marks they name, so the question's sentences and its question mark are where the speaker put them."""

from __future__ import annotations

import re
from functools import lru_cache

from hgrag.agents.understanding.cue_words import phrase_alternation
from hgrag.agents.understanding.lexicon import READ_LANGUAGES, load
from hgrag.tools.text import outside_quotes


def with_spoken_punctuation(question: str) -> str:
    """The question with its spoken marks written as marks (unchanged when it has none)."""
    question = with_spoken_quotes(question)
    anywhere, final = _patterns()
    if anywhere is None and final is None:
        return question
    marks = _marks()

    def written(piece: str) -> str:
        if anywhere is not None:
            piece = anywhere.sub(lambda m: marks[" ".join(m["mark"].lower().split())], piece)
        if final is not None:
            piece = final.sub(lambda m: marks[" ".join(m["mark"].lower().split())], piece)
        return piece
    said = outside_quotes(question, written)
    return re.sub(r"\s+([.?!,])", r"\1", said) if said != question else question


def without_stammered_words(question: str) -> str:
    """'is A an author on uh on T' -> 'is A an author on T': a function word said twice, a hesitation of the lexicon
    (`spoken_punctuation.hesitations`) or nothing between, is said once."""
    hesitations = load("en").extra.get("spoken_punctuation", {}).get("hesitations", [])
    between = rf"(?:\s+(?:{phrase_alternation(hesitations)}))*" if hesitations else ""
    pattern = re.compile(rf"(?<![\w'’-])(?P<word>[^\W\d_]+){between}\s+(?P=word)(?![\w'’-])", re.IGNORECASE)

    def said_once(match: re.Match) -> str:
        concept = load("en").concept(match["word"].lower()) or ""
        spoken = match["word"].islower() and match.group(0).split()[-1].islower()  # ('A A Borisyak': initials)
        return match["word"] if concept.startswith("function:") and spoken else match.group(0)
    return outside_quotes(question, lambda piece: pattern.sub(said_once, piece))


@lru_cache(maxsize=1)
def _marks() -> dict[str, str]:
    found: dict[str, str] = {}
    for language in READ_LANGUAGES:
        spec = load(language).extra.get("spoken_punctuation", {})
        found.update({" ".join(k.lower().split()): v for k, v in spec.get("marks", {}).items()})
        found.update({" ".join(k.lower().split()): v for k, v in spec.get("final_marks", {}).items()})
    return found


@lru_cache(maxsize=1)
def _patterns() -> tuple[re.Pattern | None, re.Pattern | None]:
    anywhere, final = [], []
    for language in READ_LANGUAGES:
        spec = load(language).extra.get("spoken_punctuation", {})
        anywhere += list(spec.get("marks", {}))
        final += list(spec.get("final_marks", {}))

    def pattern(forms: list[str], tail: str) -> re.Pattern | None:
        if not forms:
            return None
        return re.compile(rf"(?<![\w'’-])(?P<mark>{phrase_alternation(forms)}){tail}", re.IGNORECASE)
    return pattern(anywhere, r"(?![\w'’-])"), pattern(final, r"\s*$")


def with_spoken_quotes(question: str) -> str:
    """'was quote T unquote written by A' -> 'was "T" written by A': a title dictated between a spoken opening and
    closing quote (lexicon `spoken_punctuation.quote_pairs`) is quoted as typed."""
    for pattern in _quote_pairs():
        question = outside_quotes(question, lambda piece: pattern.sub(lambda m: f'"{m["title"]}"', piece))
    around = _spoken_around_typed()
    return around.sub(lambda m: m["title"] or m["closed"], question) if around is not None else question


@lru_cache(maxsize=1)
def _spoken_around_typed() -> re.Pattern | None:
    """Spoken quotes said around a title the transcript quoted anyway ('quote "T" unquote'), or a spoken closing
    after one ('"T" end quote'); an opening alone stays ('which papers quote "T"': a verb)."""
    pairs = [pair for language in READ_LANGUAGES
             for pair in load(language).extra.get("spoken_punctuation", {}).get("quote_pairs", [])]
    if not pairs:
        return None
    opening = phrase_alternation(sorted({o for o, _ in pairs}))
    closing = phrase_alternation(sorted({c for _, c in pairs}))
    title = r'(?P<title>"[^"]+"|“[^”]+”|«[^»]+»|„[^“”]+[“”])'
    return re.compile(rf"(?<![\w'’-])(?:{opening})\s+{title}\s+(?:{closing})(?![\w'’-])"
                      rf"|{title.replace('title', 'closed')}\s+(?:{closing})(?![\w'’-])", re.IGNORECASE)


@lru_cache(maxsize=1)
def _quote_pairs() -> list[re.Pattern]:
    pairs = []
    for language in READ_LANGUAGES:
        for opening, closing in load(language).extra.get("spoken_punctuation", {}).get("quote_pairs", []):
            pairs.append((phrase_alternation([opening]), phrase_alternation([closing])))
    pairs.sort(key=lambda pair: -len(pair[0]))  # ('open quote … close quote' before 'quote … unquote')
    return [re.compile(rf"(?<![\w'’-]){opening}\s+(?P<title>\S.*?)\s+{closing}(?![\w'’-])", re.IGNORECASE)
            for opening, closing in pairs]
