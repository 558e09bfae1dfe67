"""Averages over one person's papers that no stored attribute holds: 'the average number of papers A published per
year' (the papers counted per publication year, over the years A has papers) and 'the average number of co-authors
of A's papers' (each paper's other authors); the total of their citations; the year with the most (fewest) of
their papers ('A's most productive year'). Read from concepts (operator:average, operator:per_year,
relation:coauthor, kind:paper) around the one linked person; the structural check reads every other word as for
any plan."""

from __future__ import annotations

from typing import Any

from hgrag.agents.second_reader.chain import masked
from hgrag.agents.understanding.lexicon import load
from hgrag.agents.understanding.tokens import tag
from hgrag.state import plan_ir as ir


EXTREMES = {"operator:max": "max", "operator:min": "min"}


def average_program(question: str, spans: list[Any]) -> tuple[dict[str, Any], list[Any]] | None:
    """(IR, the mention it uses) for such an average, or the largest or smallest author count of one person's papers
    ('the largest number of authors on any paper by A'), or None."""
    linked = [s for s in spans if s.candidates]
    if len(linked) != 1 or linked[0].type != "author":
        return None
    concepts = [t.concept for t in tag(masked(question, linked), load("en"))]
    person = linked[0]
    papers = ir.traverse(ir.match([person.candidates[0].node_id], "author", person.text), "writes", "out")
    extreme = next((fn for concept, fn in EXTREMES.items() if concept in concepts), None)
    if extreme and "attribute:n_authors" in concepts and "kind:paper" in concepts:
        return ir.aggregate(papers, extreme, "n_authors"), [person]  # 'the largest number of authors on A's papers'
    if extreme and {"head:when", "attribute:year"} & set(concepts) and {"operator:mostly", "kind:paper"} & set(concepts):
        return ir.top(ir.project(papers, "year"), "frequency", extreme), [person]  # 'A's most productive year'
    if "operator:h_index" in concepts:  # 'computing it from the citation counts here, what h-index does A reach?'
        return (ir.aggregate(papers, "h_index", "cited_by_count"), [person]) if _computed_here(question) else None
    tokens = tag(masked(question, linked), load("en"))
    if (_summed_citations(tokens) and "kind:paper" in concepts or _times_cited(tokens)) \
            and not {"operator:average", *EXTREMES} & set(concepts):
        return ir.aggregate(papers, "sum", "cited_by_count"), [person]  # 'the total cited-by count of A's papers'
    if "operator:average" not in concepts or "kind:paper" not in concepts:
        return None
    if "operator:per_year" in concepts:
        return ir.aggregate(ir.project(papers, "year"), "avg", "frequency"), [person]
    if "relation:coauthor" in concepts:
        return ir.aggregate(papers, "avg", "n_coauthors"), [person]
    return None


def _computed_here(question: str) -> bool:
    """The question asks for a figure computed from the graph itself (lexicon `computed_here` and `graph_scope`): an
    h-index is recorded nowhere, so only then is one computed."""
    import re

    phrases = load("en").extra.get("computed_here", []) + load("en").extra.get("graph_scope", [])
    return any(re.search(rf"(?<![\w-]){re.escape(p)}(?![\w-])", question, re.IGNORECASE) for p in phrases)


def times_cited(question: str, spans: list[Any]) -> bool:
    """The question about one linked mention asks how many times it (or its papers) was cited (`_times_cited`)."""
    linked = [s for s in spans if s.candidates]
    return len(linked) == 1 and _times_cited(tag(masked(question, linked), load("en")))


def _times_cited(tokens: list[Any]) -> bool:
    """'How many times has A been cited (in total)?', 'how often were the papers of A cited?': a count of times and a
    passive citation verb (a be-form before a cited participle, no agent after it: lexicon `citation_words`) about one
    person: the citations of their papers added up."""
    words = [t.text for t in tokens]
    lexicon = load("en").extra
    counted = any(t.concept == "operator:count" for t in tokens) and any(
        t.concept == "general:times" or t.text in lexicon.get("times_counts", []) for t in tokens)
    citation = lexicon.get("citation_words", {})
    be_forms, agents = set(citation.get("be_forms", [])), set(citation.get("agent_prepositions", []))
    said_be = [i for i, t in enumerate(tokens) if t.concept == "function:been" or t.text in be_forms]
    passive = any(t.concept == "relation:cites" and t.text in citation.get("cited_participles", [])
                  and said_be and said_be[0] < i
                  and (i + 1 == len(tokens) or tokens[i + 1].text not in agents) for i, t in enumerate(tokens))
    return counted and passive and words.count("zzm") == 1


def _summed_citations(tokens: list[Any]) -> bool:
    """A sum or count word before the citation attribute with only function words between ('the total cited-by
    count of …', 'summing the cited-by counts of …'): the citations of the papers added up."""
    words = [t for t in tokens if t.family != "function"]
    return any(a.concept in ("operator:sum", "operator:count") and b.concept == "attribute:citations"
               for a, b in zip(words, words[1:]))
