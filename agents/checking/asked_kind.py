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
AUX = re.compile(r"^(did|does|do|is|was|were|are|has|have|had)\b(?! there\b)")
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
    clauses = [c.strip() for c in re.split(r"(?<=[.!?;])\s+", text) if c.strip()]
    clauses = [part for c in clauses for part in _split_long_lead(c)]
    asking = [c for c in clauses if WH.search(c) or AUX.match(c) or COMMAND.match(POLITE.sub("", c))]
    return (asking or clauses or [text])[-1]


PAPER_NOUNS = ("paper", "papers", "work", "works", "article", "articles", "publication", "publications")


def _superlative_paper(clause: str) -> bool:
    """'most cited paper by A' (the paper noun may carry a one-letter typo: 'papr')."""
    from rapidfuzz.distance import DamerauLevenshtein

    match = SUPERLATIVE_PAPER.match(clause)
    if not match:
        return False
    noun = match.group("noun")
    return any(DamerauLevenshtein.distance(noun, p) <= (1 if len(p) >= 4 else 0) for p in PAPER_NOUNS)


def _split_long_lead(clause: str) -> list[str]:
    """'I'm compiling a bibliography: which …' splits at the colon; a short topic ('Fuel: number of …') does not."""
    lead, colon, rest = clause.partition(": ")
    return [lead + ":", rest] if colon and len(lead.split()) > 3 and rest.strip() else [clause]


def asked_kind(text: str) -> str | None:
    """yes/no | number | author | paper | venue | year, or None when the wording does not say."""
    clause = POLITE.sub("", asking_clause(text.lower()))
    wh = WH.search(clause)
    if AUX.match(clause) and not wh and not ALTERNATIVES.search(clause):
        return "yes/no"
    if _asks_number(clause):
        return "number"
    if WHAT_ELSE_WRITTEN.search(clause):
        return "paper"
    if WHETHER.match(clause) and not ALTERNATIVES.search(clause):
        return "yes/no"
    if COMMAND.match(clause) and (not wh or wh.start() > 12):
        return _head_noun(clause[COMMAND.match(clause).end():])
    if not wh:  # a fragment: "the most cited paper by A" (a superlative before a paper noun), "year of …"
        if _superlative_paper(clause) and not COUNT_ANYWHERE.search(clause):
            return "paper"
        return "year" if re.match(r"(the )?((publication|release) )?(year|date) of\b", clause) else None
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


SUPERLATIVE_VALUE = re.compile(r"\b(what|what's|whats)( is| was| are| were)? (the )?(most|highest|max|maximum|largest|"
                               r"greatest|lowest|fewest|least|min|minimum) (number of )?(citations|cites|citation count)\b")


def _asks_number(clause: str) -> bool:
    if re.search(r"\bhow many\b|\bhow often\b|^count\b", clause) or SUPERLATIVE_VALUE.search(clause):
        return True
    for match in re.finditer(r"\bnumber of\b", clause):
        before = clause[:match.start()].split()[-1:] or [""]
        if before[0] in ("", "the", "a", "total", "overall", "what", "what's", "whats", "is", "me", "exact"):
            return True
    return False


WHETHER = re.compile(r"(tell me|check|confirm|let me know|find out|verify) (whether|if)\b")
ALTERNATIVES = re.compile(r"\bor\b(?! not\b)")
COUNT_WORDS = frozenset("count number total tally".split())
EVERYONE = frozenset("everyone everybody anyone anybody".split())
PROPERTY_HEADS = frozenset("type title doi id identifier date language kind status record list details distance chain "
                           "path network graph".split())
VALUE_HEADS = frozenset("type kind doi orcid identifier id language".split())
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
    if first in VALUE_HEADS and after not in NOUN_OF:  # "what type of publication is it": a property value
        return "value"
    if first not in NOUN_OF:
        return None
    if after in COUNT_WORDS:
        return "number"
    if first.endswith("s") and first != "proceedings":  # a plural noun is the head ("works date from")
        return NOUN_OF[first]
    if after in NOUN_OF:  # "publication year", "paper authors": the second noun is the head
        return NOUN_OF[after]
    return None if after in PROPERTY_HEADS else NOUN_OF[first]


