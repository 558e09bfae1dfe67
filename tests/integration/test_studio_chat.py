"""Studio's chat view on `scholar_qa`: a 3-turn thread through `langgraph dev` and `langgraph_sdk`
(messages in, one AI message out per run; follow-ups read the thread's earlier turns)."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pytest

from langgraph_server import DevServer
from tiny_raw import RawPaper, norm, norm_set, pick_paper, read_openalex

pytestmark = pytest.mark.integration
DATASET = "openalex-tiny"


@pytest.fixture(scope="module")
def server_url(tmp_path_factory: pytest.TempPathFactory, session_hgrag_home: Path, datasets_dir: Path) -> Iterator[str]:
    server = DevServer(tmp_path_factory.mktemp("langgraph_chat"), session_hgrag_home, datasets_dir)
    try:
        server.wait_until_ok()
        yield server.url
    finally:
        server.stop()


@pytest.fixture(scope="module")
def paper(datasets_dir: Path) -> RawPaper:
    return pick_paper(read_openalex(datasets_dir / "openalex" / "tiny"))


def say(client, thread: str, text: str) -> dict:
    return client.runs.wait(thread, "scholar_qa", input={"messages": [{"role": "human", "content": text}]},
                            context={"dataset": DATASET})


def test_a_three_turn_chat_thread(server_url: str, paper: RawPaper) -> None:
    from langgraph_sdk import get_sync_client

    client = get_sync_client(url=server_url)
    thread = client.threads.create()["thread_id"]
    first = say(client, thread, f"Who wrote '{paper.title}'?")
    second = say(client, thread, "When was it published?")
    third = say(client, thread, "Which papers did the first one write?")
    assert norm_set(first["answer"]) == norm_set(n for _, n in paper.authors)
    assert second["answer"] == [str(paper.year)] and "'it' = " in second["interpretation"]
    if norm(first["answer"][0]) == norm(paper.authors[0][1]):  # first in the list and first on the paper
        assert paper.title.rstrip(".") in " ".join(third["answer"]) or norm_set([paper.title]) <= norm_set(third["answer"])
        assert "'the first one' = " in third["interpretation"]
    else:  # the list's first is not the paper's first author: asked back, never guessed
        assert third["answer"] == [] and paper.authors[0][1] in third["clarification"]
    messages = client.threads.get_state(thread)["values"]["messages"]
    assert [m["type"] for m in messages] == ["human", "ai"] * 3
    assert [m["content"] for m in messages if m["type"] == "ai"] == [r["answer_text"] for r in (first, second, third)]
