"""Retrieval agent (`plan` node): classifies the question and writes a traversal plan.

Offline policy: mention detection through the entity index + a structural intent parser.
LLM policy: the model returns the same intent frame as JSON (structured output); mentions it
names are linked through the same index and the shared compiler builds the plan.
"""

from __future__ import annotations

import logging
import re

from typing import TYPE_CHECKING, Any

from hgrag.agents.planning.asker_remarks import asker_remarks_aside
from hgrag.agents.planning.bracketed_note import bracketed_note_aside
from hgrag.agents.planning.existence import paper_set_tested
from hgrag.agents.planning.intent import Frame, parse_intent
from hgrag.agents.kinds.planner import plan_kinds
from hgrag.agents.checking.residual import residual_text, without_descriptors
from hgrag.agents.planning.composition import compose_plan
from hgrag.agents.planning.author_citations import author_citation_plan
from hgrag.agents.planning.existence import existence_plan
from hgrag.agents.planning.unrecorded import unrecorded_attribute_tested
from hgrag.agents.planning.left_out import (negated_object_part, negated_part, negated_restriction_part,
                                           self_citations_left_out, with_exclusion)
from hgrag.agents.planning.nominal import nominal_test
from hgrag.agents.planning.year_of import with_paper_years
from hgrag.agents.planning.paper_window import with_paper_window
from hgrag.agents.planning.career_event import with_career_event
from hgrag.agents.planning.topic_set import topic_set
from hgrag.agents.planning.career_window import with_career_window
from hgrag.agents.planning.predicate_split import subject_and_predicate
from hgrag.agents.planning.chained import chained_sentences, confirmed_claim
from hgrag.agents.planning.ranked_where import ranked_where_asked
from hgrag.agents.planning.paper_facts import authored_paper_plan, paper_facts_plan
from hgrag.agents.planning.type_predicates import type_test_plan
from hgrag.agents.language import non_english, unsupported_language_text
from hgrag.agents.linking.mentions import fold_quotes
from hgrag.agents.planning.plan_compiler import compile_plan
from hgrag.agents.planning.plan_lowering import with_ir, with_noted_readings
from hgrag.agents.linking.spelling import correct_text
from hgrag.agents.understanding.instructions import for_the_planner, without_order
from hgrag.agents.understanding.asking_sentence import with_steps_as_sentences, without_enumerators
from hgrag.agents.understanding.instructions import with_instructions
from hgrag.agents.understanding.normalise import to_english
from hgrag.agents.understanding.reading import plan_readings, read_question
from hgrag.agents.checking.unlinked import looks_like_person, suggestions_for, unlinked_lowercase_partners, unlinked_names
from hgrag.agents.retrieval_prompts import PLAN_SYSTEM_PROMPT, PLAN_USER_TEMPLATE, PlanFrameReply
from hgrag.agents.understanding.prompt_note import note_for
from hgrag.state.context import Context, check_context
from hgrag.tools.errors import HgragError, InputError, LLMError
from hgrag.tools.llm import as_data, structured_call
from hgrag.tools.question import check_question
from hgrag.tools.text import norm_key
from hgrag.tools.resources import Resources
from hgrag.agents.resources_access import noted, resources_for
from hgrag.agents.second_reader.hook import second_read
from hgrag.agents.second_reader.rereading import asking_part_alone, fronted_phrase_moved

if TYPE_CHECKING:  # annotations only: a one-shot run need not import LangGraph
    from langgraph.runtime import Runtime
    from hgrag.state.qa_state import QAState


from hgrag.agents.planning.choices import among_choices
from hgrag.agents.planning.plan_basics import (detector_for, in_question, link_named_mention,  # noqa: F401 (re-exported)
                                      unsupported_plan)

READ = {"German": "de", "French": "fr"}


