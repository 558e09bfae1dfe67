"""Refinements of the previous answer set ('only those after 2010', 'just the ones in V', 'how many
is that?', 'which is the oldest?') as plan IR over that set, and ellipsis ('and in 2015?', 'what about
V?') as the previous question with one slot changed."""

from __future__ import annotations

import re
from typing import Any

from hgrag.agents.conversation.lexicon import (
    all_type_nouns,
    alternation,
    lexicon,
    search_words,
    starts_with,
    type_of_noun,
    words,
)
from hgrag.agents.conversation.memory import Turn
from hgrag.agents.conversation.pick import answered, clarify_text, last_set
from hgrag.agents.conversation.references import YEAR, fragment_only, selections

LINKED = ("author", "paper", "venue")


def _linked(spans: list[Any]) -> list[Any]:
    return [s for s in spans if s.type in LINKED and s.candidates]


def year_filters(text: str) -> list[tuple[str, Any]]:
    """(cmp, value) pairs for the years of a fragment: 'after 2010' -> ('>', 2010); a bare year is '='."""
    table = lexicon()["year_comparisons"]
    found, used = [], set()
    between = re.search(rf"\bbetween\s+({YEAR})\s+and\s+({YEAR})\b", text)
    if between:
        found.append(("between", [int(between.group(1)), int(between.group(2))]))
        used.update({between.start(1), between.start(2)})
    after = lexicon()["year_suffixes"]  # '2018 or later', 'from 2025 onwards'
    pattern = rf"\b(?:(?P<cmp>{alternation(tuple(table))})[\s-]+)?(?P<y>{YEAR})\b(?:\s+(?P<after>{alternation(tuple(after))})\b)?"
    for match in re.finditer(pattern, text):
        if match.start("y") in used:
            continue
        word = re.sub(r"\s+", " ", match.group("cmp") or "in")
        suffix = re.sub(r"\s+", " ", match.group("after") or "")
        found.append((after[suffix] if suffix else table.get(word, "="), int(match.group("y"))))
    return found


