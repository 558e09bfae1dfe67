"""The words of agents/lexicon_graph_kinds.json, and finding them in a question (whole words,
longest phrase first, outside the spans of linked entities)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

LEXICON_FILE = Path(__file__).resolve().parent.parent / "lexicon_graph_kinds.json"


@lru_cache(maxsize=1)
def lexicon() -> dict[str, Any]:
    return json.loads(LEXICON_FILE.read_text(encoding="utf-8"))


@dataclass(frozen=True)
class Cue:
    start: int
    end: int
    group: str  # a kind (institution, topic, author, ...) or count / most / least / topical / year
    text: str


WORD = re.compile(r"\w+")


@lru_cache(maxsize=1)
def _phrases() -> list[tuple[str, str, re.Pattern]]:
    """(phrase, group, pattern), longest phrase first."""
    words = lexicon()
    pairs = [(p, kind) for kind, phrases in words["kinds"].items() for p in phrases]
    pairs += [(p, spec["kind"]) for spec in words.get("kind_attributes", {}).values() for p in spec["nouns"]]
    pairs += [(p, group) for group in ("count", "most", "least", "topical", "neutral") for p in words.get(group, [])]
    return [(p, g, re.compile(rf"(?<![\w-]){re.escape(p)}(?![\w-])"))
            for p, g in sorted(pairs, key=lambda pair: -len(pair[0]))]


@lru_cache(maxsize=1)
def _by_first_word() -> dict[str, list[int]]:
    """The phrases (their places in `_phrases()`) by their first word; '' for a phrase with no word."""
    index: dict[str, list[int]] = {}
    for i, (phrase, _, _) in enumerate(_phrases()):
        first = WORD.search(phrase)
        index.setdefault(first.group(0) if first else "", []).append(i)
    return index


def cues(question: str, taken: list[tuple[int, int]] = ()) -> list[Cue]:
    """Every lexicon phrase of `question` outside `taken` (character ranges of linked mentions),
    longest first where phrases overlap, in question order. Only phrases whose first word the question holds are
    looked for."""
    lowered = question.lower()
    found: list[Cue] = []
    used = list(taken)
    index, phrases = _by_first_word(), _phrases()
    wanted = sorted({i for w in set(WORD.findall(lowered)) | {""} for i in index.get(w, [])})
    owners = tuple(f"{w} " for w in lexicon().get("askers_possessives", []))
    for phrase, group, pattern in (phrases[i] for i in wanted):
        for hit in pattern.finditer(lowered):
            span = (hit.start(), hit.end())
            if any(span[0] < e and s < span[1] for s, e in used):
                continue
            if lowered[:span[0]].endswith(owners) and group in lexicon()["asks_kind"]:
                used.append(span)  # 'in our field': the asker's field, no kind named or asked
                continue
            used.append(span)
            found.append(Cue(span[0], span[1], group, question[span[0]:span[1]]))
    return sorted(found, key=lambda c: c.start)


def asked_attribute(asking: str) -> tuple[str, str] | None:
    """(attribute, kind) when a noun of the lexicon's `kind_attributes` asks for an attribute of a richer kind ('in
    which countries …': the institutions' country codes), else None."""
    for attr, spec in lexicon().get("kind_attributes", {}).items():
        if any(phrase_in(noun, asking) for noun in spec["nouns"]):
            return attr, spec["kind"]
    return None


def attribute_words(attrs: set[str]) -> list[str]:
    """The nouns and verbs of the given kind attributes (a plan that returns the attribute accounts for them)."""
    specs = lexicon().get("kind_attributes", {})
    return [w for attr in attrs if attr in specs
            for w in specs[attr]["nouns"] + specs[attr].get("verbs", []) + specs[attr].get("other_words", [])]


def rich_words() -> frozenset[str]:
    """Single words of the phrases that name an asked kind (the question-plan check accepts them)."""
    words = lexicon()
    return frozenset(w for kind in words["asks_kind"] for p in words["kinds"][kind] for w in p.split())


def without_rich_words(text: str, kinds: frozenset[str] | set[str] | None = None) -> str:
    """`text` with the phrases naming the richer kinds blanked out (a plan of those kinds accounts
    for them; the question-plan check then looks at the rest). With `kinds`, only the phrases of the
    kinds the plan reaches are blanked: "who funded T" answered with T's authors keeps 'funded'."""
    words = lexicon()
    asked = [k for k in list(words["asks_kind"]) + ["most"] if kinds is None or k in kinds]
    phrases = [p for kind in asked for p in words["kinds"].get(kind, []) + words.get("kind_phrases", {}).get(kind, [])]
    phrases += attribute_words({k.split(":", 1)[1] for k in kinds or () if k.startswith("attr:")})
    phrases += words.get("primary_modifiers", []) if "primary_topic" in (kinds or ()) else []  # 'first and foremost'
    phrases = sorted(set(phrases), key=len, reverse=True)
    for phrase in phrases:
        text = re.sub(rf"(?<![\w-]){re.escape(phrase)}(?![\w-])", " ", text, flags=re.IGNORECASE)
    return re.sub(r"\s+", " ", text).strip()


