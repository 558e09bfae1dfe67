"""The offline planner's focus nouns: the words after a question word that say what is asked ('which journals',
'how many papers'), by answer kind. Built-in nouns, with the lexicon's one-word kind nouns and citation nouns added so
a kind word added to the lexicon ('serials') is a focus too (agents/planning/intent.py reads them; so does the speller,
agents/linking/spelling.py, as part of its vocabulary)."""

from __future__ import annotations

from rapidfuzz.distance import DamerauLevenshtein

BUILT_IN: dict[str, frozenset[str]] = {
    "paper": frozenset("paper papers article articles publication publications work works title titles study "
                       "studies manuscript manuscripts document documents output outputs pubs item items record records entry "
                       "entries".split()),
    "author": frozenset("author authors coauthor coauthors co-author co-authors cowriter cowriters co-writer "
                        "co-writers collaborator collaborators researcher researchers people person persons "
                        "scientist scientists writer writers scholar scholars contributor contributors colleague "
                        "colleagues partner partners individuals names everyone everybody anyone anybody "
                        "someone whoever byline bylines authorship authorships".split()),
    "venue": frozenset("venue venues journal journals conference conferences outlet outlets proceedings periodical "
                       "periodicals source sources magazine magazines series".split()),
    "year": frozenset("year years date".split()),
    "citations": frozenset("citation citations cites".split()),
    "doi": frozenset(["doi", "dois"]),
    "orcid": frozenset(["orcid", "orcids"]),
    "issn": frozenset(["issn"]),
    "language": frozenset(["language", "languages"]),
    "type": frozenset("type kind sort category genre".split()),
}


def _with_lexicon_kinds(nouns: dict[str, frozenset[str]]) -> dict[str, frozenset[str]]:
    """The built-in focus nouns with the lexicon's one-word kind nouns (and citation nouns) added (a kind
    word added to the lexicon, 'serials', is a focus here too), save words that other concepts' phrases also use:
    read word by word here, they would be read out of those phrases ('one decimal place' is no venue)."""
    from hgrag.agents.understanding.lexicon import load

    lexicon = load("en")
    concepts = {**{key: f"kind:{key}" for key in ("paper", "author", "venue")},
                "citations": "attribute:citations"}

    def added(key: str) -> frozenset[str]:
        concept = concepts.get(key)
        if concept is None:
            return frozenset()
        inside = {word for other, forms in lexicon.concepts.items() if other != concept
                  for form in forms if " " in form for word in form.split()}
        typed = nouns.get(key, frozenset())  # (a typo of a built-in noun, 'autor', is left to the speller)
        return frozenset(f for f in lexicon.concepts.get(concept, []) if " " not in f and f not in inside
                         and not any(DamerauLevenshtein.distance(f, known) <= 1 for known in typed))

    return {key: words | added(key) for key, words in nouns.items()}


NOUNS = _with_lexicon_kinds(BUILT_IN)
