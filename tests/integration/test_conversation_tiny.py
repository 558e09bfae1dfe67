"""Conversations on openalex-tiny: follow-ups resolved from the thread, checked against the raw files
(tests/tiny_raw.py parses them independently of hgrag); unresolvable references are asked back."""

from __future__ import annotations

import uuid
from collections import Counter
from pathlib import Path

import pytest
from langchain_core.messages import AIMessage, HumanMessage

from tiny_raw import RawCorpus, norm, norm_set, openalex_seed_authors, pick_paper, pick_prolific_author, read_openalex

DATASET = "openalex-tiny"


@pytest.fixture(scope="module")
def raw(datasets_dir: Path, session_hgrag_home: Path) -> tuple[RawCorpus, object, tuple[str, str]]:
    directory = datasets_dir / "openalex" / "tiny"
    corpus = read_openalex(directory)
    return corpus, pick_paper(corpus), pick_prolific_author(corpus, openalex_seed_authors(directory))


def turns(*questions: str) -> list[dict]:
    from hgrag.graphs.api import ask

    thread = f"t-{uuid.uuid4().hex[:8]}"
    return [ask(q, DATASET, thread_id=thread) for q in questions]


def test_it_refers_to_the_paper_of_the_first_turn(raw) -> None:
    corpus, paper, _ = raw
    first, second = turns(f"Who wrote '{paper.title}'?", "When was it published?")
    assert norm_set(first["answer"]) == norm_set(n for _, n in paper.authors)
    assert second["answer"] == [str(paper.year)] and second["verified"]
    assert "'it' = " in second["interpretation"] and "from turn 1" in second["interpretation"]
    assert isinstance(second["messages"][-1], AIMessage) and second["messages"][-1].content == second["answer_text"]
    assert [type(m) for m in second["messages"]] == [HumanMessage, AIMessage, HumanMessage, AIMessage]


def test_an_ordinal_picks_an_item_of_the_previous_answer(raw) -> None:
    corpus, paper, _ = raw
    first, second, third = turns(f"Who wrote '{paper.title}'?", "Which papers did the second one write?",
                                 "Which papers did the second author write?")
    chosen = first["answer"][1]
    author_id = next(a for a, n in paper.authors if norm(n) == norm(chosen))
    if norm(paper.authors[1][1]) != norm(chosen):  # second in the list, not second on the paper: asked back
        for asked_back in (second, third):
            assert asked_back["answer"] == [] and paper.authors[1][1] in asked_back["clarification"]
    else:
        assert norm_set(second["answer"]) == norm_set(p.title for p in corpus.papers_of(author_id))
        assert norm_set(third["answer"]) == norm_set(second["answer"])


def test_refinements_of_an_answer_set(raw) -> None:
    corpus, _, (author_id, name) = raw
    papers = corpus.papers_of(author_id)
    years = sorted(p.year for p in papers if p.year)
    cut = years[len(years) // 2]
    listed, count, recent, oldest = turns(f"Which papers did {name} write?", "How many is that?",
                                          f"only those after {cut}", "how many is that?")
    assert norm_set(listed["answer"]) == norm_set(p.title for p in papers)
    assert count["answer"] == [str(len(papers))]
    assert norm_set(recent["answer"]) == norm_set(p.title for p in papers if p.year and p.year > cut)
    assert oldest["answer"] == [str(sum(1 for p in papers if p.year and p.year > cut))]


def test_ellipsis_changes_the_year_of_the_previous_question(raw) -> None:
    corpus, _, (author_id, name) = raw
    by_year = Counter(p.year for p in corpus.papers_of(author_id) if p.year)
    (y1, _), (y2, n2) = by_year.most_common(2)
    _, second = turns(f"How many papers did {name} publish in {y1}?", f"and in {y2}?")
    assert second["answer"] == [str(n2)] and f"in {y2}" in second["interpretation"]


def test_a_new_question_mid_thread_is_not_a_follow_up(raw) -> None:
    corpus, paper, (_, name) = raw
    _, second = turns(f"Which papers did {name} write?", f"Who wrote '{paper.title}'?")
    assert norm_set(second["answer"]) == norm_set(n for _, n in paper.authors)
    assert "From the conversation" not in second["interpretation"]


def test_unresolvable_references_are_asked_back(raw) -> None:
    _, paper, _ = raw
    n = len(paper.authors)
    first, out_of_range, ambiguous = turns(f"Who wrote '{paper.title}'?", f"What did the {['first', 'second', 'third', 'fourth', 'fifth', 'sixth'][n]} one write?"
                                           if n < 6 else "What did the tenth one write?", "What else did she write?")
    assert len(first["answer"]) == n >= 2
    for reply in (out_of_range, ambiguous):
        assert reply["answer"] == [] and not reply["verified"] and reply["clarification"]
        assert reply["messages"][-1].content == reply["clarification"]


def test_messages_in_and_out_with_a_checkpointer(raw) -> None:
    from langgraph.checkpoint.memory import InMemorySaver

    from hgrag.graphs.scholar_qa import build_qa_graph
    from hgrag.state.context import Context

    _, paper, _ = raw
    graph = build_qa_graph(checkpointer=InMemorySaver())
    config = {"configurable": {"thread_id": "messages"}}
    context = Context(dataset=DATASET)
    first = graph.invoke({"messages": [HumanMessage(f"Who wrote '{paper.title}'?")], "dataset": DATASET}, config, context=context)
    second = graph.invoke({"messages": [HumanMessage("In which year did it appear?")]}, config, context=context)
    assert norm_set(first["answer"]) == norm_set(n for _, n in paper.authors)
    assert second["answer"] == [str(paper.year)]
    assert [m.content for m in second["messages"] if isinstance(m, AIMessage)] == [first["answer_text"], second["answer_text"]]


def test_a_count_remembers_what_it_counted(raw) -> None:
    corpus, _, (author_id, name) = raw
    papers = corpus.papers_of(author_id)
    count, listed, oldest = turns(f"How many papers did {name} write?", "list them", "Which one was published first?")
    assert count["answer"] == [str(len(papers))]
    assert norm_set(listed["answer"]) == norm_set(p.title for p in papers)
    first_year = min(p.year for p in papers if p.year)
    assert norm_set(oldest["answer"]) == norm_set(p.title for p in papers if p.year == first_year)
