"""Where the second reader meets the pipeline (called by the `plan` node): compound questions are
composed from part plans, a plan the rules cannot give (or the check would decline) may be proposed by
the second reader, and any other plan carries the second reader's objection when it has one (the
validator then abstains)."""

from __future__ import annotations

from typing import Any, Callable

from hgrag.agents.second_reader.canonical import canonical
from hgrag.agents.second_reader.candidates import HOPS, roots
from hgrag.agents.second_reader.compound import read_compound
from hgrag.agents.second_reader.contrasts import negated_yes_no
from hgrag.agents.second_reader.lexicon import phrase_pattern
from hgrag.agents.second_reader.review import (calibration, linked_anchors, objection, propose, question_years,
                                                 readings_for)
from hgrag.agents.second_reader.scorer import scorer_for
from hgrag.agents.understanding.signature import node_kind
from hgrag.state import plan_ir as ir

PlanFn = Callable[[str], dict[str, Any]]


def second_read(question: str, plan: dict[str, Any], resources: Any, plan_fn: PlanFn,
                refuse: Callable[[str], dict[str, Any]]) -> dict[str, Any]:
    """The plan to use: a composed one, the rules' one (with any objection), or a proposed one.
    `plan_fn` plans a text with the rules; `refuse` makes the plan that abstains with a reason."""
    from hgrag.agents.planning.plan_compiler import mention_dict
    from hgrag.agents.checking.question_check import unexplained_parts

    spans = anchor_spans(question, plan, resources.store)
    def native(program: dict[str, Any], used: list[Any]) -> dict[str, Any]:
        from hgrag.agents.understanding.instructions import with_instructions

        return with_instructions(question, native_plan(program, [mention_dict(s, "subject") for s in used]))

    ranked = _ranked_reading(question, spans, resources.store, plan_fn, native, plan)
    if ranked is not None:  # a paper named by its rank ('A's earliest paper'): one paper, read as named
        return ranked

    if plan.get("rich_kinds") and plan.get("ir") and not _asks_of_people(plan["ir"]) \
            and not _each_of_named(question, plan["ir"], spans) and not unexplained_parts(question, plan):
        # the richer-kinds planner read every part (two-part, counted) and the check agrees; a negated yes/no
        # question is read as the positive question's test, negated (or not, when the negations cancel)
        return negated_yes_no(question, plan_fn, spans) or plan

    def second(rest: str, first: dict[str, Any], unheld: bool = False) -> dict[str, Any] | None:
        if unheld:  # 'where are they affiliated?': only a graph with institutions holds it
            from hgrag.agents.second_reader.affiliations import affiliations_part

            return affiliations_part(rest, first["ir"], resources.store)
        return second_part(rest, first, resources)

    composed = read_compound(question, spans, plan_fn, unexplained_parts, native, refuse, second, plan)
    if composed is not None:
        return composed
    described = _described_reading(question, spans or _detected(question, resources), plan, resources.store, native,
                                   unexplained_parts)
    if described is not None:
        return described
    anchors = linked_anchors(plan.get("anchors", []))
    if plan.get("operation") == "unsupported" or not anchors:
        return plan  # the rules know the graph cannot answer it (or it is not English), or nothing is linked
    declined = not plan.get("ir") or bool(unexplained_parts(question, plan))
    chained = _chain_reading(question, spans, native, unexplained_parts) if declined else None
    chained = chained or (_unplaced_reading(question, plan, spans, native, unexplained_parts) if declined else None)
    if chained is not None:
        return chained
    if not declined and not calibration().get("review_accepted_plans", False):
        return plan  # the margin check caught no wrong plan in calibration: not worth an encoding per question
    readings = readings_for(question, anchors, resources.index)
    proposed = propose(question, anchors, resources, readings)
    own = canonical(plan["ir"], anchors) if plan.get("ir") else None
    if proposed is not None and proposed[1].utterance != own:
        if declined:  # the rules have no plan the check accepts
            program, reading = proposed
            new = native_plan(program, anchors)
            if unexplained_parts(question, new):
                return plan  # the question-plan check declines the proposal too: abstain, as the rules would
            new["second_reading"] = {"proposed": reading.utterance, "score": round(reading.score, 4)}
            new["rationale"] = f"second reader proposal ({reading.score:.3f}); rules: {plan.get('rationale', '')}"
            return new
    if declined:
        return plan  # the check declines it already: an objection would change nothing but cost a graph run
    objecting = objection(question, plan, resources, readings)
    if objecting:
        plan["second_reading"] = {k: v for k, v in objecting.items() if k != "rival_ir"}
    return plan


