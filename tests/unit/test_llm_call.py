"""tools/llm.structured_call against the scripted endpoint: methods, fallback, retries, broken replies."""

from __future__ import annotations

import json

import pytest
from fake_openai import FakeOpenAI, closed_port
from timebox import within

from hgrag.agents.answering.answer_prompts import AnswerReply
from hgrag.agents.retrieval_prompts import PlanFrameReply
from hgrag.state.context import Context
from hgrag.state.plan_ir import PlanIR
from hgrag.tools.errors import LLMError
from hgrag.tools.llm import forget_endpoints, llm_meter, meter_totals, structured_call, token_budget

GOOD = json.dumps({"answer": ["Ada Lovelace"], "answer_text": "Ada Lovelace wrote it."})


@pytest.fixture(autouse=True)
def fresh_endpoints():
    forget_endpoints()
    yield
    forget_endpoints()


def context(url: str, **extra) -> Context:
    return Context(**{"model": "fake", "base_url": url, "api_key": "k", "llm_timeout": 5, "llm_retries": 1, **extra})


def test_function_calling_parses_a_tool_call_and_reports_usage():
    with FakeOpenAI([GOOD]) as server:
        parsed, info = structured_call(context(server.base_url), AnswerReply, "sys", "user")
        body = server.requests[0]["body"]
    assert parsed.answer == ["Ada Lovelace"]
    assert info["method"] == "function_calling" and info["attempts"] == 1 and info["error"] is None
    assert info["input_tokens"] == 10 and info["output_tokens"] > 0
    assert body["tools"][0]["function"]["name"] == "AnswerReply"
    assert body["temperature"] == 0 and body["seed"] == 0
    assert body["max_tokens"] == body["max_completion_tokens"] == token_budget(AnswerReply)


def test_token_budget_of_the_recursive_plan_ir_is_bounded_and_quick():
    """Each $ref is sized once: the recursive IR schema must not be walked exponentially."""
    assert 64 <= within(token_budget, PlanIR, seconds=20) <= 1024


def test_token_budget_grows_with_the_schema():
    assert 64 <= token_budget(PlanFrameReply) <= 1024
    assert token_budget(PlanFrameReply) != token_budget(AnswerReply)


@pytest.mark.parametrize("reply, reason", [
    ({"tool_arguments": '{"answer": ["Ada Lov', "finish_reason": "length"}, "truncated"),
    ({"tool_arguments": '{"answer": ["Ada"'}, "not valid JSON"),
    (json.dumps({"answer": "not a list", "answer_text": 3}), "did not fit"),
    ("The answer is probably Ada Lovelace.", "not JSON"),
    ("", "not JSON"),
])
def test_broken_replies_become_one_line_llm_errors(reply, reason):
    with FakeOpenAI([reply]) as server:
        with llm_meter() as calls:
            with pytest.raises(LLMError) as caught:
                structured_call(context(server.base_url), AnswerReply, "sys", "user")
    message = str(caught.value)
    assert reason in message and "\n" not in message and "Traceback" not in message
    assert calls and calls[0]["error"] == message


def test_wrong_keys_do_not_fit_the_schema():
    plan = json.dumps({"answer": ["x"]})  # a valid object, but not an intent frame
    with FakeOpenAI([plan]) as server:
        with pytest.raises(LLMError, match="did not fit PlanFrameReply"):
            structured_call(context(server.base_url), PlanFrameReply, "sys", "user")


def test_transient_errors_are_retried_then_succeed():
    with FakeOpenAI([GOOD]) as server:  # learn the method first, then script a 503 before the reply
        structured_call(context(server.base_url), AnswerReply, "sys", "user")
        server.push({"status": 503}, GOOD)
        parsed, info = structured_call(context(server.base_url), AnswerReply, "sys", "user")
    assert parsed.answer == ["Ada Lovelace"] and info["attempts"] == 2


def test_retries_are_bounded():
    with FakeOpenAI([GOOD]) as server:
        structured_call(context(server.base_url), AnswerReply, "sys", "user")
        server.push({"status": 503}, {"status": 503}, {"status": 503}, GOOD)
        with pytest.raises(LLMError, match="503|InternalServer|failed"):
            structured_call(context(server.base_url, llm_retries=1), AnswerReply, "sys", "user")
        assert len(server.requests) == 1 + 2


def test_auto_falls_back_when_the_endpoint_refuses_tools_and_remembers():
    def refuse_tools(request):
        if request["body"].get("tools"):
            return {"status": 400, "message": "tools are not supported"}
        return GOOD

    with FakeOpenAI(responder=refuse_tools) as server:
        _, first = structured_call(context(server.base_url), AnswerReply, "sys", "user")
        _, second = structured_call(context(server.base_url), AnswerReply, "sys", "user")
        formats = [r["body"].get("response_format", {}).get("type") for r in server.requests]
    assert first["method"] == "json_schema" and second["method"] == "json_schema"
    assert formats == [None, "json_schema", "json_schema"]  # the refused method is not tried again


def test_explicit_method_is_used_as_configured():
    with FakeOpenAI([GOOD]) as server:
        parsed, info = structured_call(context(server.base_url, llm_method="json_mode"), AnswerReply, "sys", "u")
        body = server.requests[0]["body"]
    assert info["method"] == "json_mode" and body["response_format"] == {"type": "json_object"}
    assert "tools" not in body and parsed.answer_text.startswith("Ada")


def test_unknown_method_and_missing_endpoint_are_clear_errors():
    with pytest.raises(LLMError, match="unknown llm_method"):
        structured_call(context("http://127.0.0.1:9/v1", llm_method="telepathy"), AnswerReply, "s", "u")
    with pytest.raises(LLMError, match="needs an endpoint"):
        structured_call(Context(model="fake"), AnswerReply, "s", "u")


def test_endpoint_down_is_retried_then_named():
    url = f"http://127.0.0.1:{closed_port()}/v1"
    with llm_meter() as calls:
        with pytest.raises(LLMError) as caught:
            structured_call(context(url), AnswerReply, "sys", "user")
    assert url in str(caught.value)
    assert meter_totals(calls) == {"llm_calls": 1, "llm_requests": 2, "llm_tokens": 0}


@pytest.mark.parametrize("method", ["json_mode", "json_schema", "function_calling"])
def test_cut_off_json_is_never_completed_into_a_reply(method):
    """LangChain's JSON parser would complete '{"answer": ["Ada' into a valid object; hgrag refuses it."""
    from hgrag.tools.errors import LLMReplyError

    with FakeOpenAI(['{"answer": ["Ada Lovelace"], "answer_text": "Ada']) as server:
        with pytest.raises(LLMReplyError, match="JSON"):
            structured_call(context(server.base_url, llm_method=method), AnswerReply, "s", "u")
