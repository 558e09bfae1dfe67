"""Checks on a plan that intersects what two named things reach: a word of the question must join them ('both',
'and', 'with', a co-author word), and a one-valued property of two papers (their venue) is shared only when the
question says so; the relation words of a fact stated before the question join nothing."""

from __future__ import annotations

import re
from typing import Any

from hgrag.agents.understanding.asked_head import asking_clause
from hgrag.agents.understanding.cue_words import phrase_alternation
from hgrag.agents.understanding.lexicon import load
from hgrag.agents.understanding.plan_shapes import named_starts
from hgrag.agents.understanding.tokens import Token, clauses, tag


def stated_relations(text: str) -> set[int]:
    """Indices (in tag(text)) of relation words in sentences before the asking one that relate two named things:
    'One of A's co-authors is B. Which of B's papers …?' states a fact the question builds on; its relation word
    asks for no step ('I need papers that cite T. …' names one thing: a condition, still required)."""
    parts = clauses(text)
    tagged = [tag(c, load("en")) for c in parts]
    if len(parts) < 2 or sum(len(t) for t in tagged) != len(tag(text, load("en"))):
        return set()
    last = asking_clause(text)
    ask = max((i for i, c in enumerate(parts) if c == last), default=len(parts) - 1)
    stated, at = set(), 0
    for i, tokens in enumerate(tagged):
        if i < ask and sum(t.concept == "mention" for t in tokens) >= 2:  # a fact relating two named things
            stated |= {at + j for j, t in enumerate(tokens) if t.family == "relation"}
        at += len(tokens)
    return stated


JOINING = ("operator:both", "function:and", "function:with", "relation:coauthor", "relation:writes",
           "relation:published", "relation:cites")  # ('did the authors of T1 also publish T2?': the relation joins them)


def unjoined_intersection(text: str, ir: dict[str, Any]) -> list[str]:
    """'A is one of B's collaborators. I'm after the others. Who are they?' read as the co-authors A and B share:
    a plan that intersects what two named things of one kind reach needs a word of the question that joins them
    ('both', 'and', 'with', 'common', a co-author word); the relation word of a fact stated before the question
    joins nothing."""
    from hgrag.state.plan_ir import walk

    stated, tokens = stated_relations(text), tag(text, load("en"))
    if any(t.concept in JOINING and i not in stated and not _distributes(tokens, i) for i, t in enumerate(tokens)):
        return []
    for op in walk(ir):
        if op.get("op") != "intersect":
            continue
        starts = named_starts(op)
        kinds = [{kind for kind, _ in s} for s in starts]
        if len(starts) >= 2 and all(starts) and not set.intersection(*starts) and set.intersection(*kinds):
            return ["what joins the two named things (no word of the question says 'both', 'and' or 'with' of them)"]
    return []


def alternative_intersection(text: str, ir: dict[str, Any]) -> list[str]:
    """'co-authored with A or with B', 'the co-authors of A together with all the co-authors of B' read as the
    co-authors A and B share, or as the co-authors of B with A only left out: where the question joins two named
    things with 'or' or a uniting word (the lexicon's function:or, operator:union) and no word says what they share
    ('both', 'common'), a plan that intersects what they reach, or walks from one of them and only leaves the other
    out, takes the wrong set."""
    from hgrag.state.plan_ir import walk

    ops = list(walk(ir))
    shared = any(op.get("op") == "intersect" and len(named_starts(op)) >= 2 for op in ops)
    one_walked = any(_walks_from_one_leaves_out_other(op) for op in ops if op.get("op") == "difference")
    if not (shared or one_walked):
        return []
    tokens = tag(text, load("en"))
    if any(t.concept in ("operator:both", "function:same") for t in tokens):
        return []
    named = [i for i, t in enumerate(tokens) if t.concept == "mention"]
    joins = [i for i in range(named[0] + 1, named[-1]) if tokens[i].concept in ("function:or", "operator:union")] \
        if len(named) >= 2 else []  # (next to a named thing: 'A or with B', not 'a-t-il ou a-t-elle … avec B')
    if shared and any(any(tokens[k].concept == "mention" for k in range(max(0, i - 2), i)) and
                      any(tokens[k].concept == "mention" for k in range(i + 1, min(len(tokens), i + 4))) for i in joins):
        return ["'or' or a uniting word between the named things (the plan takes only what they share)"]
    if one_walked and any(_next_said(tokens, i, -1) == _next_said(tokens, i, 1) == "mention" for i in joins):
        return ["'or' or a uniting word between the named things (the plan walks from only one of them)"]
    return []


def _next_said(tokens: list[Token], i: int, step: int) -> str | None:
    """The concept of the nearest token from i in the direction `step` that is no function word."""
    k = i + step
    while 0 <= k < len(tokens) and tokens[k].family == "function":
        k += step
    return tokens[k].concept if 0 <= k < len(tokens) else None


def _walks_from_one_leaves_out_other(difference: dict[str, Any]) -> bool:
    """A difference whose kept walk starts from one named thing and whose left-out part names another."""
    from hgrag.state.plan_ir import walk

    inputs = difference.get("inputs") or []
    if len(inputs) < 2:
        return False
    kept = {i for op in walk(inputs[0]) if op.get("op") == "match" for i in op.get("ids") or []}
    left_out = {i for part in inputs[1:] for op in walk(part) if op.get("op") == "match" for i in op.get("ids") or []}
    return len(kept) == 1 and bool(left_out - kept)