def refinement(low: str, spans: list[Any], history: list[Turn], store: Any) -> dict[str, Any] | None:
    """An IR over the previous answer set, or None when `low` is not a refinement of it."""
    lex = lexicon()
    kind, rest = None, low
    opener = starts_with(low, words("count_phrases"))
    listing = starts_with(low, words("list_phrases"))
    if listing:
        kind, rest = "list", low[len(listing):]
    elif opener:
        kind, rest = "count", low[len(opener):]
    elif starts_with(low, words("refine_openers")):
        opener = starts_with(low, words("refine_openers"))
        kind, rest = "filter", low[len(opener):]
    elif starts_with(low, words("which_openers")):
        opener = starts_with(low, words("which_openers"))
        extreme = re.search(rf"\b(?:{alternation(tuple(lex['extremes']))})(?![\w'-])", low[len(opener):])
        if extreme:
            kind, rest = "top", low[len(opener):].replace(extreme.group(0), " ", 1)
            key = lex["extremes"][re.sub(r"\s+", " ", extreme.group(0))]
        else:
            kind, rest = "filter", low[len(opener):]
    offset = len(low) - len(rest)  # where `rest` starts in `low`: after a leading opener
    if not kind and _closing_opener(low):  # 'pre-2008 ones only', 'those in V only': the opener closes it
        kind, rest, offset = "filter", low[:low.rstrip(" ?.!").rfind(" ")], 0
    if not kind:
        return None
    shifted = [_shift(s, offset) for s in spans]
    if kind == "count" and _linked(shifted) and not search_words("set_words", low):
        return None  # 'how many papers does B have?' asks about B; 'how many of them are by B?' narrows the set
    extra = tuple(w for phrase in list(lex["year_comparisons"]) + list(lex["year_suffixes"]) for w in phrase.split()) + tuple(w for p in lex["set_words"] + lex["count_phrases"] for w in p.split()) \
        + tuple(lex["filter_verbs"]) + tuple(lex["refinement_words"]) \
        + all_type_nouns()  # a noun of another type than the set's is refused below ('named')
    inclusive = _inclusive_words(rest, shifted)  # 'since 2001 (inclusive)', 'before 2010, inclusive'
    restating = _restating(rest, shifted, history, relations=kind == "count" and not _linked(shifted))
    if not fragment_only(rest, shifted, extra + restating + inclusive) \
            or (kind == "filter" and not (_linked(shifted) or re.search(YEAR, rest))):
        return None
    if _own_clause(low, rest, shifted) or kind == "top" and _asks_attribute(rest, shifted):
        return None  # 'what year is the oldest one from?' asks about the item the ranking picks
    items, turn = last_set(history)
    if not items:
        return {"kind": "clarify", "clarify": clarify_text("nothing", phrase=low.strip(" ?"))}
    node_type = items[0]["type"]
    if _linked(shifted) and node_type != "paper":
        return None  # a venue, an author or a cited paper narrows papers only ('the number for B' is no filter)
    named = {type_of_noun(w) for w in re.findall(r"[\w'-]+", _outside_spans(rest, shifted))} - {None}
    if named and named != {node_type}:
        return None  # 'their most cited paper' over authors: not a refinement of that set
    if _pronoun_types(_outside_spans(rest, shifted)) - {node_type}:
        return None  # 'her most recent paper' after a list of papers: 'her' is a person, not that list
    ir: dict[str, Any] = {"op": "match", "ids": [it["id"] for it in items], "type": node_type, "text": ""}
    for cmp, value in year_filters(_outside_spans(rest, shifted)):
        cmp = {">": ">=", "<": "<="}.get(cmp, cmp) if inclusive else cmp
        ir = {"op": "filter", "input": ir, "attr": "year", "cmp": cmp, "value": value}
    for span in _linked(shifted):
        attr = {"venue": "venue", "author": "author", "paper": "cites"}[span.type]
        ir = {"op": "filter", "input": ir, "attr": attr, "cmp": "=", "value": span.candidates[0].node_id}
    if kind == "count":
        ir = {"op": "aggregate", "input": ir, "fn": "count"}
    elif kind == "top":
        ir = {"op": "top", "input": ir, "key": key[0], "order": key[1]}
    label = f"the {len(items)} {node_type}{'s' if len(items) != 1 else ''} of turn {turn['turn']}'s answer"
    modifiers = _modifier_words(rest, shifted)
    wording = {"count": f"How many {node_type}s {modifiers}", "filter": f"Which {node_type}s {modifiers}",
               "list": f"Which {node_type}s {modifiers}",
               "top": f"Which {node_type} {modifiers} {key[2] if kind == 'top' else ''}"}
    conditions = [{"text": span.text, "type": span.type, "node_id": span.candidates[0].node_id,
                   "label": span.candidates[0].label} for span in _linked(shifted)]
    return {"kind": "refinement", "ir": ir, "set": items, "turn": turn["turn"], "conditions": conditions,
            "question": " ".join(wording[kind].split()) + "?",
            "taken": [f"'{low.strip(' ?')}' refers to {label} ({_names(items)})"]}


def _pronoun_types(text: str) -> set[str]:
    """'author' when `text` holds a personal pronoun ('her', 'his'): it stands for a person, whatever the set
    ('there' in 'are there' or 'it' name no one type)."""
    found = set()
    for pronoun, spec in lexicon()["pronouns"].items():
        if spec.get("type") == "author" and re.search(rf"(?<![\w'-]){re.escape(pronoun)}(?![\w'-])", text):
            found.add(spec["type"])
    return found


def _closing_opener(low: str) -> bool:
    """A one-word refinement opener closing the fragment ('pre-2008 ones only')."""
    words_ = low.rstrip(" ?.!").split()
    return len(words_) > 1 and words_[-1] in [w for w in words("refine_openers") if " " not in w]


