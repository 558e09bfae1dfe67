"""A bracketed note read aside ('How many refs does T have (outgoing citations only)?'): when the check declines
the plan, the question is planned without its notes, and that plan is kept only when it reads both the bare wording
and the question as asked."""

from __future__ import annotations

from typing import Any


def bracketed_note_aside(question: str, plan: dict[str, Any], planned: Any) -> dict[str, Any] | None:
    """When the check declines the plan, the plan of the question without its bracketed notes ('How many refs does T
    have (outgoing citations only)?'), kept only when it reads both that wording and the question as asked."""
    from hgrag.agents.checking.question_check import reads_it, unexplained_parts
    from hgrag.agents.understanding.asking_sentence import without_bracketed_notes

    bare = without_bracketed_notes(question) if plan.get("ir") and plan.get("operation") != "unsupported" else None
    if bare is None or not unexplained_parts(question, plan):
        return None
    found = planned(bare)
    return found if reads_it(bare, found) and reads_it(question, found) else None
