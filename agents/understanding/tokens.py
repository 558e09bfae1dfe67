"""Tokens of a question and their lexicon concepts (longest phrase first)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from hgrag.agents.understanding.lexicon import Lexicon

WORD = re.compile(r"\d+(?:st|nd|rd|th)\b|\d+(?:\.\d+)?|n't|[^\W\d_]+(?:[-'’](?![sS]\b)[^\W\d_]+)*|['’]s\b|#")  # "portland's": 2
CLAUSE = re.compile(r"(?<=[.?!;:])\s+|\s+zzstop\s+|\s+[-—–]{1,2}\s+")
PLACEHOLDER = re.compile(r"^zz[a-z]*\d*$")  # a mention cut out of the question (zzm, zzpaper, zzyear…)


@dataclass(frozen=True)
class Token:
    text: str  # the surface words (a phrase when several)
    start: int  # first word index
    end: int  # one past the last word index
    concept: str | None  # "family:name", "mention", "number", or None (unknown)

    @property
    def family(self) -> str | None:
        return self.concept.split(":", 1)[0] if self.concept and ":" in self.concept else self.concept


def clauses(text: str) -> list[str]:
    """The sentences of a masked question (an honorific's stop ends none: 'venues of Dr. A's papers?')."""
    return [c for c in _clause().split(text) if c.strip()] or [text]


@lru_cache(maxsize=1)
def _clause() -> re.Pattern:
    """CLAUSE, with no break after a title of the lexicon written with its stop (`context_words.honorifics`)."""
    from hgrag.agents.understanding.lexicon import load

    titles = [t[:-1] for t in load("en").extra.get("context_words", {}).get("honorifics", []) if t.endswith(".")]
    guards = "".join(rf"(?<!\b{re.escape(t)}\.)(?<!\b{re.escape(t.capitalize())}\.)" for t in titles)
    return re.compile(rf"(?<=[.?!;:]){guards}\s+|\s+zzstop\s+|\s+[-—–]{{1,2}}\s+")  # (the cheap test first)


@lru_cache(maxsize=1)
def _contraction_patterns() -> tuple[re.Pattern, re.Pattern, dict[str, str]]:
    """From the lexicon's `contractions` entry: 's read as 'is' after its words; n't after its stems."""
    from hgrag.agents.understanding.lexicon import load

    data = load("en").extra.get("contractions", {})
    stems = data.get("negated_stems", {})
    is_after = "|".join(re.escape(w) for w in data.get("is_after", [])) or "(?!)"
    negated = "|".join(re.escape(w) for w in stems)
    return (re.compile(rf"(?i)\b({is_after})['’]s\b"),
            re.compile(rf"(?i)\b({negated + '|' if negated else ''}[a-z]+?)n['’]t\b"), stems)


@lru_cache(maxsize=1)
def _did_pattern() -> re.Pattern:
    """'d read as 'did' after the lexicon's `did_after` words ("when'd it come out?")."""
    from hgrag.agents.understanding.lexicon import load

    did_after = "|".join(re.escape(w) for w in load("en").extra.get("contractions", {}).get("did_after", []))
    return re.compile(rf"(?i)\b({did_after or '(?!)'})['’]d\b")


def is_uncontracted(text: str) -> str:
    """"who's" -> "who is" after the lexicon's `is_after` words (a name's 's stays a possessive); "when'd" ->
    "when did"."""
    text = _did_pattern().sub(lambda m: f"{m.group(1)} did", text)
    return _contraction_patterns()[0].sub(lambda m: f"{m.group(1)} is", text)


def _uncontracted(text: str) -> str:
    """"weren't" -> "were n't": the negation is a word of its own (the lexicon reads "n't"); "what's" ->
    "what is" (after a question word 's is 'is', after a name it is a possessive)."""
    is_after, negated, stems = _contraction_patterns()
    text = _did_pattern().sub(lambda m: f"{m.group(1)} did", text)
    text = is_after.sub(lambda m: f"{m.group(1)} is", text)
    text = _always_pattern().sub(lambda m: f"{m.group(1)} {_always()[m.group(2).lower()]}", text)
    return negated.sub(lambda m: f"{stems.get(m.group(1).lower(), m.group(1))} n't", text)


