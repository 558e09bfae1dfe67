"""'Take whoever has published the most papers in V. Where else has that person published?': a first sentence that
picks one thing by a description (not by its name) and a second that asks about it through an anaphor. The first
sentence is asked as a question of its own ('who has published the most papers in V?'); when its checked plan gives
exactly one thing, the anaphor of the second is written as that thing's name and the second is planned and checked.
The interpretation says what was picked and how. Used only when the check declines the whole question; the words
are lexicon data (`chained_sentences`: the leads that pick, and how a description opens as a question)."""

from __future__ import annotations

import re
from typing import Any, Callable

from hgrag.agents.understanding.cue_words import phrase_alternation
from hgrag.agents.understanding.context_fold import first_anaphor
from hgrag.agents.understanding.lexicon import load

SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z\"“])|\s+(?:--|[—–])\s+")  # (or a dash: 'Whoever … -- what …')


def chained_sentences(question: str, plan: dict[str, Any], planned: Callable[[str], dict[str, Any]],
                      store: Any) -> dict[str, Any] | None:
    """The plan of the asking sentence with its anaphor named by what the first sentence picks, or None."""
    from hgrag.agents.checking.question_check import reads_it, unexplained_parts

    sentences = SENTENCE.split(question.strip())
    if len(sentences) != 2 or not unexplained_parts(question, plan):
        return None
    picking = _as_question(sentences[0])
    found = first_anaphor(sentences[1])
    if picking is None or found is None:
        return None
    first = planned(picking)
    if not reads_it(picking, first):
        return None
    picked = _one_node(store, first["ir"], found[0])
    if picked is None:
        return None
    name = store.label(picked)
    written = f'"{name}"' if found[0] == "paper" else name
    written += "'s" if found[1].group(0).lower() in load("en").extra.get("anaphors", {}).get("possessive", []) else ""
    asking = sentences[1][:found[1].start()] + written + sentences[1][found[1].end():]
    second = planned(asking)
    if not reads_it(asking, second):
        return None
    return _joined(question, first, second, picked, found[1].group(0), name)


def _joined(question: str, first: dict[str, Any], second: dict[str, Any], picked: str, anaphor: str,
            name: str) -> dict[str, Any] | None:
    """The second plan with the picked thing's match replaced by the first plan (one plan for both sentences),
    checked against the whole question; its interpretation says what was picked."""
    from hgrag.agents.answering.interpretation import interpret
    from hgrag.agents.checking.question_check import unexplained_parts
    from hgrag.agents.planning.ir_planner import ir_native_plan

    program = _grafted(second["ir"], picked, first["ir"])
    if program == second["ir"]:
        return None
    anchors = list(first.get("anchors") or []) + [a for a in second.get("anchors") or [] if a.get("node_id") != picked]
    native = {**second, **ir_native_plan(program, anchors, [])}
    native["interpretation"] = f"({anaphor}: {name}) {interpret(program, None, anchors=anchors)}"
    native["rationale"] = f"chained sentences: {first.get('rationale', '')}; {second.get('rationale', '')}"
    return None if unexplained_parts(question, native) else native


def _grafted(op: Any, picked: str, sub: dict[str, Any]) -> Any:
    if isinstance(op, list):
        return [_grafted(item, picked, sub) for item in op]
    if not isinstance(op, dict):
        return op
    if op.get("op") == "match" and op.get("ids") == [picked]:
        return sub
    return {key: _grafted(value, picked, sub) for key, value in op.items()}


def _spec() -> dict[str, Any]:
    return load("en").extra.get("chained_sentences", {})


def _as_question(sentence: str) -> str | None:
    """'Take whoever has published the most papers in V.' -> 'Who has published the most papers in V?'; None when
    the sentence does not open with a picking lead of the lexicon."""
    spec = _spec()
    lead = re.match(rf"\s*(?:{phrase_alternation(spec.get('leads', []))})\s+", sentence, re.IGNORECASE)
    rest = sentence[lead.end() if lead else 0:].strip().rstrip(" .!?")
    for opening, asked in spec.get("openings", {}).items():
        if lead is None and opening not in spec.get("openings_alone", []):
            continue  # ('Whoever was first author of T -- …' picks without a lead; 'The …' does not)
        found = re.match(rf"{re.escape(opening)}\b", rest, re.IGNORECASE)
        if found:
            return f"{asked}{rest[found.end():]}?"
    return None


def _one_node(store: Any, program: dict[str, Any], kind: str) -> str | None:
    """The one node of `kind` the plan gives, else None."""
    from hgrag.tools.ir_exec import execute

    value = execute(store, program).value
    nodes = list(value.data) if value.kind == "nodes" else []
    return nodes[0] if len(nodes) == 1 and store.node_type(nodes[0]) == kind else None


def confirmed_claim(question: str, plan: dict[str, Any], planned: Callable[[str], dict[str, Any]]) -> dict[str, Any] | None:
    """'A worked at I at some point. Does the record back that up?': when the plan does not read the statement before
    a sentence that only asks whether it holds, the statement is planned as a yes/no question; kept when the check
    accepts it (against that text, which the validation then reads: `checked_question`)."""
    from hgrag.agents.checking.question_check import reads_it, unexplained_parts
    from hgrag.agents.understanding.sentences import with_confirmation_as_tag

    text = with_confirmation_as_tag(question)
    if text is None or plan.get("ir") and plan.get("operation") == "yes_no" and not unexplained_parts(text, plan):
        return None  # (the plan reads the statement too: 'A and B collaborated once. Is that true?'; a list is no
    # reply to whether it holds)
    new = planned(text)
    if not reads_it(text, new):
        return None
    new["checked_question"] = text
    return new
