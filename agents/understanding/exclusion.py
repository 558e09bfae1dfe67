"""One named entity left out of an answer ('Which works cite T, excluding P?', 'Except for B, who has A written
papers with?', 'Besides P, which papers does T cite?'): the question is planned without its exclusion phrase,
and the entity is taken out of that plan's answer when it is of the answer's kind (an IR difference). Which
words lead in the left-out entity is data (lexicon `exclusion_leads`)."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from hgrag.agents.understanding.cue_words import phrase_alternation
from hgrag.agents.understanding.lexicon import load
from hgrag.agents.understanding.signature import output_kind

QUOTES = "\"'“”‘’«»"
LISTS = ("match", "traverse", "filter", "intersect", "union", "difference")


def exclusion_phrase(question: str, anchors: list[dict[str, Any]]) -> tuple[str, dict[str, Any]] | None:
    """(the question without 'excluding E', the anchor E) when one linked entity is led in by an exclusion word."""
    question = _framed_as_leads(question, anchors)  # 'Setting T aside' -> 'excluding T'
    leads = sorted(load("en").extra.get("exclusion_leads", []), key=len, reverse=True)
    if not leads or not _any_lead().search(question):
        return None  # (most questions lead in nothing: no pattern per entity is built for them)
    words = "|".join(r"\s+".join(map(re.escape, lead.split())) for lead in leads)
    relating = "|".join(map(re.escape, load("en").extra.get("relating_prepositions", []))) or "(?!)"  # 'the people on T'
    found = []
    for anchor in anchors:
        typed = anchor.get("relinked_from") or anchor.get("text") or ""
        if not typed or not anchor.get("node_id"):
            continue
        pattern = rf"[,;]?\s*\b(?:{words})\s+(?:the\s+(?:(?:{_others()})\s+)?(?P<noun>\w+)\s+(?:(?:{relating})\s+)?|" \
                  rf"{_works_of()})?" \
                  rf"[{QUOTES}]?{re.escape(typed)}\.?[{QUOTES}]?\s*,?"
        match = re.search(pattern, question, re.IGNORECASE)
        if match:
            found.append((match, anchor))
    papers = [a for a in anchors if a.get("type") == "paper" and a.get("node_id")]
    if not found and len(papers) == 1:  # 'apart from the venue of that paper': the one paper named before
        match = re.search(rf"[,;]?\s*\b(?:{words})\s+the\s+(?P<noun>\w+)\s+(?:{relating})\s+(?:{_paper_anaphors()})\b"
                          rf"(?P<works>)\s*,?", question, re.IGNORECASE)
        found = [(match, papers[0])] if match and match.start() > question.find(papers[0].get("text") or "\0") >= 0 else []
    if len(found) != 1:
        return None
    match, anchor = found[0]
    group, end = _joined_after(question, match.end(), anchor, anchors)  # ('except A and B', 'other than A, B or C')
    anchor = {**anchor, "together_with": group} if group else anchor
    noun = match.group("noun")
    if match.group("works") and anchor.get("type") in ("author", "venue"):
        anchor = {**anchor, "works_of": True}  # 'leaving out any written by A', 'those that appeared in V'
    if noun and anchor.get("type") == "paper" and load("en").concept(noun.lower()) == "kind:author":
        anchor = {**anchor, "people_of": True}  # 'not counting the people on T': T's authors are left out
    if noun and anchor.get("type") == "paper" and load("en").concept(noun.lower()) == "kind:venue":
        anchor = {**anchor, "venue_of": True}  # 'besides the venue of T': T's venue is left out
    rest = (question[:match.start()] + " " + question[end:]).strip()
    if anchor.get("venue_of") or anchor.get("people_of"):  # ('Besides the venue of T, where have its authors …')
        from hgrag.agents.understanding.context_fold import paper_named_again

        rest = question[:match.start()] + " " + paper_named_again(question[match.end():], typed.rstrip("."))
    return " ".join(rest.split()), anchor


@lru_cache(maxsize=1)
def _others() -> str:
    """'not counting the other people on T': the lexicon's words for 'other' before the left-out noun."""
    return "|".join(re.escape(w) for w in load("en").concepts.get("operator:other", [])) or "(?!)"


