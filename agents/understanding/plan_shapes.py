"""Plan shapes that read nothing of a question whatever its words: an intersection of named things themselves
(empty by construction) or of one thing with itself, and a ranking of one named thing; and a walk through people
that no word of the question names."""

from __future__ import annotations

from typing import Any


def named_starts(intersect: dict[str, Any]) -> list[set[tuple[str | None, str]]]:
    """Per input of an intersection, the (type, id) of the named things its walk starts from."""
    from hgrag.state.plan_ir import walk

    return [{(m.get("type"), i) for m in walk(part) if m.get("op") == "match" for i in m.get("ids") or []}
            for part in intersect.get("inputs") or []]


def disjoint_matches(ir: dict[str, Any]) -> list[str]:
    """'When were T1 and T2 published?' read as the years of what T1 and T2 have in common: an intersection of named
    things themselves is empty by construction; one of a named thing with itself reads a second naming as nothing."""
    from hgrag.state.plan_ir import walk

    for op in walk(ir):
        parts = op.get("inputs") or [] if op.get("op") == "intersect" else []
        ids = [frozenset(p.get("ids") or []) for p in parts if p.get("op") == "match"]
        if len(parts) >= 2 and len(ids) == len(parts) and (not frozenset.intersection(*ids) or len(set(ids)) == 1):
            return ["what the named things share (a thing named is not another thing named)" if len(set(ids)) > 1
                    else "one named thing joined with itself"]
    return []



def vacuous_ranking(ir: dict[str, Any]) -> list[str]:
    """'Among the authors of T, who published their first paper?' read as the authors of the earliest of T: a
    ranking of the named things themselves ranks one node and reads nothing of the question."""
    from hgrag.state.plan_ir import walk

    for op in walk(ir):
        inner = op.get("input") or {}
        if op.get("op") == "top" and inner.get("op") == "match" and len(inner.get("ids") or []) <= 1:
            return [f"the {'earliest' if op.get('order') == 'min' else 'highest'} of one named thing (a ranking of "
                    "nothing)"]
    return []


ORDERING_FAMILIES = ("operator", "attribute", "instruction")
NOT_RANKING = ("operator:list", "operator:exclude", "operator:count", "instruction:inclusive", "instruction:exclusive",
               "operator:sum", "operator:average", "instruction:in_total", "operator:other", "operator:left_over")
# ('overall' adds up, 'else' leaves out: neither ranks)


def ranking_unsaid(tokens: list[Any], ir: dict[str, Any]) -> list[str]:
    """'starting in 2008, what has A published?' read as A's earliest paper since 2008: a plan that keeps only the top
    of a ranking needs a word of the question that ranks (an operator such as 'first', 'most', 'latest', a byline
    place, a question word that asks for one, a comparison); a time phrase that merely bounds the years ranks nothing."""
    from hgrag.state.plan_ir import walk

    tops = [op for op in walk(ir) if op.get("op") == "top"]
    if not tops:
        return []
    by_position = any(op.get("key") == "position" for op in tops)
    if any((t.family or "") in ORDERING_FAMILIES for t in tokens
           if t.concept not in NOT_RANKING and (by_position or not (t.concept or "").startswith("attribute:position"))):
        return []  # (a byline place ranks the byline only: 'the first author' licenses no earliest paper)
    if any(t.family == "time" and u.concept == "head:when" for t, u in zip(tokens, tokens[1:])):
        return []  # ('since which year has A been publishing?', 'since when': the first year)
    return ["the top of a ranking (no word of the question ranks anything)"]


def record_wide_against_the_paper(question: str, ir: dict[str, Any]) -> list[str]:
    """'last author on T: which institutions are listed for them on that paper' read over the person's whole record:
    when the question keeps to the paper (the kinds lexicon's `byline_person.on_the_paper`), a plan that walks from a
    byline person to all their authorships answers another question."""
    from hgrag.agents.kinds.lexicon import lexicon, phrase_in
    from hgrag.state.plan_ir import walk

    def byline_person(op: dict[str, Any]) -> bool:  # a person reached from a paper's byline
        return op.get("op") == "traverse" and ((op.get("edge"), op.get("direction")) == ("authorship_by", "out") or
                                               (op.get("edge"), op.get("direction")) == ("writes", "in"))

    widened = any(op.get("op") == "traverse" and (op.get("edge"), op.get("direction")) == ("authorship_by", "in")
                  and byline_person(op.get("input") or {}) for op in walk(ir))
    words = lexicon().get("byline_person", {}).get("on_the_paper", [])
    return ["on that paper (the plan takes the person's whole record)"] if widened and any(
        phrase_in(w, question) for w in words) else []


RANKING_WORDS = ("operator:max", "operator:min", "operator:mostly")
CITATION_CONCEPTS = ("attribute:citations", "relation:cites")


