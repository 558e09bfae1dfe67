"""LLM access: one structured call against any OpenAI-compatible endpoint, failures as one-line LLMErrors.

    parsed, info = structured_call(context, PlanFrameReply, system_prompt, user_prompt)

`parsed` is an instance of the pydantic `schema`; `info` records the method, HTTP attempts, token usage
and seconds. The call goes through `ChatOpenAI.with_structured_output(schema, method=…, include_raw=True)`.
Method `auto` tries function_calling, json_schema, json_mode in that order on an endpoint's first call and
remembers, per endpoint, the first one the endpoint accepts. Transient errors (connection, timeout, HTTP
429/5xx) are retried `llm_retries` times; a malformed, truncated or ill-typed reply is an LLMReplyError (an LLMError).
Every call is added to the active `llm_meter()` (evaluation counts LLM calls and tokens per question).
"""

from __future__ import annotations

import contextvars
import json
import re
import time
from contextlib import contextmanager
from functools import lru_cache
from typing import Any, Iterator

from hgrag.tools.errors import LLMError, LLMReplyError

MAX_LLM_RETRIES = 10  # a transient-error retry budget (Context.llm_retries is checked against it)

METHODS = ("function_calling", "json_schema", "json_mode")
AUTO = "auto"
TRANSIENT_STATUS = {408, 409, 429, 500, 502, 503, 504}
CAPABILITY_STATUS = {400, 404, 415, 422, 500, 501}  # an endpoint refusing a structured-output method
MIN_TOKENS, MAX_TOKENS = 64, 1024
FENCE = re.compile(r"^```(?:json)?\s*|\s*```$", re.MULTILINE)

_method_by_endpoint: dict[tuple[str, str], str] = {}
_meter: contextvars.ContextVar[list[dict[str, Any]] | None] = contextvars.ContextVar("hgrag_llm_meter", default=None)


# -- configuration -------------------------------------------------------------------------------
@lru_cache(maxsize=32)
def _chat_model(model: str, base_url: str, api_key: str | None, timeout: float, max_tokens: int,
                temperature: float, seed: int | None) -> Any:
    from langchain_openai import ChatOpenAI

    extra: dict[str, Any] = {"seed": seed} if seed is not None else {}
    if "api.openai.com" not in base_url:  # llama.cpp and older servers read only max_tokens
        extra["extra_body"] = {"max_tokens": max_tokens}
    return ChatOpenAI(model=model, base_url=base_url, api_key=api_key or "not-needed", timeout=timeout,
                      max_retries=0, temperature=temperature, max_tokens=max_tokens, **extra)


def make_chat_model(context: Any, max_tokens: int = MAX_TOKENS) -> Any:
    """The chat model configured by a Context (model, base_url, api_key, llm_timeout, seed, temperature)."""
    if not context.base_url:
        raise LLMError(f"model {context.model!r} needs an endpoint: set --base-url or OPENAI_BASE_URL")
    return _chat_model(context.model, context.base_url, context.api_key, float(context.llm_timeout),
                       int(max_tokens), float(context.llm_temperature), context.llm_seed)


def methods_to_try(context: Any) -> list[str]:
    """The configured method, or (auto) the one this endpoint accepted before, else the fallback order."""
    method = getattr(context, "llm_method", AUTO) or AUTO
    if method != AUTO:
        if method not in METHODS:
            raise LLMError(f"unknown llm_method {method!r}; choose auto, {', '.join(METHODS)}")
        return [method]
    known = _method_by_endpoint.get((context.base_url, context.model))
    return [known] if known else list(METHODS)


def forget_endpoints() -> None:
    """Drop the remembered method of every endpoint (tests)."""
    _method_by_endpoint.clear()


# -- token budget ----------------------------------------------------------------------------------
def token_budget(schema: Any) -> int:
    """max_tokens for a reply of `schema`: a bound on its JSON size (string lengths, list lengths).

    Each `$ref` is sized once (memoised); a recursive reference counts as one small object, so a
    self-referencing schema costs linear time instead of exponential."""
    spec = schema.model_json_schema()
    defs = spec.get("$defs", {})
    return max(MIN_TOKENS, min(MAX_TOKENS, _tokens(spec, defs, {}) + 16))


RECURSIVE_REF_TOKENS = 8


