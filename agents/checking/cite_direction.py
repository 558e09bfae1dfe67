"""Which way a citation goes, read from the words around the named papers.

`one_paper_direction` reads a question about one named paper P: "in" when it asks for the papers
that cite P ("what cites P", "citing papers of P", "papers that include P in their reference lists",
"who built on P"), "out" when it asks for the papers P cites ("refs of P", "works cited inside P",
"what does P build on"), None when the wording says neither or both (then the question-plan check
does not verify a citation reading).

`two_paper_roles` reads a question about two named papers A and B (in that order): (0, 1) when A
cites B ("does A cite B", "does A contain a citation to B"), (1, 0) when B cites A ("is A among the
references of B", "is A cited by B", "does A appear in B's bibliography"), None when unclear.

The words are the lexicon's (`citation_words` in agents/lexicon/en.json); the word order is this module's.
Both read a lower-cased text in which each mention is a hole: 'zzpaper' (the parser's residual)
or 'zzm' / 'zzm<i>' (the check's residue); pass `hole` to say which token marks the papers.
"""

from __future__ import annotations

import re

from hgrag.agents.understanding.lexicon import load

P = "zzp"


def _words(name: str) -> list[str]:
    return load("en").extra.get("citation_words", {}).get(name, [])


def words_alternation(name: str) -> str:
    """The lexicon list `name` as a non-capturing alternation, longest first ('works cited' before 'works')."""
    return "(?:" + "|".join(re.escape(w) for w in sorted(_words(name), key=len, reverse=True)) + ")"


CITE_VERB = words_alternation("cite_verbs")
REF_LIST = words_alternation("reference_lists")
PAPER = rf"(?:(?:the |this |that )?{words_alternation('paper_nouns')} )?"
CITING_NOUN = words_alternation("citing_nouns")
BUILD_ON = words_alternation("build_on_verbs")
CITED = words_alternation("cited_participles")

IN_PATTERNS = (  # papers that cite P
    rf"\b{CITE_VERB} {PAPER}{P}\b",
    rf"\bciting {CITING_NOUN}(?: (?:of|for|to|on|about))?(?: , )?(?: {PAPER})?{P}\b",
    rf"\b{words_alternation('citers')} {PAPER}{P}\b",
    rf"\b{P} (?:has been|have been|had been|been|was|is|were|are|got|gets|get|being) (?:\w+ )?{CITED}\b",
    rf"\b{P} {CITED} by\b",
    rf"\b(?:is|was|were|are|has|have|had)(?: been)? {P}(?: been)? (?:\w+ )?{CITED}\b",  # 'is P cited
    rf"\b{P} (?:in|among|within|inside|on) (?:their|its|the|his|her) (?:own )?{REF_LIST}(?! (?:of|in|for|from)\b)",
    rf"\b{BUILD_ON} (?:up)?on {PAPER}{P}\b",
    rf"\b{words_alternation('refer_verbs')} to {PAPER}{P}\b",
    rf"\b{P} 's (?:citing {CITING_NOUN}|citers)\b",
)
OUT_PATTERNS = (  # papers P cites
    rf"\b(?:do|does|did|has|have|had) {P} (?:(?!been\b|being\b|ever been\b)\w+ )?{CITE_VERB}\b",
    rf"\b{P} {words_alternation('cites_verbs')}\b",
    rf"\b{words_alternation('placing_participles')} (?:by|in|inside|within) {PAPER}{P}\b",
    rf"\b{REF_LIST} (?:of|in|for|from|inside|within) {PAPER}{P}\b",
    rf"\b{P} 's {REF_LIST}",
    rf"\b{P} (?:\w+ )?{BUILD_ON} (?:up)?on\b",
    rf"\b{REF_LIST} (?:does|did|do) {P} {words_alternation('holding_verbs')}\b",
    rf"\b{P} {words_alternation('holding_verbs')} (?:\w+ ){{0,3}}{REF_LIST}",
)


DESCRIBED = re.compile(rf"\b(?:the |this |that )?{words_alternation('described_nouns')} "
                       rf"(?:titled |entitled |called |named )?(?={P}\b)")
PRONOUN = re.compile(rf"\b{words_alternation('paper_pronouns')}\b")
ARROW = re.compile(r"\s*(?:->|→|=>|⟶)\s*")


