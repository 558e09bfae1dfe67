"""The type predicate of a yes/no question is read from the lexicon's `type_values` (agents/lexicon/en.json)."""

from __future__ import annotations

import pytest

from hgrag.agents.planning.type_predicates import type_predicate


@pytest.mark.parametrize("residual,expected", [
    ("is zzvenue a journal?", (0, "venue_type", "journal")),
    ("is zzvenue really a repository or not?", (0, "venue_type", "repository")),
    ("was zzvenue classified as a book series", (0, "venue_type", "book series")),
    ("is zzpaper a phd thesis?", (0, "work_type", "dissertation")),
    ("is zzpaper a book chapter, yes or no?", (0, "work_type", "book-chapter")),
])
def test_type_words_name_stored_values(residual, expected):
    assert type_predicate(residual) == expected


@pytest.mark.parametrize("residual", [
    "is zzvenue a journal or a conference?",  # a choice, not a test
    "is zzpaper an article in zzvenue?",  # a relation follows the type
    "is zzauthor an author of zzpaper?",  # 'author' is no type value
    "which journal published zzpaper?",  # no predicate after the mention
])
def test_other_shapes_are_no_type_test(residual):
    assert type_predicate(residual) is None
