"""Answer instructions the question states, put into the plan's IR for every planner: 'rounded to one decimal
place', 'as a whole number' round the plan's average or total (`round` on the aggregate). What no element of the
plan can honour stays for the question-plan check, which then abstains and names it."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from hgrag.agents.understanding.lexicon import load, signatures
from hgrag.agents.understanding.tokens import bound, tag
from hgrag.state import plan_ir as ir

ROUNDED = ("avg", "sum")
PREFIX = "instruction:round_"


def with_instructions(question: str, plan: dict[str, Any]) -> dict[str, Any]:
    """`plan` with the answer instructions the question states that its IR can take: rounding on each average
    or total, the first author left out of one paper's authors, the stated years kept inside strict year bounds
    ('after 2006, that year included') (unchanged when there are none)."""
    if not plan.get("ir"):
        return plan
    for anchor in plan.get("anchors") or []:  # a title's words are no instruction ('… in the Middle East')
        question = question.replace(anchor.get("text") or "\0", " zzm ")
    tokens = tag(question.lower(), load("en"))
    concepts = {t.concept or "" for t in tokens}  # read once for every instruction
    for bound in ("instruction:inclusive", "instruction:exclusive"):
        if not _next_to_a_year(tokens, bound):
            concepts.discard(bound)  # 'including the first author' says nothing of years
    if _first_and_last(tokens):
        concepts.add("attribute:position_middle")  # 'leaving out the first and the last author': the middle
    return _inclusive_bounds(concepts, _first_left_out(concepts, _with_rounding(concepts, plan)))


def _first_and_last(tokens: list[Any]) -> bool:
    """'Except for the first and the last author': the first left out, and the last joined to it by 'and' with only
    function words between."""
    for i, token in enumerate(tokens):
        if token.concept == "instruction:besides_first":
            rest = [t for t in tokens[i + 1:i + 4] if t.family == "function"]
            after = tokens[i + 1 + len(rest):i + 2 + len(rest)]
            return any(t.concept == "function:and" for t in rest) and bool(after) and \
                after[0].concept == "attribute:position_last"
    return False


def _next_to_a_year(tokens: list[Any], concept: str) -> bool:
    """A token of `concept` bound as its signature says (`bound_to`: a year next to 'that year included')."""
    wanted = signatures().get(concept, {}).get("bound_to")
    return any(t.concept == concept and bound(tokens, t, wanted) for t in tokens)


def instruction_only(tokens: list[Any]) -> bool:
    """'Give the value rounded to one decimal place.': a sentence that only says how to answer (an instruction
    of the lexicon, with commands, rounding words, fillers and function words): no second question."""
    says_how = any(t.family == "instruction" for t in tokens)
    return says_how and all(t.family in INSTRUCTION_COMPANIONS or t.concept in ("head:command", "operator:round")
                            for t in tokens)


INSTRUCTION_COMPANIONS = ("instruction", "function", "filler", "general")


def _first_left_out(concepts: set[str], plan: dict[str, Any]) -> dict[str, Any]:
    """'Leaving aside the first author, who wrote T?', 'T's authors, without counting the first author': the
    paper's authors less the one listed first (a reading of the first author alone is corrected too); 'the middle
    authors of T' (a word of `attribute:position_middle`): less the first and the last."""
    program = plan.get("ir") or {}
    middle = "attribute:position_middle" in concepts
    if middle and program.get("op") == "difference" and _one_papers_authors(program["inputs"][0]):
        program = program["inputs"][0]  # ('leaving out the first and the last author': the first alone was read)
    if "instruction:besides_first" not in concepts and not middle or not _one_papers_authors(program):
        return plan
    paper = program["input"]
    ends = [ir.traverse(paper, "writes", "in", 1)] + ([ir.traverse(paper, "writes", "in", -1)] if middle else [])
    new = {"op": "difference", "inputs": [ir.traverse(paper, "writes", "in")] + ends}
    from hgrag.agents.answering.interpretation import interpret

    # marked IR-native, so the plan is not lowered again from its frame (which has no such step)
    return {**plan, "ir": new, "ir_native": True, "interpretation": interpret(new, anchors=plan.get("anchors"))}


BOUNDS = {"instruction:inclusive": {">": ">=", "<": "<="}, "instruction:exclusive": {">=": ">", "<=": "<"}}


def _inclusive_bounds(concepts: set[str], plan: dict[str, Any]) -> dict[str, Any]:
    """'after 2006, that year included', 'before 2010 (inclusive)': a strict year bound keeps its year; 'from after
    2007 (so 2007 itself is excluded)': a year bound that keeps its year leaves it out."""
    program = plan.get("ir")
    wanted = [BOUNDS[c] for c in BOUNDS if c in concepts]
    if len(wanted) != 1 or not program:
        return plan
    new = _bounded(program, wanted[0])
    if new == program:
        return plan
    from hgrag.agents.answering.interpretation import interpret

    return {**plan, "ir": new, "ir_native": True, "interpretation": interpret(new, anchors=plan.get("anchors"))}