def _chain_reading(question: str, spans: list[Any], native: Callable[..., dict[str, Any]],
                   check: Callable[[str, dict[str, Any]], list[str]]) -> dict[str, Any] | None:
    """The chain or career reader's plan (second_reader/chain.py, career.py) when one reads the question and the
    check accepts it."""
    from hgrag.agents.second_reader.averages import average_program, times_cited
    from hgrag.agents.second_reader.career import career_program, end_paper_program, window_program
    from hgrag.agents.second_reader.chain import chain_program
    from hgrag.agents.second_reader.rich_chain import rich_chain_program
    from hgrag.agents.second_reader.same_as import same_as_program

    readers = (chain_program, career_program, window_program, average_program, same_as_program, end_paper_program,
               _first_sentence_chain, rich_chain_program)
    if times_cited(question, spans):  # 'how often were A's papers cited': their citations added up, not their citers
        readers = (average_program, *readers)
    for reader in readers:  # the first reading the check accepts (a reader may read a question another reads better)
        found = reader(question, spans)
        plan = {**native(found[0], found[1]), **(found[2] if len(found) > 2 else {})} if found is not None else None
        if plan is not None and not check(question, plan):
            plan["rationale"] = "chain reader: " + plan.get("rationale", "")
            return plan
    return None


def _ranked_reading(question: str, spans: list[Any], store: Any, plan_fn: PlanFn,
                    native: Callable[..., dict[str, Any]], rules: dict[str, Any]) -> dict[str, Any] | None:
    """'the primary topic of A's earliest paper' (second_reader/ranked_paper.py): when the check accepts it and
    the rules' plan does not already go on from that ranked paper ('who co-wrote A's first paper' leaves A out)."""
    from hgrag.agents.checking.question_check import unexplained_parts
    from hgrag.agents.second_reader.ranked_paper import holds_inside, ranked_paper_plan

    found = ranked_paper_plan(question, spans, store, plan_fn)
    if found is not None and holds_inside(rules.get("ir"), found[3]) and not unexplained_parts(question, rules):
        return None
    plan = {**native(found[0], found[1]), **found[2]} if found is not None else None
    if plan is None or unexplained_parts(question, plan):
        return None
    plan["rationale"] = "ranked paper: " + plan.get("rationale", "")
    return plan


def _first_sentence_chain(question: str, spans: list[Any]) -> tuple[dict[str, Any], list[Any]] | None:
    """'Whose work does T cite? Give the authors of the cited papers.': the chain of the sentence that names the one
    mention, when a later sentence only says it again (the check still reads the whole question)."""
    import re

    from hgrag.agents.second_reader.chain import chain_program

    end = re.search(r"[?!]\s+\S", question)
    linked = [s for s in spans if s.candidates]
    if end is None or len(linked) != 1 or linked[0].end > end.start():
        return None
    return chain_program(question[:end.start() + 1], linked)


