"""Baselines without the graph machinery: vanilla RAG (FAISS over node descriptions) and LLM-only.

vanilla_rag: a LangChain FAISS vector store over text descriptions of nodes
(evaluation/passages.py), embedded with hgrag.tools.embeddings (all-MiniLM-L6-v2); the top-k
passages are answered extractively offline, or by the LLM when one is configured. The store
is built once per dataset and cached under the dataset's cache directory. Graphs with more
than MAX_FULL_PASSAGES candidate passages (DBLP: ~164k) get paper and venue passages only:
embedding every author too would take ~25 minutes on 2 CPU cores (~100 passages/s).

llm_only: the question alone goes to the configured LLM; without one it is skipped.
"""

from __future__ import annotations

import json
import os
import sys
import time
import warnings
from pathlib import Path
from typing import Any

import numpy as np
from langchain_core.documents import Document
from langchain_core.embeddings import Embeddings

from hgrag.evaluation.passages import extractive_answer, iter_passages
from hgrag.tools.errors import HgragError, LLMError
from hgrag.tools.graph_store import GraphStore

TOP_K = 5
MAX_FULL_PASSAGES = 50_000
STORE_DIR = "vanilla_rag"
OFFLINE = "offline"


class SystemSkipped(HgragError):
    """A system that cannot run in this configuration (llm_only without an LLM)."""


class MiniLMEmbeddings(Embeddings):
    """LangChain Embeddings over hgrag's shared sentence embedder (loaded on first use)."""

    def __init__(self, progress: bool = False):
        self.progress = progress

    @property
    def embedder(self) -> Any:
        from hgrag.tools.embeddings import get_embedder

        return get_embedder(batch=True)

    def embed_array(self, texts: list[str]) -> np.ndarray:
        return self.embedder.encode(texts, progress=self.progress, desc="embedding passages")

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        return self.embed_array(list(texts)).tolist()

    def embed_query(self, text: str) -> list[float]:
        return self.embedder.encode_one(text).tolist()


def llm_settings(context: dict[str, Any]) -> dict[str, Any] | None:
    """model / base_url / api_key when an LLM is configured, else None (offline)."""
    model = context.get("model") or OFFLINE
    base_url = context.get("base_url") or os.environ.get("OPENAI_BASE_URL")
    if model == OFFLINE or not base_url:
        return None
    api_key = context.get("api_key") or os.environ.get("OPENAI_API_KEY") or "not-needed"
    return {"model": model, "base_url": base_url, "api_key": api_key}


