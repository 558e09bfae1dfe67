"""Mentions the graph lacks: capitalised names outside linked spans, a lower-case partner name after
"with" / "and" / "by", whether such a text reads as a person, and the closest real names or titles
("did you mean") for the abstention text."""

from __future__ import annotations

import re
from typing import Any

from hgrag.agents.linking.mentions import GENERIC_VENUE_WORDS, NAME_PARTICLES, STOPWORDS, Span, fold_quotes

CAPITALISED_RUN = re.compile(r"(?:[A-Z][\w'’.-]*|\b(?:van|von|de|der|da|del|di|du|le|la|al|el)\b)"  # ('people': no 'le')
                             r"(?:\s+(?:[A-Z][\w'’.-]*|(?:van|von|de|der|da|del|di|du|le|la|al|el)\b)){1,6}")
QUESTION_OPENERS = frozenset("who what which when where how did does do has have is are was were can could would "
                             "will please list name give tell show find i".split())



def unlinked_names(question: str, spans: list[Span]) -> list[str]:
    """Capitalised multi-word runs outside linked mentions (likely names the graph does not have)."""
    text = fold_quotes(question)
    found = []
    for match in CAPITALISED_RUN.finditer(text):
        words = match.group().split()
        while words and (words[0].lower().strip(".,") in QUESTION_OPENERS or _modal_request(words)
                         or _sentence_word(words[0])):
            words = words[1:]
        words = [w.rstrip(".,'’") for w in words]
        if len(words) >= 3 and _kind_label(words[0]):
            words = words[1:]  # ('Author Atif Irmail, which paper?': the kind it names, no part of the name)
        if words and words[-1].endswith("s") and match.group().endswith(("'s", "’s")):
            words[-1] = words[-1][:-1]
        if len(words) >= 2 and not any(s.start < match.end() and match.start() < s.end for s in spans):
            found.append(" ".join(words).removesuffix("'").removesuffix("’"))
    return found


def _kind_label(word: str) -> bool:
    """'Author' before a name says what the name is (a person kind of the lexicon: 'author', 'co-author')."""
    from hgrag.agents.understanding.lexicon import load

    return load("en").concept(word.lower()) in ("kind:author", "relation:coauthor")


def _sentence_word(word: str) -> bool:
    """A word the lexicon reads as a sentence's own ('If I add up …', 'Once A had …'): no part of a name it leads."""
    from hgrag.agents.understanding.lexicon import load

    concept = load("en").concept(word.lower().strip(".,")) or ""
    return concept.split(":", 1)[0] in ("filler", "general", "head") and len(word.strip(".")) > 1


MODALS = frozenset("may might shall should could would can will".split())


def _modal_request(words: list[str]) -> bool:
    """'May I have …', 'Could we see …': a modal before 'I' / 'we' opens a request, it is no name."""
    return len(words) >= 2 and words[0].lower() in MODALS and words[1].lower().strip(".,") in ("i", "we")


PERSON_TOKEN = re.compile(r"[A-Z][\w'’-]*\.?|[A-Z]\.(-[A-Z]\.)?|" + "|".join(sorted(NAME_PARTICLES)))
MAX_SUGGESTIONS = 3


ORGANISATION_WORDS = frozenset("""university universities institute institution college laboratory laboratories
department school center centre company corporation inc ltd foundation society academy association council
ministry agency hospital""".split())


def looks_like_person(text: str) -> bool:
    """'Yang Wolkenbach', 'M. K. Simon', 'Jan van der Berg': 2-6 capitalised tokens or initials, none of
    them an acronym ('IEEE') or a word of venue or organisation names."""
    tokens = fold_quotes(text).replace(",", " ").split()
    words = {t.lower().strip(".") for t in tokens if len(t.strip(".")) > 1}  # an initial 'A.' is no article
    return 2 <= len(tokens) <= 6 and all(PERSON_TOKEN.fullmatch(t) for t in tokens) \
        and not any(len(t) >= 3 and t.isupper() for t in tokens) \
        and not words & ((STOPWORDS - NAME_PARTICLES) | GENERIC_VENUE_WORDS | ORGANISATION_WORDS)


def suggestions_for(index: Any, texts: list[str]) -> dict[str, dict[str, Any]]:
    """For each mention the graph lacks: the kind of entity it reads as and the closest real labels."""
    found = {}
    for text in texts:
        kind = "author" if looks_like_person(text.title() if text == text.lower() else text) else "paper"
        try:
            closest = index.closest(text, kind, MAX_SUGGESTIONS)
        except AttributeError:  # an index without embeddings (tests' string-only stand-ins)
            closest = []
        found[text] = {"type": kind, "closest": closest}
    return found


PARTNER_CUE = re.compile(r"\b(with|and|by|besides)\s+((?:[a-z][\w'’.-]*\s*){2,4})")
INTENT_WORDS = frozenset("""citation citations cited cite year years venue venues journal journals collaborator
collaborators coauthor coauthors co-author co-authors people person others together total number most least
first last recent latest earliest same""".split())


def unlinked_lowercase_partners(question: str, spans: list[Span]) -> list[str]:
    """In an all-lower-case question, a two-to-four-word name after "with"/"and"/"by" outside linked
    mentions ("... write with theis wolkenbach?") is a person the graph may lack."""
    text = fold_quotes(question)
    if text != text.lower():
        return []
    for span in sorted(spans, key=lambda s: -s.start):
        if 0 <= span.start < span.end <= len(text):
            text = text[:span.start] + " , " + text[span.end:]
    found = []
    for match in PARTNER_CUE.finditer(text):
        words = []
        for word in match.group(2).split():
            word = word.strip(".,;:?!'’")
            if not word or word in STOPWORDS or word in INTENT_WORDS or word in GENERIC_VENUE_WORDS:
                break
            words.append(word)
        if 2 <= len(words) <= 4 and not any(ch.isdigit() for w in words for ch in w):
            found.append(" ".join(words))
    return found
