"""An independent count of the richer OpenAlex kinds, straight from the raw JSON (no hgrag code).

Works are deduplicated by id (first copy wins), authorships without an author id are skipped and a
name listed twice on one work counts once, as the loader documents."""

from __future__ import annotations

import gzip
import json
from collections import defaultdict
from pathlib import Path


def _short(value):
    return value.split("openalex.org/", 1)[1] if value and "openalex.org/" in value else value


def raw_works(directory: Path) -> list[dict]:
    """Distinct works of every *.json / *.json.gz file in `directory` (first copy of an id)."""
    seen, works = set(), []
    for path in sorted(directory.iterdir()):
        if path.name.endswith(".json.gz"):
            data = json.loads(gzip.decompress(path.read_bytes()))
        elif path.name.endswith(".json"):
            data = json.loads(path.read_text(encoding="utf-8"))
        else:
            continue
        for work in data["works"]:
            if work["id"] not in seen:
                seen.add(work["id"])
                works.append(work)
    return works


def rich_counts(works: list[dict]) -> tuple[dict[str, int], dict[str, int]]:
    """(node counts, edge counts) of the richer kinds."""
    nodes, edges = defaultdict(set), defaultdict(set)
    for work in works:
        wid = _short(work["id"])
        for authorship in work.get("authorships") or []:
            aid = _short((authorship.get("author") or {}).get("id"))
            if not aid or (wid, aid) in nodes["authorship"]:
                continue
            nodes["authorship"].add((wid, aid))
            for inst in authorship.get("institutions") or []:
                if inst.get("id"):
                    nodes["institution"].add(inst["id"])
                    edges["affiliated_with"].add((wid, aid, inst["id"]))
        topics = list(work.get("topics") or []) + ([work["primary_topic"]] if work.get("primary_topic") else [])
        for topic in topics:
            nodes["topic"].add(topic["id"])
            edges["has_topic"].add((wid, topic["id"]))
            chain = [topic["id"]] + [(topic.get(k) or {}).get("id") for k in ("subfield", "field", "domain")]
            for (below, above), kind in zip(zip(chain, chain[1:]), ("subfield", "field", "domain")):
                if not above:
                    break
                nodes[kind].add(above)
                edges[f"in_{kind}"].add((below, above))
        if (work.get("primary_topic") or {}).get("id"):
            edges["primary_topic"].add(wid)
        for kind, edge, items in (("keyword", "has_keyword", work.get("keywords")),
                                  ("funder", "funded_by", work.get("funders"))):
            for item in items or []:
                if item.get("id"):
                    nodes[kind].add(item["id"])
                    edges[edge].add((wid, item["id"]))
    node_counts = {k: len(v) for k, v in nodes.items()}
    edge_counts = {k: len(v) for k, v in edges.items()}
    edge_counts["authorship_by"] = edge_counts["authorship_of"] = node_counts.get("authorship", 0)
    return node_counts, edge_counts
