"""Questions that ask several things: question words joined by 'and' ('who wrote T and when?'), nouns of different
answer kinds joined by 'and' ('the venue and the year of T'), and asking sentences each with their own question
('Who wrote T? When was it published?'): a plan with one output of another kind answers part of the question (the
structural check's reading of them, agents/understanding/check.py)."""

from __future__ import annotations

from hgrag.agents.understanding.asked_head import ASKING_HEADS, asked_kind
from hgrag.agents.understanding.asking_sentence import is_list_tail
from hgrag.agents.understanding.lexicon import load
from hgrag.agents.understanding.tokens import Token, clauses, tag

COMPATIBLE = {"number": {"number"}, "yes/no": {"yes/no"}, "year": {"year", "value", "number"},
              "author": {"author"}, "paper": {"paper", "value"}, "venue": {"venue", "value"}, "value": {"value"}}
COORDINATED_HEADS = ("head:who", "head:when", "head:where", "head:how_many", "head:how_long")  # 'and when?' asks one more thing


def coordinated_heads(tokens: list[Token], returned: str | None) -> list[str]:
    """'who wrote T and when?', 'where and when was T published?': a question word joined by 'and' asks a
    second thing, so every question word of the question is asked; a plan with one output of another kind
    than one of them answers part of the question."""
    body = [t for t in tokens if t.family != "filler"]
    heads = _heads(body)
    after_and = [next((b for b in body[i + 1:] if b.family != "function"), None)
                 for i, a in enumerate(body) if a.concept == "function:and"]  # 'and in which year'
    joined = any(b is not None and b in heads for b in after_and)
    if not joined or returned is None:
        return []
    missing = []
    for token in heads + _which_nouns(body):
        kind = asked_kind([token]) if token.family == "head" else _noun_kind(token)
        if kind and returned not in COMPATIBLE.get(kind, {kind}):
            missing.append(f"{token.text} (asked too; the plan returns {returned})")
    return list(dict.fromkeys(missing))


def _noun_kind(token: Token) -> str | None:
    """The answer kind a noun of the question names ('venue', 'year', 'lead author'), or None."""
    from hgrag.agents.understanding.asked_head import WORD_KINDS

    concept = token.concept or ""
    if concept.startswith("attribute:position_") or concept == "relation:coauthor":
        return "author"  # 'the lead author', 'co-authors'
    return WORD_KINDS.get(concept) if token.family in ("kind", "attribute") else None


def coordinated_nouns(tokens: list[Token], returned: str | None) -> list[str]:
    """'the venue and the year of T', 'the lead author of T and the year it appeared': two nouns of different
    answer kinds joined by 'and' both ask; a plan with one output of one of those kinds answers half of it."""
    if returned is None:
        return []
    missing = []
    for i, token in enumerate(tokens):
        if token.concept != "function:and":
            continue
        at = next((j for j in range(i - 1, -1, -1) if tokens[j].family not in ("function", "mention")), None)
        between = [t.concept for t in tokens[at + 1:i]] if at is not None else []
        left = tokens[at] if at is not None and between in ([], ["function:of", "mention"]) else None
        left = _phrase_head(tokens, at) if left is not None else None  # ('the year of A's first paper and …')
        after = next((j for j in range(i + 1, len(tokens)) if tokens[j].family != "function"), None)
        right = tokens[after] if after is not None else None
        if right is not None and any(t.concept == "number" for t in tokens[after + 1:after + 3]):
            right = None  # 'author = A and citations > 45': conditions, not things asked
        nouns = [(t, _noun_kind(t)) for t in (left, right) if t is not None]
        if len(nouns) == 2 and None not in (nouns[0][1], nouns[1][1]) and nouns[0][1] != nouns[1][1]:
            missing += [f"{noun.text} (asked too; the plan returns {returned})" for noun, kind in nouns
                        if returned not in COMPATIBLE.get(kind, {kind})]
    return list(dict.fromkeys(missing))


def _phrase_head(tokens: list[Token], at: int) -> Token:
    """The head noun of the phrase ending at `at`: 'the year of zzm 's first paper' is headed by 'year', not 'paper'
    (a noun before 'of' with only function words, names and operators between)."""
    k = at - 1
    while k > 0 and (tokens[k].family in ("function", "mention", "operator") or tokens[k].text == "'s"):
        if tokens[k].concept == "function:of" and tokens[k - 1].family in ("kind", "attribute"):
            return tokens[k - 1]
        k -= 1
    return tokens[at]


def _which_nouns(body: list[Token]) -> list[Token]:
    """The nouns right after 'which' / 'what' ('which papers', 'what venue'): each names a thing asked."""
    return [b for a, b in zip(body, body[1:]) if a.concept == "head:which" and b.family in ("kind", "attribute")]


def _heads(body: list[Token]) -> list[Token]:
    """The question words of `body` that ask a thing ('whose author count': a determiner, not asked)."""
    return [t for t, after in zip(body, body[1:] + [None]) if t.concept in COORDINATED_HEADS
            and not (after is not None and after.family in ("kind", "attribute"))]


def asking_sentences_parts(text: str, returned: str | None) -> list[str]:
    """'Who wrote T? When was it published?', 'What year is T from? How many citations does it have?': each
    asking sentence asks its own thing; a plan with one output of another kind than one of them answers
    part of the question."""
    asked = []
    for clause in clauses(text):
        tokens = tag(clause, load("en"))
        body = [t for t in tokens if t.family != "filler"]
        head = next((t for t in body if t.concept in ASKING_HEADS), None)
        if head is None or not (clause.rstrip().endswith("?") or tokens[0] is head):
            continue  # 'I was reading T when A's name came up.', 'I'd like to know who …': no question of its own
        kind = asked_kind(tokens)
        if kind:
            asked.append((head.text, kind))
    if asked and is_list_tail(clauses(text)[-1]):  # 'Is there anyone who …? Who?': the things tested are asked
        asked = [(word, kind) for word, kind in asked if kind != "yes/no"]
    if len(asked) < 2 or returned is None:
        return []
    several = len({kind for _, kind in asked}) > 1  # one output cannot be both a year and a count
    return [f"{word} (asked in a sentence of its own; the plan returns {returned})" for word, kind in asked
            if (returned != kind if several else returned not in COMPATIBLE.get(kind, {kind}))]
