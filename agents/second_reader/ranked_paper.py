"""A paper named by its rank among one person's papers, not by its title ('the primary topic of A's earliest paper',
'which funders supported A's latest paper', 'The piece opens with their very first publication. What is its
title?').

The phrase is an owner (the linked person, written 'zzm's', or a possessive pronoun; or 'the … by/of zzm' after the
paper noun), a rank word of the lexicon (operator:first, operator:last, or a citation rank of `ranked_papers`) and
a paper noun (kind:paper). The ranked paper is looked up in the graph; when it is exactly one paper, the question
is planned again with that paper's title in place of the phrase, and in that plan the paper's match is replaced by
the ranking itself (the person's papers, top by year or by citations), so the answer is read from the graph the
same way and the interpretation says how the paper was found. The check reads the whole question against that
plan, as for any other plan. The phrase names one paper, so this reading comes before the rules' reading of the
whole question ('which papers cite A's most cited paper?' is not the most cited paper itself)."""

from __future__ import annotations

import json
import re
from functools import lru_cache
from typing import Any, Callable

from hgrag.agents.second_reader.lexicon import words
from hgrag.agents.understanding.lexicon import load
from hgrag.agents.understanding.signature import output_kind
from hgrag.agents.understanding.tokens import tag
from hgrag.state import plan_ir as ir

RANKS = {"operator:first": ("year", "min"), "operator:last": ("year", "max")}
CITED = ("cited_by_count", "max")
SAME_PAPER = ("describe", "project", "filter", "top", "aggregate")  # ops that answer with the paper or its values
CARRIED = ("rich_kinds", "asked_kind", "country_named")  # what the re-planned question's plan says of its kinds


def ranked_paper_plan(question: str, spans: list[Any], store: Any,
                      plan_fn: Callable[[str], dict[str, Any]]) -> tuple[dict[str, Any], list[Any], dict[str, Any],
                                                                         dict[str, Any]] | None:
    """(IR, the mention it uses, what the plan says of its richer kinds, the ranking) of the question with its ranked
    paper found in the graph, or None."""
    linked = [s for s in spans if s.candidates]
    if len(linked) != 1 or linked[0].type != "author":
        return None
    person = linked[0]
    found = _phrase(_masked(question, person))
    if found is None:
        return None
    (start, end), key = found
    if not _asks_beyond(question[:start] + " " + question[end:]):
        return None  # ('Name the most-cited publication by A', 'What's their debut paper?': the paper itself is asked)
    ranking = ir.top(ir.traverse(ir.match([person.candidates[0].node_id], "author", person.text), "writes", "out"),
                     *key)
    paper = _one_paper(store, ranking)
    if paper is None:
        return None
    title = str(store.attr(paper, "title") or "").rstrip(".")
    if not title or '"' in title:
        return None
    plan = plan_fn(f'{question[:start]}"{title}"{question[end:]}')
    program = _replaced(plan.get("ir"), paper, ranking)
    kinds = {key: plan[key] for key in CARRIED if key in plan}
    if program is None or _asks_the_paper(program, ranking):
        return None  # ('What is A's first paper?', 'the year of A's first paper' ask the paper itself: the rules read it)
    if output_kind(program) == "author" and any(t.concept == "relation:coauthor" for t in tag(question, load("en"))):
        program = ir.setop("difference", [program, ir.match([person.candidates[0].node_id], "author", person.text)])
        # ('who co-wrote A's first paper': the others)
    return program, [person], kinds, ranking


def _asks_beyond(rest: str) -> bool:
    """Does the question outside the phrase name something asked of the paper (a relation, kind, attribute,
    operator, time word or richer kind), not only a question word, a command and fillers?"""
    from hgrag.agents.kinds.lexicon import names_asked

    return names_asked(rest, ("relation", "kind", "attribute", "operator", "time", "missing", "value"))


def _asks_the_paper(program: dict[str, Any], ranking: dict[str, Any]) -> bool:
    """Does the plan answer with the ranked paper itself or a value of it (no walk away from it)?"""
    op: Any = program
    while isinstance(op, dict):
        if op == ranking:
            return True
        op = op.get("input") if op.get("op") in SAME_PAPER else None
    return False


