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
    at i; a reflexive pronoun of the lexicon's `reflexives` right after the verb and before a mention is passed
    over ('auf welche Arbeiten stützt sich T')."""
    reflexives = set((lexicon.extra.get("agreement") or {}).get("reflexives", ()))
    if i + 2 < len(tokens) and tokens[i + 1].role == "typed" and tokens[i + 1].text.lower() in reflexives and \
            tokens[i + 2].role == "mention":
        i += 1
    nxt, after, third = (tokens[k] if k < len(tokens) else None for k in (i + 1, i + 2, i + 3))
    if nxt is not None and nxt.role == "mention":
        participle = after if _is_relation(after, lexicon) else None
        return participle, [nxt], i + (3 if participle else 2)
    if nxt is not None and _concept(nxt, lexicon).startswith("function:") and after is not None and \
            _concept(after, lexicon).startswith("kind:") and third is not None and third.role == "mention":
        return None, [third], i + 4  # ('welche Schriften zitiert die Arbeit T': the paper T, its kind said before it)
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
        width = _head_width(out, i, lexicon)  # 'welche' or 'wie viele'
        modifier = 1 if i + width + 1 < len(out) and _modifier(out[i + width], lexicon) else 0  # 'welche früheren'
        head, kind = out[i:i + width + modifier], out[i + width + modifier] if i + width + modifier < len(out) else None
        at = i + width + modifier + 1
        at += 1 if at + 1 < len(out) and out[at].text.lower() in data.get("reflexives_before", ()) else 0  # ('s'appuie')
        verb = out[at] if at < len(out) else None
        info = verbs.get(verb.text.lower()) if verb is not None and verb.role == "typed" else None
        if width and _plural_kind(kind, lexicon, plural_renders) and verb is not None:
            said = _pronoun_subject(out, i + width + modifier + 1, verbs, data.get("subject_pronouns", {}), lexicon)
            if said:  # ('combien d'articles il cite': how many papers does it cite)
                new = _reordered(head + [kind], *said)
                if new:
                    out[i:i + width + modifier + 3 + (said[2] is not None)] = new
                    i += len(new)
                    continue
        if info and width and _plural_kind(kind, lexicon, plural_renders):
            clause = _clause(out, at, lexicon)
            if clause:
                participle, mention, end = clause
                agents = data.get("passive_agents", {})  # 'wurden von T zitiert': cited by T
                mention = [Token(agents[m.text.lower()], "english") if participle and m.role == "typed" and
                           m.text.lower() in agents else m for m in mention]
                new = _reordered(head + [kind], verb, info, participle, mention)
                if new:
                    out[i:end] = new
                    i += len(new)
                    continue
        i += 1
    return out


def _pronoun_subject(tokens: list[Token], i: int, verbs: dict, pronouns: dict, lexicon: Lexicon
                     ) -> tuple[Token, dict, Token | None, list[Token]] | None:
    """(verb, its entry, participle or None, [the pronoun in English]) when a subject pronoun of the lexicon's
    `subject_pronouns` stands before a finite verb of its number at i (the object went first, the subject was
    not inverted)."""
    pronoun = tokens[i]
    said = pronouns.get(pronoun.text.lower()) if pronoun.role == "typed" else None
    verb = tokens[i + 1] if i + 1 < len(tokens) and tokens[i + 1].role == "typed" else None
    info = verbs.get(verb.text.lower()) if said and verb is not None else None
    if not info or info.get("number") != said["number"]:
        return None
    after = tokens[i + 2] if i + 2 < len(tokens) else None
    return verb, info, after if _is_relation(after, lexicon) else None, [Token(said["english"], "english")]


def _head_width(tokens: list[Token], i: int, lexicon: Lexicon) -> int:
    """How many tokens from i make a question word of the lexicon ('welche': 1, 'wie viele': 2); 0 if none."""
    for width in (2, 1):
        words = tokens[i:i + width]
        if len(words) == width and all(t.role == "typed" for t in words) and \
                (lexicon.concept(" ".join(t.text.lower() for t in words)) or "").startswith("head:"):
            return width
    return 0


def _modifier(token: Token, lexicon: Lexicon) -> bool:
    """A word between a question word and its kind ('welche früheren Arbeiten'): a lexicon word of the operator or
    function family."""
    return _concept(token, lexicon).split(":")[0] in ("operator", "function") and \
        _concept(token, lexicon) != "function:drop"


def joined_particles(tokens: list[Token], lexicon: Lexicon) -> list[Token]:
    """'Taucht T im Literaturverzeichnis von T2 auf?' -> 'Auftaucht T …?': a separable particle of the lexicon's
    `separable_particles` ending its clause is put back on the clause's verb when the two make a lexicon form."""
    particles = set((lexicon.extra.get("agreement") or {}).get("separable_particles", ()))
    out = list(tokens)
    for end in range(len(out)):
        particle = out[end]
        closing = end + 1 == len(out) or out[end + 1].text in CLAUSE_ENDS
        if not (closing and particle.role == "typed" and particle.text.lower() in particles):
            continue
        start = end
        while start > 0 and out[start - 1].text not in CLAUSE_ENDS:
            start -= 1
        for k in range(start, end):
            joined = particle.text.lower() + out[k].text.lower()
            if out[k].role == "typed" and lexicon.concept(joined):
                out[k] = Token(joined)
                out[end] = Token("", "english")
                break
    return [t for t in out if t.text]


