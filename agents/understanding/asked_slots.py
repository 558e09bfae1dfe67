"""Three rules of the lexicon check about what is asked (they replaced the wording module asked_things.py): the
asked slot after 'how many' / 'which' / a possessive must hold a word the lexicon reads; a question word with a
stranded preposition asks what the lexicon's `stranded_prepositions` says ('where is A from?'); and what a count
counts must be a kind some word of the question names."""

from __future__ import annotations

from typing import Any

from hgrag.agents.understanding.lexicon import load, signatures
from hgrag.agents.understanding.signature import output_kind
from hgrag.agents.understanding.tokens import Token

ASKED_SLOT_OPENERS = ("head:which", "head:how_many", "operator:count")


def asked_noun_unread(tokens: list[Token]) -> list[str]:
    """'how many patents …', 'what is A's advisor?': the thing asked (the words right after 'how many' / 'which' /
    a possessive, up to a function word) must hold a word the lexicon reads; words it only declares as harmless
    (`general`: they may stand in a context sentence) do not say what is asked."""
    missing, stand_ins = [], load("en").extra.get("stand_in_nouns", [])
    for i, token in enumerate(tokens):
        possessive = token.text in ("'s", "s") and i > 0 and tokens[i - 1].concept == "mention"
        counting = i + 1 < len(tokens) and tokens[i + 1].concept == "number"  # 'counting 2007 itself' asks nothing
        if token.concept not in ASKED_SLOT_OPENERS and not possessive or counting:
            continue
        slot = []
        for after in tokens[i + 1:i + 5]:
            if after.concept in ("mention", "number"):
                continue  # 'how many distinct V papers': the noun may follow a name
            if after.family in ("function", "head", "filler"):
                break
            slot.append(after)
        if slot and all(t.family == "general" and t.text not in stand_ins for t in slot):
            missing.append(f"{slot[-1].text} (not something the graph holds)")
    return missing


def stranded(tokens: list[Token]) -> list[str]:
    """'where is A from?': a question word (any of the sentence's) whose sentence ends in a preposition the lexicon lists for it
    (`stranded_prepositions`) asks what the graph cannot hold; named with its reason."""
    heads = [t for t in tokens if t.family == "head"]
    words = [t for t in tokens if t.family != "filler"]
    if not heads or not words:
        return []
    by_head = load("en").extra.get("stranded_prepositions", {})
    reasons = [by_head.get(head.text, {}).get(words[-1].text) for head in heads]  # ('who wrote T and where are they from?')
    reason = next((r for r in reasons if isinstance(r, str)), None)
    return [f"{words[-1].text} ({reason})"] if reason else []  # (a concept: read by alignment)


def counted_kind_unnamed(tokens: list[Token], ir: dict[str, Any], asking: list[Token] | None = None) -> list[str]:
    """'A has a ton of papers. How many does B have?' read as B's co-authors: what a count counts must be named by
    a word of the question (a kind noun, a relation word's `names`, a head's kind); a count over a set given by
    the thread (a match of ids) counts what was listed. What the asking sentence (`asking`) counts next to its count
    word must be what the plan counts ('the first author's publication count' counts papers, not first authors)."""
    if ir.get("op") != "aggregate" or ir.get("fn") != "count" or (ir.get("input") or {}).get("op") == "match":
        return []
    counted = output_kind(ir.get("input"))
    if counted not in ("author", "paper", "venue"):
        return []
    named = set()
    for token in tokens:
        named |= _kinds_named(token)
    if counted not in named:
        return [f"{counted}s counted (no word of the question names {counted}s)"]
    slot = _counted_slot(asking if asking is not None else tokens)
    return [f"a count of {slot}s (the plan counts {counted}s)"] if slot and slot != counted else []


