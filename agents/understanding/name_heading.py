"""A name set before a colon or a dash, then a fragment said of it: 'Hasan Algheryafi - one of the authors of T, or
not?', 'A. Lee: first author on T?'. The fragment has no question word, auxiliary, command or verb of its own; it is
a predicate of the name, so the question asks whether the name is what the fragment says: 'Is Hasan Algheryafi one of
the authors of T?'. The auxiliary put before it is the lexicon's `name_heading.opener`; which words open a fragment is
read from the lexicon's families. Such a heading (a linked name) is never context to set aside (`a_name_heading`)."""

from __future__ import annotations

import re
from typing import Any

from hgrag.agents.understanding.lexicon import load
from hgrag.agents.understanding.tokens import tag
from hgrag.tools.text import quotes_masked

HEADED = re.compile(r"^\s*(?P<name>[^\W\d_][\w.'’-]*(?:\s+[^\W\d_][\w.'’-]*){0,4})\s*(?::|\s[-–—]{1,2})\s+"
                    r"(?P<fragment>[^?]+?)\s*\?\s*$")
NOT_A_PREDICATE = ("head", "relation")  # a question word, an auxiliary, a command or a verb: a question of its own


PAIR = re.compile(r"^\s*(?P<names>[^\W\d_][^:?–—\"“”]*?)\s*(?::|\s[-–—]{1,2})\s+(?P<fragment>[^?:–—]+?)\s*\?(?P<rest>.*)$")


def with_name_heading_as_subject(question: str) -> str:
    """'A - one of the authors of T, or not?' -> 'Is A one of the authors of T?'; 'A & B - co-authors?' -> 'Are A & B
    co-authors?' (unchanged for any other question)."""
    paired = _names_paired_with_a_relation(question)
    if paired:
        return paired
    match = HEADED.match(quotes_masked(question))
    if match is None or not all(w[:1].isupper() for w in match["name"].split()):
        return question
    spec = load("en").extra.get("name_heading", {})
    fragment = _without_tag(question[match.start("fragment"):match.end("fragment")], spec.get("tags", []))
    tokens = tag(quotes_masked(fragment).lower(), load("en"))
    opens = bool(tokens) and (tokens[0].concept in spec.get("fragment_openers", []) or
                              (tokens[0].concept or "").startswith("attribute:position"))
    names_another = re.search(r"[\"“”«»‘]|\s'|\s[A-Z]", fragment) is not None  # (a title or a name it is said of)
    if not opens or not names_another or any(t.family in NOT_A_PREDICATE for t in tokens) \
            or (load("en").concept(match["name"].split()[0].lower()) or "").split(":")[0] in NOT_A_PREDICATE:
        return question
    return f"{spec.get('opener', 'is').capitalize()} {match['name']} {fragment}?"


def _names_paired_with_a_relation(question: str) -> str | None:
    """'A & B - co-authors? (any shared paper)': capitalised names joined by a lexicon `code_words.name_joiners` word,
    a colon or dash, then a fragment of nothing but a relation word (and fillers): whether they stand in it."""
    match = PAIR.match(quotes_masked(question))
    if match is None:
        return None
    joiners = load("en").extra.get("code_words", {}).get("name_joiners", [])
    words = match["names"].split()
    if not any(w.lower() in joiners for w in words) or not all(w[:1].isupper() or w.lower() in joiners for w in words):
        return None
    tokens = [t for t in tag(match["fragment"].lower(), load("en")) if t.family not in ("filler", "function")]
    if len(tokens) != 1 or tokens[0].family != "relation":
        return None
    opener = load("en").extra.get("name_heading", {}).get("plural_opener", "are")
    return f"{opener.capitalize()} {match['names']} {match['fragment']}?{question[match.start('rest'):]}"


def _without_tag(fragment: str, tags: list[str]) -> str:
    """The fragment without a closing tag ('…, or not'): the tag only marks the yes/no question."""
    for tag_words in sorted(tags, key=len, reverse=True):
        found = re.search(rf",?\s+{re.escape(tag_words)}\s*$", fragment, re.IGNORECASE)
        if found:
            return fragment[:found.start()]
    return fragment


def a_name_heading(aside: str, anchors: list[dict[str, Any]]) -> bool:
    """'Hasan Algheryafi:', 'A. Lee -': a heading that is a linked name alone (a colon or dash after it) is the subject
    of the fragment after it, never context to set aside ('Kleine Rechenaufgabe:' names nothing)."""
    heading = re.fullmatch(r"\s*(?P<name>[^:–—]+?)\s*(?::|\s[-–—]{1,2})\s*", aside)
    return heading is not None and any((a.get("text") or "").strip().lower() == heading["name"].lower()
                                       for a in anchors if a.get("node_id"))
