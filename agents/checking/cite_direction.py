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

from hgrag.agents.understanding.cue_words import phrase_alternation
from hgrag.agents.understanding.lexicon import load

P = "zzp"


def _words(name: str) -> list[str]:
    return load("en").extra.get("citation_words", {}).get(name, [])


def words_alternation(name: str) -> str:
    """The lexicon list `name` as a non-capturing alternation, longest first ('works cited' before 'works')."""
    return f"(?:{phrase_alternation(_words(name))})"


W = words_alternation  # a lexicon list of `citation_words` as an alternation
CITE_VERB = W("cite_verbs")
REF_LIST = W("reference_lists")
PAPER = rf"(?:(?:{W('determiners')} )?{W('paper_nouns')} )?"
CITING_NOUN = W("citing_nouns")
BUILD_ON = W("build_on_verbs")
ON = W("build_on_particles")  # 'build on', 'pick up on'
CITED = W("cited_participles")

IN_PATTERNS = (  # papers that cite P
    rf"\b{CITE_VERB} {PAPER}{P}\b(?! {W('containing_verbs')}\s*[?.!]?\s*$)",  # (not 'how many references P has')
    rf"\b{W('citing_participles')} {CITING_NOUN}(?: {W('about_prepositions')})?(?: , )?(?: {PAPER})?{P}\b",
    rf"\b{W('citers')} {PAPER}{P}\b",
    rf"\b{P} {W('be_forms')} (?:\w+ )?{CITED}\b",
    rf"\b{P} {CITED} by\b",
    rf"\b{W('question_auxiliaries')}(?: been)? {P}(?: been)? (?:\w+ )?{CITED}\b",  # 'is P cited
    rf"\b{P} {W('holding_prepositions')} {W('owners')} (?:own )?{REF_LIST}(?! {W('list_prepositions')}\b)",
    rf"\b{BUILD_ON} {ON} {PAPER}{P}\b",
    rf"\b{W('refer_verbs')} to {PAPER}{P}\b",
    rf"\b{P} 's (?:{W('citing_participles')} {CITING_NOUN}|{W('citer_nouns')})\b",
    # verb-last order: 'P paper by which papers cited?' (the asking phrase between P and a final passive)
    rf"\b{P} (?:{W('paper_nouns')} )?(?:\S+ ){{0,3}}{W('agent_prepositions')} {W('stranded_heads')} (?:\w+ ){{0,2}}"
    rf"{CITED}\s*[?.!]?\s*$",
)
OUT_PATTERNS = (  # papers P cites
    rf"\b{W('do_auxiliaries')} {P} (?:(?!been\b|being\b|ever been\b)\w+ )?{CITE_VERB}\b",
    rf"\b{P} (?:{W('hedges')} )?{W('cites_verbs')}\b(?! {W('count_nouns')}\b)",  # ('the stuff P actually cites'; not
    # 'P cite count': a compound noun)
    rf"\b{W('progressive_auxiliaries')} {P} (?:\w+ )?{W('citing_participles')}\b",  # 'is P citing'
    rf"\b{P} {W('progressive_auxiliaries')} (?:\w+ )?{W('citing_participles')}\b",  # 'P is citing how many'
    rf"\b{W('placing_participles')} {W('agent_prepositions')} {PAPER}{P}\b",
    rf"\b{REF_LIST} {W('list_prepositions')} {PAPER}{P}\b",
    rf"\b{P} 's {REF_LIST}",
    rf"\b{P} {REF_LIST}(?! {W('list_prepositions')}\b)",  # a compound: 'T reference list', 'T cited works'
    rf"\b{P} {W('refer_verbs')} to\b(?! {W('agent_prepositions')}\b)",  # 'the papers that P refers to' (not '… to by')
    rf"\b{P} (?:\w+ )?{BUILD_ON} {ON}\b",
    rf"\b{ON} (?:\w+ ){{1,3}}{W('do_auxiliaries')} {P} (?:\w+ )?{BUILD_ON}\b",  # 'on which works does P rely
    rf"\b{REF_LIST} {W('list_auxiliaries')} {P} {W('holding_verbs')}\b",
    rf"\b{W('reference_nouns')} {P} {W('containing_verbs')}\b",  # 'how many reference P have' (no do-support)
    rf"\b{P} (?:{W('paper_nouns')} )?(?:, )?{W('possessives')} {REF_LIST}",  # 'P paper, its reference count is …'
    rf"^{REF_LIST} {P}\b",  # a search-box fragment: 'reference list P'
    rf"\b{P} {W('holding_verbs')} (?:\w+ ){{0,3}}{REF_LIST}",
    # a relative clause without 'that': 'the papers P cited', 'the papers written, on the P cited' (German order)
    rf"\b{CITING_NOUN}(?: (?!{W('be_forms')}\b|{W('do_auxiliaries')}\b)\w+)?(?: ,)?(?: {W('about_prepositions')})?"
    rf"(?: {W('determiners')})? {P} {CITED}\b(?! by\b)",  # (not 'by which papers is P cited': a passive)
    # verb-last order: 'P paper how many papers cites?' (P is the subject of a final verb with no object)
    rf"\b{P} (?:{W('paper_nouns')} )?{W('stranded_heads')} (?:\w+ ){{0,2}}{W('cites_verbs')}\s*[?.!]?\s*$",
)


