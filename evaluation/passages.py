"""Text descriptions of graph nodes for the vanilla-RAG baseline, and its offline extractive answerer.

Each passage is a sentence about one node; its metadata holds exactly the facts the sentence
states (so reading the metadata is reading the passage), e.g.
    paper:  "Title (2019) by A, B in Venue; cited 12 times. Type: article. DOI: 10.x/y."
    author: "Name wrote 3 papers. ORCID: 0000-...."
    venue:  "Venue is a journal with 120 papers."
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from hgrag.tools.graph_store import GraphStore
from hgrag.tools.text import clean_display, norm_key


def _ordered_authors(store: GraphStore, paper_id: str) -> list[str]:
    def position(author_id: str) -> int:
        edge = store.edge(author_id, paper_id, "writes") or {}
        value = edge.get("position")
        return value if isinstance(value, int) else 10_000

    return sorted(store.step(paper_id, "author"), key=lambda a: (position(a), a))


def paper_passage(store: GraphStore, paper_id: str) -> tuple[str, dict[str, Any]]:
    title = clean_display(store.label(paper_id))
    authors = [clean_display(store.label(a)) for a in _ordered_authors(store, paper_id)]
    venues = [clean_display(store.label(v)) for v in store.step(paper_id, "venue")]
    meta: dict[str, Any] = {
        "kind": "paper", "node_id": paper_id, "title": title, "year": store.attr(paper_id, "year"),
        "authors": authors, "venue": venues[0] if venues else None,
        "citations": store.attr(paper_id, "cited_by_count"),
        "doi": store.attr(paper_id, "doi"), "work_type": store.attr(paper_id, "work_type"),
    }
    text = title.rstrip(".")
    if meta["year"] is not None:
        text += f" ({meta['year']})"
    if authors:
        text += " by " + ", ".join(authors)
    if meta["venue"]:
        text += f" in {meta['venue']}"
    if meta["citations"] is not None:
        text += f"; cited {meta['citations']} times"
    text += "."
    if meta["work_type"]:
        text += f" Type: {meta['work_type']}."
    if meta["doi"]:
        text += f" DOI: {meta['doi']}."
    return text, meta


def author_passage(store: GraphStore, author_id: str) -> tuple[str, dict[str, Any]]:
    """Short on purpose: with titles appended the name drowns and MiniLM stops matching it."""
    name = clean_display(store.label(author_id))
    count = len(store.step(author_id, "paper"))
    orcid = store.attr(author_id, "orcid")
    meta = {"kind": "author", "node_id": author_id, "name": name, "paper_count": count, "orcid": orcid}
    text = f"{name} wrote {count} {'paper' if count == 1 else 'papers'}."
    if orcid:
        text += f" ORCID: {orcid}."
    return text, meta


def venue_passage(store: GraphStore, venue_id: str) -> tuple[str, dict[str, Any]]:
    name = clean_display(store.label(venue_id))
    count = len(store.step(venue_id, "paper"))
    kind = store.attr(venue_id, "venue_type") or "venue"
    meta = {"kind": "venue", "node_id": venue_id, "name": name, "paper_count": count}
    return f"{name} is a {kind} with {count} papers.", meta


def iter_passages(store: GraphStore, include_authors: bool = True) -> Iterator[tuple[str, dict[str, Any]]]:
    """Passages of papers, venues and (optionally) authors with at least one paper, sorted by id."""
    for paper_id in sorted(store.nodes_of_type("paper")):
        yield paper_passage(store, paper_id)
    for venue_id in sorted(store.nodes_of_type("venue")):
        yield venue_passage(store, venue_id)
    if include_authors:
        for author_id in sorted(store.nodes_of_type("author")):
            if store.step(author_id, "paper"):
                yield author_passage(store, author_id)


# -- offline extractive answers -----------------------------------------------------
_HOW_MANY = re.compile(r"\b(how many|number of|count|how often)\b")
_YES_NO = re.compile(r"^(have|has|did|do|does|are|is|was|were|tell me whether|is there)\b")


def _first(passages: list[dict[str, Any]], kind: str) -> dict[str, Any] | None:
    return next((p for p in passages if p["kind"] == kind), None)


def _named_in_question(question_key: str, names: list[str]) -> list[str]:
    return [n for n in names if norm_key(n) and f" {norm_key(n)} " in f" {question_key} "]


def _count_answer(q: str, paper: dict | None, author: dict | None) -> list[str]:
    if re.search(r"\b(cited|citations?)\b", q) and paper and paper["citations"] is not None:
        return [str(paper["citations"])]
    if re.search(r"\bauthors?\b|\bpeople wrote\b", q) and paper and not re.search(r"\bco-?authors?\b", q):
        return [str(len(paper["authors"]))]
    if author:
        return [str(author["paper_count"])]
    return [str(len(paper["authors"]))] if paper else []


def _yes_no_answer(question_key: str, papers: list[dict[str, Any]]) -> list[str]:
    for paper in papers:
        if len(_named_in_question(question_key, paper["authors"])) >= 2:
            return ["yes"]
    return ["no"]


def _who_answer(q: str, question_key: str, paper: dict | None) -> list[str]:
    if paper is None:
        return []
    if re.search(r"\b(first|lead)\b", q):
        return paper["authors"][:1]
    named = set(_named_in_question(question_key, paper["authors"]))
    return [a for a in paper["authors"] if a not in named] or paper["authors"]


def extractive_answer(question: str, passages: list[dict[str, Any]]) -> list[str]:
    """Pick an answer from the top passages (metadata) with keyword heuristics; [] when lost."""
    q = question.lower()
    question_key = norm_key(question)
    papers = [p for p in passages if p["kind"] == "paper"]
    paper, author = _first(passages, "paper"), _first(passages, "author")
    if "doi" in q or "digital object identifier" in q:
        return [paper["doi"]] if paper and paper["doi"] else []
    if "orcid" in q:
        return [author["orcid"]] if author and author["orcid"] else []
    if _YES_NO.search(q) and not _HOW_MANY.search(q) and " or " not in q:
        return _yes_no_answer(question_key, papers)
    if "most cited" in q or "most citations" in q or "most-cited" in q or "cited most" in q:
        ranked = sorted((p for p in papers if p["citations"] is not None), key=lambda p: -p["citations"])
        return [ranked[0]["title"]] if ranked else []
    if _HOW_MANY.search(q):
        return _count_answer(q, paper, author)
    if re.search(r"\b(type|kind) of\b|\bpublication type\b|\ban article\b", q):
        return [paper["work_type"]] if paper and paper["work_type"] else []
    if re.search(r"\b(when|year|since)\b", q):
        years = [p["year"] for p in papers if p["year"] is not None]
        if re.search(r"\b(first|earliest|since)\b", q):
            return [str(min(years))] if years else []
        return [str(paper["year"])] if paper and paper["year"] is not None else []
    if re.search(r"\b(papers|titles|publications|everything|works)\b", q) and "venues" not in q:
        return [p["title"] for p in papers[:5]]
    if re.search(r"\b(venues|journals and conferences)\b", q):
        return list(dict.fromkeys(p["venue"] for p in papers if p["venue"]))
    if re.search(r"\b(venues?|journals?|conferences?|where)\b", q):
        return [paper["venue"]] if paper and paper["venue"] else []
    if re.search(r"\b(who|whom|authors?|wrote|co-?authors?|collaborat\w*)\b", q):
        return _who_answer(q, question_key, paper)
    top = passages[0] if passages else None
    return [top.get("title") or top.get("name")] if top else []
