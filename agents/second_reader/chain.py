"""The chain reader: questions that walk two or three steps from one named entity ('who are the authors of the
works that cite T?', 'where were the papers citing T published?', 'the collaborators of whoever is first author
on T'), read from the lexicon's concepts rather than from wordings.

A question of this shape names, besides its one mention, the kinds it passes through (kind nouns, the question
word's kind) and the links it takes (a citation word, a co-author word, an author position). From the mention's
type, the links are taken in the one order the graph allows (a position or a citation from a paper, a co-author
step from a person) and then the walk goes on to the asked kind. The reading is used only when the rules have no
plan the question-plan check accepts, and only when the check accepts the chain's plan: every kind named must be
on the walk, and every word must be consumed as for any other plan.
"""

from __future__ import annotations

from typing import Any

from hgrag.agents.understanding.cue_words import without_notes
from hgrag.agents.understanding.lexicon import load
from hgrag.agents.understanding.signature import output_kind
from hgrag.agents.understanding.tokens import Token, stranded_readings, tag
from hgrag.state import plan_ir as ir
from hgrag.agents.kinds.joins import year_filter
from hgrag.agents.checking.cite_direction import cited_again, restates_citation

KINDS = {"kind:author": "author", "kind:paper": "paper", "kind:venue": "venue"}
HEAD_KINDS = {"head:who": "author", "head:where": "venue"}
POSITIONS = {"attribute:position_first": 1, "attribute:position_last": -1}
NOT_A_CHAIN = ("time", "instruction", "missing", "value")  # years, rounding, things the graph lacks: the rules' part
BOUNDING_TIMES = ("time:before", "time:after", "time:between")  # words that bound years; others move them
MAX_STEPS = 4  # three hops, and a ranking among the papers reached


def masked(question: str, spans: list[Any]) -> str:
    """The question in lower case with each linked mention written 'zzm'."""
    text = question
    for span in sorted(spans, key=lambda s: -s.start):
        text = text[:span.start] + " zzm " + text[span.end:]
    return text.lower()


def chain_program(question: str, spans: list[Any]) -> tuple[dict[str, Any], list[Any]] | None:
    """(IR, the mentions it uses) for a chain question from one linked mention, optionally narrowed to the
    papers of one named author ('which of the papers that cite T were written by A?'), else None."""
    linked = sorted((s for s in spans if s.candidates), key=lambda s: s.start)
    start, author = _roles(linked)
    if start is None:
        return None
    text = without_notes(masked(question, linked))  # a note '(what it cites)' restates
    tokens = stranded_readings(text, tag(text, load("en")))
    tokens, years = _years_aside(question, linked, tokens)
    tokens = [t for i, t in enumerate(tokens) if not cited_again(tokens, i)]  # ('picked up T and cited it')
    if any(t.family in NOT_A_CHAIN or t.concept == "number" for t in tokens):
        return None
    at = [i for i, t in enumerate(tokens) if t.concept == "mention"][linked.index(start)]
    asked = _asked_kind(tokens)
    links = _links(tokens, at)
    if links and "cites2" in links and not _one_sentence(text, tokens, links["cites_at"], links["cites2_at"]):
        links = None  # 'Whose papers cite A? Give me the citing authors.': the second sentence says it again
    placed = _byline_place(masked(question, linked))
    if links is not None and placed is not None and "position" not in links:
        links["position"] = placed  # 'the person listed first on T': a byline place in the lexicon's patterns
    if asked is None and links and "cites" in links and any(t.concept == "head:which" for t in tokens):
        asked = "paper"  # 'what do the references of T themselves cite?': what is cited is papers
    if asked is None or links is None or author is not None and asked != "paper":
        return None
    if asked == "author" and not _names_people(tokens):
        return None  # a bare 'who cites T?' asks for the citing papers as often as for their authors
    walk = _walk(start.type, asked, links)
    least = 1 if author is not None or set(links) == {"cites", "cites_at"} and start.type == "paper" else 2
    # (one step and an author's papers is a chain of two; one citation step from a paper the rules misread)
    if walk is None or not least <= len(walk) <= MAX_STEPS or not _kinds_on_walk(tokens, walk, start.type):
        return None
    program = ir.match([start.candidates[0].node_id], start.type, start.text)
    for step in walk:
        program = step(program)
        if years and output_kind(program) == "paper" and program.get("op") == "traverse":
            program, years = year_filter(program, years), []  # 'that V published in 2004': the papers reached first
    if years:
        return None
    if author is not None:
        papers = ir.traverse(ir.match([author.candidates[0].node_id], "author", author.text), "writes", "out")
        program = ir.setop("intersect", [program, papers])
    if any(t.concept in ("head:how_many", "operator:count") for t in tokens):
        program = ir.aggregate(program, "count")
    return program, [start] + ([author] if author is not None else [])


