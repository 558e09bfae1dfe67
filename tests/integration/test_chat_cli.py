"""`hgrag chat` under a pipe and under a terminal (pty), a thread continued by another process, and
`hgrag eval` asking thread lines in order in one thread. Expected answers come from tests/tiny_raw.py."""

from __future__ import annotations

import json
import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest

from cli_session import HGRAG, SAFETY_SECONDS, Session, hgrag_env, run_hgrag
from tiny_raw import norm, pick_paper, read_openalex

pytestmark = pytest.mark.integration
DATASET = "openalex-tiny"


@pytest.fixture(scope="module")
def paper(datasets_dir: Path, session_hgrag_home: Path):
    return pick_paper(read_openalex(datasets_dir / "openalex" / "tiny"))


def test_chat_under_a_pipe_then_the_thread_in_another_process(session_hgrag_home: Path, paper) -> None:
    session = Session(session_hgrag_home, "chat", "--dataset", DATASET, "--thread", "piped-chat")
    session.until("you> ")
    session.send(f"Who wrote '{paper.title}'?")
    first = session.until("you> ")
    session.send("/evidence")
    evidence = session.until("you> ")
    session.send("/quit")
    assert session.process.wait(timeout=SAFETY_SECONDS) == 0
    assert all(norm(name) in norm(first) for _, name in paper.authors)
    assert "evidence:" in evidence and "verified: True" in evidence
    from hgrag.graphs.api import ask  # a second process (this one) continues the thread from threads.sqlite

    follow = ask("When was it published?", DATASET, thread_id="piped-chat")
    assert follow["answer"] == [str(paper.year)] and "'it' = " in follow["interpretation"]


def test_chat_in_a_terminal_and_new_threads(session_hgrag_home: Path, paper) -> None:
    leader, follower = pty.openpty()
    process = subprocess.Popen([HGRAG, "chat", "--dataset", DATASET], stdin=follower, stdout=follower, stderr=follower,
                               env=hgrag_env(session_hgrag_home), start_new_session=True)
    os.close(follower)
    lines = f"Who wrote '{paper.title}'?\n/new\nWhen was it published?\n/quit\n"
    os.write(leader, lines.encode())
    output = b""
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:  # the terminal closed when hgrag exited
            break
        if not chunk:
            break
        output += chunk
    assert process.wait(timeout=SAFETY_SECONDS) == 0
    text = output.decode("utf-8", "replace")
    assert "new thread chat-" in text and all(norm(name) in norm(text) for _, name in paper.authors)
    after_new = text.split("new thread", 1)[1]
    assert str(paper.year) not in after_new.split("you>")[1]  # a new thread has nothing for 'it' to refer to


def test_eval_asks_thread_lines_in_order(session_hgrag_home: Path, tmp_path: Path, paper) -> None:
    rows = [{"id": "b", "thread": "x", "turn": 2, "question": "When was it published?", "answer": [str(paper.year)],
             "type": "pronoun"},
            {"id": "s", "question": f"Who wrote '{paper.title}'?", "answer": [n for _, n in paper.authors],
             "type": "opening"},
            {"id": "a", "thread": "x", "turn": 1, "question": f"Who wrote '{paper.title}'?",
             "answer": [n for _, n in paper.authors], "type": "opening"}]
    questions, out = tmp_path / "q.jsonl", tmp_path / "p.jsonl"
    questions.write_text("".join(json.dumps(r) + "\n" for r in rows))
    result = run_hgrag(session_hgrag_home, "eval", "--dataset", DATASET, "--questions", str(questions), "--out",
                       str(out), "--no-progress", "--json")
    assert result.returncode == 0, result.stderr
    predictions = [json.loads(line) for line in out.read_text().splitlines()]
    assert [p["id"] for p in predictions] == ["a", "b", "s"] and all(p["correct"] for p in predictions)
    summary = json.loads(result.stdout[result.stdout.index("{"):])
    assert summary["metrics"]["by_type"]["pronoun"]["accuracy"] == 1.0
