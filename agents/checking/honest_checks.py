"""Question-plan checks for free-typed wordings whose misreading gives a confident wrong answer and that the
lexicon check does not yet read: a paper named only as the one the asker already has ("I have the doi of X, now
I need the one for Y"), one year read as a span, a heading naming what the plan leaves out, a venue meant but not
linked, and the context checks of honest_context."""

from __future__ import annotations

import re
from typing import Any

from hgrag.agents.checking.honest_context import back_reference_missed, context_entity_misread, two_read_as_more
from hgrag.state.plan_ir import walk


def _words(name: str) -> list[str]:
    from hgrag.agents.understanding.lexicon import load

    return load("en").extra.get("context_words", {}).get(name, [])


def _alternation(name: str) -> str:
    from hgrag.agents.understanding.cue_words import phrase_alternation

    return f"(?:{phrase_alternation(_words(name))})"


ALREADY_HAVE = re.compile(rf"\b({_alternation('already_have')})\b[^.;?!]*?\bzzm(\d+)")


def already_known_used(question: str, plan: dict[str, Any]) -> list[str]:
    """'I already have the doi of X, now I need the one for Y': X is what the asker has, so a plan
    that answers about X (alone or with Y) answers what was not asked."""
    from hgrag.agents.checking.mention_use import numbered_holes, used_ids

    anchors = sorted((a for a in plan.get("anchors", []) if a.get("text") and a.get("node_id")),
                     key=lambda a: -len(a["text"]))
    text = numbered_holes(question, [a["text"] for a in anchors]).lower()
    used = used_ids(plan.get("ir"))
    left_out = _left_out_ids(plan.get("ir"))
    found = []
    for match in ALREADY_HAVE.finditer(text):
        anchor = anchors[int(match.group(2))]
        if _of_a_relation(text[match.end(1):]):
            continue  # 'what had A already published before T came out': a time of the relation, nothing known
        if anchor.get("node_id") in left_out:
            continue  # 'I already know A works with B. Who else …?': the plan leaves A out, as asked
        if re.match(r"\s*'s\b", text[match.end():]) and re.search(r"\b(else|other|others|more|elsewhere)\b",
                                                                    text[match.end():]):
            continue  # "I already know A's V papers. What else did they publish?": A's other papers are asked
        other = re.search(rf"\b(?:one|it|that|same|those|ones) (?:for|of) (?!zzm{match.group(2)}\b)\S", text[match.end():])
        asked_again = len(re.findall(rf"\bzzm{match.group(2)}\b", text)) > 1 and re.search(
            rf"[.?!;]\s[^.?!;]*\bzzm{match.group(2)}\b[^.?!;]*\?", text)  # named again in the asking sentence
        if (len(anchors) >= 2 or other) and not asked_again and \
                {anchor.get("node_id"), *(anchor.get("candidates") or [])} & used:
            found.append(f"'{anchor['text']}' (the question says it is already known)")
    return found


def _of_a_relation(after: str) -> bool:
    """The word after 'already' is a relation word ('already published', 'already cited')."""
    from hgrag.agents.understanding.lexicon import load

    word = re.match(r"\s*([\w'-]+)", after)
    return bool(word) and (load("en").concept(word.group(1)) or "").startswith("relation:")


def _left_out_ids(ir: dict[str, Any] | None) -> set[str]:
    """The nodes a plan's differences take away (matched on a difference's right-hand side)."""
    from hgrag.state.plan_ir import walk

    ops = [op for op in walk(ir) if op.get("op") == "difference"] if ir else []
    return {i for op in ops for part in (op.get("inputs") or [])[1:] for m in walk(part)
            if m.get("op") == "match" and m is part for i in m.get("ids") or []}


def honest_parts(text: str, question: str, plan: dict[str, Any]) -> list[str]:
    """All the checks of this module: `text` is the asking part of the residue (mentions cut out)."""
    ir, whole = plan.get("ir"), _whole_residue(question, plan)
    return (already_known_used(question, plan) + unlinked_topic_prefix(question, plan)
            + venue_not_linked(whole, ir) + context_entity_misread(question, plan) + back_reference_missed(question, plan)
            + two_read_as_more(question, plan))


