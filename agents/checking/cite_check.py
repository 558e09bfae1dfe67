"""The question-plan check for citations between named papers: the plan must follow the citation
the way the question says it goes.

A plan that walks the cites edge from a named paper is verified only when the question's wording
says the same direction ("what cites P" -> papers citing P; "refs of P" -> papers P cites); a test
"does A cite B" only when the wording makes A the citing paper. Unclear or opposite wording is
reported, so a reversed reading is never answered. Words that only restate the direction the plan
follows ("refs", "among the references of", "earlier works" that P cites, "later papers" citing P)
are accounted for by that plan (see `accounted_text`).
"""

from __future__ import annotations

import re
from typing import Any

from hgrag.agents.checking.mention_use import numbered_holes
from hgrag.agents.checking.cite_direction import (ARROW, REF_LIST, one_paper_direction, cited_again, restates_citation, two_paper_roles,
                                                 words_alternation)
from hgrag.state.plan_ir import walk

WORKS = words_alternation("works")
EARLIER = re.compile(rf"\b{words_alternation('earlier_works')} (?={WORKS}\b)")
LATER = re.compile(rf"\b{words_alternation('later_works')} (?={WORKS}\b)")
COUNTING = ("operator:count", "head:how_many")  # 'how many', 'number of', 'how often', 'count' (lexicon)
REF_WORDS = re.compile(rf"\b{REF_LIST}\b")  # a reference list's names, put plainly as 'references'
AMONG_REFS = re.compile(rf"\b{words_alternation('among_phrases')} (the )?{REF_LIST} (of|in|for|from)\b")


def cite_edges(ir: dict[str, Any] | None) -> list[dict[str, Any]]:
    return [op for op in walk(ir) if op.get("op") == "traverse" and op.get("edge") == "cites"] if ir else []


def accounted_text(text: str, ir: dict[str, Any] | None) -> str:
    """The residue with the wording a citation plan accounts for put plainly (for the other cues)."""
    directions = {op["direction"] for op in cite_edges(ir)}
    if not directions:
        return text
    text = REF_WORDS.sub("references", text)
    if "out" in directions:
        text = EARLIER.sub("", AMONG_REFS.sub("cited by", text))
        text = re.sub(r"\bhow many references\b", "how many papers", text)
    if "in" in directions:
        text = LATER.sub("", text)
    return text


def _plain(text: str) -> str:
    """Lower case, punctuation as in the parser's residual ("'s" split off, commas kept)."""
    text = ARROW.sub(" zzarrow ", text.lower().replace("\u2019", "'"))
    text = re.sub(r"'s\b", " 's", text)
    text = re.sub(r"\s*[,;:\u2014\u2013]+\s*|\s+-\s+", " , ", text)
    text = re.sub(r"[^\w\s',-]|'(?!s\b)", " ", text)
    from hgrag.agents.linking.spelling import correct_text

    return correct_text(re.sub(r"\s+", " ", text).strip())  # 'papers citng T' reads as the planner read it


def _hole_text(question: str, anchors: list[dict[str, Any]], papers: list[int]) -> str:
    """The question with the given anchors (indices) as 'zzpaper' and every other mention as 'zzx'."""
    text = numbered_holes(question, _texts(anchors))
    for i in range(len(anchors)):
        text = re.sub(rf"\bzzm{i}\b", "zzpaper" if i in papers else "zzx", text)
    return _plain(text)


def _texts(anchors: list[dict[str, Any]]) -> list[str]:
    """Mention texts without an arrow the mention detector took in ("A -> B": the arrow joins them)."""
    return [ARROW.sub(" ", a["text"]).strip() or a["text"] for a in anchors]


def _anchor_index(anchors: list[dict[str, Any]], node_id: str) -> int | None:
    for i, a in enumerate(anchors):
        if node_id == a.get("node_id") or node_id in (a.get("candidates") or [])[:1]:
            return i
    return None


def _names(anchors: list[dict[str, Any]], i: int) -> str:
    return f"'{anchors[i]['text']}'"


