"""Namesakes beyond the first few: a name written with initials ('C. H. Lee', 'J.-C. Chang') can
match dozens of authors, and a plan keeps only the first candidates of each mention. A candidate
that co-wrote with another entity the question names (or wrote the paper it names) is the one the
question is most likely about, so it is moved up among the kept candidates; the graph re-ranking
then decides between it and the others (and says which one it used).
"""

from __future__ import annotations

from typing import Any

KEPT = 10  # candidates a plan keeps per mention (plan_compiler.mention_dict)
MAX_PAPERS = 400  # partners of a very prolific author are not expanded (too costly, too unspecific)


def _partners(store: Any, node: str) -> set[str]:
    """Authors who wrote with an author, or the authors of a paper."""
    kind = store.node_type(node)
    if kind == "paper":
        return set(store.step(node, "author"))
    if kind != "author":
        return set()
    papers = store.step(node, "paper")
    if len(papers) > MAX_PAPERS:
        return set()
    return {a for p in papers for a in store.step(p, "author")} - {node}


def promote_partners(spans: list[Any], store: Any) -> None:
    """Move an author mention's candidates that are partners of another mention into the kept ones."""
    if store is None or not hasattr(store, "step"):
        return
    for span in spans:
        if span.type != "author" or len(span.candidates) <= KEPT:
            continue
        partners: set[str] = set()
        for other in spans:
            if other is not span and other.candidates and store.has_node(other.candidates[0].node_id):
                partners |= _partners(store, other.candidates[0].node_id)
        promoted = [c for c in span.candidates[KEPT:] if c.node_id in partners]
        if promoted:
            rest = [c for c in span.candidates[1:] if c not in promoted]
            span.candidates = [span.candidates[0]] + promoted + rest
