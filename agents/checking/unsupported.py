"""What the graph does not record, said in one sentence.

`explain_unsupported(words)` takes the words of a question that its plan did not account for and,
when one of them names a property or relation the graph has no data for ("affiliated", "employs",
"funded", "pages", "i10-index", ...), returns one sentence saying so. An unknown property noun gets
a generic sentence listing what the graph does hold. Words the graph does hold (papers, authors,
years, citations, ...) and ordinary function words return None.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

GRAPH_HOLDS = ("authors, papers (title, year, citations, DOI, type, language), venues "
               "and who wrote, published and cited what")

# what is missing -> word stems (a word matches a stem when it starts with it; stems are long enough
# to be unambiguous) and whole words (matched exactly).
MISSING: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "affiliations": (("affiliat", "universit", "institut", "employ", "organisation", "organization",
                      "laborator", "department", "facult", "college", "school", "compan", "workplace"),
                     ("lab", "labs", "works at", "worked at", "working at", "work at")),
    "funding": (("sponsor", "grant", "bankroll"),
                ("fund", "funds", "funded", "funding", "funder", "funders", "financed", "financing", "financer",
                 "financers", "financier", "financiers", "paid for", "pays for")),
    "page numbers": (("pagination",), ("page", "pages", "pp")),
    "editors": (("editor",), ("edit", "edits", "edited", "editing")),
    "reviewers": (("reviewer", "referee"), ("reviewed", "reviewing", "peer-reviewed", "refereed")),
    "ages or birth dates": (("birth", "birthday"), ("born", "age", "ages", "aged", "old")),
    "e-mail addresses": (("email", "e-mail"), ("mail", "mails")),
    "h-indexes": (("i10",), ()),  # (an h-index is computed from the citation counts: lexicon operator:h_index)
    "abstracts": (("abstract",), ()),
    "keywords or topics": (("keyword", "topic", "discipline"), ("subject area", "field of", "fields of")),
    "addresses or countries": (("countr", "nationalit", "citizenship", "address"),
                               ("city", "cities", "located", "location", "based in")),
    "genders": (("gender",), ("sex",)),
    "awards": (("award", "prize"), ()),
    "volumes and issues": (("volume",), ("issue", "issues")),
    "publishers": (("publisher",), ()),
    "impact factors": ((), ("impact factor", "impact factors")),
}

# words the graph does hold, and words that carry no property: never reported as unsupported.
KNOWN = frozenset("""
paper papers article articles publication publications work works title titles study studies manuscript
author authors coauthor coauthors co-author co-authors writer writers researcher researchers people person
venue venues journal journals conference conferences proceedings outlet outlets source sources
year years date dates citation citations cited cite cites citing doi dois orcid orcids issn type types kind
language languages number count total many much list name names first last most least same other others
wrote write writes written writing published publish publishes publishing appear appeared appears
a an the of in on at to for by with from and or is are was were be been being did do does has have had
who whom whose what which when where how why it its their his her they them this that these those
me please give show tell find any all some than about as into not no yes there here one two three
authored penned released receive received receives get got gets times often earliest latest newest oldest
recent together also both each every between since after before during until only just exactly ever still
yet too very more less fewer top highest lowest best identifier identifiers
""".split())
PROPERTY_NOUN = re.compile(r"^[a-z][a-z-]{2,}$")


HELD_BY_RICHER = frozenset({"affiliations", "funding", "keywords or topics"})  # what OpenAlex's richer kinds hold
RICHER_HOLDS = ("authors, papers (title, year, citations, DOI, type, language), venues, who wrote, published and "
                "cited what, and the authors' institutions, the papers' topics, keywords and funders")


def _missing_for(word: str, held: frozenset[str] = frozenset()) -> str | None:
    from hgrag.agents.understanding.lexicon import load

    concept = load("en").concept(word) or ""
    if concept.startswith("missing:"):  # the lexicon's family of what the graph does not hold
        missing = concept.split(":", 1)[1]
        return None if missing in held else missing
    for missing, (stems, whole) in MISSING.items():
        if missing not in held and (word in whole or any(word.startswith(stem) for stem in stems)):
            return missing
    return None


def _phrases(words: list[str]) -> Iterable[str]:
    """Single words, then two-word phrases ("h index", "impact factor", "works at")."""
    yield from words
    yield from (" ".join(pair) for pair in zip(words, words[1:]))


def explain_unsupported(words: Iterable[str] | str, richer: bool = False) -> str | None:
    """One sentence naming what the graph cannot answer, or None when nothing unsupported is named.
    `richer`: the graph holds OpenAlex's institutions, topics, keywords and funders (never "missing").

    >>> explain_unsupported(["affiliated", "with"])
    "I can't use 'affiliated with': the graph records no affiliations."
    """
    tokens = [w.strip(".,;:?!()\"'’").lower() for w in (words.split() if isinstance(words, str) else words)]
    tokens = [t for t in tokens if t]
    held = HELD_BY_RICHER if richer else frozenset()
    for i, phrase in enumerate(_phrases(tokens)):
        missing = _missing_for(phrase, held)
        if missing:
            shown = _shown_phrase(tokens, phrase)
            return f"I can't use '{shown}': the graph records no {missing}."
    unknown = [t for t in tokens if t not in KNOWN and PROPERTY_NOUN.match(t) and not t.startswith("zz")]
    if unknown:
        return f"I can't use '{unknown[0]}': the graph records {RICHER_HOLDS if richer else GRAPH_HOLDS}."
    return None


def _shown_phrase(tokens: list[str], phrase: str) -> str:
    """'affiliated' is shown with a following preposition ("affiliated with") when it has one."""
    if " " in phrase or phrase not in tokens:
        return phrase
    i = tokens.index(phrase)
    if i + 1 < len(tokens) and tokens[i + 1] in ("with", "by", "at", "of", "to", "for"):
        return f"{phrase} {tokens[i + 1]}"
    return phrase