def _restating(rest: str, spans: list[Any], history: list[Turn], relations: bool) -> tuple[str, ...]:
    """Words of a fragment that add nothing to the earlier answer set: words of the concepts the lexicon
    declares restating ('in total', 'different'), and in a count that names nothing new (`relations`), words
    whose IR signature the plan of that set already has ('how many citing papers?' after the papers citing T;
    but 'who co-wrote the oldest one?' asks something of the item, and 'how many papers has B written?' is a
    new question)."""
    from hgrag.agents.understanding.lexicon import load, signatures
    from hgrag.agents.understanding.signature import all_features

    _, turn = last_set(history)
    had = all_features((turn or {}).get("ir"))
    declared = set(lexicon()["restating_concepts"])
    found = []
    for token in re.findall(r"[\w'-]+", _outside_spans(rest, spans)):
        concept = load("en").concept(token) or ""
        wanted = set((signatures().get(concept) or {}).get("any") or [])
        if concept in declared or concept.split(":")[0] in declared or relations and wanted & had:
            found.append(token)
    return tuple(found)


def _inclusive_words(rest: str, spans: list[Any]) -> tuple[str, ...]:
    from hgrag.agents.understanding.lexicon import load

    tokens = re.findall(r"[\w'-]+", _outside_spans(rest, spans))
    return tuple(t for t in tokens if load("en").concept(t) == "instruction:inclusive")


def _asks_attribute(rest: str, spans: list[Any]) -> bool:
    from hgrag.agents.understanding.lexicon import load

    concepts = {load("en").concept(t) or "" for t in re.findall(r"[\w'-]+", _outside_spans(rest, spans))}
    return any(c.startswith("attribute:") for c in concepts)


def _own_clause(low: str, rest: str, spans: list[Any]) -> bool:
    """'how many papers has B written?': a person named with a verb of their own, and no word pointing
    back at the earlier answer, is a new question about that person, not a filter of the answer."""
    people = [s for s in _linked(spans) if s.type == "author"]
    if not people:
        return False
    tokens = set(re.findall(r"[\w'-]+", _outside_spans(rest, spans)))
    pointers = {w for phrase in words("set_words") for w in phrase.split()} - {"the"}
    return bool(tokens & set(words("agent_verbs"))) and not any(w in pointers for w in re.findall(r"[\w'-]+", low))


def _modifier_words(rest: str, spans: list[Any]) -> str:
    """The refinement's conditions in words ('after 2010 in Computer Networks') for the question check."""
    lex = lexicon()
    parts = []
    inclusive = _inclusive_words(rest, spans)
    for cmp, value in year_filters(_outside_spans(rest, spans)):
        cmp = {">": ">=", "<": "<="}.get(cmp, cmp) if inclusive else cmp
        word = lex["filter_wording"].get(cmp, "in")
        parts.append(f"between {value[0]} and {value[1]}" if cmp == "between" else f"{word} {value}")
    for span in _linked(spans):
        label = span.candidates[0].label if span.candidates else span.text  # 'MICRO', not the lower-cased 'micro'
        name = f"'{label}'" if span.type == "paper" else label
        parts.append(f"{lex['attribute_wording'][{'venue': 'venue', 'author': 'author', 'paper': 'cites'}[span.type]]} {name}")
    return " ".join(parts)


def _names(items: list[Any]) -> str:
    names = [f"'{it['label']}'" for it in items[:4]]
    return ", ".join(names) + (f" and {len(items) - 4} more" if len(items) > 4 else "")


def _shift(span: Any, offset: int) -> Any:
    from dataclasses import replace

    return replace(span, start=span.start - offset, end=span.end - offset) if span.start >= 0 else span


def _outside_spans(text: str, spans: list[Any]) -> str:
    chars = list(text)
    for span in spans:
        for i in range(max(span.start, 0), min(span.end, len(chars))):
            chars[i] = " "
    return "".join(chars)


