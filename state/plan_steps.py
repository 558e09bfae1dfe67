"""The plan IR as a flat list of steps: the bounded, non-recursive schema the LLM planner fills.

A step is an IR operator (state/plan_ir.py) with an `id`, whose operator-valued fields (input, sub,
source, target, inputs) hold ids of earlier steps instead of nested operators; the last step is the
plan's result:

  {"steps": [{"id": "s1", "op": "match", "type": "author", "text": "Ada Lovelace"},
             {"id": "s2", "op": "traverse", "input": "s1", "edge": "writes", "direction": "out"},
             {"id": "s3", "op": "aggregate", "input": "s2", "fn": "count"}]}

The step models are derived from the IR's own operator models, field by field, so the two cannot
drift apart; `match` leaves out `ids` (the planner links the mention text through the entity index).
Unlike the IR's recursive schema, this one has no cycles, so `with_structured_output` dereferences
it in linear time. `nest_steps` turns a step list back into the IR tree, naming the first missing,
forward or unused reference (a partial plan).
"""

from __future__ import annotations

import typing
from typing import Annotated, Any, Union

from pydantic import BaseModel, ConfigDict, Field, create_model

from hgrag.state import plan_ir

MAX_STEPS = 12
StepId = Annotated[str, Field(min_length=1, max_length=12, description="id of an earlier step")]
OwnId = Annotated[str, Field(min_length=1, max_length=12, description="this step's id, e.g. s1")]
OPERATORS = (plan_ir.Match, plan_ir.Traverse, plan_ir.Filter, plan_ir.SetOp, plan_ir.Aggregate, plan_ir.Top,
             plan_ir.Project, plan_ir.Test, plan_ir.Path, plan_ir.Describe, plan_ir.Unsupported)
LEFT_TO_THE_LINKER = {"match": ("ids",)}


class StepError(ValueError):
    """A step list that does not form one plan (missing, forward or unused references)."""


def _is_operator(annotation: Any) -> bool:
    """Does a field annotation hold IR operators (Plan, list[Plan], Plan | None)?"""
    if isinstance(annotation, type) and issubclass(annotation, plan_ir._Op):
        return True
    return any(_is_operator(arg) for arg in typing.get_args(annotation))


def _reference(annotation: Any) -> Any:
    """The step-id form of an operator-valued field's type."""
    origin = typing.get_origin(annotation)
    if origin is list:
        return list[StepId]
    if type(None) in typing.get_args(annotation):
        return StepId | None
    return StepId


def operator_fields(model: type[BaseModel]) -> list[str]:
    """Names of a model's fields that hold operators."""
    return [name for name, info in model.model_fields.items() if _is_operator(info.annotation)]


def _step_model(model: type[BaseModel]) -> type[BaseModel]:
    op_name = typing.get_args(model.model_fields["op"].annotation)[0]
    omitted = LEFT_TO_THE_LINKER.get(op_name, ())
    fields: dict[str, Any] = {"id": (OwnId, ...)}
    for name, info in model.model_fields.items():
        if name in omitted:
            continue
        if _is_operator(info.annotation):
            default = None if type(None) in typing.get_args(info.annotation) else ...
            fields[name] = (_reference(info.annotation), Field(default, description=f"step id ({name})"))
        else:
            fields[name] = (info.annotation, info)
    return create_model(f"{model.__name__}Step", __config__=ConfigDict(extra="forbid"),
                        __doc__=f"The IR operator {op_name!r} as a step.", **fields)


STEP_MODELS = tuple(_step_model(model) for model in OPERATORS)
Step = Annotated[Union[STEP_MODELS], Field(discriminator="op")]  # type: ignore[valid-type]


class PlanSteps(BaseModel):
    """A plan over the scholarly graph as a list of steps; the last step is the answer."""

    model_config = ConfigDict(extra="forbid")
    steps: list[Step] = Field(min_length=1, max_length=MAX_STEPS)  # type: ignore[valid-type]


def nest_steps(steps: list[dict[str, Any]]) -> tuple[dict[str, Any], dict[int, str]]:
    """The IR tree of a step list, and each tree operator's step id (by object id) for messages."""
    built: dict[str, dict[str, Any]] = {}
    names: dict[int, str] = {}
    used: set[str] = set()
    for step in steps:
        sid = str(step.get("id", ""))
        if sid in built:
            raise StepError(f"step id {sid!r} is used twice")
        node = {k: v for k, v in step.items() if k != "id" and v is not None}
        for key in ("input", "sub", "source", "target"):
            if key in node:
                node[key] = _resolve(built, node[key], sid, key, used)
        if "inputs" in node:
            node["inputs"] = [_resolve(built, ref, sid, "inputs", used) for ref in node["inputs"]]
        built[sid] = node
        names[id(node)] = sid
    if not steps:
        raise StepError("the plan has no steps")
    result = str(steps[-1].get("id", ""))
    unused = [sid for sid in built if sid != result and sid not in used]
    if unused:
        raise StepError(f"step {unused[0]!r} is not used by the result (step {result!r}): the plan is incomplete")
    return built[result], names


def _resolve(built: dict[str, dict[str, Any]], ref: Any, sid: str, key: str, used: set[str]) -> dict[str, Any]:
    ref = str(ref)
    if ref not in built:
        raise StepError(f"step {sid!r} refers to {ref!r} ({key}), which is not an earlier step: the plan is incomplete")
    used.add(ref)
    return built[ref]


def step_operator_names() -> list[str]:
    """Every operator name a step may have (for prompts and their tests)."""
    names: list[str] = []
    for model in STEP_MODELS:
        names += list(typing.get_args(model.model_fields["op"].annotation))
    return names