DESCRIBED = re.compile(rf"\b(?:{W('determiners')} )?{W('described_nouns')} (?:{W('naming_words')} )?(?={P}\b)")
PRONOUN = re.compile(rf"\b{W('paper_pronouns')}\b")
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
    found_in = any(re.search(p, _owned_subjects(text)) for p in IN_PATTERNS)
    found_out = any(re.search(p, text) for p in OUT_PATTERNS)
    if found_in == found_out:
        return None
    return "in" if found_in else "out"


OWNED_SUBJECT = re.compile(rf"\b((?:{REF_LIST} {W('list_prepositions')}|{W('placing_participles')} "
                           rf"{W('agent_prepositions')}) {PAPER}){P}\b"
                           rf"(?= {W('be_forms')} (?:\w+ )?{CITED}\b| {CITED} by\b)")


def _owned_subjects(text: str) -> str:
    """'the references of P are also cited by …', 'papers cited by P are cited by …': the passive is said of the
    references, not of P (P is hidden
    from the patterns of papers citing P)."""
    return OWNED_SUBJECT.sub(r"\1zzowner", text)


PASSIVE_MID = re.compile(  # "A <mid> B" where B cites A
    rf"^(?:{W('be_forms')} )?(?:\w+ )?{W('appearing_words')} (?:{W('hedges')} )?(?:as a {W('citation_roles')} )?"
    rf"(?:{W('agent_prepositions')}|from)(?: the)?(?: {W('agent_nouns')})?$|"
    rf"^(?:{W('appear_verbs')} )?(?:\w+ )?{W('among_phrases')} (?:the )?{REF_LIST} {W('list_prepositions')}$")
ACTIVE_MID = re.compile(  # "A <mid> B" where A cites B
    rf"^(?:(?:\w+ ){{0,2}}){CITE_VERB}(?: to)?$|"
    rf"^(?:\w+ )?{W('containing_verbs')} (?:{W('indefinites')} )?{W('citation_nouns')} (?:to|of)$|"
    rf"^(?:\w+ )?{BUILD_ON} {ON}$")
PRONOUN_CITES_MID = re.compile(rf"\b{W('pronoun_auxiliaries')} {W('citing_pronouns')} (?:{W('hedges')} )?"
                               rf"{W('pronoun_cite_verbs')}$")
AMONG_CITED_MID = re.compile(  # "is A among the works cited by B", "is A one of the papers referenced in B"
    rf"^(?:{W('appear_verbs')} )?(?:\w+ )?{W('among_phrases')} (?:the )?{CITING_NOUN} (?:{W('be_forms')} )?"
    rf"{W('placing_participles')} {W('agent_prepositions')}(?: the)?(?: {W('agent_nouns')})?$")
