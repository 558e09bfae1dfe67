"""The answer kind a question's head asks for, read from its tagged tokens alone (no plan): "how many" a
number, "who" an author, "which venue" a venue, "year of A's earliest paper" a year, an opening auxiliary a
yes/no. The structural check (check.py) holds the plan's output kind to it."""

from __future__ import annotations

from functools import lru_cache

from hgrag.agents.understanding.cue_words import is_modifier
from hgrag.agents.understanding.instructions import instruction_only
from hgrag.agents.understanding.lexicon import load, signatures
from hgrag.agents.understanding.tokens import Token, clauses, tag

WORD_KINDS = {"kind:paper": "paper", "kind:author": "author", "kind:venue": "venue", "attribute:year": "year",
              "attribute:citations": "number", "attribute:n_authors": "number", "operator:count": "number"}
ASKING_VERBS = {"relation:writes": "paper", "relation:published": "paper"}
ASKING_HEADS = ("head:who", "head:when", "head:where", "head:which", "head:how_many", "head:how_long", "head:command",
                "operator:count")
SUPERLATIVES = ("operator:first", "operator:last", "operator:max", "operator:mostly", "operator:min", "operator:other")
LATER_HEADS = ("head:which", "head:who", "head:where", "head:how_many")  # a head after a 'when' clause asks


def names_a_mention(tokens: list[Token], token: Token) -> bool:
    """'the article T', 'the repository R': a value word right before a mention says what the mention is (not when
    the mention's possessive opens a clause: 'the venues A's papers were published in')."""
    after = [t for t in tokens if t.start == token.end]
    if not (token.family in ("value", "kind") and bool(after) and after[0].concept == "mention"):
        return False
    at = tokens.index(after[0])
    clause = tokens[at + 1:at + 4]  # ('the venues A's papers were published in': a clause of its own; its noun is
    return not (len(clause) == 3 and clause[0].text == "'s" and clause[1].family == "kind" and  # no apposition)
                (clause[2].concept == "head:aux" or clause[2].family == "relation"))


def _kind_next(tokens: list[Token]) -> bool:
    """A kind noun next, or after one modifier the lexicon does not know ('any joint paper') or a name ('any A paper')."""
    return bool(tokens) and (tokens[0].family == "kind" or (
        (is_modifier(tokens[0].concept) or tokens[0].concept == "mention") and len(tokens) > 1 and
        tokens[1].family == "kind"))  # ('any A paper in V?': a name before the noun says whose)


