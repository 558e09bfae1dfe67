"""Round-4 readings checked on their own: 'does it cite B?' after a sentence naming A, and a comparison
with a named paper accounted for only by ranking the named papers when the question asks which."""

from __future__ import annotations

from hgrag.agents.checking.cite_direction import two_paper_roles
from hgrag.agents.checking.reading_words import without_named_comparisons

RANK_CITES = {"tops": [{"op": "top", "key": "cited_by_count", "input": {"op": "match", "ids": ["p1", "p2"]}}]}
RANK_ONE_SET = {"tops": [{"op": "top", "key": "cited_by_count", "input": {"op": "traverse", "input": {}}}]}


def test_it_after_a_sentence_naming_a_paper_is_the_citing_one():
    assert two_paper_roles("i wonder whether zzm built on older ideas did it actually cite zzm", "zzm") == (0, 1)
    assert two_paper_roles("i read zzm yesterday does the paper reference zzm", "zzm") == (0, 1)
    assert two_paper_roles("i read zzm yesterday is it liked by zzm", "zzm") is None


def test_a_named_comparison_needs_a_ranking_of_the_named_papers():
    text = "was zzm cited less often than zzm which one is it"
    assert "than zzm" not in without_named_comparisons(text, RANK_CITES)
    assert "than zzm" in without_named_comparisons(text, RANK_ONE_SET)            # a ranking of something else
    assert "than zzm" in without_named_comparisons("was zzm cited more than zzm", RANK_CITES)  # a yes/no asked