def _tokens(node: dict[str, Any], defs: dict[str, Any], sized: dict[str, int]) -> int:
    if "$ref" in node:
        name = node["$ref"].split("/")[-1]
        if name not in sized:
            sized[name] = RECURSIVE_REF_TOKENS  # in progress: a cycle back to it is bounded
            sized[name] = _tokens(defs.get(name, {}), defs, sized)
        return sized[name]
    options = node.get("anyOf") or node.get("oneOf")
    if options:
        return max(_tokens(option, defs, sized) for option in options)
    kind = node.get("type")
    if kind == "object":
        return 2 + sum(3 + len(name) // 4 + _tokens(sub, defs, sized) for name, sub in node.get("properties", {}).items())
    if kind == "array":
        return 2 + int(node.get("maxItems", 8)) * (1 + _tokens(node.get("items", {}), defs, sized))
    if kind == "string" and "enum" not in node:
        return 2 + int(node.get("maxLength", 120)) // 3
    return 4  # numbers, booleans, null, enums


# -- metering --------------------------------------------------------------------------------------
@contextmanager
def llm_meter() -> Iterator[list[dict[str, Any]]]:
    """Collect the `info` of every structured call made inside the block (same thread or copied context)."""
    calls: list[dict[str, Any]] = []
    token = _meter.set(calls)
    try:
        yield calls
    finally:
        _meter.reset(token)


def meter_totals(calls: list[dict[str, Any]]) -> dict[str, int]:
    """LLM calls (logical), HTTP requests and tokens of a metered block."""
    return {"llm_calls": len(calls), "llm_requests": sum(c.get("attempts", 0) for c in calls),
            "llm_tokens": sum(c.get("input_tokens", 0) + c.get("output_tokens", 0) for c in calls)}


def _record(info: dict[str, Any]) -> None:
    calls = _meter.get()
    if calls is not None:
        calls.append(info)


# -- the call ----------------------------------------------------------------------------------------
def structured_call(context: Any, schema: Any, system: str, user: str) -> tuple[Any, dict[str, Any]]:
    """Ask the configured model for one `schema` object; any failure is a one-line LLMError."""
    info: dict[str, Any] = {"schema": schema.__name__, "method": None, "attempts": 0,
                            "input_tokens": 0, "output_tokens": 0, "seconds": 0.0, "error": None}
    started = time.perf_counter()
    try:
        parsed = _call_with_fallback(context, schema, system, user, info)
        return parsed, info
    except LLMError as exc:
        info["error"] = str(exc)
        raise
    finally:
        info["seconds"] = round(time.perf_counter() - started, 3)
        _record(info)


def _call_with_fallback(context: Any, schema: Any, system: str, user: str, info: dict[str, Any]) -> Any:
    from langchain_core.messages import HumanMessage, SystemMessage

    messages = [SystemMessage(system), HumanMessage(user)]
    model = make_chat_model(context, token_budget(schema))
    candidates = methods_to_try(context)
    for position, method in enumerate(candidates):
        info["method"] = method
        try:
            result = _invoke_with_retries(context, model, schema, method, messages, info)
        except _Refused as refusal:
            if position + 1 < len(candidates):
                continue
            raise LLMError(f"LLM endpoint {context.base_url} refused structured output "
                           f"(tried {', '.join(candidates)}): {refusal}") from None
        if getattr(context, "llm_method", AUTO) in (AUTO, "", None):
            _method_by_endpoint[(context.base_url, context.model)] = method
        return parse_result(result, schema, method, info)
    raise LLMError("no structured-output method to try")  # unreachable: candidates is never empty


class _Refused(Exception):
    """The endpoint rejected this structured-output method (auto mode tries the next one)."""


def _invoke_with_retries(context: Any, model: Any, schema: Any, method: str, messages: list[Any],
                         info: dict[str, Any]) -> dict[str, Any]:
    runnable = model.with_structured_output(schema, method=method, include_raw=True)
    retries = min(MAX_LLM_RETRIES, max(0, int(getattr(context, "llm_retries", 2))))
    probing = getattr(context, "llm_method", AUTO) in (AUTO, "", None) and \
        (context.base_url, context.model) not in _method_by_endpoint
    for attempt in range(retries + 1):
        info["attempts"] += 1
        try:
            return runnable.invoke(messages)
        except Exception as exc:  # classified below; nothing escapes as a traceback
            if _reply_failure(exc):  # the client parsed the reply itself (json_schema) and it did not fit
                raise LLMReplyError(f"the LLM reply did not fit {schema.__name__} ({method}): {_reason(exc)}") from None
            status = getattr(exc, "status_code", None)
            if probing and status in CAPABILITY_STATUS:
                raise _Refused(f"HTTP {status} for {method}") from None
            if attempt < retries and _transient(exc, status):
                time.sleep(min(2.0, 0.25 * 2 ** attempt))
                continue
            raise LLMError(f"LLM endpoint {context.base_url} failed: {_one_line(exc)}") from None
    raise LLMError(f"LLM endpoint {context.base_url} failed")  # unreachable


def _reply_failure(exc: Exception) -> bool:
    """A reply the endpoint sent but the client could not parse into the schema (not an endpoint failure)."""
    from pydantic import ValidationError

    return isinstance(exc, (ValidationError, json.JSONDecodeError)) or \
        type(exc).__name__ in ("LengthFinishReasonError", "ContentFilterFinishReasonError")


def _transient(exc: Exception, status: int | None) -> bool:
    if status is not None:
        return status in TRANSIENT_STATUS
    name = type(exc).__name__
    return any(word in name for word in ("Connection", "Timeout", "Connect", "RemoteProtocol"))


def _one_line(exc: Exception) -> str:
    first_line = (str(exc).splitlines() or [type(exc).__name__])[0][:200]
    return f"{type(exc).__name__}: {first_line}"


# -- reply parsing -----------------------------------------------------------------------------------
def parse_result(result: dict[str, Any], schema: Any, method: str, info: dict[str, Any]) -> Any:
    """The parsed object of a with_structured_output(include_raw=True) result, or a clear LLMError."""
    raw = result.get("raw")
    usage = getattr(raw, "usage_metadata", None) or {}
    info["input_tokens"] += int(usage.get("input_tokens") or 0)
    info["output_tokens"] += int(usage.get("output_tokens") or 0)
    finish = (getattr(raw, "response_metadata", None) or {}).get("finish_reason")
    if finish == "length":  # a parser may complete cut-off JSON; a truncated reply is never used
        raise LLMReplyError(f"the LLM reply was truncated at max_tokens ({schema.__name__}, {method})")
    if isinstance(result.get("parsed"), schema):
        if method == "json_mode":  # LangChain's JSON parser completes truncated JSON; accept only whole JSON
            parse_json_reply(getattr(raw, "content", "") or "")
        return result["parsed"]
    error = result.get("parsing_error")
    content = getattr(raw, "content", "") or ""
    if error is None and getattr(raw, "invalid_tool_calls", None):
        raise LLMReplyError(f"the LLM reply was not valid JSON (tool call arguments of {schema.__name__})")
    if error is None and content:  # no tool call: the model answered in the message text instead
        return validate_reply(parse_json_reply(content), schema)
    if error is not None:
        raise LLMReplyError(f"the LLM reply did not fit {schema.__name__} ({method}): {_reason(error)}")
    raise LLMReplyError(f"the LLM reply was not JSON: empty reply ({schema.__name__}, {method})")


def validate_reply(value: dict[str, Any], schema: Any) -> Any:
    from pydantic import ValidationError

    try:
        return schema.model_validate(value)
    except ValidationError as exc:
        raise LLMReplyError(f"the LLM reply did not fit {schema.__name__}: {_reason(exc)}") from None


def _reason(error: Exception) -> str:
    cause = error.__cause__ or error.__context__
    if not callable(getattr(error, "errors", None)) and callable(getattr(cause, "errors", None)):
        error = cause  # a parser's wrapper around the schema's own validation error
    errors = getattr(error, "errors", None)
    if callable(errors):
        try:
            first = errors()[0]
            where = ".".join(str(part) for part in first.get("loc", ())) or "reply"
            return f"{where}: {first.get('msg', '')}"[:200]
        except Exception:  # noqa: BLE001 - fall back to the message
            pass
    text = str(error).splitlines()[0] if str(error) else type(error).__name__
    if "JSON" in text or "json" in text or "Expecting" in text or "Unterminated" in text:
        return "not valid JSON"
    return text[:200]


def parse_json_reply(content: Any) -> dict[str, Any]:
    """A JSON object from a model reply (tolerates code fences and prose around the object)."""
    text = content if isinstance(content, str) else json.dumps(content)
    text = FENCE.sub("", text.strip())
    try:
        value = json.loads(text)
    except json.JSONDecodeError:
        match = re.search(r"\{.*\}", text, re.DOTALL)
        if not match:
            raise LLMReplyError("the LLM reply was not JSON") from None
        try:
            value = json.loads(match.group())
        except json.JSONDecodeError:
            raise LLMReplyError("the LLM reply was not valid JSON") from None
    if not isinstance(value, dict):
        raise LLMReplyError("the LLM reply was JSON but not an object")
    return value


def as_data(value: Any) -> str:
    """Graph text (titles, names, venues) or the question, serialised as one JSON value to quote as data."""
    return json.dumps(value, ensure_ascii=False, indent=None, default=str)