def _kinds_named(token: Token) -> set[str]:
    """The kinds a token names: a kind noun, a relation word's `names`, a head's kind, a kind noun inside a
    phrase ('paper count', 'number of authors')."""
    signature = signatures().get(token.concept or "", {})
    named = set(signature.get("names") or []) | ({signature["kind"]} if signature.get("kind") else set())
    for word in token.text.split():
        concept = load("en").concept(word) or load("en").concept(word.rstrip("s")) or ""
        if concept.startswith("kind:"):
            named.add(concept.split(":", 1)[1])
    return named


def _counted_slot(tokens: list[Token]) -> str | None:
    """What the question counts, when it says so next to its count word: a kind noun inside the count phrase
    ('publication count'), else the first kind named after 'how many' / 'number of' before a verb or a function
    word ('how many people wrote T', 'number of co-authors')."""
    for i, token in enumerate(tokens):
        if token.concept != "operator:count":
            continue
        inside = _kinds_named(token) - {"number"}
        if len(inside) == 1:
            return next(iter(inside))
        for after in tokens[i + 1:i + 4]:
            kinds = _kinds_named(after) - {"number"}
            if len(kinds) == 1 and after.family in ("kind", "relation"):
                return next(iter(kinds))
            if after.family not in ("general", "mention", "number") and after.concept not in ("mention", "number"):
                break
        return None
    return None


EDGE_ENDS = {"writes": {"author", "paper"}, "published_in": {"paper", "venue"}, "cites": {"paper"}}
ATTR_KINDS = {"n_authors": "author", "author": "author", "venue": "venue", "venue_type": "venue"}


def kinds_not_reached(tokens: list[Token], ir: dict[str, Any]) -> list[str]:
    """'which outlets did the writers publish in, title T' read as T's venue: every kind a noun of the asking
    sentence names (a kind noun, 'co-authors') must be one the plan reaches; a noun naming a mention ('the
    journal V') is the mention's, an indefinite one introduces something ('by a colleague')."""
    from hgrag.agents.understanding.asked_head import names_a_mention

    reached, indefinite = _kinds_reached(ir), load("en").extra.get("indefinite_articles", [])
    missing = []
    for i, token in enumerate(tokens):
        if i > 0 and tokens[i - 1].text in indefinite or tokens[i + 1:i + 2] and tokens[i + 1].family == "kind":
            continue  # 'by a colleague' introduces someone; 'a journal article': the first noun modifies the second
        if token.family == "kind" and not names_a_mention(tokens, token) or token.concept == "relation:coauthor":
            for kind in _kinds_named(token) & {"author", "paper", "venue"}:
                if kind not in reached:
                    missing.append(f"{token.text} (the plan never reaches {kind}s)")
    return missing


def _kinds_reached(ir: dict[str, Any]) -> set[str]:
    from hgrag.state.plan_ir import walk

    reached: set[str] = set()
    for op in walk(ir):
        reached |= {output_kind(op) or "", op.get("type") or ""} | EDGE_ENDS.get(op.get("edge") or "", set())
        reached |= {ATTR_KINDS.get(op.get(key) or "", "") for key in ("attr", "key")}
        if op.get("op") == "path":  # a co-authorship chain walks authors and their papers
            reached |= {"author", "paper"}
    return reached


def publisher_asked(tokens: list[Token], ir: dict[str, Any] | None) -> list[str]:
    """'Who publishes V?': a publishing verb whose object is the venue itself (no 'in' between) asks for the venue's
    publisher, which the graph does not hold; 'who published in V' asks for the venue's authors."""
    from hgrag.state.plan_ir import walk

    matches = [op for op in walk(ir) if op.get("op") == "match"] if ir else []
    if not matches or any(op.get("type") != "venue" for op in matches):
        return []
    for i, token in enumerate(tokens[:-1]):
        if token.concept == "relation:published" and tokens[i + 1].concept == "mention" \
                and any(t.concept == "head:who" for t in tokens[:i]):
            return [f"{token.text} (the graph records no publishers)"]
    return []