CLAUSE_ENDS = {"?", "!", ".", ",", ";", ":"}


def participle_after_subject(tokens: list[Token], lexicon: Lexicon) -> list[Token]:
    """'Wie oft wurde T im Datensatz zitiert?' -> 'Wie oft wurde T zitiert im Datensatz?': when the lexicon's
    `agreement` says participles stand last (`verb_final_participles`), a relation participle ending its clause is
    put right after the first mention following the clause's auxiliary (the subject), or following its question word
    when it has no auxiliary (a subordinate clause: '…, welche Arbeiten T in seinem Verzeichnis zitiert')."""
    if not (lexicon.extra.get("agreement") or {}).get("verb_final_participles"):
        return tokens
    out = list(tokens)
    for end in range(len(out)):
        closing = end + 1 == len(out) or out[end + 1].text in CLAUSE_ENDS
        if not (closing and _is_relation(out[end], lexicon)):
            continue
        start = end
        while start > 0 and out[start - 1].text not in CLAUSE_ENDS:
            start -= 1
        aux = next((k for k in range(start, end) if _concept(out[k], lexicon) == "head:aux"), None)
        if aux is not None and _is_relation(out[end - 1], lexicon):
            continue
        subordinate = aux is None and _finite_verb_last(out[start:end + 1], lexicon)
        if subordinate:  # a clause asked with a question word ('…, welche Arbeiten T in seinem … zitiert')
            aux = next((k for k in range(start, end) if _head_width(out, k, lexicon)), None)
        if aux is None or aux + 1 >= end:
            continue
        mention = next((k for k in range(aux + 1, end) if out[k].role == "mention"), None)
        named = mention
        while mention is not None and mention + 2 < end and out[mention + 2].role == "mention" and \
                _concept(out[mention + 1], lexicon) in ("function:and", "function:or"):
            mention += 2  # the whole subject: 'haben A oder B publiziert'
        if mention is None:
            continue
        verbs = (lexicon.extra.get("agreement") or {}).get("verbs", {})
        if subordinate and mention == named and \
                verbs.get(out[end].text.lower(), {}).get("number") == "plural" and mention + 1 <= end:
            out[mention:end + 1] = [out[end]] + out[mention:end]  # ('welche Publikationen T zitieren': the plural
            continue  # verb agrees with the asked kind, its subject; the one named mention is the object)
        if mention + 1 >= end:
            continue
        out[mention + 1:end + 1] = [out[end]] + out[mention + 1:end]
    return out


