"""`hgrag debug` from a terminal pipe: step, edit, quit, resume in a new process, replay from a
checkpoint, and a thread killed with SIGKILL mid-run that resumes to the same final answer."""

from __future__ import annotations

import json
import uuid
from pathlib import Path

import pytest

from cli_session import Session, run_hgrag
from tiny_raw import RawPaper, norm_set, pick_paper, read_openalex

pytestmark = pytest.mark.integration
DATASET = "openalex-tiny"
PROMPT = "debug> "


@pytest.fixture(scope="module")
def paper(datasets_dir: Path) -> RawPaper:
    return pick_paper(read_openalex(datasets_dir / "openalex" / "tiny"))


@pytest.fixture(scope="module")
def home(session_hgrag_home: Path) -> Path:
    """The session cache (tiny graph built once), shared with the child processes."""
    return session_hgrag_home


def question(paper: RawPaper) -> str:
    return f'Who wrote "{paper.title}"?'


def final_answer(output: str) -> set[str]:
    line = next(l for l in output.splitlines() if l.strip().startswith("answer=["))
    return norm_set(json.loads(line.split("answer=", 1)[1].split(" verified=")[0]))


def test_step_quit_then_resume_in_a_new_process(home: Path, paper: RawPaper) -> None:
    session = run_hgrag(home, "debug", question(paper), "--dataset", DATASET, "--thread", "piped-1",
                        stdin="s\ns\np query_type\nq\n")
    assert session.returncode == 0, session.stderr
    out = session.stdout
    assert "[plan]" in out and "[retrieve]" in out and "[generate]" not in out
    assert "plan: relation: paper → author" in out and '"relation"' in out
    assert "next: score_sufficiency" in out and "resume with: hgrag debug --thread piped-1" in out
    resumed = run_hgrag(home, "debug", "--thread", "piped-1", "--continue")
    assert resumed.returncode == 0, resumed.stderr
    assert "[plan]" not in resumed.stdout and "[validate]" in resumed.stdout
    assert final_answer(resumed.stdout) == norm_set([name for _, name in paper.authors])
    assert "Traceback" not in session.stderr + resumed.stderr


def test_thread_killed_mid_run_resumes_to_the_same_answer(home: Path, paper: RawPaper) -> None:
    asked = run_hgrag(home, "ask", question(paper), "--dataset", DATASET, "--json")
    assert asked.returncode == 0, asked.stderr
    expected = norm_set(json.loads(asked.stdout)["answer"])
    session = Session(home, "debug", question(paper), "--dataset", DATASET, "--thread", "killed-1")
    session.until(PROMPT)           # paused before plan
    session.send("s")
    assert "[plan]" in session.until(PROMPT)
    session.send("s")
    assert "[retrieve]" in session.until(PROMPT)  # the retrieve checkpoint is committed
    assert session.kill() == -9
    history = run_hgrag(home, "debug", "--thread", "killed-1", "--history")
    assert "next=score_sufficiency" in history.stdout, history.stdout + history.stderr
    resumed = run_hgrag(home, "debug", "--thread", "killed-1", "--continue")
    assert resumed.returncode == 0, resumed.stderr
    assert "[score_sufficiency]" in resumed.stdout and "[retrieve]" not in resumed.stdout
    assert final_answer(resumed.stdout) == expected == norm_set([n for _, n in paper.authors])


def test_bad_edits_are_refused_and_the_run_still_ends_right(home: Path, paper: RawPaper) -> None:
    result = run_hgrag(home, "debug", question(paper), "--dataset", DATASET, "--thread", "edits-1",
                       stdin='s\ne sufficiency_threshold "high"\ne answer 5\ne nosuchfield 1\nbogus\nc\n')
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "cannot set sufficiency_threshold: must be a number in [0, 1]" in out
    assert "cannot set answer: expected JSON list" in out and "cannot edit 'nosuchfield'" in out
    assert "unknown command 'bogus'" in out and not result.stderr
    assert final_answer(out) == norm_set([n for _, n in paper.authors])


@pytest.fixture(scope="module")
def finished_thread(home: Path, paper: RawPaper) -> str:
    thread = f"replay-{uuid.uuid4().hex[:8]}"  # a module fixture may run again in a shared home (xdist)
    done = run_hgrag(home, "debug", question(paper), "--dataset", DATASET, "--thread", thread, "--continue")
    assert done.returncode == 0, done.stderr
    return thread


def test_replay_from_a_checkpoint_with_an_edited_answer(home: Path, paper: RawPaper, finished_thread: str) -> None:
    listing = run_hgrag(home, "debug", "--thread", finished_thread, "--history").stdout.splitlines()
    before_validate = next(int(l.split()[0]) for l in listing if "next=validate" in l)
    wrong = "Zorblax Quintavious-Marmaduke"
    replay = run_hgrag(home, "debug", "--thread", finished_thread, "--from-checkpoint", str(before_validate),
                       stdin=f'e answer ["{wrong}"]\ns\nc\n')
    assert replay.returncode == 0, replay.stderr
    assert f"replaying from checkpoint {before_validate}" in replay.stdout
    assert f"Not supported by the graph: {wrong}" in replay.stdout  # the edit was validated and rejected
    assert "regenerations: 0 → 1" in replay.stdout
    assert final_answer(replay.stdout) == norm_set([n for _, n in paper.authors])


@pytest.mark.parametrize("args, message", [
    (("debug", "--thread", "never-started"), "no thread 'never-started'"),
    (("debug", "--thread", "{done}", "--from-checkpoint", "999"), "--from-checkpoint must be between"),
    (("debug",), "give a question"),
    (("debug", "Who wrote 'X'?", "--thread", "{done}"), "already exists"),
    (("debug", b"Who wrote '\xff'?".decode("utf-8", "surrogateescape"), "--dataset", DATASET), "not valid UTF-8"),
    (("debug", "Who wrote 'X'?", "--variant", "nope"), "unknown variant"),
])
def test_debug_rejects_bad_use_with_one_line(home: Path, finished_thread: str, args, message: str) -> None:
    result = run_hgrag(home, *[a.replace("{done}", finished_thread) for a in args])
    assert result.returncode == 2, result.stdout + result.stderr
    assert message in result.stderr and result.stderr.count("\n") == 1, result.stderr


def test_a_python_api_thread_is_durable_and_visible_to_debug(home: Path, paper: RawPaper) -> None:
    import subprocess
    import sys

    from cli_session import hgrag_env

    code = ("import json, sys; from hgrag.graphs.api import ask; "
            "print(json.dumps(ask(sys.argv[1], 'openalex-tiny', thread_id='api-1')['answer']))")
    child = subprocess.run([sys.executable, "-c", code, question(paper)], env=hgrag_env(home),
                           capture_output=True, text=True, timeout=600)
    assert child.returncode == 0, child.stderr
    expected = norm_set([n for _, n in paper.authors])
    assert norm_set(json.loads(child.stdout)) == expected
    listing = run_hgrag(home, "debug", "--thread", "api-1", "--history")
    assert listing.returncode == 0 and "next=END" in listing.stdout.splitlines()[-1], listing.stdout
    resumed = run_hgrag(home, "debug", "--thread", "api-1", "--continue")  # finished: prints the answer
    assert final_answer(resumed.stdout) == expected
