"""What kind of answer the question asks for, read independently of the planner, and the mentions
of the asking sentence that the plan leaves unused.

The planner's own reading decides what the plan returns; this module reads the asking clause with a
few plain rules (a yes/no question, "how many", "who", "which <noun>", "when", "what else did … write",
"what cites", commands such as "list the venues …") so that a plan returning another kind ("What else has the lead author of X written?"
answered with a person) is caught by `validate` instead of being verified.
"""

from __future__ import annotations

import re
from typing import Any

from hgrag.state.plan_ir import walk

NOUN_KINDS = {
    "paper": "paper work article publication title pub study studies preprint manuscript writing",
    "author": "author co-author coauthor people person researcher collaborator scientist writer scholar colleague",
    "venue": "venue journal conference outlet proceedings magazine periodical",
    "year": "year",
}
NOUN_OF = {form: kind for kind, words in NOUN_KINDS.items() for noun in words.split() for form in (noun, noun + "s")}
FILLER = frozenset("is was are were the a an of zzm 's ' other else all different distinct exactly me us every each "
                   "complete full entire whole".split())
AUX = re.compile(r"^(did|does|do|is|was|were|are|has|have|had)\b")
WH = re.compile(r"\b(who|whom|whose|what|which|when|where|how)\b")
POLITE = re.compile(r"^\W*((hey|hi|ok|okay|so|now|and|then|please|kindly)\b\W*|(could|can|would|will) you (please )?|"
                    r"(do|did) you (happen to )?(have|know)( of)? |"
                    r"(i'?d|i would) like (you )?to (know|see|get|find out|have) |"
                    r"i (want|need) (you )?to (know|see|get|find out|have) |i (would like|want|need) (you )?to )*")
COMMAND = re.compile(r"^(list|show|give|find|name|get|fetch|return|display|enumerate|retrieve|identify|tell)\b")
WHAT_ELSE_WRITTEN = re.compile(r"\bwhat (else|other \w+) (has|have|did|does|do|had) .*\b(write|wrote|written|publish|"
                               r"published|author|authored|produce|produced|put out|bring out|brought out|release|released)\b")


def asking_clause(text: str) -> str:
    """The last clause of the residue that asks something (or the whole text)."""
    clauses = [c.strip() for c in re.split(r"(?<=[.!?;:])\s+", text) if c.strip()]
    asking = [c for c in clauses if WH.search(c) or AUX.match(c) or COMMAND.match(c)]
    return (asking or clauses or [text])[-1]


def asked_kind(text: str) -> str | None:
    """yes/no | number | author | paper | venue | year, or None when the wording does not say."""
    clause = POLITE.sub("", asking_clause(text.lower()))
    wh = WH.search(clause)
    if AUX.match(clause) and not wh and not re.search(r"\bor\b(?! not\b)", clause):
        return "yes/no"
    if _asks_number(clause):
        return "number"
    if WHAT_ELSE_WRITTEN.search(clause):
        return "paper"
    if COMMAND.match(clause) and (not wh or wh.start() > 12):
        return _noun_after(clause[COMMAND.match(clause).end():])
    if not wh:
        return None
    word = wh.group(1)
    if wh.start() > 0 and clause[:wh.start()].split()[-1] in RELATIVE_BEFORE:  # "the person who …"
        return None
    if word in ("which", "what"):
        kind = _noun_after(clause[wh.end():])
        if kind or re.match(r"\W*(papers? |works? |articles? )?(cites?|cited|references?|referenced)\b",
                            clause[wh.end():]):
            return kind or "paper"
    if word in ("who", "whom"):
        return "author"
    if word == "when":
        return "year"
    return None


def _asks_number(clause: str) -> bool:
    if re.search(r"\bhow many\b|\bhow often\b|^count\b", clause):
        return True
    for match in re.finditer(r"\bnumber of\b", clause):
        before = clause[:match.start()].split()[-1:] or [""]
        if before[0] in ("", "the", "a", "total", "overall", "what", "what's", "whats", "is", "me", "exact"):
            return True
    return False


COUNT_WORDS = frozenset("count number total tally".split())
EVERYONE = frozenset("everyone everybody anyone anybody".split())
PROPERTY_HEADS = frozenset("type title doi id identifier date language kind status record list details distance chain "
                           "path network graph".split())
RELATIVE_BEFORE = frozenset("person people author authors researcher researchers one ones those someone anyone everyone "
                            "scientist individual in of to by for from at on with".split())


