"""Who does what, read from verb agreement: a German or French clause put into English word order.

German and French may put the object first: "Welche Arbeiten zitiert T?" and "Quels articles cite T ?" ask
which papers T cites, "Welche Arbeiten zitieren T?" which papers cite T. Only the finite verb's number tells
them apart. After a question word and a plural kind ("welche Arbeiten"), a finite verb of the other number
makes the mention after it the subject, and the clause is rendered subject-first ("which papers does T cite",
"which papers has T cited"); a verb of the same number keeps the kind as subject, and a participle after the
mention moves before it ("Welche Arbeiten haben T zitiert?" -> "which papers have cited T").

The verbs, their number and their English for the mention-first order are lexicon data (`agreement` in the
language's file); this module holds only the mechanism.
"""

from __future__ import annotations

from dataclasses import dataclass

from hgrag.agents.understanding.lexicon import Lexicon


@dataclass(frozen=True)
class Token:
    text: str
    role: str = "typed"  # typed (the user's word) | mention (kept verbatim) | english (already rendered)


def _concept(token: Token, lexicon: Lexicon) -> str:
    return (lexicon.concept(token.text.lower()) or "") if token.role == "typed" else ""


def _plural_kind(token: Token, lexicon: Lexicon, plural_renders: set[str]) -> bool:
    return _concept(token, lexicon).startswith("kind:") and lexicon.renders.get(token.text.lower()) in plural_renders


def _is_relation(token: Token | None, lexicon: Lexicon) -> bool:
    return token is not None and _concept(token, lexicon).startswith("relation:")


def _clause(tokens: list[Token], i: int, lexicon: Lexicon) -> tuple[Token | None, list[Token], int] | None:
    """(participle or None, the mention with its preposition if any, where the clause ends) after the finite verb
    at i."""
    nxt, after, third = (tokens[k] if k < len(tokens) else None for k in (i + 1, i + 2, i + 3))
    if nxt is not None and nxt.role == "mention":
        participle = after if _is_relation(after, lexicon) else None
        return participle, [nxt], i + (3 if participle else 2)
    if _is_relation(nxt, lexicon) and after is not None and after.role == "mention":
        return nxt, [after], i + 3  # French inversion: 'quels articles a cité T'
    if nxt is not None and _concept(nxt, lexicon).startswith("function:") and after is not None and \
            after.role == "mention" and _is_relation(third, lexicon):
        return third, [nxt, after], i + 4  # 'welche Arbeiten werden in T zitiert': cited in T
    return None


def _reordered(head: list[Token], verb: Token, info: dict, participle: Token | None,
               mention: list[Token]) -> list[Token] | None:
    if info.get("number") == "plural":  # agrees with the plural kind: the kind is the subject
        return head + [verb] + ([participle] if participle else []) + mention
    if participle is not None:  # 'welche Arbeiten hat T zitiert': T has cited them
        return head + [verb] + mention + [participle]
    english = info.get("mention_first")
    if not english:
        return None
    return head + [Token(english[0], "english")] + mention + [Token(w, "english") for w in english[1:]]


def subject_first(tokens: list[Token], lexicon: Lexicon) -> list[Token]:
    """The tokens with every object-first clause the lexicon's `agreement` can decide put subject-first."""
    data = lexicon.extra.get("agreement")
    if not data:
        return tokens
    verbs, plural_renders = data.get("verbs", {}), set(data.get("plural_renders", ()))
    out, i = list(tokens), 0
    opening = verbs.get(out[0].text.lower()) if len(out) > 1 and out[0].role == "typed" else None
    if opening and opening.get("mention_first") and out[1].role == "mention":  # 'Zitiert T1 die Arbeit T2?'
        english = opening["mention_first"]
        out = [Token(english[0].capitalize(), "english"), out[1]] + [Token(w, "english") for w in english[1:]] + out[2:]
    while i + 3 < len(out):
        head, kind, verb = out[i:i + 3]
        info = verbs.get(verb.text.lower()) if verb.role == "typed" else None
        if info and _concept(head, lexicon).startswith("head:") and _plural_kind(kind, lexicon, plural_renders):
            clause = _clause(out, i + 2, lexicon)
            if clause:
                participle, mention, end = clause
                agents = data.get("passive_agents", {})  # 'wurden von T zitiert': cited by T
                mention = [Token(agents[m.text.lower()], "english") if participle and m.role == "typed" and
                           m.text.lower() in agents else m for m in mention]
                new = _reordered([head, kind], verb, info, participle, mention)
                if new:
                    out[i:end] = new
                    i += len(new)
                    continue
        i += 1
    return out


def relative_verb_first(tokens: list[Token], lexicon: Lexicon) -> list[Token]:
    """', die T zitieren' -> ', that zitieren T'; ', die T zitiert' -> ', that T zitiert': a relative pronoun of the
    lexicon's `relative_pronouns` (after a comma) with a mention and a relation verb ending its clause is put in
    English order: a plural verb agrees with the pronoun (the verb first), a singular one with the mention."""
    data = lexicon.extra.get("agreement") or {}
    pronouns, verbs = data.get("relative_pronouns", {}), data.get("verbs", {})
    out = list(tokens)
    for i in range(1, len(out) - 2):
        pronoun, mention, verb = out[i:i + 3]
        if out[i - 1].text == "," and pronoun.role == "typed" and pronoun.text.lower() in pronouns and \
                mention.role == "mention" and _is_relation(verb, lexicon):
            plural = verbs.get(verb.text.lower(), {}).get("number") == "plural"  # 'die T zitieren': they cite T
            out[i:i + 3] = [Token(pronouns[pronoun.text.lower()], "english")] + ([verb, mention] if plural else
                                                                                 [mention, verb])  # 'die T zitiert'
    return out
