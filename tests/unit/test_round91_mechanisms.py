"""Mechanisms added in the thirtieth stop: a remark after the question whose year anaphor stands for the year the
question named ('… after 2008? I mean later than that year.'), and a request opened by a politeness word ('Kindly
share …') read as the asking clause, so a statement after it ('I want to write to them.') is no question of its own.
Wordings are written here."""

from __future__ import annotations

import pytest
from test_chain_reader import P1, world  # noqa: F401 - the toy graph with citations (a fixture)
from test_round28_mechanisms import world_resources  # noqa: F401 - the toy graph as the pipeline's resources
from test_round30_mechanisms import _ask

from hgrag.agents.checking.question_clauses import asking_part


def test_a_year_anaphor_in_a_remark_after_the_question_is_the_year_named(world_resources) -> None:
    remarked = _ask("What has Dariush Divsalar published after 2008? I mean later than that year.")
    plain = _ask("What has Dariush Divsalar published after 2008?")
    assert remarked["verified"] and remarked["answer"] == plain["answer"] and plain["answer"]
    assert "year" not in remarked["interpretation"].lower().split()[:3]  # papers, not their years


def test_an_instruction_about_the_year_is_not_bound_again(world_resources) -> None:
    result = _ask("What has Dariush Divsalar published after 2008? 2008 itself doesn't count.")
    assert result["verified"] and result["answer"]


def test_a_polite_request_is_the_asking_clause() -> None:
    assert asking_part("Kindly share the email id of zzm1. I want to write to them.") == \
        "Kindly share the email id of zzm1."
    assert asking_part("Please, list the papers of zzm1. I want to read them.").startswith("Please, list")


def test_a_missing_attribute_asked_in_a_polite_request_is_declined(world_resources) -> None:
    result = _ask("Kindly share the email id of Dariush Divsalar. I want to write to them.")
    assert result["answer"] == [] and not result["verified"] and "mail" in result["answer_text"]


@pytest.mark.parametrize("question, expected", [
    (f"Is Signal Processing the venue where '{P1}' appeared?", ["no"]),
    (f"Is Computer Networks the venue where '{P1}' appeared?", ["yes"]),
    (f"Is Computer Networks one of the venues in which '{P1}' appeared?", ["yes"]),
    ("Is Ann Lee one of the authors who wrote papers with Dariush Divsalar?", ["yes"]),
    ("Has Dariush Divsalar a paper in Computer Networks?", ["yes"]),
])
def test_a_relative_pronoun_leaves_a_yes_no_question_yes_no(world_resources, question, expected) -> None:
    result = _ask(question)
    assert result["answer"] == expected and result["verified"], result["interpretation"]
