"""A `langgraph dev` subprocess on a free loopback port, with its log kept for inspection."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from hgrag.tools.datasets import REPO_ROOT

STARTUP_ATTEMPTS = 180  # one probe per second at most; no timing is asserted


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class DevServer:
    def __init__(self, workdir: Path, home: Path, datasets: Path):
        self.log = workdir / "server.log"
        port = free_port()
        self.url = f"http://127.0.0.1:{port}"
        env = {**os.environ, "LANGGRAPH_CLI_NO_ANALYTICS": "1", "HGRAG_HOME": str(home),
               "HGRAG_DATASETS": str(datasets), "HF_HUB_OFFLINE": "1", "TOKENIZERS_PARALLELISM": "false"}
        command = [str(Path(sys.executable).parent / "langgraph"), "dev", "--config", str(REPO_ROOT / "langgraph.json"),
                   "--host", "127.0.0.1", "--port", str(port), "--no-browser", "--no-reload"]
        with self.log.open("wb") as sink:
            self.process = subprocess.Popen(command, cwd=workdir, env=env, stdout=sink, stderr=subprocess.STDOUT,
                                            start_new_session=True)

    def wait_until_ok(self) -> None:
        for _ in range(STARTUP_ATTEMPTS):
            if self.process.poll() is not None:
                pytest.fail(f"langgraph dev exited with {self.process.returncode}:\n{self.log_text()[-3000:]}")
            try:
                if httpx.get(f"{self.url}/ok", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(1)
        pytest.fail(f"langgraph dev never answered /ok:\n{self.log_text()[-3000:]}")

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")

    def stop(self) -> None:
        """Terminate the server's own process group (started with start_new_session)."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, 15)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, 9)
                self.process.wait()
