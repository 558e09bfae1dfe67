"""Every result of `ask` carries the public fields, also when the run stopped at an error: a caller (or a
test) that reads `result["verified"]` after an LLM timeout or a bad setting gets False, not a KeyError."""

import pytest

from hgrag.graphs.api import RESULT_DEFAULTS, ask


@pytest.mark.parametrize("question, settings", [("   ", {}), ("Who wrote X?", {"display_limit": "x"}),
                                                ("Who wrote X?", {"variant": "nope"}),
                                                ("Who wrote X?", {"thread_id": " "})])
def test_an_error_result_has_every_public_field(question: str, settings: dict) -> None:
    result = ask(question, "openalex-tiny", **settings)
    assert result["error"] and result["verified"] is False and result["answer"] == []
    assert set(RESULT_DEFAULTS) <= set(result)
