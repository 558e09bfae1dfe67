"""Abbreviated author names in benchmark questions: "Marvin K. Simon" -> "M. K. Simon".

Users abbreviate names ("Who teamed up with Marvin K. Simon ..." is also typed as "M. K. Simon").
When a question names an author (slot "author" or "author2") together with at least one other
entity (paper, paper2, venue or another author), the generator renders one of its author slots in
initial form with probability RENDER_PROBABILITY (drawn from its own seeded rng), but only when
the form is resolvable from the graph alone (GraphStore labels, not the systems' entity index):
  "initials"            no other author node has the same initial-form key (first initial +
                        surname, tools.text.initials_key): plain variety;
  "initials_ambiguous"  several authors share the key, but exactly one of them, the intended
                        author, is directly related to the question's other entities: an author of
                        the paper, has a paper in the venue, or has co-written a paper with the
                        other author (related to any one of them counts as a plausible reading).
Otherwise the full name is kept. At most one author slot per question is rendered, so the context
that resolves an ambiguous form is always named in full. Intents can restrict this
(intent_samplers.NAME_RENDERING): "never", or "unambiguous" (plain "initials" only).
The gold answer never changes: it is computed for the intended author.
"""

from __future__ import annotations

import random

from hgrag.evaluation.graph_facts import GraphFacts
from hgrag.tools.text import clean_display, initials_key, norm_key

RENDER_PROBABILITY = 0.3
AUTHOR_SLOTS = ("author", "author2")
ENTITY_SLOTS = ("paper", "paper2", "venue", "author", "author2")
POLICIES = ("any", "unambiguous", "never")
_SUFFIXES = {"jr", "sr", "ii", "iii"}


def initial_form(name: str) -> str | None:
    """'Marvin K. Simon' -> 'M. K. Simon', 'Jean-Pierre Dupont' -> 'J.-P. Dupont',
    'Ludwig van Beethoven' -> 'L. van Beethoven'.

    Every given-name token is reduced to its initial and a full stop; the surname (last token, with
    lower-case particles before it) is kept. None when the name cannot be abbreviated safely
    ('Surname, Given' order, a suffix such as 'Jr.', a token not starting with a letter) or when it
    is already in initial form.
    """
    text = clean_display(name)
    parts = text.split()
    if "," in text or len(parts) < 2 or norm_key(parts[-1]) in _SUFFIXES:
        return None
    cut = len(parts) - 1
    while cut > 1 and parts[cut - 1].islower():  # 'van', 'de la' belong to the surname
        cut -= 1
    given = []
    for position, token in enumerate(parts[:cut]):
        if position and token.islower():  # a particle inside the given names ('José de Souza Lima')
            given.append(token)
            continue
        pieces = token.split("-")
        if not all(piece[:1].isalpha() for piece in pieces):
            return None
        given.append("-".join(f"{piece[0].upper()}." for piece in pieces))
    rendered = " ".join(given + parts[cut:])
    key = initials_key(text)
    if rendered == text or not key or initials_key(rendered) != key:
        return None
    return rendered


def slot_node(facts: GraphFacts, slot: str, value: str) -> str | None:
    """The node a slot value names (its label is unique in the graph and of the slot's type), or None."""
    node_id = facts.resolve(value)
    node_type = "paper" if slot.startswith("paper") else "author" if slot.startswith("author") else slot
    return node_id if node_id is not None and facts.store.node_type(node_id) == node_type else None


def is_related(facts: GraphFacts, author_id: str, slot: str, node_id: str) -> bool:
    """The author is directly tied to the entity of another slot: wrote the paper, published in
    the venue, or co-wrote a paper with the other author."""
    if slot.startswith("paper"):
        return node_id in facts.papers_of(author_id)
    if slot == "venue":
        return any(node_id in facts.store.step(p, "venue") for p in facts.papers_of(author_id))
    if slot.startswith("author"):
        return node_id in facts.coauthors(author_id)
    return False


def rendering_kind(facts: GraphFacts, author_id: str, rendered: str, context: dict[str, str | None],
                   policy: str = "any") -> str | None:
    """'initials', 'initials_ambiguous' or None (not resolvable) for showing `author_id` as `rendered`.

    `context` maps the question's other entity slots to their nodes (None when a slot value does not
    name exactly one node: then only an unambiguous form is allowed).
    """
    group = facts.authors_with_initials(rendered)
    if author_id not in group:
        return None
    if group == {author_id}:
        return "initials"
    if policy != "any" or not context or None in context.values():
        return None
    related = [member for member in sorted(group)
               if any(is_related(facts, member, slot, node) for slot, node in context.items())]
    return "initials_ambiguous" if related == [author_id] else None


def render_slots(facts: GraphFacts, slots: dict[str, str], rng: random.Random, policy: str = "any",
                 probability: float = RENDER_PROBABILITY) -> tuple[dict[str, str], dict[str, str]]:
    """(slot values as shown in the question, {slot: rendering kind}) for one candidate.

    Draws from `rng` only for candidates that name an author plus another entity (a fixed property
    of an intent), so the draws, and with them the benchmark, are deterministic for a seed.
    """
    if policy not in POLICIES:
        raise ValueError(f"unknown name rendering policy {policy!r}")
    eligible = [s for s in AUTHOR_SLOTS if s in slots
                and any(other in slots for other in ENTITY_SLOTS if other != s)]
    if policy == "never" or not eligible:
        return slots, {}
    draw, slot = rng.random(), rng.choice(eligible)
    if draw >= probability:
        return slots, {}
    author_id = slot_node(facts, slot, slots[slot])
    rendered = initial_form(slots[slot])
    if author_id is None or rendered is None:
        return slots, {}
    context = {other: slot_node(facts, other, value) for other, value in slots.items()
               if other != slot and other in ENTITY_SLOTS}
    kind = rendering_kind(facts, author_id, rendered, context, policy)
    if kind is None:
        return slots, {}
    return {**slots, slot: rendered}, {slot: kind}
