"""Remarks after the question mark read aside ('In which years did A and B publish? My class is making a timeline!'):
the sentences after the last question mark that say why the asker asks, not what."""

from __future__ import annotations

import re
from functools import lru_cache

from hgrag.agents.understanding.lexicon import MEANING_FAMILIES as REMARK_FAMILIES, load
from hgrag.agents.understanding.narrowing import dangling_negations, unanchored_times
from hgrag.agents.understanding.tokens import tag

def without_trailing_remarks(question: str) -> str:
    """'In which years did A and B publish? My class is making a timeline!' -> the question alone: sentences after the
    last question mark that speak of the asker (lexicon `asker_words`), name nothing (no quotes, digits or capitalised
    names after their first word) and hold no word the lexicon reads as part of a question (a kind, relation,
    operator, time, instruction …) say why the asker asks, not what."""
    end = question.rfind("?")
    tail = question[end + 1:].strip() if end > 0 else ""
    if not tail or re.search(r"[\d\"“”«»]", tail):
        return question
    askers = load("en").extra.get("asker_words", [])
    for sentence in re.split(r"(?<=[.!])\s+", tail):
        tokens = tag(sentence, load("en"))
        if not any(w.lower() in askers for w in re.findall(r"[\w']+", sentence)) and not _said_idly(tokens) and \
                not _a_sentence_of_its_own(sentence):
            return question  # ('… become a van der waals interaction? a topological answer': a title goes on)
        unanchored = unanchored_times(tokens) | dangling_negations(tokens)  # ('… Need it before the evening
        # edition.': a deadline, no bound; '… Can't for the life of me remember.': a negation of nothing asked)
        if _names_after_its_first_word(sentence) or any(
                (token.family or "") in REMARK_FAMILIES and token.concept != "head:aux" and i not in unanchored
                or token.concept == "mention" for i, token in enumerate(tokens)):
            return question
    return question[:end + 1]


def _said_idly(tokens: list) -> bool:
    """'Not that it's a competition, mind.': every word a filler, a function word, an auxiliary or a negation of
    nothing asked (no unknown word that a title going on after a question mark would hold, and no general word that
    may name something after all: '… its field, I mean')."""
    dangling = dangling_negations(tokens)
    return bool(tokens) and all(t.family in ("filler", "function") or t.concept == "head:aux" or i in dangling
                                for i, t in enumerate(tokens))


def _a_sentence_of_its_own(sentence: str) -> bool:
    """'Want to widen the funnel.': a capitalised sentence closed by a full stop or an exclamation mark is no title
    going on after the question mark (a free-typed title goes on in lower case, unclosed); what it holds is then read
    like any remark's words."""
    text = sentence.strip()
    return text[:1].isupper() and text[-1:] in ".!"


def _names_after_its_first_word(sentence: str) -> bool:
    """A capitalised word after the first names something; the asker's 'I' (`context_words.clause_subjects`) no one."""
    subjects = set(load("en").extra.get("context_words", {}).get("clause_subjects", []))
    return any(w[:1].isupper() and re.split(r"['’]", w.lower())[0] not in subjects for w in sentence.split()[1:])


def without_discourse_markers(question: str) -> str:
    """'… next week. But first, with whom have they co-authored papers?': a marker that orders the asker's talk
    (lexicon `discourse_markers`: 'but first', 'firstly', 'finally' …), set off by a comma at the start of a
    sentence, says nothing of what is asked; without the comma it may ('first author', 'first paper')."""
    pattern = _discourse_marker()
    return pattern.sub("", question) if pattern is not None else question


@lru_cache(maxsize=1)
def _discourse_marker() -> re.Pattern | None:
    markers = load("en").extra.get("discourse_markers", [])
    if not markers:
        return None
    alternation = "|".join(re.escape(m) for m in sorted(markers, key=len, reverse=True))
    return re.compile(rf"(?:^|(?<=[.!?;:]\s))\s*(?:{alternation})\s*,\s*(?=\w)", re.IGNORECASE)
