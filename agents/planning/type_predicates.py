"""Yes/no questions whose predicate is a type: 'Is V a journal?', 'Is T a preprint?', 'Was V classified as a
repository?'. The predicate noun is looked up in the lexicon's `type_values` (a value of `venue_type` or
`work_type`, as the graph stores it), and the plan tests the one linked entity's own attribute against it.
An entity whose graph record holds no such attribute gets an unsupported plan ('the graph does not record
the venue type of V'), never a 'no'."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from hgrag.agents.planning.intent import Frame
from hgrag.agents.planning.ir_planner import ir_native_plan
from hgrag.agents.planning.plan_compiler import compile_plan, mention_dict
from hgrag.agents.planning.plan_lowering import with_ir
from hgrag.agents.understanding.lexicon import load
from hgrag.agents.understanding.tokens import words
from hgrag.state import plan_ir as ir

ATTRIBUTE_OF_KIND = {"venue": "venue_type", "paper": "work_type"}


@lru_cache(maxsize=1)
def _type_words() -> tuple[dict[tuple[str, ...], tuple[str, str]], frozenset[str], tuple[tuple[str, ...], ...], int]:
    """(forms -> (attribute, stored value), articles, linking phrases, longest form) from the lexicon."""
    section = load("en").extra.get("type_values") or {}
    forms: dict[tuple[str, ...], tuple[str, str]] = {}
    for attribute, values in (section.get("values") or {}).items():
        for value, names in values.items():
            for name in names:
                for form in (name, name + "s"):
                    forms[tuple(words(form))] = (attribute, value)
    links = tuple(tuple(words(p)) for p in section.get("linking_phrases") or [])
    longest = max((len(f) for f in forms), default=1)
    return forms, frozenset(section.get("articles") or []), links, longest


def type_predicate(residual: str) -> tuple[int, str, str] | None:
    """(index of the mention placeholder among the placeholders, attribute, value) when the question's
    predicate is 'placeholder [linking phrase] a/an TYPE' and nothing but the question's end follows."""
    forms, articles, links, longest = _type_words()
    ws = words(residual)
    placeholders = [i for i, w in enumerate(ws) if w.startswith("zz")]
    for nth, at in enumerate(placeholders):
        rest = ws[at + 1:]
        for link in sorted(links, key=len, reverse=True):
            if tuple(rest[:len(link)]) == link:
                rest = rest[len(link):]
                break
        if rest[:1] and rest[0] in articles:
            rest = rest[1:]
        for n in range(min(longest, len(rest)), 0, -1):
            found = forms.get(tuple(rest[:n]))
            if found and _closes(rest[n:], articles):
                return nth, found[0], found[1]
    return None


def _closes(rest: list[str], articles: frozenset[str]) -> bool:
    """Nothing but closing words after the type ('or not', a tag); another type or a relation is no test."""
    closing = set(load("en").extra.get("type_values", {}).get("closing_words") or [])
    return all(w in closing for w in rest)


def _opens_yes_no(residual: str) -> bool:
    """The question opens with an auxiliary ('is', 'was' …: the lexicon's head:aux)."""
    first = words(residual)[:1]
    return bool(first) and load("en").concept(first[0]) == "head:aux"


def type_test_plan(residual: str, spans: list[Any], plan: dict[str, Any], store: Any) -> dict[str, Any] | None:
    """The plan testing the one linked venue's or paper's type, or None when the question is no such test."""
    if plan.get("operation") != "yes_no" and not _opens_yes_no(residual):
        return None
    found = type_predicate(residual)
    linked = [s for s in spans if s.candidates]
    if not found or len(linked) != 1 or len(spans) != 1:
        return None
    span = linked[0]
    attribute, value = found[1], found[2]
    if ATTRIBUTE_OF_KIND.get(span.type) != attribute:
        return None
    node = span.candidates[0].node_id
    if store is not None and not store.attr(node, attribute):
        missing = compile_plan(Frame(operation="unsupported", target=f"unsupported:{attribute.replace('_', ' ')}"),
                               [span], [], [])
        return with_ir({**missing, "residual": residual})
    test = ir.test(ir.project(ir.match([node], span.type, span.text), attribute), "contains", [value])
    typed = ir_native_plan(test, [mention_dict(span, "subject")], list(plan.get("unresolved") or []))
    typed["rationale"] = f"type test: {attribute} = {value}"
    return with_ir({**typed, "residual": residual})