def direction_parts(question: str, plan: dict[str, Any]) -> list[str]:
    """What the plan gets wrong or cannot show about which paper cites which (empty when it agrees)."""
    ir = plan.get("ir")
    anchors = sorted((a for a in plan.get("anchors", []) if a.get("text") and a.get("node_id")),
                     key=lambda a: -len(a["text"]))
    missing = []
    tested = {id(op["input"]) for op in walk(ir) if op.get("op") == "test" and op.get("cmp") == "contains"} if ir else set()
    for op in walk(ir) if ir else []:
        if op.get("op") == "test" and op.get("cmp") == "contains" and _cites_from_match(op.get("input")):
            missing += _test_parts(question, anchors, op)
    for edge in cite_edges(ir):
        source = edge.get("input") or {}
        missing += _authors_papers_direction(question, anchors, edge)
        if id(edge) in tested or source.get("op") != "match" or source.get("type") != "paper" or len(source.get("ids") or []) != 1:
            continue
        i = _anchor_index(anchors, source["ids"][0])
        if i is None:
            continue
        said = one_paper_direction(_hole_text(question, anchors, [i]))
        if said is None:
            missing.append(f"which way the citation of {_names(anchors, i)} goes")
        elif said != edge["direction"]:
            missing.append(f"the citation direction (the question asks for papers {'citing' if said == 'in' else 'cited by'} "
                           f"{_names(anchors, i)})")
    return missing


def _authors_papers_direction(question: str, anchors: list[dict[str, Any]], edge: dict[str, Any]) -> list[str]:
    """'Which papers have cited any of A's work?', 'What papers does A cite across their own papers?': a citation walk
    from one named author's papers goes the way the question says of those papers (A's papers read as one paper;
    nothing is said when the wording does not tell)."""
    source = edge.get("input") or {}
    inner = source.get("input") or {}
    if source.get("op") != "traverse" or source.get("edge") != "writes" or source.get("direction") != "out" or \
            inner.get("op") != "match" or inner.get("type") != "author" or len(inner.get("ids") or []) != 1:
        return []
    i = _anchor_index(anchors, inner["ids"][0])
    if i is None:
        return []
    from hgrag.agents.understanding.cue_words import phrase_alternation
    from hgrag.agents.understanding.lexicon import load

    words = load("en").extra.get("code_words", {})
    quantifiers, nouns, articles = (phrase_alternation(words.get(k, [])) or "(?!)"
                                    for k in ("set_quantifiers", "work_nouns", "articles"))
    def as_one_paper(text: str) -> str:  # A's papers read as one paper: 'any of A', 'any paper of A', 'A's papers'
        text = re.sub(rf"\b(?:(?:{quantifiers}) (?:(?:{nouns}) )?|(?:{articles}) (?:{nouns}) )of (?=zzpaper\b)", "", text)
        return re.sub(rf"(?<=zzpaper) ?(?:'s )?(?:own )?(?:{nouns})\b", "", text)  # ('A paper is cited by …')

    text = as_one_paper(_hole_text(question, anchors, [i]))
    said = one_paper_direction(text)
    if said is None:  # ('Think of everything A has written. Which papers cite any of that work?': the work pointed
        said = one_paper_direction(as_one_paper(_pointed_at(text, quantifiers)))  # back to is A's)
    if said is None or said == edge.get("direction"):
        return []
    return [f"the citation direction (the question asks for papers {'citing' if said == 'in' else 'cited by'} the "
            f"papers of {_names(anchors, i)})"]


def _pointed_at(text: str, quantifiers: str) -> str:
    """The text with the first phrase after its named thing that points back ('that work', 'them') read as that
    thing ('zzpaper'), the named thing itself left out."""
    from hgrag.agents.understanding.asking_sentence import _references

    at = text.rfind("zzpaper")
    found = _references().search(text, at + len("zzpaper")) if at >= 0 else None
    if found is None:
        return text
    start = re.search(rf"(?:\b(?:{quantifiers}) of )?$", text[:found.start()])
    return text[:at] + "zzx" + text[at + len("zzpaper"):start.start()] + "zzpaper" + text[found.end():]


def count_for_list(question: str, plan: dict[str, Any]) -> list[str]:
    """'Show everything that cites P' answered with P's citation count: a relation to P asked as a
    list (or as papers) is not answered by a number."""
    from hgrag.agents.understanding.asked_head import asked_kind
    from hgrag.agents.understanding.asking_sentence import asking_tokens
    from hgrag.agents.understanding.signature import output_kind as returned_kind

    ir = plan.get("ir")
    if returned_kind(ir) != "number" or cite_edges(ir):
        return []
    anchors = sorted((a for a in plan.get("anchors", []) if a.get("text") and a.get("node_id")),
                     key=lambda a: -len(a["text"]))
    papers = [i for i, a in enumerate(anchors) if a.get("type") == "paper"]
    text = _hole_text(question, anchors, papers)
    said = one_paper_direction(text) if len(papers) == 1 else None
    if said is None and not (len(papers) == 1 and CITATION_LIST.search(text)):
        return []
    residue = re.sub(r"\bzz(paper|x)\b", "zzm", text)
    asking = asking_tokens(residue)
    if asked_kind(asking) == "number" or any(t.concept in COUNTING for t in asking):
        return []
    linked = "cited by" if said == "out" else "that cite"
    return [f"the papers {linked} {_names(anchors, papers[0])} (my reading would give a number)"]


