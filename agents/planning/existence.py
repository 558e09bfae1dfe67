"""Yes/no questions whether a paper is in the graph: 'Does T exist?', 'Does the publication T exist?'.

The predicate is the lexicon's `operator:exists`; besides it the question may hold only its auxiliary, function
words, a paper noun and the one title (a negation is read by the negation readers, which re-plan the positive
question). A title the graph holds word for word (after normalising case, accents and punctuation) answers 'yes'.
A title the linker finds nowhere is left to the other readers, which abstain and name it: an absent title may be
a real paper misspelt, and the pipeline answers only from linked entities."""

from __future__ import annotations

from typing import Any

from hgrag.agents.understanding.lexicon import load
from hgrag.agents.understanding.tokens import tag
from hgrag.state import plan_ir as ir
from hgrag.tools.text import norm_key

EXISTS = "operator:exists"
FRAME = ("function", "filler", "general")  # words around the claim that ask nothing ('the', 'please')


def existence_plan(residual: str, spans: list[Any]) -> dict[str, Any] | None:
    """The plan testing whether the one claimed paper is in the graph, or None when the question is no such test."""
    tokens = tag(residual.lower(), load("en"))
    if not tokens or tokens[0].concept != "head:aux" or sum(t.concept == EXISTS for t in tokens) != 1:
        return None
    linked = [s for s in spans if s.candidates]
    if len(spans) != 1 or len(linked) != 1 or linked[0].type != "paper" or not _only_frame(tokens, mentions=1):
        return None
    span = linked[0]
    if norm_key(span.text) != norm_key(span.candidates[0].label):
        return None  # a near title: 'yes' would claim the paper asked about is this other one
    return _plan(ir.match([span.candidates[0].node_id], "paper", span.text), [span])


def _only_frame(tokens: list[Any], mentions: int) -> bool:
    """Nothing but the auxiliary, the predicate, a paper noun, frame words and the mention(s)."""
    seen = 0
    for token in tokens[1:]:
        if token.concept == "mention":
            seen += 1
        elif token.concept not in (EXISTS, "kind:paper") and token.family not in FRAME:
            return False
    return seen == mentions


def _plan(program: dict[str, Any], spans: list[Any]) -> dict[str, Any]:
    from hgrag.agents.planning.ir_planner import ir_native_plan
    from hgrag.agents.planning.plan_compiler import mention_dict
    from hgrag.agents.planning.plan_lowering import with_ir

    plan = ir_native_plan(ir.test(program, "nonempty"), [mention_dict(s, "subject") for s in spans], [])
    plan["rationale"] = "existence test: the title is the graph's own"
    return with_ir(plan)


def paper_set_tested(question: str, plan: dict[str, Any], asked: str | None = None) -> dict[str, Any] | None:
    """'A w/ B on any paper?', 'A and B - any joint paper at some point?': when the check declines a plan that returns
    papers, and the test whether that set of papers is empty reads the question in full, the test is the plan (a set
    of people is never tested so: 'A and B co-authors?' asks about A and B, not about the people they share). Only a
    fragment with an existential hedge, and no question word in `asked`, the question as typed."""
    from hgrag.agents.answering.interpretation import interpret
    from hgrag.agents.checking.question_check import unexplained_parts
    from hgrag.agents.planning.ir_planner import ir_native_plan
    from hgrag.agents.understanding.asked_head import says_a_hedge
    from hgrag.agents.understanding.signature import output_kind

    program = plan.get("ir")
    wh = any(t.family == "head" and t.concept not in ("head:aux", "head:command")
             for text in (question, asked or question) for t in tag(text, load("en")))
    if not says_a_hedge(tag(asked or question, load("en"))):
        return None  # (only a fragment that says 'on any paper', 'at some point', 'ever': 'Everything by A that did
        # not appear in V?' and 'I'd be grateful for …' are no yes/no questions, whatever their auxiliary)
    if wh or not program or plan.get("operation") == "unsupported" or output_kind(program) != "paper" \
            or not unexplained_parts(question, plan):
        return None  # (a question word anywhere asks something else: 'A began in 2008. In which year …?')
    tested = ir.test(program, "nonempty")
    found = {**plan, **ir_native_plan(tested, plan.get("anchors") or [], [])}
    found["interpretation"] = interpret(tested, None, anchors=found.get("anchors"))
    return None if unexplained_parts(question, found) else found
