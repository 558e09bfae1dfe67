"""Checks on what the question says around its asking part: a choice offered between named things ('Who is more
prolific, A or B?') must be answered by ranking those things; a filler that restates a relation names it when nothing
else does ('papers that have T in their reference lists'); a statement before the question that restricts it ('I
only care about journals.') is read with it; a comparative said of a year is read the plan's way round."""

from __future__ import annotations

import re
from typing import Any

from hgrag.agents.understanding.lexicon import load, signatures
from hgrag.agents.understanding.signature import output_kind
from hgrag.agents.understanding.tokens import Token


def choice_unanswered(tokens: list[Token], ir: dict[str, Any]) -> list[str]:
    """'Who is more prolific, A or B?', 'whose career covers more years, that of A or that of B?': a comparative with
    named things offered as alternatives asks which of them wins; a plan that ranks nothing, or ranks anything but
    those named things (their co-authors), answers another question. A comparative before a number is a threshold
    ('papers by A or B with more than 10 citations'), no choice."""
    from hgrag.state.plan_ir import walk

    words = [t for i, t in enumerate(tokens) if not (t.concept == "number" and i and tokens[i - 1].concept == "mention")]
    # (a mention's mark 'zzm1' tags as a mention and a number)
    compares = any(t.concept in ("operator:compare_more", "operator:compare_less") and
                   not (i + 1 < len(words) and words[i + 1].concept == "number") for i, t in enumerate(words))
    if not (compares and _offered(words)):
        return []
    ranked = [op for op in walk(ir) if op.get("op") == "top"]
    if ranked and any(_ranks_the_named(op.get("input") or {}) for op in ranked):
        return []
    return ["a choice between the named things (the plan ranks something else)"]


def _offered(tokens: list[Token]) -> bool:
    """Two named things offered as alternatives: 'A or B', "A's or B's", 'that of A or that of B' (only words of no
    meaning between the names and the 'or')."""
    mentions = [i for i, t in enumerate(tokens) if t.concept == "mention"]
    leads = load("en").extra.get("comparison_leads", [])  # ('Comparing A and B: whose … more …?')
    if len(mentions) >= 2 and any(t.text in leads for t in tokens[:mentions[0]]):
        return True
    for a, b in zip(mentions, mentions[1:]):
        between = tokens[a + 1:b]
        if len(between) <= 4 and sum(t.concept == "function:or" for t in between) == 1 and \
                all(t.family in (None, "function") for t in between):
            return True
    return False


def _ranks_the_named(op: dict[str, Any]) -> bool:
    parts = op.get("inputs") or [] if op.get("op") == "union" else [op]
    return bool(parts) and all(part.get("op") == "match" for part in parts)


def relation_fillers_unread(tokens: list[Token], ir: dict[str, Any]) -> list[str]:
    """'Papers that have T in their reference lists': a filler that restates a relation (lexicon `relation_fillers`)
    names it when the plan has no step of it."""
    from hgrag.agents.understanding.signature import all_features

    features = all_features(ir)
    fillers = load("en").extra.get("relation_fillers", {})
    return [f"{t.text} (no step of the plan stands for it)" for t in tokens for concept, forms in fillers.items()
            if t.text in forms and not set(signatures().get(concept, {}).get("any") or []) & features]


def restricting_before(text: str) -> str:
    """The statements before the question that restrict it ('I only care about journals. Which papers …?': lexicon
    `idle_context.restricting_words`): the kinds they name must be reached too."""
    from hgrag.agents.understanding.narrowing import restricting

    start = text.rfind("?")
    before = re.split(r"(?<=[.!])\s+", text[:text.rfind(".", 0, start) + 1] if start > 0 else "")
    return " ".join(s for s in before if restricting().search(s))


COMPARED_DIRECTIONS = {"operator:compare_more": ("max", ">", ">="), "operator:compare_less": ("min", "<", "<=")}


def contrary_year_comparison(tokens: list[Token], ir: dict[str, Any]) -> list[str]:
    """'What did A publish in any later year?' read as A's earliest paper: a comparative said of a year ('later year',
    'earlier years') needs the plan to order or bound years its way; a plan whose only ordering goes the other way
    reads it backwards."""
    from hgrag.state.plan_ir import walk

    ops = list(walk(ir))
    orders = {op.get("order") or op.get("fn") for op in ops if op.get("op") in ("top", "aggregate")}
    bounds = {op.get("cmp") for op in ops if op.get("op") == "filter"}
    for token, after in zip(tokens, tokens[1:]):
        wanted = COMPARED_DIRECTIONS.get(token.concept or "")
        if wanted and after.concept == "attribute:year" and orders and not (orders | bounds) & set(wanted):
            return [f"{token.text} {after.text} (the plan orders the other way)"]
    return []