def _community() -> tuple[Any, Any, Any]:
    """FAISS, InMemoryDocstore and DistanceStrategy from langchain_community (its import warns
    that the package is being sunset: expected, silenced here only)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        from langchain_community.docstore.in_memory import InMemoryDocstore
        from langchain_community.vectorstores import FAISS
        from langchain_community.vectorstores.utils import DistanceStrategy
    return FAISS, InMemoryDocstore, DistanceStrategy


def _fingerprint() -> str:
    from hgrag.tools.embeddings import model_fingerprint

    return model_fingerprint()


def _store_directory(cache_dir: Path) -> Path:
    safe = _fingerprint().replace("/", "_").replace("@", "-")
    return cache_dir / STORE_DIR / safe


def _build_vector_store(store: GraphStore, embeddings: MiniLMEmbeddings) -> tuple[Any, dict[str, Any]]:
    """A FAISS inner-product store over node passages (vectors are unit length)."""
    import faiss

    faiss_store, InMemoryDocstore, DistanceStrategy = _community()  # noqa: N806 (classes)
    counts = store.node_counts()
    include_authors = sum(counts.values()) <= MAX_FULL_PASSAGES
    started = time.perf_counter()
    passages = list(iter_passages(store, include_authors=include_authors))
    vectors = embeddings.embed_array([text for text, _ in passages])
    index = faiss.IndexFlatIP(vectors.shape[1])
    index.add(vectors)
    ids = [str(i) for i in range(len(passages))]
    docstore = InMemoryDocstore({i: Document(page_content=t, metadata=m) for i, (t, m) in zip(ids, passages)})
    vector_store = faiss_store(embeddings, index, docstore, dict(enumerate(ids)),
                                  distance_strategy=DistanceStrategy.MAX_INNER_PRODUCT)
    seconds = time.perf_counter() - started
    info = {"passages": len(passages), "include_authors": include_authors,
            "build_seconds": round(seconds, 1), "passages_per_second": round(len(passages) / max(seconds, 1e-9), 1)}
    return vector_store, info


def load_vector_store(store: GraphStore, cache_dir: Path, progress: bool = False) -> tuple[Any, dict[str, Any]]:
    """The dataset's vector store from the cache when its files match the checksums meta.json
    records for it, else built now (one stderr line says why when a copy was there)."""
    from hgrag.tools import cache

    embeddings = MiniLMEmbeddings(progress=progress)
    directory = _store_directory(cache_dir)
    name = directory.relative_to(cache_dir).as_posix()
    with cache.build_lock(cache_dir):
        if directory.exists() or directory.is_symlink():
            try:
                return _load_checked(cache_dir, name, directory, embeddings)
            except cache.CacheDamaged as damage:
                cache.report(cache_dir, str(damage))
        if progress:
            print(f"building the vanilla-RAG vector store in {directory}", file=sys.stderr)
        vector_store, info = _build_vector_store(store, embeddings)

        def fill(temporary: Path) -> None:
            vector_store.save_local(str(temporary))
            (temporary / "info.json").write_text(json.dumps(info, indent=2))

        cache.save_directory_atomic(directory, fill, replace=True)
        cache.record_store(cache_dir, name, directory)
    return vector_store, {**info, "loaded_from_cache": False}


def _load_checked(cache_dir: Path, name: str, directory: Path, embeddings: Any) -> tuple[Any, dict[str, Any]]:
    from hgrag.tools import cache

    cache.verify_store(cache_dir, name, directory)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            vector_store = _community()[0].load_local(str(directory), embeddings,
                                                     allow_dangerous_deserialization=True)
        info = json.loads((directory / "info.json").read_text()) if (directory / "info.json").is_file() else {}
    except Exception as exc:  # noqa: BLE001 - checksums matched: a store another version wrote
        raise cache.CacheDamaged(f"{name} cannot be loaded ({type(exc).__name__})") from None
    return vector_store, {**info, "loaded_from_cache": True}


def _system_result(answer: list[str], error: str | None = None, **extra: Any) -> dict[str, Any]:
    return {"answer": answer, "answer_text": "; ".join(answer), "query_type": None, "verified": False,
            "expansions": 0, "regenerations": 0, "error": error, **extra}


def _chat(settings: dict[str, Any]) -> Any:
    from langchain_openai import ChatOpenAI

    return ChatOpenAI(model=settings["model"], base_url=settings["base_url"], api_key=settings["api_key"],
                      temperature=0, timeout=120, max_retries=1)


ANSWER_RULES = ("Answer with the answer items only, one per line: names, titles, a number, a year, "
                "or yes/no. No explanations. If you do not know, answer UNKNOWN.")


def _ask_llm(chat: Any, question: str, passages: list[str] | None) -> list[str]:
    if passages is None:
        prompt = f"{ANSWER_RULES}\n\nQuestion: {question}"
    else:
        context = "\n".join(f"[{i + 1}] {p}" for i, p in enumerate(passages))
        prompt = f"Use only these passages.\n{context}\n\n{ANSWER_RULES}\n\nQuestion: {question}"
    try:
        reply = chat.invoke(prompt)
    except Exception as exc:  # the endpoint's own errors vary by client version
        raise LLMError(f"LLM request failed: {type(exc).__name__}: {exc}") from None
    lines = [line.strip(" -*•\t") for line in str(reply.content).splitlines()]
    return [line for line in lines if line and line.upper() != "UNKNOWN"]


class VanillaRAG:
    """Top-k passages from the vector store; extractive answer offline, LLM answer otherwise."""

    def __init__(self, store: GraphStore, cache_dir: Path, *, k: int = TOP_K, progress: bool = False,
                 **context: Any):
        self.vector_store, self.info = load_vector_store(store, cache_dir, progress=progress)
        self.k = k
        settings = llm_settings(context)
        self.chat = _chat(settings) if settings else None

    def retrieve(self, question: str) -> list[Document]:
        return self.vector_store.similarity_search(question, k=self.k)

    def __call__(self, question: str) -> dict[str, Any]:
        documents = self.retrieve(question)
        if self.chat is not None:
            answer = _ask_llm(self.chat, question, [d.page_content for d in documents])
        else:
            answer = extractive_answer(question, [d.metadata for d in documents])
        return _system_result([str(a) for a in answer if a not in (None, "")],
                              evidence={"passages": [d.metadata.get("node_id") for d in documents]})


class LLMOnly:
    """The configured LLM answers from its own knowledge (no retrieval)."""

    def __init__(self, **context: Any):
        settings = llm_settings(context)
        if settings is None:
            raise SystemSkipped("llm_only needs an LLM: pass --model NAME and --base-url URL "
                                "(or set OPENAI_BASE_URL)")
        self.chat = _chat(settings)

    def __call__(self, question: str) -> dict[str, Any]:
        return _system_result(_ask_llm(self.chat, question, None))
