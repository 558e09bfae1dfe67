"""Context sentences that say why the asker asks ('We're doing some background checks ahead of a visiting scholar
appointment. Can you list everything A has published since 2019?'): a statement before the asking sentence that
names nothing (no linked entity, no quotes, no digits) and holds no word that could narrow an answer (an operator,
a time word, an instruction, a value or an attribute of the lexicon) is no part of the question and is left out,
so its words ('scholar', 'checks') cannot steer the plan. Statements that name something stay (an anaphor may point
back to them). After the asking sentence only a statement with a verb of its own is left out ('The citation has no
date.'); a fragment there may narrow the question ('Only journals, please.')."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from hgrag.agents.understanding.answer_form import without_answer_form
from hgrag.agents.understanding.lexicon import MEANING_FAMILIES, load
from hgrag.agents.understanding.narrowing import (dangling_negations, narrowing, only_dangling_negations,
                                                  speaks_of_the_asker, unanchored_times)
from hgrag.agents.understanding.tokens import tag


NARROWING_FAMILIES = ("operator", "time", "instruction", "value", "attribute", "missing")
AFTER_FAMILIES = ("operator", "time", "instruction", "value")  # ('The citation has no date.': about the source)
DASHED_REMARK_FAMILIES = tuple(f for f in MEANING_FAMILIES if f not in ("operator", "head"))  # (an operator may be
# of the asker's world: 'we covered those last episode' ranks nothing)
ASKER_HEADING_FAMILIES = tuple(f for f in MEANING_FAMILIES if f not in ("time", "instruction", "head"))  # ('between
# me and my producer' is no time)


def without_idle_context(question: str, detect: Callable[[str], list[Any]]) -> str:
    """The question without the idle statements before its asking sentence (unchanged when there are none)."""
    from hgrag.agents.understanding.context_fold import first_anaphor
    from hgrag.agents.understanding.sentences import asking, asking_sentence_at, asks, command_opening, sentences_of

    question = without_answer_form(_without_dashed_remark(_without_idle_heading(_without_asides(question, detect), detect),
                                                          detect))  # ('…?
    # Just the title - I can find the rest myself.': the remark after the dash gone, the form remark is read as such)
    sentences = [s for s in sentences_of(question) if s.strip()]
    at = asking_sentence_at(sentences)
    if at is None:
        return question
    before = [s for i, s in enumerate(sentences[:at])
              if not (_a_statement(s, opening=i == 0) and _idle(s, detect, _families_before(s)))]
    asked = _without_idle_heading(sentences[at], detect) if at else sentences[at]  # ('Love this one. Nina in Swansea
    # wants to know: list …': its own heading too)
    requested = command_opening().match(sentences[at].strip()) is not None and not asks(sentences[at])  # a request
    # ('Find the papers citing T.'): a question after it is the ask
    after = [s for s in sentences[at + 1:] if requested and (asking(s) or first_anaphor(s) is not None) or
             not (_a_clause(s) and _idle(s, detect, AFTER_FAMILIES)) and not _an_inclusion_note(s, detect)]  # ('Find T's citers. Where were they published?')
    if len(before) + len(after) == len(sentences) - 1 and asked == sentences[at]:
        return question
    return " ".join(before + [asked] + after)


ASIDE = re.compile(r"(?:,|\s[-–—]{1,2})\s*(?P<aside>[^,;:?!.\"“”«»()\[\]–—]{2,60}?)\s*(?=,|\s[-–—]{1,2}\s|\?|$)")
def _without_asides(question: str, detect: Callable[[str], list[Any]] | None = None) -> str:
    """'Would you name the authors of T, if you would, please?', 'What has A brought out after 2011 - strictly after,
    mind you?': an aside between commas or dashes that speaks of the asker or to the one asked (or holds one of the
    lexicon's `idle_context.aside_markers`: 'as it were') and names nothing, narrows nothing and holds no word of
    meaning is no part of the question; its words must not steer the plan (a name, a number, a quote, a capital or a
    linked mention keeps it)."""
    from hgrag.tools.text import quotes_masked

    masked = quotes_masked(question)
    markers = load("en").extra.get("idle_context", {}).get("aside_markers", [])
    addressees = load("en").extra.get("asker_remarks", {}).get("addressees", [])  # ('if you would', 'mind you')
    idle = [match for match in ASIDE.finditer(masked) if _an_idle_aside(
        question[match.start("aside"):match.end("aside")], markers, addressees)]
    linked = [s for s in detect(question) if s.candidates] if detect and idle else []  # (the linker only when needed)
    for match in reversed(idle):
        if not any(s.start < match.end("aside") and match.start("aside") < s.end for s in linked):
            question = question[:match.start()] + question[match.end("aside"):]  # (a linked mention stays: a title
            # typed without quotes, 'seismic … macroscope - elastic simulations and … test - …')
    return question


def _an_idle_aside(aside: str, markers: list[str], addressees: list[str]) -> bool:
    """Speaks of the asker or to the one asked (or holds an aside marker), and names, narrows and means nothing."""
    low = f" {aside.lower()} "
    said = speaks_of_the_asker(aside) or any(f" {w} " in low for w in addressees) or any(f" {m} " in low for m in markers)
    meaning = any((t.family or "") in MEANING_FAMILIES and t.concept not in ("head:command", "head:aux")
                  or t.concept in ("number", "mention") for t in tag(aside.lower(), load("en")))
    return said and not meaning and not narrowing().search(aside) and not re.search(r"\d|[A-HJ-Z]", aside)


HEADING = re.compile(r"^\s*(?P<heading>[^:\"“”„«»‘’?.!—–]{1,80}?)(?::|\s+[—–-]{1,2})\s+(?=\S)")  # (a colon or a spaced dash)
EXCLAIMED = re.compile(r"^\s*(?P<heading>[^:\"“”„«»‘’?.!\s]+(?:\s+[^:\"“”„«»‘’?.!\s]+){0,3})!\s+(?=\S)")  # ('Citation showdown!')


def _without_idle_heading(question: str, detect: Callable[[str], list[Any]]) -> str:
    """'Okay so here's a fun two-stepper for you, co-host: take whoever …' -> 'take whoever …': a heading before a
    colon (or a short exclamation: 'Citation showdown!') that names nothing, narrows nothing and holds no word of
    meaning the rest does not say again (a command may be one: 'Fun fact check time:') is no part of the question,
    whatever words of the asker's world it holds."""
    match = HEADING.match(question) or EXCLAIMED.match(question)
    if match is None or re.search(r"\d", match["heading"]) or narrowing().search(match["heading"]):
        return question
    rest = question[match.end():]
    if _a_label(match["heading"]) and (_a_label(match["heading"], whole=True) or not _name_like(match["heading"])):
        return rest[:1].upper() + rest[1:]  # ('Career-span teaser:', 'Numbers round:': a label of the question)
    tokens = tag(_names_masked(match["heading"]).lower(), load("en"))  # ('from Grace in Manchester': a name, no verb)
    families = ASKER_HEADING_FAMILIES if speaks_of_the_asker(match["heading"]) else MEANING_FAMILIES
    said_again, unanchored = _concepts_said(rest), unanchored_times(tokens)  # ('Citation showdown! … more citations?')
    if any((t.family or "") in families and t.concept not in ("head:command", "head:aux") and
           t.concept not in said_again and i not in unanchored for i, t in enumerate(tokens)) or _names_a_person(match["heading"]) or \
            [s for s in detect(question) if s.candidates and s.start < match.end()]:  # (a name or a title)
        return question  # ('Settle a bet between me and my producer:' speaks of the asker's world, not of a time)
    return rest[:1].upper() + rest[1:]


