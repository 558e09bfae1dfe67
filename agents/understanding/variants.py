"""Variants of English read as their plain wording ('in which all venues' -> 'in which venues', 'rounded off to one
decimal' -> 'rounded to one decimal'): the lexicon's `plain_variants` maps each plain phrase to the variants a
dialect or a learner uses, so a new variant is a data edit; symbols ('and/or', '>=') and paths written with arrows
('A -> co-authors -> venues') are read in words the same way. Quoted titles are never touched."""

from __future__ import annotations

import re
from functools import lru_cache

from hgrag.agents.understanding.cue_words import phrase_alternation
from hgrag.agents.understanding.lexicon import load
from hgrag.tools.text import outside_quotes


def with_plain_variants(question: str) -> str:
    """The question with each variant of the lexicon's `plain_variants` in its plain wording."""
    pattern, plain = _variants()
    if pattern is None:
        return question
    return outside_quotes(question, lambda piece: pattern.sub(lambda m: _cased(plain[_key(m.group(0))], m.group(0)),
                                                              piece))


def with_possessives_spelled(question: str) -> str:
    """'get there work into print' -> 'get their work into print': a word said like a possessive (lexicon
    `possessive_homophones`: 'there', "they're") right before a noun of the graph's meaning (a kind, a relation's
    noun, an attribute) is the possessive; after an auxiliary ('are there papers …') it stays."""
    spelled = load("en").extra.get("possessive_homophones", {})
    said = {form: possessive for possessive, forms in spelled.items() for form in forms}
    if not said or not any(form in question.lower() for form in said):
        return question
    return outside_quotes(question, lambda piece: _possessive().sub(lambda m: _spelled(m, said), piece))


def _spelled(match: re.Match, said: dict[str, str]) -> str:
    before, form, noun = match.group("before"), match.group("form"), match.group("noun")
    lexicon = load("en")
    if (lexicon.concept(before.lower()) or "") == "head:aux" or \
            (lexicon.concept(noun.lower()) or "").split(":")[0] not in POSSESSED_FAMILIES:
        return match.group(0)
    return f"{before} {_cased(said[form.lower()], form)} {noun}"


POSSESSED_FAMILIES = ("kind", "relation", "attribute")


@lru_cache(maxsize=1)
def _possessive() -> re.Pattern:
    forms = [f for fs in load("en").extra.get("possessive_homophones", {}).values() for f in fs]
    return re.compile(rf"(?P<before>[\w'’-]+)\s+(?P<form>{phrase_alternation(forms)})\s+(?P<noun>[\w'’-]+)", re.IGNORECASE)


def with_year_one_notes_plain(question: str) -> str:
    """'…, reckoning the year of the first paper as year one' -> '…, counting the debut year as year one': a note set
    off by a comma or a bracket that ends as the lexicon's `year_one_notes.ends` say restates how a career window
    counts; it reads as the lexicon's plain note, whatever words it holds before its end (no digits, no quotes)."""
    spec = load("en").extra.get("year_one_notes", {})
    ends, plain = spec.get("ends", []), spec.get("plain", "")
    if not plain or not any(end in question.lower() for end in ends):
        return question
    note = re.compile(rf"([,(;–—-]\s*)[^,()\"“”\d;?]{{0,80}}?\b(?:{phrase_alternation(ends)})\b", re.IGNORECASE)
    return outside_quotes(question, lambda piece: note.sub(lambda m: m.group(1) + plain, piece))


def with_open_ended_spans(question: str) -> str:
    """'from 2010 till date' -> 'from 2010 onwards': a span from a year to the present (lexicon `open_span_ends`:
    the words that open it, the words for 'now', and the plain word it reads as) has no upper bound."""
    spec = load("en").extra.get("open_span_ends", {})
    leads, ends, plain = spec.get("leads", []), spec.get("ends", []), spec.get("plain", "")
    if not plain or not any(end in question.lower() for end in ends):
        return question
    span = re.compile(rf"\b((?:{phrase_alternation(leads)})\s+(?:19|20)\d\d)\s+(?:{phrase_alternation(ends)})\b",
                      re.IGNORECASE)
    return outside_quotes(question, lambda piece: span.sub(lambda m: f"{m.group(1)} {plain}", piece))


def _key(text: str) -> str:
    return " ".join(text.lower().split())


def _cased(plain: str, said: str) -> str:
    return plain[:1].upper() + plain[1:] if said[:1].isupper() else plain