def _unplaced_reading(question: str, plan: dict[str, Any], spans: list[Any], native: Callable[..., dict[str, Any]],
                      check: Callable[[str, dict[str, Any]], list[str]]) -> dict[str, Any] | None:
    """'On which of their papers was A not the first author?': A's papers less those A leads
    (second_reader/places.py); 'which papers cite T, not by its own authors?' (second_reader/own_work.py): when
    the rules read only the place or the citation step and the check accepts the difference."""
    from hgrag.agents.second_reader.chain import masked
    from hgrag.agents.second_reader.own_work import not_own_program
    from hgrag.agents.second_reader.places import unplaced_program
    from hgrag.agents.understanding.lexicon import load
    from hgrag.agents.understanding.tokens import tag

    linked = [s for s in spans if s.candidates]
    if not plan.get("ir") or len(linked) != 1:
        return None
    tokens = tag(masked(question, linked), load("en"))
    program = unplaced_program(tokens, plan["ir"]) or not_own_program(tokens, plan["ir"]) \
        or not_own_program(tokens, _before_exclusion(question, linked[0], tokens))
    if program is None:
        return None
    new = native(program, linked)
    return None if check(question, new) else {**new, "rationale": "left out by the second reader: " + new.get("rationale", "")}


def _before_exclusion(question: str, mention: Any, tokens: list[Any]) -> dict[str, Any]:
    """The chain reader's plan of the question up to its exclusion word ('Which papers cite T' of 'Which papers
    cite T without being written by any of its authors?'), else an empty plan."""
    from hgrag.agents.second_reader.chain import chain_program

    word = next((t.text for t in tokens if t.concept == "operator:exclude"), None)
    cut = question.lower().find(f" {word} ", mention.end) if word else -1
    found = chain_program(question[:cut], [mention]) if cut > 0 else None
    return found[0] if found else {}


def _asks_of_people(program: dict[str, Any]) -> bool:
    """Does a two-part plan ask a second thing after people ('the co-authors of A and where they are affiliated')?
    The second part may mean those people, so the compound reader reads it over the first part's answer."""
    items = program.get("items") or [] if program.get("op") == "outputs" else []
    return len(items) == 2 and node_kind(items[0]["plan"]) == "author"


def _each_of_named(question: str, program: dict[str, Any], spans: list[Any] = ()) -> bool:
    """'What fields do the primary topics of T1 and T2 belong to?': the richer kinds' plan meets two named things'
    walks where they end (what they share), but no word says they share it ('both', 'in common', a 'together' word):
    the compound reader asks it of each."""
    from hgrag.agents.second_reader.contrasts import alternatives_group
    from hgrag.agents.second_reader.coordinated import framed_together
    from hgrag.agents.second_reader.lexicon import has_stem
    from hgrag.agents.understanding.lexicon import load
    from hgrag.agents.understanding.plan_shapes import named_starts
    from hgrag.agents.understanding.tokens import tag

    for op in ir.walk(program):
        starts = named_starts(op) if op.get("op") == "intersect" else []
        if len(starts) == 2 and all(len(s) == 1 for s in starts) and starts[0] != starts[1] \
                and {k for k, _ in starts[0]} == {k for k, _ in starts[1]}:
            shared = any(t.concept == "operator:both" for t in tag(question.lower(), load("en")))
            united = phrase_pattern("uniting_words").search(question) is not None or framed_together(
                question, alternatives_group(question, list(spans), "coordinators"))  # 'taking A and B together' unites
            return united or not shared and not has_stem("together_words", question)
    return False


def _detected(question: str, resources: Any) -> list[Any]:
    """The question's linked mentions when the rules' plan names none (it abstained before linking them)."""
    from hgrag.agents.planning.plan_basics import detector_for

    return [s for s in detector_for(resources).detect(question)[0] if s.candidates]


