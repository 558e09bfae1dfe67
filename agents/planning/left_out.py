"""Entities left out of a plan's answer: one led in by an exclusion word ('excluding P', 'besides A') and one
after a negated relation ('which papers citing T were not written by A?'). The question is planned without the
exclusion (or the negation) and the entity is then taken out of that plan's answer (agents/understanding/exclusion
holds how each is found and subtracted)."""

from __future__ import annotations

import re
from typing import Any

from hgrag.agents.planning.ir_planner import ir_native_plan


def with_exclusion(plan: dict[str, Any], question: str, resources: Any, replan: Any) -> dict[str, Any]:
    """`plan`, or, when one named entity is led in by an exclusion word the plan does not honour, the plan of the
    question without that phrase with the entity left out of its answer (agents/understanding/exclusion)."""
    from hgrag.agents.understanding.exclusion import exclusion_phrase, left_out_already, without_entity

    found = exclusion_phrase(question, plan.get("anchors") or [])
    if found is None or left_out_already(plan.get("ir"), found[1]) and not found[1].get("together_with"):
        return plan  # (a group left out is also read as subjects by the rules: 'co-authors of C except A and B')
    return _left_out_plan(plan, *found, resources, replan, without_entity)


def negated_part(question: str, plan: dict[str, Any], planned: Any) -> dict[str, Any] | None:
    """When a negated relation names the one entity the plan leaves unused ('which papers citing T were not
    written by A?'), the plan of the question without the negation (`planned`: every planner and reader) with
    what then holds left out; checked against the question as asked. None otherwise."""
    from hgrag.agents.checking.question_check import unexplained_parts
    from hgrag.agents.understanding.exclusion import negated_relation, without_what_holds

    found = negated_relation(question, plan) if plan.get("ir") and plan.get("operation") != "unsupported" else None
    if found is None or not unexplained_parts(question, plan):
        return None
    rest, entity = found
    replanned = planned(rest)
    new_ir = without_what_holds(replanned["ir"], entity) if replanned.get("ir") and not unexplained_parts(
        rest, replanned) else None
    if new_ir is None:
        return None
    return _checked_native(question, replanned, new_ir)


def _checked_native(question: str, replanned: dict[str, Any], new_ir: dict[str, Any]) -> dict[str, Any] | None:
    """The plan of `new_ir` (with the replanned question's anchors), kept when the check accepts it for the question
    as asked."""
    from hgrag.agents.answering.interpretation import interpret
    from hgrag.agents.checking.question_check import unexplained_parts

    native = {**replanned, **ir_native_plan(new_ir, replanned.get("anchors") or [], [])}
    native["interpretation"] = interpret(new_ir, None, anchors=native.get("anchors"))
    native["rationale"] = f"not: {replanned.get('rationale', '')}"
    return None if unexplained_parts(question, native) else native


ONE_HOP = {("author", "paper"): [("writes", "out")], ("paper", "author"): [("writes", "in")],
           ("paper", "venue"): [("published_in", "out")], ("venue", "paper"): [("published_in", "in")],
           ("author", "author"): [("writes", "out"), ("writes", "in")]}  # the schema's edges (co-authors: two)


def negated_object_part(question: str, plan: dict[str, Any], planned: Any) -> dict[str, Any] | None:
    """'Which of A's co-authors were not on T?' when the plan misreads what the negation is said of: the question
    up to the negation planned (A's co-authors) less what of that kind the named thing reaches in one hop of the
    schema (T's authors); checked against the question as asked. None otherwise."""
    from hgrag.agents.answering.interpretation import interpret
    from hgrag.agents.checking.question_check import unexplained_parts
    from hgrag.agents.understanding.negated_object import misread_negation, negated_object, negation
    from hgrag.agents.understanding.signature import output_kind
    from hgrag.state import plan_ir as ir

    if not plan.get("ir") or not misread_negation(question, plan):
        return None
    before, said_of = negated_object(question, plan.get("anchors") or [])  # (checked above: it is found)
    base = planned(before)
    hop = ONE_HOP.get((said_of.get("type"), output_kind(base.get("ir")))) if base.get("ir") else None
    if hop is None or base.get("operation") in ("count", "yes_no") or said_of["node_id"] in str(base["ir"]):
        return None  # (a base that names it already read the negation some other way)
    itself = ir.match([said_of["node_id"]], said_of["type"], said_of.get("text", ""))
    reached = itself
    twice = len(re.findall(re.escape(said_of.get("text") or "\0"), question)) > 1
    related = twice or not _led_by_an_exclusion(negation(question, plan.get("anchors") or []))
    for edge, direction in hop if related or said_of["type"] != output_kind(base["ir"]) else []:
        reached = ir.traverse(reached, edge, direction)  # ('except B' of people: B; 'not with B': B's co-authors)
    if twice and said_of["type"] == output_kind(base["ir"]):
        reached = ir.setop("union", [itself, reached])  # ('drop B and anyone who has written with B': both)
    new_ir = ir.setop("difference", [base["ir"], reached])
    anchors = list(base.get("anchors") or []) + [said_of]
    native = {**base, **ir_native_plan(new_ir, anchors, [])}
    native["interpretation"] = interpret(new_ir, None, anchors=anchors)
    native["rationale"] = f"not said of '{said_of.get('text')}': {base.get('rationale', '')}"
    return None if unexplained_parts(question, native) else native


