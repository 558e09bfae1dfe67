"""The question-plan check of `validate`: every meaning-bearing part of the question must be accounted
for by the plan (its IR), or the answer is not verified and hgrag says what it could not use.

It reads the question independently of the planner: mentions are cut out, then cue families
(average, thresholds, numbers, years and relative time, negation, "both", citations, paths,
comparatives, superlatives, counting) are looked for in the rest, and each found cue must have its
counterpart in the IR (an `avg` aggregate, a numeric filter with that number, a difference…).
The asked-for thing itself must be something the graph holds: a relation verb after "who", the
noun after "which/what/how many", a property asked "of" an entity.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable

from hgrag.tools.graph_kinds import STANDS_FOR
from hgrag.agents.checking.asked_kind import (EDGE_KIND, ambiguous_references, context_combinations, kind_conflict,
                                     truncated_names, unused_mentions)
from hgrag.agents.checking.cite_check import (accounted_text, citation_count_direction, count_for_list, direction_parts,
                                      unlinked_citer)
from hgrag.agents.planning.composition_count import AVERAGE_WORD
from hgrag.agents.planning.composition_time import OFFSET
from hgrag.agents.checking.reading_words import accounted_by_reading, without_context_shares, without_named_comparisons
from hgrag.agents.checking.honest_checks import honest_parts
from hgrag.agents.checking.question_clauses import CLAUSE_BREAK, asking_part, context_only_entities, residue
from hgrag.agents.understanding.check import structural_parts, without_consumed_instructions
from hgrag.agents.understanding.cue_words import quantities
from hgrag.state.plan_ir import walk

Features = dict[str, Any]


def ir_features(ir: dict[str, Any] | None) -> Features:
    """What a plan does, as flat facts: operators, aggregate functions, comparisons, literal values."""
    ops, fns, cmps, attrs, values, tops = set(), set(), set(), set(), set(), []
    for op in walk(ir) if ir else []:
        kind = op.get("op")
        ops.add(kind)
        if kind == "aggregate":
            fns.add(op["fn"])
            attrs.add(op.get("attr") or "")
            _collect(op.get("round"), values)  # 'rounded to 1 decimal' states a number the plan uses
        elif kind in ("filter", "test"):
            cmps.add(op["cmp"])
            attrs.add(op.get("attr") or "")
            _collect(op.get("value"), values)
            _collect(_offset_numbers(op.get("offset")), values)
            if op.get("offset") is not None:
                attrs.add("offset")
        elif kind == "top":
            tops.append(op)
            attrs.add(op.get("key") or "")
        elif kind == "project":
            attrs.add(op["attr"])
        elif kind == "traverse":
            attrs.add(f"edge:{op['edge']}")
            attrs.add(f"edge:{op['edge']}:{op['direction']}")
            if op["edge"] in STANDS_FOR:  # an author entry (OpenAlex affiliations) is a writes edge refined
                attrs.add(f"edge:{STANDS_FOR[op['edge']]}")
            if op.get("position") is not None:
                attrs.add("position")
    return {"ops": ops, "fns": fns, "cmps": cmps, "attrs": attrs, "values": values, "tops": tops}


def _offset_numbers(offset: Any) -> list[int]:
    """The numbers a year offset states: its step (2 years after) or its window's length (the first 4 years)."""
    if isinstance(offset, list):
        return [offset[1] - offset[0] + 1]
    return [abs(offset)] if isinstance(offset, int) else []


def _collect(value: Any, into: set) -> None:
    if isinstance(value, (list, tuple)):
        for v in value:
            _collect(v, into)
    elif value is not None:
        into.add(value)
        if isinstance(value, str) and value.isdigit():
            into.add(int(value))


NUMERIC = {"<", "<=", ">", ">=", "between"}


@dataclass(frozen=True)
class Cue:
    name: str
    pattern: re.Pattern
    satisfied: Callable[[Features], bool]


def _has_numeric(f: Features) -> bool:
    return bool(f["cmps"] & NUMERIC)


def _year_condition(f: Features) -> bool:
    return "year" in f["attrs"] and bool(f["cmps"] & NUMERIC) or "path" in f["ops"]


def _excludes(f: Features) -> bool:
    return "difference" in f["ops"] or bool(f["cmps"] & {"!=", "not_in"}) or 0 in f["values"]


def _ranks(f: Features) -> bool:
    return bool(f["tops"]) or bool(f["fns"] & {"min", "max", "span"}) or "position" in f["attrs"]