def _framed_as_leads(question: str, anchors: list[dict[str, Any]]) -> str:
    """'Setting T aside', 'leaving A out' (lexicon `exclusion_frames`: a verb, the named thing, a particle) written as
    the exclusion lead 'excluding T'."""
    frames = load("en").extra.get("exclusion_frames", {})
    lowered = question.lower()
    question = _postposed_as_leads(question, anchors, frames.get("postpositions", [])) if any(
        p in lowered for p in frames.get("postpositions", [])) else question
    if not any(p in lowered for p in frames.get("particles", [])):
        return question
    verbs = "|".join(r"\s+".join(map(re.escape, v.split())) for v in frames.get("verbs", [])) or "(?!)"
    particles = "|".join(r"\s+".join(map(re.escape, p.split())) for p in
                         sorted(frames.get("particles", []), key=len, reverse=True)) or "(?!)"
    for anchor in anchors:
        typed = anchor.get("relinked_from") or anchor.get("text") or ""
        if typed:
            question = re.sub(rf"\b(?:{verbs})\s+(?P<x>[{QUOTES}]?{re.escape(typed)}\.?[{QUOTES}]?)\s+(?:{particles})\b",
                              lambda m: f"excluding {m.group('x')}", question, flags=re.IGNORECASE)
    return question


def _postposed_as_leads(question: str, anchors: list[dict[str, Any]], postpositions: list[str]) -> str:
    """'Outlets used by A, V excluded?' (lexicon `exclusion_frames.postpositions`) -> '…, excluding V?': a named
    thing set off by a comma with the word after it."""
    words = phrase_alternation(postpositions)
    tail = rf"\s+{postposed_tail()}"
    for anchor in anchors:
        typed = anchor.get("relinked_from") or anchor.get("text") or ""
        if typed and words:
            question = re.sub(rf"(?<=[,;(—–-])\s*(?P<x>[{QUOTES}]?{re.escape(typed)}\.?[{QUOTES}]?){tail}",
                              lambda m: f" excluding {m.group('x')}", question, flags=re.IGNORECASE)
    return question


def postposed_tail() -> str:
    """A regex for an exclusion participle after the thing it leaves out ('… 2024 excluded', '… being left out':
    the lexicon's `exclusion_frames`)."""
    frames = load("en").extra.get("exclusion_frames", {})
    words = phrase_alternation(frames.get("postpositions", []))
    return rf"(?:(?:{phrase_alternation(frames.get('auxiliaries', []))})\s+)?(?:{words})\b"



def _joined_after(question: str, at: int, anchor: dict[str, Any], anchors: list[dict[str, Any]]) -> tuple[list, int]:
    """The other named things of the same kind joined to the left-out one right after it ('and B', ', B or C': the
    lexicon's `exclusion_joiners`), and where the group ends."""
    joiners = "|".join(r"\s+".join(map(re.escape, j.split())) for j in load("en").extra.get("exclusion_joiners", []))
    others = [a for a in anchors if a is not anchor and a.get("type") == anchor.get("type") and a.get("node_id")
              and (a.get("relinked_from") or a.get("text"))]
    group, end, grown = [], at, True
    while grown and joiners:
        grown = False
        for other in [o for o in others if o not in group]:
            typed = other.get("relinked_from") or other["text"]
            joined = re.match(rf"\s*,?\s*(?:(?:{joiners})\s+)?[{QUOTES}]?{re.escape(typed)}\.?[{QUOTES}]?\s*,?",
                              question[end:], re.IGNORECASE)
            if joined and (joined.group(0).strip(" ,") != typed or question[end:end + 1] == ","):
                group.append(other)
                end += joined.end()
                grown = True
    return group, end


