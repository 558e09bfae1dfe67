"""Two asked things coordinated before what they are asked of: 'Give me the DOI and the publication year of T',
'In which venue and in which year was T published?', 'Year and venue of T?'.

Before the question's first mention, two noun phrases of asked things (attribute and kind nouns of the lexicon,
or a question word with its noun: 'which venue', 'which year'), each with its articles or preposition, stand on
either side of 'and'. The question is read as two questions, each keeping one of them; both are planned and
checked on their own, and both answers are given (or none). Read from concept families, not wordings."""

from __future__ import annotations

import re
from typing import Any

from hgrag.agents.second_reader.lexicon import stem_pattern, words
from hgrag.agents.understanding.lexicon import load
from hgrag.agents.understanding.tokens import WORD, Token, tag
from hgrag.state import plan_ir as ir

ASKED_FAMILIES = ("attribute", "kind")
ASKED_HEADS = ("head:where", "head:when")  # 'which venue', 'which year' are single lexicon phrases
LEADING = ("function:the", "function:in", "function:at", "function:on", "function:a", "function:an", "function:its")


def coordinated_questions(question: str, spans: list[Any]) -> tuple[str, str] | None:
    """The two questions a coordination of asked things stands for, or None."""
    first = min((s.start for s in spans if s.candidates), default=None)
    if first is None:
        return None
    head = question[:first]
    offsets = [m.span() for m in WORD.finditer(head)]
    tokens = tag(head.lower(), load("en"))
    if not tokens or len(offsets) != tokens[-1].end:
        return None  # contractions or compound words moved the word count: no safe cut
    ands = [i for i, t in enumerate(tokens) if t.concept == "function:and"]
    if len(ands) != 1:
        return None
    at = ands[0]
    shared = _shared_noun(tokens, at)  # 'the first and the last year': one noun, two modifiers
    if shared is not None:
        left, right_end = shared
        question = _singular_at(question, offsets[right_end] if right_end < len(offsets) else None)
    else:
        left, right = _phrase_before(tokens, at), _phrase_after(tokens, at)
        right_end = tokens[right - 1].end if right is not None else None
    if left is None or right_end is None:
        return None
    cut_left = (offsets[tokens[left].start][0], offsets[tokens[at].end - 1][1])  # 'NP1 and'
    cut_right = (offsets[tokens[at].start][0], offsets[right_end - 1][1])  # 'and NP2'
    one = question[:cut_right[0]].rstrip() + " " + question[cut_right[1]:].lstrip()
    two = " ".join((question[:cut_left[0]] + question[cut_left[1]:].lstrip()).split())
    return " ".join(one.split()), two[:1].upper() + two[1:]


def _singular_at(question: str, span: tuple[int, int] | None) -> str:
    """'the first and last authors' asks one author each: the shared noun in the singular when the lexicon knows
    it (the cuts made before it keep their offsets)."""
    if span is None:
        return question
    word = question[span[0]:span[1]]
    if not word.endswith("s") or load("en").concept(word[:-1].lower()) is None:
        return question
    return question[:span[0]] + word[:-1] + question[span[1]:]


MODIFIERS = ("operator:first", "operator:last", "operator:max", "operator:min")


def _shared_noun(tokens: list[Token], at: int) -> tuple[int, int] | None:
    """(the left modifier's first token, the word index just past the right modifier) when two modifiers share the
    noun after the second ('the first and the last year', 'the earliest and the latest paper', 'the first and the
    last author' with 'last author' one lexicon phrase); None otherwise."""
    if at < 1 or tokens[at - 1].concept not in MODIFIERS:
        return None
    left = at - 1
    while left > 0 and tokens[left - 1].concept in LEADING:
        left -= 1
    right = at + 1
    while right < len(tokens) and tokens[right].concept in LEADING:
        right += 1
    if right < len(tokens) and tokens[right].end - tokens[right].start > 1 and _asked(tokens[right]) \
            and load("en").concept(tokens[right].text.split()[0]) in MODIFIERS:
        return left, tokens[right].start + 1  # 'last author': the modifier is the phrase's first word
    if right + 1 >= len(tokens) or tokens[right].concept not in MODIFIERS or not _asked(tokens[right + 1]):
        return None
    return left, tokens[right].end  # the second part ends before the shared noun