def _counts(f: Features) -> bool:
    return bool(f["fns"] & {"count", "sum", "span"}) or "cited_by_count" in f["attrs"] or "path" in f["ops"] \
        or "n_authors" in f["attrs"]


def _uses_citations(f: Features) -> bool:
    return bool({"edge:cites", "cites", "cited_by", "cited_by_count"} & f["attrs"])


# "co-authors of A minus B", "authors(X) minus first author": a set difference, not a subtraction of numbers
SET_MINUS = r"(the |its |their )?(zzm|authors?|co-?authors?|papers?|ones|those|(first|last|lead|senior)[ -](author|writer)s?)\b"

CUES: tuple[Cue, ...] = (
    Cue("average", AVERAGE_WORD, lambda f: "avg" in f["fns"]),
    Cue("median / share / ratio", re.compile(r"\b(median|percent|percentage|proportion|ratio|fraction|"
                                             r"correlation|trend|growth rate|per year|per annum|annually)\b"),
        lambda f: False),
    Cue("threshold", re.compile(r"\b(more|greater|higher|larger|fewer|less|lower|smaller) than\b(?! (any|anyone|anybody|"
                                r"all|every|the others))|\b(over|above|exceeding|exceeds?|under|below|beyond|upwards of)"
                                r" \d|\bat (least|most) \d|[<>]=?\s*\d|\b(minimum|maximum) of \d"), _has_numeric),
    Cue("time relative to a date", re.compile(r"\b(before|after|since|until|till|prior to|earlier than|later than|"
                                              r"between) (the year |the |its |their )?\d{4}|\b(before|after|since|until|prior to|"
                                              r"earlier than|later than) (the year |the |its |their )?(zzm|publication)|\b\d{4}s\b|"
                                              r"\b(pre|post)-?\d{4}\b"), _year_condition),
    Cue("the year of a paper", re.compile(r"\byears? (that|when|in which|of) zzm|\bzzm ('s )?(publication )?year\b"),
        lambda f: "year" in f["attrs"]),
    Cue("the same year", re.compile(r"\bsame (publication )?year\b"),
        lambda f: "year" in f["attrs"] and "=" in f["cmps"]),
    Cue("exclusion", re.compile(r"\b(not|never|without|except|excluding|other than|besides|apart from|aside from|"
                                r"elsewhere|(some|any)where else|"
                                r"nobody|no one|uncited|never been cited|zero citations)\b|n't\b"), _excludes),
    Cue("both / in common", re.compile(r"\b(both|in common|mutual|jointly)\b|\bshared? (a |any |the |an )?"
                                       r"(co-?authors?|collaborators?|papers?|authorship|articles?|publications?)"),
        lambda f: "intersect" in f["ops"] or "author" in f["attrs"] or "path" in f["ops"]),
    Cue("citations", re.compile(r"\b(cite|cites|citing|cited|citation|citations|references?|referenced|refs?"
                                r")\b"), _uses_citations),
    Cue("the authors of a paper", re.compile(r"\b(authors?|writers?|team|co-?authors?|people) (of|behind|on|who wrote) "
                                             r"(the (paper|article) )?zzm\b"), lambda f: "edge:writes" in f["attrs"]),
    Cue("papers citing it", re.compile(r"\b(citing (papers|works|articles|publications)|(papers|works|articles|publications) "
                                       r"(citing|that cite|which cite)|(what|who|which) cites)\b"),
        lambda f: "edge:cites:in" in f["attrs"] or "cited_by_count" in f["attrs"]),
    Cue("the papers it cites", re.compile(r"\b(references|refs|reference list|bibliography) (of|in|for) zzm|"
                                          r"\bzzm ('s )?(references|refs|reference list|bibliography)\b"),
        lambda f: "edge:cites:out" in f["attrs"]),
    Cue("a count of active years", re.compile(r"\b(active|publishing|published) years? count\b|\bcount of (active |"
                                              r"distinct |different )?years\b|\bnumber of (different |distinct |calendar )+years\b|"
                                              r"\bhow many (different |distinct |separate |calendar )+years\b|"
                                              r"\bnumber of (different |distinct |calendar |separate )+(publication |publishing |active )?years\b"),
        lambda f: "count" in f["fns"] and "year" in f["attrs"]),
    Cue("a difference", re.compile(rf"\bminus\b(?! {SET_MINUS})|\bdifference between\b|\bsubtract(ed|ing)?\b"),
        lambda f: "span" in f["fns"]),
    Cue("a set minus a person or paper", re.compile(rf"\bminus {SET_MINUS}"),
        lambda f: "difference" in f["ops"] or "not_in" in f["cmps"]),
    Cue("a chain between people", re.compile(r"\b(shortest|chain|degrees? of separation|separation|introductions?|"
                                             r"hops?|how far|distance)\b"), lambda f: "path" in f["ops"]),
    Cue("a comparison", re.compile(r"\b(older|newer|earlier|more recent|more cited|less cited|more citations|"
                                   r"fewer citations|more papers|fewer papers)\b|\b(greater|larger|higher|bigger|smaller|lower) (number|count|"
                                   r"amount|total|share)\b|\b(more|fewer|less) (\w+ )?(authors?|co-?authors?|writers|contributors|references|venues|"
                                   r"journals)\b"),
        lambda f: _ranks(f) or _has_numeric(f)),
    Cue("a superlative", re.compile(r"\b(most|least|highest|lowest|top|maximum|minimum|largest|smallest|fewest|"
                                    r"greatest|biggest|latest|earliest|newest|oldest|first|last|recent|debut|"
                                    r"best|favou?rite|leading|senior|lead)\b"),
        lambda f: _ranks(f) or _has_numeric(f) or "avg" in f["fns"]),
    Cue("a size or age", re.compile(r"\bhow (long|old|big|large|tall|heavy|expensive|far back)\b|\bhow much\b(?! (\w+ )?"
                                    r"(papers?|articles?|publications?|works?|authors?|co-?authors?|times|citations?|"
                                    r"venues?|journals?|collaborators?))"),
        lambda f: bool(f["fns"] & {"span", "sum"}) or _uses_citations(f)),
    Cue("a count", re.compile(r"\bhow many\b|\bnumber of\b|\bhow often\b|\btotal\b|\btally\b"),
        lambda f: _counts(f) or "test" in f["ops"] or bool(f["tops"]) or "project" in f["ops"]),
)
CUES += (Cue("a year offset", OFFSET, lambda f: "offset" in f["attrs"]),)  # "the year after X": a filter's offset
NUMBER = re.compile(r"(?<![\w.])(\d{1,7})(?![\w.])")


