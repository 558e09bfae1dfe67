"""Entity linking: exact / normalised-string matching plus embedding similarity (FAISS).

`lookup` is pure dict probing (microseconds) so the planner can try every n-gram of a
question; `search` adds FAISS nearest neighbours for fuzzy mentions; `embed`, `similar`
and `vector_of` serve semantic relevance. One IndexFlatIP per node type makes type
filtering free. Labels embedded: author name, paper title, venue name.

On disk (`save`/`load`): vectors_<type>.npy (float16, unit rows), maps.pkl (ids per type
and string maps, pickle 5), prefixes.pkl (the mention detector's sorted label keys), meta.json (written last: format, model fingerprint, quantize
flag, counts). `load` refuses an index built with another model setting or for another
graph (`StaleIndexError`); `load_or_build` rebuilds and saves in that case.
"""

from __future__ import annotations

import json
import os
import pickle
import threading
from dataclasses import dataclass
from pathlib import Path
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np

from hgrag.tools import quick_pickle
from hgrag.tools.embeddings import get_embedder, model_fingerprint, model_setting
from hgrag.tools.entity_keys import LabelMaps, exact_key, label_text
from hgrag.tools.errors import HgragError, InputError
from hgrag.tools.graph_store import LABEL_ATTR, NODE_TYPES, GraphStore
from hgrag.tools.label_prefixes import LabelPrefixes
from hgrag.tools.prominence import Prominence
from hgrag.tools.memo import Memo
from hgrag.tools.text import name_key, norm_key
from hgrag.tools.vector_search import vector_index

if TYPE_CHECKING:
    from hgrag.tools.embeddings import Embedder

FORMAT_VERSION = 1
META_FILE = "meta.json"
MAPS_FILE = "maps.pkl"
PREFIXES_FILE = "prefixes.pkl"
CLOSEST_POOL = 25
# A node type with more labels than this is linked by its string keys alone (exact, normalised,
# name, initials): embedding ~1M labels would take hours on a small CPU. Override: HGRAG_EMBED_LIMIT.
EMBED_LIMIT = 250_000
EMBED_LIMIT_ENV = "HGRAG_EMBED_LIMIT"
MEMO_SIZE = 4096  # query texts whose vectors and nearest labels are remembered (~6 MB of vectors)
# Query texts are encoded one at a time: in a batch a text's vector depends on its companions (padding,
# and the quantized model's activation scale is taken over the whole batch: cosine ~0.99 to the text
# encoded alone), so remembered vectors, and every score built on them, would depend on history.
QUERY_BATCH = 1


class EntityIndexError(HgragError):
    """A saved entity index is missing or unreadable."""


class StaleIndexError(EntityIndexError):
    """A saved entity index does not fit the current graph or embedding model setting."""


@dataclass(frozen=True)
class Candidate:
    """A graph node a mention may refer to."""

    node_id: str
    node_type: str  # author | paper | venue
    label: str  # display name / title
    score: float  # 1.0 exact ... 0.85 initials; cosine similarity for embedding hits
    match: str  # exact | normalized | name | initials | embedding


