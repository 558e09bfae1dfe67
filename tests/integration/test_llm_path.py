"""LLM configuration against a scripted OpenAI-compatible endpoint (tests/fake_openai.py).

Checks the plan → generate → validate → regenerate loop with a hallucinated first answer, the
feedback the regeneration receives, and what happens when the endpoint is down or fails mid-run.
"""

from __future__ import annotations

import json
import socket
import threading
from pathlib import Path
from typing import Any

import pytest

from fake_openai import FakeOpenAI, closed_port, message_of
from tiny_raw import RawPaper, norm, norm_set, pick_paper, read_openalex

from hgrag.agents.retrieval_prompts import PLAN_SYSTEM_PROMPT
from hgrag.graphs.api import ask
from hgrag.tools.errors import HgragError, LLMError
from hgrag.tools.llm import as_data

DATASET = "openalex-tiny"
HALLUCINATED = "Zorblax Quintavious-Marmaduke"


@pytest.fixture(scope="module")
def paper(datasets_dir: Path, session_hgrag_home: Path) -> RawPaper:
    return pick_paper(read_openalex(datasets_dir / "openalex" / "tiny"))


def question_for(paper: RawPaper) -> str:
    return f'Who wrote "{paper.title}"?'


def authors_of(paper: RawPaper) -> list[str]:
    return [name for _, name in paper.authors]


def plan_reply(paper: RawPaper) -> str:
    """The intent frame described in agents/retrieval_prompts.py, as the model would send it."""
    return json.dumps({"mentions": [{"text": paper.title, "type": "paper"}], "target": "author",
                       "operation": "list", "rank_by": None, "position": None, "via_authors": False,
                       "year_from": None, "year_to": None, "years": []})


def answer_reply(names: list[str]) -> str:
    return json.dumps({"answer": names, "answer_text": ", ".join(names) + " wrote it."})


def llm_context(base_url: str, **extra: Any) -> dict[str, Any]:
    return {"model": "fake-model", "base_url": base_url, "api_key": "test", "llm_timeout": 5, **extra}


def test_hallucination_is_rejected_and_the_regeneration_gets_the_feedback(paper: RawPaper) -> None:
    from hgrag.agents.answer_agent import GraphValidator
    from hgrag.tools.resources import load_resources

    replies = [plan_reply(paper), answer_reply([HALLUCINATED]), answer_reply(authors_of(paper))]
    with FakeOpenAI(replies) as server:
        result = ask(question_for(paper), DATASET, **llm_context(server.base_url))
    assert norm_set(result["answer"]) == norm_set(authors_of(paper))
    assert result["regenerations"] == 1 and result["verified"] is True
    assert result["consistency_score"] == 1.0 and result["error"] is None
    assert result["plan"]["rationale"].startswith("llm plan")
    assert len(server.requests) == 3 and not server.replies
    assert all(r["body"]["model"] == "fake-model" for r in server.requests)
    first = server.requests[0]["body"]  # structured output through a forced tool call, repeatable sampling
    assert first["tool_choice"]["function"]["name"] == "PlanFrameReply" and first["seed"] == 0
    plan_prompt, first_answer_prompt, second_answer_prompt = server.user_prompts()
    assert json.loads(plan_prompt) == {"question": question_for(paper)}, "the question is quoted as JSON data"
    assert all(as_data(name)[1:-1] in first_answer_prompt for name in authors_of(paper)), "the subgraph lacks the authors"
    feedback = GraphValidator().validate(question_for(paper), result["plan"], [HALLUCINATED],
                                         load_resources(DATASET))["feedback"]
    assert HALLUCINATED in feedback
    assert feedback in second_answer_prompt and feedback not in first_answer_prompt


def test_false_premise_feedback_makes_the_model_decline(datasets_dir: Path, paper: RawPaper) -> None:
    corpus = read_openalex(datasets_dir / "openalex" / "tiny")
    names_on_paper = {norm(n) for n in authors_of(paper)}
    ids_by_name = corpus.ids_by_name()
    outsider = next(n for p in corpus.papers.values() for _, n in p.authors
                    if norm(n) not in names_on_paper and len(ids_by_name[norm(n)]) == 1)
    plan = json.dumps({"mentions": [{"text": paper.title, "type": "paper"}, {"text": outsider, "type": "author"}],
                       "target": "author", "operation": "list", "rank_by": None, "position": None,
                       "via_authors": False, "year_from": None, "year_to": None, "years": []})
    question = f'Who co-authored "{paper.title}" with {outsider}?'
    declined = json.dumps({"answer": [], "answer_text": f"{outsider} did not write it."})
    with FakeOpenAI([plan, answer_reply(authors_of(paper)), declined]) as server:
        result = ask(question, DATASET, **llm_context(server.base_url))
    assert result["answer"] == [] and result["verified"] is True and result["regenerations"] == 1
    assert "False premise" in server.user_prompts()[2] and outsider in server.user_prompts()[2]
    assert "False premise" not in server.user_prompts()[1]


def test_endpoint_down_gives_a_one_line_error_naming_it(paper: RawPaper) -> None:
    url = f"http://127.0.0.1:{closed_port()}/v1"
    result = ask(question_for(paper), DATASET, **llm_context(url))
    assert result["error"] and url in result["error"]
    assert "\n" not in result["error"] and "Traceback" not in result["error"]
    assert result["answer"] == []


def test_endpoint_down_with_fallback_answers_offline(paper: RawPaper) -> None:
    url = f"http://127.0.0.1:{closed_port()}/v1"
    result = ask(question_for(paper), DATASET, **llm_context(url, llm_fallback=True))
    assert result["error"] is None
    assert norm_set(result["answer"]) == norm_set(authors_of(paper))
    assert "offline fallback" in result["plan"]["rationale"]
    assert "offline fallback" in result["answer_text"]