SUPERLATIVE_PAPER = re.compile(r"(zzm 's )?(the |my |his |her |their )?(most|least|latest|earliest|oldest|newest|top|"
                               r"highest|lowest|best)\b( [\w'-]+){0,2}? (?P<noun>[\w'-]+)\b(?= by| from| of|\s*$)")
COUNT_ANYWHERE = re.compile(r"\b(count|number|total|how many|tally|yes|no|years?|venues?|journals?|authors?)\b|#")
STOPS = frozenset("of by in for from with on at about that which who whom where when than between whether if".split())


def _head_noun(text: str) -> str | None:
    """The first noun of a kind (or count word) in a phrase, before any preposition ("A's most
    influential paper by citation count" -> paper; "the ORCID of the researcher" -> None)."""
    tokens = re.findall(r"[\w'-]+", text)
    content = [i for i, w in enumerate(tokens) if w not in FILLER or w in STOPS][:5]
    for n, i in enumerate(content):
        word = tokens[i]
        if word in STOPS:
            return None
        if word in COUNT_WORDS and n > 0:  # "the ORCID number": an identifier, not a count
            return None
        if word in NOUN_OF or word in COUNT_WORDS or word in EVERYONE:
            return _noun_after(" ".join(tokens[i:]))
    return None


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
              "paper": {"paper"}, "venue": {"venue"}, "value": {"value"}}


def kind_conflict(residue_text: str, ir: dict[str, Any] | None) -> list[str]:
    """'papers (the plan returns a person)' when the asked and the returned kinds disagree."""
    asked, returned = asked_kind(residue_text), returned_kind(ir)
    if asked is None or returned is None or returned in COMPATIBLE[asked]:
        return []
    return [f"the question asks for {_name(asked)}, but my reading would give {_name(returned)}"]


def _name(kind: str) -> str:
    return {"yes/no": "a yes or no", "number": "a number", "year": "a year", "value": "a value",
            "author": "people", "paper": "papers", "venue": "venues"}[kind]


def numbered_holes(question: str, mentions: list[str]) -> str:
    """The question with curly quotes made plain and mention i (in the caller's order, longest first)
    replaced by ' zzm<i> '."""
    text = question.replace("\u2019", "'").replace("\u201c", '"').replace("\u201d", '"')
    for i, mention in enumerate(mentions):
        text = re.sub(typed_pattern(mention), f" zzm{i} ", text, flags=re.IGNORECASE)
    return text


def typed_pattern(typed: str) -> str:
    """The mention as typed; a name ending in an initial takes its full stop ('Jordan, Richard W.')."""
    return re.escape(typed) + (r"\.?" if re.search(r"\b[A-Za-z]$", typed) else "")


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
    text = numbered_holes(question, [a["text"] for a in anchors])
    in_clause = {int(h[3:]) for h in re.findall(r"zzm\d+", asking_clause(text.lower()))}
    missing = []
    for i in sorted(in_clause):
        ids = {anchors[i].get("node_id"), *(anchors[i].get("candidates") or [])} - {None}
        if not ids & used:
            missing.append(f"'{anchors[i]['text']}' (my reading does not use it)")
    return missing


SINGULAR_REF = re.compile(r"\b(this|that) (person|researcher|author|scientist|one|paper|article|work|study|publication)\b|"
                          r"\b(he|she|him|it|the latter|the former|the second|the first one|the other one)\b")
PLURAL_CUE = re.compile(r"\b(both|they|them|their|these|those|together|jointly|in common|shared|each other|the two)\b")


def context_combinations(question: str, plan: dict[str, Any]) -> list[str]:
    """Entities of context sentences that the plan combines with the asked one, while the asking sentence
    points at one thing ("B and I argued about A. How many papers has this person written?" read as
    papers by both)."""
    used = used_ids(plan.get("ir"))
    anchors = sorted((a for a in plan.get("anchors", []) if a.get("text") and a.get("node_id")
                      and ({a["node_id"], *(a.get("candidates") or [])} & used)), key=lambda a: -len(a["text"]))
    if len(anchors) < 2:
        return []
    text = numbered_holes(question, [a["text"] for a in anchors])
    clause = asking_clause(text.lower())
    in_clause = {int(h[3:]) for h in re.findall(r"zzm\d+", clause)}
    if not any(op.get("op") == "intersect" for op in walk(plan.get("ir"))):
        return []
    kinds = [a.get("type") for a in anchors]
    outside = [a for i, a in enumerate(anchors) if i not in in_clause and kinds.count(a.get("type")) > 1]
    if not outside or PLURAL_CUE.search(clause) or not (in_clause or SINGULAR_REF.search(clause)):
        return []
    return [f"'{a['text']}' (named outside the question; I can't tell it is meant)" for a in outside]


