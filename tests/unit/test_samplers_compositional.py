"""Compositional intents (spec section C): every gold answer of the generated set is recomputed here
from the raw networkx graph of test_generator's synthetic store (and of the tiny datasets), without
GraphFacts, the samplers or hgrag's planner and executor."""

from __future__ import annotations

import statistics
from collections import Counter, deque

import pytest
from test_generator import Raw, _synthetic_store

from hgrag.evaluation.catalogue import COMPOSITIONAL
from hgrag.evaluation.generator import generate_questions
from hgrag.evaluation.samplers_compositional import format_average
from hgrag.tools.graph_builder import build_store
from hgrag.tools.loaders.detect import iter_records


class Independent(Raw):
    """The raw graph read directly: citations, years, venues, co-author distances."""

    def year(self, paper: str) -> int:
        return self.g.nodes[paper]["year"]

    def cited(self, paper: str) -> int:
        return self.g.nodes[paper]["cited_by_count"]

    def references(self, paper: str) -> set[str]:
        return {t for _, t, k in self.g.out_edges(paper, keys=True) if k == "cites"}

    def citing(self, paper: str) -> set[str]:
        return {s for s, _, k in self.g.in_edges(paper, keys=True) if k == "cites"}

    def venue_papers(self, venue: str) -> list[str]:
        return [s for s, _, k in self.g.in_edges(venue, keys=True) if k == "published_in"]

    def distance(self, source: str, target: str) -> int:
        seen, queue = {source: 0}, deque([source])
        while queue:
            node = queue.popleft()
            for other in self.coauthors(node):
                if other not in seen:
                    seen[other] = seen[node] + 1
                    queue.append(other)
        return seen[target]

    def find_any(self, kind: str, label: str) -> str:
        """Node of a label; DBLP titles keep their final full stop in the graph, not in the question."""
        return self.by_label.get((kind, label)) or self.by_label[(kind, label + ".")]


def expected(raw: Independent, intent: str, s: dict[str, str]) -> list[str]:
    """The gold of one question from its entities, computed from the raw graph."""
    author = raw.find_any("author", s["author"]) if "author" in s else None
    other = raw.find_any("author", s["author2"]) if "author2" in s else None
    paper = raw.find_any("paper", s["paper"]) if "paper" in s else None
    paper2 = raw.find_any("paper", s["paper2"]) if "paper2" in s else None
    venue = raw.find_any("venue", s["venue"]) if "venue" in s else None
    number = int(s.get("number", 0))
    mine = raw.papers(author) if author else []
    label = raw.label
    titles = lambda papers: sorted(label(p) for p in papers)  # noqa: E731
    decade = int(s["decade"][:4]) if "decade" in s else None
    answers = {
        "author_avg_citations": lambda: [format_average([raw.cited(p) for p in mine])],
        "author_max_citations": lambda: [str(max(raw.cited(p) for p in mine))],
        "author_active_span": lambda: [str(max(map(raw.year, mine)) - min(map(raw.year, mine)))],
        "author_papers_cited_over": lambda: titles(p for p in mine if raw.cited(p) > number),
        "venue_year_papers_many_authors": lambda: titles(
            p for p in raw.venue_papers(venue) if str(raw.year(p)) == s["year"] and len(raw.authors(p)) > number),
        "author_venue_more_than_yes_no": lambda: [
            "yes" if sum(raw.venue(p) == venue for p in mine) > number else "no"],
        "compare_papers_year": lambda: [label(min((paper, paper2), key=raw.year))],
        "compare_papers_citations": lambda: [label(max((paper, paper2), key=raw.cited))],
        "paper_before_year_yes_no": lambda: ["yes" if raw.year(paper) < int(s["year"]) else "no"],
        "paper_cited_by": lambda: titles(raw.citing(paper)),
        "paper_references": lambda: titles(raw.references(paper)),
        "paper_cites_yes_no": lambda: ["yes" if paper2 in raw.references(paper) else "no"],
        "shared_coauthors": lambda: sorted(
            label(a) for a in set(raw.coauthors(author)) & set(raw.coauthors(other)) - {author, other}),
        "author_papers_without": lambda: titles(p for p in mine if other not in raw.authors(p)),
        "joint_papers_in_venue": lambda: titles(p for p in mine if other in raw.authors(p) and raw.venue(p) == venue),
        "author_distinct_venue_count": lambda: [str(len({raw.venue(p) for p in mine}))],
        "author_active_year_count": lambda: [str(len({raw.year(p) for p in mine}))],
        "venue_top_author": lambda: _top_authors(raw, venue),
        "coauthor_distance": lambda: [str(raw.distance(author, other))],
        "first_author_other_papers": lambda: titles(p for p in raw.papers(raw.authors(paper)[0]) if p != paper),
        "coauthors_except": lambda: sorted(label(a) for a in raw.coauthors(author) if a != other),
        "author_papers_not_in_venue": lambda: titles(p for p in mine if raw.venue(p) != venue),
        "paper_authors_except_first": lambda: sorted(label(a) for a in raw.authors(paper)[1:]),
        "author_uncited_papers": lambda: titles(p for p in mine if raw.cited(p) == 0),
        "author_papers_in_decade": lambda: titles(p for p in mine if decade <= raw.year(p) < decade + 10),
        "author_latest_year_in_venue": lambda: [str(max(raw.year(p) for p in mine if raw.venue(p) == venue))],
        "author_papers_after_paper": lambda: titles(p for p in mine if raw.year(p) > raw.year(paper)),
        "author_papers_same_year_as_paper": lambda: titles(
            p for p in mine if p != paper and raw.year(p) == raw.year(paper)),
        "author_most_recent_paper": lambda: [label(max(mine, key=raw.year))],
    }
    return answers[intent]()


