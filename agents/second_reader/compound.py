"""Questions about two things or several entities (issue 19, item 6), read by composing plans.

- several entities joined by 'and' ("how many authors did T1 and T2 have?", "which papers did A and B
  publish in V?"): the question is planned once per entity (the rules plan each single-entity question
  and the question-plan check checks each); the answers come labelled per entity, or as one count of
  the union when the question asks for a total. 'both', 'together', 'in common' leave the question to
  the rules (their reading is the intersection).
- two things asked ("where was T published and in which year?", "list A's papers and their venues"):
  the question is cut at the coordinator before the second asking word or back-reference; each part
  gets a plan (the rules', or the second reader's over the first part's entities or result), and the
  IR returns both as labelled outputs.
- negated yes/no questions and comparisons: contrasts.py.
Whatever part cannot be read makes hgrag abstain, naming it: never half an answer.
"""

from __future__ import annotations

import re
from typing import Any, Callable

from hgrag.agents.second_reader.contrasts import (alternatives_group, comparative_test, comparison_plan, negated_yes_no,
                                                  jointly_repeated, repeated_for_each)
from hgrag.agents.second_reader.coordinated import (asked_of, both_after, both_before, clause_after_head,
                                                    coordinated_questions, elliptical, only_summing, shared_after_papers, without_pair_left_out,
                                                    pair_said_left_out, shared_answer, total_count,
                                                    united_answer, without_union_words, framed_together, unframed)
from hgrag.agents.second_reader.differences import attribute_difference, difference_of
from hgrag.agents.second_reader.group_count import same_papers_part, winner_count
from hgrag.agents.second_reader.grouping import (before_a_remark_on_grouping, choice_left_unanswered, masked_names,
                                                offered_alternatives, offers_a_choice, single_sentence)
from hgrag.agents.second_reader.split import ellipsis_filled, keeps_filters, split_point
from hgrag.agents.second_reader.lexicon import find, has, has_stem, phrase_pattern, words
from hgrag.agents.second_reader.output_labels import output_label
from hgrag.agents.understanding.instructions import instruction_only
from hgrag.agents.understanding.intersections import each_in_relative_clause
from hgrag.agents.understanding.lexicon import load
from hgrag.agents.understanding.tokens import tag
from hgrag.state import plan_ir as ir

PlanFn = Callable[[str], dict[str, Any]]
CheckFn = Callable[[str, dict[str, Any]], list[str]]


def read_compound(question: str, spans: list[Any], plan_fn: PlanFn, check_fn: CheckFn,
                  native: Callable[..., dict[str, Any]], refuse: Callable[[str], dict[str, Any]],
                  second: Callable[..., Any] | None = None, rules: dict[str, Any] | None = None) -> dict[str, Any] | None:
    """A plan for a negated, comparative, multi-entity or two-part question; None for any other (and for
    a comparison the rules already rank: their plan stands)."""
    first = before_a_remark_on_grouping(question, spans)  # '… published? One venue for each, please.'
    if first is not None:
        united = has("uniting_words", question[len(first):])
        return per_entity(first, [s for s in spans if s.end <= len(first)], plan_fn, check_fn, native, refuse,
                          united=united)
    if not single_sentence(question, spans):
        declined = not (rules or {}).get("ir") or bool(check_fn(question, rules or {}))
        return two_sentences(question, spans, plan_fn, check_fn, native, refuse) if declined else None
    plan = negated_yes_no(question, plan_fn, spans)
    if plan is not None:
        return plan
    if _ranks_named(rules, spans):
        return None  # the rules rank the named entities against each other: a comparison they read
    distributed = has("per_entity_words", masked_names(question, spans)) or repeated_for_each(
        question, alternatives_group(question, spans, "coordinators"))  # 'A and B respectively', 'by A and by B
    compared = None if distributed else comparative_test(question, spans) or comparison_plan(question, spans)
    if isinstance(compared, str):
        return refuse(compared + ", so I do not answer rather than answer another question.")
    if compared is not None:
        program, group = compared
        return _mark(native(program, spans), question, [])
    plan = per_entity(question, spans, plan_fn, check_fn, native, refuse)
    if plan is not None and plan.get("ir") and choice_left_unanswered(question, spans, plan["ir"]):
        return refuse("The question offers a choice between the named things, but I could read it only for each "
                      "of them, so I do not answer rather than answer another question.")
    if plan is not None:
        return plan
    plan = joined_heads(question, spans, plan_fn, check_fn, native, refuse)
    if plan is not None:
        return plan
    plan = coordinated_asks(question, spans, plan_fn, check_fn, native, refuse)
    if plan is not None and not _one_reading_twice(plan, rules, question, check_fn):
        return plan
    return two_things(question, spans, plan_fn, check_fn, native, refuse, second)


