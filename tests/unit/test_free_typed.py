"""Free-typed sets: sloppy renderings never make a mention ambiguous, context entities are unrelated,
gold answers are those of the intended entities (re-checked from the raw graph)."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest
from test_generator import Raw, _expected, _synthetic_store
from test_samplers_unanswerable import distance, farther_than, key

from hgrag.evaluation.free_typed import misspell, typo
from hgrag.evaluation.generator import generate_questions

TYPES = {"paper": "paper", "paper2": "paper", "author": "author", "author2": "author", "venue": "venue"}


@pytest.fixture(scope="module")
def synthetic():
    store = _synthetic_store()
    return store, generate_questions(store, "synthetic", seed=0, template_set="freetyped")


def test_typo_is_one_edit_after_the_first_letter():
    rng = random.Random(3)
    for word in ("reservoir", "Nakamura", "seismic", "carbonate") * 10:
        changed = typo(word, rng)
        assert changed and changed != word and changed[0] == word[0] and distance(changed, word) == 1


def test_misspell_respects_the_length_rules():
    rng = random.Random(1)
    assert misspell("Ada Lee", "author", rng) is None  # 6 letters
    assert misspell("Dense graph flow", "paper", rng) is None  # no word of 6 letters
    shown = misspell("Dense robust graph flow", "paper", rng)
    changed = [(a, b) for a, b in zip("Dense robust graph flow".split(), shown.split()) if a != b]
    assert len(changed) == 1 and changed[0][0] == "robust" and distance(*changed[0]) == 1


def test_every_rendering_kind_is_used_and_gold_is_that_of_the_intended_entities(synthetic):
    store, questions = synthetic
    raw = Raw(store)
    kinds = Counter(kind for q in questions for kind in q["rendering"].values())
    assert {"misspelt", "lowercase", "surname_first"} <= set(kinds), kinds
    for q in questions:
        asked = {k: v for k, v in q["entities"].items() if not k.startswith("other_")}
        assert sorted(q["answer"]) == sorted(_expected(raw, q["intent"], asked)), q
        for value in q["slots"].values():
            assert value in q["question"], q


def test_renderings_never_make_a_mention_ambiguous(synthetic):
    store, questions = synthetic
    raw = Raw(store)
    by_type = {kind: [key(raw.label(n)) for n, d in raw.g.nodes(data=True) if d["type"] == kind]
               for kind in ("author", "paper", "venue")}
    for q in questions:
        for slot, kind in q["rendering"].items():
            shown, meant = q["slots"][slot], q["entities"][slot]
            others = [label for label in by_type[TYPES[slot]] if label != key(meant)]
            if kind == "misspelt":
                assert distance(key(shown), key(meant)) == 1, q
                assert all(farther_than(key(shown), label, 2) for label in others), q
            elif kind == "lowercase":
                assert shown == meant.lower() and key(shown) not in others, q
            elif kind == "surname_first":
                surname, given = shown.split(", ")
                assert f"{given} {surname}" == meant, q
                assert sorted(key(meant).split()) not in [sorted(label.split()) for label in others], q


def _near(raw: Raw, node: str) -> set[str]:
    """Nodes within two hops over writes and cites edges, read from the raw graph."""
    found, layer = {node}, {node}
    for _ in range(2):
        layer = ({o for n in layer for _, o, k in raw.g.out_edges(n, keys=True) if k in ("writes", "cites")}
                 | {o for n in layer for o, _, k in raw.g.in_edges(n, keys=True) if k in ("writes", "cites")})
        found |= layer
    return found


def test_context_entities_are_real_and_unrelated(synthetic):
    store, questions = synthetic
    raw = Raw(store)
    with_context = [q for q in questions if any(k.startswith("other_") for k in q["slots"])]
    assert len(with_context) > 20
    for q in with_context:
        asked = [raw.find(TYPES[s], v) for s, v in q["entities"].items() if TYPES.get(s) in ("paper", "author")]
        for slot in ("other_author", "other_paper"):
            if slot in q["slots"]:
                node = raw.find("author" if slot == "other_author" else "paper", q["slots"][slot])
                assert not any(node in _near(raw, a) for a in asked), q
                if slot == "other_author":
                    people = [raw.label(a) for a in asked if raw.g.nodes[a]["type"] == "author"]
                    assert not set(re.findall(r"\w+", q["slots"][slot])) & {w for p in people for w in p.split()}, q


def test_initial_forms_are_recorded_with_their_kind(synthetic):
    """'J. Keller' is shared by Jun and Jia Keller: it may only appear as initials_ambiguous."""
    store, questions = synthetic
    raw = Raw(store)
    initials = [(q, s) for q in questions for s, k in q["rendering"].items() if k.startswith("initials")]
    assert initials
    for q, slot in initials:
        shown = q["slots"][slot]
        group = [a for a in raw.all_authors() if (raw.label(a)[0], raw.label(a).split()[-1]) == (shown[0], shown.split()[-1])]
        assert (len(group) == 1) == (q["rendering"][slot] == "initials"), q
