"""LLM factory: ChatOpenAI against any OpenAI-compatible endpoint, JSON replies, one-line errors."""

from __future__ import annotations

import json
import re
from functools import lru_cache
from typing import Any

from hgrag.tools.errors import LLMError

FENCE = re.compile(r"^```(?:json)?\s*|\s*```$", re.MULTILINE)


@lru_cache(maxsize=16)
def _chat_model(model: str, base_url: str | None, api_key: str | None, timeout: float) -> Any:
    from langchain_openai import ChatOpenAI

    return ChatOpenAI(model=model, base_url=base_url, api_key=api_key or "not-needed", timeout=timeout,
                      max_retries=0, temperature=0,
                      model_kwargs={"response_format": {"type": "json_object"}})


def make_chat_model(context: Any) -> Any:
    """The chat model configured by a Context (model, base_url, api_key, llm_timeout)."""
    if not context.base_url:
        raise LLMError(f"model {context.model!r} needs an endpoint: set --base-url or OPENAI_BASE_URL")
    return _chat_model(context.model, context.base_url, context.api_key, float(context.llm_timeout))


def parse_json_reply(content: Any) -> dict[str, Any]:
    """A JSON object from a model reply (tolerates code fences and prose around the object)."""
    text = content if isinstance(content, str) else json.dumps(content)
    text = FENCE.sub("", text.strip())
    try:
        value = json.loads(text)
    except json.JSONDecodeError:
        match = re.search(r"\{.*\}", text, re.DOTALL)
        if not match:
            raise LLMError("the LLM reply was not JSON") from None
        try:
            value = json.loads(match.group())
        except json.JSONDecodeError:
            raise LLMError("the LLM reply was not valid JSON") from None
    if not isinstance(value, dict):
        raise LLMError("the LLM reply was JSON but not an object")
    return value


def invoke_json(context: Any, system_prompt: str, user_prompt: str) -> dict[str, Any]:
    """Ask the configured model and parse its JSON object reply; any failure is an LLMError."""
    from langchain_core.messages import HumanMessage, SystemMessage

    model = make_chat_model(context)
    try:
        reply = model.invoke([SystemMessage(system_prompt), HumanMessage(user_prompt)])
    except Exception as exc:  # network errors, timeouts, HTTP errors from the endpoint
        first_line = (str(exc).splitlines() or [type(exc).__name__])[0][:200]
        raise LLMError(f"LLM endpoint {context.base_url} failed: {type(exc).__name__}: {first_line}") from None
    return parse_json_reply(reply.content)
