"""Referring expressions of a follow-up turn: pronouns, demonstratives and selections of earlier items.

Every word read here comes from lexicon_en.json; a reference is a span of the (quote-folded) text
with what it can stand for: a type (author / paper / venue / thing / any), one or many, and for a
selection the ordinal, year or extreme that picks an item of the previous answer.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from hgrag.agents.conversation.lexicon import all_type_nouns, alternation, lexicon, type_of_noun, words

YEAR = r"(?:19|20)\d\d"


@dataclass
class Ref:
    start: int
    end: int
    phrase: str
    kind: str  # pronoun | demonstrative | ordinal | year | extreme
    type: str  # author | paper | venue | thing | any
    number: str = "one"  # one | many
    possessive: bool = False
    index: int | None = None
    year: int | None = None
    key: list[str] = field(default_factory=list)  # [attr, order] of an extreme
    prefix: str = ""  # words the entity takes in place of the reference ('there' -> 'in V')
    noun: str = ""  # the type noun of a selection ('the second author')
    same_as: int | None = None  # a pronoun standing for an earlier reference of the question (its start)
    owns: str = ""  # the type a possessive's noun names ('their papers': paper); the owner is not of it


def _outside(start: int, end: int, spans: list[Any]) -> bool:
    return not any(s.start < end and start < s.end for s in spans if s.start >= 0)


def selections(text: str, spans: list[Any]) -> list[Ref]:
    """'the second (one|author)', 'the 2019 one', 'the most recent of those', 'the last paper'."""
    lex = lexicon()
    pick = alternation(tuple(lex["ordinals"]) + tuple(lex["extremes"])) + "|" + YEAR
    nouns, tails = alternation(all_type_nouns()), alternation(tuple(lex["selection_tails"]))
    lead = r"(?:\bthe\s+|(?P<bare>(?:^|(?<=[,:;.!?]))\s*))"  # 'the newest one', or a fragment opening with it
    pattern = rf"{lead}(?P<sel>{pick})(?:\s+(?P<noun>{nouns}))?(?P<tail>\s+(?:{tails}))?(?![\w'-])"
    found = []
    for match in re.finditer(pattern, text):
        after = text[match.end():].lstrip()
        if match.group("bare") is not None and not (match.group("noun") or match.group("tail")) \
                and (not re.fullmatch(r"[?.!]*", after) and not re.match(r"[-:–—]", after)
                     or re.fullmatch(YEAR, match.group("sel"))):
            continue  # 'newest?', 'second author?', '2000 one - venue?'; not 'first, tell me …' nor '1987?' (a year)
        if not match.group("tail") and names_its_own(after):
            continue  # 'the first author of X' names its own subject ('which year is the oldest one from?' does not)
        if not match.group("noun") and not match.group("tail") and re.match(r"[\w']", after):
            continue  # 'the first time ...': not a selection of an item
        if not _outside(match.start(), match.end(), spans):
            continue
        sel = re.sub(r"\s+", " ", match.group("sel"))
        noun = match.group("noun") or ""
        if not type_of_noun(noun) and _names_a_byline(match.group("tail") or ""):
            noun = "author"  # 'the last one on the byline': a place among a paper's authors
        start = match.start("sel") if match.group("bare") is not None else match.start()
        ref = Ref(start, match.end(), text[start:match.end()], "ordinal", type_of_noun(noun) or "any", noun=noun)
        if re.fullmatch(YEAR, sel):
            ref.kind, ref.year = "year", int(sel)
        elif sel in lex["ordinals"]:
            ref.index = lex["ordinals"][sel]
        else:
            ref.kind, ref.key = "extreme", list(lex["extremes"][sel])
        if ref.type == "any" and ref.kind != "ordinal":  # only papers have years; only authors write
            ref.type = "author" if ref.key[:1] == ["n_papers"] else "paper"
        found.append(ref)
    return found + _dated_selections(text, spans, found)


def _names_a_byline(tail: str) -> bool:
    bylines = [n for n in lexicon()["definite_nouns"]["paper"] if n not in lexicon()["type_nouns"]["paper"]]
    return any(re.search(rf"\b{re.escape(b)}\b", tail) for b in bylines)


def _dated_selections(text: str, spans: list[Any], found: list[Ref]) -> list[Ref]:
    """'the one published in 2003', 'the paper from 2008': an item of the previous answer picked by its year."""
    nouns, links = alternation(all_type_nouns()), alternation(tuple(lexicon()["year_selection_links"]))
    picked = []
    bounds = alternation(tuple(lexicon()["year_suffixes"]) + ("on",))
    for match in re.finditer(rf"\bthe\s+(?P<noun>{nouns})\s+(?:{links})\s+(?P<y>{YEAR})\b(?!\s+(?:{bounds})\b)", text):
        if match.group("noun").endswith("s"):
            continue  # 'the papers from 2020 on' bound a set; a selection picks one item
        if _outside(match.start(), match.end(), spans) and _outside(match.start(), match.end(), found):
            noun = match.group("noun")
            picked.append(Ref(match.start(), match.end(), match.group(0), "year", type_of_noun(noun) or "paper",
                              year=int(match.group("y")), noun=noun))
    return picked


def demonstratives(text: str, spans: list[Any]) -> list[Ref]:
    """'that paper', 'those authors', 'this venue' (type from the noun, number from the determiner)."""
    lex = lexicon()
    dets = alternation(tuple(lex["demonstratives"]))
    nouns = alternation(all_type_nouns())
    found = []
    for match in re.finditer(rf"\b(?P<det>{dets})\s+(?P<noun>{nouns})(?P<own>['’]s)?(?![\w'-])", text):
        if not _outside(match.start(), match.end(), spans) or any(0 <= s.start - match.end() <= 3 for s in spans):
            continue  # inside a name, or 'this paper: "X"' names it right there
        det = re.sub(r"\s+", " ", match.group("det"))
        noun = match.group("noun")
        number = "many" if noun.endswith("s") and noun not in ("works",) else lex["demonstratives"][det]
        kind = type_of_noun(noun) or _owner_of_asked(text) or "any"  # 'what year is that one from?': a paper
        if number == "one" and any(s.end <= match.start() and _fits(kind, s.type) for s in spans if s.start >= 0):
            continue  # '"T" - who wrote that one?': the question names what it points at, as for a pronoun
        found.append(Ref(match.start(), match.end(), match.group(0), "demonstrative", kind, number,
                         possessive=bool(match.group("own"))))  # "that person's co-authors"
    return found


def pronouns(text: str, spans: list[Any], taken: list[Ref]) -> list[Ref]:
    """he / she / it / they ...: a thread reference only when no mention of a fitting type comes
    before it in the same question ('who wrote X and when was it published' refers inside)."""
    lex = lexicon()
    table = lex["pronouns"]
    found = []
    expletive = [m.span() for m in re.finditer(rf"\b(?:{alternation(tuple(lex['expletive_it']))})(?![\w'-])", text)]
    for match in re.finditer(rf"\b(?P<p>{alternation(tuple(table))})(?![\w'-])", text):
        if any(a <= match.start() < b for a, b in expletive):
            continue  # 'is it true that …' refers to nothing
        if not _outside(match.start(), match.end(), spans) or not _outside(match.start(), match.end(), taken):
            continue
        word = match.group("p")
        entry = table[word]
        before = re.findall(r"[\w'-]+", text[:match.start()])
        if entry.get("bare") and not _bare(text, match.end(), before, spans):
            continue  # 'papers that cite X': a relative 'that'; 'is that a journal?' stands for a thing
        if entry.get("prefix") and before and before[-1] in lex["existential_before_there"]:
            continue  # 'is there …' asks whether something exists
        if any(s.end <= match.start() and _fits(entry["type"], s.type) for s in spans if s.start >= 0):
            continue
        possessive = bool(entry.get("possessive"))
        if entry.get("possessive_before_noun"):
            following = re.match(r"\s*([\w'-]+|[?.!,])", text[match.end():])
            possessive = bool(following) and following.group(1) not in lex["not_nouns_after_her"]
        kind = _thing_kind(text, match.end()) if entry["type"] == "thing" else entry["type"]
        following = re.match(r"\s*([\w'-]+)", text[match.end():])
        if entry.get("subject") and following and following.group(1) in lex["agent_verbs"]:
            kind = "author"  # 'did they publish …': the ones who write
        found.append(Ref(match.start(), match.end(), word, "pronoun", kind, entry["number"], possessive,
                         index=entry.get("pick"), prefix=entry.get("prefix", ""),
                         same_as=_antecedent(taken, match.start(), kind),
                         owns=_owned_type(text, match.end()) if possessive else ""))
    return found


def _bare(text: str, end: int, before: list[str], spans: list[Any]) -> bool:
    """A demonstrative standing alone after a verb ('is that from 2011?', 'who wrote this?'), not a determiner
    of a noun or of a name right after it ('cited this paper: X', 'this X')."""
    following = re.match(r"\s*([\w'-]+)", text[end:])
    if following and following.group(1) in all_type_nouns() or any(0 <= s.start - end <= 3 for s in spans):
        return False
    return bool(before) and before[-1] in lexicon()["bare_demonstrative_after"]


def _owned_type(text: str, end: int) -> str:
    """The node type the noun after a possessive names within five words ('their papers', 'their most
    highly cited work', 'their latest one' -> paper), or '' (none, or a peer noun like 'co-authors')."""
    following = re.findall(r"[\w'-]+", text[end:])[:5]
    nouns = lexicon()["type_nouns"]  # with 'one' / 'ones': 'their most cited one' owns a paper
    named = next(((word, kind) for word in following for kind, words_ in nouns.items() if word in words_), None)
    if named is None or named[0] in lexicon()["peer_nouns"]:
        return ""  # 'their co-authors': people have co-authors, so the owner may be of the noun's type
    return named[1]


def _antecedent(taken: list[Ref], at: int, kind: str) -> int | None:
    """'the 2nd author - what else did they write?', 'the last one - how many papers has that person
    written?': the nearest earlier single reference of the question that the pronoun or demonstrative can
    stand for (its start; a selection of no stated type can stand for any), or None."""
    earlier = [r for r in taken if r.end <= at and r.number == "one" and r.kind != "pronoun"
               and (_fits(kind, r.type) or r.type == "any" or kind == "author" and r.type == "author")]
    return earlier[-1].start if earlier else None


def _thing_kind(text: str, end: int) -> str:
    """'it' is a venue when the question publishes in it, a paper when it is published or cited."""
    table = lexicon()["thing_by_verb"]
    for kind in ("venue", "paper"):
        if re.search(rf"\b(?:{alternation(tuple(table[kind]))})(?![\w'-])", text):
            return kind
    return _owner_of_asked(text) or "thing"


def _owner_of_asked(text: str) -> str | None:
    """The one node type that has what the question asks ('which year is that from?': only papers have years;
    'who else is on it?': people are on papers), from the question lexicon's concepts and the conversation
    lexicon's `slot_owners`; else None."""
    from hgrag.agents.understanding.lexicon import load

    owners = lexicon()["slot_owners"]
    concepts = {load("en").concept(word) for word in re.findall(r"[\w'-]+", text)}
    found = {tuple(owners[c]) for c in concepts if c and not c.startswith("_") and c in owners}
    return found.pop()[0] if len(found) == 1 and len(next(iter(found))) == 1 else None


def _fits(wanted: str, kind: str) -> bool:
    return (wanted == kind or wanted == "any" or (wanted == "thing" and kind in ("paper", "venue"))
            or (wanted == "not_venue" and kind in ("author", "paper")))


def definites(text: str, spans: list[Any], taken: list[Ref]) -> list[Ref]:
    """'the paper' / 'the journal' with nothing naming it after: the one of the thread."""
    table = lexicon()["definite_nouns"]
    nouns = alternation(tuple(n for ns in table.values() for n in ns))
    found = []
    for match in re.finditer(rf"\bthe\s+(?P<noun>{nouns})(?![\w'-])", text):
        after = text[match.end():].lstrip()
        if re.match(r"(of|by|in|at|from|on|with|titled|called|named|that|which|who|['\"]|\w)", after):
            continue  # 'the paper titled X', 'the author of X', 'the paper X': named right there
        if not _outside(match.start(), match.end(), spans) or not _outside(match.start(), match.end(), taken):
            continue
        kind = next(k for k, ns in table.items() if match.group("noun") in ns)
        found.append(Ref(match.start(), match.end(), match.group(0), "demonstrative", kind, "one",
                         noun=match.group("noun")))
    return found


def names_its_own(after: str) -> bool:
    """'… of X', '… on X': the words after a selection name what it is of, so it selects nothing from the thread."""
    return re.match(r"\s*(of|by|in|at|from|on|with|to)\b(?!\s*[?.!]*\s*$)", after) is not None


def byline_selections(text: str, spans: list[Any], taken: list[Ref]) -> list[Ref]:
    """'the first-listed one', 'the lead author', 'the one listed at the end', 'which name comes first': a place
    on a byline, named by the understanding lexicon's position forms or its byline patterns, selects an author."""
    found: list[Ref] = []
    for pattern, index in _byline_patterns():
        for match in pattern.finditer(text):
            if not (_outside(match.start(), match.end(), spans) and _outside(match.start(), match.end(), taken + found)):
                continue
            if names_its_own(text[match.end():]):
                continue  # 'the first author of X' names its own paper
            owner = text[match.end():match.end() + 2] == "'s"
            end = match.end() + (2 if owner else 0)
            found.append(Ref(match.start(), end, text[match.start():end], "ordinal", "author", "one",
                             possessive=owner, index=index, noun="author"))
    return found


@lru_cache(maxsize=1)
def _byline_patterns() -> list[tuple[re.Pattern, int]]:
    """(pattern, place) for the understanding lexicon's compound position forms ('first-listed', 'lead author'),
    longest first, then its byline patterns ('listed at the end'); built once."""
    from hgrag.agents.understanding.cue_words import byline_places, phrase_alternation
    from hgrag.agents.understanding.lexicon import load

    nouns = phrase_alternation(words("byline_selection_nouns"))
    forms = [(f.replace("_", " "), name) for name, fs in load("en").family("attribute").items()
             if re.fullmatch(r"position_(\d+|first|last)", name) for f in fs if "_" in f or "-" in f]
    place = {"first": 1, "last": -1}
    patterns = [(re.compile(rf"(?:\bthe\s+)?\b{re.escape(form)}(?:\s+(?:{nouns}))?(?![\w-])"),
                 place.get(name.split("_")[1]) or int(name.split("_")[1]))
                for form, name in sorted(forms, key=lambda fn: -len(fn[0]))]
    return patterns + byline_places()


def find_references(text: str, spans: list[Any]) -> list[Ref]:
    """Every thread reference in `text` (lower case, quotes folded), left to right, none overlapping."""
    refs = selections(text, spans)
    for ref in demonstratives(text, spans):
        if _outside(ref.start, ref.end, refs):  # 'the 1st one - how many papers has that person written'
            ref.same_as = _antecedent(refs, ref.start, ref.type) if ref.number == "one" else None
            refs.append(ref)
    refs += definites(text, spans, refs)
    refs += pronouns(text, spans, refs)
    owner = _owner_of_asked(text)
    for ref in refs:  # 'when was that one published?': only a paper has what is asked
        if ref.kind == "demonstrative" and ref.type == "any" and ref.number == "one" and owner:
            ref.type = owner
    verbs = alternation(tuple(lexicon()["not_venue_verbs"]))
    if re.search(rf"\b(?:{verbs})(?![\w'-])", text):  # venues neither write nor are written or cited
        for ref in refs:
            ref.type = {"any": "not_venue", "thing": "paper"}.get(ref.type, ref.type)
    if not refs:  # a place that qualifies another reference ('its last author', 'second author on the earliest one')
        refs = byline_selections(text, spans, refs)  # is not a selection of its own
    return sorted(refs, key=lambda r: r.start)


def fits(wanted: str, kind: str) -> bool:
    return _fits(wanted, kind)


def fragment_only(text: str, spans: list[Any], extra: tuple[str, ...] = ()) -> bool:
    """Is `text` made only of mentions, years and fragment words ('and for her co-author B?')?"""
    kept = [c for i, c in enumerate(text) if _outside(i, i + 1, spans)]
    rest = re.sub(rf"-?{YEAR}", " ", "".join(kept))  # 'post-2003': the year and its hyphen
    fillers = set(words("fragment_words")) | set(extra) | {"'", '"'}
    tokens = re.findall(r"[\w'-]+", rest)  # punctuation ('—', '?', ':') asks nothing of its own
    return all(t in fillers for t in tokens)


@lru_cache(maxsize=2)
def chat_fillers(phrases: bool = False) -> tuple[str, ...]:
    """The fillers of the understanding lexicon ('ok', 'nice', 'hmm'; with `phrases` also 'can you',
    'by the way'): no question of their own."""
    from hgrag.agents.understanding.lexicon import load

    if not phrases:
        return tuple(load("en").words("filler"))
    return tuple(form for forms in load("en").family("filler").values() for form in forms)
