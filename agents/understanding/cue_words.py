"""Cue words the rules planner reads from the lexicon instead of its own patterns: a year bound ('predate
2010', 'from 2009 onward'), a year range ('2002 to 2005'), a count scoped to the graph ('how many papers in the
graph cite T'), number words ('the last two years'), places on a byline ('listed 3rd') and existence openers."""

from __future__ import annotations

import re
from functools import lru_cache

from hgrag.agents.understanding.lexicon import Lexicon, load
from hgrag.tools.text import quotes_masked


def bound_by(concept: str, text: str, within: int = 0) -> bool:
    """A year right after a word of the lexicon's `concept` ('papers that predate 2010'), or at most `within`
    words after it ('excluding those from 2015', 'except the ones from the year 2022'); no other mention comes
    in between ('except those with B in 2015' leaves B out, not the year)."""
    forms = sorted(load("en").concepts.get(concept, []), key=len, reverse=True)
    words = "|".join(re.escape(f).replace(r"\ ", r"\s+") for f in forms)
    gap = rf"(?:\s+(?!zz)[\w'-]+){{0,{within}}}?" if within else ""
    return bool(words) and re.search(rf"\b(?:{words})\b{gap}\s+zzyear\b", text) is not None


def bounds_after(concept: str, text: str) -> bool:
    """A word of the lexicon's `concept` right after a year ('from 2009 onward', '2015 or later')."""
    forms = sorted(load("en").concepts.get(concept, []), key=len, reverse=True)
    words = "|".join(re.escape(f).replace(r"\ ", r"\s+") for f in forms)
    return bool(words) and re.search(rf"\bzzyear\s*,?\s+(?:{words})\b", text) is not None


def graph_scoped(text: str) -> bool:
    """'how many papers in the graph cite T': the citing papers the graph holds are counted (its `cites` edges),
    not the paper's citation count (lexicon `graph_scope`)."""
    phrases = load("en").extra.get("graph_scope", [])
    return any(re.search(rf"(?<![\w-]){re.escape(p)}(?![\w-])", text) for p in phrases)


def year_range(text: str) -> bool:
    """Two years joined by a range word of the lexicon ('in the period 2002 to 2005', '2010 up to and
    including 2011')."""
    joiners = sorted(load("en").extra.get("year_range_joiners", []), key=len, reverse=True)
    words = "|".join(re.escape(j).replace(r"\ ", r"\s+") for j in joiners)
    return bool(words) and re.search(rf"\bzzyear\s+(?:{words})\s+zzyear\b", text) is not None


def quantities(text: str) -> list[tuple[int, str]]:
    """Numbers written as words that count a noun of the lexicon ('the last two years', 'three papers'):
    (value, word). 'one' is left out: it is a pronoun as often as a number ('the one from 2019'); so is a
    number that counts the question's own mentions."""
    lexicon = load("en")
    numbers = lexicon.extra.get("number_words", {})
    named = len(re.findall(r"\bzzm\w*", text))  # 'the following two works: T1 and T2' counts what it names
    found = []
    joiners = phrase_alternation(lexicon.extra.get("bound_joiners", [])) or "(?!)"
    for match in re.finditer(rf"\b([a-z]+)(?=\s+(?:(?:{joiners})\s+[a-z]+\s+)?([\w'-]+))", text.lower()):  # 'two or more
        value = numbers.get(match.group(1))
        noun = (lexicon.concept(match.group(2)) or "").split(":")[0]
        pointing = text[:match.start()].lower().split()[-1:] and \
            text[:match.start()].lower().split()[-1] in lexicon.extra.get("back_references", {}).get("plural", [])
        if value and value > 1 and noun in ("kind", "attribute") and value != named and not pointing:
            found.append((value, match.group(1)))  # ('these two papers: T1 and T2' points at what it names)
    return found


@lru_cache(maxsize=1)
def byline_places() -> list[tuple[re.Pattern, int]]:
    """'second author', 'listed 3rd', '4th on the byline': a place on the byline named by a word of the
    lexicon's attribute:position_N concepts."""
    sits = load("en").extra.get("byline_places", {})
    person, verbs, lists = (phrase_alternation(sits.get(key, [])) for key in ("person_nouns", "placing_verbs", "list_nouns"))
    to_person, to_list = (phrase_alternation(sits.get(key, [])) for key in ("between_place_and_person", "between_place_and_list"))
    listing = phrase_alternation(sits.get("placing_verbs_with_object", []))  # 'which papers list A first
    years = phrase_alternation([f for f in load("en").family("attribute").get("year", []) if " " not in f]) or "(?!)"
    years += "|" + phrase_alternation([f for f in load("en").family("kind").get("paper", []) if " " not in f])  # ('is
    # first paper of A': a ranking of the papers, no place on a byline)
    found = []
    for name, forms in load("en").family("attribute").items():
        if not re.fullmatch(r"position_(\d+|first|last)", name):
            continue
        words = phrase_alternation([f for f in forms if " " not in f] + sits.get("place_words", {}).get(name, []))
        phrases = phrase_alternation([f for f in forms if " " in f])  # 'closes the author list': the place itself
        holding = phrase_alternation(sits.get("list_verbs", {}).get(name, []))  # 'heads the author line of'
        found.append((re.compile(rf"\b({words})[- ](?:(?:{to_person}) )?(?:{person})\b|"
                                 rf"\b(?:{verbs}) (?:as )?({words})\b(?! (?:{years})\b)|"  # ('is last year': a time)
                                 rf"\b({words}) (?:(?:{to_list}) )?(?:on|in) (?:the )?(?:{lists})\b|\b({phrases})\b|"
                                 rf"\b(?:{listing}) zz[a-z]*\d* ({words})\b|\b(?:{holding}) (?:the )?(?:{lists})\b"),
                      {"first": 1, "last": -1}.get(name.split("_")[1]) or int(name.split("_")[1])))
    return found


