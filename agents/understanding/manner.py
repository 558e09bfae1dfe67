"""A manner adjunct that says the question's relation again ('Which papers have given credit to T by referring to
it?'): a lead of the lexicon's `manner_restatement` ('by') and a gerund of the relation the sentence names before
it, with a pronoun for that relation's object, adds no step; it is said as the relation's filler of the lexicon
(`relation_fillers`: 'in their reference lists'), which names the relation only when nothing else does, so its
relation word is not read as a second hop."""

from __future__ import annotations

import re
from functools import lru_cache

from hgrag.agents.understanding.cue_words import phrase_alternation
from hgrag.agents.understanding.lexicon import load
from hgrag.agents.understanding.tokens import tag


def without_manner_restatement(question: str) -> str:
    """The question without 'by <gerund of its relation> it' or 'and <verb of its relation> it (in their reference
    lists)' (unchanged when there is none)."""
    for match in reversed([m for pattern in _adjuncts() for m in pattern.finditer(question)]):
        inside_quotes = len(re.findall(r"[\"“”]", question[:match.start()])) % 2 == 1
        said = _relation_of(match["verb"], match["object"])
        if said is not None and not inside_quotes and said in {
                t.concept for t in tag(question[:match.start()].lower(), load("en"))}:
            filler = min(load("en").extra.get("relation_fillers", {}).get(said, []), key=len, default="")
            question = question[:match.start()] + (f" {filler}" if filler else "") + question[match.end():]
    return question


def _relation_of(verb: str, said_object: str = "") -> str | None:
    """The relation concept of the verb, with its object, its particle or alone ('acknowledged it', 'referring to',
    'citing')."""
    lexicon = load("en")
    for form in (f"{verb} {said_object}", verb, verb.split()[0]):
        concept = lexicon.concept(" ".join(form.lower().split()))
        if concept and concept.startswith("relation:"):
            return concept
    return None


@lru_cache(maxsize=1)
def _adjuncts() -> tuple[re.Pattern, ...]:
    spec = load("en").extra.get("manner_restatement", {})
    leads, joins, objects, particles, tails = (phrase_alternation(spec.get(k, [])) or "(?!)" for k in (
        "leads", "coordinating_leads", "objects", "particles", "tails"))
    verb = rf"(?P<verb>[a-z]+(?:\s+(?:{particles}))?)\s+(?P<object>{objects})\b"
    end = r"(?=\s*[?.!,]|\s*$)"
    # ('by referring to it'; after 'and' only with the relation's own place: 'and acknowledged it in their reference
    # lists', so 'picked up T and cited it' keeps the verb that says what was done)
    return (re.compile(rf"\s*,?\s+(?:{leads})\s+{verb}(?:\s+(?:{tails}))?{end}", re.IGNORECASE),
            re.compile(rf"\s*,?\s+(?:{joins})\s+{verb}\s+(?:{tails}){end}", re.IGNORECASE))