def asked_kind(tokens: list[Token]) -> str | None:
    """The answer kind the question's head asks for, or None when the head does not say: the first decisive
    token after fillers, commands and function words ("how many" / "count", a kind noun, who / when /
    where, which + noun); a yes/no auxiliary opening the question without a wh-word or an "or"."""
    body = [t for t in tokens if t.family != "filler"]
    if not body:
        return None
    if any(t.concept == "operator:yes_no" for t in body):
        return "yes/no"
    picked = _value_picked(body) or _comment_head(body)
    if picked:
        return picked  # "max cits on a single paper", "A earliest pub year": the value a superlative picks is asked
    last = body[-1]
    if last.concept in WORD_KINDS and load("en").concept(last.text) != last.concept and \
            body[0].concept in ("head:which", "head:what") and not _head_noun_before_the_clause(body):
        return WORD_KINDS[last.concept]  # 'which did A publish in?': a stranded preposition's reading asks ('what's
        # the first year A published in?': the preposition is the head noun's, 'year')
    if len(body) > 2 and body[0].concept == "head:command" and body[1].concept == "head:aux":
        return asked_kind(body[1:])  # "check: is A on the author list of T?"
    if _confirms_a_clause(body):
        return "yes/no"  # "can you confirm he has a paper in V?", "confirm that A wrote T"
    if body[0].concept == "head:aux" and not any(t.text == "or" for t in body) \
            and not any(t.concept in ("head:who", "head:when", "head:where", "head:which") for t in body[1:3]):
        return "yes/no"
    if _aux_after_leading_phrase(body):  # "On T, was A listed under I?"
        return "yes/no"
    if body[0].text in load("en").extra.get("yes_no_openers", []) and _kind_next(body[1:3]) and not any(
            t.concept in ("head:who", "head:when", "head:where", "head:which", "head:how_many") for t in body):
        return "yes/no"  # "Any papers by A in 1992?", "any joint paper?"
    if _hedged_fragment(tokens, body):
        return "yes/no"  # "A and B - co-authors at some point?"
    later = [i for i, t in enumerate(body) if i > 0 and t.concept in LATER_HEADS]
    if body[0].concept == "head:when" and later:  # "When A published T, what institution were they at?"
        return asked_kind(body[later[0]:])
    if body[0].text in load("en").extra.get("frame_prepositions", []) and body[1:2] and body[1].family != "head" \
            and later:
        return asked_kind(body[later[0]:])  # "In the last year A published, what did they publish?": a time frame first
    in_situ = [i for i, t in enumerate(body) if i > 0 and t.concept in LATER_HEADS + ("head:when", "operator:count")]
    if body[0].concept == "mention" and in_situ:  # "A published the most papers in which venue?": the head in place
        return asked_kind(body[in_situ[0]:])
    placed_after_verb = [i for i in in_situ if body[i].concept == "head:which" and i + 1 < len(body) and
                         body[i + 1].family in ("kind", "attribute", "relation") and
                         (body[i - 1].concept == "head:aux" or body[i - 1].family == "relation") and
                         not any(t.family == "head" and t.concept != "head:aux" for t in body[:i])]
    if placed_after_verb and asked_kind(body[placed_after_verb[0]:]):  # "its first author has which co-authors?":
        return asked_kind(body[placed_after_verb[0]:])  # asked in place, its noun said
    if any(body[i].text.startswith("how ") and (body[i - 1].concept == "head:aux" or body[i - 1].family == "relation")
           and not any(t.family == "head" and t.concept != "head:aux" for t in body[:i])
           for i in in_situ if body[i].concept in ("head:how_many", "operator:count")):
        return "number"  # ('Among A's papers, the most cited one has how many citations?': asked in place after its verb)
    placed = [i for i in in_situ if body[i - 1].family not in ("kind", "operator")]  # ('the papers who cite T': a
    # relative pronoun; 'the venue with the largest number of …': a modifier)
    lead = next((t for t in body if t.family != "function"), body[0])  # ('The papers cited by T …')
    ranked = next((t for t in body if t.family not in ("function", "operator")), body[0])  # ('First paper of A came
    # in which year?': a ranking word modifies the kind; 'top author of V by paper count' is no head in place)
    after_verb = placed and (body[placed[0] - 1].concept == "head:aux" or body[placed[0] - 1].family == "relation")
    ranking = lead.family == "operator" and lead.concept not in ("operator:list", "operator:count")
    if placed and ranked.family == "kind" and ranking and (body[placed[0]].family == "head" or after_verb):
        lead = ranked  # ('the most cited one has how many citations?': a count in place after its verb)
    if lead.family == "kind" and placed and (" " in body[placed[0]].text or placed[0] + 1 < len(body)
                                                and body[placed[0] + 1].family == "kind"):
        return asked_kind(body[placed[0]:])  # "Papers cited by T appeared in which venues?" ('venues in which A …': a clause)
    content = [t for t in body if t.family not in ("function", "general")]
    if content and content[-1].concept == "operator:count" and content[0].family in ("kind", "mention"):
        return "number"  # a fragment ending in its head: "A pubs in 2024 count"
    skip = 0
    for i, token in enumerate(body[:8]):
        concept = token.concept or ""
        if i < skip or i == 0 and concept == "operator:list":  # 'enumerate the writings …': a command
            continue
        if concept in ("head:how_many", "operator:count"):
            return "number"
        if concept in WORD_KINDS and token.family == "kind":
            if names_a_mention(body, token) or _owner(body[i + 1:i + 2]):  # "the paper T", "this person's …"
                continue
            return _compound_head(body[i + 1:i + 2]) or WORD_KINDS[concept]
        if concept in WORD_KINDS and token.family == "attribute" and _relating_next(body[i + 1:i + 2]):
            return WORD_KINDS[concept]  # "year of A's earliest pub?": the attribute heading the question
        if concept in WORD_KINDS and token.family == "attribute" and _relative_heads(body[i:i + 4]):
            return WORD_KINDS[concept]  # "mention the year in which A published …": the attribute a clause follows
        if _modifier_run(body[i:i + 3]):
            skip = i + _modifier_run(body[i:i + 3])
            continue  # "retrieve all publications …", "most cited paper by A": the noun's modifiers
        kind = signatures().get(concept, {}).get("kind")
        if kind and concept != "head:aux":
            return kind
        if concept == "head:which":
            return _which(body[i + 1:i + 9])
        if concept == "general:everything" and i and body[i - 1].concept in ("operator:list", "head:command"):
            return _free_relative([t for t in body[i + 1:i + 9] if t.family != "function"])  # ('list everything the
            # last author of T has written')
        if token.family not in ("function", "head", "general") and concept != "mention":
            return None
    return None