def _asked(token: Token) -> bool:
    return token.family in ASKED_FAMILIES or token.concept in ASKED_HEADS


def _phrase_before(tokens: list[Token], at: int) -> int | None:
    """The index of the first token of the asked phrase ending right before `at` (its articles included)."""
    i = at - 1
    if i < 0 or not _asked(tokens[i]):
        return None
    while i > 0 and _asked(tokens[i - 1]):
        i -= 1
    while i > 0 and tokens[i - 1].concept in LEADING:
        i -= 1
    return i


def _phrase_after(tokens: list[Token], at: int) -> int | None:
    """One past the last token of the asked phrase starting right after `at` (its articles included)."""
    i = at + 1
    while i < len(tokens) and tokens[i].concept in LEADING:
        i += 1
    if i >= len(tokens) or not _asked(tokens[i]):
        return None
    while i < len(tokens) and _asked(tokens[i]):
        i += 1
    return i


def both_before(question: str, group: list[Any]) -> int | None:
    """Where a 'both' right before papers joined by 'and' starts ('which papers cite both T1 and T2?'): each
    paper's answer is asked, and the answer is what they share. None when no such 'both' leads the group, or when
    another joining word (together, in common, share …) says more."""
    if not group or group[0].type != "paper":
        return None
    if _joined_as_sharing(question, group):  # 'which papers cite T1 as well as T2?'
        return group[0].start
    head = question[:group[0].start]
    lead = re.search(r"([^\W\d_]+)\W*$", head)  # the word right before the first entity (quotes aside)
    if lead is None or load("en").concept(lead.group(1).lower()) != "operator:both":
        return None
    outside = head[:lead.start(1)] + question[group[-1].end:]
    return None if stem_pattern("together_words").search(outside) else lead.start(1)


def _joined_as_sharing(question: str, group: list[Any]) -> bool:
    """Are the papers the objects of a relation word right before them ('cite', 'referencing') and joined by a
    sharing coordinator (words.json `sharing_coordinators`: 'as well as')? ('the authors of T1 as well as T2' asks
    each paper's authors: no relation word.)"""
    joins = [question[a.end:b.start].strip(" \"'“”‘’«»,").lower() for a, b in zip(group, group[1:])]
    before = [t for t in tag(question[:group[0].start].lower(), load("en"))]
    related = bool(before) and before[-1].family == "relation"
    return related and bool(joins) and all(j in words().get("sharing_coordinators", []) for j in joins)


def shared_after_papers(question: str, group: list[Any]) -> bool:
    """Papers joined by 'and' with a sharing word after them ('which references do T1 and T2 have in common / share?':
    words.json `together_words`), asking for a list: each paper's answer, and what they share."""
    if not group or group[0].type != "paper":
        return False
    return bool(stem_pattern("together_words").search(question[group[-1].end:]))


def asked_of(before: str, name: str) -> str:
    """'Which references do' + T -> 'Which references of "T"?': the asked noun phrase of one named paper (a
    do-support auxiliary at its end dropped: lexicon `do_support`)."""
    words = before.rstrip(" \"'“”‘’«»").split()
    while words and words[-1].lower() in load("en").extra.get("do_support", []):
        words.pop()
    linked = bool(words) and words[-1].lower() in load("en").extra.get("relating_prepositions", [])  # ('cited by')
    return " ".join(words) + ("" if linked else " of") + f' "{name.rstrip(".")}"?'


def both_after(question: str, group: list[Any]) -> int | None:
    """Where a 'both' right after papers joined by 'and' ends ('which works do T1 and T2 both cite?'), else None."""
    if not group or group[0].type != "paper":
        return None
    lead = re.match(r"\W*([^\W\d_]+)", question[group[-1].end:])  # the word right after the last entity
    if lead is None or load("en").concept(lead.group(1).lower()) != "operator:both":
        return None
    return group[-1].end + lead.end(1)


def shared_answer(items: list[tuple[str, dict[str, Any]]]) -> dict[str, Any] | None:
    """The intersection of the parts' node sets when every part returns nodes of one kind, else None."""
    from hgrag.agents.understanding.signature import node_kind

    kinds = {node_kind(plan) for _, plan in items}
    if len(kinds) != 1 or None in kinds:
        return None
    return ir.setop("intersect", [plan for _, plan in items])


