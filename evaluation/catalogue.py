"""The whole intent catalogue: every sampler with its question type, share and name-rendering policy.

Section A (types attribute, relation, aggregation, multihop) lives in intent_samplers.py, section C
(type "compositional") in samplers_compositional.py / samplers_compositional2.py and section B
(type "unanswerable", gold []) in samplers_unanswerable.py (/work/spec/intents.md).
"""

from __future__ import annotations

from hgrag.evaluation import intent_samplers
from hgrag.evaluation import samplers_compositional as c1
from hgrag.evaluation import samplers_compositional2 as c2
from hgrag.evaluation import samplers_unanswerable as u

COMPOSITIONAL = [
    ("author_avg_citations", c1.author_avg_citations),
    ("author_max_citations", c1.author_max_citations),
    ("author_active_span", c1.author_active_span),
    ("author_papers_cited_over", c1.author_papers_cited_over),
    ("venue_year_papers_many_authors", c1.venue_year_papers_many_authors),
    ("author_venue_more_than_yes_no", c1.author_venue_more_than_yes_no),
    ("compare_papers_year", c1.compare_papers_year),
    ("compare_papers_citations", c1.compare_papers_citations),
    ("paper_before_year_yes_no", c1.paper_before_year_yes_no),
    ("paper_cited_by", c1.paper_cited_by),
    ("paper_references", c1.paper_references),
    ("paper_cites_yes_no", c1.paper_cites_yes_no),
    ("shared_coauthors", c2.shared_coauthors),
    ("author_papers_without", c2.author_papers_without),
    ("joint_papers_in_venue", c2.joint_papers_in_venue),
    ("author_distinct_venue_count", c1.author_distinct_venue_count),
    ("author_active_year_count", c1.author_active_year_count),
    ("venue_top_author", c1.venue_top_author),
    ("coauthor_distance", c2.coauthor_distance),
    ("first_author_other_papers", c2.first_author_other_papers),
    ("coauthors_except", c2.coauthors_except),
    ("author_papers_not_in_venue", c2.author_papers_not_in_venue),
    ("paper_authors_except_first", c2.paper_authors_except_first),
    ("author_uncited_papers", c2.author_uncited_papers),
    ("author_papers_in_decade", c2.author_papers_in_decade),
    ("author_latest_year_in_venue", c2.author_latest_year_in_venue),
    ("author_papers_after_paper", c2.author_papers_after_paper),
    ("author_papers_same_year_as_paper", c2.author_papers_same_year_as_paper),
    ("author_most_recent_paper", c2.author_most_recent_paper),
]
UNANSWERABLE = [
    ("absent_author", u.absent_author),
    ("absent_paper", u.absent_paper),
    ("author_unsupported_property", u.author_unsupported_property),
    ("paper_unsupported_property", u.paper_unsupported_property),
    ("false_premise_coauthors", u.false_premise_coauthors),
    ("false_premise_author_year", u.false_premise_author_year),
    ("non_english", u.non_english),
]

SAMPLERS = [*intent_samplers.SAMPLERS,
            *(("compositional", intent, sampler) for intent, sampler in COMPOSITIONAL),
            *(("unanswerable", intent, sampler) for intent, sampler in UNANSWERABLE)]
QUESTION_TYPES = tuple(dict.fromkeys(kind for kind, _, _ in SAMPLERS))
INTENTS = {intent: kind for kind, intent, _ in SAMPLERS}
INTENT_WEIGHTS: dict[str, float] = {**intent_samplers.INTENT_WEIGHTS}
# Abbreviated names (evaluation/renderings.py): never for absent or unrelated people (nothing can
# resolve the form), only unambiguous ones where the two people need not be related.
NAME_RENDERING: dict[str, str] = {
    **intent_samplers.NAME_RENDERING,
    "absent_author": "never", "false_premise_coauthors": "never", "false_premise_author_year": "never",
    "coauthor_distance": "unambiguous", "shared_coauthors": "unambiguous",
}
# Questions per type when the caller does not say (--per-type): a type takes turns among its intents.
DEFAULT_PER_TYPE = 100
PER_TYPE_DEFAULTS: dict[str, int] = {"compositional": 400, "unanswerable": 200}