def _head_noun_before_the_clause(body: list[Token]) -> bool:
    """A kind or attribute noun said after the question word and before the first name ('what year … A …')."""
    named = next((i for i, t in enumerate(body) if t.concept == "mention"), len(body))
    return any(t.family in ("kind", "attribute") and t.concept in WORD_KINDS for t in body[1:named])


def _confirms_a_clause(body: list[Token]) -> bool:
    """A command of the lexicon's `confirming_commands` ('confirm', 'verify') whose object is a clause (a subject,
    then an auxiliary or a relation: 'confirm (that) he has …'): whether the clause holds is asked."""
    if not body or body[0].text not in load("en").extra.get("confirming_commands", []):
        return False
    words = load("en").extra.get("code_words", {})
    rest = body[1:]
    while rest and rest[0].text in words.get("confirming_objects", []):  # ('can you confirm me that he has …')
        rest = rest[1:]
    subject = rest[:1] and (rest[0].concept == "mention" or rest[0].text in words.get("subject_pronouns", []))
    while len(rest) > 2 and rest[1].concept == "function:and" and rest[2].concept == "mention":
        rest = rest[2:]  # ('confirm that A and B wrote …': one subject of several names)
    verb = len(rest) > 1 and (rest[1].concept == "head:aux" or rest[1].family == "relation" and
                              (rest[1].text.endswith("ed") or rest[1].text in words.get("irregular_past_relations", [])))
    # (a past form: 'confirm A's co-authors' lists)
    return bool(subject) and verb


def _value_picked(body: list[Token]) -> str | None:
    """The kind of an attribute right after a superlative ('max cits', 'earliest pub year') in a fragment that no
    kind noun comes before and no question word asks ('which paper has the most citations' asks the paper)."""
    for i, token in enumerate(body[1:], 1):
        if token.family == "attribute" and token.concept in WORD_KINDS and body[i - 1].concept in SUPERLATIVES:
            before = body[:i - 1]
            if not any(t.family == "kind" for t in before) and \
                    not any(t.family == "head" and t.concept != "head:aux" for t in body):  # ('in the last year A
                return WORD_KINDS[token.concept]  # published, what …?', 'who did A write with in their first year?')
    return _attribute_closing_a_compound(body)


def _comment_head(body: list[Token]) -> str | None:
    """'Most cited paper of A, its citation number is what?': a topic, then a comment whose subject is a possessive
    (lexicon `topic_comment.possessives`) with its noun, closed by an auxiliary and an in-place question word: the
    comment's noun is asked (the last attribute or count word between the possessive and the auxiliary)."""
    possessives = load("en").extra.get("topic_comment", {}).get("possessives", [])
    in_place = body[-1].concept in ("head:which", "head:how_many") or body[-1].text.startswith("how ")  # (not 'is counted')
    if len(body) < 4 or not in_place or body[-2].concept != "head:aux":
        return None
    owned = next((i for i in range(len(body) - 2, 0, -1) if body[i].text in possessives), None)
    nouns = [t for t in body[owned + 1:-2] if t.concept in WORD_KINDS] if owned else []
    return WORD_KINDS[nouns[-1].concept] if nouns else None


def _attribute_closing_a_compound(body: list[Token]) -> str | None:
    """'A most cited paper citation count': a fragment with no question word or command ends in its head noun, so
    an attribute closing a noun compound (right after a kind, a mention or a relation word) is the value asked."""
    last = body[-1]
    if len(body) < 3 or last.family != "attribute" or last.concept not in WORD_KINDS or any(
            t.family == "head" or t.concept == "operator:list" for t in body):
        return None
    marked = body[-2].concept == "number" and body[-3].concept == "mention"  # (a mention's mark: 'zzm' '1')
    return WORD_KINDS[last.concept] if body[-2].family in ("kind", "mention", "relation") or marked else None


