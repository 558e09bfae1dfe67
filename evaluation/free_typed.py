"""Free-typed benchmark sets: mentions typed the way users type them, and unrelated context entities.

Renderings (at most one mention per question, with probability RENDER_PROBABILITY, drawn from the
generator's seeded rendering rng); each is used only when the mention still names one entity:
  misspelt       one edit (a neighbouring key, a dropped or a doubled letter; never the first letter
                 of a word) in a person name of >= 7 letters (in a name word of >= 4 letters) or in
                 one title word of >= 6 letters, and only when no other entity of that type lies
                 within edit distance 2 of the misspelt form (normalised labels);
  lowercase      the whole mention in lower case (names, titles, venues);
  surname_first  "Surname, Given" (evaluation/perturb.py), when no other label reads like it;
  initials       "M. K. Simon" (evaluation/renderings.py), plain ("initials") or resolved by the
                 question's other entities ("initials_ambiguous") as there.
Context slots ({other_author}, {other_paper}) are filled with clear, real entities unrelated to
the question's entities: not within two hops over authorship and citation edges (so no shared paper,
no citation between them), and, for people, sharing no name word with the question's people.
"""

from __future__ import annotations

import random

from hgrag.evaluation.graph_facts import GraphFacts
from hgrag.evaluation.perturb import perturb_author
from hgrag.evaluation.renderings import initial_form, rendering_kind, slot_node
from hgrag.tools.text import name_tokens, norm_key

RENDER_PROBABILITY = 0.6
MIN_NAME_LETTERS = 7
MIN_NAME_WORD = 4
MIN_TITLE_WORD = 6
TYPO_CLEARANCE = 2
CONTEXT_TRIES = 200
SLOT_TYPES = {"author": "author", "author2": "author", "paper": "paper", "paper2": "paper", "venue": "venue"}
KINDS = {"author": ("misspelt", "lowercase", "surname_first", "initials"),
         "paper": ("misspelt", "lowercase"), "venue": ("lowercase",)}
_SUFFIXES = {"jr", "sr", "ii", "iii"}
_KEYBOARD = ["qwertyuiop", "asdfghjkl", "zxcvbnm"]


def _neighbour_keys(char: str) -> str:
    for row in _KEYBOARD:
        at = row.find(char)
        if at >= 0:
            return row[max(at - 1, 0):at] + row[at + 1:at + 2]
    return ""


def typo(word: str, rng: random.Random) -> str | None:
    """`word` with one edit at a lower-case letter after the first: substitute a neighbouring key,
    drop the letter or double it."""
    places = [i for i in range(1, len(word)) if word[i].isalpha() and word[i].islower()]
    if not places:
        return None
    at = rng.choice(places)
    operation = rng.choice(("substitute", "drop", "double"))
    if operation == "substitute" and _neighbour_keys(word[at]):
        return word[:at] + rng.choice(_neighbour_keys(word[at])) + word[at + 1:]
    if operation == "drop":
        return word[:at] + word[at + 1:]
    return word[:at] + word[at] + word[at:]


def misspell(text: str, node_type: str, rng: random.Random) -> str | None:
    """One typo in one eligible word of a name or title, or None when there is no eligible word."""
    words = text.split(" ")
    letters = sum(ch.isalpha() for ch in text)
    if node_type == "author":
        if letters < MIN_NAME_LETTERS:
            return None
        eligible = [i for i, w in enumerate(words) if w.isalpha() and len(w) >= MIN_NAME_WORD]
    else:
        eligible = [i for i, w in enumerate(words) if w.isalpha() and len(w) >= MIN_TITLE_WORD]
    if not eligible:
        return None
    at = rng.choice(eligible)
    changed = typo(words[at], rng)
    return None if changed is None else " ".join(words[:at] + [changed] + words[at + 1:])


def typo_is_clear(facts: GraphFacts, node_type: str, original: str, shown: str) -> bool:
    """The misspelt form differs from the original and no other entity of the type is within 2 edits."""
    key, own = norm_key(shown), norm_key(original)
    if not key or key == own:
        return False
    return not facts.near_labels(node_type).any_within(key, TYPO_CLEARANCE, ignore={own})


