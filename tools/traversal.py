"""Plan execution on a GraphStore: typed hops with filters, then list/count/argmax/argmin/attribute/yes-no.

The same code serves retrieval (which records the visited subgraph as evidence) and validation
(which recomputes an answer on the full graph to check it).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from hgrag.tools.graph_store import GraphStore

DEFAULT_LAYER_BUDGET = 20_000
MAX_EVIDENCE_EDGES = 400
MAX_PATHS = 40


@dataclass
class Traversal:
    """Nodes reached at the end of the hops (with path multiplicity) plus the walked subgraph."""

    targets: Counter = field(default_factory=Counter)
    layers: list[set[str]] = field(default_factory=list)
    edges: list[tuple[str, str, str]] = field(default_factory=list)
    paths: list[list[str]] = field(default_factory=list)
    truncated: bool = False


def _paper_passes(store: GraphStore, paper: str, filters: dict[str, Any]) -> bool:
    """Venue, year range and co-author filters on a paper node."""
    if "venue" in filters and filters["venue"] not in store.neighbors(paper, "published_in", "out"):
        return False
    year = store.attr(paper, "year")
    if "year" in filters and year != filters["year"]:
        return False
    if "year_from" in filters and (year is None or year < filters["year_from"]):
        return False
    if "year_to" in filters and (year is None or year > filters["year_to"]):
        return False
    coauthors = filters.get("coauthor")
    if coauthors:
        wanted = [coauthors] if isinstance(coauthors, str) else coauthors
        authors = set(store.neighbors(paper, "writes", "in"))
        if not all(a in authors for a in wanted):
            return False
    return True


def _position_passes(store: GraphStore, author: str, paper: str, position: int) -> bool:
    """Author position filter: 1 = first author, 2 = second, -1 = last."""
    edge = store.edge(author, paper, "writes") or {}
    if position > 0:
        return edge.get("position") == position
    positions = [(store.edge(a, paper, "writes") or {}).get("position") or 0
                 for a in store.neighbors(paper, "writes", "in")]
    return bool(positions) and edge.get("position") == max(positions)


def _hop(store: GraphStore, node: str, step: dict[str, Any]) -> Iterable[str]:
    """Neighbours of `node` along one step, filtered."""
    filters = step.get("filters") or {}
    if step["edge"] == "*":
        yield from dict.fromkeys(store.all_neighbors(node))
        return
    for other in store.neighbors(node, step["edge"], step["direction"]):
        if step["to_type"] == "paper" and filters and not _paper_passes(store, other, filters):
            continue
        if step["to_type"] == "author" and "position" in filters:
            if not _position_passes(store, other, node, filters["position"]):
                continue
        yield other


def traverse(store: GraphStore, start: Iterable[str], steps: list[dict[str, Any]],
             exclude: set[str] | None = None, layer_budget: int = DEFAULT_LAYER_BUDGET,
             start_filters: dict[str, Any] | None = None) -> Traversal:
    """Walk `steps` from `start`; multiplicity counts the distinct paths reaching each target."""
    exclude = exclude or set()
    result = Traversal()
    counts: Counter = Counter()
    parents: list[dict[str, str]] = []  # one map per hop: node reached -> node it was reached from
    for node in start:
        if store.has_node(node) and (not start_filters or _paper_passes(store, node, start_filters)):
            counts[node] += 1
    result.layers.append(set(counts))
    for step in steps:
        nxt: Counter = Counter()
        hop_parents: dict[str, str] = {}
        parents.append(hop_parents)
        for node, mult in list(counts.items())[:layer_budget]:
            for other in _hop(store, node, step):
                nxt[other] += mult
                hop_parents.setdefault(other, node)
                if len(result.edges) < MAX_EVIDENCE_EDGES:
                    result.edges.append(_edge_triple(node, other, step))
        result.truncated |= len(counts) > layer_budget
        counts = nxt
        result.layers.append(set(counts))
    for node in exclude:
        counts.pop(node, None)
    result.targets = counts
    result.paths = [_path_to(node, parents) for node, _ in counts.most_common(MAX_PATHS)]
    return result


def _edge_triple(node: str, other: str, step: dict[str, Any]) -> tuple[str, str, str]:
    if step["direction"] in ("out", "both"):
        return (node, step["edge"], other)
    return (other, step["edge"], node)


def _path_to(node: str, parents: list[dict[str, str]]) -> list[str]:
    """The path anchor -> ... -> node, walking the per-hop parent maps backwards."""
    path = [node]
    for hop_parents in reversed(parents):
        if path[-1] not in hop_parents:
            break
        path.append(hop_parents[path[-1]])
    return list(reversed(path))


def combine(results: list[Traversal], how: str = "intersection") -> Traversal:
    """Merge per-anchor traversals: shared targets (intersection) or all of them (union)."""
    if not results:
        return Traversal()
    merged = Traversal(edges=[e for r in results for e in r.edges][:MAX_EVIDENCE_EDGES],
                       paths=[p for r in results for p in r.paths][:MAX_PATHS],
                       truncated=any(r.truncated for r in results))
    merged.layers = [set().union(*layer) for layer in zip(*(r.layers for r in results))]
    if how == "union":
        total: Counter = Counter()
        for r in results:
            total.update(r.targets)
        merged.targets = total
        return merged
    shared = set(results[0].targets)
    for r in results[1:]:
        shared &= set(r.targets)
    merged.targets = Counter({n: min(r.targets[n] for r in results) for n in shared})
    return merged
