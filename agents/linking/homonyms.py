"""Same-name authors the question does not tell apart: they are never picked silently; the reason lists each with
what tells them apart (paper count, ORCID, most frequent co-author)."""

from __future__ import annotations

from typing import Any

MAX_HOMONYMS_LISTED = 8


def unlink_homonyms(store: Any, plan: dict[str, Any]) -> None:
    """Same-name authors the question's other entities do not single out are never picked silently:
    the plan's subjects are unlinked and its reason asks which one is meant, listing each candidate
    with what tells them apart."""
    tied = [m for m in plan.get("anchors", []) if m.get("type") == "author" and len(m.get("tied") or []) > 1]
    if not tied:
        return
    parts = []
    for mention in tied:
        mention["homonyms"] = list(mention["tied"])
        profiles = "; ".join(f"{store.label(n)} ({distinguishing(store, n)})"
                             for n in mention["tied"][:MAX_HOMONYMS_LISTED])
        parts.append(f"{len(mention['tied'])} authors in the graph are named '{mention['text']}' and nothing "
                     f"else in the question singles one out: {profiles}")
    for mention in plan.get("anchors", []):
        if mention in tied or mention.get("role") == "subject":
            mention["node_id"] = None
            mention["match"] = f"{mention.get('match', '')}+homonyms-unresolved"
    plan["reason"] = (". ".join(parts) + ". Which one do you mean? Ask again with a co-author, "
                      "one of their papers or the ORCID.")


def distinguishing(store: Any, node: str) -> str:
    """Node id, paper count, ORCID and most frequent co-author: what tells same-name authors apart."""
    papers = store.step(node, "paper")
    coauthors: dict[str, int] = {}
    for paper in papers:
        for other in store.step(paper, "author"):
            if other != node:
                coauthors[other] = coauthors.get(other, 0) + 1
    facts = [node, f"{len(papers)} paper{'s' if len(papers) != 1 else ''}"]
    if store.attr(node, "orcid"):
        facts.append(f"ORCID {store.attr(node, 'orcid')}")
    if coauthors:
        top = min(coauthors, key=lambda other: (-coauthors[other], store.label(other)))
        facts.append(f"co-author {store.label(top)}")
    return ", ".join(facts)
