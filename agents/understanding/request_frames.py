"""Courteous request frames read as the request they make: 'I wonder whether you might be able to tell me who …',
'Might I trouble you (do take your time) to let me know which …', 'I should be most grateful if you could tell me
whether …' are 'Tell me who …', 'Tell me which …', 'Tell me whether …'; 'I should be most grateful for a list of …'
is 'Give me a list of …'; 'Wären Sie so freundlich, mir zu sagen, welche …' is 'Welche …'; 'Auriez-vous l'amabilité
de me dire si …' is 'Est-ce que …'. A lead-in is a frame when it addresses the reader or speaks of the asker (each
language's lexicon `request_frames.addressed`: 'you', 'Sie', 'vous' …) or is courtesy alone ('Kindly'), names nothing (no quote or digit; in English
no capitalised name) and holds no word of the question's meaning; an aside bracketed inside it is part of it. It
closes with a telling phrase (`request_frames.tellings`, each with the plain request it stands for). The words are
data; this module holds only the order."""

from __future__ import annotations

import re
from functools import lru_cache

from hgrag.agents.understanding.cue_words import phrase_alternation
from hgrag.agents.understanding.lexicon import MEANING_FAMILIES, load
from hgrag.agents.understanding.tokens import tag

SENTENCE_START = re.compile(r"(?:^|(?<=[.?!])\s+)(?=\S)")
BRACKETED = re.compile(r"\([^()\d\"“”«»]{0,120}\)")
FRAME_WORDS = ("head:aux", "operator:yes_no")  # ('I wonder whether you …': the frame's own 'whether')


def with_request_frames_plain(question: str, language: str = "en") -> str:
    """The question with each sentence's courteous request frame read as its plain request (unchanged when none)."""
    spec = load(language).extra.get("request_frames", {})
    if not spec or not _tellings(language).search(question):
        return question
    starts = [m.end() for m in SENTENCE_START.finditer(question)]
    for start in reversed(starts):
        question = question[:start] + _plain_sentence(question[start:], spec, language)
    return question


def _plain_sentence(text: str, spec: dict, language: str) -> str:
    """The sentence (with what follows it) with its opening frame replaced by the plain request, if it has one."""
    end = re.search(r"[.?!](?:\s|$)", BRACKETED.sub(lambda m: " " * len(m.group(0)), text))
    sentence = text[:end.start()] if end else text
    frames = [m for m in _tellings(language).finditer(sentence) if _a_frame(sentence[:m.start()], spec, language)]
    if not frames:
        return text
    last = frames[-1]
    plain = spec["tellings"][re.sub(r"\s+", " ", last.group(0).lower())]
    rest = text[last.end():].lstrip(" ,")
    return f"{plain[:1].upper()}{plain[1:]} {rest}" if plain else rest[:1].upper() + rest[1:]


def _a_frame(lead: str, spec: dict, language: str) -> bool:
    """The words before a telling phrase address the reader and mean nothing the graph holds."""
    lead = BRACKETED.sub(" ", lead)
    words = re.findall(r"[^\W\d_]+", lead.lower())
    courtesy = bool(words) and all(t.family == "filler" for t in tag(lead.lower(), load(language)))  # ('Kindly')
    if not words or not (set(words) & set(spec.get("addressed", [])) or courtesy) or re.search(r"[\d\"“”«»]", lead):
        return False
    persons = set(spec.get("addressed", []))
    if language == "en" and any(w.lower() not in persons for w in re.findall(r"(?<!^)\b[A-Z][\w'’]*", lead.strip())):
        return False  # (a capitalised word inside may be a name)
    return not any((t.family or "") in MEANING_FAMILIES and t.concept not in FRAME_WORDS or t.concept == "mention"
                   for t in tag(lead.lower(), load(language)))


@lru_cache(maxsize=4)
def _tellings(language: str) -> re.Pattern:
    phrases = list(load(language).extra.get("request_frames", {}).get("tellings", {}))
    return re.compile(rf"(?<![\w'’-])(?:{phrase_alternation(phrases) or '(?!)'})(?![\w'’-])", re.IGNORECASE)


def without_courtesy_before_a_question(question: str) -> str:
    """'Please did A write T?', 'Kindly which venues …' -> 'Did A write T?', 'Which venues …': a courtesy word of the
    lexicon (`context_words.request_openers`) right before an auxiliary or a question word opens nothing."""
    openers = load("en").extra.get("context_words", {}).get("request_openers", [])
    found = re.match(rf"\s*(?:{phrase_alternation(openers)})\s*,?\s+(?P<next>[^\W\d_]+)", question, re.IGNORECASE)
    if not found:
        return question
    concept = load("en").concept(found["next"].lower()) or ""
    if not concept.startswith("head:") or concept == "head:command":
        return question
    rest = question[found.start("next"):]
    return rest[:1].upper() + rest[1:]