def _one_reading_twice(plan: dict[str, Any], rules: dict[str, Any] | None, question: str, check_fn: CheckFn) -> bool:
    """Both parts of a coordination read the same thing ('the years separating the first and the most recent paper of
    A' cut in two) while the rules read the whole and the check agrees: the whole is read, not a part twice."""
    parts = plan.get("parts") or []
    return len(parts) > 1 and len({p.get("interpretation") for p in parts}) == 1 and \
        bool((rules or {}).get("ir")) and not check_fn(question, rules or {})


def _ranks_named(rules: dict[str, Any] | None, spans: list[Any]) -> bool:
    """Does the rules' plan rank entities named in the question against each other?"""
    program = (rules or {}).get("ir") or {}
    if program.get("op") != "top":
        return False
    named = {c.node_id for s in spans for c in s.candidates}
    ranked = {i for op in ir.walk(program) if op.get("op") == "match" for i in set(op.get("ids", [])) & named}
    left_out = {i for op in ir.walk(program) if op.get("op") == "difference" for part in op["inputs"][1:]
                if part.get("op") == "match" for i in part.get("ids", [])}  # (their co-authors ranked, they left out)
    joint = any(op.get("op") == "intersect" for op in ir.walk(program))  # their joint papers ranked: no contest
    return len(ranked - left_out) >= 2 and not joint  # (one entity's own papers ranked compares no entities)


def _mark(plan: dict[str, Any], question: str, parts: list[dict[str, Any]]) -> dict[str, Any]:
    plan["parts_checked"] = True  # each part passed the question-plan check on its own wording
    plan["parts"] = parts
    plan["rationale"] = "second reader: " + plan.get("rationale", "")
    return plan


def _usable(sub_question: str, plan: dict[str, Any], check_fn: CheckFn) -> str | None:
    """Why a part's plan cannot be used (None when it can): no IR, unsupported, or the check declines."""
    if not plan.get("ir") or plan.get("operation") == "unsupported" or plan.get("unresolved"):
        return f"'{sub_question}'"
    missing = check_fn(sub_question, plan)
    return f"'{sub_question}' ({', '.join(missing[:2])})" if missing else None


def joined_heads(question: str, spans: list[Any], plan_fn: PlanFn, check_fn: CheckFn,
                 native: Callable[..., dict[str, Any]], refuse: Callable[[str], dict[str, Any]]) -> dict[str, Any] | None:
    """'Where and when was T published?': question words joined by a coordinator before one clause ask one
    question each ('where was T published?', 'when was T published?'); both are answered, or none."""
    first = phrase_pattern("asking_words").match(question)
    joiner = phrase_pattern("coordinators").match(question[first.end():].lstrip()) if first else None
    if not first or not joiner or any(s.start < first.end() for s in spans):
        return None
    after = question[first.end():].lstrip()[joiner.end():].lstrip()
    second = phrase_pattern("asking_words").match(after)
    if not second or not after[second.end():].strip():
        return None
    clause = after[second.end():]
    texts = [question[:first.end()] + clause, after[:second.end()] + clause]
    return _both_questions(question, list(texts), spans, plan_fn, check_fn, native, refuse)


