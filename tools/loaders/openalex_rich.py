"""The richer parts of an OpenAlex Work: affiliations, topics, keywords, funders and the abstract.

Ids are shortened like every OpenAlex id ('https://openalex.org/I134085113' -> 'I134085113';
'https://openalex.org/subfields/2212' -> 'subfields/2212', 'https://openalex.org/keywords/brine' ->
'keywords/brine'), so node ids of different kinds never collide. Entries without an id are skipped;
an id listed twice on one work keeps its first entry.
"""

from __future__ import annotations

from typing import Any

from hgrag.tools.records import InstitutionRef, Term
from hgrag.tools.text import clean_display

_ID_PREFIXES = ("https://openalex.org/", "http://openalex.org/")


def rich_id(value: Any) -> str | None:
    if not value:
        return None
    text = str(value).strip()
    for prefix in _ID_PREFIXES:
        if text.startswith(prefix):
            return text[len(prefix):]
    return text


def _score(value: Any) -> float | None:
    try:
        return None if value is None else float(value)
    except (TypeError, ValueError):
        return None


def institutions(authorship: dict[str, Any]) -> list[InstitutionRef]:
    """The institutions of one authorship (its affiliations on that paper)."""
    found: dict[str, InstitutionRef] = {}
    for item in authorship.get("institutions") or []:
        ident = rich_id((item or {}).get("id"))
        if ident and ident not in found:
            found[ident] = InstitutionRef(id=ident, name=clean_display(item.get("display_name") or ""),
                                          country_code=item.get("country_code"), type=item.get("type"))
    return list(found.values())


def _level(topic: dict[str, Any], key: str) -> tuple[str, str] | None:
    level = topic.get(key) or {}
    ident = rich_id(level.get("id"))
    return (ident, clean_display(level.get("display_name") or "")) if ident else None


def topics(work: dict[str, Any]) -> list[Term]:
    """`topics` with scores; the one equal to `primary_topic` is flagged (and added if missing)."""
    primary = rich_id((work.get("primary_topic") or {}).get("id"))
    listed = list(work.get("topics") or [])
    if primary and all(rich_id((t or {}).get("id")) != primary for t in listed):
        listed.insert(0, work["primary_topic"])
    found: dict[str, Term] = {}
    for topic in listed:
        ident = rich_id((topic or {}).get("id"))
        if not ident or ident in found:
            continue
        found[ident] = Term(id=ident, name=clean_display(topic.get("display_name") or ""),
                            score=_score(topic.get("score")), primary=ident == primary,
                            subfield=_level(topic, "subfield"), field=_level(topic, "field"),
                            domain=_level(topic, "domain"))
    return list(found.values())


def terms(items: Any) -> list[Term]:
    """Keywords or funders: (id, display name, score when given), first entry per id."""
    found: dict[str, Term] = {}
    for item in items or []:
        ident = rich_id((item or {}).get("id"))
        if ident and ident not in found:
            found[ident] = Term(id=ident, name=clean_display(item.get("display_name") or ""),
                                score=_score(item.get("score")))
    return list(found.values())


def funders(work: dict[str, Any]) -> list[Term]:
    """`funders` (current schema), else the funders named by `grants` (older schema)."""
    if work.get("funders"):
        return terms(work["funders"])
    return terms([{"id": g.get("funder"), "display_name": g.get("funder_display_name")}
                  for g in work.get("grants") or [] if isinstance(g, dict)])


def abstract(work: dict[str, Any]) -> str | None:
    """The abstract rebuilt from `abstract_inverted_index` (word -> positions)."""
    index = work.get("abstract_inverted_index")
    if not isinstance(index, dict) or not index:
        return None
    slots: dict[int, str] = {}
    for word, positions in index.items():
        for position in positions or []:
            if isinstance(position, int):
                slots[position] = word
    return " ".join(slots[i] for i in sorted(slots)) or None