def _whole_residue(question: str, plan: dict[str, Any]) -> str:
    from hgrag.agents.checking.question_clauses import residue

    return residue(question, plan)


def _without_mentions(question: str, plan: dict[str, Any]) -> str:
    """The question as typed (no spelling correction) with quoted text and linked mentions cut out."""
    text = re.sub(r'["“„«][^"”»]{3,}["”»]', " zzm ", question)
    for anchor in sorted((a.get("text") or "" for a in plan.get("anchors", [])), key=len, reverse=True):
        if anchor:
            text = text.replace(anchor, " zzm ")
    return text


TITLE_GLUE = frozenset(_words("title_glue"))  # inside a title-case name
TOPIC_PREFIX = re.compile(r"^\s*([A-Z][\w&'-]*(?: [\w&'-]+){0,5})\s*:\s+\S")
LEAD_INS = frozenset(_words("heading_lead_ins"))


def _asks(word: str) -> bool:
    """A question word, an auxiliary or a command of the lexicon ('Was …: …' asks about a title with a colon)."""
    from hgrag.agents.understanding.lexicon import load

    concept = load("en").concept(word) or ""
    return concept.startswith("head:") or concept in ("operator:list", "operator:count")


def unlinked_topic_prefix(question: str, plan: dict[str, Any]) -> list[str]:
    """'Algorithmica: number of papers by A': a name set before the question like a heading (title
    case, not a lead-in like 'Question:') that no mention linked is a condition the plan leaves out."""
    from hgrag.agents.planning.intent import NOUNS
    from hgrag.agents.understanding.lexicon import load

    match = TOPIC_PREFIX.match(question)
    if not match:
        return []
    prefix = match.group(1)
    words = prefix.split()
    if _asks(words[0].lower()):
        return []  # 'Was Low Cost Security: Explicit…' asks about a title that holds a colon
    if any(w.lower() not in TITLE_GLUE and not (w[:1].isupper() or w[:1].isdigit()) for w in words):
        return []  # a lower-case word: a lead-in phrase ("For the hiring committee"), not a name
    known = set(load("en").extra.get("spelling_vocabulary", [])) | {w for ws in NOUNS.values() for w in ws} | LEAD_INS \
        | TITLE_GLUE | {"yes", "no", "true", "false", "author", "venue", "journal"}
    if all(w.lower().strip("'") in known for w in words):
        return []
    linked = [a.get("text") or "" for a in plan.get("anchors", [])]
    if any(prefix.lower() in t.lower() or t.lower() in prefix.lower() for t in linked if t):
        return []
    return [f"'{prefix}' (named before the question; my reading does not use it)"]


NOT_AFTER = "".join(rf"(?<!\b{re.escape(word)} )" for word in _words("there_not_after"))
VENUE_PRONOUN = re.compile(rf"\b{_alternation('venue_auxiliaries')} it (?:ever )?{_alternation('venue_verbs')}\b|"
                           rf"{NOT_AFTER}\bthere\b(?=\s*(?:[?.!,;]|$|{_alternation('there_followers')}\b))")
# (not 'there first paper', a typo of 'their'; "…recommended V. what did A put out there")
VENUE_PHRASE = re.compile(rf"\b{_alternation('venue_name_nouns')} {_alternation('venue_name_links')} (?:the )?[a-z][\w&-]+")


def venue_not_linked(text: str, ir: dict[str, Any] | None) -> list[str]:
    """'X seems a big outlet. How many times has it published work by A?' or '…papers in the journal
    of marine research': a venue the question means but no mention linked, so the plan counts
    everything by A; a plan with no venue in it does not answer that."""
    if not ir or any(op.get("op") == "match" and op.get("type") == "venue" or op.get("attr") == "venue"
                     or op.get("edge") == "published_in" and op.get("direction") == "out" for op in walk(ir)):
        return []  # (a venue named, or reached: 'the venue that published T: which other papers did it publish')
    match = VENUE_PRONOUN.search(text) or VENUE_PHRASE.search(text)
    return [f"'{match.group(0)}' (a venue I could not link)"] if match else []


