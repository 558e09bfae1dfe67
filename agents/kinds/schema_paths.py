"""Walks between node kinds over the schema, for the planner of the richer kinds.

A question about institutions reads an author's link to a paper through the authorship node (the
affiliation belongs to one author on one paper), so then `writes` is left out; otherwise an author
reaches a paper by `writes`. A paper's subfield, field and domain are those of its primary topic
(OpenAlex's definition), so a walk asking for them goes through `primary_topic`.
"""

from __future__ import annotations

from collections import deque

from hgrag.tools.graph_kinds import RICH_EDGE_ENDS

VIA_PRIMARY = ("primary_topic", "subfield", "field", "domain")
Step = tuple[str, str, str]  # (edge, direction, type reached)


def _moves(through_authorship: bool, primary: bool) -> dict[str, list[Step]]:
    ends = dict(RICH_EDGE_ENDS)
    if not through_authorship:
        ends[("writes", "out")], ends[("writes", "in")] = ("author", "paper"), ("paper", "author")
    ends[("published_in", "out")], ends[("published_in", "in")] = ("paper", "venue"), ("venue", "paper")
    skipped = "has_topic" if primary else "primary_topic"
    moves: dict[str, list[Step]] = {}
    for (edge, direction), (start, end) in ends.items():
        if edge != skipped:
            moves.setdefault(start, []).append((edge, direction, end))
    return moves


def schema_path(start: str, goal: str, through_authorship: bool, primary: bool) -> list[Step] | None:
    """The shortest walk of kinds from `start` to `goal` (breadth first, schema order), or None."""
    if start == goal:
        return []
    moves = _moves(through_authorship, primary)
    seen, queue = {start}, deque([(start, [])])
    while queue:
        kind, path = queue.popleft()
        for edge, direction, end in moves.get(kind, []):
            if end in seen:
                continue
            if end == goal:
                return path + [(edge, direction, end)]
            seen.add(end)
            queue.append((end, path + [(edge, direction, end)]))
    return None
