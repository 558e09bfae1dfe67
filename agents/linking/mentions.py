"""Mention detection for the retrieval agent: quoted and unquoted titles, author names
(including "Surname, F." and possessive forms), venue names and years, linked through the
entity index by exact / normalised matching first and embedding similarity as a fallback."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from hgrag.agents.linking.name_typos import initial_keeping_rivals
from hgrag.agents.linking.mention_partners import promote_partners
from hgrag.agents.linking.plausible import (FUNCTION_WORDS, GENERIC_VENUE_WORDS, NAME_PARTICLES, STOPWORDS,  # noqa: F401
                                          VENUE_CUES, initials_fit, names_compatible, plausible)
from hgrag.agents.linking.title_align import EDGE_PUNCT, TOKEN, aligned_stretch as _aligned_stretch
from hgrag.agents.linking.name_context import (UNQUOTED_TYPE_PREFERENCE, VENUE_FIRST, contradicts, name_goes_on,
                                               name_typed_before)
from hgrag.tools.entity_keys import title_denotes, title_within
from hgrag.tools.label_prefixes import LabelPrefixes
from hgrag.tools.text import norm_key
from hgrag.agents.linking.title_stops import with_own_stop

QUOTE_FOLD = str.maketrans({"“": '"', "”": '"', "„": '"', "‟": '"', "″": '"', "«": '"', "»": '"',
                            "‘": "'", "’": "'", "‚": "'", "‛": "'", "′": "'", "`": "'"})
DOUBLE_QUOTED = re.compile(r'"([^"]{2,}?)"')
SINGLE_QUOTED = re.compile(r"(?<![\w])'(.{2,}?)'(?![\w])")
ELLIPSIS = re.compile(r"(\s*(\.\.\.|…))+\s*$")
YEAR = re.compile(r"\b(1[89]\d\d|20\d\d)\b")
# "venue=Fuel": a venue, author or year field and its value are two tokens ("title=…" stays one: its
# value is a title, never a venue or person named by its first word)
LONE_DASH = re.compile(r"^[-‐‑–—]+$")
COMPARISON_TOKEN = re.compile(r"^[<>=!≤≥]+$")  # "citations > 4": a symbol is never part of a name
MAX_SPAN_TOKENS = 40
NOT_A_NAME = frozenset(["et al", "and others", "others", "anonymous", "unknown", "surname", "surname et al"])
MIN_EMBEDDING_SCORE = 0.80
MIN_TOKEN_COVERAGE = 0.75


@dataclass
class Span:
    """A linked (or unresolved) mention: where it is, what it is, which nodes it may be."""

    start: int
    end: int
    text: str
    type: str
    candidates: list[Any] = field(default_factory=list)
    quoted: bool = False

    @property
    def strength(self) -> float:
        return self.candidates[0].score if self.candidates else 0.0

    def overlaps(self, other: "Span") -> bool:
        return self.start < other.end and other.start < self.end


CALL = re.compile(r"\b[a-z][a-z_]{3,}\(")


def fold_quotes(question: str) -> str:
    return fold_calls(question.translate(QUOTE_FOLD))


def fold_calls(text: str) -> str:
    """Function-call notation names its argument like quotes do: 'coauthors(A. Name)' and
    'first_author(Some title (with parentheses))' read as coauthors"A. Name" (same length, so span
    offsets stay valid). Only a lower-case word of four letters or more before the parenthesis and
    an argument of two words or more count (never 'Fe(III)' or 'f(x)'), and not keyword arguments."""
    chars = list(text)
    for match in CALL.finditer(text):
        opening, depth = match.end() - 1, 0
        for closing in range(opening, len(text)):
            depth += {"(": 1, ")": -1}.get(text[closing], 0)
            if depth == 0:
                break
        else:
            continue
        inner = text[opening + 1:closing]
        keyword_arguments = re.search(r"\b[a-z_]+\s*=", inner)  # 'coauthors(paper=T, author=A)': two arguments
        if len(inner.split()) >= 2 and '"' not in inner and not keyword_arguments:
            chars[opening] = chars[closing] = '"'
    return "".join(chars)


def content_tokens(text: str) -> list[str]:
    return [t for t in norm_key(text).split() if t not in STOPWORDS]


def token_coverage(title: str, text: str) -> float:
    """Share of the title's content words that occur in `text`."""
    wanted = content_tokens(title)
    if not wanted:
        return 0.0
    have = set(norm_key(text).split())
    return sum(t in have for t in wanted) / len(wanted)


