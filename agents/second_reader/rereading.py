"""Re-reading a plan the check declined: the plan of the question's standalone asking part (its context set
aside), or of the question with a fronted frame moved after it; each checked against the wording it read."""

from __future__ import annotations

from typing import Any


def asking_part_alone(question: str, plan: dict[str, Any], planned: Any) -> dict[str, Any] | None:
    """When the check declines the whole question's plan, the plan of its standalone asking part (its context
    sentences before it set aside: agents/understanding/asking_sentence.py), checked against that part."""
    from hgrag.agents.checking.question_check import unexplained_parts
    from hgrag.agents.second_reader.hook import tested_set
    from hgrag.agents.understanding.asking_sentence import asking_part, without_list_tail
    from hgrag.agents.understanding.name_heading import a_name_heading

    if not plan.get("ir") or plan.get("operation") == "unsupported":
        return None
    rest, tail = asking_part(question, plan), without_list_tail(question)  # (cheap: read before the check)
    if not (rest or tail) or not unexplained_parts(question, plan) or plan.get("noted_readings") and \
            not unexplained_parts(plan.get("checked_question") or question, plan):
        return None  # (a plan of the question written out again with what it read, checked against that wording)
    found = planned(rest) if rest else None
    if not rest:  # 'Are there papers citing T? Which ones?': the tested set
        rest = tail
        tested = planned(rest)
        found = tested_set(tested) if tested.get("ir") and not unexplained_parts(rest, tested) else None
        return {**found, "checked_question": rest, "parts_checked": True} if found else None
    if not found or not found.get("ir") or found.get("operation") == "unsupported" or unexplained_parts(rest, found):
        return None
    if a_name_heading(question[:len(question) - len(rest)], plan.get("anchors") or []):
        return None  # ('A: one of the authors of T?': the name is what the fragment is said of)
    found["checked_question"] = rest
    found["context_read_aside"] = question[:len(question) - len(rest)].strip()  # (shown in the trace)
    return found


def fronted_phrase_moved(question: str, plan: dict[str, Any], planned: Any) -> dict[str, Any] | None:
    """When the check declines the plan, the plan of the question with its fronted frame moved after it ('Across
    the papers of A's co-authors, which venues show up?'), checked against that wording; else None."""
    from hgrag.agents.checking.question_check import reads_it, unexplained_parts
    from hgrag.agents.understanding.asking_sentence import frame_folded, fronted_moved, tail_folded

    movable = plan.get("ir") and plan.get("operation") != "unsupported"
    moved = (frame_folded(question) or fronted_moved(question) or tail_folded(question)) if movable else None
    if moved is None or not unexplained_parts(question, plan):
        return None
    found = planned(moved)
    if not reads_it(moved, found):
        return None
    return {**found, "checked_question": moved}
