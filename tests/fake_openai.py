"""A tiny scripted OpenAI-compatible chat endpoint for tests (stdlib only, loopback, free port).

    with FakeOpenAI(['{"answer": ["x"]}']) as server:
        ...  # point ChatOpenAI at server.base_url; read server.requests afterwards

Each POST to /v1/chat/completions (or /chat/completions) pops the next scripted reply and returns
it as choices[0].message.content, or, when the request offers tools (structured output through
function calling) and the reply is a JSON object, as the arguments of a call to the requested tool,
as a real tool-calling endpoint does. A reply may also be a dict {"content"?, "tool_arguments"?,
"finish_reason"?} to script broken tool calls (truncated arguments, finish_reason "length"), or
{"status": 503, "message"?} to script an HTTP error. With the script exhausted, `responder(request)` answers if given;
A scripted `tool_reply(...)` returns OpenAI tool calls of any named tools (for ReAct agents).
otherwise the server answers HTTP 500, so a test that makes more LLM calls than it scripted fails
loudly instead of hanging.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections import deque
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable, Iterable

CHAT_PATHS = ("/v1/chat/completions", "/chat/completions")


def closed_port() -> int:
    """A loopback port nothing listens on (bound once, then released)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def tool_reply(*calls: tuple[str, dict[str, Any]], content: str = "") -> dict[str, Any]:
    """A scripted reply that calls tools: tool_reply(("search", {"q": "x"}), ...)."""
    return {"content": content, "tool_calls": [{"name": name, "args": args} for name, args in calls]}


def _tool_calls_message(spec: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """The assistant message of a tool_reply(...): calls of named tools, with optional text."""
    calls = [{"id": f"call_{i}_{call['name']}", "type": "function",
              "function": {"name": call["name"], "arguments": json.dumps(call["args"])}}
             for i, call in enumerate(spec["tool_calls"])]
    return {"role": "assistant", "content": spec.get("content") or None, "tool_calls": calls}, "tool_calls"


def requested_tool(body: dict[str, Any]) -> str | None:
    """The function a request forces (tool_choice), else its first tool; None without tools."""
    tools = body.get("tools") or []
    if not tools:
        return None
    choice = body.get("tool_choice")
    if isinstance(choice, dict) and choice.get("function", {}).get("name"):
        return choice["function"]["name"]
    return tools[0].get("function", {}).get("name")


def _is_json_object(text: str) -> bool:
    try:
        return isinstance(json.loads(text), dict)
    except (TypeError, ValueError):
        return False


def reply_message(reply: str | dict[str, Any], body: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """The assistant message and finish reason for a scripted reply to this request."""
    spec = reply if isinstance(reply, dict) else {"content": reply}
    if spec.get("tool_calls"):
        return _tool_calls_message(spec)
    tool = requested_tool(body)
    arguments = spec.get("tool_arguments")
    if arguments is None and tool and _is_json_object(spec.get("content") or ""):
        arguments = spec["content"]
    if arguments is not None and tool:
        call = {"id": "call_fake", "type": "function", "function": {"name": tool, "arguments": arguments}}
        return ({"role": "assistant", "content": None, "tool_calls": [call]},
                spec.get("finish_reason", "tool_calls"))
    return {"role": "assistant", "content": spec.get("content") or ""}, spec.get("finish_reason", "stop")


def completion_body(reply: str | dict[str, Any], model: str, number: int,
                    body: dict[str, Any] | None = None) -> dict[str, Any]:
    """A chat.completion object with the fields langchain_openai reads (usage included)."""
    message, finish_reason = reply_message(reply, body or {})
    text = message.get("content") or json.dumps(message.get("tool_calls") or "")
    prompt_tokens, completion_tokens = 10, max(1, len(text) // 4)
    return {
        "id": f"chatcmpl-fake-{number}", "object": "chat.completion", "created": int(time.time()),
        "model": model, "system_fingerprint": "fake",
        "choices": [{"index": 0, "finish_reason": finish_reason, "logprobs": None, "message": message}],
        "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens,
                  "total_tokens": prompt_tokens + completion_tokens},
    }


class FakeOpenAI:
    """Scripted replies in, recorded requests out."""

    def __init__(self, replies: Iterable[str | dict[str, Any]] = (),
                 responder: Callable[[dict[str, Any]], str | dict[str, Any]] | None = None):
        self.replies: deque[str | dict[str, Any]] = deque(replies)
        self.responder = responder
        self.requests: list[dict[str, Any]] = []
        self.lock = threading.Lock()
        self.server: ThreadingHTTPServer | None = None
        self.thread: threading.Thread | None = None

    # -- script -------------------------------------------------------------
    def push(self, *replies: str | dict[str, Any]) -> None:
        with self.lock:
            self.replies.extend(replies)

    def next_reply(self, request: dict[str, Any]) -> str | dict[str, Any] | None:
        with self.lock:
            self.requests.append(request)
            if self.replies:
                return self.replies.popleft()
        return self.responder(request) if self.responder else None

    def user_prompts(self) -> list[str]:
        """The last user message of every recorded chat request, in order."""
        return [message_of(request, "user") for request in self.requests]

    # -- server -------------------------------------------------------------
    @property
    def port(self) -> int:
        assert self.server is not None, "server not started"
        return self.server.server_address[1]

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def start(self) -> "FakeOpenAI":
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), _handler_for(self))
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, name="fake-openai", daemon=True)
        self.thread.start()
        return self

    def stop(self) -> None:
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()
            self.server = None

    def __enter__(self) -> "FakeOpenAI":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def message_of(request: dict[str, Any], role: str) -> str:
    """The content of the last `role` message of a recorded request ('' when absent)."""
    found = [m for m in request["body"].get("messages", []) if m.get("role") == role]
    return str(found[-1]["content"]) if found else ""


def _handler_for(fake: FakeOpenAI) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: Any) -> None:  # keep test output quiet
            return

        def do_POST(self) -> None:  # noqa: N802 (http.server naming)
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length) if length else b""
            try:
                body = json.loads(raw or b"{}")
            except json.JSONDecodeError:
                body = {"unparsed": raw.decode("utf-8", "replace")}
            if self.path.split("?")[0] not in CHAT_PATHS:
                self._send(404, {"error": {"message": f"no route {self.path}", "type": "not_found"}})
                return
            reply = fake.next_reply({"path": self.path, "body": body})
            if reply is None:
                self._send(500, {"error": {"message": "fake server: no scripted reply left",
                                           "type": "server_error"}})
                return
            if isinstance(reply, dict) and reply.get("status"):  # a scripted HTTP error
                self._send(int(reply["status"]), {"error": {"message": reply.get("message", "scripted error"),
                                                            "type": "scripted"}})
                return
            self._send(200, completion_body(reply, str(body.get("model", "fake-model")), len(fake.requests), body))

        def _send(self, status: int, payload: dict[str, Any]) -> None:
            data = json.dumps(payload).encode("utf-8")
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

    return Handler
