"""The compiled QA graph used as a node (subgraph) of a parent StateGraph."""

from __future__ import annotations

from pathlib import Path

import pytest
from langgraph.graph import END, START, StateGraph
from typing_extensions import TypedDict

from tiny_raw import RawPaper, norm_set, pick_paper, read_aminer, read_openalex

from hgrag.state.context import Context
from hgrag.graphs.scholar_qa import build_qa_graph


class ParentState(TypedDict, total=False):
    question: str
    answer: list[str]
    answer_count: int


@pytest.fixture(scope="module")
def papers(datasets_dir: Path, session_hgrag_home: Path) -> dict[str, RawPaper]:
    return {"openalex-tiny": pick_paper(read_openalex(datasets_dir / "openalex" / "tiny")),
            "dblp-tiny": pick_paper(read_aminer(datasets_dir / "dblp" / "aminer_v8_ccf" / "tiny"
                                                / "information_security_first300.txt"))}


def parent_graph():
    builder = StateGraph(ParentState, context_schema=Context)
    builder.add_node("tidy", lambda state: {"question": " ".join(state["question"].split())})
    builder.add_node("qa", build_qa_graph())
    builder.add_node("count", lambda state: {"answer_count": len(state.get("answer", []))})
    builder.add_edge(START, "tidy")
    builder.add_edge("tidy", "qa")
    builder.add_edge("qa", "count")
    builder.add_edge("count", END)
    return builder.compile()


@pytest.mark.parametrize("dataset", ["openalex-tiny", "dblp-tiny"])
def test_subgraph_answer_reaches_the_parent(papers: dict[str, RawPaper], dataset: str) -> None:
    paper = papers[dataset]
    result = parent_graph().invoke({"question": f'  Who   wrote "{paper.title.rstrip(".")}"? '},
                                   context=Context(dataset=dataset))
    expected = norm_set([name for _, name in paper.authors])
    assert norm_set(result["answer"]) == expected
    assert result["answer_count"] == len(expected)
    assert set(result) == {"question", "answer", "answer_count"}  # only the parent's keys come back


def test_subgraph_steps_are_visible_when_streaming(papers: dict[str, RawPaper]) -> None:
    paper = papers["openalex-tiny"]
    seen: list[tuple[tuple[str, ...], str]] = []
    for namespace, chunk in parent_graph().stream({"question": f'Who wrote "{paper.title}"?'},
                                                  context=Context(dataset="openalex-tiny"),
                                                  stream_mode="updates", subgraphs=True):
        seen += [(namespace, node) for node in chunk]
    inner = [node for namespace, node in seen if namespace and namespace[0].startswith("qa:")]
    assert inner[:3] == ["resolve", "plan", "retrieve"] and inner[-2:] == ["validate", "respond"]
    assert [node for namespace, node in seen if not namespace] == ["tidy", "qa", "count"]