def _years_aside(question: str, linked: list[Any], tokens: list[Token]) -> tuple[list[Token], list[Any]]:
    """The tokens without one year restriction ('published in 2004', 'since 2015', 'between 2001 and 2003') and the
    years as the rules read them; the tokens unchanged (and no years) when the question has none or more."""
    import re

    from hgrag.agents.kinds.joins import year_bounded

    years = sorted({int(y) for y in re.findall(r"(?<!\d)(1[89]\d\d|20\d\d)(?!\d)", question)})
    numbers = [i for i, t in enumerate(tokens) if t.concept == "number"]
    if not years or len(years) > 2 or len(numbers) != len(years) or any(not t.text.isdigit() or int(t.text) not in years
                                                                        for t in (tokens[i] for i in numbers)):
        return tokens, []
    read = year_bounded(question, linked, years)
    if not read or len(years) == 2 and isinstance(read[0], int) and not any(t.concept == "time:between" for t in tokens):
        return tokens, []  # two years and no word for a span: not one restriction
    time_words = [i for i, t in enumerate(tokens) if t.family == "time"]
    if any(tokens[i].concept not in BOUNDING_TIMES for i in time_words):
        return tokens, []  # ('the year before 2010': a year moved, not bounded)
    if any(t.family == "time" and not any(abs(i - n) <= 3 for n in numbers) for i, t in enumerate(tokens)) or any(
            t.concept == "attribute:year" and any(0 < w - i <= 2 for w in time_words) for i, t in enumerate(tokens)):
        return tokens, []  # a time word that bounds no year, or moves one ('the year before 2010'): another reading
    dropped = set(numbers) | set(time_words)
    return [t for i, t in enumerate(tokens) if i not in dropped], read


def _one_sentence(text: str, tokens: list[Token], one: int, other: int) -> bool:
    """Are two tokens (indices into `tokens`, tagged from `text`) in one sentence of the text?"""
    import re

    ends, count = [], 0
    for sentence in re.split(r"(?<=[?!.;])\s+", text):
        count += len(tag(sentence, load("en")))
        ends.append(count)
    which = [next((k for k, end in enumerate(ends) if i < end), len(ends)) for i in (one, other)]
    return which[0] == which[1] and ends[-1] == len(tokens)


def _byline_place(text: str) -> int | None:
    """The byline place a lexicon pattern names ('listed first', 'last on the byline'), or None."""
    from hgrag.agents.understanding.cue_words import byline_places

    return next((place for pattern, place in byline_places() if pattern.search(text)), None)


def _names_people(tokens: list[Token]) -> bool:
    """People are asked for in words, not only by 'who': a person noun, a writing verb, a co-author word, an
    author position or a question word asking for owners ('whose work', the lexicon's `owner_heads`)."""
    owners = load("en").extra.get("owner_heads", [])
    return any(t.concept in ("kind:author", "relation:writes", "relation:coauthor") or t.concept in POSITIONS
               or t.text in owners for t in tokens)


def _roles(linked: list[Any]) -> tuple[Any, Any]:
    """(the mention the chain starts from, an author whose papers narrow it, or None)."""
    if len(linked) == 1:
        return linked[0], None
    authors = [s for s in linked if s.type == "author"]
    if len(linked) == 2 and len(authors) == 1:
        return next(s for s in linked if s is not authors[0]), authors[0]
    return None, None


