"""`langgraph dev` serves the QA graph from langgraph.json; a client runs a question on a thread."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Iterator

import httpx
import pytest

from tiny_raw import RawPaper, norm_set, pick_paper, read_openalex

from hgrag.tools.datasets import REPO_ROOT

pytestmark = pytest.mark.integration

DATASET = "openalex-tiny"
STARTUP_ATTEMPTS = 180  # one probe per second at most; no timing is asserted


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_until_ok(url: str, process: subprocess.Popen, log: Path) -> None:
    for _ in range(STARTUP_ATTEMPTS):
        if process.poll() is not None:
            pytest.fail(f"langgraph dev exited with {process.returncode}:\n{log.read_text()[-3000:]}")
        try:
            if httpx.get(f"{url}/ok", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(1)
    pytest.fail(f"langgraph dev never answered /ok:\n{log.read_text()[-3000:]}")


@pytest.fixture(scope="module")
def server_url(tmp_path_factory: pytest.TempPathFactory, session_hgrag_home: Path,
               datasets_dir: Path) -> Iterator[str]:
    """A `langgraph dev` subprocess on a free loopback port; always terminated afterwards."""
    workdir = tmp_path_factory.mktemp("langgraph_dev")
    log = workdir / "server.log"
    port = free_port()
    env = {**os.environ, "LANGGRAPH_CLI_NO_ANALYTICS": "1", "HGRAG_HOME": str(session_hgrag_home),
           "HGRAG_DATASETS": str(datasets_dir), "HF_HUB_OFFLINE": "1", "TOKENIZERS_PARALLELISM": "false"}
    command = [str(Path(sys.executable).parent / "langgraph"), "dev", "--config", str(REPO_ROOT / "langgraph.json"),
               "--host", "127.0.0.1", "--port", str(port), "--no-browser", "--no-reload"]
    with log.open("wb") as sink:
        process = subprocess.Popen(command, cwd=workdir, env=env, stdout=sink, stderr=subprocess.STDOUT,
                                   start_new_session=True)
    try:
        url = f"http://127.0.0.1:{port}"
        wait_until_ok(url, process, log)
        yield url
    finally:
        stop(process)


def stop(process: subprocess.Popen) -> None:
    """Terminate the server's own process group (started with start_new_session)."""
    if process.poll() is None:
        os.killpg(process.pid, 15)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, 9)
            process.wait()


@pytest.fixture(scope="module")
def paper(datasets_dir: Path) -> RawPaper:
    return pick_paper(read_openalex(datasets_dir / "openalex" / "tiny"))


def test_graph_is_registered(server_url: str) -> None:
    from langgraph_sdk import get_sync_client

    client = get_sync_client(url=server_url)
    graph_ids = {a["graph_id"] for a in client.assistants.search(limit=20)}
    assert "scholar_qa" in graph_ids


def test_run_on_a_thread_returns_the_answer(server_url: str, paper: RawPaper) -> None:
    from langgraph_sdk import get_sync_client

    client = get_sync_client(url=server_url)
    thread = client.threads.create()
    output = client.runs.wait(thread["thread_id"], "scholar_qa", input={"question": f'Who wrote "{paper.title}"?'},
                              context={"dataset": DATASET})
    expected = norm_set([name for _, name in paper.authors])
    assert norm_set(output["answer"]) == expected, output
    assert output["verified"] is True and output["query_type"] == "relation"
    state = client.threads.get_state(thread["thread_id"])
    assert norm_set(state["values"]["answer"]) == expected
    assert state["next"] == []


def test_bad_question_ends_with_an_error_in_state(server_url: str) -> None:
    from langgraph_sdk import get_sync_client

    client = get_sync_client(url=server_url)
    thread = client.threads.create()
    output = client.runs.wait(thread["thread_id"], "scholar_qa", input={"question": "   "},
                              context={"dataset": DATASET})
    assert output["error"] == "the question is empty" and output["answer"] == []