def _hedged_fragment(tokens: list[Token], body: list[Token]) -> bool:
    """A fragment that opens with a named thing, a relation or the hedge itself ('A and B - co-authors …', 'ever
    worked together: A & B?'), asks with no question word,
    auxiliary or command, and holds an existential hedge (lexicon `existential_hedges`: 'at some point', 'ever'):
    whether it happened."""
    opens_with_hedge = tokens[0].text in load("en").extra.get("existential_hedges", [])  # ('ever worked together …?')
    return (body[0].concept == "mention" or body[0].family == "relation" or opens_with_hedge) and says_a_hedge(tokens) \
        and not any(t.family == "head" and t.concept != "head:aux" or t.concept == "operator:list" for t in body)


def says_a_hedge(tokens: list[Token]) -> bool:
    """Do the tokens hold one of the lexicon's `existential_hedges` ('at some point', 'on any paper', 'ever')?"""
    said = f" {' '.join(t.text for t in tokens)} "
    return any(f" {h} " in said for h in load("en").extra.get("existential_hedges", []))


def _aux_after_leading_phrase(body: list[Token]) -> bool:
    """An auxiliary right after a leading prepositional phrase, with no question word or 'or' anywhere:
    a yes/no question ("In 2019, did A publish in V?", "On T, was A listed under I?")."""
    wh = ("head:who", "head:when", "head:where", "head:which", "head:how_many", "head:how", "head:command")
    if body[0].family not in ("function", "general") or any(t.concept in wh or t.text == "or" for t in body):
        return False
    for token in body[1:6]:
        if token.concept == "head:aux":
            return True
        if token.family not in ("function", "mention", "kind", "number") and token.concept not in ("mention", "number"):
            return False
    return False


MODIFYING = ("operator", "attribute", "relation")
NOT_MODIFYING = ("operator:count", "operator:compare_more", "operator:compare_less")


def _modifier_run(tokens: list[Token]) -> int:
    """How many modifiers lead to a kind noun (0: none): the first token is an operator that is no count or comparison, and any after it up to a kind noun are
    operators, attributes or participles: modifiers of that noun ('all publications', 'most cited paper',
    'earliest pub'; not 'more papers in 2024 or 2025?', which asks for the winner)."""
    if not tokens or tokens[0].family != "operator" or tokens[0].concept in NOT_MODIFYING:
        return 0
    for n, token in enumerate(tokens[1:], 1):
        if token.family == "kind":
            return n
        if token.family not in MODIFYING or token.concept in NOT_MODIFYING:
            return 0  # 'on average, how many authors …': the count heads the question
    return 0


def _owner(after: list[Token]) -> bool:
    """A possessive next: the noun owns what is asked ('this person's most cited paper')."""
    return bool(after) and after[0].concept == "function:'s"


def _compound_head(after: list[Token]) -> str | None:
    """'first paper year', 'publication year': the year noun closing a compound is its head."""
    if after and after[0].concept == "attribute:year":  # ('papers, citations >= 12': a comma the tokens lose)
        return WORD_KINDS[after[0].concept or ""]
    return None


def _relating_next(tokens: list[Token]) -> bool:
    """A relating preposition next ('year of', 'citations of'): the noun before it is what is asked of the rest."""
    return bool(tokens) and tokens[0].text in load("en").extra.get("relating_prepositions", [])


def _relative_heads(tokens: list[Token]) -> list[Token]:
    """Kind nouns a relative clause follows ('the venues in which …', 'the year that …'): the thing asked."""
    found = []
    for i, token in enumerate(tokens):
        rest = [t for t in tokens[i + 1:] if t.family != "function"]
        after = tokens[i + 1:i + 3]
        led = len(after) == 2 and after[0].family == "function" and after[1].concept == "head:which"
        if token.family == "attribute" and led and i == 0:  # 'the year in which …' (not 'the count, which …')
            found.append(token)
        elif token.family == "kind" and rest and rest[0].concept in ("head:which", "head:where"):  # ('the venues where')
            found.append(token)
    return found


