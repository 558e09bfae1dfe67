"""Which kind a name of several kinds stands for: the kind a lexicon word beside it names ('funded by F', 'F
funding', 'the journal Geology'), or, for a venue, a publishing phrase right before it ('published in Geology').
A name that is both a venue and a field, subfield or domain with no such word beside it has two readings
('Which of A's papers fall outside Mathematics?': the journal or the field): it is declined, never guessed."""

from __future__ import annotations

from typing import Any

from hgrag.agents.kinds.lexicon import cues, lexicon
from hgrag.tools.text import norm_key

CLASSIFYING_KINDS = ("field", "subfield", "domain")


def kinds_around(question: str, start: int, end: int) -> list[str]:
    """The kinds named by a lexicon word right before or right after a name ('funded by F', 'F funding')."""
    before = [c.group for c in cues(question[:start]) if c.end >= len(question[:start].rstrip()) - 4]
    after_text = question[end:]
    lead = len(after_text) - len(after_text.lstrip(" \"'”’)"))
    after = [c.group for c in cues(after_text) if c.start <= lead + 1]
    return before[-1:] + after[:1]


def _venue_lead_before(question: str, start: int) -> bool:
    """Does a publishing phrase of the lexicon end right before the name ('appeared in Geology')?"""
    before = norm_key(question[:start].rstrip(" \"'“‘(")) + " "
    return any(before.endswith(f" {norm_key(lead)} ") or before == f"{norm_key(lead)} "
               for lead in lexicon().get("venue_leads", []))


def _classifying_kinds(rich: Any) -> set[str]:
    return {h.node_type for h in list(rich.candidates) + list(rich.alternatives)} & set(CLASSIFYING_KINDS)


def two_kinds_named(question: str, spans: list[Any], named: list[Any]) -> list[tuple[str, list[str]]]:
    """(name, kinds) for each name the question gives that links both as a venue and as a field, subfield or
    domain, with no word beside it saying which."""
    found = []
    for rich in named:
        classes = _classifying_kinds(rich)
        venue = [s for s in spans if getattr(s, "type", None) == "venue" and s.candidates
                 and norm_key(s.text) == norm_key(rich.text) and s.start < rich.end and rich.start < s.end]
        if not classes or not venue:
            continue
        kinds = {h.node_type for h in list(rich.candidates) + list(rich.alternatives)} | {"venue"}
        typed = set(kinds_around(question, rich.start, rich.end)) & kinds
        asked = {c.group for c in cues(question, [(rich.start, rich.end)])} & kinds
        if typed or _venue_lead_before(question, rich.start) or len(asked) == 1:
            continue  # ('Which journals …, leaving Mathematics aside?': venues asked, the name is one of them)
        found.append((rich.text, ["venue", *sorted(classes)]))
    return found


def two_readings_text(found: list[tuple[str, list[str]]]) -> str:
    """One sentence per name: the kinds it names and how to say which is meant."""
    parts = []
    for name, kinds in found:
        listed = ", ".join(f"a {k}" for k in kinds[:-1]) + f" and a {kinds[-1]}"
        parts.append(f"'{name}' is the name of {listed} in the graph, and nothing in the question says which is meant; "
                     f"ask again with the kind named ('the journal {name}' or 'the {kinds[1]} {name}')")
    return ". ".join(parts) + "."