def has_exclusion_lead(question: str) -> bool:
    """Does the question hold an exclusion word of the lexicon (`exclusion_leads`: 'excluding', 'not counting')?"""
    return _any_lead().search(question) is not None


@lru_cache(maxsize=1)
def _any_lead() -> re.Pattern:
    from hgrag.agents.understanding.cue_words import phrase_alternation

    return re.compile(rf"\b(?:{phrase_alternation(load('en').extra.get('exclusion_leads', []))})\b", re.IGNORECASE)


def _paper_anaphors() -> str:
    from hgrag.agents.understanding.cue_words import phrase_alternation

    return phrase_alternation(load("en").extra.get("anaphors", {}).get("kinds", {}).get("paper", []))


def _works_of() -> str:
    """'any written by ', 'those that appeared in ': the lexicon's `exclusion_of_works` as a named group ending in a
    preposition."""
    spec = load("en").extra.get("exclusion_of_works", {})

    def alternation(key: str) -> str:
        forms = sorted(spec.get(key, []), key=len, reverse=True)
        return "|".join(r"\s+".join(map(re.escape, w.split())) for w in forms) or "(?!)"
    return rf"(?P<works>(?:{alternation('determiners')})\s+(?:(?:{alternation('verbs')})\s+)?(?:{alternation('prepositions')})\s+)"


def without_entity(ir: dict[str, Any], anchor: dict[str, Any]) -> dict[str, Any] | None:
    """The plan's answer without the entity (a count counts the rest); None when the entity is not of the kind
    the plan returns."""
    counting = ir.get("op") == "aggregate" and ir.get("fn") == "count" and isinstance(ir.get("input"), dict)
    listed = ir["input"] if counting else ir
    matches = [{"op": "match", "ids": [a["node_id"]], "type": anchor["type"], "text": a.get("text", "")}
               for a in [anchor, *(anchor.get("together_with") or [])]]  # (one per mention: each is relinked)
    left_out = matches[0] if len(matches) == 1 else {"op": "union", "inputs": matches}
    if anchor.get("people_of") and output_kind(listed) == "author":
        left_out = {"op": "traverse", "input": left_out, "edge": "writes", "direction": "in"}  # T's authors
    elif anchor.get("venue_of") and output_kind(listed) == "venue":
        left_out = {"op": "traverse", "input": left_out, "edge": "published_in", "direction": "out"}  # T's venue
    elif anchor.get("works_of") and output_kind(listed) == "paper":
        edge = ("writes", "out") if anchor.get("type") == "author" else ("published_in", "in")  # A's or V's papers
        left_out = {"op": "traverse", "input": left_out, "edge": edge[0], "direction": edge[1]}
    elif anchor.get("type") == "paper" and output_kind(listed) != "paper":
        passed = _paper_left_out_on_the_way(listed, left_out)  # 'leaving aside T, who has A co-authored with?'
        return None if passed is None else ({**ir, "input": passed} if counting else passed)
    elif listed.get("op") not in LISTS or output_kind(listed) != anchor.get("type"):
        return None
    if listed.get("op") not in LISTS:
        return None
    rest = {"op": "difference", "inputs": [listed, left_out]}
    return {**ir, "input": rest} if counting else rest


PAPER_STEPS = (("writes", "out"), ("published_in", "in"))  # a person's papers, a venue's papers


