"""'How many papers does P cite?' counts P's references; P's citation count answers only 'how many cite P':
the parser reads the direction, and the check refuses a citation count for a question about what P cites."""

from __future__ import annotations

from hgrag.agents.checking.cite_check import citation_count_direction
from hgrag.agents.planning.intent import parse_intent

CITATION_COUNT = {"ir": {"op": "project", "attr": "cited_by_count",
                         "input": {"op": "match", "ids": ["W1"], "type": "paper", "text": "Deep Graphs"}},
                  "anchors": [{"text": "Deep Graphs", "node_id": "W1", "type": "paper"}]}


def test_a_count_of_what_a_paper_cites_is_not_its_citation_count() -> None:
    for question in ('How many papers does "Deep Graphs" cite?', 'how many papers are cited by "Deep Graphs"?'):
        assert citation_count_direction(question, CITATION_COUNT), question
    for question in ('How many papers cite "Deep Graphs"?', 'How many citations does "Deep Graphs" have?',
                     'how many papers is "Deep Graphs" cited by?'):
        assert citation_count_direction(question, CITATION_COUNT) == [], question


def test_the_parser_counts_references_for_what_a_paper_cites() -> None:
    cites = parse_intent("how many papers does zzpaper cite ?", [])
    assert cites.target == "paper" and cites.cites == "out" and cites.operation == "count"
    cited = parse_intent("how many papers cite zzpaper ?", [])
    assert cited.target == "citations"