def _bounded(op: Any, swap: dict[str, str]) -> Any:
    if isinstance(op, list):
        return [_bounded(item, swap) for item in op]
    if not isinstance(op, dict):
        return op
    copy = {key: _bounded(value, swap) for key, value in op.items()}
    if copy.get("op") == "filter" and copy.get("attr") == "year" and copy.get("cmp") in swap and "value" in copy:
        copy["cmp"] = swap[copy["cmp"]]
    return copy


def _one_papers_authors(op: dict[str, Any]) -> bool:
    source = op.get("input") or {}
    return (op.get("op") == "traverse" and (op.get("edge"), op.get("direction")) == ("writes", "in")
            and source.get("op") == "match" and source.get("type") == "paper" and len(source.get("ids") or []) == 1)


def _with_rounding(concepts: set[str], plan: dict[str, Any]) -> dict[str, Any]:
    program = plan.get("ir")
    places = _places(concepts)
    if places is None:
        return plan
    new = rounded(program, places)
    if new == program:
        return plan
    from hgrag.agents.answering.interpretation import interpret

    # `round` is kept on the plan too, so a frame-shaped plan lowered again (after re-linking) keeps it
    return {**plan, "ir": new, "round": places, "interpretation": interpret(new, anchors=plan.get("anchors"))}


def _places(concepts: set[str]) -> int | None:
    asked = {c[len(PREFIX):] for c in concepts if c.startswith(PREFIX)}
    return int(asked.pop()) if len(asked) == 1 else None


def rounded(op: Any, places: int) -> Any:
    """A copy of an IR whose averages and totals round to `places` decimals."""
    if isinstance(op, list):
        return [rounded(item, places) for item in op]
    if not isinstance(op, dict):
        return op
    copy = {key: rounded(value, places) for key, value in op.items()}
    if copy.get("op") == "aggregate" and copy.get("fn") in ROUNDED:
        copy["round"] = places
    return copy


ORDERS = {"instruction:sorted_oldest": "asc", "instruction:sorted_newest": "desc"}
HOW_TO_READ = {"instruction:inclusive": None, "instruction:exclusive": None}  # said of the bounds, applied by with_instructions


def without_order(question: str) -> tuple[str, str | None]:
    """The question without a sort instruction of the lexicon ('papers of A, oldest first', 'in chronological
    order'), and the order it asks for ('asc' | 'desc'), so a planner does not read 'oldest' as 'the oldest one'."""
    for pattern, order in _order_patterns():
        if order and pattern.search(question):
            return " ".join(pattern.sub(" ", question).split()), order
    return question, None


def for_the_planner(question: str) -> str:
    """The question without the phrases that say how to read its bounds ('both years included'): a planner must
    not read their words ('years') as what is asked; `with_instructions` applies them to the plan. A bare
    'inclusive' stays (it names no year); the lexicon's `planner_asides` ('going by its citation count') go too."""
    import re

    for pattern, order in _order_patterns():
        if order is None and pattern.search(question):
            question = re.sub(r"\s*\(\s*\)", "", pattern.sub("", question))
    for pattern, canonical in _renderings():
        question = pattern.sub(canonical, question)
    return _asides().sub("", question)


@lru_cache(maxsize=1)
def _renderings() -> list[tuple[Any, str]]:
    """The lexicon's `planner_renderings`: forms the planner reads as their canonical wording ('cited-by count' ->
    'citation count'), as (pattern, canonical) pairs."""
    import re

    from hgrag.agents.understanding.cue_words import phrase_alternation

    return [(re.compile(rf"(?<![\w-])(?:{phrase_alternation(forms)})(?![\w-])", re.IGNORECASE), canonical)
            for canonical, forms in load("en").extra.get("planner_renderings", {}).items()]


@lru_cache(maxsize=1)
def _asides() -> Any:
    """The lexicon's `planner_asides` (with a comma before them) as one pattern."""
    import re

    from hgrag.agents.understanding.cue_words import phrase_alternation

    return re.compile(rf"[\s,;]*\b(?:{phrase_alternation(load('en').extra.get('planner_asides', []))})\b", re.IGNORECASE)


@lru_cache(maxsize=1)
def _order_patterns() -> list[tuple[Any, str]]:
    """The sort instructions' phrases as patterns, built once (every question is read for them)."""
    import re

    lexicon, found = load("en"), []
    for concept, order in {**ORDERS, **HOW_TO_READ}.items():
        forms = sorted(lexicon.concepts.get(concept, []), key=len, reverse=True)
        forms = [f for f in forms if concept in ORDERS or " " in f]  # a bound's phrase, not a bare 'included'
        words = "|".join(r"\s+".join(re.escape(w) for w in form.split()) for form in forms)
        if words:
            found.append((re.compile(rf"[\s,;:–—-]*\b(?:{words})(?![\w-])", re.IGNORECASE), order))
    return found
