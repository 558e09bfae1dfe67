"""A FalkorDB build opens the entity index under the cache's build lock, so another process's rebuild
cannot rename index/ away while it is read (a fresh-clone CI run saw 2 of 3 concurrent
`hgrag build --graph … --rebuild` fail with 'no entity index')."""

from pathlib import Path

import pytest

from hgrag.tools import cache
from hgrag.tools.datasets import dataset_spec


def test_the_index_is_opened_while_the_build_lock_is_held(hgrag_home: Path, openalex_tiny_dir: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    from hgrag.tools import falkordb_resources
    from hgrag.tools.entity_index import EntityIndex
    from hgrag.tools.resources import load_graph

    embedded = load_graph("openalex-tiny", openalex_tiny_dir)
    seen = []

    def opened(directory: Path, store: object, embedder: object = None) -> str:
        with cache.build_lock(embedded.cache_dir, wait=False) as free:
            seen.append(free)
        return "index"

    monkeypatch.setattr(EntityIndex, "load", staticmethod(opened))
    index, _ = falkordb_resources._index(object(), embedded.cache_dir, embedded, dataset_spec("openalex-tiny"),
                                         openalex_tiny_dir, False, False, True)
    assert index == "index" and seen == [False]  # the lock was taken: no rebuild could be renaming index/
