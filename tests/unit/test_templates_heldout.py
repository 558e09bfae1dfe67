"""Structural checks for the held-out question template set (evaluation/templates/heldout.json)."""

import re
import string

import pytest

from hgrag.evaluation.template_sets import load_templates

TEMPLATES = {k: v for k, v in load_templates("heldout").items() if k != "paper_coauthors_false_premise"}

# Own copy of the catalogue (notes/intents.md): intent -> slots it must use, no more, no less.
INTENT_SLOTS: dict[str, frozenset[str]] = {
    "paper_year": frozenset({"paper"}),
    "paper_citations": frozenset({"paper"}),
    "paper_doi": frozenset({"paper"}),
    "paper_type": frozenset({"paper"}),
    "author_orcid": frozenset({"author"}),
    "paper_authors": frozenset({"paper"}),
    "paper_coauthors": frozenset({"paper", "author"}),
    "paper_venue": frozenset({"paper"}),
    "paper_first_author": frozenset({"paper"}),
    "author_papers_in_venue": frozenset({"author", "venue"}),
    "author_paper_count": frozenset({"author"}),
    "author_venue_paper_count": frozenset({"author", "venue"}),
    "paper_author_count": frozenset({"paper"}),
    "author_most_cited_paper": frozenset({"author"}),
    "author_first_year": frozenset({"author"}),
    "author_top_venue": frozenset({"author"}),
    "author_year_paper_count": frozenset({"author", "year"}),
    "paper_authors_venue_count": frozenset({"paper", "venue"}),
    "author_coauthors": frozenset({"author"}),
    "author_coauthor_count": frozenset({"author"}),
    "coauthored_yes_no": frozenset({"author", "author2"}),
    "author_top_coauthor": frozenset({"author"}),
    "paper_first_author_paper_count": frozenset({"paper"}),
    "paper_authors_venues": frozenset({"paper"}),
}
MIN_WORDINGS = 5
NAME_SLOTS = ("author", "author2", "venue")
OPENING_QUOTES = "\"'“‘«"
CLOSING_QUOTES = "\"'”’»"
MATCHING_CLOSE = {'"': '"', "'": "'", "“": "”", "‘": "’", "«": "»"}

ALL_TEMPLATES = [(intent, t) for intent, wordings in TEMPLATES.items() for t in wordings]


def _fields(template: str) -> list[tuple[str, str | None, str | None]]:
    """(field name, format spec, conversion) for every replacement field of a format string."""
    return [(name, spec, conv) for _, name, spec, conv in string.Formatter().parse(template) if name is not None]


def _normalised(template: str) -> str:
    return " ".join(template.lower().split())


def _slot_neighbours(template: str, slot: str) -> list[tuple[str, str]]:
    """(text before, text after) around each occurrence of {slot}."""
    marker = "{" + slot + "}"
    return [(template[: m.start()], template[m.end() :]) for m in re.finditer(re.escape(marker), template)]


def _is_quoted(before: str, after: str) -> bool:
    """A name is quoted if a quote mark touches it; a possessive 's after it is not a quote."""
    if before and before[-1] in OPENING_QUOTES:
        return True
    if not after or after[0] not in CLOSING_QUOTES:
        return False
    return not (after[0] in "'’" and after[1:2] == "s")


def test_every_catalogue_intent_is_present_and_nothing_else():
    assert set(TEMPLATES) == set(INTENT_SLOTS)


@pytest.mark.parametrize("intent", sorted(INTENT_SLOTS))
def test_each_intent_has_enough_wordings(intent):
    assert len(TEMPLATES[intent]) >= MIN_WORDINGS


@pytest.mark.parametrize(("intent", "template"), ALL_TEMPLATES)
def test_template_uses_exactly_its_intent_slots(intent, template):
    fields = _fields(template)
    assert {name for name, _, _ in fields} == INTENT_SLOTS[intent], template
    assert all(spec == "" and conv is None for _, spec, conv in fields), template


@pytest.mark.parametrize(("intent", "template"), ALL_TEMPLATES)
def test_template_formats_with_its_slots_only(intent, template):
    values = {slot: f"<{slot}>" for slot in INTENT_SLOTS[intent]}
    question = template.format(**values)
    assert all(value in question for value in values.values())
    assert "{" not in question and "}" not in question


def test_no_duplicate_wordings_ignoring_case_and_whitespace():
    normalised = [_normalised(t) for _, t in ALL_TEMPLATES]
    duplicates = {t for t in normalised if normalised.count(t) > 1}
    assert not duplicates


@pytest.mark.parametrize(("intent", "template"), ALL_TEMPLATES)
def test_names_are_never_quoted(intent, template):
    for slot in NAME_SLOTS:
        for before, after in _slot_neighbours(template, slot):
            assert not _is_quoted(before, after), f"{slot} quoted in: {template}"


@pytest.mark.parametrize(("intent", "template"), ALL_TEMPLATES)
def test_quoted_titles_are_closed_with_the_matching_mark(intent, template):
    for slot in ("paper", "paper2"):
        for before, after in _slot_neighbours(template, slot):
            if before and before[-1] in MATCHING_CLOSE:
                assert after[:1] == MATCHING_CLOSE[before[-1]], template


def test_title_quoting_styles_are_varied():
    openers = set()
    for _, template in ALL_TEMPLATES:
        for before, _ in _slot_neighbours(template, "paper"):
            openers.add(before[-1:] if before[-1:] in OPENING_QUOTES else "bare")
    assert {'"', "'", "“", "bare"} <= openers


@pytest.mark.parametrize(
    ("before", "after", "quoted"),
    [("Who is '", "'?", True), ("ask “", "” now", True), ("", "'s paper count", False),
     ("papers by ", " in 2020", False), ("", "' rest", True)],
)
def test_quote_detector_itself(before, after, quoted):
    assert _is_quoted(before, after) is quoted
