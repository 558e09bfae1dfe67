"""Start-up work that grows with the graph is done once with the cache (issue 21): the richer kinds'
name index is saved beside the entity index, read back instead of rebuilt, and covered by the index's
checksums; large caches unpickle with the cycle collector paused and switched back on afterwards."""

from __future__ import annotations

import gc
import pickle
from pathlib import Path

import pytest

from hgrag.tools import cache, quick_pickle
from hgrag.tools.resources import clear_memo, load_resources
from hgrag.tools.rich_index import RICH_FILE, RichIndex, rich_index


def _built_home(openalex_tiny_dir: Path) -> tuple[Path, Path]:
    resources = load_resources("openalex-tiny", openalex_tiny_dir)
    return resources.cache_dir, resources.cache_dir / cache.INDEX_DIR / RICH_FILE


def test_the_rich_index_is_saved_with_the_entity_index(hgrag_home: Path, openalex_tiny_dir: Path) -> None:
    directory, saved = _built_home(openalex_tiny_dir)
    assert saved.is_file()
    assert RICH_FILE in cache.load_meta(directory)["index_checksums"]


def test_a_fresh_process_reads_the_saved_index_and_it_equals_a_built_one(
        hgrag_home: Path, openalex_tiny_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _built_home(openalex_tiny_dir)
    clear_memo()  # as a new process: the graph and index come from the cache
    resources = load_resources("openalex-tiny", openalex_tiny_dir)
    monkeypatch.setattr(RichIndex, "_read_store", lambda self, store: pytest.fail("rebuilt from the store"))
    loaded = rich_index(resources.store)
    monkeypatch.undo()
    built = RichIndex(resources.store)
    assert loaded.by_key == built.by_key and loaded.counts == built.counts
    assert loaded.by_country == built.by_country and loaded.by_country  # countries come with the cache
    assert loaded.max_words == built.max_words and loaded  # non-empty on a graph with institutions


def test_a_damaged_saved_rich_index_is_caught_by_the_index_checksums(
        hgrag_home: Path, openalex_tiny_dir: Path) -> None:
    directory, saved = _built_home(openalex_tiny_dir)
    saved.write_bytes(pickle.dumps({"by_key": {"x": [("forged", "institution", "Forged", 9)]}}))
    with pytest.raises(cache.CacheDamaged):
        cache.verify_index(directory, cache.load_meta(directory))
    clear_memo()
    resources = load_resources("openalex-tiny", openalex_tiny_dir)  # rebuilt (one line on stderr)
    assert not rich_index(resources.store).lookup("x")
    assert rich_index(resources.store).by_key == RichIndex(resources.store).by_key


def test_an_index_saved_before_the_rich_file_existed_still_links(
        hgrag_home: Path, openalex_tiny_dir: Path) -> None:
    directory, saved = _built_home(openalex_tiny_dir)
    saved.unlink()
    meta = cache.load_meta(directory)
    meta["index_checksums"].pop(RICH_FILE)
    cache.save_meta(directory, meta)
    clear_memo()
    resources = load_resources("openalex-tiny", openalex_tiny_dir)
    assert rich_index(resources.store).by_key == RichIndex(resources.store).by_key


COLLECTOR_SEEN: list[bool] = []


class _Probe:
    """Unpickles as a call that notes whether the cycle collector was running."""

    def __reduce__(self):
        return (_note_collector, ())


def test_unpickling_pauses_the_collector_and_restores_it() -> None:
    COLLECTOR_SEEN.clear()
    assert gc.isenabled()
    quick_pickle.loads(pickle.dumps([_Probe()]))
    assert COLLECTOR_SEEN == [False] and gc.isenabled()
    with pytest.raises(pickle.UnpicklingError):
        quick_pickle.loads(b"not a pickle")
    assert gc.isenabled()
    gc.disable()
    try:
        quick_pickle.loads(pickle.dumps([1]))
        assert not gc.isenabled()  # a caller's choice is kept
    finally:
        gc.enable()


def test_what_was_unpickled_is_never_scanned_by_the_collector_again() -> None:
    """A cold start loads a million small objects: the collector would otherwise walk them in each of its
    next full collections (0.4 s of a cold question)."""
    data = pickle.dumps([{"id": str(i), "attrs": {"year": i}} for i in range(20_000)])
    before = gc.get_freeze_count()
    loaded = quick_pickle.loads(data)
    assert gc.get_freeze_count() >= before + len(loaded)  # each record (holding a dict, so tracked) is frozen
    assert loaded[123] == {"id": "123", "attrs": {"year": 123}} and gc.isenabled()


def _note_collector() -> None:
    COLLECTOR_SEEN.append(gc.isenabled())


def test_a_startup_pause_lasts_until_the_first_cache_load() -> None:
    """The CLI pauses the collector for its imports; the first load freezes what they made and switches it on."""
    assert gc.isenabled()
    try:
        quick_pickle.pause_for_startup()
        assert not gc.isenabled()
        made_during_startup = [[i] for i in range(5_000)]  # lists are always tracked
        before = gc.get_freeze_count()
        quick_pickle.loads(pickle.dumps([1]))
        assert gc.isenabled()
        assert gc.get_freeze_count() >= before + len(made_during_startup)  # frozen with the cache
        gc.disable()
        quick_pickle.loads(pickle.dumps([2]))
        assert not gc.isenabled()  # the pause ended once; a later caller's choice is kept
    finally:
        gc.enable()
