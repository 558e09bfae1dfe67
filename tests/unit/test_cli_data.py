"""`hgrag build / stats / search` through `hgrag.graphs.cli.main`: output, exit codes, errors."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from hgrag.graphs import cli
from hgrag.tools.graph_builder import build_store
from hgrag.tools.loaders.detect import iter_records


@pytest.fixture
def run(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture, hgrag_home: Path):
    """Run `hgrag ARGS...` with only the data commands registered; returns (code, out, err)."""
    monkeypatch.setattr(cli, "COMMAND_MODULES", ("hgrag.graphs.cli_data",))

    def invoke(*args: str) -> tuple[int, str, str]:
        code = cli.main(list(args))
        captured = capsys.readouterr()
        return code, captured.out, captured.err

    return invoke


def _assert_one_line_error(err: str, *fragments: str) -> None:
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("hgrag: error: "), err
    assert "Traceback" not in err
    for fragment in fragments:
        assert fragment in lines[0]


def test_stats_json_matches_a_direct_build(run, openalex_tiny_dir: Path) -> None:
    code, out, err = run("stats", "--dataset", "openalex-tiny", "--json")
    assert code == 0, err
    report = json.loads(out)
    store = build_store(iter_records("openalex", openalex_tiny_dir), "x")
    assert report["dataset"] == "openalex-tiny"
    assert report["nodes"] == store.node_counts() and report["edges"] == store.edge_counts()


def test_stats_text_and_source_override(run, dblp_tiny_file: Path) -> None:
    code, out, _ = run("stats", "--dataset", "dblp", "--source", str(dblp_tiny_file))
    assert code == 0
    assert "paper" in out and "published_in" in out and str(dblp_tiny_file) in out


@pytest.mark.parametrize("command", ["build", "stats", "search"])
def test_every_command_has_help(run, capsys: pytest.CaptureFixture, command: str) -> None:
    with pytest.raises(SystemExit) as exited:
        cli.main([command, "--help"])
    assert exited.value.code == 0
    out = capsys.readouterr().out
    assert f"usage: hgrag {command}" in out and "--dataset" in out


def test_unknown_dataset(run) -> None:
    code, _, err = run("stats", "--dataset", "nope")
    assert code == 2
    _assert_one_line_error(err, "unknown dataset 'nope'", "openalex")


def test_missing_source(run, tmp_path: Path) -> None:
    code, _, err = run("build", "--dataset", "openalex", "--source", str(tmp_path / "absent"))
    assert code == 2
    _assert_one_line_error(err, "source not found", str(tmp_path / "absent"))


def test_empty_source_directory(run, tmp_path: Path) -> None:
    code, _, err = run("stats", "--dataset", "dblp", "--source", str(tmp_path))
    assert code == 2
    _assert_one_line_error(err, "no data files", str(tmp_path))


def test_wrong_format_file(run, dblp_tiny_file: Path) -> None:
    code, _, err = run("stats", "--dataset", "openalex", "--source", str(dblp_tiny_file))
    assert code == 2
    _assert_one_line_error(err, str(dblp_tiny_file), "AMiner text")


def test_truncated_gzip(run, tmp_path: Path, dblp_tiny_file: Path) -> None:
    data = gzip.compress(dblp_tiny_file.read_bytes())
    path = tmp_path / "cut.txt.gz"
    path.write_bytes(data[: len(data) // 3])
    code, _, err = run("stats", "--dataset", "dblp", "--source", str(path))
    assert code == 2
    _assert_one_line_error(err, str(path), "truncated")


def test_bad_record_fails_unless_skipped(run, tmp_path: Path) -> None:
    path = tmp_path / "works.jsonl"
    good = {"id": "https://openalex.org/W1", "display_name": "A paper", "authorships": []}
    path.write_text(json.dumps(good) + "\n[1, 2\n")
    code, _, err = run("stats", "--dataset", "openalex", "--source", str(path))
    assert code == 2
    _assert_one_line_error(err, f"{path}:2", "malformed JSON")
    code, out, _ = run("stats", "--dataset", "openalex", "--source", str(path), "--skip-bad-records",
                       "--json")
    report = json.loads(out)
    assert code == 0 and report["bad_records"] == 1 and report["nodes"]["paper"] == 1


@pytest.mark.parametrize("args, message", [(("   ",), "search text is empty"),
                                           (("x", "-k", "0"), "-k must be between")])
def test_search_rejects_bad_arguments(run, args: tuple[str, ...], message: str) -> None:
    code, _, err = run("search", *args, "--dataset", "openalex-tiny")
    assert code == 2
    _assert_one_line_error(err, message)


def test_build_then_reuse_then_search(run, openalex_tiny_dir: Path) -> None:
    details = json.loads((openalex_tiny_dir / "A5009409541.json").read_text())["details"]
    code, out, err = run("build", "--dataset", "openalex-tiny", "--quiet")
    assert code == 0, err
    assert "built in" in out and "cache:" in out and "35 paper" in out
    from hgrag.tools.resources import clear_memo

    clear_memo()
    code, out, _ = run("build", "--dataset", "openalex-tiny")
    assert code == 0 and "loaded from cache" in out
    code, out, err = run("search", details["display_name"], "--dataset", "openalex-tiny",
                         "--type", "author", "-k", "3", "--json")
    assert code == 0, err
    rows = json.loads(out)
    assert 1 <= len(rows) <= 3 and all(row["type"] == "author" for row in rows)
    assert rows[0]["node_id"] == details["id"].rsplit("/", 1)[1]
    assert rows[0]["label"] == details["display_name"] and rows[0]["match"] != "embedding"
