"""Which kind a question about the richer kinds asks for, read from its asking text (mentions masked
as 'zzm'): the words come from agents/lexicon_graph_kinds.json and the question heads from the
issue-19 lexicon (agents/lexicon/en.json), so only the order of things is code.

  1. 'what/which + auxiliary' asks for the object of the verb ('what did researchers at I publish':
     papers), when a verb of the lexicon's verb_asks says what it is;
  2. a kind word right after a question head asks for that kind ('which venue', 'what topic');
  3. else the first kind word that does not name a mention ('the paper T' says what T is);
  4. a question word gives way to a verb of its clause with a role for it ('who funded': funders);
  5. no kind word at all: a verb may say it ('what did I publish in 2015': papers).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from hgrag.agents.kinds.lexicon import Cue, lexicon, phrase_in, verb_in
from hgrag.agents.understanding.lexicon import load

HOLE = "zzm"
KIND_WORDS = ("institution", "primary_topic", "topic", "subfield", "field", "domain", "keyword", "funder",
              "coauthor", "author", "paper", "venue")


def _heads(name: str) -> list[str]:
    return [f.replace("_", " ") for f in load("en").family("head").get(name, [])]


def _verb_kind(asking: str) -> str | None:
    kinds = [kind for verb, kind in lexicon().get("verb_asks", {}).items() if phrase_in(verb, asking)]
    return kinds[0] if kinds else None


def _object_question(asking: str) -> bool:
    """'what did …', 'which has …': a question head followed by an auxiliary."""
    heads = "|".join(re.escape(h) for h in _heads("which"))
    aux = "|".join(re.escape(a) for a in _heads("aux"))
    return bool(re.search(rf"(?<![\w-])(?:{heads})\s+(?:{aux})(?![\w-])", asking.lower()))


def _after_head(cue: Cue, asking: str) -> bool:
    before = asking[:cue.start].lower().split()
    heads = set(_heads("which")) | set(_heads("how_many"))
    return bool(before) and (before[-1] in heads or " ".join(before[-2:]) in heads)


def names_mention(cue: Cue, asking: str, hole_types: list[str]) -> bool:
    """'the paper T', 'the journal V': a kind word right before a linked name of that kind says what the
    name is ('the papers A authored' does not: A is an author)."""
    rest = asking[cue.end:].lstrip(" \"'“‘")
    if not rest.startswith(HOLE):
        return False
    index = asking[:cue.end].count(HOLE)
    kind = hole_types[index] if index < len(hole_types) else None
    return kind is None or kind == cue.group or (cue.group == "coauthor" and kind == "author")


def _owner(cue: Cue, asking: str) -> bool:
    """'the paper's main topic', "A's papers' funders": a kind word in the possessive owns what is asked; it is
    not asked."""
    rest = asking[cue.end:]
    return bool(re.match(r"\s*['’]s\b", rest) or cue.text[-1:].lower() == "s" and re.match(r"['’]\s", rest))


def _modifier(cue: Cue, kinds: list[Cue], asking: str) -> bool:
    """'author affiliations', 'paper topics': a kind word right before a noun of the lexicon's `compound_heads`
    modifies it; the last noun of the compound is asked ('papers funded by F' is no compound)."""
    heads = lexicon().get("compound_heads", [])
    return any(other.start > cue.end and not asking[cue.end:other.start].strip() and other.text.lower() in heads
               for other in kinds)


def asked_kind(found: list[Cue], asking: str = "", hole_types: list[str] | None = None) -> str | None:
    """The kind asked for (see the module note), or None when nothing says it."""
    words = lexicon()
    kinds = [c for c in found if c.group in KIND_WORDS]
    if _object_question(asking) and _verb_kind(asking) and not any(_after_head(c, asking) for c in kinds):
        return _verb_kind(asking)
    if not kinds:
        return _verb_kind(asking)
    types = hole_types or []
    asking_kinds = [c for c in kinds if not names_mention(c, asking, types) and not _owner(c, asking)
                    and not _modifier(c, kinds, asking)]
    if not asking_kinds and _object_question(asking):
        return "paper"  # 'what has A written on the topic X': every kind word names a mention; A's papers
    first = next((c for c in asking_kinds if _after_head(c, asking)), None) or \
        next(iter(asking_kinds), kinds[-1])  # every kind word names a mention: the last relation ('affiliated with I')
    roles = words.get("wh_roles", {}).get(first.text.lower(), {})
    after = _publishing_said(asking[first.end:])
    kind = next((k for verb, k in roles.items() if verb_in(verb, after) and not phrase_in(f"{verb} by", after)),
                first.group)
    if kind == "topic" and primary_modifier(asking):
        return "primary_topic"
    return kind


def wh_role_kind(found: list[Cue], asking: str) -> str | None:
    """The richer kind a question word asks for through its verb ('where do the authors of T work?' asks for
    institutions): the lexicon's wh_roles, read for the first question word of the asking text."""
    roles = lexicon().get("wh_roles", {})
    ordered = sorted([c for c in found if c.group in KIND_WORDS or c.text.lower() in roles], key=lambda c: c.start)
    first = ordered[0] if ordered else None
    if first is None or first.text.lower() not in roles:
        return None  # 'the venues where …': a kind word before the question word says what is asked
    after = _publishing_said(asking[first.end:])
    kind = next((k for verb, k in roles[first.text.lower()].items()
                 if verb_in(verb, after) and not phrase_in(f"{verb} by", after)), None)
    return kind if kind in lexicon()["asks_kind"] else None