def _surname_first(facts: GraphFacts, name: str) -> str | None:
    parts = name.split()
    if len(parts) < 2 or norm_key(parts[-1]) in _SUFFIXES or "," in name:
        return None
    shown = perturb_author(name, "surname_first")
    return shown if facts.label_counts.get(norm_key(shown), 0) == 0 else None


def _render(facts: GraphFacts, slots: dict[str, str], slot: str, kind: str, policy: str,
            rng: random.Random) -> tuple[str | None, str]:
    """(the mention rendered as `kind`, or None when that is not safe; the kind as recorded)."""
    value, node_type = slots[slot], SLOT_TYPES[slot]
    if kind == "lowercase":
        return (value.lower() if value.lower() != value else None), kind
    if kind == "misspelt":
        shown = misspell(value, node_type, rng)
        return (shown if shown and typo_is_clear(facts, node_type, value, shown) else None), kind
    if kind == "surname_first":
        return _surname_first(facts, value), kind
    if kind == "initials" and policy != "never":
        author_id, shown = slot_node(facts, slot, value), initial_form(value)
        if author_id is None or shown is None:
            return None, kind
        context = {other: slot_node(facts, other, v) for other, v in slots.items()
                   if other != slot and other in SLOT_TYPES}
        made = rendering_kind(facts, author_id, shown, context, policy)  # initials / initials_ambiguous
        return (shown if made else None), made or kind
    return None, kind


def render_free_typed(facts: GraphFacts, slots: dict[str, str], rng: random.Random, policy: str = "any"
                      ) -> tuple[dict[str, str], dict[str, str]]:
    """(slot values as shown, {slot: rendering kind}): at most one mention rendered per question."""
    entity_slots = [s for s in slots if s in SLOT_TYPES]
    if not entity_slots or rng.random() >= RENDER_PROBABILITY:
        return dict(slots), {}
    slot = rng.choice(entity_slots)
    kinds = list(KINDS[SLOT_TYPES[slot]])
    rng.shuffle(kinds)
    for kind in kinds:
        shown, recorded = _render(facts, slots, slot, kind, policy, rng)
        if shown:
            return {**slots, slot: shown}, {slot: recorded}
    return dict(slots), {}


# -- context slots -------------------------------------------------------------------------
def near_nodes(facts: GraphFacts, node_id: str, hops: int = 2) -> set[str]:
    """Nodes within `hops` steps over authorship and citation edges (venues are hubs, left out)."""
    found, layer = {node_id}, {node_id}
    for _ in range(hops):
        step: set[str] = set()
        for node in layer:
            for edge_type in ("writes", "cites"):
                for direction in ("out", "in"):
                    step.update(facts.store.neighbors(node, edge_type, direction))  # type: ignore[arg-type]
        layer = step - found
        found |= step
    return found


def _clear(facts: GraphFacts, node_id: str, node_type: str) -> bool:
    if node_type == "author":
        return facts.clear_author(node_id) and bool(facts.papers_of(node_id))
    return facts.clear_title(node_id)


def context_slots(facts: GraphFacts, wanted: set[str], slots: dict[str, str], rng: random.Random
                  ) -> dict[str, str] | None:
    """Values for the wanted context slots, or None when no unrelated entity was found."""
    if not wanted:
        return {}
    anchors = [node for slot, value in slots.items() if slot in SLOT_TYPES and SLOT_TYPES[slot] != "venue"
               for node in [slot_node(facts, slot, value)] if node is not None]
    near = set().union(*(near_nodes(facts, a) for a in anchors)) if anchors else set()
    words = {t for slot, value in slots.items() if SLOT_TYPES.get(slot) == "author" for t in name_tokens(value)}
    chosen: dict[str, str] = {}
    for slot in sorted(wanted):
        node_type = "author" if slot == "other_author" else "paper"
        pool = facts.sorted_nodes(node_type)
        for _ in range(CONTEXT_TRIES):
            node = rng.choice(pool)
            if node in near or not _clear(facts, node, node_type):
                continue
            if node_type == "author" and facts.name_tokens(node) & words:
                continue
            value = facts.label(node) if node_type == "author" else facts.title_slot(node)
            if value in chosen.values() or any(value in v or v in value for v in slots.values()):
                continue
            chosen[slot] = value
            near |= near_nodes(facts, node)
            break
        else:
            return None
    return chosen