def _described_reading(question: str, spans: list[Any], plan: dict[str, Any], store: Any,
                       native: Callable[..., dict[str, Any]],
                       check: Callable[[str, dict[str, Any]], list[str]]) -> dict[str, Any] | None:
    """The plan over papers named by description ('the paper on K by Jack'; second_reader/described.py) when the
    rules have no plan the check accepts (or only the graph's lack of topics to say) and the check accepts it."""
    from hgrag.agents.second_reader.described import described_program

    if plan.get("operation") == "unsupported" and not plan.get("rich_kind"):
        return None  # another language, or a thing the graph does not hold at all
    if plan.get("ir") and plan.get("operation") != "unsupported" and not check(question, plan):
        return None  # the rules' plan stands
    from hgrag.agents.planning.plan_lowering import with_ir

    found = described_program(question, spans, question_years(question), plan.get("anchors", []), store)
    if found is None:
        return None
    new = native(found[0], found[1])
    for anchor in new.get("anchors", []):
        if anchor.get("text") in found[2]:
            anchor["members"] = found[2][anchor["text"]]  # a set named as one: every paper or person it fits
    new = with_ir(new)
    if check(question, new):
        return None
    new["rationale"] = "described papers: " + new.get("rationale", "")
    return new


def anchor_spans(question: str, plan: dict[str, Any], store: Any) -> list[Any]:
    """The rules' linked mentions as spans of the question (where each is written, the node the rules
    chose first, then the other candidates): the compound reader works on what the rules linked."""
    from hgrag.agents.linking.mentions import Span, fold_quotes
    from hgrag.tools.entity_index import Candidate

    text = fold_quotes(question)
    lowered = text.lower()
    spans: list[Any] = []
    for anchor in plan.get("anchors", []):
        node, kind = anchor.get("node_id"), anchor.get("type")
        mention = fold_quotes(anchor.get("text") or "").strip().lower()
        start = lowered.find(mention) if node and mention and kind in HOPS else -1
        if start < 0 or any(s.start < start + len(mention) and start < s.end for s in spans):
            continue
        ids = [node] + [c for c in anchor.get("candidates", []) if c != node]
        scored = dict(zip(anchor.get("candidates", []), anchor.get("candidate_scores", [])))  # (a namesake's weaker
        found = [Candidate(n, store.node_type(n), store.label(n), scored.get(n, 1.0), "plan")  # match stays weaker)
                 for n in ids if store.has_node(n)]
        if found:
            spans.append(Span(start, start + len(mention), text[start:start + len(mention)], kind, found))
    return sorted(spans, key=lambda s: s.start)


def native_plan(program: dict[str, Any], anchors: list[dict[str, Any]]) -> dict[str, Any]:
    from hgrag.agents.answering.interpretation import interpret
    from hgrag.agents.planning.ir_planner import ir_native_plan

    plan = ir_native_plan(program, anchors, [])
    plan["rationale"] = "second reader plan"
    plan["interpretation"] = interpret(program, anchors=anchors)
    return plan


def second_part(rest: str, first: dict[str, Any], resources: Any) -> dict[str, Any] | None:
    """The second asked thing of a two-part question, read by the second reader: over the first part's
    result when it refers back to it ('… and their venues'), else over the first part's entities."""
    limits = calibration().get("proposal")
    anchors = linked_anchors(first.get("anchors", []))
    if not limits or not anchors:
        return None
    scorer = scorer_for(resources.index)
    back = phrase_pattern("back_references").match(rest)
    if back:
        kind = node_kind(first["ir"])
        if kind is None:
            return None
        programs = [p for edge, direction, reached in HOPS[kind]
                    for p in roots(ir.traverse(first["ir"], edge, direction), reached, 1)]
        text = canonical(first["ir"], anchors) + " " + rest[back.end():]
        readings = scorer.score(text, anchors, programs)
    else:
        readings = scorer.read(rest, anchors, question_years(rest))
    if not readings:
        return None
    gap = readings[0].score - (readings[1].score if len(readings) > 1 else 0.0)
    if readings[0].score < limits["threshold"] or gap < limits["gap"]:
        return None
    return readings[0].program


def tested_set(plan: dict[str, Any]) -> dict[str, Any] | None:
    """A yes/no plan's tested set as a plan of its own ('Are there papers citing T? Which ones?'), else None."""
    program = plan.get("ir") or {}
    if program.get("op") != "test" or program.get("cmp") != "nonempty":
        return None
    return native_plan(program["input"], plan.get("anchors", []))