def _a_label(heading: str, whole: bool = False) -> bool:
    """A heading that ends in one of the lexicon's `idle_context.heading_nouns` ('Numbers round', 'Brain-twister') names
    the question itself, not what it asks (`whole`: the heading is one of them)."""
    nouns = load("en").extra.get("idle_context", {}).get("heading_nouns", [])
    low = " ".join(heading.lower().split())
    return any(low == n or not whole and low.endswith((f" {n}", f"-{n}")) for n in nouns)


def _concepts_said(text: str) -> set[str]:
    """The concepts of the text's words, and the kind its head asks ('where …?' says 'venue')."""
    from hgrag.agents.understanding.asked_head import WORD_KINDS, asked_kind

    tokens = tag(text.lower(), load("en"))
    asked = asked_kind(tokens)
    return {t.concept for t in tokens} | {concept for concept, kind in WORD_KINDS.items() if kind == asked}


def _name_like(text: str) -> bool:
    """A capitalised word that is no common English word ('Mahmoud Bazioni:'): a name the detector may not have
    linked yet, so the heading may be what is asked about."""
    from hgrag.agents.linking.spelling import english_words

    found = re.findall(r"[^\W\d_][\w'-]*", text)
    return any(w[:1].isupper() and (i or len(found) == 1 or found[1][:1].isupper()) and  # (a first word capitalised
               any(part and part not in english_words() and not load("en").concept(part)  # as a sentence's is no name)
                   for part in re.split(r"['-]", w.lower())) for i, w in enumerate(found))


