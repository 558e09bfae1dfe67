"""A query text's vector is a function of the text alone: not of the texts embedded with it, nor of
what the index embedded before (its remembered vectors, the second reader's scores built on them and
the nearest labels would otherwise depend on the order questions came in; issue 23's parity flake)."""

from __future__ import annotations

import numpy as np
import pytest

from hgrag.tools.embeddings import get_embedder
from hgrag.tools.entity_index import EntityIndex
from hgrag.tools.graph_store import NetworkXGraphStore

TEXTS = ["The ORCID of the other author", "The number of papers by the author",
         "The co-authors on papers by the author and also the co-authors on papers by the other author, "
         "except the author and the other author", "x"]


@pytest.fixture(scope="module")
def built() -> EntityIndex:
    store = NetworkXGraphStore(name="toy")
    store.add_node("a1", "author", name="Marvin K. Simon")
    store.add_node("p1", "paper", title="Digital communication over fading channels.", year=2000)
    store.add_edge("a1", "p1", "writes")
    return EntityIndex.build(store, get_embedder())


def fresh(built: EntityIndex) -> EntityIndex:
    """The same index with nothing remembered: no query embedded yet."""
    return EntityIndex(built.store, built.maps, built.ids, built._vectors, built.meta, get_embedder())


def test_a_query_vector_does_not_depend_on_its_batch(built):
    alone = np.stack([fresh(built).embed([text])[0] for text in TEXTS])
    together = fresh(built).embed(TEXTS)
    assert np.array_equal(together, alone)


def test_a_query_vector_does_not_depend_on_what_was_embedded_before(built):
    cold = fresh(built).embed(TEXTS)
    warm = fresh(built)
    warm.embed(TEXTS[1::2])  # half of them first, in another batch
    assert np.array_equal(warm.embed(TEXTS[::-1])[::-1], cold)
    assert warm.nearest(TEXTS[0], "paper", 1) == fresh(built).nearest(TEXTS[0], "paper", 1)