def _both_questions(question: str, texts: list[str], spans: list[Any], plan_fn: PlanFn, check_fn: CheckFn,
                    native: Callable[..., dict[str, Any]], refuse: Callable[[str], dict[str, Any]]) -> dict[str, Any]:
    """Each of the questions a question stands for, planned and checked on its own; all answered, or none."""
    plans = [plan_fn(text) for text in texts]
    problems = [_usable(text, plan, check_fn) for text, plan in zip(texts, plans)]
    if any(problems):
        return refuse(f"I read this as two questions, but could not read {next(p for p in problems if p)}; "
                      "so I do not answer either.")
    items = [(output_label(plan["ir"]), plan["ir"]) for plan in plans]
    parts = [{"question": text, "interpretation": plan.get("interpretation", "")} for text, plan in zip(texts, plans)]
    if all(plan["ir"] == plans[0]["ir"] for plan in plans):  # 'how many years separate the first and the last paper'
        return _mark(native(plans[0]["ir"], spans), question, parts)  # both parts read one thing: one answer
    return _mark(native(ir.outputs(items), spans), question, parts)


def coordinated_asks(question: str, spans: list[Any], plan_fn: PlanFn, check_fn: CheckFn,
                     native: Callable[..., dict[str, Any]], refuse: Callable[[str], dict[str, Any]]) -> dict[str, Any] | None:
    """'the DOI and the publication year of T', 'in which venue and in which year was T published?': one question
    per asked thing (second_reader/coordinated.py); both are answered, or none."""
    texts = coordinated_questions(question, spans)
    if texts is None:
        return None
    return _both_questions(question, list(texts), spans, plan_fn, check_fn, native, refuse)


def per_entity(question: str, spans: list[Any], plan_fn: PlanFn, check_fn: CheckFn,
               native: Callable[..., dict[str, Any]], refuse: Callable[[str], dict[str, Any]],
               united: bool = False) -> dict[str, Any] | None:
    group = alternatives_group(question, spans, "coordinators")
    offered = [] if group else offered_alternatives(question, spans)  # 'which institutions have A or B been at?'
    group = group or offered
    words_outside = masked_names(question, spans)  # 'On the difference of two …' is a title, not a difference asked
    summed = bool(group) and group[0].type == "paper" and only_summing(words_outside)
    after = None if offered else both_after(question, group)  # 'which works do T1 and T2 both cite?'
    both = group[0].start if after is not None else None if offered else both_before(question, group)  # (shared)
    shared_after = both is None and bool(group) and not offered and not summed and (shared_after_papers(question, group) or
                                                                    each_in_relative_clause(question[:group[0].start], question[group[-1].end:]))
    both = group[0].start if shared_after else both  # 'which references do T1 and T2 have in common?': what they share
    united = united or bool(offered) or any(t.concept == "operator:union" for t in tag(words_outside.lower(), load("en"))) or \
        has("uniting_words", words_outside) or framed_together(question, group) or \
        pair_said_left_out(words_outside) and both is None and not has("per_entity_words", words_outside) and \
        not has("intersection_words", words_outside) and not has_stem("together_words", words_outside) and \
        not jointly_repeated(question, group)  # 'taken together',
    # 'taking A and B together'; '… with A or with B (the two of them excluded)': one list, the pair left out of it
    if any(t.concept == "operator:union" for t in tag(words_outside.lower(), load("en"))):
        both = after = None  # ('which papers cite T1, T2, or both?': 'or both' unites, it shares nothing)
    if group and both is None and not united and not summed and (has("intersection_words", words_outside) or
                                                                 jointly_repeated(question, group)):
        both = group[0].start  # ('Venue overlap between A and B?': an intersection word anywhere asks what they share)
    if not group or has_stem("together_words", words_outside) and not summed and both is None and not united:
        return None  # ('Partially-shared …' is a title: no 'shared')
    if offers_a_choice(question, group):
        return refuse("The question asks which of the named things it is, by a measure or condition I cannot read; "
                      "so I do not answer.")
    start, end = group[0].start if both is None else both, after or group[-1].end
    direct = attribute_difference(words_outside, group) if has("difference_words", words_outside) else None
    if direct is not None:  # 'how many years separate T1 and T2': the attribute named, read of each entity
        return _mark(native(direct, spans), question, [])
    parts, items = [], []
    for span in group:
        sub = question[:start] + span.text + question[end:]
        sub = unframed(sub, span.text) if united else sub  # ('Taking A together, …' -> 'A, …')
        sub = re.sub(r"^\s*,\s*", "", phrase_pattern("uniting_words").sub("", without_union_words(
            without_pair_left_out(sub)))).strip() if united else sub  # each part asks for its own answer
        plan = plan_fn(sub)
        problem = _usable(sub, plan, check_fn)
        if problem and both is not None:  # ('What references do T1 share?' reads as 'What references of T1?')
            sub = asked_of(question[:start], span.text)
            plan = plan_fn(sub)
            problem = _usable(sub, plan, check_fn)
        if problem:
            return refuse(f"I read this as one question per entity, but could not read {problem}; "
                          "so I do not answer any part of it.")
        parts.append({"question": sub, "interpretation": plan.get("interpretation", "")})
        items.append((span.candidates[0].label, plan["ir"]))
    if has("difference_words", words_outside):
        program = difference_of(items)
        if program is None:
            return refuse("The question asks for the difference between the entities' answers, which I can only "
                          "give for one number of one entity each; so I do not answer.")
        return _mark(native(program, spans), question, parts)
    totalled = summed or has("total_words", words_outside)  # ('combined, how many authors …': one count)
    program = shared_answer(items) if both is not None else \
        (total_count(items) or united_answer(items, pair_said_left_out(words_outside))) if totalled else \
        united_answer(items, pair_said_left_out(words_outside)) if united else \
        ir.outputs(items)  # ('the combined author list of T1 and T2': the lists united)
    if program is None:
        return refuse("The question asks for a total over several entities, which I can only give for counts; "
                      "so I do not answer.")
    return _mark(native(program, spans), question, parts)