def one_valued_intersection(text: str, ir: dict[str, Any]) -> list[str]:
    """'identify the venue in which T1 was published and identify the venue in which T2 was published' read as the venue
    both share: the venues of two named papers (each has one) intersected, with no word of the question saying what
    they share ('both', 'in common', 'same')."""
    from hgrag.state.plan_ir import walk

    if any(t.concept in ("operator:both", "function:same") for t in tag(text, load("en"))):
        return []
    for op in walk(ir):
        parts = op.get("inputs") or [] if op.get("op") == "intersect" else []
        if len(parts) >= 2 and all(p.get("op") == "traverse" and (p.get("edge"), p.get("direction")) == (
                "published_in", "out") and (p.get("input") or {}).get("type") == "paper" for p in parts):
            return ["what the named papers share (no word of the question asks for the venue they have in common)"]
    return []


def distributed_intersection(text: str, ir: dict[str, Any]) -> list[str]:
    """'In which years did A and B each publish their first paper?' read as what A and B share: a distributive word
    (lexicon `distributives`: 'each', 'respectively', 'individually') asks one answer per named thing, never an
    intersection of what they reach."""
    from hgrag.state.plan_ir import walk

    words, tokens = load("en").extra.get("distributives", []), tag(text, load("en"))
    if _each_in_relative_clause_of(text):
        return []  # ('the venues where A and B have each published': what they share)
    first_and = next((i for i, t in enumerate(tokens) if t.concept == "function:and"), len(tokens))
    if not any(t.text in words for t in tokens) and any(t.concept == "operator:both" for t in tokens[:first_and]):
        return []  # ('used both by A and by B': what they share, the preposition said again; not 'I need both years')
    if not any(t.text in words or t.concept == "operator:union" or _distributes(tokens, i) for i, t in enumerate(tokens)):
        return []  # ('put together, …', 'the co-authors of A and of B': a union is no intersection either)
    for op in walk(ir):
        starts = named_starts(op) if op.get("op") == "intersect" else []
        if len(starts) >= 2 and all(starts):
            return ["each or together (one answer per named thing, or all of them; the plan takes what they share)"]
    return []


def _distributes(tokens: list[Token], i: int) -> bool:
    """'the authors of T1 and of T2', 'the latest paper of A and the latest of B': an 'and' before a repeated
    preposition or ranking joins two phrases, each asked on its own, not two things that share the answer."""
    after = tokens[i + 1] if i + 1 < len(tokens) else None
    repeated = load("en").extra.get("context_words", {}).get("distributing_prepositions", [])
    if tokens[i].concept != "function:and" or after is None:
        return False
    said_again = next((t for t in tokens[i + 1:i + 3] if t.family != "function"), None)  # ('the most recent paper by
    # A and the most recent by B': the ranking said again, once for each)
    asked_again = said_again is not None and said_again.family == "head" and said_again.concept != "head:aux"  # ('when
    # did A publish their first paper, and when did B?': the question asked again of the next one)
    relations_before = [t.concept for t in tokens[:i] if t.family == "relation"]
    noun_again = said_again is not None and said_again.family == "relation" and relations_before[:1] == [said_again.concept]
    # ('the co-authors of A and the co-authors of B': the asked noun said again, one list each)
    return after.text in repeated or noun_again or said_again is not None and (
        said_again.family == "operator" or asked_again or (said_again.concept or "").startswith("attribute:position")) \
        and said_again.concept in {t.concept for t in tokens[:i]}


def shared_people_read_as_joint_papers(tokens: list[Token], ir: dict[str, Any]) -> list[str]:
    """'Do A and B share any co-authors?', '… any co-authors in common?': a co-author noun (a plural) with a word for
    sharing asks for people the two have in common, never whether they wrote together; a plan whose only step from
    each named person is to their own papers, intersected, reads it as joint papers."""
    from hgrag.state.plan_ir import walk

    nouns = [t for t in tokens if t.concept == "relation:coauthor" and t.text.endswith("s") and not t.text.endswith("ed")]
    if not nouns or not any(t.concept == "operator:both" for t in tokens):
        return []
    for op in walk(ir):
        inputs = op.get("inputs") or []
        if op.get("op") == "intersect" and len(inputs) >= 2 and all(
                part.get("op") == "traverse" and part.get("edge") == "writes" and part.get("direction") == "out"
                and (part.get("input") or {}).get("op") == "match" for part in inputs):
            return [f"{nouns[0].text} they share (the plan tests papers they wrote together)"]
    return []


def each_in_relative_clause(before: str, after: str) -> bool:
    """'the venues where A and B have each published', 'venues in which A and B have each published': a distributive
    word right after named things that stand in a relative clause on a kind noun (lexicon `relative_openers`)
    makes the clause a condition each of them meets, so the answer is what they share; 'In which years did A and B
    each publish …?' opens with a question word, not a relative clause, and asks one answer each."""
    openers = load("en").extra.get("relative_openers", [])
    opener = re.search(rf"(?i)\b(?:{'|'.join(re.escape(o) for o in openers)})\W*$", before) if openers else None
    if opener is None:
        return False
    preceding = tag(before[:opener.start()].lower(), load("en"))
    if not preceding or preceding[-1].family != "kind":
        return False
    following = [t.text for t in tag(after.lower(), load("en"))[:3]]
    return any(word in load("en").extra.get("distributives", []) for word in following)


def _each_in_relative_clause_of(text: str) -> bool:
    """`each_in_relative_clause` read on a masked question (named things as 'zzm')."""
    joiners = phrase_alternation([",", *load("en").extra.get("code_words", {}).get("name_joiners", [])])
    found = re.search(rf"zzm(?:\s*(?:{joiners})\s*zzm)+", text)
    return found is not None and each_in_relative_clause(text[:found.start()], text[found.end():])
