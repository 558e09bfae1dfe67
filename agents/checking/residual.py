"""The question as the parser reads it: lower case, mentions replaced by placeholders (zzpaper,
zzauthor, zzvenue, zzyear), sentence ends marked (zzstop), descriptors ("the paper", "the journal") and
hedges ("I'm not sure how to cite …") dropped."""

from __future__ import annotations

import re
from typing import Any
from functools import lru_cache

from hgrag.agents.planning.intent_thresholds import comparison_words
from hgrag.agents.understanding.lexicon import load

PLACEHOLDER = {"paper": "zzpaper", "author": "zzauthor", "venue": "zzvenue", "year": "zzyear"}
DESCRIPTORS = re.compile(
    r"\b(the )?(paper|article|publication|work|study|manuscript|record|entry|title|titled|entitled|called|named)\s+"
    r"(?=(titled |entitled |called |named )?zzpaper)|(?<!-)\b(the )?(author|researcher|professor|prof|dr|scholar|scientist)\.?\s+(?=zzauthor)|"
    r"\b(the )?(journal|conference|venue|proceedings( of)?|outlet|periodical|magazine|source)\s+(?=zzvenue)|"
    r"(?<=zzvenue) (journal|conference|venue|proceedings)\b|\b(the )?year\s+(?=zzyear)")
# hedges and citation-style talk are not part of what is asked: "I'm not sure how to cite X in my essay"
HEDGES = re.compile(r"\b(i 'm|i am|we 're|we are|i was|honestly) (still )?not (quite |really )?(sure|certain)\b|"
                    r"\bhow (do i|do we|to|should i|should we|can i|would i|do you) (properly |correctly )?"
                    r"(cite|reference)\b")
# "need the ORCID for A, can u look it up": a request for what was named, not a yes/no question
LOOK_IT_UP = re.compile(r"\s*,?\s*\b(can|could|would|will) (you|u|ya) (please |pls |plz )?(look (it|that|this|them) up|"
                        r"(find|get|fetch|dig up|pull up) (it|that|this|them)|check( it| that| this)?)( for me)?( please)?\s*\??\s*$")
QUESTION_END = re.compile(r"(?<=[?!])\s+(?=\S)")
FULL_STOP = re.compile(r"([\w\"'”)]+)\s*\.\s+(?=\S)")
# a full stop after these, an initial or a capitalised word ("U.S.", "W.") does not end a sentence
NOT_AN_END = frozenset("al vs etc eg ie no nr num approx fig vol pp dr prof mr ms mrs st jr sr cf resp ca incl excl".split())


def mark_sentence_ends(text: str) -> str:
    """'zzstop' between sentences: after '?' or '!', and after a full stop that follows a lower-case
    word or digit ("… in a lecture. year of …" is two sentences; "et al. in", "U.S. Rock" are not)."""
    def end(match: re.Match) -> str:
        word = match.group(1)
        bare = word.strip("\"'”)")
        if not re.search(r"[a-z0-9\"'”)]$", word) or len(bare) == 1 or bare.lower() in NOT_AN_END:
            return match.group(0)
        return f"{word} zzstop "
    return FULL_STOP.sub(end, QUESTION_END.sub(" zzstop ", text))


def residual_text(question: str, spans: list, years: list[int]) -> str:
    """Lower-cased question with mentions replaced by placeholders and descriptors dropped."""
    text = question
    for span in sorted(spans, key=lambda s: -s.start):
        if span.end > span.start:
            end = span.end + (1 if text[span.end:span.end + 1] == "." and text[span.end - 1:span.end].isalnum()
                              and _name_ends_in_a_stop(span) else 0)  # ('… Jr. predate', not '"T". Does')
            text = text[:span.start] + f" {PLACEHOLDER[span.type]} " + text[end:]
    for year in set(years):
        text = re.sub(rf"\b{year}\b", " zzyear ", text)
    joiner = (load("en").extra.get("year_range_joiners") or ["to"])[0]
    text = re.sub(r"zzyear\s*[-–—]\s*zzyear", f"zzyear {joiner} zzyear", text)  # '1999-2010' is a range
    text = re.sub(r"#\s*(?=[A-Za-z])", " number of ", text)  # "#pubs", "# papers"
    text = comparison_words(text)
    text = mark_sentence_ends(text)
    text = text.lower().replace("’", "'")
    text = re.sub(r"'s\b", " 's", text)
    text = re.sub(r"\s*[,;:—–]+\s*|\s+-\s+", " , ", text)
    text = re.sub(r"[^\w\s',-]", " ", text)
    text = re.sub(r"\s+", " ", text).strip()
    text = re.sub(r"\b(of|by|for|in|on|from|about) , (?=zz)", r"\1 ", text)  # "the authors of: <title>"
    text = HEDGES.sub(" ", LOOK_IT_UP.sub(" ", text))
    return without_descriptors(text)