def _names_masked(heading: str) -> str:
    """The heading with each capitalised word after its first word left out: a proper name there ('Next one, from
    Grace in Manchester') is no word of the lexicon, whatever common word it spells."""
    return re.sub(r"(?<=\s)[A-Z][a-z]+\b", "", heading)


def _names_a_person(heading: str) -> bool:
    """A heading that may name someone of the graph: two capitalised words side by side, one of them no common English
    word ('Mahmoud Bazioni:'), or a lone such word as the whole heading. A first name or a place alone ('Next one, from
    Tom in Leeds -', 'Omar just sent:') names the one who asks, not an author (the graph's authors have two names)."""
    found = re.findall(r"[^\W\d_][\w'-]*", heading)
    if len(found) == 1:
        return _name_like(heading)
    return any(a[:1].isupper() and b[:1].isupper() and (_name_like(f"x {a}") or _name_like(f"x {b}"))
               for a, b in zip(found, found[1:]))


DASHED_END = re.compile(r"\s+[—–-]{1,2}\s+(?P<remark>[^—–\"“”?-]+?)\s*(?P<stop>[.!]*)\s*$")


def _without_dashed_remark(question: str, detect: Callable[[str], list[Any]]) -> str:
    """'List A's papers, but skip 2021 — we covered those last episode!' -> 'List A's papers, but skip 2021!': a
    last clause after a dash that speaks of the asker, asks nothing, names nothing and narrows nothing says why the
    asker asks; its words ('last') must not steer the plan."""
    from hgrag.agents.understanding.sentences import asking

    match = DASHED_END.search(question)
    if match is None or not speaks_of_the_asker(match["remark"]) or asking(match["remark"]) or \
            not _idle(match["remark"], detect, DASHED_REMARK_FAMILIES):
        return question
    return question[:match.start()] + (match["stop"] or "")


def _families_before(sentence: str) -> tuple[str, ...]:
    """A statement about the asker ('A funder has come back to us …') may name kinds and attributes of their own
    world without narrowing the question; any other statement may narrow it by naming one."""
    return AFTER_FAMILIES if speaks_of_the_asker(sentence) else NARROWING_FAMILIES


def _a_statement(sentence: str, opening: bool = False) -> bool:
    """A statement of the asker's ('We're doing some background checks …', 'Our head of department wants this …'):
    it speaks of the asker or has a verb of its own, and points back at nothing ('Their papers have been cited …'
    stays: what it says of them may be asked next); not a piece of a name cut at a stop ('Papers by Md.'). The
    `opening` sentence has nothing to point back at: its pronouns are of the asker's own world ('My daughter has a
    project and I search with her.')."""
    from hgrag.agents.understanding.context_fold import first_anaphor

    cut_name = re.search(r"(?<![\w.])\w{1,2}\.$", sentence.strip())  # ('… for Md.' before 'Abdullahil Kafi.')
    asker = speaks_of_the_asker(sentence)
    return (asker or _a_clause(sentence)) and (first_anaphor(sentence) is None or opening and asker) and not cut_name