def phrase_alternation(phrases: list[str]) -> str:
    """Whole phrases, longest first, for a regex alternation ('(?!)' when there are none)."""
    return "|".join(re.escape(p).replace(r"\ ", r"\s+") for p in sorted(phrases, key=len, reverse=True)) or "(?!)"


def inverted_after_topic(text: str) -> bool:
    """'zzauthor and zzauthor have they co-authored anything': a named topic followed by an auxiliary and a subject
    pronoun (lexicon `head.aux`, `code_words.subject_pronouns`) opens a yes/no question even with no comma."""
    return _inverted_after_topic().search(text) is not None


@lru_cache(maxsize=1)
def _inverted_after_topic() -> re.Pattern:
    lexicon = load("en")
    aux = phrase_alternation(lexicon.family("head").get("aux", []))
    pronouns = phrase_alternation(lexicon.extra.get("code_words", {}).get("subject_pronouns", []))
    joiners = phrase_alternation(lexicon.extra.get("code_words", {}).get("name_joiners", []))
    return re.compile(rf"^\W*zz\w*(?:\s+(?:{joiners})\s+zz\w*)*\s+(?:{aux})\s+(?:{pronouns})\b")  # (the topic opens it)


def opens_yes_no(text: str) -> bool:
    """'Any papers by A in 1992?', 'A and B — any joint paper?': a clause opening with one of the lexicon's
    `yes_no_openers` and a kind noun (one modifier may come between) asks whether such things exist ('any of
    those in V?', 'any other papers?' ask for them)."""
    from hgrag.agents.understanding.tokens import clauses

    return any(_opener_before_kind(clause.split()[:3]) for clause in clauses(text))


def _opener_before_kind(first: list[str]) -> bool:
    lexicon = load("en")
    if len(first) < 2 or first[0] not in lexicon.extra.get("yes_no_openers", []):
        return False
    kinds = [(lexicon.concept(w.strip("?.!,")) or "").startswith("kind:") for w in first[1:]]
    return kinds[0] or (len(first) == 3 and is_modifier(lexicon.concept(first[1])) and kinds[1])


def is_modifier(concept: str | None) -> bool:
    """A word that only qualifies the kind noun after it ('joint', 'co-authored', an unknown adjective); not an
    operator ('any other papers?', 'any recent ones?' ask for the things)."""
    return concept is None or concept.split(":", 1)[0] in ("relation", "general")


def names_papers(text: str) -> bool:
    """A plural paper noun of the lexicon ('papers', 'works') in a masked question."""
    return any(w in load("en").family("kind").get("paper", []) and w.endswith("s") for w in text.split())


def lists_things(text: str) -> bool:
    """The question opens with a command that lists ('find', 'list', 'show': the lexicon's head:command, not one that
    counts)."""
    first = text.split()[:1]
    return bool(first) and first[0] in load("en").family("head").get("command", []) \
        and load("en").concept(first[0]) != "operator:count"



def count_alternation() -> str:
    """The lexicon's ways of asking how many ('how often', 'how frequently', 'headcount') as a regex alternation."""
    forms = sorted(load("en").concepts.get("head:how_many", []), key=len, reverse=True)
    return "|".join(rf"\b{re.escape(f).replace(chr(92) + ' ', chr(92) + 's+')}\b" for f in forms) or "(?!)"


def without_notes(text: str, hole: str = "zzm") -> str:
    """The text without its notes in parentheses that name nothing ('(what it cites)', '(that first year included)'):
    they restate what the question asks."""
    return re.sub(rf"\s*\((?![^()]*{hole})[^()]*\)", " ", text)


def superlative_pattern() -> re.Pattern:
    """A word or phrase that ranks to the top: the lexicon's `max` and `mostly` operators and its
    `superlative_phrases` ('ranked first', 'more than anyone'); a habitual word ('usually', 'often') ranks nothing."""
    lexicon = load("en")
    operators = lexicon.family("operator")
    forms = [f for key in ("max", "mostly") for f in operators.get(key, [])]
    forms += lexicon.extra.get("superlative_phrases", [])
    return re.compile(rf"\b(?:{phrase_alternation(forms)})\b")


def _opens_with_who(clause: str, lexicon: Lexicon) -> bool:
    words = clause.strip(" ,").lower().split()
    opening = [w for w in words[:2] if (lexicon.concept(w) or "").split(":")[0] != "function"][:1]
    return bool(opening) and lexicon.concept(opening[0]) == "head:who"


def without_list_trailers(text: str) -> str:
    """'With whom has A collaborated in total?': after a head that asks for people (lexicon `head:who`) opening a clause,
    a stranded trailer ('in total', 'overall'; lexicon `stranded_trailers`) means all of them, not how many; the text
    without those trailers (unchanged under any other head)."""
    lexicon = load("en")
    if not any(_opens_with_who(clause, lexicon) for clause in re.split(r"\s[-–—]+\s|[:;.?!]\s", quotes_masked(text))):
        return text  # ('The first author of T - with whom has this person published in total?': a clause's head)
    trailers = sorted(lexicon.extra.get("stranded_trailers", []), key=len, reverse=True)
    pattern = re.compile(rf",?\s*\b(?:{'|'.join(map(re.escape, trailers))})\b", re.IGNORECASE)
    for match in reversed(list(pattern.finditer(quotes_masked(text))) if trailers else []):  # (never in a title)
        text = text[:match.start()] + text[match.end():]
    return text
