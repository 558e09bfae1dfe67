"""The honesty table of issue 8 end to end on the OpenAlex graph (offline policy).

Entities are picked from the graph by property (a name several author nodes share, the most
prolific author, a paper with several authors and a unique title), never by benchmark wording.
Rows marked xfail need the lead engineer's question-plan check or the uncapped executor."""

from __future__ import annotations

from collections import defaultdict

import pytest

from hgrag.graphs.scholar_qa import build_qa_graph
from hgrag.state.context import Context
from hgrag.tools.entity_keys import name_denotes
from hgrag.tools.text import norm_key

pytestmark = pytest.mark.integration
DATASET = "openalex"


@pytest.fixture(scope="module")
def graph(openalex_full):
    return openalex_full.store, build_qa_graph("agentic")


def ask(graph, question: str, **context) -> dict:
    return graph[1].invoke({"question": question, "dataset": DATASET}, context=Context(dataset=DATASET, **context))


def authors_by_name(store) -> dict[str, list[str]]:
    named = defaultdict(list)
    for node in store.nodes_of_type("author"):
        named[norm_key(store.label(node))].append(node)
    return named


def a_paper_with_authors(store) -> str:
    titles = defaultdict(int)
    for paper in store.nodes_of_type("paper"):
        titles[norm_key(store.label(paper))] += 1
    return next(p for p in sorted(store.nodes_of_type("paper"))
                if 3 <= len(store.step(p, "author")) <= 8 and titles[norm_key(store.label(p))] == 1
                and 6 <= len(store.label(p).split()) <= 15 and '"' not in store.label(p))


def test_german_answers_like_english_and_russian_abstains(graph):
    store = graph[0]
    paper = a_paper_with_authors(store)
    authors = sorted(store.label(a) for a in store.step(paper, "author"))
    english = ask(graph, f'Who wrote "{store.label(paper)}"?')
    assert sorted(english["answer"]) == authors
    german = ask(graph, f'Wer hat "{store.label(paper)}" geschrieben?')
    assert sorted(german["answer"]) == authors and german["verified"]
    russian = ask(graph, f'Кто написал статью "{store.label(paper)}"?')
    assert russian["answer"] == [] and not russian["verified"]
    assert "looks like Russian" in russian["answer_text"] and "does not answer" in russian["answer_text"]


def test_same_name_authors_are_listed_not_picked(graph):
    store = graph[0]
    name, nodes = next((name, nodes) for name, nodes in sorted(authors_by_name(store).items())
                       if len(nodes) >= 2 and len(name.split()) == 2)
    label = store.label(nodes[0])
    result = ask(graph, f"How many papers did {label} publish?")
    assert result["answer"] == [] and not result["verified"]
    assert result["answer_text"].startswith(f"{len(nodes)} authors in the graph are named '{label}'")
    assert all(node in result["answer_text"] for node in nodes)


def test_made_up_author_sharing_a_first_name_is_not_linked(graph):
    store = graph[0]
    real = next(store.label(a) for a in sorted(store.nodes_of_type("author"))
                if len(store.label(a).split()) == 2 and len(store.step(a, "paper")) >= 3)
    made_up = f"{real.split()[0]} Wolkenbachsky"
    assert not any(name_denotes(made_up, store.label(a)) for a in store.nodes_of_type("author"))
    result = ask(graph, f"Which papers did {made_up} write?")
    assert result["answer"] == [] and not result["verified"]
    assert result["answer_text"].startswith(f"I could not find an author named '{made_up}' in the {DATASET} graph; closest: ")


def prolific(store) -> str:
    """The author with the most papers among those whose name no other author node has."""
    unique = [nodes[0] for nodes in authors_by_name(store).values() if len(nodes) == 1]
    return max(unique, key=lambda a: len(store.step(a, "paper")))


def test_long_lists_are_shortened_in_the_text_only_and_say_so(graph):
    store = graph[0]
    author = prolific(store)
    result = ask(graph, f"Which papers did {store.label(author)} write?", display_limit=5)
    shown = len(result["answer"])
    assert shown > 5 and f"(showing 5 of {shown}; --limit 0 shows all)" in result["answer_text"]


@pytest.mark.xfail(strict=False, reason="needs the executor without MAX_LIST_ITEMS (lead engineer's part)")
def test_long_lists_are_complete(graph):
    store = graph[0]
    author = prolific(store)
    papers = {store.label(p) for p in store.step(author, "paper")}
    result = ask(graph, f"Which papers did {store.label(author)} write?")
    assert len(papers) > 50 and set(result["answer"]) == papers
    assert f"showing 20 of {len(result['answer'])}" in result["answer_text"]


@pytest.mark.xfail(strict=False, reason="needs the question-plan check in validate (lead engineer's part)")
@pytest.mark.parametrize("question, missing", [
    ("Which university employs {author}?", "affiliations"),
    ("How many pages does \"{title}\" have?", "page numbers"),
    ("Who funded \"{title}\"?", "funding"),
    ("Who reviewed \"{title}\"?", "reviewers"),
])
def test_properties_the_graph_lacks_are_declined(graph, question, missing):
    store = graph[0]
    paper = a_paper_with_authors(store)
    text = question.format(author=store.label(prolific(store)), title=store.label(paper))
    result = ask(graph, text)
    assert result["answer"] == [] and f"the graph records no {missing}" in result["answer_text"]
