"""Run `hgrag` as a subprocess: one-shot commands, and an interactive session driven through a pipe
(waiting for the `debug>` prompt by content, never by time; the timeouts are only safety bounds)."""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
from pathlib import Path

HGRAG = str(Path(sys.executable).parent / "hgrag")
SAFETY_SECONDS = 600  # a hung child fails the test instead of hanging CI; nothing is timed


def hgrag_env(home: Path, **extra: str) -> dict[str, str]:
    return {**os.environ, "HGRAG_HOME": str(home), "HF_HUB_OFFLINE": "1", "TOKENIZERS_PARALLELISM": "false",
            "OMP_NUM_THREADS": "1", **extra}


def run_hgrag(home: Path, *args: str | bytes, stdin: str | None = None, **extra: str) -> subprocess.CompletedProcess:
    return subprocess.run([HGRAG, *args], env=hgrag_env(home, **extra), input=stdin, capture_output=True,
                          text=True, errors="replace", timeout=SAFETY_SECONDS)


class Session:
    """An `hgrag` child with piped stdin/stdout; `until(marker)` returns output up to the marker."""

    def __init__(self, home: Path, *args: str, **extra: str):
        self.process = subprocess.Popen([HGRAG, *args], env=hgrag_env(home, **extra), stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
        self.chunks: queue.Queue[bytes] = queue.Queue()
        self.buffer = ""
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self) -> None:
        while chunk := os.read(self.process.stdout.fileno(), 4096):
            self.chunks.put(chunk)
        self.chunks.put(b"")

    def until(self, marker: str) -> str:
        while marker not in self.buffer:
            chunk = self.chunks.get(timeout=SAFETY_SECONDS)
            if not chunk:
                raise AssertionError(f"hgrag ended before {marker!r}:\n{self.buffer}")
            self.buffer += chunk.decode("utf-8", "replace")
        seen, _, self.buffer = self.buffer.partition(marker)
        return seen

    def send(self, line: str) -> None:
        self.process.stdin.write((line + "\n").encode())
        self.process.stdin.flush()

    def kill(self) -> int:
        os.killpg(self.process.pid, signal.SIGKILL)
        return self.process.wait(timeout=SAFETY_SECONDS)