class OfflinePlanner:
    """Deterministic planner: mentions via the index, intent via question structure."""

    def plan(self, question: str, resources: Resources, context: Context) -> dict[str, Any]:
        plan = _with_names_mended(self._plan(question, resources), question, resources, self._plan)
        plan = with_paper_years(plan, question, resources.store, lambda text: self._plan(text, resources))
        plan = with_paper_window(plan, question, resources.store, lambda text: self._plan(text, resources))
        plan = with_career_window(plan, question, resources.store, lambda text: self._plan(text, resources))
        plan = with_career_event(plan, question, resources.store, lambda text: self._plan(text, resources))
        plan = with_exclusion(plan, question, resources, self._plan)
        aside = context_aside(question, plan)
        if not aside:
            return plan
        replanned = _with_names_mended(self._plan(aside, resources), aside, resources, self._plan)  # names as mended
        if not _keeps_the_rest(plan, replanned):
            return plan
        kept = {a.get("text") for a in replanned.get("anchors", [])}
        replanned["set_aside"] = [a.get("relinked_from") or a["text"] for a in plan.get("anchors", [])
                                  if a.get("text") and a["text"] not in kept]  # still mentions to the check
        return replanned

    def _plan(self, question: str, resources: Resources) -> dict[str, Any]:
        spans, years, unresolved = detector_for(resources).detect(question)
        language = non_english(question, spans)
        if language in READ:  # German and French are read as canonical English (lexicon data)
            return {**self._plan(to_english(question, READ[language], spans), resources), "language": READ[language]}
        if language:  # abstain rather than guess the intent from English cue words
            return unsupported_plan(unsupported_language_text(language))
        rich = plan_kinds(question, spans, years, resources)  # institutions, topics, keywords, funders
        if rich is not None:
            rich["residual"] = question
            misspelt = [name for name in unlinked_names(question, spans) if looks_like_person(name)]
            if misspelt:  # 'which institutions is Demisew Eprem Getahun affiliated with': a name to mend
                rich["suggestions"] = suggestions_for(resources.index, misspelt)
            return with_ir(rich)
        if not spans and not unresolved:
            unresolved = unlinked_names(question, spans)
        else:  # a person the graph lacks, next to linked entities ("papers by A with X")
            unresolved += [name for name in unlinked_names(question, spans) if looks_like_person(name)]
            unresolved += unlinked_lowercase_partners(question, spans)
        residual = without_descriptors(correct_text(residual_text(fold_quotes(question), spans, years)))
        frame = ranked_where_asked(parse_intent(residual, years), residual, years)
        plan = compile_plan(frame, spans, years, unresolved)
        plan["residual"] = residual  # (read by the lowering: 'did A or B write T?' offers alternatives)
        plan = with_ir(_named_once(compose_plan(residual, question, spans, years, plan)))
        plan = type_test_plan(residual, spans, plan, resources.store) or plan  # 'Is V a journal?'
        plan = existence_plan(residual, spans) or plan  # 'Does T exist?'
        plan = author_citation_plan(residual, spans) or plan  # 'Has A ever cited a paper by B?'
        plan = paper_facts_plan(residual, spans, years, plan) or plan  # 'Did A publish T in V?'
        plan = authored_paper_plan(residual, spans, plan, resources.store) or plan  # 'the venue of T authored by A'
        plan["residual"] = residual  # the question as the parser read it (for the question-plan check)
        if unresolved:  # "did you mean": the closest real names or titles
            plan["suggestions"] = suggestions_for(resources.index, unresolved)
        return plan


def _with_names_mended(plan: dict[str, Any], question: str, resources: Resources, replan: Any) -> dict[str, Any]:
    """`plan`, or the plan of the question with its misspelt author names read as the one author each can only
    be (agents/name_typos), each anchor keeping the words typed and the interpretation saying so."""
    from hgrag.agents.linking.name_typos import mended_names
    from hgrag.tools.text import norm_key

    linked = frozenset(a.get("type") for a in plan.get("anchors") or [] if a.get("node_id"))
    mended = mended_names(resources, question, plan, linked)
    if not mended:
        return plan
    text = question
    for typed, label in mended.items():
        text = text.replace(typed, label)
    replanned = replan(text, resources)
    if replanned.get("unresolved") or replanned.get("operation") == "unsupported":
        return plan
    if "paper" not in linked and any(a.get("type") == "paper" for a in replanned.get("anchors", [])):
        from hgrag.agents.checking.question_check import unexplained_parts

        if unexplained_parts(text, replanned):
            return plan  # a mended title the check cannot read: the retrieval agent's relinking may still
    for anchor in replanned.get("anchors", []):
        typed = next((t for t, label in mended.items() if norm_key(anchor.get("text") or "") == norm_key(label)), None)
        if typed:
            anchor.update(text=typed, relinked_from=typed)
    notes = "; ".join(f"'{typed}' read as '{label}'" for typed, label in mended.items())
    replanned["corrections"] = mended
    replanned["interpretation"] = f"{notes}. {replanned.get('interpretation') or ''}".strip()
    return replanned