def _top_authors(raw: Independent, venue: str) -> list[str]:
    counts = Counter(a for p in raw.venue_papers(venue) for a in raw.authors(p))
    best = max(counts.values())
    return sorted(raw.label(a) for a, n in counts.items() if n == best)


@pytest.fixture(scope="module")
def synthetic():
    store = _synthetic_store()
    return store, generate_questions(store, "synthetic", seed=0, template_set="compositional")


def test_four_hundred_questions_spread_evenly_over_the_intents(synthetic):
    _, questions = synthetic
    assert len(questions) == 400 and {q["type"] for q in questions} == {"compositional"}
    counts = Counter(q["intent"] for q in questions)
    assert set(counts) == {intent for intent, _ in COMPOSITIONAL}
    assert counts.pop("venue_top_author") == 6  # one question per venue: the store has six
    assert max(counts.values()) - min(counts.values()) <= 1, counts


def test_gold_answers_match_an_independent_computation(synthetic):
    store, questions = synthetic
    raw = Independent(store)
    for q in questions:
        assert sorted(q["answer"]) == expected(raw, q["intent"], q["entities"]), q


def test_answers_are_fair(synthetic):
    store, questions = synthetic
    raw = Independent(store)
    for q in questions:
        assert 1 <= len(q["answer"]) <= 10, q
        if q["intent"] in ("author_papers_cited_over", "venue_year_papers_many_authors"):
            everything = expected(raw, q["intent"], {**q["entities"], "number": "-1"})
            assert len(q["answer"]) < len(everything), q  # the threshold leaves something out
        if q["intent"].startswith("compare_"):
            a, b = (raw.find_any("paper", q["entities"][k]) for k in ("paper", "paper2"))
            read = raw.year if q["intent"] == "compare_papers_year" else raw.cited
            assert read(a) != read(b), q
        if "decade" in q["slots"]:
            assert q["slots"]["decade"].endswith("0s") and len(q["slots"]["decade"]) == 5


def test_yes_no_intents_are_balanced_and_distances_mostly_two_or_three(synthetic):
    _, questions = synthetic
    for intent in ("author_venue_more_than_yes_no", "paper_before_year_yes_no", "paper_cites_yes_no"):
        answers = Counter(q["answer"][0] for q in questions if q["intent"] == intent)
        assert abs(answers["yes"] - answers["no"]) <= 1 and answers["yes"], (intent, answers)
    distances = Counter(int(q["answer"][0]) for q in questions if q["intent"] == "coauthor_distance")
    assert set(distances) <= {1, 2, 3, 4} and distances[2] + distances[3] > sum(distances.values()) / 2


def test_average_format():
    assert format_average([7, 7]) == "7"
    assert format_average([12, 13]) == "12.5"
    assert format_average([3, 3, 4]) == "3.33"
    assert format_average([1, 2, 2]) == "1.67"
    assert statistics.mean([0, 0, 1]) and format_average([0, 0, 1]) == "0.33"


@pytest.mark.parametrize("dataset", ["openalex-tiny", "dblp-tiny"])
def test_tiny_datasets_gold_matches_an_independent_computation(dataset, openalex_tiny_dir, dblp_tiny_file):
    source = openalex_tiny_dir if dataset == "openalex-tiny" else dblp_tiny_file
    store = build_store(iter_records(dataset.split("-")[0], source), dataset)
    questions = generate_questions(store, dataset, seed=0, template_set="compositional", per_type=60)
    assert questions
    raw = Independent(store)
    raw.by_label = {(d["type"], raw.label(n).strip()): n for n, d in store.graph.nodes(data=True)}
    for q in questions:
        assert sorted(q["answer"]) == expected(raw, q["intent"], q["entities"]), q
