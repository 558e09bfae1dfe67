"""'Is V the venue where T appeared?', 'Was A the last author of T?': a yes/no question whose subject is a named
thing and whose predicate names things of its kind asks whether the named thing is among them. The plan that reads
the predicate (it returns things of that kind and leaves the named subject unused) is tested for the subject."""

from __future__ import annotations

import re
from typing import Any


def nominal_test(question: str, plan: dict[str, Any]) -> dict[str, Any] | None:
    """The yes/no plan, checked against the question, or None when the question is no such predicate nominal."""
    from hgrag.agents.answering.interpretation import interpret
    from hgrag.agents.checking.mention_use import used_ids
    from hgrag.agents.checking.question_check import unexplained_parts
    from hgrag.agents.planning.ir_planner import ir_native_plan
    from hgrag.agents.understanding.lexicon import load
    from hgrag.agents.understanding.signature import output_kind
    from hgrag.agents.understanding.tokens import tag

    program = plan.get("ir")
    if not program or plan.get("operation") == "unsupported" or output_kind(program) not in ("author", "paper", "venue"):
        return None
    used = used_ids(program)
    unused = [a for a in plan.get("anchors") or [] if a.get("node_id") and a["node_id"] not in used and a.get("text")]
    if len(unused) != 1 or unused[0].get("type") != output_kind(program):
        return None
    at = question.find(unused[0]["text"])
    opening = tag(question[:at].lower(), load("en")) if at > 0 else []
    after = tag(re.sub(r"^[\s\"'“”«»]+", "", question[at + len(unused[0]["text"]):]).lower(), load("en"))[:3]
    kinds = [t for t in after if t.family in ("kind", "attribute")]
    if len(opening) != 1 or opening[0].concept != "head:aux" or not kinds or after[0].family != "function":
        return None  # ('Is V the venue …': an auxiliary, the name, a determiner and the kind's noun)
    tested = {"op": "test", "input": program, "cmp": "contains", "value": [unused[0]["node_id"]]}
    native = {**plan, **ir_native_plan(tested, plan.get("anchors") or [], [])}
    native["interpretation"] = interpret(tested, None, anchors=native.get("anchors"))
    return None if unexplained_parts(question, native) else native
