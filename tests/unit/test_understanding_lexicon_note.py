"""The LLM planners' prompt reads the lexicon (agents/understanding/prompt_note.py): a form added to
agents/lexicon/en.json reaches the note, and what a graph holds is not listed as missing."""

from __future__ import annotations

from hgrag.agents.understanding.lexicon import load
from hgrag.agents.understanding.prompt_note import lexicon_note


def test_the_note_shows_the_lexicon_forms() -> None:
    note = lexicon_note()
    for family in ("relation", "operator", "time"):
        for name, forms in load("en").family(family).items():
            assert f"{name}: {forms[0].replace('_', ' ')}" in note, (family, name)


def test_what_the_graph_holds_is_not_missing() -> None:
    assert "affiliations" in lexicon_note()
    assert "affiliations" not in lexicon_note(frozenset({"affiliations"})).split("The graph holds no ")[1]
