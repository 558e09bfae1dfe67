"""Which question tokens each plan element consumed, computed after planning from each token's lexicon
concept and the signature map (agents/lexicon/concepts.json).

A token whose concept has a signature is consumed by the first plan element with one of its features;
a concept with a "hop" (co-author) needs a traverse of that edge no other token of its sentence has taken (a
context sentence may name the relation the asking sentence names again). Mentions are
consumed by the match of their anchor, the head (who / how many / when / a yes/no auxiliary) by the plan's
root, fillers and function words by nothing (they are declared). The result is shown in the plan as
`alignment`; `interpretation` is still rendered from the IR alone.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from hgrag.agents.understanding.lexicon import load, signatures
from hgrag.agents.understanding.signature import all_features, describe, elements
from hgrag.agents.understanding.tokens import Token, stranded_readings, tag
from hgrag.tools.text import replace_literal

DECLARED = ("filler", "function", "general")


@dataclass(frozen=True)
class Link:
    token: Token
    element: str | None  # the consuming IR element, "declared", or None (not consumed)


def _consumer(token: Token, ops: list[tuple[dict, set[str]]], taken: set[int], features: set[str],
              owners: dict[int, str] | None = None) -> str | None:
    signature = signatures().get(token.concept or "", {})
    wanted = set(signature.get("any") or [])
    if not wanted:
        return None
    if "op:difference+position:1" in wanted and "op:difference+position:1" in features:
        return "difference leaving out position 1"
    if "op:difference+position:ends" in wanted and "op:difference+position:ends" in features:
        return "difference leaving out the first and the last position"
    if "cmp:>=+cmp:<=" in wanted and "cmp:>=+cmp:<=" in features:
        return "filters from and up to a year"
    hop = signature.get("hop") if token.text in signature.get("hop_forms", [token.text]) else None
    arriving = signature.get("hop_direction")  # 'co-authors' arrive at authors: a writes step inward
    owners = {} if owners is None else owners  # step -> the concept that took it (in any sentence)
    for i, (op, own) in enumerate(ops):
        elsewhere = i in owners and owners[i] != token.concept  # another relation took it in another sentence
        placed = any(op.get(key) is not None for key in signature.get("hop_not_with", []))  # ('the last author of T')
        if own & wanted and not (hop and op.get("op") == "traverse" and (i in taken or elsewhere
                                                                       or op.get("edge") != hop
                                                                       or arriving and op.get("direction") != arriving
                                                                       or placed)):
            if op.get("op") == "traverse" and (hop or any(f.startswith("position:") for f in own & wanted)):
                taken.add(i)  # a hop stands for one relation word ("first author" and "co-authors" are two)
                owners.setdefault(i, token.concept or "")
            return describe(op)
    return None


def align(text: str, plan: dict[str, Any]) -> list[Link]:
    """Every token of a masked question (mentions as zz placeholders) with the element that consumed it."""
    ir = plan.get("ir")
    ops = elements(ir)
    features = all_features(ir)
    taken_in: dict[int, set[int]] = {}  # per sentence: a context sentence may restate the asked relation
    owners: dict[int, str] = {}  # (but a step another relation took stays taken)
    # tokens with a hop are placed after the others ("first author" takes the position-1 hop first)
    tokens = stranded_readings(text, tag(text, load("en")))
    sentence_ends = _sentence_ends(text)
    order = sorted(range(len(tokens)), key=lambda i: bool(signatures().get(tokens[i].concept or "", {}).get("hop")))
    links: dict[int, Link] = {}
    for i in order:
        token = tokens[i]
        if token.concept == "mention":
            element = next((describe(op) for op, own in ops if "op:match" in own), None)
        elif token.family in DECLARED:
            element = "declared"
        elif token.family == "head" or token.concept == "number":
            element = describe(ir) if ir else None
        else:
            sentence = sum(1 for end in sentence_ends if end <= token.start)
            element = _consumer(token, ops, taken_in.setdefault(sentence, set()), features, owners)
        links[i] = Link(token, element)
    return _consumed_with(tokens, links)


def _consumed_with(tokens: list[Token], links: dict[int, Link]) -> list[Link]:
    """A token its signature lets a later token consume ('the same year as T or later': the inclusive bound
    holds the same year) takes that token's element."""
    out = [links[i] for i in range(len(tokens))]
    for i, link in enumerate(out):
        spec = signatures().get(link.token.concept or "", {}).get("consumed_with")
        if link.element is not None or not spec:
            continue
        later = next((other for other in out[i + 1:] if other.token.concept in spec.get("concepts", [])
                      and other.token.text in spec.get("forms", []) and other.element), None)
        if later is not None:
            out[i] = Link(link.token, later.element)
    return out


def _sentence_ends(text: str) -> list[int]:
    """The word index (as `tag` counts words) at which each sentence of the text ends (a bracketed note counts as a
    sentence of its own: '… co-authored with (all of their co-authors)' says one relation twice)."""
    from hgrag.agents.understanding.tokens import tag_words

    ends, count = [], 0
    for sentence in re.split(r"(?<=[.?!])\s+|\s+(?=\()", text):  # (a bracketed note restates on its own)
        count += len(tag_words(sentence, load("en")))
        ends.append(count)
    return ends


def alignment_trace(links: list[Link]) -> list[dict[str, str]]:
    """The alignment as plain records for the plan, --json and the trace."""
    return [{"tokens": link.token.text, "concept": link.token.concept or "unknown",
             "consumed_by": link.element or "-"} for link in links]


def masked_question(question: str, plan: dict[str, Any]) -> str:
    """The question in lower case with the plan's mentions (and quoted text) replaced by 'zzm'."""
    text = question.replace("’", "'")
    texts = [m.get("text", "") for m in plan.get("anchors", [])] + list(plan.get("unresolved") or []) + \
        list(plan.get("set_aside") or [])
    for mention in sorted({t.replace("’", "'") for t in texts if t}, key=len, reverse=True):
        text = replace_literal(text, mention, " zzm ")
    text = re.sub(r'"[^"]{3,}"|“[^”]{3,}”|«[^»]{3,}»', " zzm ", text)
    return re.sub(r"\s+", " ", text.lower()).strip()
