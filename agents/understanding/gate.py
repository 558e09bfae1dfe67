"""Which language a question is in: lingua (a language-identification library) on the question with its
linked mentions masked, cross-checked with the lexicon's coverage, so no other language is parsed as English.

English, German and French are read (`READ_LANGUAGES`); any other language gets one sentence saying it is
not supported. A question whose words are mostly English lexicon words is English without asking lingua
(a title in another language is masked first, so it does not count).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from hgrag.agents.understanding.lexicon import READ_LANGUAGES, load

QUOTED = re.compile(r'"[^"]*"|“[^”]*”|„[^“”]*[“”]|«[^»]*»|‘[^’]*’|(?<!\w)\'[^\']{3,}\'(?!\w)')
LETTERS = re.compile(r"[^\W\d_]+(?:[-'’][^\W\d_]+)*")
CODES = {"ENGLISH": "en", "GERMAN": "de", "FRENCH": "fr"}
# lingua loads a language's models on first use: the Latin-script languages most often mistaken for English,
# German or French, and the languages of other scripts (decided by the script, cheaply)
CANDIDATES = ("ENGLISH", "GERMAN", "FRENCH", "SPANISH", "ITALIAN", "PORTUGUESE", "DUTCH",
              "RUSSIAN", "CHINESE", "JAPANESE", "KOREAN", "ARABIC", "GREEK", "HINDI", "HEBREW")
ENGLISH_ENOUGH = 0.75  # share of English lexicon words above which a Latin-script question is English
CONFIDENT = 0.5
UNSURE = 0.3  # enough for German or French when their lexicon also knows most words


NON_LATIN = re.compile(r"[^\W\d_a-zA-Z\u00c0-\u024f]+")


def _blank(part: str) -> str:
    """A linked span blanked out, except words of another script inside a mostly Latin span (a fuzzy link
    that swallowed the question's own words: '谁写了 <title>')."""
    foreign = NON_LATIN.findall(part)
    latin = re.findall(r"[a-zA-Z\u00c0-\u024f]+", part)
    return " " + " ".join(foreign) + " " if foreign and latin else " "


def masked(question: str, spans: Iterable[Any] = ()) -> str:
    """The question with linked spans (objects with .start/.end) and quoted text blanked out."""
    text = question
    for span in sorted(spans, key=lambda s: -getattr(s, "start", -1)):
        start, end = getattr(span, "start", -1), getattr(span, "end", -1)
        if 0 <= start < end <= len(text):
            text = text[:start] + _blank(text[start:end]) + text[end:]
    return QUOTED.sub(" ", text)


SCRIPT_CHANGE = re.compile(r"(?<=[a-zA-Z\u00c0-\u024f])(?=[^\W\d_a-zA-Z\u00c0-\u024f])|"
                           r"(?<=[^\W\d_a-zA-Z\u00c0-\u024f])(?=[a-zA-Z\u00c0-\u024f])")


def _words(text: str) -> list[str]:
    """Lower-case words, leaving out capitalised words inside a sentence (names and title words); a word where
    the script changes is two words ('University有多少名员工': a name, then Chinese)."""
    text = SCRIPT_CHANGE.sub(" ", text)
    out = []
    for i, match in enumerate(LETTERS.finditer(text)):
        word = match.group()
        if i and word[:1].isupper():
            continue
        out.append(word.lower().replace("’", "'"))
    return out


OWN_WORDS_AHEAD = 0.15  # the share of words a read language must know beyond English's own to be read as it


def coverage(words: list[str], language: str, besides: str | None = None) -> float:
    """Share of the words that are forms of the language's lexicon (`besides`: and not, as typed, forms of that
    language's too: 'in' or 'papers' is no sign of German in an English question)."""
    forms, other = load(language).forms, (load(besides).forms if besides else {})
    known = sum((w in forms or w.rstrip("s") in forms or any(p in forms for p in w.split("'"))) and w not in other
                for w in words)
    return known / len(words) if words else 0.0


@lru_cache(maxsize=1)
def _detector() -> Any:
    from lingua import Language, LanguageDetectorBuilder

    languages = [getattr(Language, name) for name in CANDIDATES if hasattr(Language, name)]
    return LanguageDetectorBuilder.from_languages(*languages).build()


def _latin(words: list[str]) -> bool:
    return all(w.isascii() or re.fullmatch(r"[a-zà-ÿœæøåß'’-]+", w) for w in words)


def plainly_english(question: str) -> bool:
    """Latin script and mostly English lexicon words (quoted text and inner capitalised words left out)."""
    words = _words(masked(question))
    return not words or _latin(words) and coverage(words, "en") >= ENGLISH_ENOUGH


def identify(question: str, spans: Iterable[Any] = ()) -> str:
    """'en', 'de', 'fr', or the English name of another language (e.g. 'Spanish')."""
    text = masked(question, spans)
    marked = next((name for mark, name in load("en").extra.get("foreign_marks", {}).items() if mark in text), None)
    if marked:
        return marked  # ('¿tel. de A?': only Spanish writes '¿')
    words = _words(text)
    if not words:
        return "en"
    english = coverage(words, "en")
    latin = _latin(words)
    if latin and english >= ENGLISH_ENOUGH:
        return "en"
    read = _covered_by_a_read_language(words, english) if latin else None
    if read:  # 'Ist … Mitautor von …?': too few words for lingua, all of them German lexicon words
        return read
    best = _best(" ".join(words))
    if best is None:
        return "en"
    name, confidence = best
    if name == "ENGLISH":
        return "en"
    code = CODES.get(name)
    if code in READ_LANGUAGES:  # the lexicon must know clearly more words of its own than English knows of its own
        # (a word both spell alike, 'in', 'was', 'papers', is no sign of either)
        own = coverage(words, code, besides="en") - coverage(words, "en", besides=code)
        return code if own >= OWN_WORDS_AHEAD and confidence >= UNSURE else "en"
    if confidence < CONFIDENT and latin:
        return "en"
    return name.title() if not latin or english < 0.5 else "en"


def _covered_by_a_read_language(words: list[str], english: float) -> str | None:
    """The read language (German, French) whose lexicon knows almost every word, when English knows few."""
    if english >= 0.5:
        return None
    shares = {code: coverage(words, code) for code in READ_LANGUAGES if code != "en"}
    code, share = max(shares.items(), key=lambda kv: kv[1], default=(None, 0.0))
    return code if share >= ENGLISH_ENOUGH and share > english else None


def warm() -> None:
    """Load the language models now (about a second), so the first question that needs them is not slow."""
    _best("warm up")


def _best(text: str) -> tuple[str, float] | None:
    values = _detector().compute_language_confidence_values(text)
    return (values[0].language.name, values[0].value) if values else None


def unsupported_sentence(language: str) -> str:
    return (f"This question looks like {language}; hgrag reads questions in English, German and French only, "
            "so it does not answer it.")
