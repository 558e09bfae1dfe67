"""Issue 23 items 11 and 12 (FalkorDB): one loader per graph, a load another writer disturbed is
never marked complete, `--rebuild` of the database leaves the embedded cache alone, a graph name
with a typo is not bulk-loaded silently, port 0 is refused."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from cli_session import HGRAG, SAFETY_SECONDS, hgrag_env, run_hgrag

from hgrag.tools import cache
from hgrag.tools.errors import DatasetError, InputError
from hgrag.tools.falkordb_load import load_networkx, load_rows, networkx_rows, read_meta
from hgrag.tools.falkordb_store import FalkorDBGraphStore, parse_graph_url
from hgrag.tools.resources import load_graph

pytestmark = [pytest.mark.integration, pytest.mark.faults]
DATASET = "openalex-tiny"


@pytest.fixture(scope="module")
def embedded(session_hgrag_home: Path):
    return load_graph(DATASET)


def database_counts(url: str) -> tuple[int, int]:
    store = FalkorDBGraphStore.connect(url)
    return sum(store.node_counts().values()), sum(store.edge_counts().values())


def expected_counts(embedded) -> tuple[int, int]:
    return sum(embedded.store.node_counts().values()), sum(embedded.store.edge_counts().values())


def test_concurrent_loads_of_one_graph_load_it_once_and_completely(falkordb_server, session_hgrag_home: Path,
                                                                   embedded) -> None:
    url = falkordb_server.url("concurrent")
    procs = [subprocess.Popen([HGRAG, "build", "--dataset", DATASET, "--graph", url, "--rebuild", "--quiet"],
                              env=hgrag_env(session_hgrag_home), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True) for _ in range(3)]
    outputs = [p.communicate(timeout=SAFETY_SECONDS) for p in procs]
    assert [p.returncode for p in procs] == [0, 0, 0], outputs
    assert all("Traceback" not in err for _, err in outputs)
    assert database_counts(url) == expected_counts(embedded)
    assert read_meta(FalkorDBGraphStore.connect(url).graph)["cache_key"] == embedded.cache_dir.name


class NoDelete:
    """A graph handle whose delete does nothing: what a second loader's rows look like to the first."""

    def __init__(self, graph):
        self.graph = graph

    def delete(self) -> None:
        pass

    def query(self, *args, **kwargs):
        return self.graph.query(*args, **kwargs)


def test_a_load_another_writer_disturbed_is_never_marked_complete(falkordb_server, embedded) -> None:
    graph = FalkorDBGraphStore.connect(falkordb_server.url("disturbed")).graph
    nodes, edges = networkx_rows(embedded.store)
    load_rows(graph, nodes, edges)  # another loader's rows, already there
    with pytest.raises(DatasetError) as raised:
        load_networkx(NoDelete(graph), embedded.store, {"dataset": DATASET})
    assert "not marked complete" in str(raised.value) and "\n" not in str(raised.value)
    assert read_meta(graph) is None


def test_rebuilding_the_database_keeps_the_embedded_cache(falkordb_server, session_hgrag_home: Path,
                                                          embedded) -> None:
    url = falkordb_server.url("rebuilt")
    first = run_hgrag(session_hgrag_home, "build", "--dataset", DATASET, "--graph", url, "--quiet")
    assert first.returncode == 0, first.stderr
    meta_file = embedded.cache_dir / cache.META_FILE
    before = (meta_file.read_bytes(), (embedded.cache_dir / cache.GRAPH_FILE).stat().st_mtime_ns)
    again = run_hgrag(session_hgrag_home, "build", "--dataset", DATASET, "--graph", url, "--rebuild", "--quiet")
    assert again.returncode == 0 and "built in" in again.stdout and not again.stderr, again.stderr
    assert (meta_file.read_bytes(), (embedded.cache_dir / cache.GRAPH_FILE).stat().st_mtime_ns) == before
    assert database_counts(url) == expected_counts(embedded)


def test_a_graph_name_that_was_never_loaded_is_refused_not_copied(falkordb_server,
                                                                   session_hgrag_home: Path) -> None:
    url = falkordb_server.url("typo")
    asked = run_hgrag(session_hgrag_home, "ask", "Who wrote 'X'?", "--dataset", DATASET, "--graph", url)
    assert asked.returncode == 2 and asked.stderr.count("\n") == 1, asked.stderr
    assert "holds no loaded graph; load it with: hgrag build --dataset openalex-tiny --graph" in asked.stderr
    from falkordb import FalkorDB

    assert "typo" not in FalkorDB(host="127.0.0.1", port=falkordb_server.port).list_graphs()  # nothing copied


@pytest.mark.parametrize("url", ["falkordb://127.0.0.1:0/g", "falkordb://127.0.0.1:0/"])
def test_port_zero_is_refused(url: str) -> None:
    with pytest.raises(InputError, match="bad port 0"):
        parse_graph_url(url)


def test_a_reader_of_a_graph_another_process_deleted_gets_a_one_line_error(falkordb_server, session_hgrag_home: Path,
                                                                        embedded) -> None:
    url = falkordb_server.url("vanishing")
    assert run_hgrag(session_hgrag_home, "build", "--dataset", DATASET, "--graph", url, "--quiet").returncode == 0
    reader = FalkorDBGraphStore.connect(url)
    FalkorDBGraphStore.connect(url).graph.delete()  # what a concurrent --rebuild does first
    with pytest.raises(DatasetError) as raised:
        reader.edge_counts()
    assert "another process" in str(raised.value) and "\n" not in str(raised.value)
