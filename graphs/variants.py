"""Ablation policies: no_plan (fixed generic 2-hop plan), no_rerank, and the graph_rag baseline."""

from __future__ import annotations

from typing import Any

import numpy as np

from hgrag.agents.graph_retrieval_agent import OfflineRetriever, question_vector
from hgrag.agents.planning.plan_compiler import mention_dict
from hgrag.agents.planning.plan_lowering import with_ir
from hgrag.agents.retrieval_agent import detector_for
from hgrag.tools.plan_exec import linked_subjects, run_plan

GENERIC_HOP = {"to_type": "*", "edge": "*", "direction": "both"}
NEIGHBOURHOOD_ANSWERS = 3


class GenericPlanner:
    """Retrieval agent removed: link mentions, then always 'list the 2-hop neighbourhood'."""

    def plan(self, question: str, resources: Any, context: Any) -> dict[str, Any]:
        spans, _, unresolved = detector_for(resources).detect(question)
        return with_ir({"query_type": "multihop", "start_type": spans[0].type if spans else "none",
                "anchors": [mention_dict(s, "subject") for s in spans], "steps": [GENERIC_HOP, GENERIC_HOP],
                "constraints": {}, "target_type": "any", "operation": "list", "attribute": None,
                "exclude_anchors": True, "combine": "union", "hop_budget": 2, "unresolved": unresolved,
                "rationale": "generic 2-hop plan (no planning agent)"})


class NoRerankRetriever(OfflineRetriever):
    """Keeps the first string-match candidate of every mention (no graph re-ranking)."""

    rerank = False


class NeighbourhoodAnswerer:
    """Graph-RAG style answer: neighbourhood nodes ranked by similarity to the question."""

    def generate(self, question: str, plan: dict[str, Any], evidence: dict[str, Any], resources: Any,
                 feedback: str, attempt: int) -> tuple[list[str], str]:
        if not linked_subjects(plan):
            return [], "No entity of the question was found in the graph."
        targets = run_plan(resources.store, plan).targets
        qvec = question_vector(resources.index, question)
        def similarity(node: str) -> float:
            vector = resources.index.vector_of(node)
            return float(np.dot(qvec, vector)) if vector is not None else 0.0
        ranked = sorted(targets, key=lambda n: (-similarity(n), n))[:NEIGHBOURHOOD_ANSWERS]
        answer = [resources.store.label(n) for n in ranked]
        return answer, ", ".join(answer)
