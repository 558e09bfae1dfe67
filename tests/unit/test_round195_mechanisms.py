"""Mechanisms added in the stop of blind rounds 195-: passive relative clauses with an agent, German 'er'."""

import pytest

from hgrag.agents.checking.cite_direction import one_paper_direction
from hgrag.agents.understanding.normalise import to_english

T = "'Graph walks for question answering'"


@pytest.mark.parametrize("question, language", [
    (f"Welche Arbeiten, von denen {T} zitiert wird, gibt es?", "de"),
    (f"Welche Arbeiten, von welchen {T} zitiert wurde, gibt es?", "de"),
    (f"Quels articles, par lesquels {T} est cité, existent ?", "fr"),
])
def test_a_relative_pronoun_after_the_passive_agent_does_the_verb(question, language):
    """'the papers by which T is cited' are the papers that cite T."""
    english = to_english(question, language).lower().replace(T.lower(), "zzpaper")
    assert "that cite zzpaper" in english, english
    assert one_paper_direction(english) == "in", english


def test_a_relative_pronoun_without_an_agent_keeps_the_mention_as_subject():
    english = to_english(f"Welche Arbeiten, die {T} zitiert, gibt es?", "de").lower().replace(T.lower(), "zzpaper")
    assert "that zzpaper cited" in english, english


def test_the_german_pronoun_er_is_rendered():
    assert "has he written" in to_english("Wie viele Arbeiten hat er geschrieben?", "de").lower()