HARMLESS = re.compile(r"\bhow long is (the |its |their )?(author|authors|author's|byline|co-?author) ?(list|line-?up)\b|"
                      r"\bat (least|most) (one|a|an)\b|\bsince (which|what) year\b|\bsince when\b|"
                      r"\bfirst (appear|appeared|published|came out|come out|released|printed|saw print)\b")


STRICT_YEAR = re.compile(r"\b(not counting|not including|excluding|except( for)?|other than) (that|the same|this|its|"
                         r"the) (publication )?year\b")


def unexplained_cues(text: str, features: Features) -> list[str]:
    missing = []
    text = HARMLESS.sub(" ", text)
    clauses = [c for c in CLAUSE_BREAK.split(text) if c.strip()]
    if len(clauses) > 1:  # "Most of A's work was in V. Which papers appeared elsewhere?": context, no ranking
        text = without_context_shares(clauses)
    text = without_named_comparisons(text, features)
    if "year" in features["attrs"] and features["cmps"] & {">", "<"}:
        text = STRICT_YEAR.sub(" ", text)  # "since X, not counting that year" is a strict comparison
    for cue in CUES:
        match = cue.pattern.search(text)
        if match and not cue.satisfied(features):
            missing.append(match.group(0).strip())
    return missing


def unexplained_numbers(text: str, features: Features) -> list[str]:
    """Numbers the question states that the plan never uses (a year, a threshold, a count)."""
    values = features["values"]
    missing = []
    for match in NUMBER.finditer(text):
        number = int(match.group(1))
        if "path" in features["ops"] and (PATH_SCALE.match(text, match.start()) or
                                          PATH_SCALE_BEFORE.search(text[:match.start()])):
            continue  # "(1 if they have co-written a paper)" defines the chain length, it is no condition
        decade = re.match(r"s\b", text[match.end():match.end() + 2])
        if number in values or str(number) in values or (decade and _covers_decade(features, number)):
            continue
        missing.append(match.group(1))
    return missing + [word for number, word in quantities(text) if number not in values and str(number) not in values]


PATH_SCALE = re.compile(r"[0-2]\s+(if|when|for|means|=)\b[^.?!)]{0,50}\b(co-?writ|co-?author|wrote|written|worked|"
                        r"collaborat|shared?|direct|same paper|together)")