def ranked_by_unsaid_citations(tokens: list[Any], ir: dict[str, Any]) -> list[str]:
    """'With which one of them did they write the most papers?' read as their most cited paper: a ranking word right
    before a paper noun counts papers; a ranking by citation count needs a citation word of the question."""
    from hgrag.state.plan_ir import walk

    by_citations = any(op.get("op") == "top" and op.get("key") == "cited_by_count" for op in walk(ir))
    from hgrag.agents.understanding.lexicon import load

    counting = load("en").extra.get("counting_superlatives", [])
    counted = any(a.concept in RANKING_WORDS and a.text in counting and b.concept == "kind:paper"
                  for a, b in zip(tokens, tokens[1:]))
    if by_citations and counted and not any(t.concept in CITATION_CONCEPTS for t in tokens):
        return ["the most papers (my reading ranks by citation count)"]
    return []


def citation_count_unasked(tokens: list[Any], ir: dict[str, Any]) -> list[str]:
    """'T references it cites' read as T's citation count: a citation count answers a question that names the count
    (a citation-count word) or asks a number or a value of it (an operator that counts, ranks or aggregates: how many,
    how often, the most, the average, the h-index; or 'in total'); a citation verb alone asks for papers."""
    from hgrag.state.plan_ir import walk

    counted = any(op.get("attr") == "cited_by_count" and op.get("op") in ("project", "aggregate") for op in walk(ir))
    asking = ("attribute:citations", "head:how_many", "instruction:in_total")
    leaving = ("operator:list", "operator:exclude", "operator:other", "operator:left_over")
    if counted and not any(t.concept in asking or t.family == "operator" and t.concept not in leaving for t in tokens):
        return ["the citation count (no word of the question asks for it)"]
    return []


def named_thing_filtered(ir: dict[str, Any]) -> list[str]:
    """'How many papers citing T were published after 2024?' read as T's citation count with T's own year bounded: a
    filter right on a named thing narrows nothing the question lists or counts (only a yes/no question tests the
    named thing itself: 'Was T published after 2020?')."""
    from hgrag.state.plan_ir import walk

    if not ir or ir.get("op") == "test":
        return []
    if any(op.get("op") == "filter" and (op.get("input") or {}).get("op") == "match" and op.get("cmp") != "=" and
           len((op.get("input") or {}).get("ids") or []) == 1 for op in walk(ir)):  # ('which of T1 and T2 …' filters;
        # 'T (2024)' names T by its year: an equality picks the named thing, a range narrows a set)
        return ["a bound on the named thing itself (the question bounds what it lists or counts)"]
    return []


def times_counted_as_people(tokens: list[Any], ir: dict[str, Any]) -> list[str]:
    """'all the times other people cited the papers of A, what total?' read as how many people cited them: a count
    of times counts events (citations, papers), never the people reached."""
    counted = ir.get("input") or {} if ir and ir.get("op") == "aggregate" and ir.get("fn") == "count" else {}
    people = counted.get("op") == "traverse" and counted.get("edge") == "writes" and counted.get("direction") == "in"
    from hgrag.agents.understanding.lexicon import load

    nouns = load("en").extra.get("code_words", {}).get("times_nouns", [])
    if people and any(t.text in nouns for t in tokens):
        return ["times (a count of times is no count of people)"]
    return []


PEOPLE_WORDS = ("kind:author", "relation:coauthor", "head:who")


def unnamed_people_walk(text: str, ir: dict[str, Any]) -> list[str]:
    """'What is the title of T?' read as the papers of T's authors: a walk from papers through their authors back to
    papers needs a word of the question for those people (an author noun, a co-author word, 'who', a byline place:
    'the first author of T')."""
    from hgrag.agents.understanding.lexicon import load
    from hgrag.agents.understanding.tokens import tag
    from hgrag.state.plan_ir import walk

    for op in walk(ir):
        inner = op.get("input") or {}
        if (op.get("op"), op.get("edge"), op.get("direction")) == ("traverse", "writes", "out") \
                and (inner.get("op"), inner.get("edge"), inner.get("direction")) == ("traverse", "writes", "in"):
            concepts = [t.concept or "" for t in tag(text, load("en"))]
            own = any(w in text for w in load("en").extra.get("self_citations", []))  # ('self-citations': by its authors)
            if not own and not any(c in PEOPLE_WORDS or c.startswith("attribute:position") for c in concepts):
                return ["the authors' other papers (no word of the question asks for those people)"]
    return []


def ranking_only_in_a_remark(question: str, ir: dict[str, Any]) -> list[str]:
    """'What has A written? The titles would be most welcome, as my eyesight no longer …': a plan that keeps the top
    of a ranking needs a ranking word in the question itself; one said only in a remark after its question mark
    ('longer', 'the most instructive') ranks nothing that is asked."""
    from hgrag.agents.understanding.lexicon import load
    from hgrag.agents.understanding.tokens import tag
    from hgrag.state.plan_ir import walk

    mark = question.rfind("?")
    if mark < 0 or not question[mark + 1:].strip() or not any(op.get("op") == "top" for op in walk(ir)):
        return []  # (no remark after the last question mark: 'Is A still active? When was their latest paper?')

    def ranks(text: str) -> bool:
        return any((t.family or "") in ORDERING_FAMILIES and t.concept not in NOT_RANKING and
                   not (t.concept or "").startswith("attribute:") for t in tag(text.lower(), load("en")))
    asked, remark = question[:mark + 1], question[mark + 1:]
    return ["the top of a ranking (only a remark after the question ranks)"] if ranks(remark) and not ranks(asked) \
        else []