@lru_cache(maxsize=1)
def _variants() -> tuple[re.Pattern | None, dict[str, str]]:
    plain = {_key(v): p for p, forms in load("en").extra.get("plain_variants", {}).items() for v in forms}
    if not plain:
        return None, {}
    return re.compile(rf"(?<![\w'-])(?:{phrase_alternation(list(plain))})(?![\w'-])", re.IGNORECASE), plain


OPTIONAL_PLURAL = re.compile(r"(?<=[a-z])\((e?s)\)(?![\w(])")  # a noun written with its plural ending optional


def with_symbols_in_words(question: str) -> str:
    """'A and/or B' -> 'A or B', 'institution(s)' -> 'institutions': words written with a symbol read as the lexicon's `symbol_words` say, comparisons as
    `symbol_comparisons` say before a year or a count, year prefixes as `year_prefixes` say; outside quotes."""
    question = outside_quotes(question, lambda piece: OPTIONAL_PLURAL.sub(r"\1", piece))  # 'institution(s)'
    rules = _symbol_rules()
    if not any(rule.search(question) for rule, _ in rules):
        return question
    for rule, said in rules:
        question = outside_quotes(question, lambda piece: rule.sub(said, piece))  # noqa: B023 - applied at once
    return re.sub(r"(?<=\S) {2,}(?=\S)", " ", question)


@lru_cache(maxsize=1)
def _symbol_rules() -> tuple[tuple[re.Pattern, str], ...]:
    """(pattern, what it is read as), in the lexicon's order (longest symbol first: '>=' before '>')."""
    extra, year = load("en").extra, r"(?=\s*(?:19|20)\d\d\b)"
    rules = [(re.compile(rf"(?<!\S){re.escape(s)}(?!\S)", re.IGNORECASE), w)
             for s, w in extra.get("symbol_words", {}).items()]
    for symbol, said in extra.get("enclosing_symbols", {}).items():  # '|coauthors(A)|' -> 'the number of coauthors(A)'
        opening, closing = (symbol[0], symbol[-1]) if len(symbol) == 2 else (symbol, symbol)  # ('{B}' -> 'B')
        rules.append((re.compile(rf"{re.escape(opening)}(?=[^\s{re.escape(closing)}])([^{re.escape(closing)}]{{1,80}}?)"
                                 rf"(?<=\S){re.escape(closing)}"), rf"{said} \1" if said else r"\1"))
    interval = extra.get("context_words", {}).get("period_span", "")  # '[2023, 2024]' -> 'between 2023 and 2024'
    if interval:
        frames = "|".join(map(re.escape, extra.get("year_spans", {}).get("frames", []))) or "(?!)"
        rules.append((re.compile(rf"(?:\b(?:{frames})\s+)?\[\s*((?:19|20)\d\d)\s*[,;]\s*((?:19|20)\d\d)\s*\]"),
                      interval.replace("{low}", r"\1").replace("{high}", r"\2")))
    rules.append((re.compile(r"(?<=[a-z])_(?=[a-z])"), " "))  # a field name ('cited_by_count') read as its words
    for symbol, (before_year, before_number) in extra.get("symbol_comparisons", {}).items():
        rules += [(re.compile(rf"(?<![-=])\s*{re.escape(symbol)}{year}"), f" {before_year} "),  # ('-> 1st auth' is an
                  (re.compile(rf"(?<![-=])\s*{re.escape(symbol)}(?=\s*\d)"), f" {before_number} ")]  # arrow)
    rules += [(re.compile(rf"(?<![\w-]){re.escape(p)}\s?{year}", re.IGNORECASE), f"{w} ")
              for p, w in extra.get("year_prefixes", {}).items()]
    return tuple(rules)


def with_path_in_words(question: str) -> str:
    """'A -> co-authors -> venues' -> 'What are the venues of the co-authors of A?': a path written with arrows from
    a named thing through steps each named by words of the lexicon (kinds, relations, attributes) reads as those
    steps in words (a note in brackets after it stays); anything else is left as written (lexicon `path_arrows`)."""
    arrows = "|".join(re.escape(a) for a in load("en").extra.get("path_arrows", []))
    body = re.match(r"^\s*(?P<path>[^()?]+?)\s*(?P<note>\([^)]*\))?\s*\??\s*$", question)
    if not arrows or body is None:
        return question
    parts = [p.strip() for p in re.split(rf"\s*(?:{arrows})\s*", body.group("path"))]
    if len(parts) < 3 or not all(parts) or not all(_lexicon_step(p) for p in parts[1:]):
        return question
    rendering = load("en").extra.get("path_rendering", {})
    steps = rendering.get("joiner", " ").join(rendering.get("step", "{step}").format(step=p) for p in reversed(parts[1:]))
    note = f" {body.group('note')}" if body.group("note") else ""
    return rendering.get("question", "{steps} {start}{note}").format(steps=steps, start=parts[0], note=note)


