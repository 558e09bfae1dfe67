"""Evidence paths over the richer kinds, with their edges named:
"Theis I. Sølling — affiliated with (on 'T') → King Abdullah University of Science and Technology".

An authorship node between an author and an institution (or a paper) is the affiliation of that
author on that paper: it is shown as the edge it stands for, with the paper in brackets."""

from __future__ import annotations

from typing import Any

from hgrag.tools.graph_kinds import EDGE_PHRASES, RICH_EDGE_TYPES, RICH_NODE_TYPES

CORE_PHRASES = {"writes": "wrote", "published_in": "published in", "cites": "cites"}


def _name(store: Any, node: str) -> str:
    label = store.label(node)
    return f"'{label}'" if store.node_type(node) == "paper" else label


def _edge(store: Any, a: str, b: str) -> str:
    for edge in ("primary_topic",) + tuple(CORE_PHRASES) + RICH_EDGE_TYPES:
        if store.edge(a, b, edge) is not None:
            return CORE_PHRASES.get(edge) or EDGE_PHRASES[edge]
        if store.edge(b, a, edge) is not None:
            return f"{CORE_PHRASES.get(edge) or EDGE_PHRASES[edge]} (reversed)"
    return "linked to"


def _authorship(store: Any, node: str) -> tuple[str | None, str | None]:
    author = next(iter(store.neighbors(node, "authorship_by")), None)
    paper = next(iter(store.neighbors(node, "authorship_of")), None)
    return author, paper


def has_rich_nodes(store: Any, path: list[str]) -> bool:
    return any(store.has_node(n) and store.node_type(n) in RICH_NODE_TYPES for n in path)


def describe_path(store: Any, path: list[str]) -> str:
    """One line naming every hop of an evidence path (authorship nodes folded into their edge)."""
    nodes = [n for n in path if store.has_node(n)]
    if not nodes:
        return " → ".join(path)
    parts = [_name(store, nodes[0])]
    i = 0
    while i < len(nodes) - 1:
        here, nxt = nodes[i], nodes[i + 1]
        if store.node_type(nxt) == "authorship" and i + 2 < len(nodes):
            author, paper = _authorship(store, nxt)
            after = nodes[i + 2]
            kind = store.node_type(after)
            paper_name = _name(store, paper) if paper else "?"
            if kind == "institution":
                who = "" if author == here else f" {_name(store, author)}"
                parts.append(f"—{who} affiliated with (on {paper_name}) → {_name(store, after)}")
            elif kind == "author":
                parts.append(f"— author entry on {paper_name} → {_name(store, after)}")
            else:
                parts.append(f"— author entry of {_name(store, author)} → {_name(store, after)}")
            i += 2
            continue
        if store.node_type(here) == "authorship":
            author, paper = _authorship(store, here)
            parts[-1] = f"{_name(store, author)} (on {_name(store, paper)})" if i == 0 else parts[-1]
        parts.append(f"— {_edge(store, here, nxt)} → {_name(store, nxt)}")
        i += 1
    return " ".join(parts)
