"""`hgrag chat`: a conversation over one dataset in a durable thread (HGRAG_HOME/threads.sqlite).

Each line is a turn (follow-ups read the earlier turns); `/evidence` shows the last answer's evidence,
`/new` starts a new thread, `/quit` (or end of input) leaves. Works under a pipe and a terminal.
"""

from __future__ import annotations

import argparse
import sys
import uuid
from typing import Any

from hgrag.graphs.cli_graph import add_graph_argument
from hgrag.tools.errors import InputError

PROMPT = "you> "
COMMANDS = "/evidence (the last answer's evidence), /new (a new thread), /quit"


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("chat", help="a conversation with follow-up questions",
                                   description="Ask questions in a thread; later questions may refer to earlier answers.")
    parser.add_argument("--dataset", default="openalex", help="openalex | dblp | openalex-tiny | dblp-tiny")
    parser.add_argument("--thread", default=None, help="continue this thread (default: a new one)")
    parser.add_argument("--model", default="offline", help="'offline' (default) or an OpenAI-compatible model name")
    parser.add_argument("--base-url", default=None, help="OpenAI-compatible endpoint (default OPENAI_BASE_URL)")
    parser.add_argument("--limit", type=int, default=20, help="answer items written out (default 20; 0 = all)")
    add_graph_argument(parser)
    parser.set_defaults(func=run_chat)


def new_thread() -> str:
    return f"chat-{uuid.uuid4().hex[:10]}"


def run_chat(args: argparse.Namespace) -> int:
    if args.limit < 0:
        raise InputError(f"--limit must be 0 (all) or a positive number, not {args.limit}")
    if args.thread is not None and not args.thread.strip():
        raise InputError("--thread must be non-empty text")
    thread = args.thread or new_thread()
    settings = {"model": args.model, "base_url": args.base_url, "display_limit": args.limit, "graph": args.graph}
    say(f"hgrag chat on {args.dataset}, thread {thread}. Commands: {COMMANDS}.")
    last: dict[str, Any] = {}
    while True:
        print(PROMPT, end="", flush=True)
        line = sys.stdin.readline()
        if not line:  # end of input
            print()
            return 0
        text = line.strip()
        if not text:
            continue
        if text in ("/quit", "/exit", "/q"):
            return 0
        if text == "/new":
            thread, last = new_thread(), {}
            say(f"new thread {thread}")
            continue
        if text == "/evidence":
            show_evidence(last, args)
            continue
        if text.startswith("/"):
            say(f"unknown command {text.split()[0]}; commands: {COMMANDS}")
            continue
        last = answer_turn(text, thread, args.dataset, settings)


def say(text: str) -> None:
    print(text, flush=True)


def answer_turn(text: str, thread: str, dataset: str, settings: dict[str, Any]) -> dict[str, Any]:
    from hgrag.graphs.api import ask

    result = ask(text, dataset, thread_id=thread, **{k: v for k, v in settings.items() if v is not None})
    say(f"hgrag> {result.get('answer_text') or ''}")
    interpretation = result.get("interpretation") or ""
    if interpretation.startswith("From the conversation"):
        say(f"  ({interpretation})")
    return result


def show_evidence(result: dict[str, Any], args: argparse.Namespace) -> None:
    if not result or result.get("error"):
        say("no answer yet in this thread" if not result else f"the last turn failed: {result['error']}")
        return
    from hgrag.graphs.cli_ask import labelled

    store = None
    try:
        from hgrag.tools.resources import load_resources

        store = load_resources(args.dataset, None, graph=args.graph).store
    except Exception:  # labels are a nicety: ids are shown instead
        store = None
    plan = result.get("plan") or {}
    say(f"interpretation: {result.get('interpretation') or '-'}")
    say(f"verified: {result.get('verified')}; consistency {result.get('consistency_score')}")
    links = [f"{m.get('text')!r} → {m['node_id']}" for m in plan.get("anchors", []) if m.get("node_id")]
    if links:
        say("linked: " + "; ".join(links[:8]) + (" …" if len(links) > 8 else ""))
    paths = (result.get("evidence") or {}).get("paths") or []
    for path in paths[:5]:
        say("evidence: " + " → ".join(labelled(node, store) for node in path))
    if not paths:
        say("evidence: none (nothing was retrieved for this turn)")
