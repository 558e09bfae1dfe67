"""Mechanisms added in the thirty-fourth stop. Wordings are written here."""

from __future__ import annotations

from test_chain_reader import P2, P4, world  # noqa: F401 - the toy graph with citations (a fixture)
from test_round28_mechanisms import world_resources  # noqa: F401 - the toy graph as the pipeline's resources
from test_round30_mechanisms import _ask


def test_an_exclusion_participle_after_a_year_leaves_that_year_out(world_resources) -> None:
    result = _ask("How many papers did Dariush Divsalar publish, 2010 being excluded?")
    assert result["answer"] == ["2"] and result["verified"]  # (2008 and 2012)
    result = _ask("Dariush Divsalar's papers, the year 2008 excluded?")
    assert sorted(result["answer"]) == sorted([P2, P4]) and result["verified"]