REFERENCE_KIND = (  # a back-reference in the asking sentence and the kind of thing it points at
    (re.compile(r"\b(the latter|the former|the second( one)?|the first one|the other one|the last one)\b"), None),
    (re.compile(r"\b(this|that|the) (referenced |cited |same )?(paper|article|work|study|publication)\b|\bit\b"), "paper"),
    (re.compile(r"\b(this|that|the same) (person|researcher|author|scientist|scholar)\b|\b(he|she|him|her)\b"), "author"),
    (re.compile(r"\b(this|that|the same) (venue|journal|conference|outlet)\b|\bthere\b"), "venue"),
)


def _inside_anchor(text: str, anchors: list[dict[str, Any]]) -> bool:
    """An unresolved piece of a title that was linked as a whole (under its corrected label)."""
    from rapidfuzz import fuzz

    return any(fuzz.partial_ratio(text.lower(), a["text"].lower()) >= 85 for a in anchors)


def ambiguous_references(question: str, plan: dict[str, Any]) -> list[str]:
    """An asking sentence that names nothing and points back ("how many times has that paper been
    cited?") while the sentences before name two or more things of that kind: which one is meant is
    a guess, so the check reports it instead of answering about one of them."""
    anchors = sorted((a for a in plan.get("anchors", []) if a.get("text")), key=lambda a: -len(a["text"]))
    texts = [(a["text"], a.get("type")) for a in anchors]
    texts += [(t, None) for t in plan.get("unresolved") or [] if t and not _inside_anchor(t, anchors)]
    text = numbered_holes(question, [mention for mention, _ in texts])
    clause = asking_clause(text.lower())
    if clause.rstrip().endswith(":") and clause in text.lower():  # "which came first: A or B?" lists what it asks about
        clause = text.lower()[text.lower().rindex(clause):]
    if re.search(r"zzm\d+", clause):
        return []
    before = {int(h[3:]) for h in re.findall(r"zzm\d+", text.lower())}
    for pattern, kind in REFERENCE_KIND:
        match = pattern.search(clause)
        if not match:
            continue
        named = [texts[i][0] for i in sorted(before) if kind is None or texts[i][1] in (kind, None)]
        if len(named) >= 2:
            listed = " and ".join(f"'{t}'" for t in named[:3])
            return [f"'{match.group(0)}' (it could mean {listed})"]
        return []
    return []


NAME_WORD = re.compile(r"([A-Z][a-z]{3,})\s+$")


def _ends_another_mention(before: str, plan: dict[str, Any], anchor: dict[str, Any]) -> bool:
    """The word before a name closes another linked mention ('Franck Hanot D. Vaslet': two people)."""
    others = [a.get("text") or "" for a in plan.get("anchors", []) if a is not anchor]
    return any(text and before.endswith(text) for text in others)


def truncated_names(question: str, plan: dict[str, Any]) -> list[str]:
    """A linked person whose written name starts one word earlier with a word that is not English
    ("Roberr D. Nowak" linked as "D. Nowak"): the first name was dropped, so the link is a guess."""
    from hgrag.agents.linking.spelling import english_words, vocabulary

    found = []
    for anchor in plan.get("anchors", []):
        if anchor.get("type") != "author" or not anchor.get("node_id") or not anchor.get("text"):
            continue
        at = question.find(anchor["text"])
        word = NAME_WORD.search(question[:at]) if at > 0 else None
        if word and _ends_another_mention(question[:at].rstrip(), plan, anchor):
            continue
        if word and word.group(1).lower() not in english_words() and word.group(1).lower() not in vocabulary()[0]:
            found.append(f"'{word.group(1)} {anchor['text']}' (I found only '{anchor['text']}')")
    return found
