"""`hgrag debug`: run a question one agent at a time on a durable thread, from a terminal or a pipe.

The graph pauses before every node; each transition prints the fields it changed (old → new).
Commands at the `debug>` prompt: s/step (or Enter), c/continue, e/edit FIELD JSON, p/print FIELD,
h/history, q/quit. Threads live in HGRAG_HOME/threads.sqlite, so a thread survives a crash or a
restart: `hgrag debug --thread ID` resumes it, `--from-checkpoint N` replays from checkpoint N.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
import uuid
from contextlib import nullcontext
from dataclasses import asdict
from typing import Any, TextIO, get_origin, get_type_hints

from hgrag.state.context import Context, check_context
from hgrag.tools.errors import HgragError, InputError
from hgrag.tools.question import check_question

PROMPT = "debug> "
WIDTH = 110
HELP = "commands: [s]tep (Enter) | [c]ontinue | [e]dit FIELD JSON | [p]rint FIELD | [h]istory | [q]uit"
CONTEXT_KEY = "hgrag_context"  # checkpoint metadata: the run settings, so a resume needs no flags
LIMIT_FIELDS = ("sufficiency_threshold", "consistency_threshold", "max_expansions", "max_regenerations")


def editable_fields() -> list[str]:
    """The state fields `edit` may change (imported when debugging, not on every CLI start)."""
    from hgrag.state.qa_state import QAState

    return sorted(get_type_hints(QAState))


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "debug", help="step through the agents on a durable, resumable thread",
        description=__doc__.split("\n\n", 1)[1], formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("question", nargs="?", help="start a new thread with this question")
    parser.add_argument("--thread", metavar="ID", help="thread id (new: chosen for you; existing: resumed)")
    parser.add_argument("--from-checkpoint", type=int, metavar="N",
                        help="replay the thread from its checkpoint N (0 = the first; see --history)")
    parser.add_argument("--continue", dest="run_on", action="store_true",
                        help="no prompts: run to the end, printing every transition")
    parser.add_argument("--history", action="store_true", help="list the thread's checkpoints and exit")
    parser.add_argument("--dataset", default="openalex", help="openalex | dblp | openalex-tiny | dblp-tiny")
    parser.add_argument("--source", default=None, help="override the dataset's source path")
    parser.add_argument("--skip-bad-records", action="store_true", help="skip malformed source records")
    parser.add_argument("--variant", default="agentic", help="agentic | no_plan | no_rerank | no_validate | graph_rag")
    parser.set_defaults(func=run_debug)


def run_debug(args: argparse.Namespace, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    from hgrag.graphs.api import open_checkpointer
    from hgrag.graphs.scholar_qa import VARIANTS
    from hgrag.graphs.thread_guard import thread_lock

    if args.variant not in VARIANTS:
        raise InputError(f"unknown variant {args.variant!r}; choose one of {', '.join(VARIANTS)}")
    if args.question is None and args.thread is None:
        raise InputError("give a question to start a thread, or --thread ID to resume one")
    if args.question is not None and args.from_checkpoint is not None:
        raise InputError("--from-checkpoint replays an existing thread; drop the question")
    if args.thread is not None and not args.thread.strip():
        raise InputError("--thread must name a thread (non-empty text); omit it to start a new one")
    thread_id = args.thread or uuid.uuid4().hex[:12]
    reading = args.history and args.question is None  # only lists checkpoints: no lock needed
    with (nullcontext() if reading else thread_lock(thread_id)), open_checkpointer() as saver:
        session = DebugSession(saver, args.variant, thread_id, stdin or sys.stdin, stdout or sys.stdout)
        if args.question is not None:
            session.start(args.question, _context_from(args))
        else:
            session.attach(args.from_checkpoint)
        if args.history:
            session.show_history()
            return 0
        return session.loop(run_on=args.run_on)


def _context_from(args: argparse.Namespace) -> Context:
    from hgrag.tools.datasets import dataset_spec

    dataset_spec(args.dataset)  # an unknown dataset is a CLI error, before a thread is started
    return check_context(Context(dataset=args.dataset, source=args.source,
                                 skip_bad_records=args.skip_bad_records))


def compact(value: Any, width: int = WIDTH) -> str:
    """One short line for any state value: lists and dicts are summarised, long text is cut."""
    if isinstance(value, dict) and {"nodes", "paths", "frontier"} <= value.keys():
        text = (f"{len(value.get('nodes') or [])} nodes, {len(value.get('paths') or [])} paths, "
                f"frontier {json.dumps((value.get('frontier') or [])[:3], ensure_ascii=False)}")
    elif isinstance(value, dict) and "query_type" in value and "steps" in value:
        hops = " → ".join([str(value.get("start_type"))] + [str(s.get("to_type")) for s in value["steps"]])
        text = f"{value['query_type']}: {hops}, {value.get('operation')}"
    else:
        text = json.dumps(value, ensure_ascii=False, default=str)
    if isinstance(value, list) and len(value) > 3:
        text = f"[{len(value)} items] " + text
    return text if len(text) <= width else text[: width - 1] + "…"


def state_change(before: dict[str, Any], update: dict[str, Any] | None) -> list[str]:
    """'field: old → new' for every field an update changed (unchanged fields are omitted)."""
    lines = []
    for key, new in (update or {}).items():
        old = before.get(key, None)
        if key in before and old == new:
            continue
        arrow = f"{compact(old, 40)} → " if key in before and old not in (None, [], {}, "") else ""
        lines.append(f"  {key}: {arrow}{compact(new, WIDTH - len(arrow))}")
    return lines or ["  (no change)"]


class DebugSession:
    """One thread: a paused graph (interrupt before every node) and an unpaused twin for `continue`."""

    def __init__(self, saver: Any, variant: str, thread_id: str, stdin: TextIO, stdout: TextIO):
        from hgrag.graphs.scholar_qa import build_qa_graph, build_state_graph

        steps = [n for n in build_state_graph(variant).nodes if n not in ("resolve", "respond")]  # turn bookkeeping runs through
        self.paused = build_qa_graph(variant, checkpointer=saver, interrupt_before=steps)
        self.running = build_qa_graph(variant, checkpointer=saver)
        self.thread_id = thread_id
        self.config: dict[str, Any] = {"configurable": {"thread_id": thread_id}}
        self.stdin, self.stdout = stdin, stdout
        self.context = Context()
        self.replay_from: dict[str, Any] | None = None  # a checkpoint's config until the first step

    def say(self, text: str = "", end: str = "\n") -> None:
        self.stdout.write(text + end)
        self.stdout.flush()

    # -- starting and attaching ----------------------------------------------------------------
    def start(self, question: Any, context: Context) -> None:
        if self.paused.get_state(self.config).values:
            raise InputError(f"thread {self.thread_id!r} already exists; resume it with --thread alone")
        question = check_question(question)
        self.context = context
        settings = {k: v for k, v in asdict(context).items() if k != "api_key"}
        self.config["metadata"] = {CONTEXT_KEY: settings}
        self.say(f"thread {self.thread_id} (resume later: hgrag debug --thread {self.thread_id})")
        self.paused.invoke({"question": question, "dataset": context.dataset}, self.config, context=context)

    def attach(self, checkpoint: int | None) -> None:
        history = self.history()
        if not history:
            raise InputError(f"no thread {self.thread_id!r} in the thread database; start one with a question")
        settings = next((h.metadata[CONTEXT_KEY] for h in history if CONTEXT_KEY in (h.metadata or {})), {})
        self.context = check_context(Context(**settings))
        self.config["metadata"] = {CONTEXT_KEY: settings}
        if checkpoint is not None:
            if not 0 <= checkpoint < len(history):
                raise InputError(f"--from-checkpoint must be between 0 and {len(history) - 1}, got {checkpoint}")
            self.replay_from = history[checkpoint].config
            self.say(f"thread {self.thread_id}: replaying from checkpoint {checkpoint}")
        else:
            self.say(f"thread {self.thread_id}: resumed at checkpoint {len(history) - 1}")

    def history(self) -> list[Any]:
        """The thread's checkpoints, oldest first (index = checkpoint number)."""
        return list(reversed(list(self.paused.get_state_history({"configurable": {"thread_id": self.thread_id}}))))

    def show_history(self) -> None:
        """One line per checkpoint; a checkpoint whose parent is not the line above says where it
        branches from (a replay with --from-checkpoint, or a run forked elsewhere)."""
        history = self.history()
        numbers = {_checkpoint_id(s.config): n for n, s in enumerate(history)}
        for number, snapshot in enumerate(history):
            source = (snapshot.metadata or {}).get("source", "")
            parent = numbers.get(_checkpoint_id(snapshot.parent_config))
            branch = f"  (branch from {parent})" if parent is not None and parent != number - 1 else ""
            self.say(f"{number:>3}  next={','.join(snapshot.next) or 'END':<18} {source:<6} "
                     f"{(snapshot.values or {}).get('answer') or ''}{branch}")

    # -- the command loop ------------------------------------------------------------------------
    def snapshot(self) -> Any:
        return self.paused.get_state(self.replay_from or self.config)

    def loop(self, run_on: bool = False) -> int:
        if not run_on:
            self.say(HELP)
        while True:
            snapshot = self.snapshot()
            if not snapshot.next:
                return self.finish(snapshot.values)
            if run_on:
                self.advance(self.running)
                continue
            self.say(f"next: {snapshot.next[0]}")
            self.say(PROMPT, end="")
            line = self.stdin.readline()
            if not line:  # end of input: leave the thread paused
                return self.quit()
            if not self.command(line.strip(), snapshot):
                return self.quit()

    def command(self, line: str, snapshot: Any) -> bool:
        """Run one prompt command; False means quit."""
        verb, _, rest = line.partition(" ")
        verb = verb.lower()
        if verb in ("", "s", "step"):
            self.advance(self.paused)
        elif verb in ("c", "continue"):
            self.advance(self.running)
        elif verb in ("e", "edit"):
            self.edit(rest)
        elif verb in ("p", "print"):
            field = rest.strip()
            self.say(json.dumps(snapshot.values.get(field), ensure_ascii=False, indent=1, default=str)
                     if field else "\n".join(f"  {k}: {compact(v)}" for k, v in snapshot.values.items()))
        elif verb in ("h", "history"):
            self.show_history()
        elif verb in ("q", "quit", "exit"):
            return False
        else:
            self.say(f"unknown command {verb!r}; {HELP}")
        return True

    def advance(self, graph: Any) -> None:
        """Run until the next pause (or the end), printing each node's state change."""
        config = self.replay_from or self.config
        if self.replay_from is not None:
            config = {**config, "metadata": self.config.get("metadata", {})}
        before = dict(self.snapshot().values)
        self.replay_from = None  # after one step the fork is the thread's newest checkpoint
        try:
            for chunk in graph.stream(None, config, context=self.context, stream_mode="updates"):
                for node, update in chunk.items():
                    if node.startswith("__"):
                        continue
                    self.say(f"[{node}]")
                    for line in state_change(before, update):
                        self.say(line)
                    before.update(update or {})
        except HgragError as exc:
            raise InputError(f"{exc} (thread {self.thread_id} kept at its last checkpoint)") from None
        except sqlite3.Error:
            raise  # the thread database itself failed: reported by open_checkpointer
        except Exception as exc:  # a node failed on edited state: report it, keep the thread usable
            raise InputError(f"a node failed ({type(exc).__name__}: {exc}); thread {self.thread_id} "
                             f"is kept at its last checkpoint: replay with --from-checkpoint") from None

    def edit(self, rest: str) -> None:
        field, _, raw = rest.strip().partition(" ")
        if field not in editable_fields():
            self.say(f"cannot edit {field!r}; fields: {', '.join(editable_fields())}")
            return
        try:
            value = json.loads(raw)
        except ValueError:
            value = raw  # bare text is taken as a string
        problem = edit_problem(field, value)
        if problem:
            self.say(f"cannot set {field}: {problem}")
            return
        target = self.replay_from or self.config
        new_config = self.paused.update_state(target, {field: value})
        self.replay_from = None if self.replay_from is None else new_config
        self.say(f"  {field} := {compact(value)}")

    def finish(self, values: dict[str, Any]) -> int:
        self.say(f"done. answer: {values.get('answer_text') or values.get('error') or ''}")
        self.say(f"  answer={json.dumps(values.get('answer'), ensure_ascii=False)} "
                 f"verified={values.get('verified')} thread={self.thread_id}")
        if values.get("error"):
            print(f"hgrag: error: {values['error']}", file=sys.stderr, flush=True)
            return 2
        return 0

    def quit(self) -> int:
        self.say(f"paused; resume with: hgrag debug --thread {self.thread_id}")
        return 0


def _checkpoint_id(config: dict[str, Any] | None) -> str | None:
    return ((config or {}).get("configurable") or {}).get("checkpoint_id")


def edit_problem(field: str, value: Any) -> str | None:
    """Why `value` cannot go into `field` (None when it can): limits as in Context, else the JSON type."""
    if field in LIMIT_FIELDS:
        problems = Context(**{field: value}).problems()
        return problems[0].split(": ", 1)[1] if problems else None
    from hgrag.state.qa_state import QAState

    hint = get_type_hints(QAState)[field]
    wanted = get_origin(hint) or hint
    if wanted in (list, dict, str, bool) or (isinstance(wanted, type) and issubclass(wanted, dict)):
        kind = dict if isinstance(wanted, type) and issubclass(wanted, dict) else wanted
        return None if isinstance(value, kind) else f"expected JSON {kind.__name__}, got {type(value).__name__}"
    if wanted in (int, float):
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
        return None if ok and (wanted is float or isinstance(value, int)) else f"expected a {wanted.__name__}"
    return None