class EntityIndex:
    """String maps plus per-type FAISS indexes over one graph."""

    def __init__(self, store: GraphStore, maps: LabelMaps, ids: dict[str, list[str]],
                 vectors: dict[str, np.ndarray], meta: dict[str, Any],
                 embedder: Embedder | None = None):
        self.store = store
        self.maps = maps
        self.ids = ids
        self.meta = meta
        self._vectors = vectors  # float16 unit rows (memory-mapped after load)
        self._embedder = embedder
        self._faiss: dict[str, Any] = {}  # ExactSearch or a faiss HNSW index
        self._rows: dict[str, dict[str, int]] = {}
        self._lock = threading.Lock()
        self._query_vectors: Memo[np.ndarray] = Memo(MEMO_SIZE)
        self._nearest: Memo[tuple[Candidate, ...]] = Memo(MEMO_SIZE)
        self._looked_up: Memo[tuple[Candidate, ...]] = Memo(4 * MEMO_SIZE)
        self._prefixes: LabelPrefixes | None = None
        self._prefixes_file: Path | None = None  # saved beside a loaded index

    # -- building and persistence ------------------------------------------
    @classmethod
    def build(cls, store: GraphStore, embedder: Embedder | None = None,
              progress: bool = False) -> EntityIndex:
        """Index every labelled node of `store`: string maps, then one embedding per label."""
        labelled = {node_type: _labelled_nodes(store, node_type) for node_type in NODE_TYPES}
        return cls.from_labels(store, labelled, Prominence(store), embedder, progress)

    @classmethod
    def from_labels(cls, store: GraphStore, labelled: dict[str, list[tuple[str, str]]],
                    prominence: Callable[[str, str], float], embedder: Embedder | None = None,
                    progress: bool = False) -> EntityIndex:
        """The index of `store` from its (node id, label) pairs per type (in `nodes_of_type`
        order) and node prominence, e.g. gathered while loading (`entity_rows.IndexRows`)."""
        maps = LabelMaps.build(labelled, prominence)
        ids = {node_type: [node_id for node_id, _ in pairs] for node_type, pairs in labelled.items()}
        limit = embed_limit()
        embedded = {node_type for node_type, pairs in labelled.items() if 0 < len(pairs) <= limit}
        if embedded or embedder is not None:
            embedder = embedder or get_embedder(batch=True)
        setting = embedder or model_setting()  # nothing to embed: the model is not even loaded
        vectors = {node_type: _embed_unique(embedder, [label for _, label in pairs], progress,
                                            f"embedding {node_type}s")
                   if node_type in embedded else np.zeros((0, setting.dimension), dtype=np.float16)
                   for node_type, pairs in labelled.items()}
        meta = {"format": FORMAT_VERSION, "model_fingerprint": setting.model_fingerprint,
                "quantize": setting.quantize, "dimension": setting.dimension,
                "counts": {node_type: len(node_ids) for node_type, node_ids in ids.items()},
                "store_name": store.name, "store_counts": store.node_counts()}
        return cls(store, maps, ids, vectors, meta, embedder)

    def save(self, directory: Path) -> None:
        """Write the index into `directory` (created if needed); meta.json goes last."""
        directory = Path(directory)
        directory.mkdir(parents=True, exist_ok=True)
        for node_type, matrix in self._vectors.items():
            _write_atomic(directory / f"vectors_{node_type}.npy",
                          lambda handle, m=matrix: np.save(handle, np.asarray(m, dtype=np.float16)))
        payload = {"ids": self.ids, "maps": self.maps.maps}
        _write_atomic(directory / MAPS_FILE,
                      lambda handle: pickle.dump(payload, handle, protocol=5))
        _write_atomic(directory / PREFIXES_FILE,
                      lambda handle: pickle.dump(self.label_prefixes.payload(), handle, protocol=5))
        _write_atomic(directory / META_FILE,
                      lambda handle: handle.write(json.dumps(self.meta, indent=1).encode()))

    @classmethod
    def load(cls, directory: Path, store: GraphStore, embedder: Embedder | None = None) -> EntityIndex:
        """Open a saved index for `store`; StaleIndexError when it was built differently."""
        directory = Path(directory)
        meta = _read_meta(directory)
        _check_compatible(meta, store, embedder, directory)
        try:
            with open(directory / MAPS_FILE, "rb") as handle:
                payload = quick_pickle.load(handle)
            vectors = {node_type: np.load(directory / f"vectors_{node_type}.npy", mmap_mode="r")
                       for node_type in payload["ids"]}
        except (OSError, pickle.UnpicklingError, EOFError, KeyError, ValueError) as exc:
            raise EntityIndexError(f"entity index in {directory} is unreadable ({exc}); rebuild it") from None
        for node_type, node_ids in payload["ids"].items():
            if len(vectors[node_type]) not in (0, len(node_ids)):  # 0: linked by string keys only
                raise StaleIndexError(f"entity index in {directory} is inconsistent ({node_type}); rebuild it")
        index = cls(store, LabelMaps(payload["maps"]), payload["ids"], vectors, meta, embedder)
        index._prefixes_file = directory / PREFIXES_FILE
        return index

    @classmethod
    def load_or_build(cls, directory: Path, store: GraphStore, embedder: Embedder | None = None,
                      progress: bool = False) -> EntityIndex:
        """`load`, or on a missing/stale index `build` and `save` a fresh one."""
        try:
            return cls.load(directory, store, embedder)
        except EntityIndexError:
            index = cls.build(store, embedder, progress=progress)
            index.save(directory)
            return index

    # -- string matching -----------------------------------------------------
    def lookup(self, text: str, node_type: str | None = None) -> list[Candidate]:
        """Nodes a mention names by string alone: exact > normalized > name > initials."""
        node_types = self._types(node_type)
        if not text or not text.strip():
            return []
        return list(self._looked_up.get_or_compute((text, node_type), lambda: tuple(
            Candidate(node_id, kind, self.store.label(node_id), score, match)
            for node_id, kind, match, score in self.maps.matches(text, node_types))))

    def labels_with_key(self, key: str, node_type: str | None = None) -> list[Candidate]:
        """Nodes whose normalised label equals `key` (normalised again, so raw text works too)."""
        key = norm_key(key)
        return [Candidate(node_id, kind, self.store.label(node_id), 0.98, "normalized")
                for kind in self._types(node_type)
                for node_id in self.maps.ids(kind, "normalized", key)]

    def ambiguous(self, text: str, node_type: str | None = None) -> bool:
        """True when several different nodes share this label (normalised, or as a person name)."""
        found: set[str] = set()
        for kind in self._types(node_type):
            found.update(self.maps.ids(kind, "normalized", norm_key(text)))
            if kind == "author":
                found.update(self.maps.ids(kind, "name", name_key(text)))
        return len(found) > 1

    def closest(self, text: str, node_type: str, k: int = 3) -> list[str]:
        """Labels of the k nodes of a type whose names look most like `text` ("did you mean"):
        nearest labels by embedding, re-ordered by string similarity; distinct labels only."""
        from rapidfuzz import fuzz

        if not text.strip():
            return []
        wanted = norm_key(text)
        pool = self.nearest(text, node_type, CLOSEST_POOL)
        ranked = sorted(pool, key=lambda c: -(fuzz.WRatio(wanted, norm_key(c.label)) / 100 + c.score))
        return list(dict.fromkeys(c.label for c in ranked))[:k]

    # -- embeddings ------------------------------------------------------------
    def search(self, text: str, node_type: str | None = None, k: int = 10) -> list[Candidate]:
        """Up to k candidates: string matches first (they always outrank), then nearest labels."""
        hits = self.lookup(text, node_type)
        if len(hits) >= k or not text.strip():
            return hits[:max(k, 0)]
        seen = {hit.node_id for hit in hits}
        for candidate in self.nearest(text, node_type, k + len(hits)):
            if candidate.node_id not in seen:
                hits.append(candidate)
                seen.add(candidate.node_id)
            if len(hits) >= k:
                break
        return hits

    def embed(self, texts: list[str]) -> np.ndarray:
        """Unit float32 query vectors (rows), made with the model setting the index was built with;
        texts embedded before are not encoded again. A text's vector is a function of the text alone
        (QUERY_BATCH), whatever was embedded with it or before it."""
        keys = [exact_key(text) for text in texts]
        known = {key: self._query_vectors.get(key) for key in dict.fromkeys(keys)}
        missing = [key for key, vector in known.items() if vector is None]
        for key, vector in zip(missing, self.embedder.encode(missing, batch_size=QUERY_BATCH)):
            known[key] = vector.copy()  # a row of its own: a view would keep the whole batch alive
            self._query_vectors.put(key, known[key])
        return np.stack([known[key] for key in keys]) if keys else self.embedder.encode([])

    def nearest(self, text: str, node_type: str | None = None, k: int = 10) -> list[Candidate]:
        """`similar` for the embedding of `text`, remembered per (text, type, k)."""
        key = (exact_key(text), node_type, k)
        return list(self._nearest.get_or_compute(
            key, lambda: tuple(self.similar(self.embed([text])[0], node_type, k))))

    def similar(self, vector: np.ndarray, node_type: str | None = None, k: int = 10) -> list[Candidate]:
        """The k labels nearest to a unit vector (cosine), over one or every node type."""
        query = np.asarray(vector, dtype=np.float32).reshape(1, -1)
        if k <= 0 or not np.any(query):
            return []
        found: list[Candidate] = []
        for kind in self._types(node_type):
            index = self._faiss_index(kind)
            if index is None:
                continue
            scores, rows = index.search(query, min(k, index.ntotal))
            found.extend(Candidate(self.ids[kind][row], kind, self.store.label(self.ids[kind][row]),
                                   float(score), "embedding")
                         for score, row in zip(scores[0], rows[0]) if row >= 0)
        return sorted(found, key=lambda candidate: -candidate.score)[:k]

    def vector_of(self, node_id: str) -> np.ndarray | None:
        """The stored unit vector of a node's label (float32), or None when it has none."""
        kind = self._type_of(node_id)
        if kind is None:
            return None
        row = self._row_map(kind).get(node_id)
        if row is None or row >= len(self._vectors[kind]):
            return None
        return np.asarray(self._vectors[kind][row], dtype=np.float32)

    @property
    def label_prefixes(self) -> LabelPrefixes:
        """The sorted label keys of the mention detector: read from prefixes.pkl when the index was
        loaded (made from the string maps when it has none, e.g. an index saved before it existed)."""
        with self._lock:
            if self._prefixes is None:
                self._prefixes = _read_prefixes(self._prefixes_file) or LabelPrefixes.from_maps(self.maps)
            return self._prefixes

    @property
    def embedder(self) -> Embedder:
        if self._embedder is None:
            self._embedder = get_embedder(bool(self.meta.get("quantize", True)))
        return self._embedder

    def counts(self) -> dict[str, int]:
        """Indexed (labelled) nodes per type."""
        return {node_type: len(node_ids) for node_type, node_ids in self.ids.items()}

    # -- internals -------------------------------------------------------------
    def _types(self, node_type: str | None) -> list[str]:
        if node_type is None:
            return list(self.ids)
        if node_type not in NODE_TYPES:
            raise InputError(f"unknown node type {node_type!r}; expected one of {', '.join(NODE_TYPES)}")
        return [node_type]

    def _type_of(self, node_id: str) -> str | None:
        try:
            return self.store.node_type(node_id)
        except KeyError:
            return None

    def _row_map(self, node_type: str) -> dict[str, int]:
        with self._lock:
            if node_type not in self._rows:
                self._rows[node_type] = {node_id: row for row, node_id in enumerate(self.ids.get(node_type, []))}
            return self._rows[node_type]

    def _faiss_index(self, node_type: str) -> Any:
        with self._lock:
            if node_type not in self._faiss:
                matrix = self._vectors.get(node_type)
                self._faiss[node_type] = vector_index(matrix) if matrix is not None and len(matrix) else None
            return self._faiss[node_type]