def united_answer(items: list[tuple[str, dict[str, Any]]], pair_left_out: bool = False) -> dict[str, Any] | None:
    """The union of the parts' node sets ('… give me all of them together') when every part returns nodes of one
    kind, or one attribute of nodes of one kind (the union of the nodes, then the attribute: 'taken together, which
    countries …'); else None. `pair_left_out`: the question leaves the named things out of the list ('…, leaving the
    two themselves out'), so what each part leaves out of its own answer is left out of the union."""
    plans = [plan for _, plan in items]
    attrs = {plan.get("attr") if plan.get("op") == "project" else None for plan in plans}
    if len(attrs) == 1 and None not in attrs:
        inner = united_answer([(label, plan["input"]) for label, plan in items], pair_left_out)
        return None if inner is None else ir.project(inner, attrs.pop())
    shared = shared_answer(items)
    if shared is None:
        return None
    left_out = [_own_left_out(plan) for plan in plans]
    if pair_left_out and all(left_out) and len({kind for kind, _ in left_out}) == 1:  # (neither of the two)
        ids = list(dict.fromkeys(i for _, found in left_out for i in found))
        return {"op": "difference", "inputs": [ir.setop("union", plans), ir.match(ids, left_out[0][0])]}
    return ir.setop("union", plans)


def pair_said_left_out(text: str) -> bool:
    """'… leaving the two themselves out', 'not counting those two': an exclusion word of the lexicon and a word for
    the named things together (`exclusion_frames.pair_references`)."""
    from hgrag.agents.understanding.cue_words import phrase_alternation
    from hgrag.agents.understanding.exclusion import has_exclusion_lead

    frames = load("en").extra.get("exclusion_frames", {})
    pair = re.search(rf"\b(?:{phrase_alternation(frames.get('pair_references', [])) or '(?!)'})\b", text, re.IGNORECASE)
    framed = any(re.search(rf"\b{re.escape(v)}\b", text, re.IGNORECASE) for v in frames.get("verbs", [])) and any(
        re.search(rf"\b{re.escape(p)}\b", text, re.IGNORECASE) for p in frames.get("particles", []))
    said = re.search(rf"\b(?:{phrase_alternation(frames.get('pair_left_out', [])) or '(?!)'})\b", text, re.IGNORECASE)
    after = re.search(rf"\b(?:{phrase_alternation(frames.get('postpositions', [])) or '(?!)'})\b", text[pair.end():],
                      re.IGNORECASE) if pair is not None else None  # ('(the two of them excluded)')
    return said is not None or pair is not None and (has_exclusion_lead(text) or framed or after is not None)


def without_pair_left_out(text: str) -> str:
    """The text without the clause that leaves the named things out together (', not counting the two of them'):
    each part of a united question asks for its own answer, and the united answer leaves them all out."""
    from hgrag.agents.understanding.cue_words import phrase_alternation

    if not pair_said_left_out(text):
        return text
    frames = load("en").extra.get("exclusion_frames", {})
    words = phrase_alternation(frames.get("pair_references", []) + frames.get("pair_left_out", [])) or "(?!)"
    leads = phrase_alternation(load("en").extra.get("exclusion_leads", []) + frames.get("pair_left_out", []))
    bracket = re.sub(rf"\s*\([^()]*\b(?:{words})\b[^()]*\)",
                     lambda m: "" if pair_said_left_out(m.group(0)) else m.group(0), text, flags=re.IGNORECASE)
    if bracket != text:  # ('(A and B themselves excluded)'; '(or both)' leaves no one out)
        return bracket
    return re.sub(rf"(?:(?:[,;—–]|\s-\s)\s*[^,;?.()—–]*|\s+(?=(?:{leads})\s)[^,;?.()—–]*?)\b(?:{words})\b[^,;?.()—–]*",
                  "", text, flags=re.IGNORECASE)  # (', not counting the two of them'; ' not counting the two of them')