@lru_cache(maxsize=1)
def _always() -> dict[str, str]:
    """The contractions that read one way after any word ('ve: have, 're: are, 'll: will; lexicon `contractions`)."""
    from hgrag.agents.understanding.lexicon import load

    return load("en").extra.get("contractions", {}).get("after_any_word", {})


@lru_cache(maxsize=1)
def _always_pattern() -> re.Pattern:
    endings = "|".join(re.escape(e) for e in _always()) or "(?!)"
    return re.compile(rf"(?i)\b([a-z]+)['’]({endings})\b")


PLURAL_POSSESSIVE = re.compile(r"(?<=[^\W\d_][sS])['’](?=\s+[^\W\d_])")
OPENING_QUOTE = re.compile(r"(?:^|(?<=\s))['‘](?![sS]\b)(?=[^\W\d_])")  # (not a detached "'s")


def _plural_possessives(text: str) -> str:
    """"A's papers' venues": an apostrophe after a plural is its possessive ('s), unless a single quote opened
    before it (then it may close a quoted name: "'Graph Models' by A")."""
    if "'" not in text and "’" not in text or OPENING_QUOTE.search(text):
        return text
    return PLURAL_POSSESSIVE.sub(" 's", text)


def words(text: str) -> list[str]:
    return [w.replace("’", "'").lower() for w in WORD.findall(_uncontracted(_plural_possessives(text)))]


_TAGGED: dict[int, tuple[Lexicon, dict[str, tuple[Token, ...]]]] = {}


def tag(text: str, lexicon: Lexicon) -> list[Token]:
    """The question's words grouped into the longest lexicon phrases, each with its concept; a hyphenated word
    the lexicon does not know is read as its parts when it knows each of them ('most-cited'). Remembered per
    lexicon: a question's sentences are tagged by many readers."""
    owner, seen = _TAGGED.setdefault(id(lexicon), (lexicon, {}))
    if owner is not lexicon:  # an id reused by a new lexicon
        owner, seen = _TAGGED[id(lexicon)] = (lexicon, {})
    if text not in seen:
        if len(seen) > 20000:
            seen.clear()
        seen[text] = tuple(_tagged(text, lexicon))
    return list(seen[text])


def _tagged(text: str, lexicon: Lexicon) -> list[Token]:
    ws = tag_words(text, lexicon)
    tokens, i = [], 0
    while i < len(ws):
        if PLACEHOLDER.match(ws[i]):
            tokens.append(Token(ws[i], i, i + 1, "mention"))
            i += 1
            continue
        for n in range(min(lexicon.longest, len(ws) - i), 0, -1):
            phrase = " ".join(ws[i:i + n])
            concept = lexicon.concept(phrase) or (lexicon.concept(phrase[:-1]) if phrase.endswith("s")
                                                  and len(ws[i + n - 1]) > 3 else None)  # ('first authors')
            if concept:
                tokens.append(Token(phrase, i, i + n, concept))
                i += n
                break
        else:
            tokens.append(Token(ws[i], i, i + 1, "number" if ws[i][0].isdigit() else None))
            i += 1
    return tokens


def tag_words(text: str, lexicon: Lexicon) -> list[str]:
    """The words `tag` reads: hyphenated words the lexicon does not know split into parts it knows."""
    return [part for w in words(text) for part in _compound_parts(w, lexicon)]


def _compound_parts(word: str, lexicon: Lexicon) -> list[str]:
    parts = word.split("-")
    if len(parts) < 2 or lexicon.concept(word) or PLACEHOLDER.match(word) or not all(lexicon.concept(p) for p in parts):
        return [word]
    return parts


def stranded_readings(text: str, tokens: list[Token]) -> list[Token]:
    """'Who has A written papers with?': a preposition ending a sentence that opens with a question word reads as
    what the lexicon's `stranded_prepositions` gives it for that word (a concept: 'with' after 'who' names
    partners, a co-author step, unless a word of the sentence already names it); a reading given as a reason is
    checked by `asked_slots.stranded`."""
    from hgrag.agents.understanding.lexicon import load

    readings = load("en").extra.get("stranded_prepositions", {})
    trailers = load("en").extra.get("stranded_trailers", [])
    out, at = list(tokens), 0
    for clause in clauses(text):
        own = tag(clause, load("en"))
        body = [i for i, t in enumerate(own) if t.family != "filler"]
        while len(body) > 1 and own[body[-1]].text in trailers:
            body.pop()  # ('who have they written papers with overall?')
        heads = [t for t in own if t.family == "head" and t.text in readings]  # ('Whoever is first on T, who …')
        if body and heads and at + body[-1] < len(out) and out[at + body[-1]].text == own[body[-1]].text:
            reading = readings.get(heads[0].text, {}).get(own[body[-1]].text)
            if isinstance(reading, dict) and reading.get("concept") and \
                    not any(t.concept == reading["concept"] for t in own):  # 'collaborated with': one relation
                last = out[at + body[-1]]
                out[at + body[-1]] = Token(last.text, last.start, last.end, reading["concept"])
        at += len(own)
    return relative_readings(_fronted_readings(out, readings))


