"""Step debugging: a checkpointed graph paused before `validate`, inspected, edited and resumed."""

from __future__ import annotations

from pathlib import Path

import pytest
from langgraph.checkpoint.memory import InMemorySaver

from tiny_raw import RawPaper, norm_set, pick_paper, read_openalex

from hgrag.state.context import Context
from hgrag.graphs.scholar_qa import build_qa_graph

DATASET = "openalex-tiny"
WRONG = "Zorblax Quintavious-Marmaduke"


@pytest.fixture(scope="module")
def paper(datasets_dir: Path, session_hgrag_home: Path) -> RawPaper:
    return pick_paper(read_openalex(datasets_dir / "openalex" / "tiny"))


@pytest.fixture
def paused(paper: RawPaper, request: pytest.FixtureRequest):
    """(graph, config) stopped before the first `validate`."""
    graph = build_qa_graph(checkpointer=InMemorySaver(), interrupt_before=["validate"])
    config = {"configurable": {"thread_id": request.node.name}}
    graph.invoke({"question": f'Who wrote "{paper.title}"?', "dataset": DATASET}, config,
                 context=Context(dataset=DATASET))
    return graph, config


def authors(paper: RawPaper) -> set[str]:
    return norm_set([name for _, name in paper.authors])


def test_pause_before_validate_shows_the_draft_answer(paused, paper: RawPaper) -> None:
    graph, config = paused
    snapshot = graph.get_state(config)
    assert snapshot.next == ("validate",)
    assert norm_set(snapshot.values["answer"]) == authors(paper)
    assert "validation" not in snapshot.values and "consistency_score" not in snapshot.values
    assert snapshot.values["plan"]["query_type"] == "relation"


def test_resume_runs_to_the_end(paused, paper: RawPaper) -> None:
    graph, config = paused
    final = graph.invoke(None, config, context=Context(dataset=DATASET))
    assert norm_set(final["answer"]) == authors(paper)
    assert final["verified"] is True and final["regenerations"] == 0
    assert graph.get_state(config).next == ()
    history = [s.next for s in graph.get_state_history(config)]
    assert ("validate",) in history and ("plan",) in history


def test_update_state_answer_is_checked_and_regenerated(paused, paper: RawPaper) -> None:
    graph, config = paused
    graph.update_state(config, {"answer": [WRONG], "answer_text": f"{WRONG} wrote it."})
    edited = graph.get_state(config)
    assert edited.next == ("validate",) and edited.values["answer"] == [WRONG]
    graph.invoke(None, config, context=Context(dataset=DATASET))  # validate rejects, generate again, pause
    again = graph.get_state(config)
    assert again.next == ("validate",)
    assert again.values["regenerations"] == 1
    assert again.values["consistency_score"] == 0.0 and WRONG in again.values["feedback"]
    assert norm_set(again.values["answer"]) == authors(paper)
    final = graph.invoke(None, config, context=Context(dataset=DATASET))
    assert final["verified"] is True and final["regenerations"] == 1


def test_resume_without_context_uses_the_dataset_in_state(paused, paper: RawPaper) -> None:
    graph, config = paused
    final = graph.invoke(None, config)
    assert norm_set(final["answer"]) == authors(paper) and final["verified"] is True
