"""Context sentences folded into the question: "I'm reviewing a grant application from A. They list a number of
outputs. Which papers did they publish in 2011?" is read as "Which papers did A publish in 2011?".

A context sentence is a statement before the asking sentence. When the asking sentence names no entity of its own
but holds an anaphor of the lexicon (`anaphors`: 'they', 'it', 'this person' …, each with the kind it stands for),
and the context names exactly one entity, of that kind, the anaphor is replaced by that entity and the context
sentences are dropped: what they say ('a number of outputs') is no part of the question. Anything else leaves
the question as it is: two entities in the context (it says how they relate: 'A published T … Who were they?'),
a kind that does not fit, entities in the asking sentence, or an asking sentence that points back at what the
context said ('Who else wrote it?').
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from hgrag.agents.understanding.asking_sentence import asks_a_kind_named_before
from hgrag.agents.understanding.cue_words import phrase_alternation
from hgrag.agents.understanding.lexicon import MEANING_FAMILIES, load
from hgrag.tools.text import quotes_masked
from hgrag.agents.understanding.tokens import tag
from hgrag.agents.understanding.sentences import leading_clause_as_sentence, sentences_of
from hgrag.agents.understanding.bridging import with_bridged_owner
from hgrag.agents.understanding.paper_descriptions import without_paper_descriptions
from hgrag.agents.understanding.step_chain import step_chain_folded
from hgrag.agents.understanding.topic_fold import topic_folded
from hgrag.agents.understanding.implied_objects import with_implied_object
from hgrag.agents.understanding.year_folds import period_folded, premise_years_dropped, remark_year_folded, year_folded
from hgrag.agents.understanding.sentences import asking as _asking, asks as _asks
from hgrag.agents.understanding.context_binding import (entity_key, left_out_anaphor, lexicon_words_only, owner_of_a_set,
                                                      possessive_anaphors, the_one_work, written_as)

NARROWING = ("time", "operator", "instruction")  # (the families whose words a restatement must say again)
COUNTING = ("head:how_many",)
LISTING = ("operator:list",)  # ('Where did it all begin …?': 'all' lists, it narrows nothing)


def with_context_folded(question: str, detect: Callable[[str], list[Any]]) -> str:
    """The asking sentence with its anaphor bound to the one fitting entity of the context sentences (see the
    module note), else the question unchanged. `detect(text)` gives the linked mention spans of a text. A leading
    clause before a comma and a question word reads as a context sentence ('found T in a folder, what cites it')
    when that binds an anaphor."""
    folded = _folded(question, detect)
    as_sentence = leading_clause_as_sentence(question) if folded == question else None
    if as_sentence is None:
        return folded if folded != question else with_bridged_owner(question, detect) or question
    again = _folded(as_sentence, detect)
    return again if again != as_sentence else question


def _folded(question: str, detect: Callable[[str], list[Any]]) -> str:
    """The question folded as said, else with an objectless relation read with its anaphor ('… did the citing
    records appear?': the records citing it), else unchanged."""
    folded = _folded_as_said(question, detect)
    implied = with_implied_object(question) if folded == question else question
    if implied == question:
        return folded
    again = _folded_as_said(implied, detect)
    return again if again != implied else question


def _folded_as_said(question: str, detect: Callable[[str], list[Any]]) -> str:
    question = without_paper_descriptions(question, detect)  # ('"T", published 2021.': T's year, no filter)
    question = remark_year_folded(question) or question
    headed = topic_folded(question, detect) or _heading_folded(question, detect) or _restatement_folded(question, detect) or \
        _dislocation_folded(question, detect) or step_chain_folded(question, detect)
    if headed is not None:
        return headed
    sentences = [s for s in sentences_of(question) if s.strip()]
    dated = year_folded(sentences) or period_folded(sentences)
    if dated is not None:  # 'that year' bound; the context stays for the entity anaphors below
        sentences[-1] = dated
        question = " ".join(sentences)
    if len(sentences) < 2 or not _asking(sentences[-1]) or any(_asks(s) for s in sentences[:-1]):
        return question
    premised = premise_years_dropped(sentences) if dated is None else None
    if premised is not None:  # ('A first shows up in 2015. …': a fact stated, no filter)
        sentences = premised
        question = " ".join(sentences)
    if dated is None and re.search(r"\b(?:19|20)\d\d\b", " ".join(sentences[:-1])):
        return question  # years in the context that no anaphor bound: the context may narrow what is asked
    asking = sentences[-1]
    found = first_anaphor(asking)
    if not found or asks_a_kind_named_before(asking):
        return question  # ('… the venues A has published in. Which are they?': 'they' are the venues)
    kind, match = found
    context = " ".join(sentences[:-1])
    left_out = left_out_anaphor(asking, match, kind, context, detect)
    if left_out is not None:
        return left_out  # ('I have heard enough about B. Not counting that person, who are the co-authors of A?')
    own = [s for s in detect(asking) if s.candidates]
    if own and not _points_back(asking):  # ('… I spotted A in V. Has A ever published in that venue?': V)
        named = the_one_work({entity_key(s): s for s in detect(context) if s.candidates and
                               not lexicon_words_only(s.text) and s.type == kind}, kind)
        if len(named) == 1 and not {entity_key(s) for s in own} & set(named) and kind in ("paper", "venue"):
            bound = asking[:match.start()] + written_as(next(iter(named.values())), match.group(0)) + asking[match.end():]
            return f"{context} {bound}"  # (the context stays: what it says of the others may be a premise)
    if _points_back(asking) or own:
        return question  # 'who else …', or entities of its own: the context is more than a name
    if _demonstrative_asked(asking[:match.start()] + asking[match.end():]):
        return question  # 'We quote the senior author. Who is that on this paper?': 'that' is what the context says
    named = {entity_key(s): s for s in detect(context) if s.candidates and not lexicon_words_only(s.text)}
    if len(named) > 1:  # two entities: the context says how they relate ('A wrote T'), which must stay; a
        owner = owner_of_a_set(named, kind, asking, match)  # possessive owner is named in the asking sentence
        if owner is not None:
            return f"{context} {asking[:match.start()]}{owner}{asking[match.end():]}"
        named = the_one_work(named, kind)  # ('T is a paper whose first author is A. … Where was it published?')
        kept = context if len(named) == 1 else ""  # (what the context says of the others may be a premise)
    else:
        kept = ""
    if len(named) != 1:
        return question
    span = next(iter(named.values()))
    if span.type != kind:
        return question
    pattern = dict(_anaphor_patterns())[kind]
    if len(pattern.findall(asking)) > 1 and kind != "author":
        return question  # 'work that builds on it: which papers cite it?': one entity named twice reads as two
    # ('which institutions are they affiliated with on their papers?': the first names the person, 'their' is theirs)
    if _identity_asked(asking, match) and _described_subject([c for c in sentences[:-1] if span.text not in c]):
        return question  # ('… T. The last name on the byline is the lab head. Who is it?': 'it' is that name)
    owned = _owned_plural(sentences[1:-1], match.group(0)) if kind == "author" else None
    written = f"{span.text}'s {owned}" if owned else written_as(span, match.group(0))
    return f"{kept} {asking[:match.start()]}{written}{asking[match.end():]}".strip()


def _identity_asked(asking: str, match: re.Match) -> bool:
    """'Who is it here?': a question word and a form of 'be' right before the anaphor ask what it is."""
    words = asking[:match.start()].lower().split()
    be = load("en").extra.get("citation_words", {}).get("be_forms", [])
    return len(words) == 2 and load("en").concept(words[0]) in ("head:who", "head:which") and words[1] in be and \
        match.group(0).lower() not in possessive_anaphors()  # ('who are its authors': its authors are asked)


def _described_subject(sentences: list[str]) -> bool:
    """A context sentence whose subject is a described thing ('The last name on the byline is …', 'The first author
    was …'): an anaphor after it may stand for that thing rather than for the entity named elsewhere."""
    for sentence in sentences:
        tokens = tag(sentence.lower(), load("en"))
        subject = next((tokens[:i] for i, t in enumerate(tokens) if t.concept == "head:aux"), [])
        if len(subject) > 1 and subject[0].concept == "function:the" and \
                any(t.family in ("operator", "attribute", "kind") for t in subject[1:4]):
            return True
    return False


def _owned_plural(middle: list[str], anaphor: str) -> str | None:
    """'A. Their papers have been cited … . Which of them …?': a plural pronoun after a sentence opening with a
    possessive and a plural kind noun stands for that noun phrase ('A's papers'), not for the person."""
    if anaphor.lower() not in load("en").extra.get("anaphors", {}).get("together", []) or not middle:
        return None
    words = middle[-1].split()[:2]
    groups = load("en").extra.get("context_words", {}).get("group_nouns", [])  # plural kind nouns ('papers')
    if len(words) == 2 and words[0].lower() in possessive_anaphors() and words[1].lower() in groups:
        return words[1].lower()
    return None


DISLOCATION = re.compile(r"^(?P<phrase>[^?]+?)\s+[-–—]\s+(?P<asking>[^-–—]+\?)\s*$")


def _dislocation_folded(question: str, detect: Callable[[str], list[Any]]) -> str | None:
    """'Papers citing T - which venues were they published in?': a noun phrase set before a dash (one sentence that
    opens with a kind word, names a linked thing and asks nothing) that a plural pronoun of the question after the dash
    stands for (lexicon `anaphors.together`: 'they', 'them'); the question with the phrase in the pronoun's place,
    else None ('A wrote T — what else did they write?' is a clause: its subject is the pronoun's)."""
    match = DISLOCATION.match(question.strip())
    tokens = [t for t in tag(match["phrase"].lower(), load("en")) if t.family not in ("function", "filler")] if match \
        else []
    if not tokens or tokens[0].family not in ("kind", "attribute") or any(t.family == "head" for t in tokens) or \
            re.search(r"[.!?]\s", match["phrase"]) or not [s for s in detect(match["phrase"]) if s.candidates]:
        return None
    pronouns = [p for p in load("en").extra.get("anaphors", {}).get("together", []) if " " not in p]
    found = re.search(rf"(?<![\w'’-])(?:{phrase_alternation(pronouns)})(?![\w'’-])", match["asking"], re.IGNORECASE)
    if found is None or not any(t.family == "kind" for t in tag(match["phrase"].lower(), load("en"))):
        return None
    phrase = match["phrase"].strip().rstrip(",:;")
    phrase = phrase[:1].lower() + phrase[1:] if phrase[1:2].islower() else phrase
    asking = match["asking"]
    possessive = found.group(0).lower() in possessive_anaphors()  # ('… - in which countries are their institutions?')
    return asking[:found.start()] + phrase + ("'s" if possessive else "") + asking[found.end():]


def _restatement_folded(question: str, detect: Callable[[str], list[Any]]) -> str | None:
    """'Where did it all begin for A? I mean their earliest paper in the record.': a sentence after the question that
    opens by restating it (lexicon `restating_openers`) is the question said precisely; with an anaphor for the one
    entity the question named, and no entity of its own, it is asked alone ('What is A's earliest paper …?', the
    head from lexicon `context_words.restatement_head`); else None."""
    from hgrag.agents.understanding.asking_sentence import restating_opener_length

    mark = question.rfind("?", 0, len(question.rstrip(" ?.!")))
    tail = question[mark + 1:].strip() if mark > 0 else ""
    words = load("en").extra.get("context_words", {})
    opener = restating_opener_length(tail) if tail else 0
    said_again = any(re.match(rf"\s*{re.escape(o)}\b", tail.lower()) for o in words.get("restating_fold_openers", []))
    restated = tail[opener:].strip().rstrip(" .!?") if opener and said_again else ""
    content = [t for t in tag(restated.lower(), load("en")) if t.family != "function"]
    if content and content[0].text in load("en").extra.get("kind_pro_forms", []):
        return None  # ('I mean the ones in its reference list': the ones asked before, read with the question)
    found = first_anaphor(restated) if restated else None
    if not found or [s for s in detect(restated) if s.candidates]:
        return None
    kind, match = found
    named = {entity_key(s): s for s in detect(question[:mark + 1]) if s.candidates and not lexicon_words_only(s.text)}
    if len(named) != 1 or next(iter(named.values())).type != kind:
        return None
    name = re.escape(next(iter(named.values())).text)
    relating = phrase_alternation(load("en").extra.get("relating_prepositions", []))  # ('the co-authors of A')
    if re.search(rf"{name}[\"'”’]*\s*['’]s\b|\b(?:{relating})\s+[\"'“‘]*{name}", question[:mark + 1]):
        return None  # ('Where have A's co-authors published? I want every venue of their papers': 'their' is theirs)
    if _narrows_beyond(question[:mark + 1], restated):
        return None  # ('How many references …? I mean the works it cites.': the count stays the question's)
    head = load("en").extra.get("context_words", {}).get("restatement_head", "")
    bound = restated[:match.start()] + written_as(next(iter(named.values())), match.group(0)) + restated[match.end():]
    return f"{head} {bound}?" if head else None


def _narrows_beyond(asked: str, restated: str) -> bool:
    """The question counts, bounds or ranks in words its restatement does not say again (a year, a time word, an
    operator, an instruction, 'how many'): asked alone, the restatement would lose them."""
    def said(text: str) -> set[str]:
        return {t.concept for t in tag(text.lower(), load("en")) if t.family in NARROWING and t.concept not in LISTING
                or t.concept in COUNTING} | \
            set(re.findall(r"\b(?:19|20)\d\d\b", text))

    return bool(said(quotes_masked(asked)) - said(restated))


def _heading_folded(question: str, detect: Callable[[str], list[Any]]) -> str | None:
    """'A and B: has the former ever cited the latter?', 'A and B: have they collaborated?', 'The primary topic of
    T: what is it called?': a heading before a colon names what the question after it refers to. Two people or
    things named in the heading stand for 'the former' / 'the latter' (lexicon `anaphors.positional`) or for
    'they' together; one heading that names one entity stands for 'it', 'they' or the kind's anaphor as a whole.
    None when the question has no such heading or the asking part names entities of its own."""
    if not re.search(r":\s", question) or not question.rstrip().endswith("?"):
        return None  # (no heading: the mentions are not looked up here)
    spans = sorted((s for s in detect(question) if s.candidates), key=lambda s: s.start)
    colon = next((m for m in re.finditer(r":\s+", question) if not any(s.start <= m.start() < s.end for s in spans)),
                 None)
    asking = question[colon.end():] if colon else ""
    named = [s for s in spans if colon and s.end <= colon.start()]
    if not colon or not named or not asking.rstrip().endswith("?") or "?" in question[:colon.start()] \
            or any(s.start >= colon.end() for s in spans):
        return None
    anaphors = load("en").extra.get("anaphors", {})
    heading = question[:colon.start()]
    rest = heading
    for span in sorted(named, key=lambda s: -s.start):
        rest = rest[:span.start] + " " + rest[span.end:]
    joined = {t.family for t in tag(rest.lower(), load("en"))} <= {"function"}  # only the names ('A and B:')
    if len(named) == 2 and joined:
        folded = _positional(asking, named, anaphors.get("positional", {}))
        return folded or _replaced(asking, anaphors.get("together", []),
                                   f"{written_as(named[0], '')} and {written_as(named[1], '')}")
    found = first_anaphor(asking)
    if len(named) != 1 or not found:
        return None
    kind, match = found
    heading = heading.strip()
    first = heading.split()[0].lower() if heading.split() else ""
    phrase = not re.search(r"[.?!]", rest) and not any(t.family in ("relation", "head")
                                                       for t in tag(rest.lower(), load("en")))  # a noun phrase
    if phrase and (load("en").concept(first) == "function:the" or first in load("en").extra.get("indefinite_articles", [])):
        replacement = heading[:1].lower() + heading[1:]  # 'the primary topic of T: what is it called?'
    elif kind == named[0].type and (joined or _only_a_label(rest)):
        replacement = written_as(named[0], match.group(0))  # 'A: which papers did he write?' (the heading is A;
        # 'Forward screen on T: which venues did the papers citing it appear in?' labels T with words of no meaning)
    else:
        return None
    return asking[:match.start()] + replacement + asking[match.end():]


def _only_a_label(rest: str) -> bool:
    """The heading's words beside its one name say nothing the graph could mean (no number, no word of a meaning
    family)."""
    return not re.search(r"\d", rest) and not any(t.family in MEANING_FAMILIES for t in tag(rest.lower(), load("en")))


def _positional(asking: str, named: list[Any], positions: dict[str, int]) -> str | None:
    """The asking part with 'the former' / 'the latter' replaced by the heading's first / second entity."""
    hits = [(m, positions[phrase]) for phrase in positions
            for m in re.finditer(rf"(?<![\w'-]){re.escape(phrase)}(?![\w'-])", asking, re.IGNORECASE)]
    if not hits:
        return None
    for match, index in sorted(hits, key=lambda h: -h[0].start()):
        asking = asking[:match.start()] + written_as(named[index], "") + asking[match.end():]
    return asking


def _replaced(asking: str, phrases: list[str], name: str) -> str | None:
    """The asking part with its one plural anaphor ('they', 'both of them') replaced by the two names."""
    found = [m for phrase in sorted(phrases, key=len, reverse=True)
             for m in re.finditer(rf"(?<![\w'-]){re.escape(phrase)}(?![\w'-])", asking, re.IGNORECASE)]
    if len(found) != 1:
        return None
    return asking[:found[0].start()] + name + asking[found[0].end():]


def _points_back(sentence: str) -> bool:
    """'Who else wrote it?', 'which other papers …', 'cited it since?': the asking sentence leaves out or counts
    from what the context said."""
    tokens = tag(sentence.lower(), load("en"))
    dangling = any(t.family == "time" and (i + 1 == len(tokens) or tokens[i + 1].concept != "number")
                   for i, t in enumerate(tokens))
    return dangling or any(t.concept in ("operator:other", "operator:exclude", "operator:left_over") for t in tokens)


def _demonstrative_asked(sentence: str) -> bool:
    """'Who is that …?', 'What was this …?': a demonstrative right after the question word and its verb stands for
    something the context described (lexicon `context_words.asked_demonstratives`)."""
    words = load("en").extra.get("context_words", {}).get("asked_demonstratives", [])
    return bool(words) and re.match(rf"\W*(?:{phrase_alternation(words)})\b", sentence.lower().strip()) is not None


def first_anaphor(sentence: str) -> tuple[str, re.Match] | None:
    """(the kind an anaphor stands for, where it is): the first anaphor of the sentence; None when there is
    none or anaphors of two kinds."""
    hits = [(m.start(), kind, m) for kind, pattern in _anaphor_patterns() for m in pattern.finditer(sentence)]
    if not hits or len({kind for _, kind, _ in hits}) > 1:
        return None
    _, kind, match = min(hits, key=lambda h: h[0])
    return kind, match


@lru_cache(maxsize=1)
def _anaphor_patterns() -> list[tuple[str, re.Pattern]]:
    kinds = load("en").extra.get("anaphors", {}).get("kinds", {})
    return [(kind, re.compile(rf"(?<![\w'’-])(?:{phrase_alternation(forms)})(?![\w'’-])", re.IGNORECASE))
            for kind, forms in kinds.items() if forms]


def paper_named_again(rest: str, title: str) -> str:
    """The rest of the question with its first paper anaphor ('its authors', 'it') naming the paper again (the year
    clause that named it is gone)."""
    found = _paper_anaphor().search(rest)
    if found is None:
        return rest
    possessive = found.group(0).lower() in load("en").extra.get("anaphors", {}).get("possessive", [])
    return rest[:found.start()] + f'"{title}"' + ("'s" if possessive else "") + rest[found.end():]


@lru_cache(maxsize=1)
def _paper_anaphor() -> re.Pattern:
    forms = load("en").extra.get("anaphors", {}).get("kinds", {}).get("paper", [])
    return re.compile(rf"(?<![\w'’-])(?:{phrase_alternation(forms)})(?![\w'’-])", re.IGNORECASE)
