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
from typing import Any

from hgrag.agents.kinds.asking import (KIND_WORDS, asked_kind, asked_parts, hole_types, negated_spans, negation_words,
                                      wh_role_kind,
                                       part_label, primary_modifier, threshold)
from hgrag.agents.kinds.countries import country_spans
from hgrag.agents.kinds.attributes import attribute_kind, with_asked_attribute
from hgrag.agents.kinds.placed import byline_placed
from hgrag.agents.kinds.lexicon import Cue, cues, lexicon
from hgrag.agents.kinds.linking import RichSpan, retyped, rich_spans
from hgrag.agents.kinds.named_kind import kinds_around, two_kinds_named, two_readings_text
from hgrag.agents.kinds.joins import build_plan, year_bounded
from hgrag.agents.linking.spelling import correct_text
from hgrag.agents.kinds.topical import term_branch, topical_term
from hgrag.state import plan_ir as ir
from hgrag.agents.understanding.signature import output_kind
from hgrag.tools.graph_kinds import KIND_FAMILY, holds_none
from hgrag.tools.rich_index import rich_index
from hgrag.tools.text import norm_key



def _modified_by_primary(asking: str, cue: Cue) -> bool:
    """Does a primary modifier stand right before the cue ('the primary topics')?"""
    before = asking[:cue.start].split()
    return bool(before) and primary_modifier(before[-1])


def graph_name(dataset: str) -> str:
    return (dataset or "this").split("-")[0].upper() if dataset else "this"