PATH_SCALE_BEFORE = re.compile(r"\b(direct|immediate)? ?(co-?authors?|collaborators?|neighbou?rs?) (count|counts|counted|are|is|"
                               r"=|equals?|being) (as )?$")


def _covers_decade(features: Features, start: int) -> bool:
    return start in features["values"] and start + 9 in features["values"]



def unexplained_parts(question: str, plan: dict[str, Any]) -> list[str]:
    """Parts of the question the plan does not account for (empty when the plan reads it all)."""
    residual_text = plan.get("residual")
    ir = plan.get("ir")
    if not ir or ir.get("op") == "unsupported":
        return []
    text = without_consumed_instructions(accounted_text(asking_part(residue(question, plan)), ir), plan)
    if plan.get("rich_kinds"):  # a plan over institutions, topics, keywords, funders reads those words
        from hgrag.agents.kinds.lexicon import plan_kinds_reached, without_rich_words
        text = without_rich_words(text, plan_kinds_reached(ir))
    features = ir_features(ir)
    missing = unexplained_cues(text, features) + unexplained_numbers(text, features)
    missing += direction_parts(question, plan) + unlinked_citer(text) + count_for_list(question, plan) \
        + citation_count_direction(question, plan)
    if residual_text is not None:
        missing += kind_mismatch(residual_text, plan)
    missing += kind_conflict(text, ir) + unused_mentions(question, plan) + context_combinations(question, plan)
    missing += ambiguous_references(question, plan) + truncated_names(question, plan)
    missing += context_only_entities(question, plan)
    missing += honest_parts(text, question, plan)
    missing += structural_parts(text, plan, residue(question, plan))  # the lexicon's check (agents/understanding)
    return list(dict.fromkeys(missing))


def unexplained_text(parts: list[str], richer: bool = False) -> str:
    """One sentence naming what the plan could not use (with the graph's reason where one is known);
    `richer`: the graph holds institutions, topics, keywords and funders."""
    try:
        from hgrag.agents.checking.unsupported import explain_unsupported
    except ImportError:  # pragma: no cover - explanations are optional
        explain_unsupported = None
    reason = explain_unsupported(parts, richer) if explain_unsupported else None
    if reason:
        return reason
    quoted = ", ".join(f"'{p}'" for p in parts[:3])
    return (f"I can't use {quoted} in this question: my reading of it would leave that out, so I do not "
            "answer rather than answer a different question.")


def output_kind(op: dict[str, Any] | None) -> str | None:
    """What a plan returns: author | paper | venue (nodes), value (an attribute read), or None (a
    number, a yes/no or a path length: aggregates are checked by the cues, not by kind)."""
    if not op:
        return None
    kind = op.get("op")
    if kind == "match":
        return op.get("type")
    if kind == "traverse":
        return EDGE_KIND.get((op["edge"], op["direction"]))
    if kind == "project":
        return "value"
    if kind in ("filter", "top", "describe"):
        return output_kind(op["input"])
    if kind in ("intersect", "union", "difference"):
        return output_kind(op["inputs"][0])
    return None


def kind_mismatch(residual: str, plan: dict[str, Any]) -> list[str]:
    """'Which other papers did the first author of X write?' answered with a person: the asked kind
    (the noun after the question word) must be the kind of what the plan returns."""
    from hgrag.agents.planning.intent import focus_target

    returned = output_kind(plan.get("ir"))
    if returned is None:
        return []
    pieces = [p for p in residual.split("zzstop") if p.strip()]
    asking = [p for p in pieces if re.search(r"\b(who|whom|whose|what|which|when|where|how|list|name|give|show|find)\b", p)]
    asked, explicit = focus_target((asking or pieces or [residual])[-1])
    if not explicit or asked not in ("author", "paper", "venue") or asked == returned and asked != "author":
        return []
    if returned == "value" and asked == "paper" and plan.get("operation") in ("attribute",):
        return []
    written = WHAT_ELSE_WRITTEN.search((asking or pieces or [residual])[-1])
    if returned == "paper" and asked == "author" and written:
        return []  # "what else has its first author written": the author's papers are asked for
    if returned == "author" and asked == "author":  # "what has the first author of X published" is no person
        return ["papers (the plan returns authors)"] if written else []
    return [f"{asked}s (the plan returns {returned}s)"]


WHAT_ELSE_WRITTEN = re.compile(r"\bwhat (else |other \w+ )?(has|have|had|did|does|do)\b.*\b(written|write|wrote|published|"
                               r"publish|authored|produced|released|put out)\b")

