"""What every planner shares: one mention detector per loaded dataset, linking a mention a model
named, and the plan that says why a question is not answered."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from hgrag.agents.planning.intent import Frame
from hgrag.agents.linking.mentions import MentionDetector, Span
from hgrag.agents.planning.plan_compiler import compile_plan
from hgrag.agents.planning.plan_lowering import with_ir
from hgrag.tools.resources import Resources
from hgrag.tools.text import norm_key


@lru_cache(maxsize=16)
def _detector(index: Any, store: Any) -> MentionDetector:
    return MentionDetector(index, store)


def detector_for(resources: Resources) -> MentionDetector:
    """One detector per loaded dataset (it caches the sorted title list for prefix look-ups)."""
    return _detector(resources.index, resources.store)


def unsupported_plan(reason: str) -> dict[str, Any]:
    """A plan that links nothing and says why the question is not answered."""
    plan = compile_plan(Frame(operation="unsupported", target="unsupported:question"), [], [], [])
    plan.update({"operation": "unsupported", "reason": reason, "rationale": reason})
    return with_ir(plan)


def in_question(text: str, question: str) -> bool:
    """Is a mention the model returned really part of the question (ignoring case, accents, punctuation)?"""
    key = norm_key(text.strip().strip("\"'“”‘’"))
    return bool(key) and f" {key} " in f" {norm_key(question)} "


def link_named_mention(detector: MentionDetector, mention: dict[str, Any]) -> Span | None:
    text = str(mention["text"]).strip().strip("\"'“”‘’")
    wanted = mention.get("type") if mention.get("type") in ("paper", "author", "venue") else None
    hits = [h for h in detector.index.lookup(text) if wanted in (None, h.node_type)]
    if not hits and wanted in (None, "paper"):
        hits = detector._fuzzy_candidates(text, text)
    if not hits:
        return None
    kind = wanted or hits[0].node_type
    return Span(-1, -1, text, kind, [h for h in hits if h.node_type == kind])