def _which(after: list[Token]) -> str | None:
    """'which venue', 'what year', 'what did A publish' (the object of a writing verb is papers, even
    with a noun in the subject: 'what did researchers at I publish'); 'what else', 'which other' ask the same."""
    after = after[1:] if after and after[0].concept == "operator:other" else after
    if after and after[0].concept == "head:aux":
        verbs = [i for i, t in enumerate(after) if t.concept in ASKING_VERBS]
        counting = ("operator:count", "head:how_many")  # 'what is the number of works … published': a number
        before = after[:verbs[0] if verbs else 0]
        named = [t for t in before if t.concept in counting or t.family == "attribute" and t.concept in WORD_KINDS]
        named += _relative_heads(before)  # 'what are the venues in which A published': the venues
        if verbs and not named:  # 'what is the most recent year in which A published a paper': the year
            return ASKING_VERBS[after[verbs[0]].concept or ""]
    skip = 0
    for i, token in enumerate(after):
        if i < skip:
            continue
        if token.concept == "operator:count":
            return "number"
        if token.concept in WORD_KINDS and not _owner(after[i + 1:i + 2]):
            return WORD_KINDS[token.concept or ""]
        if token.concept in ASKING_VERBS and (any(t.concept == "head:aux" for t in after) or
                                              i and after[i - 1].concept == "mention"):  # ('what A published in …')
            return ASKING_VERBS[token.concept]
        if i == 0 and _relation_noun(token, after[1:2]):  # 'which references', 'which co-authors': what it names
            return signatures()[token.concept or ""]["names"][0]
        if token.concept in SUPERLATIVES and any(t.concept in WORD_KINDS for t in after[i + 1:i + 3]):
            skip = i + (_modifier_run(after[i:i + 3]) or 1)
            continue  # 'the most recent year', 'the most cited paper': modifiers of the noun that says the kind
        if token.family in ("attribute", "operator", "relation"):
            return _free_relative(after[i:])
    return None


def _free_relative(after: list[Token]) -> str | None:
    """'list what the last author of T has written': a clause whose subject names a byline place of a named paper
    and whose verb asks (a writing or publishing verb right after the mention or its auxiliary) asks for the verb's
    object."""
    verbs = [i for i, t in enumerate(after) if t.concept in ASKING_VERBS]
    if not verbs or not (after[0].concept or "").startswith("attribute:position"):
        return None
    before = after[:verbs[0]]
    ends = [t.concept for t in before[-2:]]
    return ASKING_VERBS[after[verbs[0]].concept or ""] if "mention" in ends and \
        all(c in ("mention", "head:aux") for c in ends[ends.index("mention"):]) else None




def _relation_noun(token: Token, after: list[Token]) -> bool:
    """A relation word used as a noun right after 'which' that names one kind ('references': papers, 'co-authors':
    people); not a verb of its citation step ('which cited …') nor a modifier of a kind noun next."""
    signature = signatures().get(token.concept or "", {})
    return token.family == "relation" and len(signature.get("names") or []) == 1 and \
        token.text not in signature.get("hop_forms", []) and not (after and after[0].family == "kind")


@lru_cache(maxsize=512)  # the mention checks ask it of the same masked question several times
def asking_clause(text: str) -> str:
    """The last sentence of `text` that asks (a question word, 'how', a command, a count, or an opening
    auxiliary), else the last sentence that is no bare instruction ('Round to one decimal.')."""
    parts = clauses(text)
    tagged = [tag(c, load("en")) for c in parts]
    kept = [i for i, t in enumerate(tagged) if not instruction_only(t)] or list(range(len(parts)))
    marked = [i for i in kept if parts[i].rstrip().endswith("?")]
    asking = [i for i in kept if _asks(tagged[i]) and not _a_statement_after(i, parts, tagged, marked)]
    return parts[(asking or kept)[-1]]


def _a_statement_after(i: int, parts: list[str], tagged: list[list[Token]], marked: list[int]) -> bool:
    """'Has A co-written with B? Had a bet on it down the pub.': an auxiliary opens it but no question mark closes it
    after a clause that has one: a statement, not a second question."""
    body = [t for t in tagged[i] if t.family != "filler"]
    return bool(body) and body[0].concept == "head:aux" and not parts[i].rstrip().endswith("?") and \
        any(k < i for k in marked)


def _asks(tokens: list[Token]) -> bool:
    body = [t for t in tokens if t.family != "filler"]
    return any(t.concept in ASKING_HEADS + ("head:how",) for t in body) or bool(body) and body[0].concept == "head:aux"