def _fronted_readings(tokens: list[Token], readings: dict) -> list[Token]:
    """'…, with whom has this person published?': a preposition right before the question word it would be stranded
    after reads as it would stranded (the lexicon's `stranded_prepositions`), unless the clause already names it."""
    from hgrag.agents.understanding.lexicon import load

    heads = {load("en").concept(word): word for word in readings}  # ('whom' is read as 'who')
    fronted = load("en").extra.get("fronted_prepositions", {})  # (which pairs may stand fronted: 'with whom')
    out = list(tokens)
    for i, (prep, head) in enumerate(zip(tokens, tokens[1:])):
        relative = i and tokens[i - 1].family in ("kind", "attribute")  # ('the year in which …': a relative clause)
        asks = i + 2 < len(tokens) and tokens[i + 2].concept == "head:aux" and \
            prep.text in fronted.get("prepositions", []) and head.text in fronted.get("pronouns", [])
        key = heads.get(head.concept) if head.family == "head" and asks and not relative else None
        reading = readings.get(key, {}).get(prep.text) if key else None
        if isinstance(reading, dict) and reading.get("concept") and prep.concept != reading["concept"] and \
                not any(t.concept == reading["concept"] for t in tokens):
            out[i] = Token(prep.text, prep.start, prep.end, reading["concept"])
    return out


def relative_readings(tokens: list[Token]) -> list[Token]:
    """'the papers that A co-wrote', 'which papers has A co-written', 'the papers co-written by A': a relation word right
    after 'kind noun (that|which|an auxiliary) mention', or after the kind noun and before an agent word and a mention,
    reads as the
    lexicon's `relative_readings` give it for that kind (the word's object is the thing, not a person)."""
    from hgrag.agents.understanding.lexicon import load

    readings = load("en").extra.get("relative_readings", {})
    before_mention = load("en").extra.get("mention_readings", {})
    out = list(tokens)
    for i, token in enumerate(tokens):
        if token.concept in before_mention and i + 1 < len(tokens) and tokens[i + 1].concept == "mention" \
                and not tokens[i + 1].text.startswith("zzyear"):  # (a year cut out is no named thing)
            out[i] = Token(token.text, token.start, token.end, before_mention[token.concept])  # 'between A and B'
            continue
        before = [t for t in tokens[:i] if t.family not in ("function", "head")][-2:]
        after = tokens[i + 1:i + 3]
        for reading in readings.get(token.concept or "", []):
            at = i - 2 if i >= 3 and tokens[i - 1].concept == "head:aux" and tokens[i - 3].concept == reading["after"] \
                else i - 1  # ('the papers A has co-authored'; 'papers do A have together' asks, no relative clause)
            active = len(before) == 2 and before[1].concept == "mention" and before[0].concept == reading["after"] \
                and tokens[at].concept == "mention"  # ('which papers has A co-written?' too)
            passive = bool(before) and before[-1].concept == reading["after"] and len(after) == 2 and \
                after[0].text in reading.get("agents", []) and after[1].concept == "mention"  # 'papers co-written by A'
            if active or passive:
                out[i] = Token(token.text, token.start, token.end, reading["concept"])
    return out


def bound(tokens: list[Token], token: Token, wanted: list[str] | None) -> bool:
    """A concept with a `bound_to` signature binds only when such a token follows within a few words ('before
    2020', 'before T'; 'Before we do, …' is no time bound) or comes right before it ('from 2009 onward')."""
    if not wanted:
        return True
    after = [t for t in tokens if t.start >= token.end and t.family != "function"][:2]
    before = [t for t in tokens if t.end <= token.start and t.family != "function"][-1:]  # 'from 2009 onward'
    return any(t.concept in wanted or t.family in wanted for t in after + before)