def plan_kinds(question: str, spans: list[Any], years: list[int], resources: Any) -> dict[str, Any] | None:
    """The plan of a question about the richer kinds; None when the question has none of them."""
    index = rich_index(resources.store)
    if not index:
        asking = asking_text(question, spans)
        found = cues(asking)
        rich_asked = [c.group for c in found if c.group in lexicon()["asks_kind"]] + \
            [k for k in [wh_role_kind(found, asking)] if k]  # 'where does A work': institutions, by the verb
        return _holds_none(rich_asked[0], resources) if rich_asked else None
    named = [s for s in rich_spans(question, [], index) if not _is_cue(s.text)]
    if two_kinds_named(question, spans, named):  # 'outside Mathematics': the journal or the field
        from hgrag.agents.planning.plan_basics import unsupported_plan
        return unsupported_plan(two_readings_text(two_kinds_named(question, spans, named)))
    spans, named = resolve(question, spans, named)
    named = [_typed_kind(question, s) for s in named]
    countries = country_spans(question, [], resources.store)
    spans = [s for s in spans if not _is_country_name(s, countries)]  # 'in Saudi Arabia' is no author
    countries = [c for c in countries if not any(s.start < c.end and c.start < s.end for s in spans)]
    named = _longer_first([s for s in named if not _country_not_typed(question, s, countries)], countries)
    asking_raw = asking_text(question, spans)
    asking = correct_text(asking_raw)  # 'keywrods' read as 'keywords' (the kinds lexicon is in the vocabulary)
    found = cues(asking)
    named = [s for s in named if (norm_key(s.text) in norm_key(asking_raw) or _topic_prefix(question, s))
             and not in_title_run(question, s)]
    found = [c for c in found if c.group not in lexicon()["asks_kind"] or _written_as_a_word(question, c.text)]
    rich_asked = [c for c in found if c.group in lexicon()["asks_kind"]] or attribute_kind(asking)  # ('countries')
    term = topical_term(asking_text(question, list(spans) + list(named)))
    if term and not _asks_papers_about(question, found, term):
        term = None
    topical = term_branch(term, index) if term else None
    if term and topical is None and not rich_asked and not named:
        return by_embedding(question, term, spans, years, found, resources)
    if not rich_asked and not topical and not any(_names_alone(s) or s.country for s in named) \
            and not wh_role_kind(found, asking):  # 'where do they work': institutions, by the verb
        return None
    masked = correct_text(asking_text(question, list(spans) + list(named)))  # every name a hole, typos mended
    asked = asked_kind([c for c in cues(masked) if c.group in KIND_WORDS or c.group in ("count", "most")], masked,
                       hole_types(masked, list(spans) + list(named))) or \
        (named[0].type if named else "paper" if topical else None)
    asked = asked or (rich_asked[0].group if rich_asked and not rich_asked[0].text else None)
    if asked is None:
        return None
    parts = asked_parts(*_sentences_kept(question, masked, list(spans) + list(named)))
    if parts:  # 'the venue and the primary topic of T': one answer per asked thing
        return _two_part(parts, spans, named, years, topical)
    if asked not in ("primary_topic", "topic") and any(c.group == "primary_topic" for c in found):
        for span in named:  # 'papers whose primary topic is X': X by the primary-topic edge
            span.primary = span.type == "topic"
    implied = primary_modifier(asking) and asked not in ("primary_topic", "paper") and "most" not in {c.group for c in found} \
        and not any(c.group == "primary_topic" or c.group == "topic" and _modified_by_primary(asking, c) for c in found)
    # ('the domains of the primary topics of A's papers': each paper's primary topic, not a ranking)
    if implied:
        found = found + [Cue(0, 0, "most", "")]  # 'A's main affiliation': the one on most of A's papers
    yes_no = _asks_yes_no(asking)
    compared = _comparison(masked, spans, named, years, yes_no, resources.store)
    if compared is not None:
        return compared
    if yes_no and named:  # 'Is A affiliated with I on T?': the walks meet where the named richer entity is
        asked = named[-1].type
        if asked == "topic" and (any(c.group == "primary_topic" for c in found) or primary_modifier(asking)):
            asked = "primary_topic"  # 'Is X recorded as the primary topic of T?': T's primary topic holds X
    negated = negated_spans(question, [s for s in spans if s.candidates] + named)
    if not negated and negation_words(masked):
        return None  # a negation this reading does not place: left to the planner that reads exclusions
    plan = build_plan(asked, spans, named, year_bounded(question, spans, years), found, topical, yes_no=yes_no,
                      negated=tuple(negated), bound=threshold(masked),
                      primary_said=primary_modifier(asking) or primary_modifier(question.lower()))
    if implied and asked == "institution" and plan is not None:
        plan = _primary_tested(plan)
        if not _one_person_ranked(plan.get("ir")):
            return _primary_of_many()
    outside_countries = correct_text(asking_text(question, list(spans) + [s for s in named if s.country]))
    plan = byline_placed(with_asked_attribute(plan, outside_countries, yes_no), asking)  # ('the country with code ID')
    if plan is not None and yes_no and output_kind(plan.get("ir")) == "yes/no":
        plan["asked_kind"] = "yes/no"  # ('A worked at I, yes or no?': the test is what is asked)
    if plan is not None and any(getattr(s, "country", None) for s in named):
        plan["country_named"] = True  # 'Is I located in China?': the country's words are the plan's
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
    after = re.findall(r"[\w’'-]+", re.split(r"[.?!;:]", question[span.end:], maxsplit=1)[0])  # this sentence
    cap = [w[:1].isupper() for w in (before[-1:] + after[:1])]
    sentence_start = not before or question[:span.start].rstrip()[-1:] in ".?!:;\"'“‘"
    head = question[:span.start].rstrip()
    opener = bool(before) and re.sub(r"[\w’'-]+$", "", head).rstrip()[-1:] in ("", ".", "?", "!")  # 'Did I …'
    return any(cap[len(before[-1:]):]) or (bool(before) and cap[0] and not sentence_start and not opener)


def _topic_prefix(question: str, span: Any) -> bool:
    """'University of Ibadan: more papers in 2025 or 2024?': a name opening the question before a colon
    is what the question is about."""
    return not question[:span.start].strip(" \"'“‘") and question[span.end:].lstrip(" \"'”’").startswith(":")


def _written_as_a_word(question: str, phrase: str) -> bool:
    """A kind word counts when written in lower case (or opening the question): 'Oil Fields' in a
    capitalised title is part of the title, not a question about fields."""
    lowered = phrase.lower()
    anywhere = re.search(rf"(?<![\w-]){re.escape(lowered)}(?![\w-])", question.lower())
    return not anywhere or bool(re.search(rf"(?<![\w-]){re.escape(lowered)}(?![\w-])", question)) or \
        question.strip().lower().startswith(lowered)  # not anywhere: a typo the speller mended


