"""Intent of a question from its structure, once entity mentions are replaced by placeholders.

The parser reads the question's *focus* (the words after its wh-word, "how many" or imperative
verb) for what is asked, then modifiers (superlatives, author position, year ranges, yes/no form).
It works on word classes (synonym sets), not on sentence templates, so unseen phrasings of the
same intent land on the same frame.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field


from hgrag.agents.checking.cite_direction import one_paper_direction
from hgrag.agents.planning.composition_count import all_their_works, asks_span
from hgrag.agents.planning.intent_thresholds import date_verb, thresholded, where_condition
from hgrag.agents.planning.verb_places import names_publishing, role_of_the_named, verb_after_subject
from hgrag.agents.understanding.cue_words import (bound_by, bounds_after, byline_places, count_alternation, graph_scoped,
                                                  superlative_pattern,
                                                  inverted_after_topic, lists_things, names_papers,
                                                  opens_yes_no, year_range)
from hgrag.agents.planning.focus_nouns import NOUNS  # (the focus nouns, the lexicon's kind nouns among them)
from hgrag.agents.planning.unknown_attributes import unsupported_attribute

TRIGGERS = frozenset("how which what who whom whose when where list name give find show tell identify enumerate "
                     "provide report return state display".split())
DIRECT_WH = {"who": "author", "whom": "author", "whose": "author", "when": "year", "where": "venue"}
FOCUS_WINDOW = 7

COUNT = re.compile(count_alternation() + r"|\bhow many\b|\bhow often\b|\bsize of\b|\bhow (long|big|large) is\b|\bnumber of\b|\bcount\b|\bhow much\b|\btotal\b|\btally\b|\bamount of\b|\bquantity\b")
YES_NO_START = re.compile(r"^(did|do|does|has|have|had|is|are|was|were|can|could|would|will)\b")
YES_NO_MARK = re.compile(r"\b(whether|is it true|true or false|yes or no|yes no|y n|or not)\b|\bif zz")
CITE = re.compile(r"\bcit(e|ed|ation|ations|es|ing)\b|\bcitation count\b|\binfluential\b|\bimpactful\b|\breferenced\b")
POSITION = [
    (re.compile(r"\b(first|lead|leading|primary|principal|main)[- ](named )?(author|writer|authored)\b|\bfirst[- ]listed author\b|"
                r"\b(listed|named|appears?|appearing|comes?|placed|positioned) (as )?first\b|\bfirst in the author|"
                r"\b(heads?|heading|tops?|topping|leads?|leading|top of|head of|at the top of|at the head of) "
                r"(the )?(author list|list of authors|byline|authors)\b"), 1),
    (re.compile(r"\b(last|senior|final)[- ](named )?(author|writer|authored)\b|\blast[- ]listed author\b|"
                r"\b(listed|named|appears?|appearing|comes?|placed|positioned) (as )?(last|at the end)\b|\blast in the author"), -1),
]
MAX_SUPERLATIVE = superlative_pattern()
MAJORITY = re.compile(r"\b(most of|mostly|for the most part)\b")  # a share of the papers, in a context sentence
MIN_SUPERLATIVE = re.compile(r"\b(least|fewest|lowest|minimum|smallest|rarest)\b")
EARLY = re.compile(r"\b(earliest|first|oldest|debut|initial|began|begin|begins|beginning|start|starts|started|"
                   r"starting|commenced|commence|commences)\b|"
                   r"\bsince (which|what) year\b|\bsince when\b")
LATE = re.compile(r"\b(latest|newest|most recent|last|final|youngest)\b")
VIA_AUTHORS = re.compile(
    r"\b((co-?)?authors?|writers?|researchers?|people|persons|team|contributors?|zzpos|scientists?|scholars?)\b"
    r"( (of|behind|on|for|from|responsible for|involved in|listed on|that (wrote|authored)|who (wrote|authored|penned|published)))"
    r"( the)? zzpaper|zzpaper 's ((co-?)?authors?|writers?|team|contributors?|zzpos)|"
    r"\b(its|their) ((co-?)?authors?|writers?|team|contributors?|zzpos)\b|\bauthor (list|team|byline) (of|behind|on) zzpaper|"
    r"\bzzpaper ((co-?)?authors?|writers?|team|contributors?)\b|"
    r"\bwho(ever)? (wrote|authored|penned|co-?wrote|published) zzpaper|\bsame (authors?|people|team)\b")
OTHERS = re.compile(r"\b(other|others|else|besides|apart from|aside from|excluding|except|additional|another|remaining|rest|"
                    r"beyond|in addition to|not counting)\b")
CITES_EDGE = re.compile(r"\b(cite|cites|citing|cited by|reference|references|referencing)\b|\b(have|has|had|that|which) "
                        r"(been )?cited\b")
BETWEEN = re.compile(r"\bbetween zzyear and zzyear\b|\bfrom zzyear (to|until|till|through) zzyear\b|\bzzyear\s*[-–]\s*zzyear\b")
SINCE = re.compile(r"\b(since|after|starting in|starting from|onwards from|later than)\s+zzyear\b|"
                   r"\bzzyear (onwards|or later|and later|on)\b|\bfrom zzyear (on|onwards)\b")
BEFORE = re.compile(r"\b(before|until|prior to|up to|by)\s+zzyear\b|\bzzyear or earlier\b")


@dataclass
class Frame:
    """What the question asks, independent of how it is worded."""

    target: str = "paper"  # author|paper|venue|year|citations|doi|orcid|issn|language|type
    operation: str = "list"  # list|count|argmax|argmin|attribute|yes_no|sum
    rank_by: str | None = None  # frequency|cited_by_count|year (argmax/argmin)
    position: int | None = None
    answer_placed: bool = False  # "the last authors of A's papers": the place is the answer's, not A's
    via_authors: bool = False
    cites: str | None = None  # in|out: a citation hop between papers
    year_from: int | None = None
    year_to: int | None = None
    explicit_target: bool = False
    others_only: bool = False  # "other papers", "besides", "apart from": leave the anchors out
    notes: list[str] = field(default_factory=list)


ASKS = re.compile(r"\b(who|whom|whose|what|which|when|where|how)\b|^(list|name|give|show|tell|find|return|count|"
                  r"identify|report|please)\b")
PAPER_PRONOUN = re.compile(r"\b(it|this paper|that paper|this article|that article|this work|the paper)\b")


def asked_first(text: str) -> tuple[str, str]:
    """(text with the asking sentence first, the asking sentence): in "My grandson wrote 'X'. How many
    times has it been cited?" the last sentence that asks carries the focus; the others are context,
    and 'it' there refers to the paper they name."""
    sentences = [s.strip(" ,") for s in text.split("zzstop") if s.strip(" ,")]
    if len(sentences) < 2:
        return text.replace("zzstop", ","), text.replace("zzstop", ",")
    asking = [s for s in sentences if ASKS.search(s) or YES_NO_START.search(s)]
    if not asking:
        joined = " , ".join(sentences)
        return joined, joined
    asked = asking[-1]
    context = " , ".join(s for s in sentences if s is not asked)
    if "zzpaper" not in asked and context.count("zzpaper") == 1:
        asked = PAPER_PRONOUN.sub("zzpaper", asked, count=1)
    return f"{asked} , {context}", asked


def _position(text: str) -> tuple[int | None, str]:
    for pattern, position in POSITION + byline_places():
        if pattern.search(text):
            return position, pattern.sub("zzpos", text)
    return None, text


def _noun_class(word: str) -> str | None:
    word = word.strip("'-")
    for kind, words in NOUNS.items():
        if word in words:
            return kind
    return None


def focus_target(text: str) -> tuple[str | None, bool]:
    """The asked-for kind from the words after the first trigger; (kind, found_in_focus)."""
    words = text.split()
    for i, word in enumerate(words):
        if word not in TRIGGERS and not (i == 0 and word == "count"):
            continue
        if word in DIRECT_WH:
            if _whose_paper(words, i) or (word == "where" and where_condition(words, i)):
                continue
            return DIRECT_WH[word], True
        if word in ("which", "whom") and _relative_clause(words, i):  # "venues in which papers appeared"
            continue
        window = words[i + 1:i + 1 + FOCUS_WINDOW]
        for j, later in enumerate(window):
            if later == "zzpos" or later in ("who", "whom"):
                return "author", True
            if later.startswith("zz"):
                after = window[j + 1] if j + 1 < len(window) else ""
                if _noun_class(after) and not verb_after_subject(words, i + 2 + j):
                    continue  # "how many <venue> papers": the mention modifies the noun ("what did A co-author": a verb)
                break
            if later in ("one", "ones") and j == 0:  # "which one" refers back to a noun before it
                earlier = [_noun_class(w) for w in words[:i] if _noun_class(w)]
                if earlier:
                    return earlier[-1], True
            kind = _noun_class(later)
            if kind and j + 1 < len(window) and window[j + 1] == "'s":  # "which of this researcher 's papers"
                continue
            if kind:
                return _compound_head(window, j, kind), True
    nouns = [(j, _noun_class(w)) for j, w in enumerate(words) if w == "zzpos" or _noun_class(w)]
    nouns = [(j, kind) for j, kind in nouns if not thresholded(words, j)]  # "authors > 6" is a condition
    nouns = [(j, kind) for j, kind in nouns if not (words[j] == "zzpos" and j + 1 < len(words)
                                                     and _noun_class(words[j + 1]))]  # "first-author papers"
    nouns = [(j, kind) for j, kind in nouns if not verb_after_subject(words, j)]  # "what did A co-author?"
    heads = [(j, kind) for j, kind in nouns if not _modifies_mention(words, j)] or nouns
    for j, kind in heads[:1]:  # no trigger word: the first noun that is not "<noun> of <mention>"
        return ("author" if words[j] == "zzpos" else _compound_head(words, j, kind)), False
    return None, False


def _relative_clause(words: list[str], i: int) -> bool:
    """'which' after a preposition that follows a noun ("the venues in which …") starts a relative clause."""
    return i >= 2 and words[i - 1] in ("in", "on", "at", "for", "of", "by", "from", "with") and \
        _noun_class(words[i - 2]) is not None


def _modifies_mention(words: list[str], j: int) -> bool:
    """'authors of zzpaper' in a keyword query names whose venues/papers are wanted, not the answer."""
    possessive = j + 3 < len(words) and words[j + 3] == "'s"  # "year of zzauthor 's first paper": year is the head
    ranked = j > 0 and words[j - 1] in ("top", "leading", "prolific", "biggest", "main")  # "top author of zzvenue"
    return j + 2 < len(words) and words[j + 1] == "of" and words[j + 2].startswith("zz") and not possessive \
        and not ranked


def _compound_head(window: list[str], j: int, kind: str) -> str:
    """'publication year' -> year, 'citation count' -> citations: the last noun of a compound wins."""
    while j + 1 < len(window) and _noun_class(window[j + 1]) and not date_verb(window, j + 1):
        j += 1
        kind = _noun_class(window[j]) or kind
    return kind


def _whose_paper(words: list[str], i: int) -> bool:
    """'When/where/who' used as a relative pronoun ("the person who…", "papers where…"), not the focus."""
    after = [w for w in words[i + 1:i + 3] if w != "the"][:1]  # "papers by A where citations = 0": a condition
    filter_clause = words[i] == "where" and re.match(r"(publication )?(year|years|citations?|citation count)\b",
                                                     " ".join(words[i + 1:i + 3]))
    return i > 0 and (_noun_class(words[i - 1]) is not None or words[i - 1] in ("one", "those", "anyone")
                      or bool(after) and _noun_class(after[0]) in ("citations", "year") or bool(filter_clause))


def _superlative(text: str) -> tuple[str | None, str | None]:
    """(argmax|argmin, basis) from superlatives and ordinal words."""
    cited = bool(CITE.search(text))
    if MIN_SUPERLATIVE.search(text):
        return "argmin", "cited_by_count" if cited else "frequency"
    text_wo_most_recent = re.sub(r"\bmost recent(ly)?\b", "latest", text)
    if LATE.search(text_wo_most_recent) and not re.search(r"\blast zzpos\b", text):
        return "argmax", "year"
    if MAX_SUPERLATIVE.search(text_wo_most_recent):
        return "argmax", "cited_by_count" if cited else "frequency"
    if EARLY.search(text):
        return "argmin", "year"
    return None, None


def _years(text: str, years: list[int], frame: Frame) -> None:
    ordered = sorted(years)
    if len(ordered) >= 2 and (BETWEEN.search(text) or year_range(text)):
        frame.year_from, frame.year_to = ordered[0], ordered[-1]
    elif ordered and (SINCE.search(text) or bound_by("time:after", text) or bounds_after("time:after", text)):
        frame.year_from = ordered[0]
    elif ordered and (BEFORE.search(text) or bound_by("time:before", text) or bounds_after("time:before", text)):
        frame.year_to = ordered[0]



POLITE = re.compile(r"^(please )?((can|could|would|will) you( please)?( kindly)? \w+( up| out)?( me| us| for me)?|(do|would) you (happen to )?(have|know|recall|remember)( handy)?|have you got|any idea|i('d| would) like to (know|find out|learn)|"
                    r"i (want|need|wonder|wondered)( to know)?|tell me|please tell me)\b")


INTERJECTION = re.compile(r"^((hey|hi|hello|ok|okay|so|well|quick one|quick question|question|one more thing|"
                          r"just curious|curious|out of curiosity)\b\s*)+")


def _lead_stripped(clause: str) -> str:
    """A clause without its lead-in, in either order ('so can you give me …', 'can you, ok, …')."""
    return INTERJECTION.sub("", POLITE.sub("", INTERJECTION.sub("", clause.strip()))).strip()


def is_yes_no(text: str) -> bool:
    """Questions that start (in any clause) with an auxiliary and ask no wh-question."""
    clauses = [_lead_stripped(c) for c in text.split(",")]
    flat = " ".join(clauses)
    if YES_NO_MARK.search(flat):
        return True
    wh = any(not _relative_pronoun(flat, m.start()) for m in
             re.finditer(r"\b(who|whom|whose|what|which|when|where|how)\b", flat)) or any(
        re.match(r"(list|name|give|show|tell|find)\b", c) for c in clauses)
    return not wh and (any(YES_NO_START.search(c) or opens_yes_no(c) for c in clauses) or inverted_after_topic(flat))


def _relative_pronoun(text: str, start: int) -> bool:
    """'Is V one of the venues in which A has published?', 'Is A one of the authors who wrote T?': a wh-word right
    after a noun of the lexicon (or after such a noun and a preposition) opens a relative clause and asks nothing."""
    words = text[:start].split()
    from hgrag.agents.understanding.lexicon import load

    indefinite = load("en").extra.get("code_words", {}).get("indefinite_pronouns", [])
    never = tuple(load("en").extra.get("code_words", {}).get("wh_never_relative", []))
    roles = load("en").extra.get("code_words", {}).get("role_markers", [])
    if words and words[-1] in indefinite and len(words) > 1 and words[-2] in roles:
        return True  # ('… not merely as someone whose work it mentions': a role, no question)
    if text[start:].startswith(never) or not words or words[-1] in indefinite:
        return False  # ('Is there anyone who …? If so, name them': the people are asked)
    return _noun_class(words[-1].strip(",;:")) is not None or \
        _relative_clause(words + [text[start:].split()[0]], len(words))



MOST_NUMBER = re.compile(r"\b(the )?(largest|highest|greatest|biggest|most|maximum|max|top|leading) "
                         r"(number|count|amount|quantity|total|share) of\b")
FEWEST_NUMBER = re.compile(r"\b(the )?(smallest|lowest|least|fewest|minimum|min) (number|count|amount) of\b")
TYPE_VALUES = re.compile(r"\b(an? )?(article|book chapter|book-chapter|chapter|preprint|dissertation|thesis|review|"
                         r"book|report|dataset|editorial|letter|erratum)\b.*\bor\b")


COUNTED_NOUN = re.compile(r"(?:([\w'-]+) )?\b(?:number|count|total|tally|amount) of (?:(?:the|their|its|his|her|all|"
                          r"distinct|different|unique|separate) )*([\w'-]+)")
RANK_BASIS = re.compile(r"\b(by|in terms of|measured by|based on|according to|judged by|ranked by) (the )?"
                        r"((number|count|amount|total|quantity) of\b|(?P<noun>citation|citations|paper|papers|"
                        r"publication|publications) (count|number|total|tally)\b)")
PAPER_COUNT_SUPERLATIVE = re.compile(r"\b(highest|largest|greatest|biggest|top|maximum|max|most) (paper|papers|"
                                     r"publication|publications|article|articles) (count|number|total|tally)\b")
EARLIEST_YEAR = re.compile(r"\b(minimum|min|lowest|smallest)( publication)? (year|date)\b")
LATEST_YEAR = re.compile(r"\b(maximum|max|highest|largest)( publication)? (year|date)\b")
PROLIFIC = re.compile(r"\bhow (prolific|productive)\b")
OUTPUT = re.compile(r"\b(publication|research|scientific) output\b")
SUPERLATIVE_COUNT = re.compile(r"\b(highest|largest|greatest|biggest|top|maximum|most|best) (citation|citations|cite) "
                               r"(count|number|total|tally)\b")
AT_LEAST = re.compile(r"\bat (least|most)\b")


DESCRIBE = re.compile(r"\b(about|describe|description|summary|summarise|summarize|overview|details|info|"
                      r"information|profile|who is|what is)\b")
def _normalise(text: str) -> str:
    """Canonical wordings for the rules below ("at least" dropped, "how prolific" -> "how many papers", ...)."""
    text = AT_LEAST.sub(" ", text)
    text = re.sub(r"\b(what|who|which ones?|everything that|anything that|whatever|all that) (cites|cite|references|"
                  r"has cited|have cited|cited|has referenced|have referenced|referenced)\b", r"which papers that \2", text)
    text = re.sub(r"\b(what|which ones?) (is|are|was|were|gets|get|got|has been|have been) (cited|referenced)\b",
                  r"which papers \2 \3", text)  # "what is cited in P"
    text = re.sub(r"\bdigital object identifiers?\b", "doi", text)
    text = SUPERLATIVE_COUNT.sub("most cited", text)
    text = PAPER_COUNT_SUPERLATIVE.sub("most papers", text)
    text = EARLIEST_YEAR.sub("earliest year", LATEST_YEAR.sub("latest year", text))
    text = FEWEST_NUMBER.sub("fewest", MOST_NUMBER.sub("most", text))
    text = PROLIFIC.sub("how many papers", text)
    ranking = bool(MAX_SUPERLATIVE.search(text) or MIN_SUPERLATIVE.search(text))
    if ranking:  # "top venue by number of papers": a basis, not a count
        text = RANK_BASIS.sub(lambda m: f"by {m.group('noun') or ''}", text)
    text = OUTPUT.sub("papers" if ranking else "number of papers", text)  # "combined publication output"
    return text


def parse_intent(text: str, years: list[int]) -> Frame:
    """Build a Frame from the residual text (see `residual_text`)."""
    frame = Frame()
    text, asked = asked_first(text)
    several_sentences = asked != text
    text, asked = _normalise(text), _normalise(asked)
    if TYPE_VALUES.search(text):
        frame.target, frame.operation, frame.explicit_target = "type", "attribute", True
        frame.notes.append("choice between publication types")
        return frame
    frame.position, text = _position(text)
    unknown = unsupported_attribute(text)
    if unknown:
        frame.target, frame.operation, frame.explicit_target = f"unsupported:{unknown}", "unsupported", True
        frame.notes.append(f"asks for '{unknown}', which the graph does not record")
        return frame
    target, explicit = focus_target(text)
    if several_sentences and not explicit and COUNT.search(asked) and CITE.search(asked) and \
            focus_target(asked)[0] is None:  # "...people cited it a lot. How many times has it been cited?"
        target = None
    bare_who = re.fullmatch(r"(tell me )?(who|what) (is|was|are|were) (the )?zz(author|venue|paper)", text.strip(" ,"))
    if bare_who or (target is None and DESCRIBE.search(text) and not COUNT.search(text) and not asks_span(text)):
        frame.target, frame.operation, frame.explicit_target = "describe", "describe", True
        frame.notes.append("describe the entity")
        return frame
    frame.explicit_target = explicit
    counting = bool(COUNT.search(text))
    counted = COUNTED_NOUN.search(text)
    if counting and not explicit and counted and _noun_class(counted.group(2)) and not _noun_class(counted.group(1) or ""):
        # "total number of their papers" (but "publication count of the person" counts publications)
        following = text[counted.end(2):].split()[:3]  # "number of distinct publication years": years
        target, frame.explicit_target = _compound_head([counted.group(2), *following], 0,
                                                       _noun_class(counted.group(2)) or "paper"), True
    if counting and target in (None, "paper") and CITE.search(text) and "zzpaper" in text and "zzauthor" not in text \
            and not (text.count("zzpaper") == 1 and one_paper_direction(text) == "out") and not graph_scoped(text):
        target = "citations"  # how often it is cited ('how many papers does P cite' counts its references)
    if not counting and target in (None, "paper") and CITE.search(text) and text.count("zzpaper") == 1 \
            and "zzauthor" not in text and re.search(r"\b\d+\b", text) and is_yes_no(asked if several_sentences else text):
        target = "citations"  # 'was T cited more than 10 times?': a test of its citation count
    if counting and target is None:
        target = "paper"
    if target in (None, "author") and not explicit and frame.position and role_of_the_named(text):
        target = "paper"  # 'A as first author': the place is A's role on their papers, the papers are asked
    if target == "venue" and frame.position and not names_publishing(text):
        target = "paper"  # 'where is A the lead author?': a byline place is a paper's, so the papers are asked
    if target == "citations" and not counting and (_superlative(text)[0] or lists_things(text)):
        target = "paper"  # 'find the citations to T': a list of papers, the citing ones
    frame.target = target or "paper"
    # an author position ("whoever is listed first on it") is a position among the paper's authors
    frame.via_authors = bool(VIA_AUTHORS.search(text)) or (frame.position is not None and "zzpaper" in text)
    frame.others_only = bool(OTHERS.search(text)) and not (frame.target == "paper" and all_their_works(text))
    frame.answer_placed = frame.position is not None and frame.target == "author" and "zzpaper" not in text \
        and -1 < text.find("zzpos") < text.find("zzauthor")  # (the place is said before the author named)
    direction = one_paper_direction(text) if text.count("zzpaper") == 1 else None
    if direction and frame.target == "paper" and (CITES_EDGE.search(text) or not is_yes_no(asked if several_sentences else text)):
        frame.cites = direction  # ("has P been cited?" stays a test of its citation count)
    elif direction and frame.target == "year" and CITES_EDGE.search(text) and names_papers(text) \
            and not is_yes_no(asked if several_sentences else text):
        frame.cites = direction  # 'from which years are the papers cited by T': the cited papers' years
    elif CITES_EDGE.search(text) and frame.target == "paper":
        frame.cites = "in" if not re.search(r"\b(cited|referenced) by zzpaper", text) and re.search(
            r"\b(cite|cites|citing|cited|reference|references|referencing) "
                                        r"(zzpaper|it|this|this paper|that paper)\b|"
                                        r"zzpaper (has been |was |is )?(cited|referenced)", text) else "out"
    _years(text, years, frame)
    if is_yes_no(asked if several_sentences else text):
        frame.operation = "yes_no"
    elif counting:
        frame.operation = "count"
    else:
        context = MAJORITY.sub(" ", text) if several_sentences else text  # "Most of A's work was in V." is no ranking
        operation, basis = _superlative(asked) if several_sentences and _superlative(asked)[0] else _superlative(context)
        if operation:
            frame.operation, frame.rank_by = operation, basis
    frame.notes.append(f"focus={frame.target}{'' if explicit else ' (inferred)'}")
    return frame

