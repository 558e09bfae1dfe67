"""Samplers of the unanswerable intents (/work/spec/intents.md, section B): the gold answer is []
(the system must decline).

  absent_author   a near-miss name that is NOT in the graph: a real first name with an invented
                  surname (spliced from two real surnames, itself no author's surname), or a real
                  surname with another real first name; kept only when no author's normalised name
                  is within edit distance NAME_CLEARANCE of it and no author has its initial form
                  (first initial + surname);
  absent_paper    a real title with one or two content words replaced by words of other titles,
                  kept only when it differs from every real title by more than TITLE_CLEARANCE of
                  its characters (edit distance over normalised titles);
  author_unsupported_property, paper_unsupported_property, non_english
                  a real, clearly named person or paper (the wording asks what the graph lacks or is
                  in another language; non_english alternates paper and person);
  false_premise_coauthors, false_premise_author_year
                  a real paper and a real person who did not write it but co-wrote another paper
                  with one of its authors (intent_samplers.paper_coauthors_false_premise).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

from hgrag.evaluation.graph_facts import GraphFacts
from hgrag.evaluation.intent_samplers import (Candidate, _author_slot, _authors, _paper_slot, _papers,
                                              paper_coauthors_false_premise)
from hgrag.tools.text import initials_key, norm_key

NAME_CLEARANCE = 2
TITLE_CLEARANCE = 0.2
MIN_GIVEN_LETTERS = 3
MIN_SURNAME_LETTERS = 4
MIN_CONTENT_WORD = 5
MAX_TITLE_WORDS = 12
TRIES = 20
_VOWELS = set("aeiouy")
STOPWORDS = {"about", "above", "after", "among", "based", "between", "using", "under", "their", "there",
             "these", "those", "where", "which", "while", "within", "without", "towards", "through"}


# -- absent people ----------------------------------------------------------------------------
def _plain_name(facts: GraphFacts, author_id: str) -> tuple[str, str] | None:
    """(given name, surname) of a clear two-word name of letters only ('Ada Keller'), else None."""
    parts = facts.label(author_id).split()
    if len(parts) != 2 or not all(p.isalpha() and p[:1].isupper() and p[1:].islower() for p in parts):
        return None
    given, surname = parts
    if len(given) < MIN_GIVEN_LETTERS or len(surname) < MIN_SURNAME_LETTERS:
        return None
    return given, surname


def name_is_absent(facts: GraphFacts, name: str) -> bool:
    """No author is within NAME_CLEARANCE edits of the name, and none has its initial form."""
    if facts.initials_groups.get(initials_key(name)):
        return False
    return not facts.near_labels("author").within(norm_key(name), NAME_CLEARANCE)


def _real_surnames(facts: GraphFacts) -> set[str]:
    return {facts.surname(a) for a in facts.sorted_nodes("author")}


def _spliced_surname(rng: random.Random, surname: str, donor: str) -> str | None:
    """The front of one surname up to a vowel joined to the back of another from a consonant that a
    vowel follows ('Nakamura' + 'Petrov' -> 'Nakatrov'), or None when no such cut exists."""
    fronts = [i for i in range(2, len(surname) - 1) if surname[i - 1].lower() in _VOWELS]
    backs = [i for i in range(1, len(donor) - 2)
             if donor[i].lower() not in _VOWELS and donor[i + 1].lower() in _VOWELS]
    if not fronts or not backs:
        return None
    return (surname[:rng.choice(fronts)] + donor[rng.choice(backs):]).capitalize()


def _near_miss_name(facts: GraphFacts, rng: random.Random, plain: list[tuple[str, str]],
                    surnames: set[str], invent: bool) -> str | None:
    given, surname = rng.choice(plain)
    other_given, donor = rng.choice(plain)
    if invent:
        new_surname = _spliced_surname(rng, surname, donor)
        if new_surname is None or norm_key(new_surname) in surnames:
            return None
        name = f"{given} {new_surname}"
    else:
        if other_given[0].lower() == given[0].lower():
            return None
        name = f"{other_given} {surname}"
    return name if name_is_absent(facts, name) else None


def absent_author(facts: GraphFacts, rng: random.Random) -> Iterator[Candidate]:
    """'Real given + invented surname' and 'another given + real surname' in turns (each attempt tries
    the due kind first, then the other, so one kind failing on a graph does not stop the other)."""
    plain = [pair for a in facts.sorted_nodes("author") for pair in [_plain_name(facts, a)] if pair]
    if len(plain) < 2:
        return
    surnames = _real_surnames(facts)
    invent = True
    for _ in range(len(plain) * 2):
        for kind in (invent, not invent):
            name = _near_miss_name(facts, rng, plain, surnames, kind)
            if name is not None:
                yield {"author": name}, []
                invent = not kind
                break


# -- absent papers -------------------------------------------------------------------------------
def _content_words(title: str) -> list[int]:
    words = title.split(" ")
    return [i for i, w in enumerate(words) if w.isalpha() and len(w) >= MIN_CONTENT_WORD
            and w.lower() not in STOPWORDS]


def title_is_absent(facts: GraphFacts, title: str) -> bool:
    """Every real title differs from it by more than TITLE_CLEARANCE of its characters."""
    key = norm_key(title)
    return bool(key) and not facts.near_labels("paper").within(key, int(len(key) * TITLE_CLEARANCE))


def near_miss_title(facts: GraphFacts, paper_id: str, vocabulary: list[str], rng: random.Random) -> str | None:
    """The paper's title with one or two content words swapped for other titles' words, or None."""
    title = facts.title_slot(paper_id)
    places = _content_words(title)
    if not places or len(title.split()) > MAX_TITLE_WORDS:
        return None
    for _ in range(TRIES // 4):
        words = title.split(" ")
        for at in rng.sample(places, min(len(places), rng.choice((1, 2)))):
            replacement = rng.choice(vocabulary)
            words[at] = replacement.capitalize() if words[at][0].isupper() else replacement
        candidate = " ".join(words)
        if title_is_absent(facts, candidate):
            return candidate
    return None


def _vocabulary(facts: GraphFacts) -> list[str]:
    words = {w.lower() for p in facts.sorted_nodes("paper") for w in re.findall(r"[A-Za-z]+", facts.label(p))
             if len(w) >= MIN_CONTENT_WORD + 2 and w.lower() not in STOPWORDS}
    return sorted(words)


def absent_paper(facts: GraphFacts, rng: random.Random) -> Iterator[Candidate]:
    vocabulary = _vocabulary(facts)
    if not vocabulary:
        return
    for paper_id in _papers(facts, rng):
        title = near_miss_title(facts, paper_id, vocabulary, rng)
        if title is not None:
            yield {"paper": title}, []


# -- real entities, unanswerable questions -------------------------------------------------------
def author_unsupported_property(facts: GraphFacts, rng: random.Random) -> Iterator[Candidate]:
    for author_id in _authors(facts, rng, min_papers=1):
        yield _author_slot(facts, author_id), []


def paper_unsupported_property(facts: GraphFacts, rng: random.Random) -> Iterator[Candidate]:
    for paper_id in _papers(facts, rng):
        yield _paper_slot(facts, paper_id), []


def non_english(facts: GraphFacts, rng: random.Random) -> Iterator[Candidate]:
    """Alternating a clear paper and a clear person."""
    papers, authors = _papers(facts, rng), _authors(facts, rng, min_papers=1)
    for paper_id, author_id in zip(papers, authors):
        yield _paper_slot(facts, paper_id), []
        yield _author_slot(facts, author_id), []


false_premise_coauthors = paper_coauthors_false_premise
false_premise_author_year = paper_coauthors_false_premise
