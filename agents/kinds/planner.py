"""The planner of questions about the richer OpenAlex kinds (issue 22).

It reads a question as: the kind asked for (the first kind word: "Which institutions ...", "Who ...",
"What topics ..."), the entities named (authors, papers, venues linked as usual; institutions, topics,
keywords, funders linked by the richer index), years, and count / most / least cues (all words from
agents/lexicon_graph_kinds.json). Each named entity walks the schema to the asked kind; the walks meet
at the first kind they share (an author and a paper meet at their authorship, so "the institutions of
A on T" are A's affiliations on T) and continue together. The plan is ordinary IR.

Questions with no richer kind in them are not this planner's (it returns None); on a graph without
the richer kinds (DBLP) a question asking for one gets "the DBLP graph holds no ..." instead.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from hgrag.agents.kinds.countries import country_spans
from hgrag.agents.kinds.lexicon import Cue, cues, lexicon, phrase_in
from hgrag.agents.kinds.linking import RichSpan, retyped, rich_spans
from hgrag.agents.kinds.schema_paths import VIA_PRIMARY, Step, schema_path
from hgrag.agents.kinds.topical import term_branch, topical_term
from hgrag.state import plan_ir as ir
from hgrag.tools.graph_kinds import KIND_FAMILY, holds_none
from hgrag.tools.rich_index import rich_index
from hgrag.tools.text import norm_key

KIND_WORDS = ("institution", "primary_topic", "topic", "subfield", "field", "domain", "keyword", "funder",
              "coauthor", "author", "paper", "venue")


@dataclass
class Branch:
    """One named entity (or a filtered set) and its walk to the asked kind."""

    op: dict[str, Any]
    kind: str
    path: list[Step]


def asked_kind(found: list[Cue], asking: str = "") -> str | None:
    """The first kind word; a question word gives way to a verb of its clause that says otherwise ('who
    funded' asks for funders), and with no kind word a verb may say it ('what did I publish': papers).
    A topic asked with a primary modifier ('main topic', 'mainly classified under') is the primary topic."""
    words = lexicon()
    kinds = [c for c in found if c.group in KIND_WORDS]
    if not kinds:
        verbs = [kind for verb, kind in words.get("verb_asks", {}).items() if phrase_in(verb, asking)]
        return verbs[0] if verbs else None
    first = next((c for c in kinds if not _names_mention(c, asking)), kinds[0])
    roles = words.get("wh_roles", {}).get(first.text.lower(), {})
    after = asking[first.end:] if asking else ""
    kind = next((k for verb, k in roles.items() if phrase_in(verb, after) and not phrase_in(f"{verb} by", after)),
                first.group)
    if kind == "topic" and any(phrase_in(m, asking) for m in words.get("primary_modifiers", [])):
        return "primary_topic"
    return kind


def _names_mention(cue: Cue, asking: str) -> bool:
    """'the paper T': a kind word right before a linked name says what the name is; it asks nothing."""
    from hgrag.agents.question_check import MENTION_HOLE

    return asking[cue.end:].lstrip(" \"'“‘").startswith(MENTION_HOLE.strip())


def graph_name(dataset: str) -> str:
    return (dataset or "this").split("-")[0].upper() if dataset else "this"


def plan_kinds(question: str, spans: list[Any], years: list[int], resources: Any) -> dict[str, Any] | None:
    """The plan of a question about the richer kinds; None when the question has none of them."""
    index = rich_index(resources.store)
    if not index:
        found = cues(asking_text(question, spans))
        rich_asked = [c for c in found if c.group in lexicon()["asks_kind"]]
        return _holds_none(rich_asked[0].group, resources) if rich_asked else None
    named = [s for s in rich_spans(question, [], index) if not _is_cue(s.text)]
    spans, named = resolve(question, spans, named)
    named = [_typed_kind(question, s) for s in named]
    countries = country_spans(question, [], resources.store)
    spans = [s for s in spans if not _is_country_name(s, countries)]  # 'in Saudi Arabia' is no author
    named = _longer_first(named, country_spans(question, [(s.start, s.end) for s in spans], resources.store))
    asking = asking_text(question, spans)
    found = cues(asking)
    named = [s for s in named if norm_key(s.text) in norm_key(asking) and not in_title_run(question, s)]
    found = [c for c in found if c.group not in lexicon()["asks_kind"] or _written_as_a_word(question, c.text)]
    rich_asked = [c for c in found if c.group in lexicon()["asks_kind"]]
    term = topical_term(asking_text(question, list(spans) + list(named)))
    if term and not _asks_papers_about(question, found, term):
        term = None
    topical = term_branch(term, index) if term else None
    if term and topical is None and not rich_asked and not named:
        return by_embedding(question, term, spans, years, found, resources)
    if not rich_asked and not topical and not any(_names_alone(s) or s.country for s in named):
        return None
    asked = asked_kind(found, asking) or (named[0].type if named else "paper" if topical else None)
    if asked is None:
        return None
    plan = build_plan(asked, spans, named, years, found, topical)
    if plan is not None and topical:
        plan["topical"] = {"term": term, "ranked_by": "topic and keyword edges",
                           "note": f"papers about '{term}' found by their topic and keyword edges"}
        plan["rationale"] += f"; papers about {term!r} by their topic and keyword edges"
    return plan


def by_embedding(question: str, term: str, spans: list[Any], years: list[int], found: list[Cue],
                 resources: Any) -> dict[str, Any] | None:
    """Papers about a term no topic or keyword names: the papers the rest of the question asks for,
    the five closest to the term by the embedding of title + abstract (the plan says so)."""
    from hgrag.agents.kinds.topical import embedding_ranked
    from hgrag.tools.ir_exec import execute

    if asked_kind(found, asking_text(question, spans)) != "paper" or not [s for s in spans if s.candidates] or \
            any(c.group in ("count", "most", "least") for c in found):
        return None
    plan = build_plan("paper", spans, [], years, found)
    if plan is None:
        return None
    value = execute(resources.store, plan["ir"], evidence=False).value
    papers = list(value.data) if value.kind == "nodes" else []
    top = embedding_ranked(term, papers, resources)
    if not top:
        return None
    plan["ir"] = ir.where(plan["ir"], "id", "in", top)
    plan["topical"] = {"term": term, "ranked_by": "embedding of title + abstract (no topic or keyword names it)",
                       "note": f"no topic or keyword names '{term}': these are the {len(top)} closest to it by the "
                               "embedding of title + abstract, not a graph fact"}
    plan["rationale"] += f"; the {len(top)} papers closest to {term!r} by the embedding of title + abstract"
    plan["not_graph_fact"] = True  # a similarity ranking is never a verified answer
    return plan


def in_title_run(question: str, span: Any) -> bool:
    """A name inside a run of capitalised words ('Shale Gas' in 'Overview on Shale Gas Plays') is part
    of a title (maybe misspelt, so not linked), not a name of its own."""
    before = re.findall(r"[\w’'-]+", question[:span.start])
    after = re.findall(r"[\w’'-]+", question[span.end:])
    cap = [w[:1].isupper() for w in (before[-1:] + after[:1])]
    sentence_start = not before or question[:span.start].rstrip()[-1:] in ".?!:;\"'“‘"
    return any(cap[len(before[-1:]):]) or (bool(before) and cap[0] and not sentence_start)


def _written_as_a_word(question: str, phrase: str) -> bool:
    """A kind word counts when written in lower case (or opening the question): 'Oil Fields' in a
    capitalised title is part of the title, not a question about fields."""
    lowered = phrase.lower()
    return bool(re.search(rf"(?<![\w-]){re.escape(lowered)}(?![\w-])", question)) or \
        question.strip().lower().startswith(lowered)


def _names_alone(span: Any) -> bool:
    """An institution or funder of several words is a question about the richer kinds by itself
    ("Who from King Abdullah University of Science and Technology published in V?")."""
    return span.type in ("institution", "funder") and len(span.text.split()) >= 2


def _asks_papers_about(question: str, found: list[Cue], term: str) -> bool:
    """A topical term counts when the question asks for papers (or people, venues) before the cue
    and the term is not the tail of a capitalised title ('Evaluation on Performance of ...')."""
    topical = [c for c in found if c.group == "topical"]
    if not topical:
        return False
    asked_before = [c for c in found if c.group in KIND_WORDS and c.start < topical[0].start]
    at = question.lower().find(term.lower())
    before = re.findall(r"[\w’'-]+", question[:at]) if at >= 0 else []
    cue_word = before[-1] if before else ""
    preceding = before[-2] if len(before) >= 2 else ""
    return bool(asked_before) and at >= 0 and not (preceding[:1].isupper() and cue_word.islower()
                                                   and len(before) > 2)


def resolve(question: str, spans: list[Any], named: list[RichSpan]) -> tuple[list[Any], list[RichSpan]]:
    """Where a richer name and a linked author/paper/venue overlap, the longer one stays; of two
    alike, the richer name stays when a word of its kind comes just before it ("funded by F")."""
    kept_spans, kept_named = list(spans), []
    for rich in named:
        rivals = [s for s in kept_spans if s.start < rich.end and rich.start < s.end]
        longer = all(rich.end - rich.start > s.end - s.start for s in rivals)
        typed = _typed_before(question, rich)
        if not rivals or longer or (typed and all(rich.end - rich.start >= s.end - s.start for s in rivals)):
            kept_spans = [s for s in kept_spans if s not in rivals]
            kept_named.append(rich)
    return kept_spans, kept_named


def _is_country_name(span: Any, countries: list[RichSpan]) -> bool:
    """A linked author named exactly as a country ('Saudi Arabia') is read as the country."""
    return span.type == "author" and any(c.start == span.start and c.end == span.end for c in countries)


def _longer_first(named: list[RichSpan], countries: list[RichSpan]) -> list[RichSpan]:
    """Names and country names together; where they overlap the longer stays ('United Kingdom' over the
    keyword 'Kingdom', the institution 'University of Sweden' over 'Sweden')."""
    def length(span: RichSpan) -> int:
        return span.end - span.start

    def beaten(span: RichSpan, others: list[RichSpan], strict: bool) -> bool:
        return any(o.start < span.end and span.start < o.end and
                   (length(o) > length(span) if strict else length(o) >= length(span)) for o in others)
    kept = [s for s in named if not beaten(s, countries, True)] + [c for c in countries if not beaten(c, named, False)]
    return sorted(kept, key=lambda s: s.start)


def _typed_kind(question: str, rich: RichSpan) -> RichSpan:
    """A name of several kinds is read as the kind a word just before it names ('funded by F')."""
    before = [c for c in cues(question[:rich.start]) if c.end >= len(question[:rich.start].rstrip()) - 4]
    kinds = {h.node_type for h in rich.alternatives}
    typed = [c.group for c in before if c.group in kinds]
    return retyped(rich, typed[-1]) if typed else rich


def _typed_before(question: str, rich: RichSpan) -> bool:
    before = [c for c in cues(question[:rich.start]) if c.end >= len(question[:rich.start].rstrip()) - 4]
    family = {"primary_topic": "topic"}
    return any(family.get(c.group, c.group) == rich.type or (c.group == "funder" and rich.type == "funder")
               for c in before)


def asking_text(question: str, spans: list[Any]) -> str:
    """The clauses of the question that ask, lower case, linked names cut out."""
    from hgrag.agents.question_check import ASKS, CLAUSE_BREAK, MENTION_HOLE, asking_part

    text = question
    for span in sorted(spans, key=lambda s: -s.start):
        text = text[:span.start] + MENTION_HOLE + text[span.end:]
    kept = asking_part(text.lower())
    clauses = [c for c in CLAUSE_BREAK.split(kept) if c.strip()]
    asking = [c for c in clauses if ASKS.search(c.strip())]
    return " ".join(asking) if asking else kept


def _is_cue(text: str) -> bool:
    """A name that is only a word of the lexicon ("Funding", "Field") is read as that word."""
    return any(c.start == 0 and c.end == len(text) for c in cues(text))


def _holds_none(group: str, resources: Any) -> dict[str, Any]:
    from hgrag.agents.retrieval_agent import unsupported_plan

    kind = "topic" if group == "primary_topic" else group
    sentence = holds_none(kind, graph_name(getattr(resources, "dataset", "")))
    plan = unsupported_plan(sentence[:1].upper() + sentence[1:] + ".")
    plan["rich_kind"] = KIND_FAMILY[kind]
    return plan


def build_plan(asked: str, spans: list[Any], named: list[RichSpan], years: list[int],
               found: list[Cue], topical: tuple[dict[str, Any], list[dict[str, Any]]] | None = None
               ) -> dict[str, Any] | None:
    from hgrag.agents.ir_planner import ir_native_plan
    from hgrag.agents.plan_compiler import mention_dict

    primary = asked in VIA_PRIMARY
    target = {"primary_topic": "topic", "coauthor": "author"}.get(asked, asked)
    anchors = [s for s in spans if s.candidates and s.type in ("author", "paper", "venue")]
    kinds = {target} | {s.type for s in anchors} | {s.type for s in named}
    through = "institution" in kinds
    people = [s for s in anchors if s.type == "author"] if asked == "coauthor" else []
    if asked == "coauthor" and not people:
        return None  # co-authors of whom?
    branches = []
    for span in list(anchors) + list(named):
        ids = span.ids() if isinstance(span, RichSpan) else [span.candidates[0].node_id]
        path = _coauthor_path(through) if span in people else schema_path(span.type, target, through, primary)
        if path is None:
            return None
        branches.append(Branch(ir.match(ids, span.type, span.text), span.type, path))
    ranked = topical is not None and target == "paper"  # papers about X: ranked by their topic/keyword edges
    if topical is not None and not ranked:
        path = schema_path("paper", target, through, primary)
        if path is None:
            return None
        branches.append(Branch(topical[0], "paper", path))
    if not branches and not ranked:
        return None
    if years and branches:
        year_branch = _year_branch(branches[0], years, target, through, primary)
        if year_branch is None:
            return None
        if year_branch is not branches[0]:
            branches.append(year_branch)
    tree = _join(branches) if branches else None
    if ranked:  # a filter keeps how many topic/keyword edges reach each paper (an intersection would not)
        tree = topical[0] if tree is None else ir.where(topical[0], "id", "in", sub=tree)
        if years and not branches:
            tree = _year_filter(tree, years)
    if people:  # co-authors are the others on the shared papers
        tree = ir.setop("difference", [tree, ir.match([p.candidates[0].node_id for p in people], "author")])
    if asked == "primary_topic" and not any(s.type == "paper" for s in anchors):
        found = found + [Cue(0, 0, "most", "")]  # the main topic of many papers: their most frequent primary topic
    tree = _operation(tree, found)
    mentions = [mention_dict(s, "subject") for s in anchors] + [s.mention() for s in named] + \
        (topical[1] if topical else [])
    plan = ir_native_plan(tree, mentions, [])
    plan["rationale"] = f"richer-kinds plan: {asked} from " + ", ".join(b.kind for b in branches)
    plan["rich_kinds"] = True
    return plan


def _coauthor_path(through: bool) -> list[Step] | None:
    """An author's co-authors: to the papers, then to their authors (through the authorships when an
    institution or country is asked about: the affiliation belongs to one author on one paper)."""
    to_paper, to_people = schema_path("author", "paper", through, False), schema_path("paper", "author", through, False)
    return None if to_paper is None or to_people is None else to_paper + to_people


def _year_filter(op: dict[str, Any], years: list[int]) -> dict[str, Any]:
    if len(years) >= 2:
        return ir.where(op, "year", "between", [min(years), max(years)])
    return ir.where(op, "year", "=", years[0])


def _walk(op: dict[str, Any], steps: list[Step]) -> dict[str, Any]:
    for edge, direction, _ in steps:
        op = ir.traverse(op, edge, direction)
    return op


def _year_branch(first: Branch, years: list[int], target: str, through: bool, primary: bool) -> Branch | None:
    """Years restrict papers: on the first entity's walk where it passes papers, else as papers of
    the first entity in those years that join the walks ("A's institutions in 2020")."""
    kinds = [first.kind] + [kind for _, _, kind in first.path]
    if "paper" in kinds:
        cut = kinds.index("paper")
        papers = _year_filter(_walk(first.op, first.path[:cut]), years)
        first.op, first.kind, first.path = papers, "paper", first.path[cut:]
        return first
    to_paper = schema_path(first.kind, "paper", through, primary)
    onward = schema_path("paper", target, through, primary)
    if to_paper is None or onward is None:
        return None
    return Branch(_year_filter(_walk(first.op, to_paper), years), "paper", onward)


def _join(branches: list[Branch]) -> dict[str, Any]:
    """Walk each branch to the first kind all remaining walks share, intersect, walk on together."""
    sequences = [[b.kind] + [k for _, _, k in b.path] for b in branches]
    shared = len(sequences[0])
    for seq in sequences[1:]:
        common = 0
        while common < min(len(seq), shared) and seq[-1 - common] == sequences[0][-1 - common]:
            common += 1
        shared = min(shared, common)
    parts = [_walk(b.op, b.path[:len(b.path) - shared + 1]) for b in branches]
    first = branches[0]
    rest = first.path[len(first.path) - shared + 1:]
    return _walk(ir.setop("intersect", parts), rest)


def _operation(tree: dict[str, Any], found: list[Cue]) -> dict[str, Any]:
    groups = [c.group for c in found]
    if "count" in groups:
        return ir.aggregate(tree, "count")
    if "most" in groups:
        return ir.top(tree, "frequency", "max")
    if "least" in groups:
        return ir.top(tree, "frequency", "min")
    return tree