OWNED_LIST_BEFORE = re.compile(rf"\b{REF_LIST} {W('list_prepositions')} (?:the )?$")
OWNER_AFTER = re.compile(rf"^ 's {REF_LIST}")
HOLDS_AFTER = re.compile(rf"^ {W('holding_prepositions')} {W('owners')} {REF_LIST}")
APPEARS_IN = re.compile(rf"(?:\w+ )?(?:{W('appear_in_verbs')})? ?{W('holding_prepositions')}")
INCLUDES = re.compile(rf"(?:\w+ )?{W('include_verbs')}")
CITATION = W("single_citations")


def in_their_list(tokens: list, i: int) -> bool:
    """Tokens (agents/understanding/tokens.tag) with a reference list at `i` named after a holding preposition and an
    owner ('in their references', 'among its citations'): it says where a citation already read stands, no step."""
    return i >= 2 and tokens[i].text in _words("reference_lists") and tokens[i - 1].text in _words("owners") and \
        tokens[i - 2].text in _words("holding_prepositions")


def restates_citation(tokens: list, i: int) -> bool:
    """A citation word that only says how or where a citation already read stands: 'in their references', 'by citing
    one of their papers' (a means clause after the relation)."""
    means = i >= 1 and tokens[i - 1].text in _words("means_prepositions") and tokens[i].text in _words("citing_participles")
    return means or in_their_list(tokens, i)


def cited_again(tokens: list, i: int) -> bool:
    """'papers that have picked up T and cited it': a citation word after 'and' whose object is a pronoun for the
    paper already named (lexicon `citation_words.citing_pronouns`) says the same citation again."""
    pronouns = _words("citing_pronouns")
    return (tokens[i].concept or "") == "relation:cites" and i >= 1 and tokens[i - 1].concept == "function:and" \
        and i + 1 < len(tokens) and tokens[i + 1].text in pronouns \
        and all(t.family in ("function", "filler") for t in tokens[i + 2:])  # ('… and cited it', at the end)


def two_paper_roles(text: str, hole: str = "zzpaper") -> tuple[int, int] | None:
    """(citing, cited) as positions (0 = first named paper, 1 = second), or None when unclear."""
    text = _holes(text, hole)
    found = [m.start() for m in re.finditer(rf"\b{P}\b", text)]
    if len(found) != 2:
        return None
    mid = text[found[0] + len(P):found[1]].strip(" ,")
    after = text[found[1] + len(P):]
    if APPEARS_IN.fullmatch(mid) and OWNER_AFTER.match(after):
        return 1, 0  # "A appears in B's bibliography"
    if INCLUDES.fullmatch(mid) and HOLDS_AFTER.match(after):
        return 0, 1  # "does A include B in its references"
    if mid == "to" and re.search(rf"\b{CITATION} (?:\w+ )?from {P} to {P}\b", text):
        return 0, 1  # "a citation from A to B"
    if mid == "from" and re.search(rf"\b{CITATION} (?:\w+ )?to {P} from {P}\b", text):
        return 1, 0
    if mid == "zzarrow" and re.search(rf"\b{W('cite_stems')}", text):
        return 0, 1  # "cites? A -> B": the arrow goes from the citing paper to the cited one
    if PRONOUN_CITES_MID.search(mid):
        return 0, 1  # "I think A builds on earlier work. Does it cite B?": 'it' is A, the only paper named before
    if PASSIVE_MID.match(mid) or AMONG_CITED_MID.match(mid):
        return 1, 0
    if OWNED_LIST_BEFORE.search(text[:found[0]]) and INCLUDES.fullmatch(mid):
        return 0, 1  # "does the reference list of A include B"
    if ACTIVE_MID.match(mid):
        return 0, 1
    return None
