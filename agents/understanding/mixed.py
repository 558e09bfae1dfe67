"""An English question with German or French words in it, as a bilingual asker types ('Who are the co-authors du
premier auteur of "T"?', 'Did "T" appear dans V?', 'En moyenne, how many citations …'): each run of words the English
lexicon does not know is rendered by the German or French lexicon when that makes it English the lexicon knows
('du premier auteur' -> 'of first author'); names, titles and a run no lexicon renders whole stay as typed. The
mechanism reads only the lexicons: a new language's file brings its words."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from hgrag.agents.understanding.gate import QUOTED
from hgrag.agents.understanding.lexicon import READ_LANGUAGES, load

_WORD = re.compile(r"[^\W\d_][\w'’-]*")


def with_foreign_runs_rendered(question: str, detect: Callable[[str], list[Any]]) -> str:
    """The question with each run of other-language words in English (unchanged when it has none)."""
    others = [language for language in READ_LANGUAGES if language != "en"]
    if not any(_foreign(m.group(0).lower()) for m in _WORD.finditer(QUOTED.sub(" ", question))):
        return question  # (cheap: most questions hold no such word)
    protected = [(m.start(), m.end()) for m in QUOTED.finditer(question)]
    protected += [(s.start, s.end) for s in detect(question) if getattr(s, "start", -1) >= 0]
    out, cursor = [], 0
    for start, end in _runs(question, protected):
        said = question[start:end]
        if _inside_a_name(question, start, end) or _a_name_opening(question, start, end) or \
                any(c.isupper() for c in said[1:]):
            continue  # ('Université de Strasbourg', 'Erik von Schwerin': a name's particles; 'Ma published …')
        rendered = next((r for r in (_rendered(said, language) for language in others) if r), None)
        out += [question[cursor:start], rendered if rendered is not None else said]
        cursor = end
    return "".join(out + [question[cursor:]])


def _inside_a_name(question: str, start: int, end: int) -> bool:
    """Capitalised words on both sides of the run: particles inside a name of an institution or a person."""
    before = _WORD.findall(question[:start])[-1:]
    after = _WORD.findall(question[end:])[:1]
    return bool(before and after) and before[0][:1].isupper() and after[0][:1].isupper()


def _a_name_opening(question: str, start: int, end: int) -> bool:
    """One capitalised word opening the question and followed by a word: as likely a name as a foreign word
    ('Ma published …'; 'Avant 1977, …' is followed by a year)."""
    opening = not question[:start].strip()
    single = len(_WORD.findall(question[start:end])) == 1
    followed = re.match(r"\s+[^\W\d_]", question[end:]) is not None
    return opening and single and question[start:start + 1].isupper() and followed


def _runs(question: str, protected: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """(start, end) of each run of words the English lexicon does not know, outside names and titles."""
    runs: list[tuple[int, int]] = []
    for match in _WORD.finditer(question):
        inside = any(a <= match.start() < b for a, b in protected)
        opening = not question[:match.start()].strip() or question[:match.start()].rstrip()[-1:] in ".?!:"
        if inside or _english(match.group(0), opening):
            continue
        if runs and not question[runs[-1][1]:match.start()].strip():
            runs[-1] = (runs[-1][0], match.end())  # (only spaces between: one run)
        else:
            runs.append((match.start(), match.end()))
    return runs


def _rendered(said: str, language: str) -> str | None:
    """The run in English when the language's lexicon renders all of it into words the English lexicon knows."""
    from hgrag.agents.understanding.normalise import to_english

    if not all(_known(w.lower(), language) for w in _WORD.findall(said)) and \
            not load(language).concept(said.lower().replace(" ", "_")) and not load(language).concept(said.lower()):
        return None
    english = to_english(said, language).strip().rstrip("?.")
    words = _WORD.findall(english)
    if not words or not all(_english(w) for w in words):
        return None
    if all((load("en").concept(w.lower()) or "").startswith("head:") for w in words):
        return None  # (a lone question word: 'Wen did A publish …' is a typo of 'When' as often as German 'wen')
    return english if said[:1].isupper() else english[:1].lower() + english[1:]


def _english(word: str, opening: bool = False) -> bool:
    """A word of the English lexicon, or a capitalised word inside a sentence (a name's)."""
    lowered = word.lower().replace("’", "'")
    forms = load("en").forms
    return lowered in forms or lowered in _vocabulary() or lowered.rstrip("s") in forms or word[:1].isupper() and not opening or \
        any(part in forms for part in lowered.split("'") if part)


@lru_cache(maxsize=1)
def _vocabulary() -> frozenset[str]:
    """English words the spelling corrector knows (lexicon `spelling_vocabulary`): English even where German or French
    lexicons hold them too ('plus')."""
    return frozenset(load("en").extra.get("spelling_vocabulary", []))


def _known(word: str, language: str) -> bool:
    forms = load(language).forms
    word = word.replace("’", "'")
    return word in forms or any(part + "'" in forms or part in forms for part in word.split("'") if part)


def _foreign(word: str) -> bool:
    return not _english(word) and any(_known(word.lower(), language) for language in READ_LANGUAGES
                                      if language != "en")
