"""Topical search inside structure: "A's papers about CO2 storage", "papers in V in 2020 on machine
learning". The words after a topical cue (agents/lexicon_graph_kinds.json: about, on, regarding, ...)
up to a stop word form the term; papers are found by their topic and keyword edges whose names hold
the term (tools/rich_index.py `containing`), ranked by how many of those edges reach them. When no
topic or keyword holds the term, the papers of the rest of the question are ranked by the embedding
of their title against the term (the entity index's title vectors), and the plan says so.
"""

from __future__ import annotations

import re
from typing import Any

from hgrag.agents.kinds.lexicon import lexicon
from hgrag.state import plan_ir as ir

EMBEDDING_TOP = 5
EMBEDDING_POOL = 300
_WORDS = re.compile(r"[\w][\w'’.+-]*|[^\w\s]")


def topical_term(asking: str) -> str | None:
    """The term after the first topical cue of the asking text (holes, years, stops end it)."""
    words = lexicon()
    stops = set(words["topical_stops"])
    kind_words = {p for phrases in words["kinds"].values() for p in phrases}
    tokens = _WORDS.findall(asking)
    cues = sorted(words["topical"], key=lambda p: -len(p.split()))
    for i in range(len(tokens)):
        for cue in cues:
            parts = cue.split()
            if [t.lower() for t in tokens[i:i + len(parts)]] != parts:
                continue
            term = []
            for token in tokens[i + len(parts):]:
                low = token.lower()
                if not re.match(r"\w", token) or low in stops or low in kind_words or low.isdigit() or "zzm" in low:
                    break
                term.append(token)
            if term:
                return " ".join(term)
    return None


def term_branch(term: str, index: Any) -> tuple[dict[str, Any], list[dict[str, Any]]] | None:
    """(papers whose topics or keywords hold the term, their anchors), or None when none does."""
    hits = index.containing(term)
    if not hits:
        return None
    parts = []
    for kind, edge in (("topic", "has_topic"), ("keyword", "has_keyword")):
        ids = [h.node_id for h in hits if h.node_type == kind]
        if ids:
            parts.append(ir.traverse(ir.match(ids, kind, ""), edge, "in"))
    anchors = [{"text": term, "type": hits[0].node_type, "role": "subject", "node_id": hits[0].node_id,
                "label": hits[0].label, "score": 1.0, "match": "topical",
                "candidates": [h.node_id for h in hits[:10]], "candidate_scores": [1.0] * min(10, len(hits))}]
    return ir.setop("union", parts), anchors


def embedding_ranked(term: str, papers: list[str], resources: Any, k: int = EMBEDDING_TOP) -> list[str]:
    """The k papers of `papers` (at most EMBEDDING_POOL of them) whose title + abstract embedding is
    closest to the term's (embedded now: a few hundred short texts at most)."""
    import numpy as np

    pool = sorted(papers)[:EMBEDDING_POOL]
    if not pool:
        return []
    store = resources.store
    titles, abstracts = store.attrs(pool, "title"), store.attrs(pool, "abstract")
    texts = [f"{titles.get(p) or ''}. {abstracts.get(p) or ''}"[:2000] for p in pool]
    vectors = np.asarray(resources.index.embed([term] + texts), dtype=np.float32)
    scores = vectors[1:] @ vectors[0]
    order = sorted(range(len(pool)), key=lambda i: (-float(scores[i]), pool[i]))
    return [pool[i] for i in order[:k]]