def _lexicon_step(words: str) -> bool:
    """A step of a written path: at most three words, each read by the lexicon."""
    tokens = words.lower().split()
    return 0 < len(tokens) <= 3 and all(load("en").concept(t) or load("en").concept(words.lower()) for t in tokens)


def with_compounds_split(question: str) -> str:
    """'author-list T', 'citation-count-total', 'co-author-set': a lower-case hyphenated compound that is no lexicon
    form but whose hyphen-joined pieces each are one (the longest piece first, so 'co-author' stays whole) is read as
    those words apart; quoted titles and capitalised names keep their hyphens."""
    return outside_quotes(question, lambda piece: re.sub(r"(?<![\w-])[a-z]+(?:-[a-z]+)+(?![\w-])", _split, piece))


def _split(match: re.Match) -> str:
    word, lexicon = match.group(0), load("en")
    head = (lexicon.concept(word.split("-")[0]) or "").split(":")[0]
    if lexicon.concept(word) is not None or head not in ("kind", "attribute", "relation") or \
            any(len(piece) < 3 for piece in word.split("-")):
        return word  # (a noun first, 'author-list'; not 'top-cited', and no short piece: 'co-autors' is a typo)
    parts, out = word.split("-"), []
    while parts:
        size = next((n for n in range(len(parts), 0, -1) if lexicon.concept("-".join(parts[:n])) is not None), 0)
        if not size:
            return word  # (a piece the lexicon does not know: 'state-of-the-art', 'well-known')
        out.append("-".join(parts[:size]))
        parts = parts[size:]
    return " ".join(out) if len(out) > 1 else word


MEANING = ("head", "operator", "kind", "relation", "attribute", "time")
RUN_TOGETHER = ("kind function", "function kind", "head function", "function head", "relation function")  # ('papersby',
# 'ofpapers', 'whichof', 'citedby'): a word of meaning and a small word; two words of meaning may be one ('outage')


def with_run_together_split(question: str) -> str:
    """'howmany papersby A' -> 'how many papers by A': a lower-case word that is neither a lexicon form nor an English
    word, but splits into two lexicon forms of which one bears meaning (a question word, a kind, a relation …), is
    read as those two words; quoted titles and capitalised names stay as typed."""
    return outside_quotes(question, lambda piece: re.sub(r"(?<![\w'’‘-])[a-z]{5,}(?![\w'’-])", _run_apart, piece)) \
        if not re.search(r"(?<!\w)['‘]", question) else question  # (a title in single quotes is kept whole)


def _run_apart(match: re.Match) -> str:
    from hgrag.agents.linking.spelling import english_words

    word, lexicon = match.group(0), load("en")
    if lexicon.concept(word) is not None or word in english_words():
        return word
    for at in range(2, len(word) - 1):
        first, second = lexicon.concept(word[:at]), lexicon.concept(word[at:])
        joined = lexicon.concept(f"{word[:at]} {word[at:]}")  # ('howmany': 'how many' is one form)
        families = f"{(first or ':').split(':')[0]} {(second or ':').split(':')[0]}"
        if joined and joined.split(":")[0] in MEANING or families in RUN_TOGETHER:
            return f"{word[:at]} {word[at:]}"
    return word


def with_pronoun_phrases(question: str) -> str:
    """'Kindly confirm the same.', 'excluding B from the same', 'give the same to one decimal': a phrase the lexicon's
    `pronoun_phrases` reads as a pronoun ('the same': 'it') when no noun follows it (a stop, a comma or a preposition
    next) and no be-form comes before it in its sentence ('are the two venues the same?' compares)."""
    pattern, spec = _pronoun_phrases()
    if pattern is None or not pattern.search(question):
        return question
    be = set(load("en").extra.get("citation_words", {}).get("be_forms", []))

    def said(m: re.Match) -> str:
        sentence = re.split(r"[.?!]\s", m.string[:m.start()])[-1]
        return m.group(0) if set(re.findall(r"[\w']+", sentence.lower())) & be else spec[m.group(1).lower()]
    return outside_quotes(question, lambda piece: pattern.sub(said, piece))


