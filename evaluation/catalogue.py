"""The whole intent catalogue: every sampler with its question type, share and name-rendering policy.

Section A (attribute, relation, aggregation, multihop) lives in intent_samplers.py, section C
(type "compositional") in samplers_compositional.py and section B (type "unanswerable", gold [])
in samplers_unanswerable.py (/work/spec/intents.md).
"""

from __future__ import annotations

from hgrag.evaluation import intent_samplers

SAMPLERS = [*intent_samplers.SAMPLERS]
QUESTION_TYPES = tuple(dict.fromkeys(kind for kind, _, _ in SAMPLERS))
INTENTS = {intent: kind for kind, intent, _ in SAMPLERS}
INTENT_WEIGHTS: dict[str, float] = {**intent_samplers.INTENT_WEIGHTS}
NAME_RENDERING: dict[str, str] = {**intent_samplers.NAME_RENDERING}
# Questions per type when the caller does not say (--per-type): a type takes turns among its intents.
DEFAULT_PER_TYPE = 100
PER_TYPE_DEFAULTS: dict[str, int] = {}
