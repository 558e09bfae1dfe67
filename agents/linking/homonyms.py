"""Same-name authors the question does not tell apart: they are never picked silently; the reason lists each with
what tells them apart (paper count, ORCID, most frequent co-author)."""

from __future__ import annotations

import copy
from typing import Any, Callable

MAX_HOMONYMS_LISTED = 8


def same_answer_for_each(store: Any, plan: dict[str, Any], relink: Callable[..., None]) -> None:
    """A yes/no question naming one same-name author the question does not single out ('has A ever co-written a
    paper with R. J. Stern?'): when every one of them gives the same answer, it is the answer; the plan keeps the
    first and says so (the mention is no longer tied). Otherwise nothing changes and `unlink_homonyms` asks."""
    from hgrag.agents.understanding.signature import output_kind
    from hgrag.tools.ir_exec import execute

    anchors = plan.get("anchors", [])
    tied = [i for i, m in enumerate(anchors) if m.get("type") == "author" and len(m.get("tied") or []) > 1]
    if len(tied) != 1 or output_kind(plan.get("ir")) != "yes/no":
        return
    mention = anchors[tied[0]]
    answers = set()
    for node in mention["tied"][:MAX_HOMONYMS_LISTED]:
        trial = copy.deepcopy(plan)
        relink(trial, trial["anchors"][tied[0]], node, store)
        answers.add(repr(execute(store, trial["ir"]).value.data) if trial.get("ir") else None)
    if len(answers) != 1 or None in answers:
        return
    relink(plan, mention, mention["tied"][0], store)
    mention["picked_because"] = (f"{len(mention['tied'])} authors are named '{mention['text']}'; the answer is the "
                                 f"same for each of them")
    mention["tied"] = []


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
