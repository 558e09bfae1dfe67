"""Whether a look-up hit is a mention or ordinary words of the question: the words that never name anything on
their own, how a lower-cased name or venue may be typed, and whether a name typed with initials fits the node's."""

from __future__ import annotations

import re
from typing import Any

from hgrag.agents.linking.title_align import EDGE_PUNCT
from hgrag.tools.text import name_tokens, norm_key

FUNCTION_WORDS = frozenset("""a an the of in on at to for by with from and or is are was were be been did do does
has have had who whom whose what which when where how""".split())
STOPWORDS = frozenset("""a an the of in on at to for by with from and or is are was were be been did do does
has have had who whom whose what which when where how many much list name give tell show me please
paper papers article articles author authors venue journal conference year published publish wrote
write written that this these those it its their his her all any some other than about as into""".split())
NAME_PARTICLES = frozenset("van von de der den da del della di du le la bin ibn al el dos das ter ten y".split())


def names_compatible(short: str, long: str) -> bool:
    """'Marvin Simon' ~ 'Marvin K. Simon'; 'M. Simon' ~ 'Marvin K. Simon'; 'Marvin S.' ~ 'Marvin K. Simon'."""
    a, b = name_tokens(short), name_tokens(long)
    if len(a) == 2 and len(a[-1]) == 1 < len(a[0]) and len(b) >= 2:
        return a[0] == b[0] and b[-1].startswith(a[-1])  # a given name and the surname's initial
    if len(a) < 2 or len(b) < 2 or a[-1] != b[-1]:
        return False
    return a[0] == b[0] or (len(a[0]) == 1 and b[0].startswith(a[0])) or (len(b[0]) == 1 and a[0].startswith(b[0]))


VENUE_CUES = frozenset("in at for journal venue proceedings conference".split())
VENUE_FOLLOWERS = frozenset("paper papers article articles".split())
GENERIC_VENUE_WORDS = frozenset("""journal journals conference conferences proceedings transactions letters review
bulletin source sources series magazine symposium workshop annual international meeting abstracts other or and of
the""".split())
MAX_LOWERCASE_VENUE_TOKENS = 16
LOWERCASE_INITIAL = re.compile(r"[a-z]\.(-[a-z]\.)?")


def _lowercase_initials(hit: Any, text: str, n_tokens: int) -> bool:
    """'a. b. watts', 'm. alrayaan': given names typed as initials with full stops, then a surname."""
    tokens = text.split()
    return (hit.node_type == "author" and hit.match == "initials" and 2 <= n_tokens <= 5
            and all(LOWERCASE_INITIAL.fullmatch(t) for t in tokens[:-1]) and len(tokens[-1]) > 1)


def _lowercase_entity(hit: Any, text: str, words: list[str], n_tokens: int, around: tuple[str, str]) -> bool:
    """A lower-cased full name or venue typed in a mixed-case question ("laibin zhang", "a. b. watts",
    "journal of computational physics", "in algorithmica", "tectonics papers"): exact forms or dotted
    initials only, with edges that are not function words; a one-word venue also needs a cue before
    it ("in", "for", "journal") or a following "papers"."""
    if _lowercase_initials(hit, text, n_tokens):
        return True
    if hit.match not in ("exact", "normalized", "name") or hit.node_type not in ("author", "venue"):
        return False
    if words[0] in FUNCTION_WORDS or words[-1] in FUNCTION_WORDS:
        return False
    if hit.node_type == "author":
        return 2 <= n_tokens <= 6 and words[0] not in STOPWORDS
    previous, following = around
    if all(w in GENERIC_VENUE_WORDS for w in words):  # "conference proceedings" describes a kind of venue
        return False
    return n_tokens <= MAX_LOWERCASE_VENUE_TOKENS and (n_tokens >= 2 or (
        (previous in VENUE_CUES or following in VENUE_FOLLOWERS) and words[0] not in STOPWORDS))


def plausible(hit: Any, text: str, n_tokens: int, lowercase: bool, at_start: bool,
               around: tuple[str, str] = ("", "")) -> bool:
    """Reject look-up hits that are probably ordinary words of the question."""
    words = norm_key(text).split()
    raw_tokens = text.replace(",", " ").split()
    if not words or all(w in STOPWORDS for w in words):
        return False
    capitalised = lowercase or any(t[:1].isupper() for t in raw_tokens)
    if not capitalised and hit.node_type != "paper":
        return _lowercase_entity(hit, text, words, n_tokens, around)
    if hit.node_type == "author":
        first_is_initial = bool(re.fullmatch(r"[A-Z]\.?(-[A-Z]\.?)?", raw_tokens[0])
                                or LOWERCASE_INITIAL.fullmatch(raw_tokens[0]))
        if raw_tokens[0].lower().strip(EDGE_PUNCT) in STOPWORDS and not first_is_initial:
            return False  # ('How-Lung Eng': a hyphenated given name is one word, not 'how')
        if not lowercase and re.fullmatch(r"[A-Z]", raw_tokens[0]) and all(t.islower() for t in raw_tokens[1:]):
            return False  # 'A grant panel asked me …': an article before ordinary words, no 'A. Grant'
        capitals = sum(t[:1].isupper() or t.lower() in NAME_PARTICLES for t in raw_tokens)
        name_like = raw_tokens[0][:1].isupper() and capitals * 2 >= len(raw_tokens)
        if n_tokens == 1:
            return _one_word_name(hit, raw_tokens[0])
        return 2 <= n_tokens <= 6 and capitalised and (name_like or lowercase)
    if words[0] in FUNCTION_WORDS and words[0] not in ("the", "a", "an", "on", "in", "of", "how", "what", "when", "why", "who"):
        return False
    if hit.node_type == "paper":
        return n_tokens >= 3 or (n_tokens >= 2 and capitalised and not at_start)
    if words[0] in STOPWORDS and n_tokens < 2:
        return False
    leads_listing = around[1] in VENUE_FOLLOWERS or bool(re.fullmatch(r"(1[89]|20)\d\d", around[1]))
    return capitalised and (n_tokens >= 2 or not at_start or leads_listing)  # "Fuel 2021 papers"


def _one_word_name(hit: Any, token: str) -> bool:
    """'Karmeshu', 'Luqi': an author known by one name links when typed with its capital exactly as the graph has it,
    and the word is neither English nor a word of the lexicon."""
    from hgrag.agents.linking.spelling import english_words
    from hgrag.agents.understanding.lexicon import load

    word = token.strip(EDGE_PUNCT)
    return hit.match == "exact" and word[:1].isupper() and len(norm_key(hit.label).split()) == 1 and \
        word.lower() not in english_words() and load("en").concept(word.lower()) is None


def initials_fit(hit: Any, text: str) -> bool:
    """An initials match ('M. K. Simon') must not hide extra words: every given-name token of the
    mention is an initial or a word of the node's name."""
    if hit.match not in ("initials", "name"):
        return True
    mention, label = name_tokens(text), set(name_tokens(hit.label))
    return names_compatible(text, hit.label) and all(len(t) == 1 or t in label for t in mention)
