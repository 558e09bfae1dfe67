"""`hgrag ask`: plain and JSON output, --trace transitions, and one-line errors for bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fake_openai import FakeOpenAI, closed_port
from tiny_raw import RawPaper, norm, norm_set, pick_paper, read_openalex

from hgrag.graphs.cli import main

DATASET = "openalex-tiny"


@pytest.fixture(scope="module")
def paper(datasets_dir: Path, session_hgrag_home: Path) -> RawPaper:
    return pick_paper(read_openalex(datasets_dir / "openalex" / "tiny"))


def question_for(paper: RawPaper) -> str:
    return f'Who wrote "{paper.title}"?'


def author_names(paper: RawPaper) -> list[str]:
    return [name for _, name in paper.authors]


def assert_one_line_error(capsys: pytest.CaptureFixture, code: int, *mentions: str) -> str:
    out, err = capsys.readouterr()
    assert code == 2
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("hgrag: error: "), err
    assert "Traceback" not in err
    for mention in mentions:
        assert mention in lines[0]
    return lines[0]


def test_plain_answer_lists_the_authors(paper: RawPaper, capsys: pytest.CaptureFixture) -> None:
    assert main(["ask", question_for(paper), "--dataset", DATASET]) == 0
    out, err = capsys.readouterr()
    for name in author_names(paper):
        assert norm(name) in norm(out)
    assert "query type: relation" in out and "verified: True" in out
    assert err == ""


def test_json_output_is_the_output_state(paper: RawPaper, capsys: pytest.CaptureFixture) -> None:
    assert main(["ask", question_for(paper), "--dataset", DATASET, "--json"]) == 0
    out, _ = capsys.readouterr()
    state = json.loads(out)
    assert norm_set(state["answer"]) == norm_set(author_names(paper))
    assert state["query_type"] == "relation" and state["verified"] is True and state["error"] is None
    assert state["expansions"] == 0 and state["regenerations"] == 0
    assert {"plan", "evidence", "sufficiency_score", "consistency_score", "answer_text"} <= set(state)


def test_trace_prints_each_transition_to_stderr(paper: RawPaper, capsys: pytest.CaptureFixture) -> None:
    assert main(["ask", question_for(paper), "--dataset", DATASET, "--trace", "--json"]) == 0
    out, err = capsys.readouterr()
    nodes = [line.split("]")[0].lstrip("[") for line in err.splitlines() if line.startswith("[")]
    assert nodes == ["resolve", "plan", "retrieve", "score_sufficiency", "generate", "validate", "respond"]
    assert "relation: The authors of '" in err  # the plan's reading
    assert '"op": "traverse", "input": {"op": "match"' in err and '"edge": "writes", "direction": "in"' in err
    state = json.loads(out)  # stdout stays machine-readable
    assert state["answer"] and state["interpretation"].startswith("The authors of '")
    assert state["validation"]["checks"]["question_plan"] == 1.0


def test_trace_shows_expansions_for_a_weakly_linked_question(capsys: pytest.CaptureFixture) -> None:
    question = 'Who wrote "Migratory patterns of alpine marmots under simulated lunar gravity"?'
    assert main(["ask", question, "--dataset", DATASET, "--trace"]) == 0
    out, err = capsys.readouterr()
    nodes = [line.split("]")[0].lstrip("[") for line in err.splitlines() if line.startswith("[")]
    assert nodes.count("expand") == 2 and nodes.count("score_sufficiency") == 3
    assert "could not find" in out.lower()


@pytest.mark.parametrize("question, reason", [
    ("", "empty"),
    ("   \t  ", "empty"),
    ("Who wrote " + "a very long title " * 120 + "?", "limit"),
    ("\x00\x01\x02\x03 who wrote this", "binary"),
    ("\x01\x02\x03\x04\x05\x06\x07\x08\x0e\x0f abc", "readable"),
    ("?? 1234 !!", "words"),
])
def test_bad_questions_exit_2_with_one_line(question: str, reason: str, capsys: pytest.CaptureFixture) -> None:
    code = main(["ask", question, "--dataset", DATASET])
    assert_one_line_error(capsys, code, reason)


def test_unknown_dataset_exits_2(paper: RawPaper, capsys: pytest.CaptureFixture) -> None:
    code = main(["ask", question_for(paper), "--dataset", "no-such-dataset"])
    assert_one_line_error(capsys, code, "no-such-dataset")


def test_unknown_variant_exits_2(paper: RawPaper, capsys: pytest.CaptureFixture) -> None:
    code = main(["ask", question_for(paper), "--dataset", DATASET, "--variant", "bogus"])
    assert_one_line_error(capsys, code, "bogus")


def test_llm_endpoint_down_exits_2_naming_it(paper: RawPaper, capsys: pytest.CaptureFixture) -> None:
    url = f"http://127.0.0.1:{closed_port()}/v1"
    code = main(["ask", question_for(paper), "--dataset", DATASET, "--model", "fake-model", "--base-url", url])
    assert_one_line_error(capsys, code, url)


def test_llm_failure_after_planning_exits_2(paper: RawPaper, capsys: pytest.CaptureFixture) -> None:
    plan = json.dumps({"mentions": [{"text": paper.title, "type": "paper"}], "target": "author", "operation": "list"})
    with FakeOpenAI([plan]) as server:
        url = server.base_url
        code = main(["ask", question_for(paper), "--dataset", DATASET, "--model", "fake-model", "--base-url", url])
    assert_one_line_error(capsys, code, url)


def test_llm_fallback_flag_answers_offline(paper: RawPaper, capsys: pytest.CaptureFixture) -> None:
    url = f"http://127.0.0.1:{closed_port()}/v1"
    code = main(["ask", question_for(paper), "--dataset", DATASET, "--model", "fake-model", "--base-url", url,
                 "--llm-fallback", "--json"])
    out, _ = capsys.readouterr()
    assert code == 0
    state = json.loads(out)
    assert norm_set(state["answer"]) == norm_set(author_names(paper))
    assert "offline fallback" in state["plan"]["rationale"]


def test_llm_model_without_endpoint_exits_2(paper: RawPaper, capsys: pytest.CaptureFixture,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    code = main(["ask", question_for(paper), "--dataset", DATASET, "--model", "fake-model"])
    assert_one_line_error(capsys, code, "base-url")


def test_trace_reports_the_hybrid_planners_disagreement(paper: RawPaper, capsys: pytest.CaptureFixture) -> None:
    """The LLM plans a count where the offline planner plans a list: the offline plan answers, the trace says so."""
    frame = json.dumps({"mentions": [{"text": paper.title, "type": "paper"}], "target": "paper",
                        "operation": "count"})
    with FakeOpenAI([frame]) as server:
        code = main(["ask", question_for(paper), "--dataset", DATASET, "--trace", "--json", "--model", "m",
                     "--base-url", server.base_url, "--planner", "hybrid", "--answerer", "offline"])
    out, err = capsys.readouterr()
    output = json.loads(out)
    assert code == 0 and "planner check: DISAGREE; using offline" in err
    assert output["planner_check"]["agree"] is False and output["planner_check"]["chosen"] == "offline"
    assert norm_set(output["answer"]) == norm_set(author_names(paper))
