"""Checks for the independently worded paraphrase template set."""

import string

import pytest

from hgrag.evaluation.template_sets import load_templates

TEMPLATES = {k: v for k, v in load_templates("paraphrase").items() if k != "paper_coauthors_false_premise"}

INTENT_SLOTS: dict[str, set[str]] = {
    "paper_year": {"paper"},
    "paper_citations": {"paper"},
    "paper_doi": {"paper"},
    "paper_type": {"paper"},
    "author_orcid": {"author"},
    "paper_authors": {"paper"},
    "paper_coauthors": {"paper", "author"},
    "paper_venue": {"paper"},
    "paper_first_author": {"paper"},
    "author_papers_in_venue": {"author", "venue"},
    "author_paper_count": {"author"},
    "author_venue_paper_count": {"author", "venue"},
    "paper_author_count": {"paper"},
    "author_most_cited_paper": {"author"},
    "author_first_year": {"author"},
    "author_top_venue": {"author"},
    "author_year_paper_count": {"author", "year"},
    "paper_authors_venue_count": {"paper", "venue"},
    "author_coauthors": {"author"},
    "author_coauthor_count": {"author"},
    "coauthored_yes_no": {"author", "author2"},
    "author_top_coauthor": {"author"},
    "paper_first_author_paper_count": {"paper"},
    "paper_authors_venues": {"paper"},
}

INTENT_TYPES: dict[str, list[str]] = {
    "attribute": ["paper_year", "paper_citations", "paper_doi", "paper_type", "author_orcid"],
    "relation": ["paper_authors", "paper_coauthors", "paper_venue", "paper_first_author",
                 "author_papers_in_venue"],
    "aggregation": ["author_paper_count", "author_venue_paper_count", "paper_author_count",
                    "author_most_cited_paper", "author_first_year", "author_top_venue",
                    "author_year_paper_count"],
    "multihop": ["paper_authors_venue_count", "author_coauthors", "author_coauthor_count",
                 "coauthored_yes_no", "author_top_coauthor", "paper_first_author_paper_count",
                 "paper_authors_venues"],
}

SAMPLE_VALUES = {"paper": "A Title", "paper2": "B Title", "author": "Ada Lovelace",
                 "author2": "Alan Turing", "venue": "Some Journal", "year": "2001"}

ALL_TEMPLATES = [(intent, t) for intent, ts in TEMPLATES.items() for t in ts]


def _fields(template: str) -> list[str | None]:
    """Every replacement field name in a format string (None for a literal-only chunk)."""
    return [field for _, field, _, _ in string.Formatter().parse(template) if field is not None]


def test_catalogue_intents_exactly_present():
    assert set(TEMPLATES) == set(INTENT_SLOTS)
    assert set(INTENT_SLOTS) == {i for intents in INTENT_TYPES.values() for i in intents}


@pytest.mark.parametrize("intent", sorted(INTENT_SLOTS))
def test_each_intent_has_at_least_four_wordings(intent):
    assert len(TEMPLATES[intent]) >= 4


@pytest.mark.parametrize("kind", sorted(INTENT_TYPES))
def test_each_type_has_at_least_forty_distinct_wordings(kind):
    wordings = {t for intent in INTENT_TYPES[kind] for t in TEMPLATES[intent]}
    assert len(wordings) >= 40


def test_at_least_one_hundred_wordings_in_total():
    assert len(ALL_TEMPLATES) >= 100


@pytest.mark.parametrize("intent,template", ALL_TEMPLATES)
def test_template_uses_exactly_its_intent_slots(intent, template):
    fields = _fields(template)
    assert all(f in SAMPLE_VALUES for f in fields), fields
    assert set(fields) == INTENT_SLOTS[intent]
    filled = template.format(**{slot: SAMPLE_VALUES[slot] for slot in INTENT_SLOTS[intent]})
    assert "{" not in filled and "}" not in filled


def test_no_duplicate_wordings():
    texts = [t for _, t in ALL_TEMPLATES]
    assert len(texts) == len(set(texts))
    normalised = [" ".join(t.lower().split()) for t in texts]
    assert len(normalised) == len(set(normalised))


def test_names_are_never_quoted():
    quoted_names = ['"{author}', "'{author}", "“{author}", '"{author2}', "'{author2}",
                    "“{author2}", '"{venue}', "“{venue}"]
    for _, template in ALL_TEMPLATES:
        assert not any(q in template for q in quoted_names), template
