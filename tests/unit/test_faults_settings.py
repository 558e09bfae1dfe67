"""Issue 23 item 6: every run setting is checked (one line `invalid run settings: NAME=VALUE: must be …`),
through Context, the compiled graph (as `langgraph dev` runs it) and `ask(...)`; retries are bounded."""

from __future__ import annotations

import pytest

from hgrag.graphs.api import ask
from hgrag.graphs.scholar_qa import build_qa_graph
from hgrag.state.context import Context, check_context
from hgrag.tools.errors import InputError
from hgrag.tools.llm import MAX_LLM_RETRIES

pytestmark = pytest.mark.faults

BAD = [
    ({"display_limit": "x"}, "display_limit='x': must be a whole number"),
    ({"display_limit": 1.5}, "display_limit=1.5: must be a whole number"),
    ({"display_limit": -1}, "display_limit=-1: must be a whole number"),
    ({"llm_temperature": "hot"}, "llm_temperature='hot': must be a number"),
    ({"llm_retries": "x"}, "llm_retries='x': must be a whole number"),
    ({"llm_retries": 10 ** 9}, f"llm_retries=1000000000: must be a whole number in [0, {MAX_LLM_RETRIES}]"),
    ({"llm_seed": "s"}, "llm_seed='s': must be a whole number"),
    ({"answerer": "bogus"}, "answerer='bogus': must be one of auto, offline, llm"),
    ({"planner": "bogus"}, "planner='bogus': must be one of"),
    ({"llm_method": "magic"}, "llm_method='magic': must be one of"),
]


@pytest.mark.parametrize("settings, expected", BAD)
def test_every_setting_is_checked_in_one_line(settings: dict, expected: str) -> None:
    with pytest.raises(InputError) as raised:
        check_context(Context(**settings))
    message = str(raised.value)
    assert message.startswith("invalid run settings: ") and expected in message and "\n" not in message


@pytest.mark.parametrize("settings, expected", BAD[:8])
def test_a_graph_run_with_a_bad_setting_ends_with_an_error_not_a_traceback(settings: dict, expected: str) -> None:
    final = build_qa_graph().invoke({"question": "Who wrote 'X'?", "dataset": "openalex-tiny"}, context=settings)
    assert expected in final["error"] and final["answer"] == []


def test_ask_names_unknown_keywords_and_bad_values() -> None:
    unknown = ask("Who wrote 'X'?", "openalex-tiny", colour="red")
    assert "colour: unknown setting" in unknown["error"]
    bad = ask("Who wrote 'X'?", "openalex-tiny", llm_seed="s", answerer="bogus")
    assert "llm_seed='s'" in bad["error"] and "answerer='bogus'" in bad["error"]


def test_good_values_and_blank_auto_still_pass() -> None:
    good = Context(display_limit=0, llm_temperature=1, llm_retries=MAX_LLM_RETRIES, llm_seed=None,
                   answerer="", planner="hybrid", llm_method="json_mode")
    assert check_context(good) is good
    assert Context.from_mapping({"llm_seed": None, "source": None}).problems() == []
