"""A question whose last asking sentence stands on its own ('A reviewer said I should cite work by E. Has E
published anything in V? Yes or no is fine.'): the sentences before it are the asker's context, read only when
they can bear on nothing the graph answers.

The asking part runs from the last sentence that asks (a question mark) to the end, so trailing instructions stay;
a phrase led by a function word before its first comma that names nothing ('For background, …') is context too;
a later sentence opening with a restating phrase ('I mean …') is the question, said again more precisely.
The sentences before it are set aside only when, read with the lexicon, they hold no number or year and no word of
the families that narrow or shape an answer (operators, time words, instructions, attributes, values); and only
when the asking part refers back to nothing (the lexicon's `context_references`: 'that paper', 'they', 'it'). The
asking part is then planned alone, and its plan is kept only when the question-plan check accepts it over the
asking part; that part is what the answer is checked against."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from hgrag.agents.understanding.lexicon import MEANING_FAMILIES, load
from hgrag.agents.understanding.asked_head import ASKING_HEADS
from hgrag.agents.understanding.instructions import instruction_only
from hgrag.agents.understanding.tokens import Token, clauses, stranded_readings, tag
from hgrag.tools.text import literal_spans, outside_quotes

NARROWING = ("operator", "time", "instruction", "attribute", "value")
SENTENCE_END = re.compile(r"(?<![\s.][A-Z])[.?!:]+(?=\s+\S)")  # not an initial's stop ('Marvin K. Simon')


def asking_part(question: str, plan: dict[str, Any]) -> str | None:
    """The standalone asking part of a question with context sentences before it, else None."""
    masked = _masked(question, plan)
    starts = [0] + [m.end() for m in SENTENCE_END.finditer(masked)]
    asking = [s for s in starts if "?" in masked[s:_next(starts, s, len(masked))]]
    restated = [s + n for s in starts[1:] for n in [restating_opener_length(masked[s:])] if n]
    if not asking and not restated:
        return None
    start = restated[-1] if restated else asking[-1] + _fronted_phrase(masked[asking[-1]:])
    context, rest = masked[:start], masked[start:]
    if start == 0 or re.search(r"\d", context) or _refers_back(rest) or _narrows(context):
        return None
    return question[start:].strip()


def _restated_request(sentence: str) -> bool:
    """'I need the names of everyone …': a restating opener before what is asked, not before what it is for ('I need
    it for an author-year citation': lexicon `purpose_objects`)."""
    length = restating_opener_length(sentence)
    objects = load("en").extra.get("context_words", {}).get("purpose_objects", [])
    following = sentence.strip()[length:].split()[:1] if length else []
    return bool(length) and not (following and following[0].lower().strip(",.") in objects)


def restating_opener_length(sentence: str) -> int:
    """The length of a restating opener ('I mean', 'that is', 'in other words': lexicon `restating_openers`) that
    starts the sentence, so what follows it is the question said again more precisely; else 0."""
    openers = load("en").extra.get("context_words", {}).get("restating_openers", [])
    lowered = sentence.lower()
    found = [len(o) for o in openers if re.match(rf"\s*{re.escape(o)}\b[,:]?\s*", lowered)]
    if not found:
        return 0
    return re.match(rf"\s*.{{{max(found)}}}[,:]?\s*", lowered).end()


def _fronted_phrase(sentence: str) -> int:
    """The length of a phrase led by a function word before the sentence's first comma ('For background, can
    you list …', 'To get a feel for their work, in which venues …') when it names nothing and asks nothing; else 0."""
    match = re.match(r"\s*([^,]{1,60}),\s+", sentence)
    if not match or "zzm" in match.group(1):
        return 0
    tokens = tag(match.group(1).lower(), load("en"))
    asks = any(t.family == "head" for t in tokens)  # ('In which countries …, A affiliated?': it asks)
    return match.end() if tokens and tokens[0].family == "function" and not asks else 0


def _next(starts: list[int], start: int, end: int) -> int:
    return next((s for s in starts if s > start), end)


def _masked(question: str, plan: dict[str, Any]) -> str:
    """The question with each mention and quoted title written as 'zzm' padded to its length (offsets kept)."""
    texts = [a.get("relinked_from") or a.get("text") or "" for a in plan.get("anchors") or []]
    texts += list(plan.get("unresolved") or []) + list(plan.get("set_aside") or [])
    text = question
    for mention in sorted({t for t in texts if len(t) > 2}, key=len, reverse=True):
        for start, end in literal_spans(text, mention):
            text = text[:start] + "zzm".ljust(end - start) + text[end:]
    return re.sub(r'"[^"]{3,}"|“[^”]{3,}”|«[^»]{3,}»|„[^“]{3,}“', lambda m: "zzm".ljust(len(m.group(0))), text)


def _narrows(context: str) -> bool:
    """Does a context sentence hold a word that could narrow or shape the answer (or dismiss a thing: 'ignore')?"""
    from hgrag.agents.understanding.narrowing import restricting

    restricted = any(restricting().search(part) and "zzm" not in part for part in re.split(r"(?<=[.!?;])\s+", context))
    return any(t.family in NARROWING for t in tag(context.lower(), load("en"))) or dismisses(context) or \
        restricted  # ('I only care about journals.'; not 'so far I had only read T')


def dismisses(text: str) -> bool:
    """Does the text dismiss a thing ('ignore', 'never mind', lexicon `context_words.dismissals`)?"""
    lowered = text.lower()
    dismissals = load("en").extra.get("context_words", {}).get("dismissals", [])
    return any(re.search(rf"(?<![\w'-]){re.escape(d)}(?![\w'-])", lowered) for d in dismissals)


def _refers_back(rest: str) -> bool:
    """A reference word, or an 'other' word ('who else', 'the other papers') that sets the part against the context."""
    return _references().search(rest.lower()) is not None \
        or any(t.concept == "operator:other" for t in tag(rest.lower(), load("en")))


@lru_cache(maxsize=1)
def _references() -> re.Pattern:
    """The lexicon's words and phrases that refer to a thing named before ('that paper', 'they', 'it')."""
    phrases: set[str] = set()
    for group in load("en").extra.get("context_words", {}).get("context_references", []):
        phrases |= set(group.get("words", []))
        phrases |= {f"{d} {n}" for d in group.get("determiners", []) for n in group.get("nouns", [])}
    alternation = "|".join(re.escape(p) for p in sorted(phrases, key=len, reverse=True))
    return re.compile(rf"(?<![\w'-])(?:{alternation})(?![\w'-])")


def without_list_tail(question: str) -> str | None:
    """'Are there papers that cite T? Which ones?', 'Have later works cited T, and if so, which?': a yes/no question
    followed by a tail that asks for the things themselves (lexicon `list_tails`); the question without the tail,
    else None. The yes/no plan's tested set is then the answer."""
    tails = load("en").extra.get("context_words", {}).get("list_tails", [])
    for tail in sorted(tails, key=len, reverse=True):
        match = re.search(rf"[?,;]\s*{re.escape(tail)}\s*[?.!]?\s*$", question, re.IGNORECASE)
        if match and match.start() > 0:
            return question[:match.start()].rstrip(" ,;") + "?"
    return None


def without_tail_after_a_wh_question(question: str) -> str:
    """'Who wrote those cited papers? Name them all.' -> 'Who wrote those cited papers?': a closing sentence that is a
    bare list tail (lexicon `list_tails`) after a question asked with a question word lists what that question asks."""
    parts = re.split(r"(?<=[?])\s+", question.rstrip())
    if len(parts) < 2 or not is_list_tail(parts[-1]):
        return question
    before = " ".join(parts[:-1])
    last = clauses(before)[-1]
    return before if _a_wh_question(last, tag(last.lower(), load("en"))) else question


def is_list_tail(sentence: str) -> bool:
    """Is the sentence one of the lexicon's `list_tails` alone ('Who?', 'Which ones?')?"""
    tails = load("en").extra.get("context_words", {}).get("list_tails", [])
    return re.sub(r"[\s?.!,;]+", " ", sentence.lower()).strip() in tails


def fronted_moved(question: str) -> str | None:
    """'Across all the papers written by A's co-authors, which venues show up?' -> 'Which venues show up across all the
    papers written by A's co-authors?': a phrase led by one of the lexicon's `frame_prepositions` before the first
    comma is moved after the question it frames; None when the question opens with no such phrase."""
    match = re.match(r"\s*([^,?]{3,160}),\s+(.+?)\s*([?.!]*)\s*$", question, re.DOTALL)
    if not match:
        return None
    phrase, rest, end = match.groups()
    tokens = tag(phrase.lower(), load("en"))
    asks = tag(rest.lower(), load("en"))
    frames = load("en").extra.get("frame_prepositions", [])
    if not tokens or tokens[0].text not in frames or not asks or asks[0].family != "head":
        return None
    mark = rest.find("?")
    asked, after = (rest[:mark].rstrip(), rest[mark:] + end) if mark >= 0 else (rest, end or "?")
    return f"{asked[:1].upper()}{asked[1:]} {phrase[:1].lower()}{phrase[1:]}{after}"  # (a remark after it stays last)


def tail_folded(question: str) -> str | None:
    """'Where were T1 and T2 published? One venue each': a short fragment after the question that asks nothing (no
    question word, at most `TAIL_WORDS` words) says how to answer it; it is read inside the question ('…, one venue
    each?'); None for any other question."""
    match = re.match(r"\s*(.*\S)\?\s+([^?]+?)[.!]?\s*$", question, re.DOTALL)
    if not match or len(match.group(2).split()) > TAIL_WORDS:
        return None
    tokens = tag(match.group(2).lower(), load("en"))
    if not tokens or any(t.family in ("head", "relation") for t in tokens):
        return None
    return f"{match.group(1)}, {match.group(2)[:1].lower()}{match.group(2)[1:]}?"


TAIL_WORDS = 5
ENUMERATOR = re.compile(r"(?:(?<=^)|(?<=[\s:;,.]))\(\s*(?:\d{1,2}|[ivx]{1,4}|[a-h])\s*\)\s*|"
                        r"(?:(?<=^)|(?<=[.?!:]\s))\d{1,2}[.)]\s+(?=[A-Z])")


def without_enumerators(question: str) -> str | None:
    """'Please (1) identify the venue of T1 and (2) identify the venue of T2', '1. Who …? 2. Who …?', 'Step 1: … Step 2:
    …' (lexicon `enumerator_words`): the markers that number a request's parts say nothing of what is asked; the
    question without them (two or more in a row), else None."""
    found = ENUMERATOR.findall(question) + _worded_enumerator().findall(question)
    if len(found) < 2:
        return None
    return " ".join(_worded_enumerator().sub("", ENUMERATOR.sub("", question)).split())


@lru_cache(maxsize=1)
def _worded_enumerator() -> re.Pattern:
    words = "|".join(re.escape(w) for w in load("en").extra.get("enumerator_words", [])) or "(?!)"
    return re.compile(rf"(?:(?<=^)|(?<=[.?!:]\s))(?:{words})\s+\d{{1,2}}\s*[:.)]\s+", re.IGNORECASE)


def with_steps_as_sentences(question: str) -> str:
    """'Identify the first author of T, then list every paper by that person.' -> '… of T. List every paper by that
    person.': a step joiner (lexicon `step_joiners`) before a request or a question word ends the step before it."""
    steps, commands = (load("en").extra.get(key, []) for key in ("step_joiners", "command_joiners"))
    joiners = "|".join(re.escape(j) for j in sorted(steps + commands, key=len, reverse=True))
    if not joiners or not re.search(rf"(?:{joiners})\s", question, re.IGNORECASE):
        return question

    anaphors = load("en").extra.get("anaphors", {})
    words = {w for forms in anaphors.get("kinds", {}).values() for w in forms} | {
        *anaphors.get("together", []), *load("en").extra.get("step_back_references", [])}

    def refers_back(at: int, text: str) -> bool:  # ('… and (2) identify the venue of T2' names its own thing)
        rest = text[at:].lower()
        return any(re.search(rf"(?<![\w'-]){re.escape(w)}(?![\w'-])", rest) for w in words)

    def split(match: re.Match) -> str:
        if not refers_back(match.end(), match.string):
            return match.group(0)
        typed = tag(match.group("next"), load("en"))
        following = [t for t in typed if t.family != "filler"] or typed
        command = following and (following[0].concept in ("head:command", "operator:list") or typed[0].text in
                                 load("en").extra.get("command_fillers", []) and following[0].family == "head")

        asks = command or following and following[0].family == "head" and match.group("joiner").lower() not in commands
        return f". {match.group('next')[:1].upper()}{match.group('next')[1:]}" if asks else match.group(0)
    pattern = re.compile(rf"\s*(?P<joiner>{joiners})\s+(?P<next>[\w-]+(?:\s+[\w-]+){{0,2}})", re.IGNORECASE)
    return outside_quotes(question, lambda piece: pattern.sub(split, piece))  # (not inside a quoted title)


def frame_folded(question: str) -> str | None:
    """'Looking at every paper A has authored, which primary topics do those papers have?' -> 'Which primary topics
    do the papers A has authored have?': a fronted frame (a participle or preposition of the lexicon's frames, then a
    noun phrase) that the asking part refers back to ('those papers', 'them') stands in that reference's place."""
    frames = load("en").extra.get("frame_participles", []) + load("en").extra.get("frame_prepositions", [])
    lead = "|".join(re.escape(f) for f in sorted(frames, key=len, reverse=True)) or "(?!)"
    quantifiers = "|".join(re.escape(q) for q in load("en").extra.get("frame_quantifiers", [])) or "(?!)"
    match = re.match(rf"\s*(?:{lead})\s+(?:(?:{quantifiers})\s+)*(?P<np>[^,?]{{3,160}}),\s+(?P<rest>.+)$",
                     question, re.IGNORECASE | re.DOTALL)
    if not match:
        return None
    rest = match.group("rest")
    found = _references().search(rest.lower())
    if found is None:
        return None
    following = re.match(r"\s+([\w-]+)", rest[found.end():])
    kind = load("en").concept(following.group(1).lower()) if following else None
    head = re.match(r"[\w-]+", match.group("np").strip())
    if not (kind or "").startswith("kind:") or head is None or load("en").concept(head.group(0).lower()) != kind:
        return None  # only 'those papers' after a frame of papers: 'they' may be anyone named
    folded = rest[:found.start()] + f"the {match.group('np').strip()}" + rest[found.end() + following.end():]
    return folded[:1].upper() + folded[1:]


def asking_tokens(text: str) -> list[Token]:
    """The tokens of the last sentence that asks (has a wh-word, 'how many' or a command), else of the last one
    that ends with a question mark (a statement after it is a remark), else of the last one."""
    parts = clauses(text)
    tagged = [stranded_readings(_after_a_fronted_clause(c), tag(_after_a_fronted_clause(c), load("en"))) for c in parts]
    # ('which did A publish in?': the stranded 'in' names the venue asked)
    tagged = [t for t in tagged if not instruction_only(t)] or tagged  # 'Give the value rounded to …': says how
    asking = [t for t, c in zip(tagged, parts) if any(k.concept in ASKING_HEADS for k in t) and not _asker_says(t, c)
              or _restated_request(c) and c is not parts[0]]  # ('Could you look up T? I need the names of …')
    negations = load("en").extra.get("code_words", {}).get("negations", [])
    marked = [k for k, c in enumerate(parts) if c.rstrip().endswith("?")]  # ('Did A …? Our lass is adamant they did.')
    remarks_after = marked and not any(t.family in MEANING_FAMILIES and t.concept != "head:aux" and
                                       t.text not in negations or t.concept == "mention"
                                       for t in (w for later in tagged[marked[-1] + 1:] for w in later))
    chosen = (asking or ([tagged[marked[-1]]] if remarks_after else tagged))[-1]
    at = next(i for i, t in enumerate(tagged) if t is chosen)
    if 0 < at < len(parts) and is_list_tail(parts[at]) and _a_wh_question(parts[at - 1], tagged[at - 1]):
        return tagged[at - 1]  # ('Who wrote those cited papers? Name them all.': the tail lists what is asked)
    return _kind_named_before(chosen, tagged[:at], is_list_tail(parts[at]) if at < len(parts) else False)


def _a_wh_question(clause: str, tokens: list[Token]) -> bool:
    """A sentence ending with a question mark that opens with a question word ('Who wrote …?', 'With whom …?'), not
    a command or a yes/no question ('Is there anyone who …?')."""
    words = [t for t in tokens if t.family not in ("filler", "function")]
    return clause.rstrip().endswith("?") and bool(words) and words[0].concept in ASKING_HEADS and \
        words[0].concept != "head:command"


def _kind_named_before(tokens: list[Token], before: list[list[Token]], tail: bool) -> list[Token]:
    """'The organisers want the venues A has published in. Which are they?', '… those they led. Which ones have them
    as first author?': a bare list tail, or a pro-form of the lexicon's `kind_pro_forms` after the question word,
    asks for the kind the first kind noun of the nearest sentence before it that names one."""
    forms = load("en").extra.get("kind_pro_forms", [])
    named = next(([t for t in sentence if t.family == "kind"] for sentence in reversed(before)
                  if any(t.family == "kind" for t in sentence)), [])  # (the head noun of the nearest such sentence)
    if not named or any(t.family == "kind" for t in tokens):
        return tokens
    if tail:
        return [tokens[0], named[0], *tokens[1:]]
    heads = [i for i, t in enumerate(tokens[:-1]) if t.concept == "head:which" and tokens[i + 1].text in forms]
    if heads:
        i = heads[0]
        return [*tokens[:i + 1], named[0], *tokens[i + 2:]]
    return tokens


def _asker_says(tokens: list[Token], clause: str) -> bool:
    """'I'm trying to see where they acted as senior author.': a sentence the asker says of themselves (it opens with
    the lexicon's `clause_subjects` and asks nothing with a question mark) holds no question word that asks."""
    subjects = load("en").extra.get("context_words", {}).get("clause_subjects", [])
    first = next((t for t in tokens if t.family != "filler"), None)
    framed = clause.lower().lstrip(" ?.!,").startswith(tuple(
        load("en").extra.get("reported_claims", {}).get("first_person", [])))  # ('I think that's total over count')
    return (framed or first is not None and first.text in subjects) and not clause.rstrip().endswith("?")


def _after_a_fronted_clause(clause: str) -> str:
    """'Once their debut year was behind them, what did A go on to publish?': the part from the first comma-led
    segment that opens with a question word, when the segments before it hold none (a fronted clause asks nothing)."""
    segments = clause.split(",")
    for k, segment in enumerate(segments[1:], 1):
        first = next((t for t in tag(segment, load("en")) if t.family not in ("filler", "function")), None)
        if first is not None and first.family == "head" and first.concept not in ("head:aux", "head:command"):
            # ('Excluding V, in which serials has A published?': a preposition may lead the question word)
            before = [t for part in segments[:k] for t in tag(part, load("en"))]
            if not any(t.family == "head" and t.concept != "head:aux" for t in before):
                return ",".join(segments[k:]).strip()
            return clause
    return clause


def asks_a_kind_named_before(asking: str) -> bool:
    """A bare list tail ('Which are they?') or a question word with a pro-form and no kind noun ('Which ones have
    them as first author?') asks for things the sentences before it name, not for a person (asking_sentence)."""
    tokens = tag(asking.lower(), load("en"))
    forms = load("en").extra.get("kind_pro_forms", [])
    pro_form = any(a.concept == "head:which" and b.text in forms for a, b in zip(tokens, tokens[1:]))
    return is_list_tail(asking) or pro_form and not any(t.family == "kind" for t in tokens)


def referred_kind_unanswered(question: str, plan: dict[str, Any]) -> list[str]:
    """'… the venues this person has published in. Which are they?': when the asking sentence takes its kind from a
    sentence before it (a bare list tail or a pro-form), the plan must return that kind."""
    from hgrag.agents.understanding.alignment import masked_question
    from hgrag.agents.understanding.asked_head import asked_kind
    from hgrag.agents.understanding.signature import output_kind

    text = masked_question(question, plan)
    parts = clauses(text)
    if len(parts) < 2 or not plan.get("ir"):
        return []
    asked = asking_tokens(text)
    referred = asks_a_kind_named_before(parts[-1]) and any(t.family == "kind" for t in asked)
    kind, returned = asked_kind(asked), output_kind(plan["ir"])
    if not referred or kind in (None, "yes/no", "number") or returned in (None, kind, "value"):
        return []
    return [f"{kind} asked by '{parts[-1].strip()}' (the kind named before it; the plan returns {returned})"]


BRACKETED = re.compile(r"\s*\([^()\"“”]*\)")


def without_bracketed_notes(question: str) -> str | None:
    """The question without its bracketed notes outside quotes ('… (outgoing citations only)?'); None when it has none."""
    bare = outside_quotes(question, lambda piece: BRACKETED.sub("", piece))
    return " ".join(bare.split()) if bare != question and bare.strip() else None
