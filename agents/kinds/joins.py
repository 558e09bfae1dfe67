"""The IR of a question about the richer kinds, from what the planner read: each named entity (or
set: a country's institutions, papers about a term) walks the schema to the asked kind; the walks meet
at the first kind they share (an author and a paper meet at their authorship) and go on together. A
named entity the question negates ("not funded by F", "other than I") is left out: the answer is the
join without it minus the join with it. Counts, most/least and yes/no wrap the result.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hgrag.agents.kinds.lexicon import Cue, lexicon
from hgrag.agents.kinds.linking import RichSpan
from hgrag.agents.kinds.schema_paths import VIA_PRIMARY, Step, schema_path
from hgrag.state import plan_ir as ir


PRIMARY_KINDS = ("subfield", "field", "domain")  # a paper is in a field by its primary topic (its field is one)


@dataclass
class Branch:
    """One named entity (or a filtered set) and its walk to the asked kind."""

    op: dict[str, Any]
    kind: str
    path: list[Step]


def build_plan(asked: str, spans: list[Any], named: list[RichSpan], years: list[int],
               found: list[Cue], topical: tuple[dict[str, Any], list[dict[str, Any]]] | None = None,
               yes_no: bool = False, negated: tuple[Any, ...] = (),
               bound: tuple[str, int, str] | None = None, primary_said: bool = False) -> dict[str, Any] | None:
    from hgrag.agents.planning.ir_planner import ir_native_plan
    from hgrag.agents.planning.plan_compiler import mention_dict

    anchors = [s for s in spans if s.candidates and s.type in ("author", "paper", "venue")]
    if _one_topic_of_one_paper(asked, anchors, named, found, yes_no):
        asked = "primary_topic"  # 'which research topic is T classified under': the one topic, its primary
    colleagues = _colleagues_of(asked, anchors, found)  # 'the institutions of A's co-authors'
    plural = set(lexicon().get("plural_topic_words", []))
    every_topic = asked in PRIMARY_KINDS and any(c.group == "topic" and c.text.lower() in plural for c in found) \
        and not primary_said and not any(c.group == "primary_topic" for c in found)  # ('the primary topics …')
    whole = _joined(asked, anchors, list(named), years, topical, colleagues, every_topic)  # ('the fields of the
    # topics assigned to T': each topic's field, not only the primary topic's)
    if whole is None:
        return None
    tree, branches = whole
    if negated:  # the join without the negated entities, minus the join with them
        kept = _joined(asked, [s for s in anchors if s not in negated], [s for s in named if s not in negated],
                       years, topical, colleagues, every_topic)
        if kept is None:
            return None
        tree = ir.setop("difference", [kept[0], tree])
    if bound is not None:  # 'institutions on more than 3 of A's papers', 'papers with over 12 keywords'
        tree = ir.where(tree, bound[0], bound[2], bound[1])
    if asked == "primary_topic" and not any(s.type == "paper" for s in anchors) and \
            not any(c.group in ("topic", "primary_topic") and c.text.lower() in plural for c in found):
        found = found + [Cue(0, 0, "most", "")]  # the main topic of many papers: their most frequent primary topic
    tree = _operation(tree, found)
    if yes_no:  # 'Was T funded by F?', 'Is K a keyword of T?': does the joined walk reach anything
        tree = ir.test(tree, "nonempty")
    mentions = [mention_dict(s, "subject") for s in anchors] + [s.mention() for s in named] + \
        (topical[1] if topical else [])
    plan = ir_native_plan(tree, mentions, [])
    plan["rationale"] = f"richer-kinds plan: {asked} from " + ", ".join(b.kind for b in branches)
    if negated:
        plan["rationale"] += " (without " + ", ".join(s.text for s in negated) + ")"
    plan["rich_kinds"] = True
    plan["asked_kind"] = asked  # what the question asks for, as the kinds lexicon reads it (the check compares)
    return plan


def _one_topic_of_one_paper(asked: str, anchors: list[Any], named: list[RichSpan], found: list[Cue],
                            yes_no: bool) -> bool:
    """Is one topic (a topic word not in the plural) asked of one named paper, nothing else named? A paper has one
    primary topic; its other topics are several."""
    plural = set(lexicon().get("plural_topic_words", []))
    asking = [c for c in found if c.group == "topic"]
    return asked == "topic" and not yes_no and not named and len(anchors) == 1 and anchors[0].type == "paper" \
        and bool(asking) and all(c.text.lower() not in plural for c in asking) and \
        not any(c.group in ("count", "most", "least") for c in found)


def joined_tree(asked: str, anchors: list[Any], named: list[RichSpan]) -> dict[str, Any] | None:
    """The joined walk of the named entities to `asked`, or None."""
    found = _joined(asked, anchors, named, [], None)
    return found[0] if found else None


def _colleagues_of(asked: str, anchors: list[Any], found: list[Cue]) -> list[Any]:
    """The one named person whose co-authors are the ones asked about ('which countries are A's co-authors
    affiliated in'): a co-author word with one named author, when something else than people is asked."""
    people = [s for s in anchors if s.type == "author"]
    asks_other = asked not in ("coauthor", "author", "paper")
    return people if asks_other and len(people) == 1 and any(c.group == "coauthor" for c in found) else []


def _joined(asked: str, anchors: list[Any], named: list[RichSpan], years: list[int],
            topical: tuple[dict[str, Any], list[dict[str, Any]]] | None,
            colleagues: list[Any] = (), every_topic: bool = False) -> tuple[dict[str, Any], list[Branch]] | None:
    """The walks of the named entities to the asked kind, joined (None when a walk does not exist); `every_topic`:
    a field, subfield or domain is reached through every topic, not only the primary one."""
    primary = asked in VIA_PRIMARY and not every_topic
    target = {"primary_topic": "topic", "coauthor": "author"}.get(asked, asked)
    kinds = {target} | {s.type for s in anchors} | {s.type for s in named}
    through = "institution" in kinds
    people = [s for s in anchors if s.type == "author"] if asked == "coauthor" else []
    if asked == "coauthor" and not people:
        return None  # co-authors of whom?
    branches = []
    for span in list(anchors) + list(named):
        ids = span.ids() if isinstance(span, RichSpan) else [span.candidates[0].node_id]
        by_primary = primary or bool(getattr(span, "primary", False)) or span.type in PRIMARY_KINDS and not every_topic
        if span in colleagues:  # the others on the person's papers, then each of them as a person
            person = ir.match(ids, span.type, span.text)
            others = ir.setop("difference", [_walk(person, _coauthor_path(False) or []), person])
            path = schema_path("author", target, through, by_primary)
            if path is None:
                return None
            branches.append(Branch(others, "author", path))
            continue
        path = _coauthor_path(through) if span in people else schema_path(span.type, target, through, by_primary)
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
            tree = year_filter(tree, years)
    if people:  # co-authors are the others on the shared papers
        tree = ir.setop("difference", [tree, ir.match([p.candidates[0].node_id for p in people], "author")])
    return tree, branches


def _coauthor_path(through: bool) -> list[Step] | None:
    """An author's co-authors: to the papers, then to their authors (through the authorships when an
    institution or country is asked about: the affiliation belongs to one author on one paper)."""
    to_paper, to_people = schema_path("author", "paper", through, False), schema_path("paper", "author", through, False)
    return None if to_paper is None or to_people is None else to_paper + to_people


def year_filter(op: dict[str, Any], years: list[Any]) -> dict[str, Any]:
    """Papers in the years named: one year, a span of two, or the bounds read ('since 2020': [('>=', 2020)])."""
    if isinstance(years[0], tuple):
        for cmp, year in years:
            op = ir.where(op, "year", cmp, year)
        return op
    if len(years) >= 2:
        return ir.where(op, "year", "between", [min(years), max(years)])
    return ir.where(op, "year", "=", years[0])


def year_bounded(question: str, spans: list[Any], years: list[int]) -> list[Any]:
    """The years as the question bounds them ('since 2020', 'from 2023 onwards', 'before 2015': [(cmp, year)]),
    read as the rules read them (planning/composition_time.year_bounds); the years themselves when none is read."""
    from hgrag.agents.planning.composition_time import symbolic_text, year_bounds

    if not years:
        return years
    symbolic = symbolic_text(question, [s for s in spans if getattr(s, "candidates", None)], years)
    bounds = year_bounds(symbolic, symbolic, years)
    return bounds if bounds and any(cmp != "=" for cmp, _ in bounds) else years


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
        papers = year_filter(_walk(first.op, first.path[:cut]), years)
        first.op, first.kind, first.path = papers, "paper", first.path[cut:]
        return first
    to_paper = schema_path(first.kind, "paper", through, primary)
    onward = schema_path("paper", target, through, primary)
    if to_paper is None or onward is None:
        return None
    return Branch(year_filter(_walk(first.op, to_paper), years), "paper", onward)


def _join(branches: list[Branch]) -> dict[str, Any]:
    """Fold the walks pairwise: the walk so far and the next one meet at the first kind they share
    (A's and T's walks at their authorship, that one and I's at the institution), are intersected
    there and go on together."""
    current = branches[0]
    for branch in branches[1:]:
        ours = [current.kind] + [k for _, _, k in current.path]
        theirs = [branch.kind] + [k for _, _, k in branch.path]
        shared = 0
        while shared < min(len(ours), len(theirs)) and ours[-1 - shared] == theirs[-1 - shared]:
            shared += 1
        shared = max(shared, 1)
        if _distinct_named(current.op, branch.op) and current.kind == branch.kind:
            shared = 1  # 'the keywords T1 and T2 share': two named things meet where their walks end, not as themselves
        cut_ours, cut_theirs = len(current.path) - shared + 1, len(branch.path) - shared + 1
        met = ir.setop("intersect", [_walk(current.op, current.path[:cut_ours]), _walk(branch.op, branch.path[:cut_theirs])])
        current = Branch(met, ours[len(ours) - shared], current.path[cut_ours:])
    return _walk(current.op, current.path)


def _distinct_named(one: dict[str, Any], other: dict[str, Any]) -> bool:
    """Two named entities (matches) with no node in common."""
    return one.get("op") == other.get("op") == "match" and not set(one.get("ids") or []) & set(other.get("ids") or [])


def _operation(tree: dict[str, Any], found: list[Cue]) -> dict[str, Any]:
    groups = [c.group for c in found]
    if "count" in groups:
        return ir.aggregate(tree, "count")
    if "most" in groups:
        return ir.top(tree, "frequency", "max")
    if "least" in groups:
        return ir.top(tree, "frequency", "min")
    return tree
