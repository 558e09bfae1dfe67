"""No verified answer holds an item the graph does not support (issue 23, items 1-3), whatever the
answerer (a scripted LLM endpoint), the consistency threshold or a step-debugger edit; and the text
shown with a verified answer says only what its verified items say."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from langgraph.checkpoint.memory import InMemorySaver

from fake_openai import FakeOpenAI
from tiny_raw import RawCorpus, RawPaper, norm_set, pick_paper, read_openalex

from hgrag.graphs.api import ask
from hgrag.graphs.scholar_qa import build_qa_graph
from hgrag.state.context import Context

pytestmark = [pytest.mark.integration, pytest.mark.faults]
DATASET = "openalex-tiny"
NOBODY = "Alice Nobody"


@pytest.fixture(scope="module")
def paper(datasets_dir: Path, session_hgrag_home: Path) -> RawPaper:
    """A paper with exactly four authors: four right names plus one made up score 0.8 = the default threshold."""
    corpus = read_openalex(datasets_dir / "openalex" / "tiny")
    four_first = RawCorpus(dict(sorted(corpus.papers.items(), key=lambda kv: len(kv[1].authors) != 4)),
                           corpus.conflicting)
    chosen = pick_paper(four_first, min_authors=4)
    assert len(chosen.authors) == 4
    return chosen


def authors_of(paper: RawPaper) -> list[str]:
    return [name for _, name in paper.authors]


def question_for(paper: RawPaper) -> str:
    return f'Who wrote "{paper.title}"?'


def plan_reply(paper: RawPaper) -> str:
    return json.dumps({"mentions": [{"text": paper.title, "type": "paper"}], "target": "author",
                       "operation": "list", "rank_by": None, "position": None, "via_authors": False,
                       "year_from": None, "year_to": None, "years": []})


def answer_reply(names: list[str], text: str | None = None) -> str:
    return json.dumps({"answer": names, "answer_text": text if text is not None else ", ".join(names) + " wrote it."})


def ask_llm(paper: RawPaper, reply: str, **settings: Any) -> dict[str, Any]:
    """Ask with a scripted endpoint: the plan, then `reply` to every answer request."""
    with FakeOpenAI([plan_reply(paper)], responder=lambda request: reply) as server:
        return ask(question_for(paper), DATASET, model="fake-model", base_url=server.base_url, api_key="test",
                   llm_timeout=5, **settings)


def assert_nothing_unsupported_verified(result: dict[str, Any], paper: RawPaper) -> None:
    """The made-up name is in no answer; a verified answer and its text name only the paper's authors."""
    assert NOBODY not in result["answer"], result
    if result["verified"]:
        assert norm_set(result["answer"]) <= norm_set(authors_of(paper))
        assert NOBODY not in result["answer_text"], result["answer_text"]


def test_one_made_up_author_in_five_is_never_verified(paper: RawPaper) -> None:
    result = ask_llm(paper, answer_reply(authors_of(paper) + [NOBODY]))
    assert_nothing_unsupported_verified(result, paper)
    assert result["verified"] is False  # the model never gave a fully supported answer
    assert norm_set(result["answer"]) == norm_set(authors_of(paper))  # the supported part is kept ...
    assert NOBODY in result["answer_text"] and "not supported" in result["answer_text"]  # ... and the drop said


def test_the_llm_sentence_is_not_shown_unchecked(paper: RawPaper) -> None:
    result = ask_llm(paper, answer_reply(authors_of(paper), f"The only author of this paper is {NOBODY}."))
    assert result["verified"] is True and norm_set(result["answer"]) == norm_set(authors_of(paper))
    assert NOBODY not in result["answer_text"]
    assert all(name in result["answer_text"] for name in authors_of(paper))


def test_the_llm_sentence_of_an_empty_answer_is_not_shown_unchecked(paper: RawPaper) -> None:
    result = ask_llm(paper, answer_reply([], f"The only author of this paper is {NOBODY}."))
    assert NOBODY not in result["answer_text"] and not result["verified"]


@pytest.mark.parametrize("threshold", [0.0, 0.5])
def test_a_low_threshold_does_not_switch_the_support_check_off(paper: RawPaper, threshold: float) -> None:
    result = ask_llm(paper, answer_reply([NOBODY]), consistency_threshold=threshold)
    assert_nothing_unsupported_verified(result, paper)
    assert result["verified"] is False and result["answer"] == []


def test_a_zero_threshold_still_verifies_a_right_offline_answer(paper: RawPaper) -> None:
    result = ask(question_for(paper), DATASET, consistency_threshold=0)
    assert result["verified"] is True and norm_set(result["answer"]) == norm_set(authors_of(paper))


@pytest.mark.parametrize("edit", [
    {"answer": "four+nobody"},
    {"answer": "nobody", "consistency_threshold": 0.0, "max_regenerations": 0},
    {"answer": "four+nobody", "answer_text": f"{NOBODY} wrote it.", "consistency_threshold": 0.0},
])
def test_a_debugger_edit_cannot_verify_an_unsupported_item(paper: RawPaper, edit: dict[str, Any],
                                                           request: pytest.FixtureRequest) -> None:
    graph = build_qa_graph(checkpointer=InMemorySaver(), interrupt_before=["validate"])
    config = {"configurable": {"thread_id": request.node.name}}
    context = Context(dataset=DATASET)
    graph.invoke({"question": question_for(paper), "dataset": DATASET}, config, context=context)
    answers = {"four+nobody": authors_of(paper) + [NOBODY], "nobody": [NOBODY]}
    graph.update_state(config, {**edit, "answer": answers[edit["answer"]]})
    while True:  # resume through every pause (a regeneration pauses before `validate` again)
        final = graph.invoke(None, config, context=context)
        if not graph.get_state(config).next:
            break
    assert_nothing_unsupported_verified(final, paper)
