"""'… and how many?' after a ranking by frequency: the count behind the winner.

"In which year did A publish the least papers and how many?", "the most frequent co-author of A and how many
papers do they have together?": the first part ranks the items a walk reaches by how often they are reached
(years of A's papers, venues, co-authors); the second part asks no new thing, only how often the winner was
reached. Its plan is the `frequency` aggregate over the first part's ranking (every winner of a ranking shares
that number, so ties give one count too). Read from concept families, not wordings.
"""

from __future__ import annotations

from typing import Any

from hgrag.agents.understanding.lexicon import load
from hgrag.agents.understanding.signature import node_kind
from hgrag.agents.understanding.tokens import tag
from hgrag.state import plan_ir as ir
from hgrag.state.ir_types import EDGE_ENDS

COUNTING = ("operator:count", "head:how_many")
# what a bare back-referring count may say besides its count word: function words, auxiliaries, the counted
# papers, the writing or co-author relation the ranking walked, and fillers
KEPT_FAMILIES = ("function", "head", "filler", "general")
KEPT_CONCEPTS = ("kind:paper", "relation:writes", "relation:published", "relation:coauthor")


def winner_count(rest: str, first: dict[str, Any]) -> dict[str, Any] | None:
    """The count behind the first part's frequency ranking when `rest` is a bare count, else None."""
    if first.get("op") != "top" or (first.get("key") or "frequency") != "frequency":
        return None
    tokens = tag(rest.lower(), load("en"))
    if not any(t.concept in COUNTING for t in tokens):
        return None
    if any(t.concept not in COUNTING + KEPT_CONCEPTS and t.family not in KEPT_FAMILIES for t in tokens):
        return None
    if any(t.concept == "kind:paper" for t in tokens) and not _counts_papers(first):
        return None  # 'how many papers' after a ranking not of what papers reach
    return ir.aggregate(first, "frequency")


def _counts_papers(program: dict[str, Any]) -> bool:
    """Does the ranked walk start from papers (its multiplicities count papers)?"""
    inner = program["input"]
    while inner.get("op") in ("difference", "filter", "project", "traverse"):
        if inner["op"] == "traverse" and EDGE_ENDS.get((inner["edge"], inner["direction"]), ("",))[0] == "paper":
            return True
        if inner["op"] == "project":
            return node_kind(inner["input"]) == "paper"
        inner = inner["inputs"][0] if inner["op"] == "difference" else inner["input"]
    return False


def same_papers_part(rest: str, first: dict[str, Any]) -> dict[str, Any] | None:
    """A second part naming no entity, asked of the first part's papers: 'In which venues did A publish papers in the
    last 8 years and what are the titles of these papers?' (the papers before their venues), 'Which papers did A
    publish and in which year?' (the papers' years). None when the part asks anything else."""
    from hgrag.agents.understanding.check import asked_kind, asking_tokens
    tokens = tag(rest.lower(), load("en"))
    if any(t.family not in KEPT_FAMILIES + ("kind", "attribute") and t.concept not in OF_PEOPLE for t in tokens):
        return None
    asked = asked_kind(asking_tokens(rest.lower())) or \
        next((t.concept.split(":")[1] for t in tokens if t.family == "kind"), None)  # 'the other papers they …'
    asked_first = first
    if node_kind(first) == "author":  # 'the authors of T and the (other) papers they published'
        if not _refers_to_people(tokens):
            return None  # 'who wrote T and when was it published?': 'it' is T, left to the other readers
        first = _their_papers(first, any(t.concept == "operator:other" for t in tokens))
    elif any(t.concept in OF_PEOPLE for t in tokens):
        return None
    papers = _papers_of(first)
    if papers is None or asked not in ("paper", "venue", "year", "author"):
        return None
    if asked == "paper":
        return papers if papers is not asked_first else None
    if first is not papers:
        return None  # the first part already reads something of its papers
    if asked == "year":
        return ir.project(papers, "year")
    edge = {"venue": ("published_in", "out"), "author": ("writes", "in")}[asked]
    return ir.traverse(papers, *edge)


OF_PEOPLE = ("operator:other", "relation:writes", "relation:published")


def _refers_to_people(tokens: list[Any]) -> bool:
    """A pronoun that can stand for people ('they', 'their') and none that stands only for a thing ('it')."""
    rows = load("en").extra.get("context_words", {}).get("context_references", [])
    people = {w for r in rows if "author" in r["kinds"] for w in r.get("words", [])}
    things = {w for r in rows if "author" not in r["kinds"] for w in r.get("words", [])}
    said = {t.text for t in tokens}
    return bool(said & people) and not said & things


def _their_papers(people: dict[str, Any], other: bool) -> dict[str, Any]:
    """The papers of the people a first part returned; 'other' leaves out the papers that part named."""
    papers = ir.traverse(people, "writes", "out")
    named = [op for op in ir.walk(people) if op.get("op") == "match" and op.get("type") == "paper"]
    return ir.setop("difference", [papers] + named) if other and named else papers


def _papers_of(program: dict[str, Any]) -> dict[str, Any] | None:
    """The paper set a plan returns, or the one its last step reads from (venues or years of papers)."""
    if node_kind(program) == "paper":
        return program
    if program.get("op") == "project" or program.get("op") == "traverse" and \
            EDGE_ENDS.get((program["edge"], program["direction"]), ("",))[0] == "paper":
        inner = program["input"]
        return inner if node_kind(inner) == "paper" else None
    return None