def citation_count_direction(question: str, plan: dict[str, Any]) -> list[str]:
    """'How many papers does P cite?' answered with P's citation count (how often P is cited): the count
    of a paper's citations answers only questions about the papers citing it."""
    ir = plan.get("ir") or {}
    if ir.get("op") != "project" or ir.get("attr") != "cited_by_count":
        return []
    anchors = sorted((a for a in plan.get("anchors", []) if a.get("text") and a.get("node_id")),
                     key=lambda a: -len(a["text"]))
    papers = [i for i, a in enumerate(anchors) if a.get("type") == "paper"]
    text = _hole_text(question, anchors, papers) if len(papers) == 1 else ""
    direction = one_paper_direction(text) if text else None
    if direction != "out" and not (direction is None and re.search(rf"\b{REF_LIST}\b", text)):
        return []  # (unclear, with a reference count said anywhere: 'P how much papers is citing? reference count')
    return [f"the papers {_names(anchors, papers[0])} cites (my reading gives how often it is cited)"]


def times_cited_read_as_citing(question: str, plan: dict[str, Any]) -> list[str]:
    """'How many times were the papers of A cited?', 'How often were papers by A cited?' read as the papers A's papers
    cite: a times-count head (lexicon `times_counts`) with a passive 'cited' asks how often something was cited, so a
    plan that walks the cites edge outward from what is named answers another question."""
    from hgrag.agents.understanding.lexicon import load
    from hgrag.state.plan_ir import walk

    ir = plan.get("ir")
    outward = any(op.get("op") == "traverse" and op.get("edge") == "cites" and op.get("direction") == "out"
                  for op in walk(ir)) if ir else False
    if not outward:
        return []
    lexicon = load("en").extra
    heads = "|".join(re.escape(h) for h in lexicon.get("times_counts", [])) or "(?!)"
    words = lexicon.get("citation_words", {})
    be = "|".join(re.escape(w) for w in words.get("be_forms", [])) or "(?!)"
    cited = "|".join(re.escape(w) for w in words.get("cited_participles", [])) or "(?!)"
    agents = "|".join(re.escape(w) for w in words.get("agent_prepositions", [])) or "(?!)"  # ('cited by B': who cites)
    passive = re.search(rf"\b(?:{heads})\b.*?\b(?:{be})\b[^?]*?\b(?:{cited})\b(?!\s+(?:{agents})\b)", question.lower())
    return ["cited (asked how often it was cited; the plan walks to what it cites)"] if passive else []


CITATION_LIST = re.compile(r"\b(citations? list|list of (the |its )?citations|citing (papers|works|articles|publications))\b")


def _cites_from_match(op: dict[str, Any] | None) -> bool:
    return bool(op) and op.get("op") == "traverse" and op.get("edge") == "cites" and op.get("direction") == "out" \
        and (op.get("input") or {}).get("op") == "match"


def _test_parts(question: str, anchors: list[dict[str, Any]], test: dict[str, Any]) -> list[str]:
    """'Does A cite B' read as A citing B: the question's wording must make A the citing paper."""
    citing_ids, cited_ids = test["input"]["input"].get("ids") or [], test.get("value") or []
    if len(citing_ids) != 1 or len(cited_ids) != 1:
        return ["which paper cites which"]
    citing, cited = _anchor_index(anchors, citing_ids[0]), _anchor_index(anchors, cited_ids[0])
    if citing is None or cited is None or citing == cited:
        return ["which paper cites which"]
    text = _hole_text(question, anchors, [citing, cited])
    order = sorted((citing, cited), key=lambda i: numbered_holes(question, _texts(anchors)).find(f"zzm{i} "))
    roles = two_paper_roles(text)
    if roles is None:
        return ["which paper cites which"]
    if order[roles[0]] != citing:
        return [f"the citation direction (the question asks whether {_names(anchors, order[roles[0]])} cites "
                f"{_names(anchors, order[roles[1]])})"]
    return []


