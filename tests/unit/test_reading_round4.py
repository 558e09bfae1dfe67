"""Round-4 readings checked on their own: 'does it cite B?' after a sentence naming A."""

from __future__ import annotations

from hgrag.agents.checking.cite_direction import two_paper_roles


def test_it_after_a_sentence_naming_a_paper_is_the_citing_one():
    assert two_paper_roles("i wonder whether zzm built on older ideas did it actually cite zzm", "zzm") == (0, 1)
    assert two_paper_roles("i read zzm yesterday does the paper reference zzm", "zzm") == (0, 1)
    assert two_paper_roles("i read zzm yesterday is it liked by zzm", "zzm") is None