def embed_limit() -> int:
    try:
        return int(os.environ.get(EMBED_LIMIT_ENV) or EMBED_LIMIT)
    except ValueError:
        raise InputError(f"{EMBED_LIMIT_ENV} must be an integer") from None


def _labelled_nodes(store: GraphStore, node_type: str) -> list[tuple[str, str]]:
    """(node id, cleaned label) for every node of a type that has a label (read set-at-a-time)."""
    values = store.attrs(list(store.nodes_of_type(node_type)), LABEL_ATTR[node_type])
    pairs = []
    for node_id, value in values.items():
        label = label_text(value)
        if label:
            pairs.append((node_id, label))
    return pairs


def _embed_unique(embedder: Embedder, labels: list[str], progress: bool, desc: str) -> np.ndarray:
    """One float16 vector per label (as stored on disk), encoding each distinct text once."""
    texts = [exact_key(label) for label in labels]
    distinct = list(dict.fromkeys(texts))
    vectors = embedder.encode(distinct, progress=progress, desc=desc).astype(np.float16)
    if len(distinct) == len(texts):
        return vectors
    row_of = {text: row for row, text in enumerate(distinct)}
    return vectors[[row_of[text] for text in texts]] if texts else vectors


def _read_prefixes(path: Path | None) -> LabelPrefixes | None:
    payload = quick_pickle.read_or_none(path)
    try:
        return LabelPrefixes.restore(payload) if payload is not None else None
    except (KeyError, TypeError, ValueError):
        return None


