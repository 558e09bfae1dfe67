"""The second reader's calibrated limits (agents/second_reader/calibration.json, fitted on OpenAlex
questions generated with seed 1) hold on questions it never saw: questions generated with another seed
from our own template sets (standard, paraphrase, unanswerable) on the tiny OpenAlex graph. Answering
only above the calibrated threshold and gap, and only with readings the question-plan check accepts (as
the pipeline does), at most 1 % of its answers may be wrong; and the margin
check must not object to the rules' right plans more often than calibrated."""

from __future__ import annotations

import pytest

from hgrag.agents.second_reader.review import calibration
from hgrag.evaluation.generator import generate_questions
from hgrag.evaluation.second_reader_calibration import margin_figures, proposal_figures, record
from hgrag.tools.resources import load_resources

pytestmark = pytest.mark.integration
HELD_OUT_SEED = 23


@pytest.fixture(scope="module")
def records(session_hgrag_home, datasets_dir):
    resources = load_resources("openalex-tiny")
    rows = []
    for template_set in ("standard", "paraphrase", "unanswerable"):
        rows += generate_questions(resources.store, "openalex-tiny", per_type=15, seed=HELD_OUT_SEED,
                                   template_set=template_set)
    return [record(row, resources) for row in rows]


def test_calibration_file_holds_fitted_limits():
    limits = calibration()
    assert 0.0 < limits["proposal"]["threshold"] <= 1.0 and limits["proposal"]["gap"] >= 0.0
    assert limits["heldout"]["proposal"]["wrong_of_answered"] <= 0.01


def test_threshold_keeps_wrong_answers_at_most_one_percent_on_held_out_questions(records):
    figures = proposal_figures(records, **calibration()["proposal"])
    assert figures["answered"] >= 10  # the limits still let the reader answer
    assert figures["wrong_of_answered"] <= 0.01, figures


def test_margin_check_spares_the_rules_right_plans(records):
    figures = margin_figures(records, calibration()["margin"])
    right = sum(1 for r in records if r.get("rule_right"))
    assert right and figures["right_lost"] <= max(1, int(0.005 * right)), figures
