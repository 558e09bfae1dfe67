"""A --rebuild asked while another process loaded the same FalkorDB graph does not load it a second time:
the graph's load record carries when it was loaded, compared with when this process started."""

from __future__ import annotations

import time

from hgrag.tools.falkordb_resources import _loaded_since, process_started


def test_this_process_started_before_this_test() -> None:
    before = time.time()
    assert process_started() <= before


def test_a_load_after_this_process_started_counts_as_this_rebuild() -> None:
    started = process_started()
    assert _loaded_since({"loaded_at": started + 0.5}, started)
    assert not _loaded_since({"loaded_at": started - 0.5}, started)  # an older load: rebuild it
    assert not _loaded_since({}, started)  # a record without the time (older hgrag): rebuild it