def _named_once(plan: dict[str, Any]) -> dict[str, Any]:
    """One anchor for an entity named twice in the same words ("a talk by A and B. What is B's ORCID?")."""
    seen: set[tuple[str, str]] = set()
    anchors = []
    for anchor in plan.get("anchors", []):
        key = (str(anchor.get("node_id")), norm_key(anchor.get("text") or ""))
        if anchor.get("node_id") and key in seen:
            continue
        seen.add(key)
        anchors.append(anchor)
    return {**plan, "anchors": anchors} if len(anchors) < len(plan.get("anchors", [])) else plan


def context_aside(question: str, plan: dict[str, Any]) -> str | None:
    """The question with the entities of a context sentence that the asking sentence cannot mean set
    aside ("my boss A had a big year in 2021. How many papers did B write that year?" -> "my boss
    someone had ..."), or None when there are none; the original question is still checked."""
    from hgrag.agents.checking.honest_context import (aside_for_the_person, aside_for_the_thing, aside_for_the_two,
                                             context_to_set_aside, dismissed_entities, the_topic)

    aside = context_to_set_aside(question, plan) + dismissed_entities(question, plan) + aside_for_the_person(
        question, plan) + aside_for_the_thing(question, plan) + aside_for_the_two(question, plan) if plan.get("ir") else []
    if not aside:
        return None
    flagged = set(re.findall(r"'(.+?)' \((?:named only as context|set aside by the question)\)", " ".join(aside)))
    flagged -= {name for name in flagged if the_topic(question, name)}  # ('As for A, the co-authors other than B …')
    if not flagged:
        return None
    from hgrag.agents.understanding.lexicon import load

    stand_in = load("en").extra.get("context_stand_ins", {})
    for anchor in plan.get("anchors", []):
        if anchor.get("text") in flagged and anchor.get("type") in stand_in:
            typed = anchor.get("relinked_from") or anchor["text"]
            question = re.sub(re.escape(typed), stand_in[anchor["type"]], question, flags=re.IGNORECASE)
    return question


def _keeps_the_rest(plan: dict[str, Any], replanned: dict[str, Any]) -> bool:
    """A re-plan with context entities set aside must use every entity still named ("that venue" in
    the question is the context's venue: a re-plan that leaves it out reads another question)."""
    from hgrag.agents.checking.mention_use import used_ids

    used = used_ids(replanned.get("ir"))
    return all(a.get("node_id") in used for a in replanned.get("anchors", []) if a.get("node_id"))


class LLMPlanner:
    """The LLM fills the intent frame; linking and plan compilation stay graph-grounded."""

    def plan(self, question: str, resources: Resources, context: Context) -> dict[str, Any]:
        spans, years, _ = detector_for(resources).detect(question)
        rich = plan_kinds(question, spans, years, resources)  # the frame has no richer kinds: planned as data
        if rich is not None:
            rich["residual"] = question
            misspelt = [name for name in unlinked_names(question, spans) if looks_like_person(name)]
            if misspelt:  # 'which institutions is Demisew Eprem Getahun affiliated with': a name to mend
                rich["suggestions"] = suggestions_for(resources.index, misspelt)
            return with_ir(rich)
        prompt = PLAN_USER_TEMPLATE.format(question_json=as_data({"question": question}))
        reply, _ = structured_call(context, PlanFrameReply, PLAN_SYSTEM_PROMPT + note_for(resources.store), prompt)
        frame, mentions, years = frame_from_reply(reply.model_dump())
        mentions = [m for m in mentions if in_question(str(m.get("text", "")), question)]  # no invented mentions
        detector = detector_for(resources)
        spans, unresolved = [], []
        for mention in mentions:
            span = link_named_mention(detector, mention)
            (spans.append(span) if span else unresolved.append(mention.get("text", "")))
        plan = compile_plan(frame, spans, years, unresolved)
        plan["rationale"] = f"llm plan; {plan['rationale']}"
        return plan