def _paper_left_out_on_the_way(op: dict[str, Any], paper: dict[str, Any]) -> dict[str, Any] | None:
    """The IR with the paper taken out of the papers it walks through from a named person or venue (a copy), or
    None when it walks through no such papers."""
    if not isinstance(op, dict):
        return None
    source = op.get("input")
    if op.get("op") == "traverse" and (op.get("edge"), op.get("direction")) in PAPER_STEPS \
            and isinstance(source, dict) and source.get("op") == "match":
        return {"op": "difference", "inputs": [op, paper]}
    for key in ("input",):
        inner = _paper_left_out_on_the_way(op.get(key), paper) if isinstance(op.get(key), dict) else None
        if inner is not None:
            return {**op, key: inner}
    for i, part in enumerate(op.get("inputs") or []):
        inner = _paper_left_out_on_the_way(part, paper)
        if inner is not None:
            return {**op, "inputs": [*op["inputs"][:i], inner, *op["inputs"][i + 1:]]}
    return None


def left_out_already(ir: dict[str, Any] | None, anchor: dict[str, Any]) -> bool:
    """Does the plan already take the entity out of its answer (a difference subtracting it, or a filter keeping
    everything but it)?"""
    from hgrag.state.plan_ir import walk

    walked = "published_in" if anchor.get("venue_of") else ""  # ('besides the venue of T': T's venue, not T)
    if any(op.get("op") in ("intersect", "union") and anchor.get("node_id") in str(op) for op in walk(_kept_parts(ir))):
        return False  # ('Excluding B, who has A written with?' read as the co-authors A and B share, both left out)
    for op in walk(ir) if ir else []:
        if op.get("op") == "difference" and any(anchor.get("node_id") in str(part) and walked in str(part)
                                                for part in op["inputs"][1:]):
            return True
        value = op.get("value")
        if op.get("op") == "filter" and op.get("cmp") in ("!=", "not_in") and anchor.get("node_id") in (
                value if isinstance(value, (list, tuple, set)) else [value]):
            return True
    return False


def _kept_parts(ir: Any) -> Any:
    """The IR without what its differences take away: the parts whose nodes the answer keeps or walks from."""
    if isinstance(ir, dict):
        inputs = ir.get("inputs")
        if ir.get("op") == "difference" and inputs:
            return {**{k: v for k, v in ir.items() if k != "inputs"}, "inputs": [_kept_parts(inputs[0])]}
        return {k: _kept_parts(v) for k, v in ir.items()}
    if isinstance(ir, list):
        return [_kept_parts(v) for v in ir]
    return ir


def negated_relation(question: str, plan: dict[str, Any]) -> tuple[str, dict[str, Any]] | None:
    """(the question with its negation taken away, the entity) when a negation of the lexicon's `negated_relation`
    stands right before a relation word ('which papers citing T were not written by A?', 'weren't published in V')
    and the plan leaves the one entity after it unused: what holds without the negation is left out."""
    from hgrag.agents.understanding.cue_words import phrase_alternation
    from hgrag.agents.understanding.tokens import _uncontracted

    spec = load("en").extra.get("negated_relation", {})
    used = str(plan.get("ir") or "")
    unused = [a for a in plan.get("anchors") or [] if a.get("node_id") and a["node_id"] not in used and a.get("text")]
    if len(unused) != 1 or not spec:
        return None
    text = _uncontracted(question)
    negations, between = (phrase_alternation(spec.get(key, [])) for key in ("negations", "between"))
    holding = phrase_alternation(spec.get("holding_verbs", []))
    restated = phrase_alternation(load("en").extra.get("mention_restatements", {}).get(unused[0].get("type"), []))
    holds = rf"(?:{holding})\s+[{QUOTES}]?{re.escape(unused[0]['text'])}[{QUOTES}]?\s+(?:{restated})\b"
    found = [m for m in re.finditer(rf"\s*\b(?:{negations})(?=\s+(?:(?:{between})\s+)?(?P<verb>[\w'-]+))", text,
                                    re.IGNORECASE) if (load("en").concept(m.group("verb").lower()) or "").startswith("relation:")
             or re.match(rf"\s+{holds}", text[m.end():], re.IGNORECASE)]  # 'do not have A among their authors'
    where = text.find(unused[0]["text"])
    if len(found) != 1 or where < found[0].end():
        return None
    return " ".join((text[:found[0].start()] + text[found[0].end():]).split()), unused[0]