def _publishing_said(text: str) -> str:
    """The text with each phrase of the lexicon's relation:published ('gotten work into print') as one word: a noun
    inside it ('work') is no verb of a person's workplace."""
    return _publishing_phrases().sub("published", text)


@lru_cache(maxsize=1)
def _publishing_phrases() -> re.Pattern:
    from hgrag.agents.understanding.cue_words import phrase_alternation
    from hgrag.agents.understanding.lexicon import load

    phrases = [f for f in load("en").concepts.get("relation:published", []) if " " in f]
    return re.compile(rf"(?<![\w-])(?:{phrase_alternation(phrases)})(?![\w-])", re.IGNORECASE)


def primary_modifier(asking: str) -> bool:
    return any(phrase_in(m, asking) for m in lexicon().get("primary_modifiers", []))


def hole_types(asking: str, spans: list[Any]) -> list[str]:
    """The kind of each 'zzm' of the asking text: the asking text keeps the last clauses, so its holes
    are the last linked spans."""
    holes = asking.count(HOLE)
    types = [s.type for s in sorted(spans, key=lambda s: s.start)]
    return types[len(types) - holes:] if 0 < holes <= len(types) else []


def _exclude_forms() -> set[str]:
    return {f.replace("_", " ") for f in load("en").family("operator").get("exclude", [])}


def negated_spans(question: str, spans: list[Any]) -> list[Any]:
    """Spans the question negates: a negation of the lexicon (operator:exclude: 'not', "n't", 'other
    than', 'except', …) between the previous span and this one ("A's papers not funded by F")."""
    from hgrag.agents.understanding.tokens import words

    forms = _exclude_forms()
    ordered = sorted(spans, key=lambda s: s.start)
    negated = []
    for before, span in zip([None] + ordered, ordered):
        gap = " " + " ".join(words(question[before.end if before else 0:span.start])[-4:]) + " "
        if any(f" {form} " in gap for form in forms) and (before is not None or len(ordered) > 1):
            negated.append(span)  # the first name too when a negation opens the question ("Other than I, …")
    return negated




def threshold(asking: str) -> tuple[str, int, str] | None:
    """'on more than 3 of their papers', 'with over 12 keywords': (attr, number, cmp) from the lexicon's
    comparison words (operator compare_more / compare_less, 'at least' / 'at most') and the kind word
    after the number (papers: how many of the walked papers reach the item; keywords: a paper's count)."""
    from hgrag.agents.kinds.lexicon import cues

    operators = load("en").family("operator")
    bounds = [(f.replace("_", " "), ">") for f in operators.get("compare_more", [])]
    bounds += [(f.replace("_", " "), "<") for f in operators.get("compare_less", [])]
    inclusive = lexicon().get("inclusive_bounds", {})
    counted = lexicon().get("counted_kinds", {})
    bounds = [(f, inclusive.get(f, c)) for f, c in bounds] + [(f, c) for f, c in inclusive.items()]
    for form, cmp in sorted(dict(bounds).items(), key=lambda b: -len(b[0])):
        pattern = rf"(?<![\w-]){re.escape(form)}\s+(?:than\s+|then\s+)?(\d+)\s+((?:[\w'-]+\s+){{0,3}}[\w-]+)"
        for hit in re.finditer(pattern, asking.lower()):
            kinds = [c.group for c in cues(hit.group(2)) if c.group in counted]
            if kinds:
                return counted[kinds[0]], int(hit.group(1)), cmp
    return None


def negation_words(text: str) -> bool:
    """The text holds a negation of the lexicon (operator:exclude)."""
    from hgrag.agents.understanding.tokens import words

    forms = _exclude_forms()
    said = " " + " ".join(words(text)) + " "
    return any(f" {form} " in said for form in forms)


@lru_cache(maxsize=1)
def _part_break() -> re.Pattern:
    """Where a question asking two things splits: a coordinator of the kinds lexicon, or a punctuation mark
    before a question head of the lexicon."""
    joins = "|".join(re.escape(w) for w in sorted(lexicon().get("part_coordinators", []), key=len, reverse=True))
    heads = "|".join(re.escape(h) for name in ("which", "who", "where", "when") for h in _heads(name))
    return re.compile(rf"\s*,?\s+(?:{joins})\s+|\s*[,;:—–-]\s+(?=(?:{heads}|{joins})\b)")