def _own_left_out(plan: dict[str, Any]) -> tuple[str, list[str]] | None:
    """(kind, ids) a part leaves out of its own answer ('A's co-authors except A'), or None."""
    if plan.get("op") != "difference" or len(plan.get("inputs") or []) != 2:
        return None
    dropped = plan["inputs"][1]
    return (dropped.get("type"), list(dropped["ids"])) if dropped.get("op") == "match" and dropped.get("ids") else None


def without_union_words(text: str) -> str:
    """The text without the words that ask for the parts' answers in one list ('…, all in one list?')."""
    phrases = [t.text for t in tag(text.lower(), load("en")) if t.concept == "operator:union"]
    for phrase in phrases:
        text = re.sub(r",?\s*" + r"\s+".join(map(re.escape, phrase.split())) + r"\b", "", text, flags=re.IGNORECASE)
    return text


def noun_of_back_reference(text: str) -> bool:
    """'the titles of these papers', 'the venues of those works': an asked noun of what was named before it."""
    from hgrag.agents.second_reader.lexicon import find

    tokens = [t for t in tag(text.lower(), load("en")) if t.concept not in LEADING + ("operator:other",)]
    return bool(tokens) and _asked(tokens[0]) and bool(find("sentence_back_references", text))


def only_summing(text: str) -> bool:
    """Does every joining word say 'together' in the sense of a total ('… have together')?"""
    joined = [m.group(0).lower() for m in stem_pattern("together_words").finditer(text)]
    return bool(joined) and all(word in words()["summing_together"] for word in joined)


def total_count(items: list[tuple[str, dict[str, Any]]]) -> dict[str, Any] | None:
    """One count over the union of the entities' sets, when every part is a count."""
    if not all(p.get("op") == "aggregate" and p.get("fn") == "count" for _, p in items):
        return None
    return ir.aggregate(ir.setop("union", [p["input"] for _, p in items]), "count")


def clause_after_head(text: str) -> str | None:
    """'In which venue was T published?' -> 'was T published?': the question after its first question word (and
    the noun it asks for, and a preposition before it), or None when it opens with none."""
    offsets = [m.span() for m in WORD.finditer(text)]
    tokens = tag(text.lower(), load("en"))
    if not tokens or len(offsets) != tokens[-1].end:
        return None
    at = next((i for i, t in enumerate(tokens[:3]) if t.family == "head" and t.concept != "head:aux"), None)
    if at is None or any(t.family not in ("function",) for t in tokens[:at]):
        return None
    end = at + 1
    while end < len(tokens) and tokens[end].family in ASKED_FAMILIES:
        end += 1  # 'which venue', 'what year'
    if end >= len(tokens):
        return None
    return text[offsets[tokens[end].start][0]:].strip()


def elliptical(rest: str, first_text: str) -> str | None:
    """'Who is the first author of T, and who is the last?': a second part that is only a modifier ('the last')
    asks the first part again with its own modifier in place of the first part's one modifier ('first')."""
    content = [t for t in tag(rest.lower(), load("en")) if t.family not in ("head", "function", "filler")]
    if len(content) != 1 or content[0].concept not in MODIFIERS:
        return None
    words = list(WORD.finditer(first_text))
    found = [m for m in words if load("en").concept(m.group(0).lower()) in MODIFIERS]
    if len(found) != 1:
        return None
    return first_text[:found[0].start()] + content[0].text + first_text[found[0].end():]


def framed_together(question: str, group: list[Any]) -> bool:
    """'Taking A and B together, which venues …': a lead of the lexicon's `uniting_frames` right before the named
    things and its closing word right after them ask for their answers in one list."""
    from hgrag.agents.second_reader.lexicon import words

    if not group:
        return False
    before, after = question[:group[0].start].lower(), question[group[-1].end:].lower()
    return any(re.search(rf"(?<![\w'-]){re.escape(lead)}\s*$", before) and re.match(rf"\s*{re.escape(close)}\b", after)
               for lead, close in words().get("uniting_frames", []))


def unframed(text: str, name: str) -> str:
    """One part's question without the uniting frame around its named thing ('Taking A together, …' -> 'A, …')."""
    from hgrag.agents.second_reader.lexicon import words

    for lead, close in words().get("uniting_frames", []):
        text = re.sub(rf"(?i)\b{re.escape(lead)}\s+({re.escape(name)})\s+{re.escape(close)}\b", r"\1", text)
    return text