def _asked_kind(tokens: list[Token]) -> str | None:
    """The kind the question asks for: its question word's, or the first kind noun (a co-author word is people).
    A question opening with a fronted phrase ('For the papers T cites, where were they published?') asks from its
    first question word on."""
    if tokens and tokens[0].family == "function":
        heads = [i for i, t in enumerate(tokens) if t.family == "head" and t.concept != "head:aux"]
        asked = _asked_kind(tokens[heads[0]:]) if heads and heads[0] > 0 else None
        if asked is not None:
            return asked
    late = _late_head(tokens) or _free_relative_kind(tokens)
    if late is not None:
        return late
    for i, token in enumerate(tokens):
        if token.concept in HEAD_KINDS:
            return HEAD_KINDS[token.concept]
        if token.concept in KINDS:
            return KINDS[token.concept]
        if token.concept == "relation:coauthor" or token.concept in POSITIONS:
            return "author"
        if token.concept == "mention" and i > 0:
            return None  # (a mention opening the question is its topic: 'T: the authors of the works it cites')
    return None


def _free_relative_kind(tokens: list[Token]) -> str | None:
    """'list what the last author of T has written': the kind the question's head asks, when a command's object is a
    clause (understanding/asked_head)."""
    from hgrag.agents.understanding.asked_head import asked_kind

    body = [t for t in tokens if t.family not in ("function", "filler")]
    commanded = len(body) > 1 and body[0].concept in ("operator:list", "head:command")  # (the clause is the object
    return asked_kind(tokens) if commanded and body[1].concept in ("head:which", "general:everything") else None
    # of a command: 'list what …'; a question's own 'what' after a fronted phrase is read apart)


def _late_head(tokens: list[Token]) -> str | None:
    """'the papers citing T, what venues did they appear in?', 'Papers cited by T appeared in which venues?': a
    question word of a kind after a fronted phrase that holds the mention asks, not the fronted phrase's noun (a
    question word right after a kind noun is a relative pronoun: 'the authors who cite T')."""
    mention = next((i for i, t in enumerate(tokens) if t.concept == "mention"), None)
    if mention is None or not any(t.concept in KINDS for t in tokens[:mention]):
        return None
    for i in range(mention + 1, len(tokens)):
        if tokens[i].concept in HEAD_KINDS and tokens[i - 1].concept not in KINDS:
            return HEAD_KINDS[tokens[i].concept]
    return None


def _links(tokens: list[Token], at: int) -> dict[str, Any] | None:
    """The links the question takes: {'position': 1|-1, 'cites': 'in'|'out', 'coauthor': True}; None when a
    link is named twice or its direction cannot be told."""
    links: dict[str, Any] = {}
    ranked = _ranked(tokens)
    if ranked:
        links["rank"], links["rank_key"] = ranked[0], ranked[2]
    for i, token in enumerate(tokens):
        if i in ranked[1:]:
            continue  # 'most cited': a ranking by citation count, not a citation link
        if token.concept in POSITIONS:
            if "position" in links:
                return None
            links["position"], links["position_at"] = POSITIONS[token.concept], i
        elif token.concept == "relation:cites":
            if "cites" in links and (restates_citation(tokens, i) or links["cites"] == "in" and i > at
                                     and _cites_it_back(tokens, i)):
                continue  # 'point back to T in their references', '… by citing it', 'building on T: … citing it'
            if "cites" in links and "cites2" not in links and i == links["cites_at"] + 1 and (i < at) == (
                    links["cites_at"] < at):
                continue  # 'the references cited by T': two words of one citation step
            if "cites" in links and "cites2" not in links and links["cites_at"] < at and i == at + 1 and not any(
                    t.concept == "kind:paper" for t in tokens[links["cites_at"] + 1:at]):
                links["cites"] = _cite_direction(tokens, i, at)  # 'which references T cited': T's verb says which way
                continue
            if "cites2" in links or "cites" in links and (links["cites_at"] < at) == (i < at) and not any(
                    t.concept == "kind:paper" for t in tokens[links["cites_at"] + 1:i]):
                return None  # two citation words on one side of the paper with no papers between: one step
            key = "cites2" if "cites" in links else "cites"  # 'the references of T themselves cite': two steps
            links[key], links[f"{key}_at"] = _cite_direction(tokens, i, at), i
        elif token.concept == "relation:coauthor":
            links["coauthor"] = True
    return links


RANKS = {"operator:max": "max", "operator:mostly": "max", "operator:min": "min"}
CITATION_WORDS = ("relation:cites", "attribute:citations")
YEAR_RANKS = {"operator:first": "min", "operator:last": "max"}  # 'their first paper', 'the latest work'