def _led_by_an_exclusion(found: Any) -> bool:
    """Is the negation an exclusion word leading straight into the person ('with the exception of B', 'other than B':
    B is left out), not a denied relation ('has no paper with B': B's co-authors)?"""
    from hgrag.agents.understanding.lexicon import load

    if not found or found[2]:
        return False
    after = found[3][found[4]:].lower()
    leads = load("en").extra.get("exclusion_leads", []) + load("en").extra.get("exclusion_commands", [])
    return any(after.startswith(lead + " ") for lead in leads)  # ('… but drop B': B, a command to leave B out)


def _left_out_plan(plan: dict[str, Any], rest: str, left_out: dict[str, Any], resources: Any, replan: Any,
                   leave_out: Any) -> dict[str, Any]:
    """The plan of `rest` with `left_out` taken out of its answer by `leave_out(ir, anchor)`, or `plan`."""
    from hgrag.agents.answering.interpretation import interpret

    replanned = replan(rest, resources)
    if not replanned.get("ir") or replanned.get("unresolved") or replanned.get("operation") == "unsupported":
        return plan
    new_ir = leave_out(replanned["ir"], left_out)
    if new_ir is None:
        return plan
    anchors = list(replanned.get("anchors") or []) + [{**a, "role": "excluded"} for a in
                                                       [left_out, *left_out.get("together_with", [])]]
    native = ir_native_plan(new_ir, anchors, [])
    native["rationale"] = f"'{left_out.get('text')}' left out of: {replanned.get('rationale', '')}"
    native["interpretation"] = interpret(new_ir, resources.store, anchors=anchors)
    native["residual"] = replanned.get("residual", rest)
    return native


def negated_restriction_part(question: str, plan: dict[str, Any], planned: Any) -> dict[str, Any] | None:
    """'Which papers of A do not have them as the last author?' when the check declines the plan: the question
    without its one negation (lexicon `negated_relation.negations`) is planned; when that plan narrows a set by one
    restriction (a filter, a byline place), the answer is the set less what the restriction keeps (a count counts
    it); checked against the question as asked. None otherwise."""
    from hgrag.agents.checking.question_check import unexplained_parts

    found = _without_the_negation(question, plan) or _without_the_exclusion(question, plan)
    if found is None or not unexplained_parts(question, plan):
        return None
    positive, negated = found
    replanned = planned(positive)
    if not replanned.get("ir") or replanned.get("operation") == "unsupported" or unexplained_parts(positive, replanned):
        return None
    new_ir = _less_what_is_kept(replanned["ir"], negated)
    if new_ir is None:
        return None
    return _checked_native(question, replanned, new_ir)


def _without_the_negation(question: str, plan: dict[str, Any]) -> tuple[str, str | None] | None:
    """The question less its one negation outside the mentions, and the node of the mention nearest the negation
    (what the negated verb is said of: 'that B never has'); else None."""
    from hgrag.agents.understanding.lexicon import load

    negations = load("en").extra.get("negated_relation", {}).get("negations", [])
    alternation = "|".join(re.escape(n) for n in sorted(negations, key=len, reverse=True))
    texts = [a.get("text") or "" for a in plan.get("anchors") or []]
    found = [m for m in re.finditer(rf"(?<![\w'-])(?:{alternation})(?![\w-])|(?<=\w)n't(?![\w-])", question, re.IGNORECASE)
             if not any(t and t in question and question.index(t) <= m.start() < question.index(t) + len(t) for t in texts)]
    if len(found) != 1 or not plan.get("ir"):
        return None
    return " ".join((question[:found[0].start()] + " " + question[found[0].end():]).split()), \
        _said_of(question, found[0].start(), plan.get("anchors") or [])


def _without_the_exclusion(question: str, plan: dict[str, Any]) -> tuple[str, None] | None:
    """'…, excluding every reference published before 2009', '… other than their single most cited one': the question
    less its one exclusion word (lexicon `exclusion_leads`, with a quantifier after it) when what it leads in names
    no entity (a restriction, not a named thing: those are `with_exclusion`'s); else None."""
    from hgrag.agents.understanding.cue_words import phrase_alternation
    from hgrag.agents.understanding.lexicon import load

    leads = phrase_alternation(load("en").extra.get("exclusion_leads", []))
    quantifiers = phrase_alternation(load("en").extra.get("frame_quantifiers", []))
    found = list(re.finditer(rf"(?<![\w'-])(?:{leads})(?:\s+(?:{quantifiers}))?(?![\w'-])", question, re.IGNORECASE))
    if len(found) != 1 or not plan.get("ir"):
        return None
    led, before = re.split(r"[,;:?!]|\.\s", question[found[0].end():])[0], question[:found[0].start()]
    if any(a.get("text") and a["text"] in led and a["text"] not in before for a in plan.get("anchors") or []):
        return None  # a named thing left out (one named again, 'except those where A is first author', restricts)
    return " ".join((question[:found[0].start()] + " " + question[found[0].end():]).split()), None


