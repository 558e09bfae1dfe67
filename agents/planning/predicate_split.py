"""'Which references of T1 are also cited by T2?', 'Which papers cited by T1 were not cited by T2?': a question whose
subject names one set through one named thing and whose predicate, after its auxiliary, restricts it through
another. Each half is planned as a question of its own ('Which references of T1?', 'Which papers are cited by T2?');
when both return things of the asked kind the answer is what they share (or, with one negation in the predicate,
the subject's set less the predicate's); checked against the question as asked. The words are lexicon data
(`predicate_split`: the auxiliaries and the plural noun of each kind; negations from `negated_relation`)."""

from __future__ import annotations

import re
from typing import Any


def subject_and_predicate(question: str, plan: dict[str, Any], planned: Any) -> dict[str, Any] | None:
    """The plan of the question read as subject and predicate when the check declines `plan`, else None."""
    from hgrag.agents.checking.question_check import unexplained_parts

    halves = _halves(question, plan.get("anchors") or [])
    if halves is None or not unexplained_parts(question, plan):
        return None
    subject, predicate, negated = halves
    first, second = planned(subject), planned(predicate)
    kind = _same_kind(first, second, subject, predicate)
    if kind is None:
        return None
    return _joined(question, first, second, negated)


def _spec() -> dict[str, Any]:
    from hgrag.agents.understanding.lexicon import load

    return load("en").extra.get("predicate_split", {})


def _halves(question: str, anchors: list[dict[str, Any]]) -> tuple[str, str, bool] | None:
    """(the subject as a question, the predicate as a question, whether the predicate is negated), or None when the
    question does not open with 'which' / 'what' and a noun, or one auxiliary does not stand between two named
    things."""
    from hgrag.agents.understanding.lexicon import load

    spec = _spec()
    placed = sorted((question.find(a["text"]), a["text"]) for a in anchors if a.get("text") and a["text"] in question)
    partitive = "|".join(re.escape(p).replace(r"\ ", r"\s+") for p in spec.get("partitives", [])) or "(?!)"
    opening = re.match(rf"\s*(?:{'|'.join(map(re.escape, spec.get('heads', [])))})\s+(?:(?:{partitive})\s+)?(?P<noun>[\w-]+)",
                       question, re.IGNORECASE)
    if len(placed) != 2 or opening is None or opening.end() > placed[0][0]:
        return None
    between = question[placed[0][0] + len(placed[0][1]):placed[1][0]]
    auxiliaries = "|".join(re.escape(a) for a in sorted(spec.get("auxiliaries", []), key=len, reverse=True))
    found = list(re.finditer(rf"(?<![\w'-])(?:{auxiliaries})(?![\w'-])", between, re.IGNORECASE))
    if len(found) != 1 or not auxiliaries:
        return None
    at = placed[0][0] + len(placed[0][1]) + found[0].start()
    negations = load("en").extra.get("negated_relation", {}).get("negations", [])
    rest = question[at:]
    negation = [m for m in re.finditer(rf"(?<![\w'-])(?:{'|'.join(map(re.escape, negations))})(?![\w'-])|n't\b", rest,
                                       re.IGNORECASE) if m.start() < rest.find(placed[1][1])]
    if len(negation) > 1:
        return None
    if negation:
        rest = rest[:negation[0].start()] + rest[negation[0].end():]
    subject = question[:at].rstrip(" ,") + "?"
    predicate = f"{opening.group(0).strip()} {rest.strip()}"
    return subject, " ".join(predicate.split()), bool(negation)


def _same_kind(first: dict[str, Any], second: dict[str, Any], subject: str, predicate: str) -> str | None:
    """The node kind both halves return when each is a plan the check accepts, else None."""
    from hgrag.agents.checking.question_check import unexplained_parts
    from hgrag.agents.understanding.signature import output_kind

    plans = [(first, subject), (second, predicate)]
    if any(not p.get("ir") or p.get("operation") in ("unsupported", "count", "yes_no") or unexplained_parts(text, p)
           for p, text in plans):
        return None
    kinds = {output_kind(p["ir"]) for p, _ in plans}
    kind = kinds.pop() if len(kinds) == 1 else None
    return kind if kind in ("paper", "author", "venue") else None


def _joined(question: str, first: dict[str, Any], second: dict[str, Any], negated: bool) -> dict[str, Any] | None:
    from hgrag.agents.answering.interpretation import interpret
    from hgrag.agents.checking.question_check import unexplained_parts
    from hgrag.agents.planning.ir_planner import ir_native_plan
    from hgrag.state import plan_ir as ir

    program = ir.setop("difference" if negated else "intersect", [first["ir"], second["ir"]])
    anchors = list(first.get("anchors") or []) + list(second.get("anchors") or [])
    native = {**first, **ir_native_plan(program, anchors, [])}
    native["interpretation"] = interpret(program, None, anchors=anchors)
    native["rationale"] = f"subject and predicate: {first.get('rationale', '')}; {second.get('rationale', '')}"
    return None if unexplained_parts(question, native) else native