def _finite_verb_last(clause: list[Token], lexicon: Lexicon) -> bool:
    """The clause's only finite verb of the lexicon's `agreement.verbs` is its last word (a subordinate clause), not
    one standing second ('Auf welche Arbeiten verweist T im Literaturverzeichnis?')."""
    verbs = (lexicon.extra.get("agreement") or {}).get("verbs", {})
    found = [i for i, t in enumerate(clause) if t.role == "typed" and t.text.lower() in verbs]
    return found == [len(clause) - 1]


def relative_verb_first(tokens: list[Token], lexicon: Lexicon) -> list[Token]:
    """', die T zitieren' -> ', that zitieren T'; ', die T zitiert' -> ', that T zitiert': a relative pronoun of the
    lexicon's `relative_pronouns` (after a comma) with a mention and a relation verb ending its clause is put in
    English order: a plural verb agrees with the pronoun (the verb first), a singular one with the mention."""
    data = lexicon.extra.get("agreement") or {}
    pronouns, verbs = data.get("relative_pronouns", {}), data.get("verbs", {})
    out = _agent_relatives(list(tokens), lexicon)
    for i in range(1, len(out) - 4):  # ', die in T zitiert werden' -> ', that werden zitiert in T'
        pronoun, preposition, mention, verb, aux = out[i:i + 5]
        if out[i - 1].text == "," and pronoun.role == "typed" and pronoun.text.lower() in pronouns and \
                _concept(preposition, lexicon).startswith("function:") and mention.role == "mention" and \
                _is_relation(verb, lexicon) and _concept(aux, lexicon) == "head:aux":
            out[i:i + 5] = [Token(pronouns[pronoun.text.lower()], "english"), aux, verb, preposition, mention]
    for i in range(1, len(out) - 2):
        pronoun, mention, verb = out[i:i + 3]
        if out[i - 1].text == "," and pronoun.role == "typed" and pronoun.text.lower() in pronouns and \
                mention.role == "mention" and _is_relation(verb, lexicon):
            plural = verbs.get(verb.text.lower(), {}).get("number") == "plural"  # 'die T zitieren': they cite T
            out[i:i + 3] = [Token(pronouns[pronoun.text.lower()], "english")] + ([verb, mention] if plural else
                                                                                 [mention, verb])  # 'die T zitiert'
    return out


def _agent_relatives(tokens: list[Token], lexicon: Lexicon) -> list[Token]:
    """', von denen T zitiert wird' -> ', that zitieren T': a relative pronoun after a preposition naming the agent
    of a passive (lexicon `passive_agents`), then a mention, a relation participle and an auxiliary in either order:
    the pronoun's antecedent does the verb to the mention, rendered with the verb's plural form of the lexicon."""
    data = lexicon.extra.get("agreement") or {}
    pronouns, agents = data.get("relative_pronouns", {}), data.get("passive_agents", {})
    out, i = list(tokens), 0
    while i + 5 < len(out):
        i += 1
        agent, pronoun, mention, one, two = out[i:i + 5]
        verb = one if _is_relation(one, lexicon) else two
        aux = two if verb is one else one
        if out[i - 1].text == "," and agent.role == "typed" and agent.text.lower() in agents and \
                pronoun.role == "typed" and pronoun.text.lower() in pronouns and mention.role == "mention" and \
                _is_relation(verb, lexicon) and _concept(aux, lexicon) == "head:aux":
            active = _plural_form(verb, lexicon)
            if active is not None:
                out[i:i + 5] = [Token(pronouns[pronoun.text.lower()], "english"), active, mention]
    return out


def _plural_form(verb: Token, lexicon: Lexicon) -> Token | None:
    """The lexicon's plural finite verb of the same relation as the participle ('zitiert' -> 'zitieren')."""
    verbs = (lexicon.extra.get("agreement") or {}).get("verbs", {})
    concept = _concept(verb, lexicon)
    return next((Token(word) for word, info in verbs.items() if info.get("number") == "plural" and
                 lexicon.concept(word) == concept), None)