def _names_alone(span: Any) -> bool:
    """An institution, funder or topic (subfield, field) of several words is a question about the
    richer kinds by itself ("Who from King Abdullah University of Science and Technology published in
    V?", "Top venue for Plant Diversity and Evolution?"); a keyword is too often an ordinary phrase."""
    return span.type in ("institution", "funder", "topic", "subfield", "field") and len(span.text.split()) >= 2


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
    alike, the richer name stays when a word of its kind comes just before it ("funded by F") or the question
    asks about that kind and no other ("does the funding record of T include F?")."""
    kept_spans, kept_named = list(spans), []
    asked = {c.group for c in cues(question.lower()) if c.group in lexicon()["asks_kind"]}
    for rich in named:
        rivals = [s for s in kept_spans if s.start < rich.end and rich.start < s.end]
        longer = all(rich.end - rich.start > s.end - s.start or not s.candidates for s in rivals)  # found beats not
        typed = _typed_before(question, rich) or len(asked) == 1 and asked <= {rich.type} | {h.node_type for h in rich.alternatives}
        if not rivals or longer or (typed and all(len(rich.text) >= len(s.text) for s in rivals)):  # (quotes aside)
            kept_spans = [s for s in kept_spans if s not in rivals]
            kept_named.append(rich)
    return kept_spans, kept_named


def _is_country_name(span: Any, countries: list[RichSpan]) -> bool:
    """A linked author named as (a part of) a country ('Saudi Arabia', 'Arab Emirates') is the country."""
    return span.type == "author" and any(c.start <= span.start and span.end <= c.end for c in countries)


def _country_not_typed(question: str, span: RichSpan, countries: list[RichSpan]) -> bool:
    """A keyword or topic named exactly like a country ('China') is the country, unless a kind word next
    to it says otherwise ('the keyword China')."""
    same = any(c.start == span.start and c.end == span.end for c in countries)
    return same and span.type not in kinds_around(question, span.start, span.end)


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
    """A name of several kinds is read as the kind a word next to it names ('funded by F', 'F funding'),
    else as the only one of its kinds the question names at all ('… among their funders')."""
    kinds = {h.node_type for h in rich.alternatives}
    typed = [k for k in kinds_around(question, rich.start, rich.end) if k in kinds | {rich.type}]
    if typed:
        return retyped(rich, typed[0]) if typed[0] != rich.type else rich
    named = {c.group for c in cues(question, [(rich.start, rich.end)])} & (kinds | {rich.type})
    return retyped(rich, named.pop()) if len(named) == 1 and rich.type not in named else rich


def _typed_before(question: str, rich: RichSpan) -> bool:
    family = {"primary_topic": "topic"}
    kinds = {rich.type} | {h.node_type for h in rich.alternatives}  # ('the field Mathematics': a keyword too)
    return any(family.get(k, k) in kinds for k in kinds_around(question, rich.start, rich.end))


def asking_text(question: str, spans: list[Any]) -> str:
    """The clauses of the question that ask, lower case, linked names cut out."""
    from hgrag.agents.checking.question_clauses import ASKS, CLAUSE_BREAK, MENTION_HOLE, asking_part

    text = question
    for span in sorted(spans, key=lambda s: -s.start):
        text = text[:span.start] + MENTION_HOLE + text[span.end:]
    kept = asking_part(text.lower())
    clauses = [c for c in CLAUSE_BREAK.split(kept) if c.strip()]
    asking = [c for c in clauses if ASKS.search(c.strip())]
    return " ".join(asking) if asking else kept


def _sentences_kept(question: str, masked: str, spans: list[Any]) -> tuple[str, list[str]]:
    """The text whose parts are asked (with the hole kinds): the question with its sentences when one of them states
    a fact before the asking one ('Each paper has a primary topic. Which subfields …?'), else the asking text."""
    from hgrag.agents.kinds.asking import statement_ends

    whole = question
    for span in sorted(spans, key=lambda s: -s.start):
        whole = whole[:span.start] + " zzm " + whole[span.end:]
    whole = correct_text(" ".join(whole.lower().split()))
    text = whole if statement_ends(whole) else masked
    return text, hole_types(text, spans)


def _is_cue(text: str) -> bool:
    """A name that is only a word of the lexicon ("Funding", "Field") is read as that word."""
    return any(c.start == 0 and c.end == len(text) for c in cues(text))


def _holds_none(group: str, resources: Any) -> dict[str, Any]:
    from hgrag.agents.planning.plan_basics import unsupported_plan

    kind = "topic" if group == "primary_topic" else group
    sentence = holds_none(kind, graph_name(getattr(resources, "dataset", "")))
    plan = unsupported_plan(sentence[:1].upper() + sentence[1:] + ".")
    plan["rich_kind"] = KIND_FAMILY[kind]
    return plan


def _one_person_ranked(program: dict[str, Any] | None) -> bool:
    """Does the plan rank what one named person's author entries reach (a primary affiliation is a person's own:
    over the authors of a paper, or several people, it is one per person, which a single ranking does not give)?"""
    tops = [op for op in ir.walk(program or {}) if op.get("op") == "top"]
    if len(tops) != 1:
        return False
    ops = list(ir.walk(tops[0]["input"]))
    people = {i for op in ops if op.get("op") == "match" and op.get("type") == "author" for i in op.get("ids") or []}
    walked_to_people = any(op.get("op") == "traverse" and (op.get("edge"), op.get("direction")) in
                           (("writes", "in"), ("authorship_by", "out")) for op in ops)
    return len(people) == 1 and not walked_to_people and not any(op.get("type") == "paper" for op in ops)


def _primary_tested(plan: dict[str, Any]) -> dict[str, Any]:
    """'Does A have I as primary affiliation?': the ranking of A's institutions must hold I (the joins intersect
    before they rank, which asks whether I is any of A's institutions)."""
    program = plan.get("ir") or {}
    top = program.get("input") or {}
    inner = top.get("input") or {}
    if program.get("op") != "test" or top.get("op") != "top" or inner.get("op") != "intersect":
        return plan
    walks = [i for i in inner["inputs"] if i.get("op") != "match"]
    named = [i for i in inner["inputs"] if i.get("op") == "match"]
    if len(walks) != 1 or len(named) != 1:
        return plan
    from hgrag.agents.answering.interpretation import interpret

    ranked = ir.test(ir.top(walks[0], top.get("key") or "frequency", top.get("order") or "max"), "contains",
                     list(named[0]["ids"]))
    return {**plan, "ir": ranked, "interpretation": interpret(ranked, anchors=plan.get("anchors"))}