CITING_SUBJECT = re.compile(r"^\W*(?:yes or no\W*)?(?:does|did|do|is|was|has|have)\s+(?P<subject>.{6,}?)\s+"
                            r"(?:cite|cites|reference|references|contain|contains|include|includes|mention|mentions|have|has)"
                            r"\b(?: a| any| one)?(?: citations?| references?)?(?: to)?\s+zzm\b")
GENERIC_SUBJECT = re.compile(r"^(?:(?:any|some|anything|anyone|anybody|another|other|others|one|it|this|that|the|a|an|"
                             r"paper|papers|work|works|article|articles|publication|publications|study|studies|ever|"
                             r"really|actually|in|graph|the graph|later|newer|other|zzm)\s*)+$")


CITING_AGENT = re.compile(rf"\bzzm (?:\w+ )?(?:(?:cited|referenced|mentioned|listed|included) (?:by|in|within|inside)|"
                          rf"(?:among|in|within|inside|one of) (?:the )?{REF_LIST} (?:of|in|for|from)) (?P<subject>[^?.;]{{6,}}?)\s*"
                          rf"(?:[?.;]|$)")


def unlinked_citer(text: str) -> list[str]:
    """'Does <words that are no linked title> cite P?' / 'Is P cited by <no linked title>?': the citing
    paper is not one the plan knows."""
    found = []
    for pattern in (CITING_SUBJECT, CITING_AGENT):
        match = pattern.search(text)
        if match and "zzm" not in match.group("subject") and not _generic(match.group("subject").strip()) \
                and not _scope_only(match.group(0), match.group("subject")):
            found.append(f"'{match.group('subject').strip()}' (the citing paper is not one I could find)")
    return found


def _generic(subject: str) -> bool:
    """A subject that names no paper: generic words, or only words the lexicon reads as no name ('there any record
    of subsequent works that')."""
    from hgrag.agents.understanding.lexicon import load
    from hgrag.agents.understanding.tokens import tag

    if GENERIC_SUBJECT.match(subject):
        return True
    tokens = tag(subject.lower(), load("en"))
    return bool(tokens) and all(t.family in ("function", "filler", "general", "kind", "time", "head")
                                or t.concept == "operator:other" for t in tokens)  # ('other papers within the graph')


def _scope_only(matched: str, subject: str) -> bool:
    """'cited within the dataset': a scope of the lexicon's `graph_scope`, not a citing paper."""
    from hgrag.agents.understanding.cue_words import graph_scoped

    return graph_scoped(matched) and len(subject.split()) <= 3


def citation_hops(question: str, plan: dict[str, Any]) -> list[str]:
    """'What do the references of T themselves cite?': citation words on both sides of one named paper walk two
    citation steps (or meet two citing sets); a plan with one citation step answers the first half."""
    from hgrag.agents.understanding.lexicon import load
    from hgrag.agents.understanding.tokens import tag

    ir = plan.get("ir")
    if not ir or len(cite_edges(ir)) != 1:
        return []
    anchors = [a for a in plan.get("anchors", []) if a.get("text") and a.get("node_id")]
    if len(anchors) != 1 or anchors[0].get("type") != "paper":
        return []
    typed = anchors[0]["text"]
    from hgrag.agents.understanding.cue_words import without_notes

    unnoted = without_notes(question.replace(typed, "zzpaper"), "zzpaper")  # '(what it cites)'
    sentence = next((part for part in re.split(r"(?<=[?!;])\s+|(?<=\.)\s+(?=[A-Z])", unnoted)
                     if "zzpaper" in part), "")
    tagged = tag(_hole_text(sentence.replace("zzpaper", typed), anchors, [0]), load("en"))
    tokens = [t for i, t in enumerate(tagged) if t.family != "function" and not restates_citation(tagged, i)
              and not cited_again(tagged, i)]  # ('picked up T and cited it': one citation said twice)
    at = [i for i, t in enumerate(tokens) if t.concept == "mention"]
    if len(at) != 1 or at[0] == 0:
        return []
    owned = tokens[at[0] - 1].concept == "relation:cites"  # 'the references of T', 'the papers citing T'
    if owned and any(t.concept == "relation:cites" for t in tokens[at[0] + 1:]):
        return ["a second citation step (the question cites on both sides of the paper)"]
    cites = [i for i, t in enumerate(tokens[:at[0]]) if t.concept == "relation:cites"]
    if owned and len(cites) >= 2 and any(t.concept == "kind:paper" for t in tokens[cites[-2] + 1:cites[-1]]):
        return ["a second citation step ('the papers that cite the papers citing T')"]
    return []