class MentionDetector:
    """Finds entity mentions in a question with the entity index (no LLM)."""

    def __init__(self, index: Any, store: Any):
        self.index = index
        self.store = store
        self._prefixes: LabelPrefixes | None = None

    # -- public -----------------------------------------------------------
    def detect(self, question: str) -> tuple[list[Span], list[int], list[str]]:
        """Return linked spans, years, and texts of quoted mentions that could not be linked."""
        text = fold_quotes(question)
        quoted, unresolved = self._quoted_spans(text)
        unlinked = [m.span(1) for m in DOUBLE_QUOTED.finditer(text) if m.group(1).strip() in unresolved
                    and len(m.group(1).split()) >= 4]  # a title in double quotes that names no paper
        linkable = self._linkable_runs(text)  # every run of words that names something, looked up once
        wider = [s for s in _non_overlapping(linkable) if s.type == "paper"
                 and any(s.start < q.start and q.end - 1 <= s.end for q in quoted)]
        spans = [q for q in quoted if not any(w.overlaps(q) for w in wider)] + wider  # 'Correction to "X"'
        spans += self._truncated_unquoted(text, spans)
        spans += _non_overlapping([s for s in linkable if not any(s.overlaps(t) for t in spans)])
        spans.sort(key=lambda s: s.start)
        fuzzy = self._fuzzy_title(text, spans)  # also a second, altered title beside a linked one
        if fuzzy and fuzzy.end > fuzzy.start:  # a name or venue inside the altered title is part of it
            spans = [s for s in spans if not (s.start < fuzzy.end and fuzzy.start < s.end)] + [fuzzy]
        elif fuzzy and not any(s.type == "paper" for s in spans):
            spans.append(fuzzy)
        spans = [s for s in spans if not any(a <= s.start and s.end <= b and s.end - s.start < 0.9 * (b - a)
                                             for a, b in unlinked)]  # not a shorter title found inside it
        years = [int(m.group(1)) for m in YEAR.finditer(text)
                 if not any(s.start <= m.start() < s.end for s in spans)]
        promote_partners(spans, self.store)
        spans = [with_own_stop(text, s) for s in spans]
        return sorted(spans, key=lambda s: s.start), years, _outside_spans(unresolved, spans)

    # -- quoted -----------------------------------------------------------
    def _quoted_spans(self, text: str) -> tuple[list[Span], list[str]]:
        spans, unresolved = [], []
        for pattern in (DOUBLE_QUOTED, SINGLE_QUOTED):
            for match in pattern.finditer(text):
                if any(s.start <= match.start() < s.end for s in spans):
                    continue
                inner = match.group(1).strip()
                span = self._link_quoted(inner, match.start(), match.end())
                if span is not None:
                    spans.append(span)
                elif len(inner.split()) >= 2 and norm_key(ELLIPSIS.sub("", inner)) not in NOT_A_NAME:
                    unresolved.append(inner)  # ('only lists "et al."': a citation convention, no name)
        return spans, unresolved

    def _link_quoted(self, inner: str, start: int, end: int) -> Span | None:
        truncated = bool(ELLIPSIS.search(inner))
        core = ELLIPSIS.sub("", inner)
        if norm_key(core) in NOT_A_NAME:
            return None
        hits = self.index.lookup(core)
        if not hits and truncated:
            hits = self._title_prefix(core)
        hits = hits or self._fuzzy_candidates(core, core)
        if not hits:
            return None
        best_type = _preferred_type(hits)
        chosen = [h for h in hits if h.node_type == best_type]
        return Span(start, end, inner, best_type, chosen, quoted=True)

    def _title_prefix(self, prefix: str) -> list[Any]:
        """Titles that start with a truncated quotation ("On the difference of two…")."""
        key = norm_key(prefix)
        if len(key.split()) < 3:
            return []
        found = self._label_prefixes().titles_starting(key, 5)
        return [c for node in found for c in self.index.lookup(self.store.label(node), "paper")
                if c.node_id == node][:5]

    def _truncated_unquoted(self, text: str, taken: list[Span]) -> list[Span]:
        """An unquoted title cut short with '…' or '...': the longest run of words before the
        ellipsis that begins exactly one title (or a handful sharing that beginning)."""
        found = []
        for ellipsis in re.finditer(r"\s*(\.\.\.|…)", text):
            end = ellipsis.start()
            if any(t.start <= end < t.end for t in taken):
                continue
            starts = [m.start() for m in TOKEN.finditer(text[:end])][-MAX_SPAN_TOKENS:]
            for start in starts:  # earliest start first = longest prefix
                hits = self._title_prefix(text[start:end])
                if hits and len({h.node_id for h in hits}) <= 3:
                    found.append(Span(start, ellipsis.end(), text[start:ellipsis.end()], "paper", hits))
                    break
        return found

    def _label_prefixes(self) -> LabelPrefixes:
        if self._prefixes is None:
            self._prefixes = LabelPrefixes.of(self.index, self.store)
        return self._prefixes

    # -- unquoted ---------------------------------------------------------
    def _linkable_runs(self, text: str) -> list[Span]:
        """Every run of up to MAX_SPAN_TOKENS words that links as written (overlaps included)."""
        tokens = [(m.start(), m.end(), m.group()) for m in TOKEN.finditer(text)]
        words = [t[2].lower().strip(EDGE_PUNCT + "=<>!") for t in tokens]  # "venue = x", "venue=x": the cue is "venue"
        lowercase_question = text == text.lower()
        found: list[Span] = []
        prefixes = self._label_prefixes()
        for i in range(len(tokens)):
            before = next((w for w in reversed(words[:i]) if w), "")
            for j in range(i, min(len(tokens), i + MAX_SPAN_TOKENS)):
                if j - i > prefixes.longest_name_words and \
                        not prefixes.begins_a_label(text[tokens[i][0]:tokens[j - 1][1]]):
                    break  # too long for a name, and no title or venue begins with these words
                around = (before, next((w for w in words[j + 1:] if w), ""))
                span = self._link_unquoted(text, tokens[i:j + 1], lowercase_question, i == 0, around)
                if span:
                    found.append(span)
        return found

    def _link_unquoted(self, text: str, tokens: list, lowercase: bool, at_start: bool,
                       around: tuple[str, str] = ("", "")) -> Span | None:
        if any(COMPARISON_TOKEN.match(tokens[k][2]) or LONE_DASH.match(tokens[k][2]) or
               not re.search(r"\w", tokens[k][2]) and tokens[k][2].strip(EDGE_PUNCT) for k in (0, -1)):
            return None  # (a symbol or a lone dash never ends a name: 'A and B - have they …', 'A: # co-auths')
        start, end = tokens[0][0], tokens[-1][1]
        raw = text[start:end]
        stripped = raw.strip(EDGE_PUNCT)
        if not stripped:
            return None
        start += raw.index(stripped[0])
        variants = [stripped]
        if stripped.endswith("'s"):
            variants.append(stripped[:-2])
        found = []
        before = name_typed_before(text, start, lambda: self._label_prefixes().given_names, STOPWORDS)
        for variant in variants:
            if norm_key(variant) in NOT_A_NAME:  # "et al." is a citation convention, not a person
                continue
            hits = [h for h in self.index.lookup(variant) if initials_fit(h, variant)
                    and not (before and contradicts(h, f"{before} {variant}")) and not name_goes_on(text, variant, start + len(variant))]
            fitting = [h for h in hits if plausible(h, variant, len(tokens), lowercase, at_start, around)]
            if fitting:  # the span reads as an entity; every look-up hit of that type is a candidate
                kind = _preferred_type(fitting, VENUE_FIRST if around[0] in VENUE_CUES else UNQUOTED_TYPE_PREFERENCE)
                chosen = [h for h in hits if h.node_type == kind]
                chosen += initial_keeping_rivals(self.index, variant, chosen) if kind == "author" else []
                found.append(Span(start, start + len(variant), variant, kind, chosen))
        # "Fathy, A.'s": the possessive-free form matches 'A. Fathy' by name, better than any initials
        return max(found, key=lambda span: span.strength) if found else None

    # -- fuzzy fallback -----------------------------------------------------
    def _fuzzy_candidates(self, text: str, context: str) -> list[Any]:
        """Embedding neighbours of `text`, kept only when they share most of its words and are nearly
        the same string (an embedding neighbour of an absent title is another paper)."""
        if len(content_tokens(text)) < 2:
            return []
        hits = self.index.search(text, "paper", k=5)
        hits = [h for h in hits if h.match == "embedding" or h.score >= 1.0]
        return [h for h in hits if h.score >= MIN_EMBEDDING_SCORE and title_denotes(text, h.label)
                and token_coverage(h.label, context) >= MIN_TOKEN_COVERAGE][:3]

    def _fuzzy_title(self, text: str, spans: list[Span]) -> Span | None:
        """An unquoted, slightly altered title: nearest titles to the whole question, verified lexically. A title
        with a venue's or person's name inside ('A parallel computing approach to …', misspelt) is looked for
        in the whole question too, and kept only where it stands in the question as written."""
        residue = text
        for s in sorted(spans, key=lambda s: -s.start):
            residue = residue[:s.start] + " " + residue[s.end:]
        hits = self._near_titles(residue)
        if not hits and spans and _unread_words(residue) >= 3:  # (title words left over, else no second search)
            hits, residue = self._near_titles(text), text
            if hits and not _reaches_past_spans(text, max(hits, key=lambda h: h.score).label, spans):
                return None
        if not hits:
            return None
        return self._fuzzy_span(text, spans, hits, residue)

    def _near_titles(self, residue: str) -> list[Any]:
        if len(content_tokens(residue)) < 4:
            return []
        return [h for h in self.index.search(residue, "paper", k=8)
                if len(content_tokens(h.label)) >= 3 and token_coverage(h.label, residue) >= MIN_TOKEN_COVERAGE
                and title_within(residue, h.label)]

    @staticmethod
    def _fuzzy_span(text: str, spans: list[Span], hits: list[Any], residue: str) -> Span:
        best = max(hits, key=lambda h: (token_coverage(h.label, residue), h.score))
        same = [h for h in hits if norm_key(h.label) == norm_key(best.label)]
        start, end = _aligned_stretch(text, best.label, spans)
        if end > start:  # the altered title as written, so the rest of the question reads without it
            return Span(start, end, text[start:end], "paper", same)
        return Span(len(text), len(text), best.label, "paper", same)


