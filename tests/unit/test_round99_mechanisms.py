"""Mechanisms added in the thirty-first stop: an operator the asker refuses beside the one they want ('(the overlap,
not the union)') goes before reading; remarks after a confirming sentence ('True? Need it before the evening
edition.') leave the claim to be confirmed. Wordings are written here."""

from __future__ import annotations

from test_chain_reader import world  # noqa: F401 - the toy graph with citations (a fixture)
from test_round28_mechanisms import world_resources  # noqa: F401 - the toy graph as the pipeline's resources
from test_round30_mechanisms import _ask

from hgrag.agents.understanding.refused import without_refused_alternatives
from hgrag.agents.understanding.sentences import with_confirmation_as_tag


def test_a_refused_operator_goes_and_the_wanted_one_stays() -> None:
    assert without_refused_alternatives("Shared co-authors of A and B? (the overlap, not the union)") == \
        "Shared co-authors of A and B? (the overlap)"
    assert without_refused_alternatives("Co-authors of A and B, the union rather than the overlap.") == \
        "Co-authors of A and B, the union."


def test_a_refused_name_is_an_exclusion_and_stays() -> None:
    assert without_refused_alternatives("Papers by Ann Lee, not Bo Chen?") == "Papers by Ann Lee, not Bo Chen?"
    assert without_refused_alternatives('Papers citing "the union, not the overlap"?') == \
        'Papers citing "the union, not the overlap"?'


def test_the_overlap_asked_with_the_union_refused_is_the_overlap(world_resources) -> None:
    plain = _ask("Which co-authors do Marvin K. Simon and Dariush Divsalar share?")
    refused = _ask("Shared co-authors of Marvin K. Simon and Dariush Divsalar? (the overlap, not the union)")
    union = _ask("All co-authors of Marvin K. Simon and Dariush Divsalar together (the union, not the overlap)")
    assert refused["verified"] and refused["answer"] == plain["answer"]
    assert set(plain["answer"]) < set(union["answer"])


def test_a_remark_after_a_confirming_sentence_leaves_the_claim() -> None:
    claim = "A press release says Ann Lee published in Computer Networks"
    assert with_confirmation_as_tag(f"{claim}. True? Need it before the evening edition.") == \
        with_confirmation_as_tag(f"{claim}. True?")
    assert with_confirmation_as_tag(f"{claim}. True? Thanks so much, the deadline is tight!") is not None


def test_a_remark_that_names_or_restricts_is_kept() -> None:
    claim = "A press release says Ann Lee published in Computer Networks"
    assert with_confirmation_as_tag(f"{claim}. True? Only the 2009 ones.") is None
    assert with_confirmation_as_tag(f"{claim}. True? Leave out Bo Chen.") is None


def test_a_confirmed_claim_with_a_remark_after_it_is_answered_yes_or_no(world_resources) -> None:
    result = _ask("Someone told me Ann Lee published in Computer Networks. True? Need it before the evening edition.")
    assert result["answer"] == ["yes"] and result["verified"]  # (Ann Lee wrote P1, in Computer Networks)
