"""What the answer is for, said as a phrase set off at the start or the end of the question ('For the award
shortlist: is A or B more widely cited?', 'papers by A please - for our research highlights page'): a preposition,
an owner and a few lower-case words (lexicon `context_words.purpose_phrases`) naming no entity. The phrase says why
the asker asks, not what, so it is left out before the question is read."""

from __future__ import annotations

import re
from functools import lru_cache

from hgrag.agents.understanding.cue_words import phrase_alternation
from hgrag.agents.understanding.lexicon import load

def without_purpose_phrase(question: str, nouns_capitalised: bool = False) -> str:
    """The question without a purpose phrase at its start or end (unchanged when there is none); `nouns_capitalised`:
    the question was German, whose nouns keep their capital in the rendering ('For our Pressemitteilung: …')."""
    leading, trailing = _patterns(nouns_capitalised)
    stripped = trailing.sub(lambda m: (m.group("asked") or "") + (m.group("stop") or ""),
                            leading.sub("", question, count=1), count=1)
    return stripped[:1].upper() + stripped[1:] if stripped.strip() and stripped != question else question


@lru_cache(maxsize=2)
def _patterns(nouns_capitalised: bool) -> tuple[re.Pattern, re.Pattern]:
    first = "[A-Za-z]" if nouns_capitalised else "[a-z]"
    words = rf"{first}[\w'’-]*(?:\s+{first}[\w'’-]*){{0,3}}"
    spec = load("en").extra.get("context_words", {}).get("purpose_phrases", {})
    prepositions, owners, heads, requested = (phrase_alternation(spec.get(key, [])) or "(?!)" for key in (
        "prepositions", "owners", "heads", "after_requests"))
    headed = rf"(?:{first}[\w'’-]*\s+){{1,2}}(?i:{heads})\b"  # ('for audit purposes', no owner)
    phrase = rf"(?i:{prepositions})\s+(?:(?i:{owners})\s+{words}|{headed})"
    lead = r"(?:[A-Za-z][a-z'’-]*\s+){0,3}"  # ('Quick fact check for our nomination letter: …')
    leading = re.compile(rf"^\s*{lead}{phrase}\s*[:;–—]\s*|^\s*{phrase}\s*,\s*|^\s*{lead}{phrase}\s+-\s+")
    trailing = re.compile(rf"(?:\s*[,;–—]|\s+-|\b(?P<asked>(?i:{requested}))\s)\s*{phrase}\s*(?P<stop>[.!?]?)\s*$")
    return leading, trailing


def without_describing_words(question: str) -> str:
    """'which papers cite the landmark paper "T"' -> '… cite the paper "T"': a word the lexicon does not know between
    a determiner and a kind noun right before a quoted title only describes the named thing."""
    def kept(match: re.Match) -> str:
        inside = len(re.findall(r"[\"“”]", question[:match.start()])) % 2 == 1  # (a title's own words stay)
        word = match.group("word")
        return match.group(0) if inside or load("en").concept(word.lower()) is not None else \
            match.group("det") + " " + match.group("noun")
    return _describing().sub(kept, question)


@lru_cache(maxsize=1)
def _describing() -> re.Pattern:
    nouns = [form for forms in load("en").family("kind").values() for form in forms if " " not in form]
    determiners = load("en").extra.get("context_words", {}).get("purpose_phrases", {}).get("describing_determiners", [])
    return re.compile(rf"\b(?P<det>{phrase_alternation(determiners)})\s+(?P<word>[a-z][a-z-]+)\s+"
                      rf"(?P<noun>{phrase_alternation(nouns)})(?=\s*[\"“])", re.IGNORECASE)