def _said_of(question: str, at: int, anchors: list[dict[str, Any]]) -> str | None:
    """What a negated verb is said of: the named thing right before the negation when only auxiliaries stand between
    ('that B never has', 'has B not published'), else the first named thing after it ('papers that are not tagged
    with K')."""
    from hgrag.agents.understanding.lexicon import load

    placed = sorted((question.index(a["text"]), a["text"], a["node_id"]) for a in anchors
                    if a.get("text") and a["text"] in question and a.get("node_id"))
    before = [(start, text, node) for start, text, node in placed if start + len(text) <= at]
    if before:
        between = question[before[-1][0] + len(before[-1][1]):at].strip(" \"'“”‘’,").lower().split()
        if all(load("en").concept(w) == "head:aux" for w in between):
            return before[-1][2]
    after = [node for start, _, node in placed if start > at]
    return after[0] if after else None


def _less_what_is_kept(program: dict[str, Any], negated: str | None = None) -> dict[str, Any] | None:
    """The set a one-restriction plan narrows, less what the restriction keeps (a count of it counts that); of two
    sets intersected, the one without the negated thing less the one with it ('venues of A that B never used'); else
    None."""
    from hgrag.state import plan_ir as ir

    if program.get("op") == "aggregate" and program.get("fn") == "count":
        inner = _less_what_is_kept(program["input"], negated)
        return {**program, "input": inner} if inner else None
    if program.get("op") == "intersect" and len(program.get("inputs") or []) == 2 and negated:
        holding = [part for part in program["inputs"] if negated in str(part)]
        if len(holding) != 1:
            return None
        base = next(part for part in program["inputs"] if part is not holding[0])
        return ir.setop("difference", [base, holding[0]])
    if program.get("op") == "filter" or program.get("op") == "top" and not negated:
        base = program["input"]  # ('other than their most cited one': the ranked one left out)
    elif program.get("op") == "traverse" and program.get("position") is not None:
        base = {k: v for k, v in program.items() if k != "position"}
    else:
        return None
    if any(op.get("op") in ("filter", "difference") or op.get("position") is not None for op in ir.walk(base)):
        return None  # two restrictions: which one the negation is said of is not read
    return ir.setop("difference", [base, program])


def self_citations_left_out(question: str, plan: dict[str, Any]) -> dict[str, Any] | None:
    """'Not counting self-citations, which papers cite T?': an exclusion word and a word for self-citations (lexicon
    `self_citations`) over a plan of the papers citing one paper (or their count): those written by any of its
    authors are left out; checked against the question. None otherwise."""
    from hgrag.agents.answering.interpretation import interpret
    from hgrag.agents.checking.question_check import unexplained_parts
    from hgrag.agents.understanding.exclusion import has_exclusion_lead
    from hgrag.agents.understanding.lexicon import load
    from hgrag.state import plan_ir as ir

    words = load("en").extra.get("self_citations", [])
    if not plan.get("ir") or not any(re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", question, re.IGNORECASE)
                                     for w in words) or not has_exclusion_lead(question):
        return None
    counted = plan["ir"].get("op") == "aggregate" and plan["ir"].get("fn") == "count"
    citing = plan["ir"]["input"] if counted else plan["ir"]
    counts_cited = citing.get("op") == "project" and citing.get("attr") == "cited_by_count"
    if (counted or counts_cited) and re.search(r"[.?!]\s+\S", question.strip()):
        return None  # a count read from a question of several sentences ('… Count a citation as …'): not sure
    if counts_cited:  # ('how many papers cite T': the
        counted, citing = True, ir.traverse(citing["input"], "cites", "in")  # graph's citing papers, then counted)
    if not (citing.get("op") == "traverse" and (citing.get("edge"), citing.get("direction")) == ("cites", "in")
            and citing["input"].get("op") == "match" and citing["input"].get("type") == "paper"):
        return None
    own = ir.traverse(ir.traverse(citing["input"], "writes", "in"), "writes", "out")  # its authors' papers
    program = ir.setop("difference", [citing, own])
    program = ir.aggregate(program, "count") if counted else program
    native = {**plan, **ir_native_plan(program, plan.get("anchors") or [], [])}
    native["interpretation"] = interpret(program, None, anchors=native.get("anchors"))
    return None if unexplained_parts(question, native) else native
