"""Fault and load suite (`pytest -m faults`): kill -9 during a build at every commit point, then a
clean recovery; concurrent builders; the bad-input table through the CLI and through `langgraph dev`
under 4 concurrent clients; frontier order independent of the process. Loopback only, bounded."""

from __future__ import annotations

import json
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from cli_session import hgrag_env, run_hgrag, HGRAG, SAFETY_SECONDS
from langgraph_server import DevServer
from tiny_raw import RawPaper, norm_set, pick_paper, pick_prolific_author, read_openalex

from hgrag.tools import cache

pytestmark = [pytest.mark.integration, pytest.mark.faults]
DATASET = "openalex-tiny"
UNDECODABLE = b"Who wrote 'Quantum \xff Llamas'?".decode("utf-8", "surrogateescape")
KILL_POINTS = ["before-rename:graph.pkl", "graph-saved", "meta-saved", "before-rename:index", "index-saved",
               "before-rename:meta.json"]


@pytest.fixture(scope="module")
def paper(datasets_dir: Path) -> RawPaper:
    return pick_paper(read_openalex(datasets_dir / "openalex" / "tiny"))


def entry_of(home: Path) -> Path:
    (entry,) = [p for p in home.iterdir() if p.is_dir() and p.name.startswith(DATASET)]
    return entry


def assert_no_traceback(*texts: str) -> None:
    for text in texts:
        assert "Traceback" not in text, text


@pytest.mark.parametrize("point", KILL_POINTS)
def test_kill_9_during_a_build_then_a_clean_recovery(tmp_path: Path, datasets_dir: Path, point: str) -> None:
    home = tmp_path / "home"
    killed = run_hgrag(home, "build", "--dataset", DATASET, "--quiet", HGRAG_FAULT_KILL_AT=point)
    assert killed.returncode == -9, (point, killed.stdout, killed.stderr)
    recovered = run_hgrag(home, "build", "--dataset", DATASET, "--quiet")
    assert recovered.returncode == 0, recovered.stderr
    assert_no_traceback(recovered.stderr)
    assert recovered.stderr.count("rebuilding") <= 1, recovered.stderr
    assert "35 paper" in recovered.stdout
    entry = entry_of(home)
    assert cache.leftovers(entry) == []
    meta = cache.read_meta(entry)
    assert meta["nodes"]["paper"] == 35 and meta["index_checksums"]  # complete, not reduced
    assert sorted(p.name for p in entry.iterdir()) == [cache.GRAPH_FILE, cache.INDEX_DIR, cache.META_FILE]
    again = run_hgrag(home, "build", "--dataset", DATASET, "--quiet")
    assert "loaded from cache" in again.stdout and not again.stderr


def test_a_damaged_index_is_rebuilt_with_one_line(tmp_path: Path, datasets_dir: Path) -> None:
    home = tmp_path / "home"
    assert run_hgrag(home, "build", "--dataset", DATASET, "--quiet").returncode == 0
    vectors = sorted((entry_of(home) / cache.INDEX_DIR).glob("vectors_*.npy"))[0]
    data = bytearray(vectors.read_bytes())
    data[-1] ^= 0x10
    vectors.write_bytes(bytes(data))
    rebuilt = run_hgrag(home, "build", "--dataset", DATASET, "--quiet")
    assert rebuilt.returncode == 0 and "built in" in rebuilt.stdout
    assert rebuilt.stderr.count("\n") == 1 and "entity index does not match its checksums" in rebuilt.stderr