def _primary_of_many() -> dict[str, Any]:
    from hgrag.agents.planning.plan_basics import unsupported_plan

    return unsupported_plan("A primary affiliation is one person's own (the institution on most of their papers); I "
                            "give it for one named person at a time, not for each of several people at once.")


def _asks_yes_no(asking: str) -> bool:
    """The question's head asks yes or no (the structural check's reading of it)."""
    from hgrag.agents.understanding.check import asked_kind as head_kind, asking_tokens

    return head_kind(asking_tokens(asking)) == "yes/no"


def _two_part(kinds: list[str], spans: list[Any], named: list[RichSpan], years: list[int],
              topical: Any) -> dict[str, Any] | None:
    """One plan per asked kind over the same named entities, answered together (an `outputs` IR)."""
    from hgrag.agents.planning.ir_planner import ir_native_plan

    plans = [build_plan(kind, spans, named, years, [], topical) for kind in kinds]
    if any(p is None for p in plans):
        return None
    plan = ir_native_plan(ir.outputs([(part_label(k), p["ir"]) for k, p in zip(kinds, plans)]), plans[0]["anchors"], [])
    plan["rationale"] = "richer-kinds plan: " + " and ".join(kinds) + " of the same entities"
    plan["rich_kinds"] = True
    return plan


def _comparison(masked: str, spans: list[Any], named: list[RichSpan], years: list[int],
                yes_no: bool, store: Any) -> dict[str, Any] | None:
    """Two alternatives compared (agents/kinds/compare.py), as a plan; None when the question is no such one."""
    from hgrag.agents.planning.ir_planner import ir_native_plan
    from hgrag.agents.kinds.compare import comparison_tree
    from hgrag.agents.kinds.joins import joined_tree
    from hgrag.agents.planning.plan_compiler import mention_dict

    anchors = [s for s in spans if s.candidates and s.type in ("author", "paper", "venue")]
    found = comparison_tree(masked, anchors, named, years, yes_no, lambda kind, a, n: joined_tree(kind, a, n),
                            lambda tree: _each_once(tree, store))
    if found is None:
        return None
    tree, measure = found
    plan = ir_native_plan(tree, [mention_dict(s, "subject") for s in anchors] + [s.mention() for s in named], [])
    plan["rationale"] = f"richer-kinds comparison of two alternatives by {measure}"
    plan["rich_kinds"] = True
    return plan


def _each_once(tree: dict[str, Any], store: Any) -> dict[str, Any]:
    """The papers a walk reaches, as a match of each once (the IR counts paths; a comparison of how many
    papers counts papers)."""
    from hgrag.tools.ir_exec import execute

    value = execute(store, tree, evidence=False).value
    once = ir.match(sorted(value.data) if value.kind == "nodes" else [], "paper", "")
    return ir.setop("intersect", [tree, once])  # an intersection keeps the smaller count: one each

