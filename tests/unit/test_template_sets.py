"""Every shipped wording set against our own copy of the intent catalogue (/work/spec/intents.md):
each wording asks exactly its intent's slots (context slots aside, and only in free-typed sets)."""

from __future__ import annotations

import pytest

from hgrag.evaluation.template_sets import (CONTEXT_SLOTS, TEMPLATE_SETS, asked_slots, is_free_typed, load_templates,
                                            template_slots)

A = {
    "paper_year": "paper", "paper_citations": "paper", "paper_doi": "paper", "paper_type": "paper",
    "author_orcid": "author", "paper_authors": "paper", "paper_coauthors": "paper author",
    "paper_coauthors_false_premise": "paper author", "paper_venue": "paper", "paper_first_author": "paper",
    "author_papers_in_venue": "author venue", "author_paper_count": "author",
    "author_venue_paper_count": "author venue", "paper_author_count": "paper", "author_most_cited_paper": "author",
    "author_first_year": "author", "author_top_venue": "author", "author_year_paper_count": "author year",
    "paper_authors_venue_count": "paper venue", "author_coauthors": "author", "author_coauthor_count": "author",
    "coauthored_yes_no": "author author2", "author_top_coauthor": "author",
    "paper_first_author_paper_count": "paper", "paper_authors_venues": "paper",
}
B = {
    "absent_author": "author", "absent_paper": "paper", "author_unsupported_property": "author",
    "paper_unsupported_property": "paper", "false_premise_coauthors": "paper author",
    "false_premise_author_year": "author paper", "non_english": ("paper", "author"),
}
C = {
    "author_avg_citations": "author", "author_max_citations": "author", "author_active_span": "author",
    "author_papers_cited_over": "author number", "venue_year_papers_many_authors": "venue year number",
    "author_venue_more_than_yes_no": "author venue number", "compare_papers_year": "paper paper2",
    "compare_papers_citations": "paper paper2", "paper_before_year_yes_no": "paper year",
    "paper_cited_by": "paper", "paper_references": "paper", "paper_cites_yes_no": "paper paper2",
    "shared_coauthors": "author author2", "author_papers_without": "author author2",
    "joint_papers_in_venue": "author author2 venue", "author_distinct_venue_count": "author",
    "author_active_year_count": "author", "venue_top_author": "venue", "coauthor_distance": "author author2",
    "first_author_other_papers": "paper", "coauthors_except": "author author2",
    "author_papers_not_in_venue": "author venue", "paper_authors_except_first": "paper",
    "author_uncited_papers": "author", "author_papers_in_decade": "author decade",
    "author_latest_year_in_venue": "author venue", "author_papers_after_paper": "author paper",
    "author_papers_same_year_as_paper": "author paper", "author_most_recent_paper": "author",
}
SLOTS = {intent: [set(s.split()) for s in (v if isinstance(v, tuple) else (v,))] for intent, v in {**A, **B, **C}.items()}


@pytest.mark.parametrize("template_set", TEMPLATE_SETS)
def test_wordings_ask_exactly_their_intent_slots(template_set):
    for intent, wordings in load_templates(template_set).items():
        for wording in wordings:
            assert asked_slots(wording) in SLOTS[intent], (template_set, intent, wording)
            extra = template_slots(wording) & CONTEXT_SLOTS
            assert not extra or is_free_typed(template_set), (template_set, wording)


@pytest.mark.parametrize(("template_set", "section"), [
    ("compositional", C), ("compositional_blind", C), ("compositional_blind2", C), ("compositional_blind3", C),
    ("compositional_blind4", C), ("compositional_blind5", C), ("unanswerable", B), ("unanswerable2", B),
    ("unanswerable3", B), ("unanswerable4", B), ("unanswerable5", B), ("freetyped", A), ("freetyped2", A),
    ("freetyped3", A), ("freetyped4", A), ("freetyped5", A), ("standard", A),
])
def test_each_set_covers_its_section(template_set, section):
    assert set(load_templates(template_set)) == set(section)


def test_free_typed_sets_use_context_slots():
    for template_set in ("freetyped", "freetyped2", "freetyped3", "freetyped4", "freetyped5"):
        wordings = [w for ws in load_templates(template_set).values() for w in ws]
        assert any(template_slots(w) & CONTEXT_SLOTS for w in wordings)
