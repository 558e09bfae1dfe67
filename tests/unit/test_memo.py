"""The bounded memo behind the entity index's query cache: least recently used results go first."""

from __future__ import annotations

from hgrag.tools.memo import Memo


def test_least_recently_used_entry_is_dropped_first():
    memo: Memo[int] = Memo(2)
    memo.put("a", 1)
    memo.put("b", 2)
    assert memo.get("a") == 1  # 'a' is now the most recently used
    memo.put("c", 3)
    assert memo.get("b") is None and memo.get("a") == 1 and memo.get("c") == 3
    assert len(memo) == 2


def test_get_or_compute_computes_once_per_key():
    memo: Memo[str] = Memo(8)
    calls = []

    def compute(key):
        calls.append(key)
        return key.upper()

    assert [memo.get_or_compute(k, lambda k=k: compute(k)) for k in ["x", "y", "x", "x"]] == ["X", "Y", "X", "X"]
    assert calls == ["x", "y"]