def _noun_after(text: str) -> str | None:
    """The kind named by the first content word after a question word or command ("which of A's
    works" -> paper; "the publication year of" -> year; "the DOI of" -> None)."""
    words = re.findall(r"[\w'-]+", text)
    start = next((i for i, w in enumerate(words) if w not in FILLER), None)
    if start is None:
        return None
    first, after = words[start], (words[start + 1] if start + 1 < len(words) else "")
    if first in COUNT_WORDS:
        return "number"
    if first in EVERYONE:
        return "author"
    if first not in NOUN_OF:
        return None
    if after in NOUN_OF:  # "publication year", "paper authors": the second noun is the head
        return NOUN_OF[after]
    if after in COUNT_WORDS:
        return "number"
    return None if after in PROPERTY_HEADS else NOUN_OF[first]


EDGE_KIND = {("writes", "out"): "paper", ("writes", "in"): "author", ("published_in", "out"): "venue",
             ("published_in", "in"): "paper", ("cites", "out"): "paper", ("cites", "in"): "paper"}
NUMBER_ATTRS = frozenset({"cited_by_count", "n_authors"})


def returned_kind(op: dict[str, Any] | None) -> str | None:
    """What a plan's answer is: yes/no, number, year, author, paper, venue, value, or None (unknown)."""
    if not op:
        return None
    kind = op.get("op")
    if kind == "test":
        return "yes/no"
    if kind == "path":
        return "number"
    if kind == "aggregate":
        return "year" if op["fn"] in ("min", "max") and op.get("attr") == "year" else "number"
    if kind == "project":
        return "year" if op["attr"] == "year" else "number" if op["attr"] in NUMBER_ATTRS else "value"
    if kind == "match":
        return op.get("type")
    if kind == "traverse":
        return EDGE_KIND.get((op["edge"], op["direction"]))
    if kind in ("filter", "top", "describe"):
        return returned_kind(op["input"])
    if kind in ("intersect", "union", "difference"):
        return returned_kind(op["inputs"][0])
    return None


COMPATIBLE = {"number": {"number"}, "yes/no": {"yes/no"}, "year": {"year"}, "author": {"author"},
              "paper": {"paper"}, "venue": {"venue"}}


def kind_conflict(residue_text: str, ir: dict[str, Any] | None) -> list[str]:
    """'papers (the plan returns a person)' when the asked and the returned kinds disagree."""
    asked, returned = asked_kind(residue_text), returned_kind(ir)
    if asked is None or returned is None or returned in COMPATIBLE[asked]:
        return []
    if asked == "number" and returned == "yes/no":  # "did A publish more than 4 papers": a count compared
        return []
    return [f"the question asks for {_name(asked)}, but my reading would give {_name(returned)}"]


def _name(kind: str) -> str:
    return {"yes/no": "a yes or no", "number": "a number", "year": "a year", "value": "a value",
            "author": "people", "paper": "papers", "venue": "venues"}[kind]


def used_ids(ir: dict[str, Any] | None) -> set[str]:
    """Node ids a plan names: matched anchors and ids compared against in filters and tests."""
    used: set[str] = set()
    for op in walk(ir) if ir else []:
        used.update(op.get("ids") or [])
        value = op.get("value")
        for item in value if isinstance(value, (list, tuple, set)) else [value]:
            if isinstance(item, str):
                used.add(item)
    return used


def unused_mentions(question: str, plan: dict[str, Any]) -> list[str]:
    """Linked mentions of the asking clause that the plan never uses ("…, what other papers did A
    bring out?" read as papers by the authors of X, leaving A out)."""
    used = used_ids(plan.get("ir"))
    anchors = sorted((a for a in plan.get("anchors", []) if a.get("text") and a.get("node_id")),
                     key=lambda a: -len(a["text"]))
    text = question.replace("\u2019", "'").replace("\u201c", '"').replace("\u201d", '"')
    for i, anchor in enumerate(anchors):
        text = re.sub(re.escape(anchor["text"]), f" zzm{i} ", text, flags=re.IGNORECASE)
    in_clause = {int(h[3:]) for h in re.findall(r"zzm\d+", asking_clause(text.lower()))}
    missing = []
    for i in sorted(in_clause):
        ids = {anchors[i].get("node_id"), *(anchors[i].get("candidates") or [])} - {None}
        if not ids & used:
            missing.append(f"'{anchors[i]['text']}' (my reading does not use it)")
    return missing