def test_silent_endpoint_times_out_with_a_clear_error(paper: RawPaper) -> None:
    """A port that accepts connections but never replies: llm_timeout must end the call."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(8)
        url = f"http://127.0.0.1:{listener.getsockname()[1]}/v1"
        outcome: dict[str, Any] = {}
        worker = threading.Thread(target=lambda: outcome.update(
            result=ask(question_for(paper), DATASET, **llm_context(url, llm_timeout=1))), daemon=True)
        worker.start()
        worker.join(120)  # generous bound: a hang fails the test instead of blocking the suite
    assert not worker.is_alive(), "the LLM call ignored llm_timeout"
    error = outcome["result"]["error"]
    assert url in error and "timeout" in error.lower() and "\n" not in error


def test_failure_after_planning_lands_in_the_error_field(paper: RawPaper) -> None:
    """Plan succeeds, then the endpoint fails: like a planning failure, the run ends with `error` set."""
    with FakeOpenAI([plan_reply(paper)]) as server:
        url = server.base_url
        result = ask(question_for(paper), DATASET, **llm_context(url, llm_retries=1))
    message = result["error"]  # the scripted server's HTTP 500 is retried llm_retries (1) times
    assert message and url in message and "\n" not in message and len(server.requests) == 3
    assert result["answer"] == [] and result["verified"] is False


def test_failure_after_planning_with_fallback_answers_offline(paper: RawPaper) -> None:
    with FakeOpenAI([plan_reply(paper)]) as server:
        result = ask(question_for(paper), DATASET, **llm_context(server.base_url, llm_fallback=True))
    assert norm_set(result["answer"]) == norm_set(authors_of(paper))
    assert "offline fallback" in result["answer_text"] and result["verified"] is True


def test_non_json_reply_is_an_llm_error(paper: RawPaper) -> None:
    with FakeOpenAI(["I think the answer is probably someone."]) as server:
        result = ask(question_for(paper), DATASET, **llm_context(server.base_url))
    assert result["error"] and "not JSON" in result["error"]
    assert result["answer"] == []


def test_llm_plan_for_unknown_title_abstains(paper: RawPaper) -> None:
    made_up = "Migratory patterns of alpine marmots under simulated lunar gravity"
    plan = json.dumps({"mentions": [{"text": made_up, "type": "paper"}], "target": "author", "operation": "list"})

    def respond(request: dict[str, Any]) -> str:  # re-planning may ask again; answers always hallucinate
        return plan if message_of(request, "system").startswith(PLAN_SYSTEM_PROMPT) else answer_reply([HALLUCINATED])

    with FakeOpenAI(responder=respond) as server:
        result = ask(f'Who wrote "{made_up}"?', DATASET, **llm_context(server.base_url))
    assert result["answer"] == [] and result["verified"] is False
    assert norm(HALLUCINATED) not in norm(result["answer_text"])
    assert result["regenerations"] <= 2 and len(server.requests) <= 1 + 2 + 3


def test_unlinked_question_with_an_empty_llm_reply_still_explains(paper: RawPaper) -> None:
    """Nothing links and the model returns no answer and no text: the user still gets a reason."""
    made_up = "Migratory patterns of alpine marmots under simulated lunar gravity"
    plan = json.dumps({"mentions": [{"text": made_up, "type": "paper"}], "target": "author", "operation": "list"})

    def respond(request: dict[str, Any]) -> str:
        return plan if message_of(request, "system").startswith(PLAN_SYSTEM_PROMPT) else json.dumps({"answer": []})

    with FakeOpenAI(responder=respond) as server:
        result = ask(f'Who wrote "{made_up}"?', DATASET, **llm_context(server.base_url))
    assert result["answer"] == [] and result["verified"] is False
    assert "could not find" in result["answer_text"].lower(), repr(result["answer_text"])


def test_ill_typed_plan_is_a_clear_error_not_a_crash(paper: RawPaper) -> None:
    weird = json.dumps({"mentions": "oops", "target": 42, "operation": None, "years": "abc", "year_from": "soon",
                        "position": "first"})
    with FakeOpenAI([weird], responder=lambda request: answer_reply([])) as server:
        result = ask(question_for(paper), DATASET, **llm_context(server.base_url))
    assert "did not fit PlanFrameReply" in result["error"] and "\n" not in result["error"]
    assert result["answer"] == [] and not result.get("verified")


def test_ill_typed_plan_with_fallback_answers_offline(paper: RawPaper) -> None:
    weird = json.dumps({"mentions": "oops", "target": 42})
    with FakeOpenAI([weird], responder=lambda request: answer_reply(authors_of(paper))) as server:
        result = ask(question_for(paper), DATASET, **llm_context(server.base_url, llm_fallback=True))
    assert result["error"] is None and "offline fallback" in result["plan"]["rationale"]
    assert norm_set(result["answer"]) == norm_set(authors_of(paper))


@pytest.mark.parametrize("planner", ["hybrid", "offline"])
def test_hybrid_agreement_is_recorded_and_the_answer_verified(paper: RawPaper, planner: str) -> None:
    with FakeOpenAI([plan_reply(paper)]) as server:
        result = ask(question_for(paper), DATASET, planner=planner, answerer="offline",
                     **llm_context(server.base_url))
    assert norm_set(result["answer"]) == norm_set(authors_of(paper)) and result["verified"] is True
    if planner == "hybrid":
        assert result["planner_check"]["agree"] is True and len(server.requests) == 1
    else:
        assert result.get("planner_check") is None and server.requests == []
