"""Negated yes/no questions and comparisons between named entities (issue 19, item 6).

"didn't A publish in V?" asks whether A published in V; "was T not not published in Y?" asks whether T
was published in Y: the question is re-read without the negation (its words are data, words.json).
"which one has more authors, T1 or T2?" returns the winner: a ranking of the named entities by the
measure the comparative names (words.json: comparatives)."""

from __future__ import annotations

import re
from typing import Any, Callable

from hgrag.agents.second_reader.lexicon import find, phrase_pattern, words
from hgrag.state import plan_ir as ir

PlanFn = Callable[[str], dict[str, Any]]
NEGATOR_RUN = None


def _negators() -> re.Pattern:
    alternatives = "|".join(re.escape(w) for w in words()["negators"] if w != "n't")
    return re.compile(rf"\b(?:{alternatives})\s+(?:{alternatives})\b", re.IGNORECASE)


def positive_reading(question: str) -> str | None:
    """The question without a leading negative auxiliary or a doubled negation; None when it has neither
    or when a negation would remain (a single inner 'not' is left to the rules)."""
    text = question.strip()
    rewritten = text
    lead = phrase_pattern("negative_auxiliaries").match(text)
    if lead:
        positive = words()["negative_auxiliaries"][lead.group(0).lower().replace("’", "'")]
        rewritten = positive[:1].upper() + positive[1:] + text[lead.end():]
    rewritten = _negators().sub(" ", rewritten)
    rewritten = " ".join(rewritten.split())
    if rewritten == " ".join(text.split()):
        return None
    if find("negators", rewritten) or phrase_pattern("negative_auxiliaries").search(rewritten):
        return None
    return rewritten


def negated_yes_no(question: str, plan_fn: PlanFn) -> dict[str, Any] | None:
    """The rules' plan of the positive question, when that plan is a yes/no test."""
    rewritten = positive_reading(question)
    if rewritten is None:
        return None
    plan = plan_fn(rewritten)
    if (plan.get("ir") or {}).get("op") != "test":
        return None
    plan["read_as"] = rewritten
    plan["checked_question"] = rewritten
    return plan


def alternatives_group(question: str, spans: list[Any], family: str) -> list[Any]:
    """The longest run of same-kind linked mentions joined only by words of `family` (or commas)."""
    joiners = {w.lower() for w in words()[family]}
    best: list[Any] = []
    run: list[Any] = []
    for span in sorted((s for s in spans if s.candidates), key=lambda s: s.start):
        if run and span.type == run[-1].type and _joined(question[run[-1].end:span.start], joiners):
            run.append(span)
        else:
            run = [span]
        if len(run) > len(best):
            best = list(run)
    return best if len(best) >= 2 else []


def _joined(between: str, joiners: set[str]) -> bool:
    core = between.strip(" \"'“”‘’,").lower()
    core = core.rstrip(",").strip(" \"'“”‘’")
    return core in joiners or core == "" and "," in between


def comparison_plan(question: str, spans: list[Any]) -> tuple[dict[str, Any], list[Any]] | None | str:
    """The ranking IR of 'which one has more X, A or B?' and the compared mentions; a reason (str) when
    the question compares but part of it cannot be read; None when it is no such question."""
    outside = question
    for span in sorted(spans, key=lambda s: -s.start):  # a comparative inside a title compares nothing
        outside = outside[:span.start] + "X" + outside[span.end:]
    found = find("comparatives", outside)
    group = alternatives_group(question, spans, "alternatives") or alternatives_group(question, spans, "coordinators")
    if not group or not found:
        return None
    phrase = found[0].group(0).lower()
    attr, order = words()["comparatives"][phrase]
    if group[0].type not in words()["measures_per_kind"].get(attr, []):
        return f"I can't compare {group[0].type}s by '{phrase}'"
    leftover = _leftover(question, group, [m.group(0) for m in found])
    if leftover:
        return f"I can't use '{' '.join(leftover)}' in this comparison"
    nodes = [ir.match([s.candidates[0].node_id], s.type, s.text) for s in group]
    return ir.top(ir.setop("union", nodes), attr, order), group


def _leftover(question: str, group: list[Any], phrases: list[str]) -> list[str]:
    """Words of the question that neither the compared mentions, the comparative, the alternatives nor
    the declared comparison fillers account for."""
    text = question
    for span in sorted(group, key=lambda s: -s.start):
        text = text[:span.start] + " " + text[span.end:]
    for phrase in phrases:
        text = re.sub(re.escape(phrase), " ", text, flags=re.IGNORECASE)
    fillers = {w.lower() for w in words()["comparison_fillers"] + words()["alternatives"] + words()["comparison_heads"]}
    tokens = [t.strip("'’-") for t in re.findall(r"[\w'’-]+", text.lower())]
    tokens = [t for t in tokens if t]
    return [t for t in tokens if t not in fillers]
