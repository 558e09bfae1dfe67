"""Public Python API: build the compiled QA graph, or ask one question."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from hgrag.state.context import Context
from hgrag.graphs.scholar_qa import VARIANTS, Policies, build_qa_graph

__all__ = ["ask", "build_qa_graph", "Context", "Policies", "VARIANTS"]


@lru_cache(maxsize=len(VARIANTS))
def _compiled(variant: str) -> Any:
    return build_qa_graph(variant)


def ask(question: str, dataset: str = "openalex", *, source: str | None = None, variant: str = "agentic",
        **context: Any) -> dict[str, Any]:
    """Answer one question; returns the output state (answer, answer_text, evidence, scores, error)."""
    ctx = Context.from_mapping({"dataset": dataset, "source": source, **context})
    return _compiled(variant).invoke({"question": question, "dataset": dataset}, context=ctx)