def _ranked(tokens: list[Token]) -> tuple:
    """('max'|'min', index of the ranked word, key) for 'the most cited paper', 'the most highly cited work', 'the
    highest citation count' (by citation count) and 'their very first paper', 'the latest work' (by year); ()
    when the question ranks nothing."""
    for i, token in enumerate(tokens):
        if token.concept in RANKS:
            for j in range(i + 1, min(i + 3, len(tokens))):
                if tokens[j].concept in CITATION_WORDS:
                    return RANKS[token.concept], j, "cited_by_count"
                if tokens[j].concept == "kind:paper":  # 'who has published the most papers': people ranked
                    return RANKS[token.concept], j, "n_papers"
                if tokens[j].family != "general":
                    break
        if token.concept in YEAR_RANKS and i + 1 < len(tokens) and tokens[i + 1].concept == "kind:paper":
            return YEAR_RANKS[token.concept], i + 1, "year"
    return ()


def _cite_direction(tokens: list[Token], i: int, at: int) -> str:
    """'papers citing T', 'works that cite T', 'papers citing work by A': T (A's work) is cited (in); 'the
    references of T', 'papers that T cites', 'papers cited by T': T cites them (out). A kind noun between the
    citation word and the mention is the cited thing, owned by the mention; one right before it names it."""
    if i > at and _cites_it_back(tokens, i):  # 'papers building on A's work by citing one of their papers'
        return "in"
    if i > at:  # 'the papers T cites'; but 'how often was T cited?' (T the passive's subject) is cited
        return "in" if _passive_subject(tokens, i, at) else "out"
    between = tokens[i + 1:at]
    if between and between[0].concept in ("function:by", "function:in"):
        return "out"  # 'cited by T', 'cited in A's papers': the mention is the citing side
    lists = load("en").extra.get("citation_words", {}).get("reference_list_nouns", ())
    if between and between[0].concept == "function:of" and tokens[i].text in lists:
        return "out"  # 'the references of papers by A', 'the reference list of T': what they cite
    if tokens[i].text in load("en").extra.get("citation_words", {}).get("active_cite_verbs", ()):
        return "in"  # 'papers that cite any of A's papers': the verb's object is cited ('of' is partitive)
    if any(t.family == "kind" for t in between[:-1]):
        return "in"  # 'cite papers by A', 'cite any publication of A': A's papers are the cited ones
    return "out" if any(t.concept in ("function:by", "function:of") for t in between) else "in"


def _cites_it_back(tokens: list[Token], i: int) -> bool:
    """An active citing verb after the mention whose object points back at it ('… by citing one of their papers',
    '… citing it'): the mention's side is cited."""
    words = load("en").extra.get("citation_words", {})
    back = set(words.get("citing_pronouns", ())) | set(load("en").extra.get("anaphors", {}).get("possessive", []))
    return tokens[i].text in words.get("active_cite_verbs", ()) and any(t.text in back for t in tokens[i + 1:i + 5])


def _passive_subject(tokens: list[Token], i: int, at: int) -> bool:
    """Is the mention the subject of a passive citation verb ('was T ever cited', not 'are in T cited')? A
    participle of the lexicon's citation words after it, a 'be' form before it, no preposition right before it."""
    words = load("en").extra.get("citation_words", {})
    before = tokens[at - 1] if at > 0 else None
    perfect = [t.text for t in tokens[at + 1:i]]  # 'the papers A has cited': the perfect of an active verb
    if perfect and perfect[-1] in words.get("do_auxiliaries", ()) and perfect[-1] not in words.get("list_auxiliaries", ()):
        return False
    auxiliaries = set(words.get("be_forms", ())) | set(words.get("do_auxiliaries", ())) | set(words.get("hedges", ()))
    if perfect and perfect[-1] in words.get("be_forms", ()) and tokens[i].text in words.get("cited_participles", ()) \
            and all(w in auxiliaries for w in perfect):
        return True  # 'which papers has A been cited by': A is the passive's subject
    return tokens[i].text in words.get("cited_participles", ()) \
        and any(t.text in words.get("be_forms", ()) for t in tokens[:at]) \
        and not (before is not None and before.family == "function" and before.concept != "function:the")


