"""Mechanisms added in the stop of blind rounds 187-: verb-last citation questions, plural possessives."""

from hgrag.agents.checking.cite_direction import one_paper_direction
from hgrag.agents.kinds.asking import _owner
from hgrag.agents.kinds.lexicon import Cue
from hgrag.agents.understanding.tokens import words


def test_a_paper_before_an_asking_phrase_and_a_final_verb_is_the_citing_one():
    assert one_paper_direction("zzpaper paper how many papers cites ?") == "out"
    assert one_paper_direction("zzpaper paper which papers cites ?") == "out"


def test_a_final_passive_after_by_which_asks_for_the_citing_papers():
    assert one_paper_direction("zzpaper paper by which papers cited ?") == "in"
    assert one_paper_direction("zzpaper paper later than 2022 by which papers cited ?") == "in"


def test_a_comma_before_the_asking_phrase_leaves_the_direction_open():
    """'T, which papers cite?' may mean 'cite it': no verb-last reading after a comma."""
    assert one_paper_direction("zzpaper , which papers cite ?") is None
    assert one_paper_direction("how many papers cite zzpaper ?") == "in"


def test_a_plural_possessive_reads_as_a_possessive():
    assert words("zzm 's papers' venues ?") == ["zzm", "'s", "papers", "'s", "venues"]


def test_an_apostrophe_closing_a_quote_is_no_possessive():
    assert words("papers in 'Graph Models' by zzm") == ["papers", "in", "graph", "models", "by", "zzm"]


def test_a_kind_word_in_the_plural_possessive_owns_what_is_asked():
    asking = "zzm 's papers' funders"
    papers = Cue(asking.index("papers"), asking.index("papers") + 6, "paper", "papers")
    assert _owner(papers, asking)
    funders = Cue(asking.index("funders"), len(asking), "funder", "funders")
    assert not _owner(funders, asking)


def test_the_asked_noun_said_again_after_and_unites_the_two_lists():
    from hgrag.agents.planning.plan_lowering import _asked_again

    assert _asked_again("List the co-authors of zzm and the co-authors of zzm.")
    assert _asked_again("Who are the authors of zzm and of zzm?")
    assert not _asked_again("Who co-authored with both zzm and zzm?")
    assert not _asked_again("Which venues did zzm and zzm publish in?")