def frame_from_reply(reply: dict[str, Any]) -> tuple[Frame, list[dict[str, Any]], list[int]]:
    """Validate the LLM's JSON into a Frame; unknown values fall back to safe defaults."""
    def pick(key: str, allowed: tuple, default: Any) -> Any:
        value = reply.get(key)
        return value if value in allowed else default

    frame = Frame(
        target=pick("target", ("author", "paper", "venue", "year", "citations", "doi", "type", "language",
                               "orcid", "issn"), "paper"),
        operation=pick("operation", ("list", "count", "argmax", "argmin", "attribute", "yes_no", "sum"), "list"),
        rank_by=pick("rank_by", ("frequency", "cited_by_count", "year"), None),
        position=pick("position", (1, 2, 3, -1), None),
        via_authors=bool(reply.get("via_authors")),
        year_from=_int_or_none(reply.get("year_from")), year_to=_int_or_none(reply.get("year_to")),
        explicit_target=True, notes=["llm frame"])
    mentions = [m for m in reply.get("mentions") or [] if isinstance(m, dict) and str(m.get("text", "")).strip()]
    years = [y for y in (_int_or_none(v) for v in reply.get("years") or []) if y]
    return frame, mentions, years


def _int_or_none(value: Any) -> int | None:
    try:
        return int(value) if value not in (None, "") else None
    except (TypeError, ValueError):
        return None


def planner_for(context: Context) -> Any:
    """The planning policy named by `context.planner` (auto: llm with a model, offline without);
    the LLM planner writes an intent frame, or with `context.llm_plan == "ir"` the IR itself."""
    from hgrag.agents.planning.hybrid_planner import HybridPlanner

    mode = context.planner_mode
    if mode not in ("offline", "llm", "hybrid"):
        raise InputError(f"unknown planner {context.planner!r}; choose auto, offline, llm or hybrid")
    if mode == "hybrid":  # the cross-check compares frame signatures, so hybrid's LLM plan is a frame
        return HybridPlanner(OfflinePlanner(), LLMPlanner())
    if mode == "llm" and context.llm_plan == "ir":
        from hgrag.agents.planning.ir_planner import IRPlanner

        return IRPlanner()
    return LLMPlanner() if mode == "llm" else OfflinePlanner()


# A run on a reused thread starts from the thread's last state: what one run found (loop counters,
# the validation report and its feedback, scores, verdicts) must not leak into the next run.
PER_RUN_RESET = {"expansions": 0, "regenerations": 0, "candidates": [], "feedback": ""}
STALE_AFTER_A_RUN = {"validation": None, "verified": False, "consistency_score": 0.0, "sufficiency_score": 0.0}


def per_run_reset(state: QAState) -> dict[str, Any]:
    """The per-run fields at their start values (the stale ones only when an earlier run left them)."""
    return {**PER_RUN_RESET, **{k: v for k, v in STALE_AFTER_A_RUN.items() if k in state}}


