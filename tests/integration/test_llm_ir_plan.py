"""The IR-writing LLM planner through the whole state machine on openalex-tiny (scripted endpoint).

Gold answers come from the raw OpenAlex records (tests/tiny_raw.py), not from hgrag's graph."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fake_openai import FakeOpenAI
from timebox import within
from tiny_raw import RawCorpus, RawPaper, norm_set, pick_paper, pick_prolific_author, read_openalex

from hgrag.graphs.api import ask
from hgrag.graphs.cli import main
from hgrag.tools.llm import forget_endpoints

DATASET = "openalex-tiny"


@pytest.fixture(scope="module")
def corpus(datasets_dir: Path, session_hgrag_home: Path) -> RawCorpus:
    return read_openalex(datasets_dir / "openalex" / "tiny")


@pytest.fixture(autouse=True)
def fresh_endpoints():
    forget_endpoints()
    yield
    forget_endpoints()


def steps(*items: dict) -> str:
    return json.dumps({"steps": [dict(item, id=f"s{i}") for i, item in enumerate(items, 1)]})


def authors_plan(paper: RawPaper) -> str:
    return steps({"op": "match", "type": "paper", "text": paper.title},
                 {"op": "traverse", "input": "s1", "edge": "writes", "direction": "in"})


def ill_typed_plan(paper: RawPaper) -> str:  # 'title' is text: '>' cannot compare it
    return steps({"op": "match", "type": "paper", "text": paper.title},
                 {"op": "filter", "input": "s1", "attr": "title", "cmp": ">", "value": 3},
                 {"op": "traverse", "input": "s2", "edge": "writes", "direction": "in"})


def settings(url: str, **extra: Any) -> dict[str, Any]:
    return {"model": "fake-model", "base_url": url, "api_key": "k", "llm_timeout": 10, "llm_retries": 0,
            "planner": "llm", "llm_plan": "ir", "answerer": "offline", **extra}


def run(question: str, replies: list[str], **extra: Any) -> tuple[dict[str, Any], FakeOpenAI]:
    with FakeOpenAI(replies) as server:
        result = within(ask, question, DATASET, seconds=300, **settings(server.base_url, **extra))
    return result, server


def test_a_valid_ir_plan_answers_right_and_is_verified(corpus: RawCorpus) -> None:
    paper = pick_paper(corpus)
    result, server = run(f'Who wrote "{paper.title}"?', [authors_plan(paper)])
    assert norm_set(result["answer"]) == norm_set([name for _, name in paper.authors])
    assert result["verified"] is True and result["error"] is None and result["regenerations"] == 0
    assert result["plan"]["ir_native"] and result["plan"]["ir"]["op"] == "traverse"
    assert result["planner_check"]["mode"] == "ir" and result["planner_check"]["rejected"] == []
    assert len(server.requests) == 1 and server.requests[0]["body"]["tool_choice"]["function"]["name"] == "PlanSteps"


def test_a_filter_and_count_plan_matches_the_raw_records(corpus: RawCorpus) -> None:
    author_id, name = pick_prolific_author(corpus)
    years = sorted(p.year for p in corpus.papers_of(author_id) if p.year)
    after = years[len(years) // 2]  # a year that splits the author's papers
    gold = sum(1 for p in corpus.papers_of(author_id) if p.year and p.year > after)
    plan = steps({"op": "match", "type": "author", "text": name},
                 {"op": "traverse", "input": "s1", "edge": "writes", "direction": "out"},
                 {"op": "filter", "input": "s2", "attr": "year", "cmp": ">", "value": after},
                 {"op": "aggregate", "input": "s3", "fn": "count"})
    result, _ = run(f"How many papers did {name} publish after {after}?", [plan])
    assert result["answer"] == [str(gold)] and result["verified"] is True, result["answer_text"]


def test_an_ill_typed_plan_costs_one_regeneration_then_the_next_plan_answers(corpus: RawCorpus) -> None:
    paper = pick_paper(corpus)
    result, server = run(f'Who wrote "{paper.title}"?', [ill_typed_plan(paper), authors_plan(paper)])
    assert norm_set(result["answer"]) == norm_set([name for _, name in paper.authors])
    assert result["regenerations"] == 1 and result["error"] is None
    (reason,) = result["planner_check"]["rejected"]
    assert "step s2 (filter): '>' compares numbers, but 'title' is text" in reason
    assert json.loads(server.user_prompts()[1])["previous_plan_rejected"] == reason


@pytest.mark.parametrize("method", ["function_calling", "json_schema", "json_mode"])
def test_plans_that_never_type_check_end_in_an_abstention(corpus: RawCorpus, method: str) -> None:
    paper = pick_paper(corpus)
    partial = steps({"op": "match", "type": "paper", "text": paper.title},
                    {"op": "traverse", "input": "s5", "edge": "writes", "direction": "in"})
    replies = ['{"steps": [', ill_typed_plan(paper), partial]
    result, server = run(f'Who wrote "{paper.title}"?', replies, llm_method=method, max_regenerations=2)
    assert result["answer"] == [] and result["verified"] is False and result["error"] is None
    assert "no usable plan in 3 attempts" in result["answer_text"] and "partial plan" in result["answer_text"]
    assert result["regenerations"] == 2 and len(server.requests) == 3 and not server.replies
    assert len(result["planner_check"]["rejected"]) == 3 and result["planner_check"]["chosen"] == "none"


def test_trace_prints_each_rejection(corpus: RawCorpus, capsys: pytest.CaptureFixture) -> None:
    paper = pick_paper(corpus)
    with FakeOpenAI([ill_typed_plan(paper), authors_plan(paper)]) as server:
        code = main(["ask", f'Who wrote "{paper.title}"?', "--dataset", DATASET, "--model", "fake-model",
                     "--base-url", server.base_url, "--planner", "llm", "--llm-plan", "ir", "--answerer", "offline",
                     "--trace"])
    err = capsys.readouterr().err
    assert code == 0 and "IR plan check: IR plan accepted after 1 rejected" in err
    assert "rejected: ill-typed plan: step s2 (filter)" in err and "Traceback" not in err


def test_a_well_typed_plan_that_answers_another_question_is_not_passed_off(corpus: RawCorpus) -> None:
    """'Who wrote X?' answered with the paper X itself type-checks; the question-plan check stops it."""
    paper = pick_paper(corpus)
    result, _ = run(f'Who wrote "{paper.title}"?', [steps({"op": "match", "type": "paper", "text": paper.title})])
    assert result["answer"] == [] and result["verified"] is False and result["error"] is None
    assert "the plan returns papers" in result["answer_text"] or "can't use" in result["answer_text"], result["answer_text"]