def test_concurrent_builders_build_once(tmp_path: Path, datasets_dir: Path) -> None:
    home = tmp_path / "home"
    procs = [subprocess.Popen([HGRAG, "build", "--dataset", DATASET, "--quiet"], env=hgrag_env(home),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(4)]
    outputs = [p.communicate(timeout=SAFETY_SECONDS) for p in procs]
    assert [p.returncode for p in procs] == [0] * 4, outputs
    built = [out for out, _ in outputs if "built in" in out]
    loaded = [out for out, _ in outputs if "loaded from cache" in out]
    assert len(built) == 1 and len(loaded) == 3, outputs
    assert_no_traceback(*(err for _, err in outputs))
    assert cache.leftovers(entry_of(home)) == []


@pytest.fixture(scope="module")
def bad_sources(tmp_path_factory: pytest.TempPathFactory, datasets_dir: Path) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("bad_sources")
    tiny = datasets_dir / "openalex" / "tiny"
    skipped = root / "one_bad"
    skipped.mkdir()
    for path in tiny.glob("*.json"):
        (skipped / path.name).write_bytes(path.read_bytes())
    (skipped / "zz.jsonl").write_text('{"id": "https://openalex.org/W1", "display_name": "x"}\n{oops\n')
    all_bad = root / "all_bad"
    all_bad.mkdir()
    (all_bad / "list.json").write_text("[1, 2, 3]")
    cut = root / "cut"
    cut.mkdir()
    biggest = max((datasets_dir / "openalex" / "author-data").glob("*.json.gz"), key=lambda p: p.stat().st_size)
    (cut / biggest.name).write_bytes(biggest.read_bytes()[:3000])
    return {"one_bad": skipped, "all_bad": all_bad, "cut": cut}


CLI_TABLE = [
    (("ask", UNDECODABLE, "--dataset", DATASET), "not valid UTF-8"),
    (("search", UNDECODABLE, "--dataset", DATASET), "not valid UTF-8"),
    (("ask", "   ", "--dataset", DATASET), "the question is empty"),
    (("ask", "Who wrote 'X'?", "--dataset", "nope"), "unknown dataset 'nope'"),
    (("ask", "Who wrote 'X'?", "--dataset", "openalex", "--source", "/nonexistent/x"), "no such file or directory"),
    (("build", "--dataset", "openalex", "--source", "{cut}", "--quiet"), "truncated gzip"),
    (("build", "--dataset", "openalex", "--source", "{all_bad}", "--skip-bad-records", "--quiet"),
     "no papers could be read"),
    (("build", "--dataset", "openalex", "--source", "{one_bad}", "--quiet"), "malformed JSON"),
    (("ask", "Who wrote 'X'?", "--dataset", "openalex", "--source", "{one_bad}"), "malformed"),
]


@pytest.mark.parametrize("args, message", CLI_TABLE)
def test_bad_input_through_the_cli(session_hgrag_home: Path, bad_sources: dict[str, Path], args, message) -> None:
    argv = [a.format(**bad_sources) if "{" in a else a for a in args]
    result = run_hgrag(session_hgrag_home, *argv)
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert message in result.stderr and result.stderr.count("\n") == 1 and result.stderr.startswith("hgrag: error:")
    assert_no_traceback(result.stderr)


def test_a_skipping_build_can_be_asked_about(session_hgrag_home: Path, bad_sources: dict[str, Path],
                                             paper: RawPaper) -> None:
    source = str(bad_sources["one_bad"])
    built = run_hgrag(session_hgrag_home, "build", "--dataset", "openalex", "--source", source,
                      "--skip-bad-records", "--quiet")
    assert built.returncode == 0 and "skipped:  1 bad records" in built.stdout, built.stderr
    asked = run_hgrag(session_hgrag_home, "ask", f'Who wrote "{paper.title}"?', "--dataset", "openalex",
                      "--source", source, "--skip-bad-records", "--json")
    assert asked.returncode == 0, asked.stderr
    assert norm_set(json.loads(asked.stdout)["answer"]) == norm_set([n for _, n in paper.authors])


def test_frontier_order_is_the_same_in_every_process(session_hgrag_home: Path, datasets_dir: Path) -> None:
    corpus = read_openalex(datasets_dir / "openalex" / "tiny")
    _, name = pick_prolific_author(corpus)
    frontiers = []
    for seed in ("1", "2", "3"):
        result = run_hgrag(session_hgrag_home, "ask", f"Which papers did {name} write?", "--dataset", DATASET,
                           "--json", PYTHONHASHSEED=seed)
        assert result.returncode == 0, result.stderr
        output = json.loads(result.stdout)
        frontiers.append((output["evidence"]["frontier"], output["answer"]))
    assert len(frontiers[0][0]) > 1 and frontiers[0] == frontiers[1] == frontiers[2]


# -- langgraph dev under load -------------------------------------------------------------------

CLIENTS, RUNS_PER_CLIENT = 4, 10


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, session_hgrag_home: Path, datasets_dir: Path):
    dev = DevServer(tmp_path_factory.mktemp("langgraph_dev_faults"), session_hgrag_home, datasets_dir)
    try:
        dev.wait_until_ok()
        yield dev
    finally:
        dev.stop()