def make_plan_node(planner: Any | None = None):
    """The `plan` node; `planner` overrides the policy chosen from the context (tests, variants)."""

    def plan(state: QAState, runtime: Runtime[Context]) -> dict[str, Any]:
        context = runtime.context or Context()
        limits = {"max_expansions": context.max_expansions, "max_regenerations": context.max_regenerations,
                  "sufficiency_threshold": context.sufficiency_threshold,
                  "consistency_threshold": context.consistency_threshold, **per_run_reset(state)}
        try:
            check_context(context)
            question = check_question(state.get("question"))
            resources = resources_for(state, context)
            policy = planner or planner_for(context)
            reading = read_question(question, lambda text: detector_for(resources).detect(text)[0])
            asked, question = question, reading.text  # German and French are read as canonical English
            question, order = without_order(question)  # 'oldest first': how to list, not what to list
            question = without_enumerators(question) or question  # '(1) … and (2) …': the parts' numbers
            question = with_steps_as_sentences(question)  # '…, then list …': one sentence per step
            try:
                new_plan = unsupported_plan(reading.refusal) if reading.refusal else \
                    policy.plan(for_the_planner(question), resources, context)
                if order and new_plan.get("ir"):
                    new_plan = {**new_plan, "sort": order}
            except LLMError:
                if not context.llm_fallback:
                    raise
                new_plan = OfflinePlanner().plan(question, resources, context)
                new_plan["rationale"] = "LLM unavailable; offline fallback; " + new_plan["rationale"]
            def planned(text: str) -> dict[str, Any]:
                found = with_instructions(text, policy.plan(for_the_planner(text), resources, context))
                return _second_read_safely(text, found, resources, policy, context) if context.second_reader else found

            new_plan = with_instructions(question, new_plan)  # 'rounded to one decimal' (every planner)
            if context.second_reader:
                new_plan = _second_read_safely(question, new_plan, resources, policy, context)
            new_plan = asking_part_alone(question, new_plan, planned) or new_plan
            new_plan = negated_part(question, new_plan, planned) or new_plan
            new_plan = negated_object_part(question, new_plan, planned) or new_plan
            new_plan = negated_restriction_part(question, new_plan, planned) or new_plan
            new_plan = subject_and_predicate(question, new_plan, planned) or new_plan
            new_plan = chained_sentences(question, new_plan, planned, resources.store) or new_plan
            new_plan = topic_set(question, new_plan, planned) or new_plan
            new_plan = confirmed_claim(question, new_plan, planned) or new_plan
            new_plan = self_citations_left_out(question, new_plan) or new_plan
            new_plan = fronted_phrase_moved(question, new_plan, planned) or new_plan
            new_plan = bracketed_note_aside(question, new_plan, planned) or new_plan
            new_plan = asker_remarks_aside(question, new_plan, planned) or new_plan
            new_plan = paper_set_tested(question, new_plan, asked) or new_plan  # 'A w/ B on any paper?'
            new_plan = nominal_test(question, new_plan) or new_plan  # 'Is V the venue where T appeared?'
            new_plan = unrecorded_attribute_tested(new_plan, resources.store) or new_plan
            new_plan = among_choices(new_plan, reading.choices, resources)  # 'Who wrote T? (a) X (b) Y'
        except HgragError as exc:
            return {**limits, "error": str(exc), "answer": [], "answer_text": f"Error: {exc}",
                    "query_type": None, "interpretation": "", "verified": False}
        check = new_plan.pop("planner_check", None)
        # an IR planner's rejected plans were failed regenerations: they use up the same budget
        limits["regenerations"] = int(new_plan.pop("plan_regenerations", 0))
        new_plan["display_limit"] = context.display_limit  # read by the answer text renderer
        new_plan.update({"language": reading.language, **({"asked": asked} if asked != question else {})})
        new_plan.update(plan_readings(question, new_plan, resources.store))
        new_plan["interpretation"] = with_noted_readings(new_plan, new_plan.get("interpretation") or "")
        return {**limits, "question": question, "plan": new_plan, "query_type": new_plan["query_type"],
                "interpretation": noted(new_plan["interpretation"], state, context),
                "planner_check": check, "error": None}

    return plan


def _second_read_safely(question: str, plan: dict[str, Any], resources: Any, policy: Any, context: Any) -> dict[str, Any]:
    """The second reader's plan; a fault inside it keeps the rules' plan (logged), never a traceback."""
    try:
        return second_read(question, plan, resources, lambda text: policy.plan(text, resources, context),
                           unsupported_plan)
    except HgragError:
        raise
    except Exception:  # noqa: BLE001 - the second reader is advisory; the rules' plan and its checks stand
        logging.getLogger(__name__).exception("second reader failed; keeping the rules' plan")
        return plan