def two_things(question: str, spans: list[Any], plan_fn: PlanFn, check_fn: CheckFn,
               native: Callable[..., dict[str, Any]], refuse: Callable[[str], dict[str, Any]],
               second: Callable[..., Any] | None) -> dict[str, Any] | None:
    cut = split_point(question, spans)
    if cut is None:
        return None
    first_text = question[:cut.start()].strip(" ,") + "?"
    rest = question[cut.end():].strip(" ,")
    first = plan_fn(first_text)
    if _usable(first_text, first, check_fn):
        return None  # the first part alone is no question the rules read: not a two-part question
    own_spans = [s for s in spans if s.start >= cut.end()]
    second_ir, second_text = None, rest
    held = second(rest, first, unheld=True) if second is not None and _asks_unheld(rest) else None
    if _asks_unheld(rest) and held is None:  # 'who wrote T and where are they from?': the graph holds no origins
        return refuse(f"I can read '{first_text}' but '{rest}' asks what the graph does not hold, so I do not "
                      "answer half of the question.")
    if held is not None:
        second_ir = held
    elif own_spans:
        second_text = ellipsis_filled(rest, first_text, own_spans, [s for s in spans if s.end <= cut.start()]) or rest
        plan = plan_fn(second_text)
        second_ir = None if _usable(second_text, plan, check_fn) else plan["ir"]
    else:
        second_ir = same_papers_part(rest, first["ir"])  # '… and what are the titles of these papers?'
        referred = None if second_ir is not None else \
            _referred(rest, [s for s in spans if s.end <= cut.start() and s.candidates], spans, cut.end())
        plan = plan_fn(referred) if referred else None
        if plan is not None and not _usable(referred, plan, check_fn) and plan["ir"] != first["ir"]:
            second_ir, second_text = plan["ir"], referred  # 'who is the first author of T, and when did it appear?'
        completed = (elliptical(rest, first_text) or _completed(rest, first_text)) if second_ir is None else None
        if completed:
            plan = plan_fn(completed)
            if not _usable(completed, plan, check_fn) and plan["ir"] != first["ir"] and plan["ir"]["op"] not in ("match", "describe"):
                second_ir, second_text = plan["ir"], completed
        if second_ir is None:
            second_ir = winner_count(rest, first["ir"])  # '… and how many?' after a ranking by frequency
        if second_ir is None and second is not None:
            second_ir = second(rest, first)
    if second_ir is not None and list(find("sentence_back_references", rest)) and not keeps_filters(first["ir"], second_ir):
        second_ir = None  # '… in the last 8 years, and what are the titles of these papers?': the same papers
    if second_ir is None:
        return refuse(f"I can read '{first_text}' but not '{rest}', so I do not answer half of the question.")
    items = [(output_label(first["ir"]), first["ir"]), (output_label(second_ir), second_ir)]
    parts = [{"question": first_text, "interpretation": first.get("interpretation", "")},
             {"question": second_text}]
    return _mark(native(ir.outputs(items), spans), question, parts)