@lru_cache(maxsize=1)
def _pronoun_phrases() -> tuple[re.Pattern | None, dict[str, str]]:
    spec = load("en").extra.get("pronoun_phrases", {})
    if not spec.get("as"):
        return None, {}
    after = phrase_alternation(spec.get("before", [])) or "(?!)"
    return re.compile(rf"(?<![\w'-])({phrase_alternation(list(spec['as']))})"
                      rf"(?=\s*(?:[.?!,;:]|$)|\s+(?:{after})\b)", re.IGNORECASE), spec["as"]


@lru_cache(maxsize=1)
def _repeated_verb() -> re.Pattern:
    joins = phrase_alternation(load("en").extra.get("code_words", {}).get("repeat_joins", []))
    return re.compile(rf"(?<![\w'’-])(?P<verb>[^\W\d_]+)\s+(?P<a>\"[^\"]+\"|“[^”]+”)\s+(?:{joins})\s+"
                      rf"(?:(?P<also>[^\W\d_]+)\s+)?(?P=verb)\s+(?P<b>\"[^\"]+\"|“[^”]+”)", re.IGNORECASE)


def with_repeated_verb_as_both(question: str) -> str:
    """'Which papers cite "T1" and also cite "T2"?' -> 'Which papers cite both "T1" and "T2"?': a relation verb of the
    lexicon said again after 'and' (an adverb of `code_words.repeat_adverbs` between) asks for what holds with both."""
    adverbs = set(load("en").extra.get("code_words", {}).get("repeat_adverbs", []))

    def both(match: re.Match) -> str:
        relation = (load("en").concept(match["verb"].lower()) or "").startswith("relation:")
        if not relation or match["also"] and match["also"].lower() not in adverbs:
            return match.group(0)
        both_words = load("en").extra.get("code_notation", {}).get("set_operators", {}).get("&", ["both", "and"])
        return f"{match['verb']} {both_words[0]} {match['a']} {both_words[1]} {match['b']}"
    return _repeated_verb().sub(both, question)


@lru_cache(maxsize=1)
def _object_first() -> re.Pattern:
    heads = phrase_alternation(load("en").extra.get("agreement", {}).get("question_words", []))
    return re.compile(rf"(?P<head>\b(?:{heads})\s+(?:[^\W\d_]+\s+)?(?P<kind>[^\W\d_]+)\s+(?P<aux>[^\W\d_]+)\s+)"
                      rf"(?P<object>\"[^\"]+\"|“[^”]+”|[^\W\d_]+)\s+(?P<verb>[^\W\d_]+)(?![\w'’-])", re.IGNORECASE)


def with_plural_subject_first(question: str) -> str:
    """'Which papers have "T" cited?' -> 'Which papers have cited "T"?': after a question word and a plural kind, an
    auxiliary of the kind's number (lexicon `agreement.plural_auxiliaries`) makes the kind the subject, so a relation
    participle of `agreement.participles` after the one thing named takes that thing as its object ('Which papers
    has T cited?' keeps T as the subject)."""
    spec = load("en").extra.get("agreement", {})
    auxiliaries, participles = set(spec.get("plural_auxiliaries", [])), set(spec.get("participles", []))
    pronouns = set(spec.get("object_pronouns", []))

    def reordered(match: re.Match) -> str:
        kind = (load("en").concept(match["kind"].lower()) or "").startswith("kind:") and match["kind"].lower().endswith("s")
        named = match["object"][:1] in "\"“" or match["object"].lower() in pronouns
        if not (kind and named and match["aux"].lower() in auxiliaries and match["verb"].lower() in participles):
            return match.group(0)
        return f"{match['head']}{match['verb']} {match['object']}"
    return _object_first().sub(reordered, question) if participles else question


def with_titles_unstopped(question: str) -> str:
    """'Co-authors of Dr. A or of Prof. B' -> 'Co-authors of A or of B': a title of the lexicon
    (`relayed_requests.titles`) before a capitalised name says nothing the graph holds, and its stop would end a
    sentence: it goes (a relayed requester's title was read before, by relayed.with_titled_requesters)."""
    titles = load("en").extra.get("relayed_requests", {}).get("titles", [])
    if not titles:
        return question
    pattern = re.compile(rf"(?<![\w.])(?i:{'|'.join(re.escape(t) for t in titles)})\.?\s+(?=[A-ZÀ-ÖØ-Þ])")
    return outside_quotes(question, lambda piece: pattern.sub("", piece))