def without_what_holds(ir: dict[str, Any], anchor: dict[str, Any]) -> dict[str, Any] | None:
    """The IR with its one intersection part that reaches the entity subtracted instead of kept (a copy), or None
    when no intersection has exactly one such part."""
    node = anchor.get("node_id") or ""
    if not isinstance(ir, dict):
        return None
    if ir.get("op") == "intersect":
        holding = [part for part in ir["inputs"] if node in str(part)]
        rest = [part for part in ir["inputs"] if node not in str(part)]
        if len(holding) != 1 or not rest:
            return None
        kept = rest[0] if len(rest) == 1 else {**ir, "inputs": rest}
        return {"op": "difference", "inputs": [kept, holding[0]]}
    inner = without_what_holds(ir.get("input"), anchor) if isinstance(ir.get("input"), dict) else None
    return None if inner is None else {**ir, "input": inner}


def exclusion_roles_swapped(question: str, ir: dict[str, Any] | None, anchors: list[dict[str, Any]]) -> list[str]:
    """'Co-authors of A, but leave out everybody on the byline of T' read as T's authors without A: an entity taken
    out of an answer is named before the word that leaves something out (set off from it by a comma or a clause),
    while the entity the answer starts from is named after that word; the roles are the other way round."""
    from hgrag.state.plan_ir import walk

    typed = {a["node_id"]: a["text"] for a in anchors if a.get("node_id") and a.get("text")}
    where = {node: question.find(text) for node, text in typed.items() if question.find(text) >= 0}
    word = _leaving_out_word().search(question)
    if word is None or not ir:
        return []
    for op in walk(ir):
        if op.get("op") != "difference":
            continue
        base = {i for part in walk(op["inputs"][0]) if part.get("op") == "match" for i in part.get("ids") or []}
        taken = {i for part in op["inputs"][1:] for sub in walk(part) if sub.get("op") == "match" for i in sub.get("ids") or []}
        for node in taken - base:
            start = where.get(node, -1)
            if start >= 0 and _leads_before(question[:start]):
                continue  # ('Setting A to one side, who else …': the frame opens before the name)
            after = [b for b in base if where.get(b, -1) > word.start()]
            between = question[start + len(typed.get(node, "")):word.start()] if start >= 0 else ""
            if 0 <= start < word.start() and after and _set_off(between):
                return [f"'{typed[node]}' left out, though it is named before '{word.group(0)}'"]
    return []


def _set_off(between: str) -> bool:
    """A comma, a colon or a word that opens another clause ('but', 'and') stands between the name and the word."""
    words = load("en").extra.get("context_words", {}).get("clause_contrasts", []) + \
        load("en").extra.get("code_words", {}).get("name_joiners", [])
    return bool(re.search(r"[,;:]", between)) or any(w in between.lower().split() for w in words)


def _leads_before(text: str) -> bool:
    """A word that leaves something out, an exclusion lead or a frame's verb stands before the name."""
    frames = load("en").extra.get("exclusion_frames", {}).get("verbs", [])
    leads = load("en").extra.get("exclusion_leads", [])
    words = "|".join(r"\s+".join(map(re.escape, w.split())) for w in frames + leads)
    return bool(_leaving_out_word().search(text) or re.search(rf"(?<![\w'-])(?:{words})(?![\w'-])", text, re.IGNORECASE))


@lru_cache(maxsize=1)
def _leaving_out_word() -> re.Pattern:
    concepts = load("en").concepts
    forms = sorted({f.replace("_", " ") for c in ("operator:exclude", "operator:other", "operator:left_over")
                    for f in concepts.get(c, []) if len(f) > 3}, key=len, reverse=True)
    return re.compile(r"(?<![\w'-])(?:" + "|".join(re.escape(f) for f in forms) + r")(?![\w'-])", re.IGNORECASE)
