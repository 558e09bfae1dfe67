"""Nearest labels by inner product over an entity index's unit vectors: exact search (faiss's kernel
over the one float32 copy) up to HNSW_FROM rows, an HNSW graph past it."""

from __future__ import annotations

import os
from typing import Any

import numpy as np

# Up to this many vectors a type gets exact search (as an IndexFlatIP); past it an HNSW graph (recall against
# flat measured by benchmarks/scale.py). Override: HGRAG_HNSW_FROM.
HNSW_FROM = 100_000
HNSW_FROM_ENV = "HGRAG_HNSW_FROM"


def vector_index(matrix: np.ndarray, hnsw_from: int | None = None) -> Any:
    """Exact inner-product search up to `hnsw_from` rows, an HNSW graph (M=32) past it."""
    import faiss

    data = np.ascontiguousarray(matrix, dtype=np.float32)
    if hnsw_from is None:
        hnsw_from = int(os.environ.get(HNSW_FROM_ENV) or HNSW_FROM)
    if len(data) <= hnsw_from:
        return ExactSearch(data)
    index = faiss.IndexHNSWFlat(data.shape[1], 32, faiss.METRIC_INNER_PRODUCT)
    index.hnsw.efConstruction = 80
    index.hnsw.efSearch = 128
    index.add(data)
    return index


class ExactSearch:
    """faiss's exact inner-product search over a matrix it does not copy: the results of an IndexFlatIP
    (the same kernel), with the vectors held once instead of twice (250 MB less on DBLP)."""

    def __init__(self, data: np.ndarray):
        self.data = data
        self.ntotal = len(data)

    def search(self, query: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:
        import faiss

        return faiss.knn(np.ascontiguousarray(query, dtype=np.float32), self.data, k,
                         metric=faiss.METRIC_INNER_PRODUCT)