def _asks_unheld(text: str) -> bool:
    """Does a part ask what the graph does not hold ('where are they from?': an origin; 'their e-mail')? Then no
    reading is proposed for it: the whole question is declined."""
    from hgrag.agents.understanding.asked_slots import stranded

    tokens = tag(text.lower(), load("en"))
    return bool(stranded(tokens)) or any(t.family == "missing" for t in tokens)


def _ends_with_restating_opener(text: str) -> bool:
    """'…, i.e. have it in their reference lists': the stop closes a restating opener of the lexicon, no sentence."""
    openers = [o for o in load("en").extra.get("context_words", {}).get("restating_openers", []) if o.endswith(".")]
    return any(text.lower().endswith(o) for o in openers)


def two_sentences(question: str, spans: list[Any], plan_fn: PlanFn, check_fn: CheckFn,
                  native: Callable[..., dict[str, Any]], refuse: Callable[[str], dict[str, Any]]) -> dict[str, Any] | None:
    """'Who wrote T? When was it published?': two asking sentences, the second's back-reference standing
    for the first's one entity; each is planned and checked on its own and both answers are given.
    None when the question is not two such sentences (a context sentence, say)."""
    ends = "|".join(re.escape(end.strip()) for end in words()["sentence_ends"])
    cuts = [m for m in re.finditer(rf"(?:{ends})\s+", question) if not any(s.start <= m.start() < s.end for s in spans)
            and question[m.end():].strip() and not re.search(r"(?<![\w.])[A-Z]\.$", question[:m.start() + 1])
            and not _ends_with_restating_opener(question[:m.start() + 1])]
    # (an initial's stop ends no sentence: 'after A. Al-Harthy had published')
    if len(cuts) != 1:
        return None
    first_text, rest = question[:cuts[0].start()].strip() + "?", question[cuts[0].end():].strip()
    own = [s for s in spans if s.end <= cuts[0].start() and s.candidates]
    said_again = _said_again(first_text, rest, own, spans, cuts[0].end(), plan_fn, check_fn)
    if said_again is not None:
        return said_again
    if not (_asking(question[:cuts[0].end()]) and _asking(rest)) or instruction_only(tag(rest.lower(), load("en"))):
        return None
    first = plan_fn(first_text)
    if _usable(first_text, first, check_fn) or len(own) != 1:
        return None
    second_text = _with_referent(rest, own[0], spans, cuts[0].end()) if any(s.start >= cuts[0].end() for s in spans) \
        else _referred(rest, own, spans, cuts[0].end())  # ('… of T written? list all his co-authors': 'his' is no paper)
    plan = plan_fn(second_text) if second_text else None
    if plan is None or _usable(second_text, plan, check_fn) or plan["ir"] == first["ir"]:
        return refuse(f"I can read '{first_text}' but not '{rest}', so I do not answer half of the question.")
    items = [(output_label(first["ir"]), first["ir"]), (output_label(plan["ir"]), plan["ir"])]
    parts = [{"question": first_text, "interpretation": first.get("interpretation", "")},
             {"question": second_text, "interpretation": plan.get("interpretation", "")}]
    return _mark(native(ir.outputs(items), spans), question, parts)