def _holes(text: str, hole: str) -> str:
    """Holes as 'zzp', descriptors before them dropped ("the paper zzp"), arrows as 'zzarrow'."""
    text = DESCRIBED.sub("", re.sub(rf"\b{hole}\d*\b", P, ARROW.sub(" zzarrow ", text)))
    return re.sub(r"\s+", " ", text)


def one_paper_direction(text: str, hole: str = "zzpaper") -> str | None:
    """'in' (papers citing the named paper), 'out' (papers it cites) or None (unclear or both)."""
    text = _holes(text, hole)
    text = re.sub(rf"\b(?:both |either )?(?:{P}(?: ,)? (?:and|or|as well as) zzx|zzx(?: ,)? (?:and|or|as well as) {P})\b", P, text)
    if len(re.findall(rf"\b{P}\b", text)) == 1:  # "P ... the list of works it cites": 'it' is P
        text = PRONOUN.sub(P, text)
    found_in = any(re.search(p, text) for p in IN_PATTERNS)
    found_out = any(re.search(p, text) for p in OUT_PATTERNS)
    if found_in == found_out:
        return None
    return "in" if found_in else "out"


PASSIVE_MID = re.compile(  # "A <mid> B" where B cites A
    rf"^(?:(?:is|was|were|are|has been|have been|had been|been|being|got|gets|get) )?(?:\w+ )?"
    rf"{words_alternation('appearing_words')} (?:as a (?:reference|citation) )?(?:by|in|inside|within|from)(?: the)?(?: paper| article| work)?$|"
    rf"^(?:(?:is|was|were|are|appears?|appeared|listed|included|found|present|show(?:s|ed|n)? up) )?(?:\w+ )?"
    rf"(?:among|in|within|inside|part of|one of|on) (?:the )?{REF_LIST} (?:of|in|for|from)$")
ACTIVE_MID = re.compile(  # "A <mid> B" where A cites B
    rf"^(?:(?:\w+ ){{0,2}}){CITE_VERB}(?: to)?$|"
    rf"^(?:\w+ )?{words_alternation('containing_verbs')} (?:a |any |an |one )?{words_alternation('citation_nouns')} (?:to|of)$|"
    rf"^(?:\w+ )?{BUILD_ON} (?:up)?on$")
PRONOUN_CITES_MID = re.compile(rf"\b(?:does|did|do|has|had) {words_alternation('citing_pronouns')} (?:ever |really |actually |also |in fact )?"
                               rf"{words_alternation('pronoun_cite_verbs')}$")
OWNER_AFTER = re.compile(rf"^ 's {REF_LIST}")
HOLDS_AFTER = re.compile(rf"^ (?:in|among|within) (?:its|their|the) {REF_LIST}")


def two_paper_roles(text: str, hole: str = "zzpaper") -> tuple[int, int] | None:
    """(citing, cited) as positions (0 = first named paper, 1 = second), or None when unclear."""
    text = _holes(text, hole)
    found = [m.start() for m in re.finditer(rf"\b{P}\b", text)]
    if len(found) != 2:
        return None
    mid = text[found[0] + len(P):found[1]].strip(" ,")
    after = text[found[1] + len(P):]
    if re.fullmatch(r"(?:\w+ )?(?:appear|appears|appeared|show up|shows up|listed|included|is|was|found)? ?"
                    r"(?:in|among|within|inside|on)", mid) and OWNER_AFTER.match(after):
        return 1, 0  # "A appears in B's bibliography"
    if re.fullmatch(r"(?:\w+ )?(?:include|includes|included|list|lists|listed|contain|contains|contained|have|"
                    r"has|had|name|names|named|mention|mentions)", mid) and HOLDS_AFTER.match(after):
        return 0, 1  # "does A include B in its references"
    if mid == "to" and re.search(rf"\bcitations? (?:\w+ )?from {P} to {P}\b", text):
        return 0, 1  # "a citation from A to B"
    if mid == "from" and re.search(rf"\bcitations? (?:\w+ )?to {P} from {P}\b", text):
        return 1, 0
    if mid == "zzarrow" and re.search(r"\bcit", text):
        return 0, 1  # "cites? A -> B": the arrow goes from the citing paper to the cited one
    if PRONOUN_CITES_MID.search(mid):
        return 0, 1  # "I think A builds on earlier work. Does it cite B?": 'it' is A, the only paper named before
    if PASSIVE_MID.match(mid):
        return 1, 0
    if ACTIVE_MID.match(mid):
        return 0, 1
    return None