def _walk(start: str, asked: str, links: dict[str, Any]) -> list[Any] | None:
    """The steps from the mention's type through the named links to the asked kind, in the one order the
    graph allows, or None when they do not fit together."""
    steps, here = [], start
    position_last = "cites" in links and "position_at" in links and links["position_at"] < links["cites_at"]
    if "position" in links and not position_last:  # 'papers citing the first author of T' (rare): the place first
        if here != "paper" or links.get("cites"):
            return None
        steps.append(lambda p, pos=links["position"]: ir.traverse(p, "writes", "in", pos))
        here = "author"
    if "cites" in links:
        if here == "venue":
            steps.append(lambda p: ir.traverse(p, "published_in", "in"))
        elif here == "author":  # 'papers citing work by A': A's papers, then the citation
            steps.append(lambda p: ir.traverse(p, "writes", "out"))
        elif here != "paper":
            return None
        steps.append(lambda p, d=links["cites"]: ir.traverse(p, "cites", d))
        if "cites2" in links:
            steps.append(lambda p, d=links["cites2"]: ir.traverse(p, "cites", d))
        here = "paper"
    if "position" in links and position_last:  # 'the lead authors of the papers that cite T': the outer word last
        steps.append(lambda p, pos=links["position"]: ir.traverse(p, "writes", "in", pos))
        here = "author"
    if links.get("coauthor"):
        if links.get("rank_key") == "year":
            return None  # 'co-authors on their first paper': ranking the person's own papers is another walk
        if here == "paper" and "position" not in links:
            return None  # 'co-authors of T' are its authors: a one-step reading of the rules
        if here != "author":
            return None
        steps.append(_coauthors)
    if links.get("rank_key") == "n_papers":  # 'among the authors of T, who published the most papers?'
        steps = _to_kind(steps, here, asked)
        if asked != "author" or steps is None:
            return None
        return steps + [lambda p, order=links["rank"]: ir.top(p, "n_papers", order)]
    if links.get("rank_key") == "year" and asked == "author" and here == "paper" \
            and set(links) == {"rank", "rank_key"}:
        steps = _to_kind(steps, here, "author")  # 'among the authors of T, who published their first paper?'
        key = {"min": "first_year", "max": "last_year"}[links["rank"]]
        return steps + [lambda p, k=key, order=links["rank"]: ir.top(p, k, order)]
    if "rank" in links:  # 'the most cited paper of …', 'their first paper': the papers reached, ranked
        if here != "paper" and _to_kind(steps, here, "paper") is None:
            return None
        here = "paper"
        steps.append(lambda p, order=links["rank"], key=links["rank_key"]: ir.top(p, key, order))
    return _to_kind(steps, here, asked)


def _coauthors(program: dict[str, Any]) -> dict[str, Any]:
    return ir.setop("difference", [ir.traverse(ir.traverse(program, "writes", "out"), "writes", "in"), program])


HOPS = {("paper", "author"): [("writes", "in")], ("author", "paper"): [("writes", "out")],
        ("paper", "venue"): [("published_in", "out")], ("venue", "paper"): [("published_in", "in")],
        ("author", "venue"): [("writes", "out"), ("published_in", "out")],
        ("venue", "author"): [("published_in", "in"), ("writes", "in")]}


def _to_kind(steps: list[Any], here: str, asked: str) -> list[Any] | None:
    if here == asked:
        return steps
    hops = HOPS.get((here, asked))
    if hops is None:
        return None
    for edge, direction in hops:
        steps.append(lambda p, e=edge, d=direction: ir.traverse(p, e, d))
    return steps


def _kinds_on_walk(tokens: list[Token], walk: list[Any], start: str) -> bool:
    """Every kind the question names is a kind the walk passes through (a kind named but not walked means
    another reading); the mention's own kind noun ('the paper T') is the mention."""
    program = ir.match(["x"], start)
    kinds = {start}
    for step in walk:
        program = step(program)
        kinds |= {op.get("type") for op in ir.walk(program) if op.get("op") == "match"}
        kinds.add(output_kind(program))
    named = {KINDS[t.concept] for t in tokens if t.concept in KINDS}
    return named <= kinds
