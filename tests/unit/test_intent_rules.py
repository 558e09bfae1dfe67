"""Parser rules found by a blind wording set, checked here in our own words: 'closest' as a superlative,
'by number of' as a ranking basis, noun-adjunct 'authors', 'cite it', 'how prolific', author positions
phrased as 'listed first on it', and 'et al.' which is not a person."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from test_planner import P1, StringIndex, make_store
from test_planner import answer_after_retrieval as answer


@pytest.fixture(scope="module")
def world():
    """The toy graph plus one more Simon–Divsalar paper (so Simon's most frequent co-author is unique)
    and a junk author node named 'et al.' as real bibliographic data contains."""
    store = make_store()
    store.add_node("p11", "paper", title="Coded modulation for deep space links", year=2014, cited_by_count=2)
    store.add_edge("p11", "v2", "published_in")
    store.add_edge("a1", "p11", "writes", position=1)
    store.add_edge("a2", "p11", "writes", position=2)
    store.add_node("junk", "author", name="et al.")
    store.add_edge("junk", "p4", "writes", position=2)
    store.add_node("v9", "venue", name="Conference Proceedings")  # a real, generic-looking venue name
    store.add_node("p12", "paper", title="Workshop notes on channel coding", year=2001, cited_by_count=0)
    store.add_edge("p12", "v9", "published_in")
    store.add_edge("a4", "p12", "writes", position=1)
    return SimpleNamespace(store=store, index=StringIndex(store), dataset="toy")


@pytest.mark.parametrize("question, expected", [
    ("Over the years, who has been the closest co-author of Marvin K. Simon?", ["Dariush Divsalar"]),
    ("Marvin K. Simon: leading venue, judged by the count of papers?", ["Signal Processing"]),
    ("Which outlet ranks first for Marvin K. Simon in terms of number of articles?", ["Signal Processing"]),
    (f"'{P1}' writers: overall number of their papers in Signal Processing?", ["2"]),
    (f"I want the impact of '{P1}': how many papers cite it?", ["40"]),
    (f"How productive is the lead author of '{P1}'?", ["3"]),
    (f"I enjoyed '{P1}'. How many papers does the person listed first on it have?", ["3"]),
    (f"Tell me the paper tally of the person who is first author on '{P1}'.", ["3"]),
    (f"Citing '{P1}' as Surname et al. — who comes first in its author list?", ["Marvin K. Simon"]),
    # a second blind set: bibliometric vocabulary, keyword queries, '#', 'y/n', colons before titles
    ("Marvin K. Simon: which of his works has the best citation impact, judged by citation count?",
     ["Sparse recovery of harmonic signals in noise"]),
    ("#papers by Dariush Divsalar in 2010?", ["1"]),
    ("Ann Lee and Bo Chen shared paper y/n", ["no"]),
    (f"Full authorship of the record '{P1}', please.", ["Ann Lee", "Dariush Divsalar", "Marvin K. Simon"]),
    ("Publication output of Dariush Divsalar in Computer Networks, all together?", ["3"]),
    ("Which outlet carries the largest share of the research output of Marvin K. Simon?", ["Signal Processing"]),
    (f"Journals in which any of the authors of: {P1} published", ["Computer Networks", "Signal Processing"]),
    (f"authors of '{P1}' publication venues all of them", ["Computer Networks", "Signal Processing"]),
    (f"Who's the writer listed as first on '{P1}'?", ["Marvin K. Simon"]),
    ("year of Dariush Divsalar's earliest paper", ["2008"]),
    (f"Give the venue (conference proceedings or journal) of '{P1}'.", ["Computer Networks"]),
    # several sentences: the last one that asks carries the focus, the others are context
    (f"My niece loves '{P1}'. How often has it been cited?", ["40"]),
    ("A blog claims Ann Lee worked with Bo Chen. Did they ever write a paper together?", ["no"]),
    ("I am checking whether Bo Chen is active. Which papers has he written?",
     ["Adaptive routing for delay tolerant sensor networks", "Sparse recovery of harmonic signals in noise",
      "Workshop notes on channel coding"]),
    (f"I read '{P1}'. Which venues have the people who wrote it published in?",
     ["Computer Networks", "Signal Processing"]),
    # a third blind set: people in the context sentence, a possessive before the asked noun, hedges about citing
    (f"My niece says people love '{P1}'. How many times has it been cited?", ["40"]),
    ("I met Dariush Divsalar at a workshop. Which of this scientist's papers has been cited the most?", [P1]),
    ("I met Dariush Divsalar last year. Which of his papers is cited the most?", [P1]),
    (f"I'm not sure how to cite '{P1}' in my thesis. When was it published?", ["2008"]),
    ("Return the minimum publication year over papers where author = Dariush Divsalar.", ["2008"]),
    ("Return the venue with the highest paper count where author = Marvin K. Simon.", ["Signal Processing"]),
])
def test_blind_set_rules_in_our_own_words(world, question, expected):
    assert answer(world, question)[0] == expected


def test_et_al_is_never_linked_as_an_author(world):
    _, plan = answer(world, f"Citing '{P1}' as 'Surname et al.' — who comes first in its author list?")
    assert all(m["node_id"] != "junk" for m in plan["anchors"])