def _name_ends_in_a_stop(span: Any) -> bool:
    """Does the name the span is linked to end in a full stop ('Anthony J. Yezzi Jr.'): the stop typed after the span
    is the name's, not a sentence end."""
    candidates = getattr(span, "candidates", None) or []
    return bool(candidates) and str(getattr(candidates[0], "label", "")).endswith(".")


def without_descriptors(text: str) -> str:
    """'the paper zzpaper' -> 'zzpaper': a descriptor before a mention only says what the mention is
    (applied again after typo correction: 'the paer zzpaper'); 'zzauthor on the author list' -> 'zzauthor': a
    phrase of the lexicon's `mention_restatements` after a mention restates its relation."""
    for _ in range(2):
        text = DESCRIPTORS.sub("", text)
    text = _held().sub(lambda m: f"{_held_reading()} {m.group(1)}", text)  # 'have zzauthor among their authors'
    text = _stand_in().sub(" paper ", text)  # 'the latest thing zzauthor has put out': a paper
    text = _appositive_role().sub(r"\g<lead> ", text)  # 'without co-author zzauthor': the mention alone
    text = _noun_after_title().sub("", text)  # ('zzpaper paper's year': the title said to be a paper)
    return re.sub(r"\s+", " ", _restatements().sub("", text)).strip()


@lru_cache(maxsize=1)
def _noun_after_title() -> re.Pattern:
    """A noun describing a paper (lexicon `citation_words.described_nouns`) right after a title: it says what the title is."""
    from hgrag.agents.understanding.cue_words import phrase_alternation

    nouns = load("en").extra.get("citation_words", {}).get("described_nouns", [])
    return re.compile(rf"(?<=zzpaper) (?:{phrase_alternation(nouns)})\b(?!-)")


@lru_cache(maxsize=1)
def _appositive_role() -> re.Pattern:
    """A role noun of the lexicon's `appositive_roles` between a leading word (an exclusion, 'with', 'and') and the
    author it names ('papers of A without co-author B'): it says what B is, not what is asked."""
    from hgrag.agents.understanding.cue_words import phrase_alternation

    spec = load("en").extra.get("appositive_roles", {})
    leads, nouns = phrase_alternation(spec.get("leads", [])), phrase_alternation(spec.get("nouns", []))
    the = phrase_alternation(load("en").concepts.get("function:the", []))
    return re.compile(rf"\b(?P<lead>{leads})\s+(?:(?:{the})\s+)?(?:{nouns})\s+(?=zzauthor\b)")


@lru_cache(maxsize=1)
def _stand_in() -> re.Pattern:
    """A stand-in for a work of the lexicon's `work_stand_ins` ('thing') right before an author who wrote or published
    it."""
    from hgrag.agents.understanding.cue_words import phrase_alternation

    lexicon = load("en")
    spec = lexicon.extra.get("work_stand_ins", {})
    nouns, links, aux = (phrase_alternation(spec.get(key, [])) for key in ("nouns", "links", "auxiliaries"))
    verbs = phrase_alternation(lexicon.concepts.get("relation:writes", []) + lexicon.concepts.get("relation:published", []))
    return re.compile(rf"\s\b(?:{nouns})\b\s(?=(?:(?:{links}) )?zzauthor (?:(?:{aux}) )?(?:{verbs})\b)")


def _held_reading() -> str:
    return load("en").extra.get("negated_relation", {}).get("held_reading", "")


@lru_cache(maxsize=1)
def _held() -> re.Pattern:
    """'have zzauthor among their authors': a holding verb of the lexicon's `negated_relation` before a restated
    author reads as the writing relation."""
    from hgrag.agents.understanding.cue_words import phrase_alternation

    holding = phrase_alternation(load("en").extra.get("negated_relation", {}).get("holding_verbs", []))
    restated = phrase_alternation(load("en").extra.get("mention_restatements", {}).get("author", []))
    return re.compile(rf"\b(?:{holding})\s+(zzauthor)\s+(?:{restated})\b")


@lru_cache(maxsize=1)
def _restatements() -> re.Pattern:
    from hgrag.agents.understanding.cue_words import phrase_alternation

    found = load("en").extra.get("mention_restatements", {})
    kinds = "|".join(PLACEHOLDER[kind] for kind in found if kind in PLACEHOLDER) or "(?!)"
    phrases = phrase_alternation([p for forms in found.values() for p in forms])
    return re.compile(rf"(?<=\b(?:{kinds})) (?:{phrases})\b")
