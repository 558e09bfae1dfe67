"""Question-plan checks for what a question says around its asking part: an entity named in a
context sentence that a back-reference of another kind cannot mean ("my colleague A had a big
year in 2021. How many papers did B put out that year?" - "that year" is 2021, not A), and a
yes/no question about something the graph does not record ("has A won any awards?")."""

from __future__ import annotations

import re
from typing import Any

from hgrag.state.plan_ir import walk

# a back-reference in the asking sentence -> the kinds of entity it can mean
BACK_REFERENCES: tuple[tuple[re.Pattern[str], frozenset[str]], ...] = (
    (re.compile(r"\b(that|this|the same|that same|which|the very same) (year|time)\b|\bback then\b|\bthen\b"), frozenset({"year"})),
    (re.compile(r"\bthere\b|\b(that|this|the same) (venue|journal|conference|outlet|place|magazine|proceedings)\b"),
     frozenset({"venue"})),
    (re.compile(r"\b(he|she|his|her|him|hers|himself|herself)\b|\b(that|this|the same) (author|person|researcher|"
                r"scientist|guy|woman|man|scholar|colleague|writer)\b"), frozenset({"author"})),
    (re.compile(r"\b(it|its|itself)\b|\b(that|this|the same) (paper|article|work|publication|one|study)\b"),
     frozenset({"paper", "venue"})),
    (re.compile(r"\b(they|them|their|theirs|those|these|both|either|neither|former|latter|same|above|aforementioned)\b"),
     frozenset({"author", "paper", "venue", "year"})),
)
# "the authors of X ... all of them together": "them" means the group named in the same sentence
GROUP_NOUN = re.compile(r"\b(authors|co-?authors|writers|people|papers|team)\b")
GROUP_PHRASE = re.compile(r"\b((all|each|both|any|every one|none|some|most) of (them|those)|they all|them all)"
                          r"( together| combined| in total)?")
STOP_EXTRA = r"(?<!\bal\.)(?<!\bdr\.)(?<!\be\.g\.)(?<!\bi\.e\.)(?<!\b[a-z]\.)(?<!\bno\.)(?<!\bvol\.)"
YEAR = re.compile(r"\b(1[89]\d\d|20\d\d)\b")


def _holes(question: str, mentions: list[dict[str, Any]]) -> str:
    """The question with mention i (longest first) replaced by ' zzm<i> ', typed spelling included."""
    text = question.replace("\u2019", "'")
    for i, mention in enumerate(mentions):
        for typed in dict.fromkeys(t for t in (mention.get("text"), mention.get("relinked_from")) if t):
            text = re.sub(re.escape(typed), f" zzm{i} ", text, flags=re.IGNORECASE)
    return text


def _referable_kinds(asking: str, context: str) -> set[str]:
    """The kinds of entity the asking sentence's back-references can mean."""
    group = GROUP_NOUN.search(asking)
    if group:
        asking = asking[:group.end()] + GROUP_PHRASE.sub(" ", asking[group.end():])
    kinds: set[str] = set()
    for pattern, meant in BACK_REFERENCES:
        if pattern.search(asking):
            kinds |= meant
            asking = pattern.sub(" ", asking)  # "that same year" is no generic "same"
    if "year" in kinds and not YEAR.search(re.sub(r"zzm\d+", " ", context)):
        kinds |= {"paper"}  # "that year" with no year written: the year of a paper named before
    return kinds


def context_entity_misread(question: str, plan: dict[str, Any]) -> list[str]:
    """Entities named only in a context sentence that the plan uses although the asking sentence
    names its own entity and refers back only to something of another kind (a year, a venue)."""
    return _misread(question, plan)[0]


# a second party the asking sentence may mean by a description ("with my supervisor", "than the guy")
SECOND_PARTY = re.compile(r"\b(with|together|jointly|both|share|shared|shares|common|co-?\w+|cites?|cited|citing|than|"
                          r"versus|vs|compared|my|our|mentioned|said|named|above|and zzm\d+|zzm\d+ and)\b")


def context_to_set_aside(question: str, plan: dict[str, Any]) -> list[str]:
    """The context entities a plan may leave out: the asking sentence refers back to a year or a
    venue of the context and names no second party it could mean by a description."""
    found, asking, kinds = _misread(question, plan)
    if not found or not kinds or not kinds <= {"year", "venue"} or SECOND_PARTY.search(asking):
        return []
    return found


def _misread(question: str, plan: dict[str, Any]) -> tuple[list[str], str, set[str]]:
    used: set[str] = set()
    for op in walk(plan.get("ir")):
        used.update(op.get("ids") or [])
    mentions = sorted((m for m in plan.get("anchors", []) if m.get("node_id") in used and m.get("text")),
                      key=lambda m: -len(m["text"]))
    if len(mentions) < 2:
        return [], "", set()
    from hgrag.agents.question_check import NOT_A_STOP, known_and_left_out

    stop = rf"(?<=[.!?]){NOT_A_STOP}{STOP_EXTRA}\s+"
    sentences = [s for s in re.split(stop, _holes(question, mentions).lower()) if s.strip()]
    if len(sentences) < 2:
        return [], "", set()
    asking = next((s for s in reversed(sentences) if "?" in s), sentences[-1])
    context = " ".join(s for s in sentences if s is not asking)
    named_in_asking = set(re.findall(r"zzm\d+", asking))
    if not named_in_asking:
        return [], "", set()
    kinds = _referable_kinds(asking, context)
    found = []
    for hole in dict.fromkeys(re.findall(r"zzm\d+", context)):
        mention = mentions[int(hole[3:])]
        if hole not in named_in_asking and mention.get("type") not in kinds and not known_and_left_out(mention, asking):
            found.append(f"'{mention['text']}' (named only as context)")
    group = GROUP_NOUN.search(asking)
    bare = asking[:group.end()] + GROUP_PHRASE.sub(" ", asking[group.end():]) if group else asking
    return found, bare, kinds


UNRECORDED_YES_NO = re.compile(r"\b(?:has|have|had|did|does|do)\s+zzm\s+(?:(?:ever|already|yet|actually|really|"
                               r"once|recently|also|still|even)\s+)*(?:been\s+)?([a-z][\w-]*)\s+(?:(?:any|an?|the|some|"
                               r"many|several|one|major|big|notable|important)\s+)*([a-z][\w-]*)")


def unrecorded_yes_no(text: str) -> list[str]:
    """'Has A won any awards?', 'did A get a grant': a yes/no question whose verb or object names
    something the graph does not record (awards, funding, ...) cannot be answered by A's papers."""
    from hgrag.agents.unsupported import _missing_for

    found = []
    for match in UNRECORDED_YES_NO.finditer(text):
        for word in match.groups():
            missing = _missing_for(word)
            if missing:
                found.append(word)  # the unsupported explanation names what the graph lacks
                break
    return found