def _write_atomic(path: Path, write: Any) -> None:
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with open(temporary, "wb") as handle:
        write(handle)
    os.replace(temporary, path)


def _read_meta(directory: Path) -> dict[str, Any]:
    try:
        meta = json.loads((directory / META_FILE).read_text())
    except FileNotFoundError:
        raise EntityIndexError(f"no entity index in {directory}; build it first") from None
    except (OSError, ValueError) as exc:
        raise EntityIndexError(f"entity index metadata in {directory} is unreadable ({exc})") from None
    if not isinstance(meta, dict):
        raise EntityIndexError(f"entity index metadata in {directory} is unreadable")
    return meta


def _check_compatible(meta: dict[str, Any], store: GraphStore, embedder: Embedder | None,
                      directory: Path) -> None:
    wanted = embedder.model_fingerprint if embedder is not None else model_fingerprint()
    if meta.get("format") != FORMAT_VERSION:
        raise StaleIndexError(f"entity index in {directory} has an old format; rebuild it")
    if meta.get("model_fingerprint") != wanted:
        raise StaleIndexError(f"entity index in {directory} was built with {meta.get('model_fingerprint')}, "
                              f"not {wanted} (HGRAG_EMBED_QUANTIZE); rebuild it")
    if meta.get("store_counts") != store.node_counts():
        raise StaleIndexError(f"entity index in {directory} was built for another graph; rebuild it")