def ellipsis(low: str, text: str, spans: list[Any], years: list[int], history: list[Turn]) -> dict[str, Any] | None:
    """'and in 2015?' / 'what about V?' / 'and for her co-author B?': the previous question with the
    slot of the same kind changed; None when `low` is not such a fragment."""
    if any(r.kind in ("ordinal", "year", "extreme") for r in selections(low, spans)):
        return None  # 'the 2019 one' picks an item; it does not change the previous question
    opener = starts_with(low, words("ellipsis_openers")) or ""
    rest = low[len(opener):]
    shifted = [_shift(s, len(opener)) for s in spans]
    counted = _counted_last(history)  # 'number?' then 'and the number for B': B's set, counted again
    counting = tuple(w for p in words("count_phrases") for w in p.split()) if counted else ()
    rest = _without_restating_tail(rest, shifted, history)  # 'swap in C for B — any joint paper?'
    if not fragment_only(_without_name_joiners(rest, shifted), shifted, tuple(lexicon()["year_comparisons"]) + counting):
        return None
    new_spans = _linked(spans)
    if not new_spans and not re.search(YEAR, _outside_spans(low, spans)):
        return None
    turns = [t for t in answered(history) if t.get("kind") != "refinement"]
    if not turns or not turns[0]["question"]:
        return {"kind": "clarify", "clarify": clarify_text("no_frame", phrase=text.strip())}
    frame = turns[0]
    question, taken = frame["question"], [f"'{text.strip()}' continues turn {frame['turn']} ('{frame['question']}')"]
    for cmp, value in year_filters(_outside_spans(rest, shifted)):
        question, note = _swap_year(question, cmp, value)
        if note is None:
            return {"kind": "clarify", "clarify": clarify_text("no_slot", phrase=text.strip(), previous=frame["question"])}
        taken.append(note)
    again = {s.candidates[0].node_id for s in new_spans} & {a["id"] for a in frame["anchors"]}
    replacing = words("replacing_phrases") + (["for"] if opener.strip() in words("swap_openers") else [])
    replaced = {s.candidates[0].node_id for s in new_spans if s.candidates[0].node_id in again
                and _led_by(low, s.start, replacing)}  # 'C instead of B', 'swap in C for B': B goes
    for span in new_spans:
        if span.candidates[0].node_id in again:
            continue  # named again: 'how about A with C?' after 'A and B' keeps A; 'instead of B' drops B
        question, note = _swap_entity(question, span, frame, _word_before(low, span.start), again - replaced,
                                      replaced)
        if note is None:
            return {"kind": "clarify", "clarify": clarify_text("no_slot", phrase=text.strip(), previous=frame["question"])}
        taken.append(note)
    result = {"kind": "ellipsis", "question": question, "taken": taken, "turn": frame["turn"]}
    if counted and frame is not history[-1] and any(w in counting for w in re.findall(r"[\w'-]+", rest)):
        result.update(count=True)
        taken.append("counted, as the last answer was")
    return result


def _without_restating_tail(rest: str, spans: list[Any], history: list[Turn]) -> str:
    """The fragment without a closing clause that only restates the previous question ('… — any joint paper?'
    after 'have A and B collaborated on a paper?'): every word of it is a function word, a filler or a word
    whose concept the previous question has (or the yes/no opener it asks with)."""
    from hgrag.agents.understanding.lexicon import load

    turns = [t for t in answered(history) if t.get("kind") != "refinement"]
    cut = max((m.start() for m in re.finditer(r"\s+[—–-]\s+|\s*[:;,]\s+", rest)), default=-1)
    if not turns or cut < 0 or any(s.start >= cut for s in spans):
        return rest
    lexicon, previous = load("en"), turns[0]["question"].lower()
    had = {lexicon.concept(w) for w in re.findall(r"[\w'-]+", previous)} - {None}
    own = set(lexicon.extra.get("yes_no_openers", []))
    tail = [w for w in re.findall(r"[\w'-]+", rest[cut:])]
    restates = all(w in own or (lexicon.concept(w) or "function:").split(":")[0] in ("function", "filler", "general")
                   and lexicon.concept(w) is not None or lexicon.concept(w) in had
                   or (lexicon.concept(w.rstrip("s")) or "") in had for w in tail)
    return rest[:cut] if tail and restates else rest


def _counted_last(history: list[Turn]) -> bool:
    """Was the last turn a count of an earlier answer set ('how many is that?', 'number?')?"""
    last = history[-1] if history else None
    ir = (last or {}).get("ir") or {}
    return bool(last and last.get("kind") == "refinement" and ir.get("op") == "aggregate" and ir.get("fn") == "count")