def two_sided_kind_words(tokens: list[Token], ir: dict[str, Any]) -> list[str]:
    """'What sources does T build on?': a kind word of two readings beside a relation that fits both (lexicon
    `two_sided_kinds`: 'sources' beside a citation are the cited works or their venues) is not understood unless
    a word that settles it ('published in') is said too; a plan returning either kind answers a guess."""
    concepts = {t.concept for t in tokens}
    returned = output_kind(ir)
    for word, sides in load("en").extra.get("two_sided_kinds", {}).items():
        if any(t.text == word for t in tokens) and concepts & set(sides["beside"]) \
                and not concepts & set(sides.get("settled_by", [])) and returned in sides["kinds"]:
            return [f"{word} ({sides['reason']})"]
    return []


def placed_persons_coauthors_unwalked(tokens: list[Token], ir: dict[str, Any]) -> list[str]:
    """'the co-authors of the first author of T', 'the first author's co-authors': a co-author word owned by a
    byline place asks for the people that person wrote with, through their papers; a plan that never walks from
    the placed person to their papers lists the paper's own authors instead."""
    from hgrag.state.plan_ir import walk

    if not _coauthors_of_a_place(tokens):
        return []
    walks_on = any(op.get("op") == "traverse" and op.get("edge") == "writes" and op.get("direction") == "out"
                   and any(inner.get("position") for inner in walk(op.get("input") or {})) for op in walk(ir))
    return [] if walks_on else ["co-authors of a byline place (the plan does not walk through that person's papers)"]


def _coauthors_of_a_place(tokens: list[Token]) -> bool:
    """A co-author word right after a place and its possessive, or followed by function words and a place."""
    said = [t for t in tokens if t.concept != "function:the"]
    for i, token in enumerate(said):
        if token.concept != "relation:coauthor":
            continue
        before, after = said[max(0, i - 2):i], said[i + 1:i + 3]
        if len(before) == 2 and _place(before[0]) and before[1].family == "function" or \
                len(after) == 2 and after[0].family == "function" and _place(after[1]):
            return True
    return False


def _place(token: Token) -> bool:
    return (token.concept or "").startswith("attribute:position_")


def partners_unwalked(tokens: list[Token], ir: dict[str, Any]) -> list[str]:
    """'With which people has the first author of T written papers?', 'The first author of T - list all people who
    wrote paper with him': 'with' before the question word or a person's anaphor, beside a writing verb, asks for the
    people someone wrote with; a plan that never walks from a person to their papers
    and on to those papers' other authors answers who wrote, not with whom."""
    from hgrag.state.plan_ir import walk

    said = tokens  # (fillers kept: 'with' must stand right before who is meant)
    people = set(load("en").extra.get("anaphors", {}).get("kinds", {}).get("author", []))
    def a_person(token: Token) -> bool:
        return token.family == "head" and token.concept != "head:aux" or token.text in people or \
            (token.concept or "").startswith("attribute:position_")  # ('with whom', 'with him', 'with the first author')
    partners = any(t.concept == "function:with" and next((a_person(u) for u in said[i + 1:i + 3]
                                                          if u.concept != "function:the"), False)
                   for i, t in enumerate(said))
    if not partners or not any(t.concept == "relation:writes" for t in said) or \
            output_kind(ir) not in ("author", None):
        return []
    walked = any(op.get("op") == "traverse" and op.get("edge") == "writes" and op.get("direction") == "in" and
                 any(inner.get("op") == "traverse" and inner.get("edge") == "writes" and inner.get("direction") == "out"
                     for inner in walk(op.get("input") or {})) for op in walk(ir))
    return [] if walked else ["with whom (the plan does not walk to the people they wrote with)"]


def existence_of_another_kind(tokens: list[Token], ir: dict[str, Any]) -> list[str]:
    """'Are there people who have published with both A and B?': 'there' and a kind noun after the opening auxiliary
    name what is said to exist; a plan that tests whether a set of another kind is empty (the papers of both)
    answers whether something else exists."""
    said = [t for t in tokens if t.family != "filler" and t.concept not in ("function:any", "function:some")]
    if len(said) < 3 or said[0].concept != "head:aux" or said[1].concept != "function:there" or \
            said[2].family != "kind" or (ir or {}).get("op") != "test" or (ir.get("cmp") != "nonempty"):
        return []
    wanted, tested = said[2].concept.split(":")[1], output_kind(ir.get("input") or {})
    if wanted != "author" or tested != "paper":
        return []  # ('Is there any record of A having held …': a record of a fact, no set of papers)
    return [f"{said[2].text} (the plan tests whether papers exist)"]