def asked_parts(masked: str, hole_types_all: list[str]) -> list[str]:
    """The kinds asked by the parts of a question that asks for two or more things at once ('the venue
    and the primary topic of T', 'What is the subfield of T, and which funders?'); [] for one thing."""
    from hgrag.agents.kinds.lexicon import cues

    kinds, start = [], 0
    pieces = [(m.start(), m.end()) for m in _part_break().finditer(masked) if not _same_noun_joined(masked, m)]
    pieces += [(len(masked), len(masked))]
    frames = load("en").extra.get("frame_prepositions", []) + load("en").extra.get("frame_participles", [])
    spans = statement_spans(masked)
    statements = [end for _, end in spans]
    for n, (cut, after) in enumerate(pieces):
        start = max([start] + [end for end in statements if start <= end <= cut])  # a stated fact asks nothing
        if any(begin <= start and cut <= end for begin, end in spans):
            start = after
            continue
        part = masked[start:cut]
        opening = start == 0 or start in statements
        if opening and cut < len(masked) and (re.match(rf"\s*(?:{'|'.join(map(re.escape, frames)) or '(?!)'})\b",
                                                       _without_leading_fillers(part), re.IGNORECASE) or
                                              not _has_head(part) and _has_head(masked[after:], opening=True)):
            start = after  # 'Looking at every paper A has authored, which primary topics …': a frame, not an ask
            continue
        offset = masked[:start].count(HOLE)
        types = hole_types_all[offset:]
        found = [c for c in cues(part) if c.group in KIND_WORDS and not names_mention(c, part, types)
                 and not _owner(c, part) and not _verb_after_subject(c, part)]
        kind = asked_kind(found, part, types) if found else None  # a part naming no kind adds none
        if kind is not None:
            kinds.append(kind)
        start = after
    return kinds if len(set(kinds)) >= 2 else []


def _without_leading_fillers(part: str) -> str:
    """The part without the fillers it opens with ('okay take every paper …' -> 'take every paper …')."""

    rest = part
    while True:
        word = re.match(r"\s*([\w']+)", rest)
        if not word or (load("en").concept(word.group(1).lower()) or "").split(":")[0] != "filler":
            return rest
        rest = rest[word.end():]

def statement_ends(text: str) -> list[int]:
    """Where each sentence that states something ends (no question mark, no question head or command at its start:
    'Each paper has a primary topic.', 'I am classifying T.'), when a later sentence asks."""
    return [end for _, end in statement_spans(text)]

def statement_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each stating sentence before the last sentence (see `statement_ends`)."""
    spans = []
    for sentence in re.finditer(r"[^.?!]+(?:[.?!]+|$)", text):
        body = sentence.group(0)
        if sentence.end() < len(text.rstrip()) and not body.rstrip().endswith("?") and not _has_head(body, opening=True):
            spans.append((sentence.start(), sentence.end()))
    return spans

def _has_head(text: str, opening: bool = False) -> bool:
    """A question head or a command of the lexicon in the text (at its start only, when `opening`)."""
    heads = [h for name in ("which", "who", "where", "when", "how_many", "command") for h in _heads(name)]
    found = re.search(rf"(?<![\w'-])(?:{'|'.join(map(re.escape, sorted(heads, key=len, reverse=True)))})(?![\w'-])",
                      text, re.IGNORECASE)
    return found is not None and (not opening or not text[:found.start()].strip())

def _verb_after_subject(cue: Any, part: str) -> bool:
    """'… do A and B work in?': a kind word right after a named person and before a preposition is their verb."""
    before, after = part[:cue.start].rstrip(), part[cue.end:].split()
    return before.endswith(HOLE.strip()) and bool(after) and \
        after[0].strip("?.!,;") in lexicon().get("verb_prepositions", [])

def _same_noun_joined(masked: str, joint: re.Match) -> bool:
    """'die Autorinnen und Autoren' ('the authors and authors'): two nouns of one kind joined are one thing asked."""
    from hgrag.agents.kinds.lexicon import cues

    before = re.findall(r"[\w'’-]+", masked[:joint.start()])[-1:]
    articles = ("function:the", "function:a", "function:an")  # (read by the lexicon's concepts)
    after = [w for w in re.findall(r"[\w'’-]+", masked[joint.end():])[:2] if load("en").concept(w.lower()) not in articles][:1]
    groups = [{c.group for c in cues(" ".join(words).lower())} for words in (before, after)]
    return bool(before and after and groups[0] & groups[1])

def part_label(kind: str) -> str:
    return lexicon().get("part_labels", {}).get(kind, kind)