def _unread_words(text: str) -> int:
    """How many content words of `text` the lexicon does not read (a title's leftover words, typos)."""
    from hgrag.agents.understanding.lexicon import load

    lexicon = load("en")
    return sum(1 for word in content_tokens(text) if lexicon.concept(word) is None)


def _reaches_past_spans(text: str, label: str, spans: list[Span]) -> bool:
    """An altered title found over other mentions stands where it is written and holds at least three content
    words outside them ('A parallel computing approach to …' around the venue 'Parallel Computing'); a title that
    only repeats a linked venue's name ('Advanced Engineering Informatics') does not."""
    start, end = _aligned_stretch(text, label, spans)
    if end <= start or any(s.start < end and start < s.end and not (start <= s.start and s.end <= end) for s in spans):
        return False  # not where it is written, or cutting through another mention
    outside = text[start:end]
    for span in sorted((s for s in spans if start <= s.start and s.end <= end), key=lambda s: -s.start):
        outside = outside[:span.start - start] + " " + outside[span.end - start:]
    return len(content_tokens(outside)) >= 3


TYPE_PREFERENCE = {"paper": 0, "author": 1, "venue": 2}


def _preferred_type(hits: list[Any], preference: dict[str, int] = TYPE_PREFERENCE) -> str:
    best = max(h.score for h in hits)
    top = [h for h in hits if h.score >= best - 1e-9]
    return min(top, key=lambda h: preference.get(h.node_type, 9)).node_type


def _outside_spans(texts: list[str], spans: list[Span]) -> list[str]:
    """Unlinked quotations that are part of a linked mention (a title quoting a phrase) or contain one
    (a stray apostrophe opening a 'quotation' around a title) are not separate entities."""
    linked = [norm_key(s.text) for s in spans if norm_key(s.text)]
    return [t for t in texts if not any(norm_key(t) in key or key in norm_key(t) for key in linked)]


def _non_overlapping(spans: list[Span]) -> list[Span]:
    """Greedy: longest, strongest spans first."""
    chosen: list[Span] = []
    for span in sorted(spans, key=lambda s: (-(s.end - s.start), -s.strength, s.start)):
        if not any(span.overlaps(c) for c in chosen):
            chosen.append(span)
    return chosen