def _an_inclusion_note(sentence: str, detect: Callable[[str], list[Any]]) -> bool:
    """'For the avoidance of doubt, jointly written papers are to be counted.': a sentence after the question that
    only says what is included (a tail of the lexicon's `idle_context.inclusion_tails`) and narrows nothing before it
    adds no condition; its words ('jointly') must not steer the plan."""
    tails = load("en").extra.get("idle_context", {}).get("inclusion_tails", [])
    low = sentence.strip().rstrip(".!").lower()
    tail = next((t for t in sorted(tails, key=len, reverse=True) if low.endswith(" " + t)), None)
    return tail is not None and _idle(sentence.strip().rstrip(".!")[:-len(tail)], detect, AFTER_FAMILIES)


def _a_clause(sentence: str) -> bool:
    """'The citation has no date.', 'The article calls their research influential.': a statement with a verb of its
    own (an auxiliary, or a reporting verb of the lexicon), not a fragment that may narrow the question ('Only the
    journals.')."""
    verbs = load("en").extra.get("idle_context", {}).get("reporting_verbs", [])
    tokens = tag(sentence.lower(), load("en"))
    return any(t.concept == "head:aux" or t.text in verbs for t in tokens)


def _idle(sentence: str, detect: Callable[[str], list[Any]], families: tuple[str, ...] = NARROWING_FAMILIES) -> bool:
    tokens = tag(sentence.lower(), load("en"))
    if re.search(r"[\d\"“”«»]", sentence) or narrowing().search(sentence) and not only_dangling_negations(sentence, tokens):
        return False
    unanchored = unanchored_times(tokens) | dangling_negations(tokens)
    if any((t.family or "") in families and i not in unanchored for i, t in enumerate(tokens)):
        return False
    return not [s for s in detect(sentence) if s.candidates]


BRACKETED = re.compile(r"\s*[(\[]([^()\[\]\"“”]{1,80})[)\]]")


def without_idle_brackets(question: str) -> str:
    """'papers by A? (name as spelled in the source, sic)' -> 'papers by A?': a bracketed note outside quotes that holds
    a filler of the lexicon and no word of meaning (no kind, relation, attribute, operator, time, value or question
    word but a command) says nothing of what is asked; its words ('source') must not steer the plan. A bracket with
    no filler may belong to a name typed without quotes ('… (Jura méridional)') and stays."""
    if "(" not in question and "[" not in question:
        return question
    from hgrag.tools.text import outside_quotes

    return outside_quotes(question, lambda piece: BRACKETED.sub(_kept_if_meaningful, piece)).strip()


def _speaks_to_or_of_the_asker(tokens: list) -> bool:
    """A word that addresses the reader or speaks of the asker (lexicon `request_frames.addressed`: 'you', 'my' …)."""
    addressed = set(load("en").extra.get("request_frames", {}).get("addressed", []))
    return any(t.text in addressed or t.text.split(" ")[0] in addressed for t in tokens)


def _kept_if_meaningful(match: re.Match) -> str:
    tokens = tag(match.group(1).lower(), load("en"))
    personal = _speaks_to_or_of_the_asker(tokens)  # ('(do take your time)', '(I did try the library, to no avail)')
    idle = ("head:command", "head:aux", "operator:exclude") if personal else ("head:command",)  # (an auxiliary or a
    # negation in a remark about the asker is the remark's own: 'I am not terribly quick with computers')
    meaningful = any((t.family or "") in MEANING_FAMILIES and t.concept not in idle
                     or t.concept == "number" or t.concept == "mention" for t in tokens)
    narrows = any(not (personal and load("en").concept(m.group(0).lower()) in idle + ("operator:yes_no", "general:no"))
                  for m in narrowing().finditer(match.group(1)))  # ('(count only)', '(journals only)'; not the
    # negation of a remark about the asker: '(I am not terribly quick with computers)')
    said_aside = personal or any(t.family == "filler" for t in tokens)  # ('(sic)', '(cn)'; not '(psycholinguistics)'
    # in a name)
    persons = load("en").extra.get("asker_remarks", {}).get("persons", [])
    capitalised = [w for w in re.findall(r"\b[A-Z][\w'’]*", match.group(1)) if w.lower().replace("’", "'") not in persons]
    return match.group(0) if meaningful or narrows or not said_aside or re.search(r"\d", match.group(1)) or \
        capitalised else ""  # (the asker's 'I' is no name)