def server_cases(paper: RawPaper) -> list[tuple[dict, dict, str | None]]:
    """(input, context, expected error fragment or None for a valid question)."""
    valid = {"question": f'Who wrote "{paper.title}"?'}
    return [
        (valid, {"dataset": DATASET}, None),
        ({"question": "   "}, {"dataset": DATASET}, "the question is empty"),
        ({"question": UNDECODABLE}, {"dataset": DATASET}, "not valid UTF-8"),
        (valid, {"dataset": DATASET, "sufficiency_threshold": "high"}, "sufficiency_threshold='high'"),
        (valid, {"dataset": DATASET, "max_expansions": "lots"}, "max_expansions='lots'"),
        (valid, {"dataset": DATASET, "consistency_threshold": None}, "consistency_threshold=None"),
        (valid, {"dataset": DATASET, "llm_fallback": "yes"}, "llm_fallback='yes'"),
        (valid, {"dataset": "nope"}, "unknown dataset 'nope'"),
        ({"question": "Who wrote 'X'?", "dataset": ["openalex"]}, {}, "dataset name must be text"),
        (valid, {"dataset": DATASET}, None),
    ]


def test_concurrent_clients_mixing_valid_and_invalid_runs(server: DevServer, paper: RawPaper) -> None:
    from langgraph_sdk import get_sync_client

    cases = server_cases(paper)
    expected = norm_set([n for _, n in paper.authors])

    def client_runs(client_number: int) -> list[str]:
        client = get_sync_client(url=server.url)
        problems = []
        for run in range(RUNS_PER_CLIENT):
            inputs, context, error = cases[(client_number + run) % len(cases)]
            thread = client.threads.create()
            if error == "not valid UTF-8":
                problems += raw_undecodable_run(server.url, thread["thread_id"], inputs, context)
                continue
            output = client.runs.wait(thread["thread_id"], "scholar_qa", input=inputs, context=context)
            if "__error__" in output:
                problems.append(f"run failed: {inputs} {context}: {output['__error__']}")
            elif error is None and (output.get("error") or norm_set(output.get("answer") or []) != expected):
                problems.append(f"wrong answer: {output}")
            elif error is not None and (error not in (output.get("error") or "") or output.get("answer")):
                problems.append(f"not a clean error for {inputs} {context}: {output.get('error')!r}")
        return problems

    with ThreadPoolExecutor(CLIENTS) as pool:
        problems = [p for found in pool.map(client_runs, range(CLIENTS)) for p in found]
    assert problems == [], "\n".join(problems)
    assert_no_traceback(server.log_text())


def raw_undecodable_run(url: str, thread_id: str, inputs: dict, context: dict) -> list[str]:
    """A lone surrogate cannot be sent by the SDK (orjson); as an escaped JSON string it must give
    either a clean 4xx from the server or a run ending with the one-line error."""
    import httpx

    body = json.dumps({"assistant_id": "scholar_qa", "input": inputs, "context": context})  # "\\udcff" escape
    response = httpx.post(f"{url}/threads/{thread_id}/runs/wait", content=body,
                          headers={"Content-Type": "application/json"}, timeout=SAFETY_SECONDS)
    if 400 <= response.status_code < 500:
        return []
    output = response.json() if response.status_code == 200 else {}
    if response.status_code == 200 and "not valid UTF-8" in (output.get("error") or "") and not output.get("answer"):
        return []
    return [f"undecodable question: HTTP {response.status_code} {response.text[:300]}"]
