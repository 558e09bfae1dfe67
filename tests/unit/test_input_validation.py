"""Bad input of every kind is one clear error: questions, search text and run settings (Context),
through the checkers, the compiled graph (error in the output state) and the Python API."""

from __future__ import annotations

import pytest

from hgrag.graphs.api import ask
from hgrag.graphs.scholar_qa import build_qa_graph
from hgrag.state.context import Context, check_context
from hgrag.tools.errors import InputError
from hgrag.tools.question import check_question, check_search_text

UNDECODABLE = b"Who wrote 'Quantum \xff Llamas'?".decode("utf-8", "surrogateescape")  # as argv delivers it


@pytest.mark.parametrize("value, reason", [
    (UNDECODABLE, "not valid UTF-8"),
    ("Who wrote \ud83d?", "not valid UTF-8"),           # a lone surrogate from broken UTF-16 JSON
    (b"Who wrote \xff?", "not valid UTF-8"),
    (None, "must be text"), (42, "must be text"), (["Who"], "must be text"),
    ("   ", "is empty"), ("\u200b\u200b", "is empty"),
    ("x" * 2001, "limit is 2,000"), ("Who\x00wrote", "binary data"), ("Who \ufffd wrote", "binary data"),
    ("?? !!", "has no words"),
])
def test_bad_questions_are_one_line_input_errors(value: object, reason: str) -> None:
    with pytest.raises(InputError) as raised:
        check_question(value)
    message = str(raised.value)
    assert reason in message and "\n" not in message
    message.encode("utf-8")  # the message itself is printable


def test_good_questions_pass_trimmed() -> None:
    assert check_question("  Who wrote 'Søren'?\u200b ") == "Who wrote 'Søren'?"
    assert check_question(b"Who wrote X?") == "Who wrote X?"


def test_search_text_is_checked_like_a_question() -> None:
    assert check_search_text("  Quantum   Llamas ") == "Quantum Llamas"
    assert check_search_text("1984") == "1984"
    for bad in (UNDECODABLE, "", "y" * 501, None):
        with pytest.raises(InputError):
            check_search_text(bad)


BAD_SETTINGS = [
    ({"sufficiency_threshold": "high"}, "sufficiency_threshold='high': must be a number in [0, 1]"),
    ({"max_expansions": "lots"}, "max_expansions='lots': must be a whole number in [0, 5]"),
    ({"consistency_threshold": None}, "consistency_threshold=None"),
    ({"consistency_threshold": 1.5}, "consistency_threshold=1.5"),
    ({"sufficiency_threshold": float("nan")}, "sufficiency_threshold=nan"),
    ({"max_regenerations": 6}, "max_regenerations=6"),
    ({"max_regenerations": True}, "max_regenerations=True"),
    ({"max_expansions": 2.0}, "max_expansions=2.0"),
    ({"top_k": 0}, "top_k=0"),
    ({"layer_budget": -1}, "layer_budget=-1"),
    ({"llm_timeout": 0}, "llm_timeout=0"),
    ({"llm_fallback": "yes"}, "llm_fallback='yes'"),
    ({"dataset": 7}, "dataset=7: must be non-empty text"),
    ({"source": "/nonexistent/hgrag/source"}, "no such file or directory"),
    ({"bogus": 1}, "bogus: unknown setting"),
]


@pytest.mark.parametrize("settings, expected", BAD_SETTINGS)
def test_bad_settings_are_named_in_one_line(settings: dict, expected: str) -> None:
    context = Context(**settings)  # never raises: LangGraph builds it before any node runs
    with pytest.raises(InputError) as raised:
        check_context(context)
    assert expected in str(raised.value) and "\n" not in str(raised.value)


def test_every_problem_is_reported_together_and_good_settings_pass() -> None:
    problems = Context(sufficiency_threshold="high", max_expansions="lots", top_k=3).problems()
    assert len(problems) == 2
    good = Context(dataset="openalex-tiny", sufficiency_threshold=0, consistency_threshold=1,
                   max_expansions=0, max_regenerations=5, top_k=1)
    assert check_context(good) is good and check_context(None).problems() == []


def test_from_mapping_keeps_none_as_an_error_where_none_is_not_allowed() -> None:
    assert Context.from_mapping({"source": None, "base_url": None}).problems() == []
    assert Context.from_mapping({"consistency_threshold": None}).problems()
    assert Context.from_mapping({"bogus": 1}).problems() == ["bogus: unknown setting"]  # named, as README says


@pytest.mark.parametrize("settings, expected", BAD_SETTINGS[:3] + [({"bogus": 1}, "bogus: unknown setting")])
def test_graph_run_with_bad_settings_ends_with_an_error_in_state(settings: dict, expected: str) -> None:
    """What `langgraph dev` does with a run's context: a dict coerced to Context, then the graph runs."""
    final = build_qa_graph().invoke({"question": "Who wrote 'X'?"}, context=settings)
    assert expected in final["error"] and final["answer"] == []
    assert final["answer_text"].startswith("Error: invalid run settings")


@pytest.mark.parametrize("call, expected", [
    (lambda: ask(UNDECODABLE, "openalex-tiny"), "not valid UTF-8"),
    (lambda: ask(None, "openalex-tiny"), "must be text"),
    (lambda: ask("Who wrote 'X'?", "openalex-tiny", sufficiency_threshold="high"), "sufficiency_threshold"),
    (lambda: ask("Who wrote 'X'?", "openalex-tiny", max_expansions="lots"), "max_expansions"),
    (lambda: ask("Who wrote 'X'?", "openalex-tiny", consistency_threshold=None), "consistency_threshold"),
    (lambda: ask("Who wrote 'X'?", "no-such-dataset"), "unknown dataset"),
    (lambda: ask("Who wrote 'X'?", ["openalex"]), "dataset"),
    (lambda: ask("Who wrote 'X'?", "openalex-tiny", variant="nope"), "unknown variant"),
    (lambda: ask("Who wrote 'X'?", "openalex-tiny", thread_id="  "), "thread_id"),
])
def test_python_api_reports_bad_input_in_the_output_state(call, expected: str,
                                                          tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("HGRAG_HOME", str(tmp_path))
    result = call()
    assert expected in result["error"] and result["answer"] == []


@pytest.mark.parametrize("damage", ["garbage", "directory"])
def test_an_unusable_thread_database_is_an_error_in_state(tmp_path, monkeypatch, damage: str) -> None:
    monkeypatch.setenv("HGRAG_HOME", str(tmp_path))
    database = tmp_path / "threads.sqlite"
    database.mkdir() if damage == "directory" else database.write_bytes(b"not a database" * 500)
    result = ask("Who wrote 'X'?", "openalex-tiny", thread_id="t1")
    assert "thread database" in result["error"] and result["answer"] == []
