"""Verb agreement decides who cites whom in German and French object-first questions."""

import pytest

from hgrag.agents.checking.cite_direction import one_paper_direction
from hgrag.agents.understanding.normalise import to_english

T = "'Graph walks for question answering'"


@pytest.mark.parametrize("question, language, direction", [
    (f"Welche Arbeiten zitiert {T}?", "de", "out"),  # singular verb: T is the subject
    (f"Welche Arbeiten zitieren {T}?", "de", "in"),  # plural verb: the papers are the subject
    (f"Welche Arbeiten hat {T} zitiert?", "de", "out"),
    (f"Welche Arbeiten haben {T} zitiert?", "de", "in"),
    (f"Quels articles cite {T} ?", "fr", "out"),
    (f"Quels articles citent {T} ?", "fr", "in"),
    (f"Quels articles a cité {T} ?", "fr", "out"),
    (f"Quels articles ont cité {T} ?", "fr", "in"),
])
def test_the_verbs_number_decides_the_citation_direction(question, language, direction):
    english = to_english(question, language).lower().replace(T.lower(), "zzpaper")
    assert one_paper_direction(english) == direction, english


def test_a_singular_kind_is_left_as_typed():
    """'Welche Arbeit zitiert T?' has no plural to disagree with: the words stay in their order."""
    assert to_english(f"Welche Arbeit zitiert {T}?", "de").lower().startswith("which paper cited")


@pytest.mark.parametrize("question, direction", [
    ("which papers has zzpaper cited?", "out"),  # active perfect: P cites
    ("which papers has zzpaper been cited by?", "in"),
    ("has zzpaper been cited?", "in"),
    ("which papers is zzpaper citing?", "out"),
    ("is zzpaper cited often?", "in"),
])
def test_english_perfect_and_progressive_citations(question, direction):
    assert one_paper_direction(question) == direction
