"""The offline MiniLM embedder: unit vectors, stable row order, settings, singleton."""

from __future__ import annotations

import threading

import numpy as np
import pytest

from hgrag.tools.embeddings import (
    MAX_CHARS,
    Embedder,
    get_embedder,
    model_fingerprint,
    quantize_default,
)


@pytest.fixture(scope="module")
def embedder() -> Embedder:
    return get_embedder()


def test_encode_gives_unit_float32_rows(embedder):
    vectors = embedder.encode(["Digital communication over fading channels", "Marvin K. Simon"])
    assert vectors.shape == (2, embedder.dimension)
    assert vectors.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-4)


def test_rows_follow_input_order_whatever_the_lengths(embedder):
    # int8 activations are scaled per batch, so a text's vector varies a little with its batch.
    texts = ["a rather long title about outage probability in fading channels", "Simon", "wireless"]
    together = embedder.encode(texts)
    for row, text in enumerate(texts):
        similarity = together @ embedder.encode_one(text)
        assert int(similarity.argmax()) == row
        assert similarity[row] > 0.9


def test_related_texts_are_closer_than_unrelated(embedder):
    query, related, unrelated = embedder.encode([
        "outage probability of fading channels",
        "Outage analysis for Rayleigh fading channels",
        "A relational database query optimiser",
    ])
    assert float(query @ related) > float(query @ unrelated) + 0.2


def test_empty_inputs(embedder):
    assert embedder.encode([]).shape == (0, embedder.dimension)
    vectors = embedder.encode(["   ", "graph"])
    assert not vectors[0].any()
    assert vectors[1].any()


def test_very_long_text_is_truncated_not_rejected(embedder):
    long_text = "chi-square variates " * 200
    assert len(long_text) > 2000 > MAX_CHARS
    vector = embedder.encode_one(long_text)
    np.testing.assert_allclose(vector, embedder.encode_one(long_text[:MAX_CHARS]), atol=1e-5)


def test_progress_bar_does_not_change_results(embedder):
    texts = ["network coding", "secure multiparty computation"]
    np.testing.assert_allclose(embedder.encode(texts, progress=True), embedder.encode(texts), atol=1e-5)


def test_singleton_is_shared_across_threads(embedder):
    seen: list[Embedder] = []
    threads = [threading.Thread(target=lambda: seen.append(get_embedder())) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert all(other is embedder for other in seen)


def test_quantize_setting_comes_from_env_and_marks_fingerprint(monkeypatch):
    monkeypatch.delenv("HGRAG_EMBED_QUANTIZE", raising=False)
    assert quantize_default() is True
    for off in ("0", "false", "off"):
        monkeypatch.setenv("HGRAG_EMBED_QUANTIZE", off)
        assert quantize_default() is False
        assert model_fingerprint() == model_fingerprint(False)
    assert model_fingerprint(True) != model_fingerprint(False)
    assert "qint8" in model_fingerprint(True)


def test_embedder_reports_its_setting(embedder):
    assert embedder.model_fingerprint == model_fingerprint(embedder.quantize)


def _vector(session, embedder, text: str) -> np.ndarray:
    encoded = embedder._tokenizer.encode_batch([text])
    feed = {"input_ids": np.array([e.ids for e in encoded], dtype=np.int64),
            "attention_mask": np.array([e.attention_mask for e in encoded], dtype=np.int64)}
    return session.run(None, feed)[0][0]


def test_the_optimised_model_is_saved_once_and_gives_the_same_vectors(embedder, tmp_path):
    import os
    import shutil

    import onnxruntime

    from hgrag.tools.embeddings import _optimized_session, ensure_onnx, optimized_path

    model = tmp_path / "model.onnx"
    shutil.copyfile(ensure_onnx(embedder.quantize), model)
    saved = optimized_path(model)
    first = _optimized_session(onnxruntime, model)  # optimises the model and keeps the result
    assert saved.is_file()
    reference = _vector(first, embedder, "outage probability in fading channels")
    for damage in ("truncated", "stale"):
        if damage == "truncated":
            saved.write_bytes(saved.read_bytes()[:1000])
        else:
            os.utime(saved, (0, 0))  # older than the model it was made from
        again = _optimized_session(onnxruntime, model)
        assert saved.is_file() and saved.stat().st_size > 1000 and saved.stat().st_mtime >= model.stat().st_mtime
        np.testing.assert_array_equal(_vector(again, embedder, "outage probability in fading channels"), reference)
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temporary left behind


def test_a_query_embedder_and_a_batch_embedder_give_the_same_vectors():
    texts = ["outage probability in fading channels", "Marvin K. Simon", "a" * 400]
    query, batch = Embedder(batch=False), Embedder(batch=True)
    assert not query.batch and batch.batch
    np.testing.assert_array_equal(query.encode(texts), batch.encode(texts))


def test_a_build_asks_for_the_batch_embedder_and_questions_take_whichever_is_loaded(monkeypatch):
    from hgrag.tools import embeddings

    monkeypatch.setattr(embeddings, "_SINGLETONS", {})
    first = get_embedder(batch=False)
    assert not first.batch and get_embedder() is first
    built = get_embedder(batch=True)
    assert built.batch and built is not first
    assert get_embedder() is built and get_embedder(batch=True) is built
