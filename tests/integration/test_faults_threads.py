"""Issue 23 item 9: the thread database damaged or locked is one line; a reused thread id starts a
clean run; one process at a time runs a thread, and `--history` shows where a thread branches."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from cli_session import run_hgrag
from tiny_raw import RawPaper, pick_paper, read_openalex

from hgrag.graphs import api
from hgrag.graphs.thread_guard import thread_lock

pytestmark = [pytest.mark.integration, pytest.mark.faults]
DATASET = "openalex-tiny"


@pytest.fixture(scope="module")
def paper(datasets_dir: Path) -> RawPaper:
    return pick_paper(read_openalex(datasets_dir / "openalex" / "tiny"))


def one_error_line(result, fragment: str) -> None:
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert fragment in result.stderr and result.stderr.count("\n") == 1, result.stderr
    assert "Traceback" not in result.stderr


def damage_pages(database: Path) -> None:
    with database.open("r+b") as handle:  # keep the header page, overwrite the b-tree pages after it
        handle.seek(4096 * 2)
        handle.write(bytes(range(256)) * 48)


def test_damaged_pages_are_one_line_everywhere(session_hgrag_home: Path, tmp_path: Path, paper: RawPaper,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "home"
    home.mkdir()
    for entry in session_hgrag_home.iterdir():  # the tiny graph, built once for the session
        if entry.is_dir():
            os.symlink(entry, home / entry.name)
    monkeypatch.setenv("HGRAG_HOME", str(home))
    for number in range(4):
        assert not api.ask(f'Who wrote "{paper.title}"?', DATASET, thread_id=f"t{number}")["error"]
    api._close_thread_graphs()  # the last connection closed: the WAL is written back into the file
    database = home / "threads.sqlite"
    assert database.stat().st_size > 4096 * 5
    damage_pages(database)
    one_error_line(run_hgrag(home, "debug", "--thread", "t1", "--history"), "thread database")
    one_error_line(run_hgrag(home, "debug", "Who wrote 'X'?", "--dataset", DATASET, "--continue"),
                   "thread database")
    assert "thread database" in api.ask("Who wrote 'X'?", DATASET, thread_id="t9")["error"]


def test_a_database_locked_past_the_busy_timeout_is_one_line(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HGRAG_HOME", str(tmp_path))
    monkeypatch.setattr(api, "SQLITE_BUSY_SECONDS", 0.05)  # stands for the 60 s another process holds it
    with api.open_checkpointer():
        pass  # create the tables
    holder = sqlite3.connect(str(tmp_path / "threads.sqlite"))
    holder.execute("BEGIN EXCLUSIVE")
    try:
        result = api.ask("Who wrote 'X'?", DATASET, thread_id="busy")
    finally:
        holder.rollback()
        holder.close()
    assert "stayed locked by another process" in result["error"] and result["answer"] == []


def test_a_reused_thread_id_starts_a_clean_run(session_hgrag_home: Path, paper: RawPaper) -> None:
    first = api.ask(f'Who wrote "{paper.title}"?', DATASET, thread_id="reused-1")
    assert not first["error"] and "consistency_score" in first
    for second_question in ("How many papers cite themselves twice?", "Which venue published nothing?"):
        again = api.ask(second_question, DATASET, thread_id="reused-1")
        fresh = api.ask(second_question, DATASET)
        keys = ("answer", "regenerations", "expansions", "verified", "consistency_score", "query_type", "error")
        assert {k: again.get(k) for k in keys} == {k: fresh.get(k) for k in keys}
    failed = api.ask("   ", DATASET, thread_id="reused-1")
    assert failed["error"] and not failed["verified"] and failed["query_type"] is None


def test_one_process_at_a_time_runs_a_thread(session_hgrag_home: Path, paper: RawPaper) -> None:
    home = session_hgrag_home
    paused = run_hgrag(home, "debug", f'Who wrote "{paper.title}"?', "--dataset", DATASET,
                       "--thread", "shared-1", stdin="q\n")
    assert paused.returncode == 0, paused.stderr
    with thread_lock("shared-1"):  # as another process continuing it would hold it
        one_error_line(run_hgrag(home, "debug", "--thread", "shared-1", "--continue"),
                       "thread 'shared-1' is being run by another process")
        assert run_hgrag(home, "debug", "--thread", "shared-1", "--history").returncode == 0  # reading is fine
        assert "being run by another process" in api.ask("Who wrote 'X'?", DATASET, thread_id="shared-1")["error"]
    done = run_hgrag(home, "debug", "--thread", "shared-1", "--continue")
    assert done.returncode == 0 and "[validate]" in done.stdout, done.stderr


def test_history_shows_where_a_thread_branches(session_hgrag_home: Path, paper: RawPaper) -> None:
    home = session_hgrag_home
    done = run_hgrag(home, "debug", f'Who wrote "{paper.title}"?', "--dataset", DATASET,
                     "--thread", "forked-1", "--continue")
    assert done.returncode == 0, done.stderr
    replay = run_hgrag(home, "debug", "--thread", "forked-1", "--from-checkpoint", "2", "--continue")
    assert replay.returncode == 0, replay.stderr
    listing = run_hgrag(home, "debug", "--thread", "forked-1", "--history").stdout.splitlines()
    branches = [line for line in listing if "(branch from 2)" in line]
    assert len(branches) == 1 and len(listing) > int(branches[0].split()[0]) > 3, listing


def test_an_empty_thread_id_is_refused(session_hgrag_home: Path) -> None:
    one_error_line(run_hgrag(session_hgrag_home, "debug", "Who wrote 'X'?", "--thread", ""),
                   "--thread must name a thread")