def _without_name_joiners(text: str, spans: list[Any]) -> str:
    """`text` with the words that join two names blanked ('and A and C?' names two people), so a fragment
    of several names reads as a fragment; elsewhere 'and' is not a fragment word."""
    linked = sorted(_linked(spans), key=lambda s: s.start)
    joiners = rf"\s*(?:{alternation(tuple(words('name_joiners')))})\s*"
    for left, right in zip(linked, linked[1:]):
        if re.fullmatch(joiners, text[left.end:right.start]):
            text = text[:left.end] + " " * (right.start - left.end) + text[right.start:]
    return text


def _quoted_ranges(text: str) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in re.finditer(r"'[^']{3,}'|\"[^\"]{3,}\"", text)]


def _swap_year(question: str, cmp: str, value: Any) -> tuple[str, str | None]:
    table = lexicon()["filter_wording"]
    quoted = _quoted_ranges(question)
    words_of = alternation(tuple(lexicon()["year_comparisons"]) + ("between",))
    olds = [m for m in re.finditer(rf"\b(?:(?:{words_of})\s+)?{YEAR}(?:\s+and\s+{YEAR})?\b", question)
            if not any(a <= m.start() < b for a, b in quoted)]
    phrase = (f"between {value[0]} and {value[1]}" if cmp == "between" else f"{table.get(cmp, 'in')} {value}")
    if len(olds) > 1:
        return question, None
    if olds:
        old = olds[0].group(0)
        phrase = str(value) if cmp == "=" and re.fullmatch(YEAR, old) else phrase  # 'how many 2007 papers' -> 2006
        return question[:olds[0].start()] + phrase + question[olds[0].end():], f"'{phrase}' replaces '{old}'"
    body = question.rstrip(" ?.")
    return f"{body} {phrase}?", f"'{phrase}' added"


def _led_by(text: str, at: int, phrases: list[str]) -> bool:
    """Does one of `phrases` end right before position `at`?"""
    before = " ".join(text[:at].lower().split())
    return any(before.endswith(phrase) for phrase in phrases)


def _word_before(text: str, at: int) -> str:
    words_before = re.findall(r"[\w'-]+", text[:at].lower())
    return words_before[-1] if words_before else ""


def _swap_entity(question: str, span: Any, frame: Turn, word_before: str = "",
                 kept: set[str] | frozenset[str] = frozenset(),
                 replaced: set[str] | frozenset[str] = frozenset()) -> tuple[str, str | None]:
    """The previous question with the one mention of the span's type replaced by the span: the one the
    fragment says it replaces ('instead of B'), else the only one of that type (other than those the
    fragment names again, `kept`), or the only one the same preposition leads in ('what about with C'
    after '... with B'; never 'and', which joins names rather than marks a slot: `slot_lead_words`)."""
    new = span.text if span.type != "paper" or span.text.startswith(("'", '"')) else f"'{span.text}'"
    same = [a for a in frame["anchors"] if a["type"] == span.type and a["id"] not in kept]
    named_out = [a for a in same if a["id"] in replaced]
    same = named_out or same
    if len(same) > 1 and word_before in words("slot_lead_words"):
        led = [a for a in same if (at := _find(question, _mention(frame, a))) >= 0
               and _word_before(question, at) == word_before]
        same = led if len(led) == 1 else same
    if len(same) == 1:
        old = _mention(frame, same[0])
        at = _find(question, old)
        if at >= 0:
            if at > 0 and question[at - 1] in "'\"":
                new = span.text.strip("'\"")
            return question[:at] + new + question[at + len(old):], f"'{new}' replaces '{old}'"
    if not same and span.type == "venue":
        return f"{question.rstrip(' ?.')} in {new}?", f"'{new}' added as the venue"
    return question, None


def _mention(frame: Turn, anchor: dict[str, Any]) -> str:
    return frame["mentions"].get(anchor["id"], anchor["label"])


def _find(question: str, mention: str) -> int:
    return question.lower().find(mention.lower())