def _masked(question: str, person: Any) -> str:
    """The question in lower case with the person's mention written 'zzm_…' to its length (offsets kept)."""
    return (question[:person.start] + "zzm".ljust(person.end - person.start, "_") + question[person.end:]).lower()


def _phrase(masked: str) -> tuple[tuple[int, int], tuple[str, str]] | None:
    """The character span of the one ranked-paper phrase and its ranking (key, order), else None."""
    found = [(m.span(), _ranking(m.group("rank"))) for m in _pattern().finditer(masked)
             if bool(m.group("owner")) != bool(m.group("after"))]  # one owner: 'A's first paper', 'the first paper by A'
    found = [(span, key) for span, key in found if key is not None]
    return found[0] if len(found) == 1 else None


def _ranking(rank: str) -> tuple[str, str] | None:
    lexicon = load("en")
    if rank.strip() in words()["ranked_papers"]["citation_ranks"]:
        return CITED
    return RANKS.get(lexicon.concept(rank.strip()) or "")


@lru_cache(maxsize=1)
def _pattern() -> re.Pattern:
    lexicon, spec = load("en"), words()["ranked_papers"]
    ranks = [f for c in RANKS for f in lexicon.concepts.get(c, [])] + spec["citation_ranks"]
    nouns = [f for f in lexicon.concepts.get("kind:paper", []) if f.isalpha() or " " in f]

    def alternation(forms: list[str]) -> str:
        return "|".join(r"\s+".join(map(re.escape, f.split())) for f in sorted(set(forms), key=len, reverse=True))
    owner = rf"(?:zzm_*['’]s|{alternation(spec['owners'])})"
    rank = rf"(?P<rank>{alternation(ranks)})"
    noun = rf"(?:{alternation(nouns)})(?!\s+(?:{alternation(lexicon.concepts.get('attribute:year', []))})\b)"  # not 'publication year'
    between = rf"(?:\s+(?:{alternation(spec['intensifiers'])}))?"
    after = rf"\s+(?:{alternation(spec['owner_links'])})\s+zzm_*(?!['’]s)"
    article = alternation(spec["determiners"])
    return re.compile(rf"(?<![\w-])(?:(?P<owner>{owner})|{article}){between}\s+{rank}\s+{noun}(?P<after>{after})?(?![\w-])")


def _one_paper(store: Any, ranking: dict[str, Any]) -> str | None:
    from hgrag.tools.ir_exec import execute

    try:
        value = execute(store, ranking, evidence=False).value
    except Exception:  # a ranking that cannot run names no paper: the question is not read this way
        return None
    nodes = list(value.data) if value.kind == "nodes" else []
    return nodes[0] if len(nodes) == 1 else None


def _replaced(program: Any, paper: str, ranking: dict[str, Any]) -> dict[str, Any] | None:
    """The plan with the one match of the ranked paper replaced by the ranking; None when the plan does not use
    the paper exactly once, as that match (then it did not read the question around the paper)."""
    uses: list[int] = []

    def walk(op: Any) -> Any:
        if isinstance(op, dict):
            if op.get("op") == "match" and op.get("ids") == [paper]:
                uses.append(1)
                return ranking
            return {key: walk(value) for key, value in op.items()}
        if isinstance(op, list):
            return [walk(value) for value in op]
        return op
    new = walk(program) if isinstance(program, dict) else None
    return new if len(uses) == 1 and paper not in json.dumps(new) else None  # (no other use: 'except T')


def holds_inside(program: Any, part: dict[str, Any]) -> bool:
    """Is `part` a proper sub-plan of `program` (the rules read the ranked paper as one and went on from it)?"""
    if not isinstance(program, dict):
        return False
    inner = [v for v in program.values() if isinstance(v, dict)] + \
        [x for v in program.values() if isinstance(v, list) for x in v if isinstance(x, dict)]
    return any(x == part or holds_inside(x, part) for x in inner)