def counted_kind(attr: str) -> str | None:
    """The kind a count attribute counts ('n_keywords' -> 'keyword'; the lexicon's counted_kinds read back)."""
    kinds = [k for k, a in lexicon().get("counted_kinds", {}).items() if a == attr and attr.startswith("n_")]
    return kinds[0] if kinds else None


def plan_kinds_reached(ir: dict[str, Any] | None) -> frozenset[str]:
    """The richer kinds a plan's IR matches or walks to ('primary_topic' when it takes that edge)."""
    from hgrag.state.plan_ir import walk
    from hgrag.tools.graph_kinds import RICH_EDGE_ENDS

    kinds: set[str] = set()
    for op in walk(ir) if ir else []:
        if op.get("op") == "match":
            kinds.add(op.get("type") or "")
        elif op.get("op") == "top" and op.get("order", "max") == "max":
            kinds.add("most")  # 'A's main / usual / primary institution': the most frequent one
            kinds.update({counted_kind(str(op.get("key")))} - {None})
        elif op.get("op") == "filter" and counted_kind(str(op.get("attr"))):
            kinds.add(counted_kind(str(op.get("attr"))))  # 'more than 10 keywords': a count of that kind
        elif op.get("op") == "project" and op.get("attr") in lexicon().get("kind_attributes", {}):
            kinds.add(f"attr:{op['attr']}")  # 'in which countries …': the attribute's nouns and verbs are read
        elif op.get("op") == "traverse":
            kinds.update(RICH_EDGE_ENDS.get((op["edge"], op["direction"]), ()))
            if op["edge"] == "primary_topic":
                kinds.add("primary_topic")
    return frozenset(kinds)


def phrase_in(phrase: str, text: str) -> bool:
    """`phrase` occurs in `text` as whole words (case-insensitively)."""
    return bool(re.search(rf"(?<![\w-]){re.escape(phrase.lower())}(?![\w-])", text.lower()))


def verb_in(verb: str, text: str) -> bool:
    """`verb` occurs in `text` as a verb: not right after a possessive or a determiner ('A's work', 'their work', 'the
    work of A' name papers), nor right before 'of' ('Where has work of A come out?')."""
    from hgrag.agents.understanding.lexicon import load

    owners = ["'s", "’s", "s'"] + load("en").extra.get("anaphors", {}).get("possessive", []) + \
        load("en").extra.get("citation_words", {}).get("determiners", [])  # ('the work of A' names papers)
    owned = "|".join(re.escape(o) for o in owners)
    of = "|".join(re.escape(o) for o in load("en").concepts.get("function:of", [])) or "(?!)"
    found = re.finditer(rf"(?<![\w-]){re.escape(verb.lower())}(?![\w-])", text.lower())
    return any(not re.search(rf"(?:{owned})\s*$", text.lower()[:m.start()]) and not _before_a_relation(text.lower()[m.end():])
               and not re.match(rf"\s+(?:{of})\b", text.lower()[m.end():]) for m in found)  # ('has work of A come out')


def _before_a_relation(after: str) -> bool:
    """'gotten work accepted', 'their work published': a relation word right after makes the verb a noun."""
    from hgrag.agents.understanding.lexicon import load

    word = re.match(r"\s*([\w'-]+)", after)
    return bool(word) and (load("en").concept(word.group(1)) or "").startswith("relation:")


def unreached_kinds(text: str, reached: frozenset[str] | set[str]) -> list[str]:
    """The phrases of `text` that name a richer kind the plan never reaches ('main topic of T? its field, I mean'
    read as T's topic leaves 'field' unread); a phrase that also names a kind the plan reaches ('organisations' of
    funders) or that the asker owns ('in my field') names nothing asked."""
    words, lowered = lexicon(), text.lower()
    topics = {"topic", "primary_topic"} & set(reached)
    reached_phrases = {p.lower() for kind in reached for p in words["kinds"].get(kind, []) + words["kind_phrases"].get(kind, [])}
    owners = tuple(f"{w} " for w in words.get("askers_possessives", []))
    return [f"{cue.text} (the plan never reaches {cue.group.replace('_', ' ')}s)" for cue in cues(text)
            if cue.group in words["asks_kind"] and cue.group not in reached and cue.text.lower() not in reached_phrases
            and not (topics and cue.group in ("topic", "primary_topic")) and not lowered[:cue.start].endswith(owners)]


def names_asked(text: str, families: tuple[str, ...]) -> bool:
    """Does `text` hold a word of one of the lexicon `families` or a phrase naming a richer kind (what a remark or
    the rest of a question can ask of)?"""
    from hgrag.agents.understanding.lexicon import load
    from hgrag.agents.understanding.tokens import tag

    lowered = text.lower()
    return any(t.family in families for t in tag(lowered, load("en"))) \
        or any(c.group in lexicon()["asks_kind"] for c in cues(lowered))