def _said_again(first_text: str, rest: str, own: list[Any], spans: list[Any], offset: int, plan_fn: PlanFn,
                check_fn: CheckFn) -> dict[str, Any] | None:
    """'What's the total of A's citations? I mean the sum of the cited-by counts', '… ? like who are all the
    co-authors of whoever wrote it first': a sentence after the question that reads (after its restating opener, its
    back-reference bound to the question's one entity) as the very same plan says the question again; both readings
    agree, so it is answered once. None when it reads otherwise or not at all."""
    from hgrag.agents.understanding.asking_sentence import restating_opener_length

    said = rest[restating_opener_length(rest):].strip()
    if len(own) != 1 or not said or any(s.start >= offset for s in spans if s.candidates):
        return None
    text = _with_referent(said, own[0], spans, offset) or said
    first, again = plan_fn(first_text), plan_fn(text)
    if _usable(first_text, first, check_fn) or _usable(text, again, check_fn) or again.get("ir") != first.get("ir"):
        return None
    first["rationale"] = "said twice, read alike: " + first.get("rationale", "")
    return first


def _asking(sentence: str) -> bool:
    body = sentence.strip()
    opener = phrase_pattern("coordinators").match(body.lower())
    body = body[opener.end():].strip(" ,") if opener else body
    return body.endswith("?") or bool(phrase_pattern("asking_words").match(body.lower()))


def _with_referent(rest: str, span: Any, spans: list[Any], offset: int) -> str | None:
    """The second sentence as a question of its own: its mentions kept, or its one back-reference replaced
    by the first sentence's entity ('When was it published?' -> "When was 'T' published?")."""
    if any(s.start >= offset for s in spans):
        return rest
    found = list(find("sentence_back_references", rest))
    if len(found) != 1:
        return None
    name = f"'{span.candidates[0].label}'" if span.type == "paper" else span.candidates[0].label
    possessive = found[0].group(0).lower() in words()["possessive_back_references"]
    return rest[:found[0].start()] + name + ("'s" if possessive else "") + rest[found[0].end():]


def _referred(rest: str, before: list[Any], spans: list[Any], offset: int) -> str | None:
    """The second part with its one back-reference replaced by the one entity named before it, when the
    reference can mean only that entity's kind ('it' a paper; 'they' might mean the first part's answer)."""
    from hgrag.agents.understanding.lexicon import load as load_lexicon

    if len(before) != 1:
        return None
    found = list(find("sentence_back_references", rest))
    rows = load_lexicon("en").extra.get("context_words", {}).get("context_references", [])
    meant = [set(r["kinds"]) for r in rows if found and found[0].group(0).lower() in r.get("words", [])]
    if len(found) != 1 or not meant or before[0].type not in meant[0] or "author" in meant[0] - {before[0].type}:
        return None
    return _with_referent(rest, before[0], spans, offset)


def _completed(rest: str, first_text: str) -> str | None:
    """The second part as a whole question: 'in which year' + 'where was T published?' -> 'in which year
    was T published?' (the first part's clause after its asking words); 'their venues' + 'list A's
    papers?' -> 'list the venues of A's papers?' (a possessive back-reference names the first part's object)."""
    head = phrase_pattern("asking_words").match(first_text)
    clause = first_text[head.end():].strip() if head else ""
    opener = phrase_pattern("asking_words").match(rest)
    if opener:  # 'In which venue was T published?': the clause after 'in which venue'
        clause = clause_after_head(first_text) or clause
    if not clause:
        return None
    if opener:
        return f"{rest.rstrip('?. ')} {clause}"
    owner = phrase_pattern("possessive_back_references").match(rest)
    if owner:
        return f"{head.group(0)} the {rest[owner.end():].strip(' ?.')} of {clause}"
    return None
