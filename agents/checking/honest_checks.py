"""Question-plan checks for free-typed wordings whose misreading gives a confident wrong answer:
a question not in English, a requested field list naming fields the graph lacks, a property
(doi, orcid) asked but not returned, a count of one thing read as a count of another, authors
named but never reached, "the second one" read as both papers, and a paper named only as the
one the asker already has ("I have the doi of X, now I need the one for Y")."""

from __future__ import annotations

import re
from typing import Any

from hgrag.tools.graph_kinds import STANDS_FOR
from hgrag.agents.checking.honest_context import (asking_names_another, back_reference_missed, context_entity_misread,
                                         dismissed_entities, two_read_as_more, unrecorded_yes_no)
from hgrag.state.plan_ir import walk

# Function words of other languages that are not English words (so "die", "was", "des" are left out).
FOREIGN_WORDS = frozenset("""
welchem welcher welche welches wurde wurden wann wieviele wie viele jahr jahre veröffentlicht erschienen
zitiert autor autoren autorin zeitschrift konferenz und oder nicht ist sind hat haben von vom zum zur
dem den einer eines eine einem ich wir sie nach über
quel quelle quels quelles année années qui est été publié publiée publiés combien auteur auteurs revue
dans les avec cette ce sont où pourquoi
qué cuál cuáles año años quién quiénes fue fueron publicado publicada cuántos cuántas autores revista
del por las los sobre dónde
quale quali anno anni chi stato stata pubblicato pubblicata quanti quante autori rivista della degli
qual quais ano anos quem foi publicado quantos quantas autores
""".split()) - frozenset("die was des hat den ist".split())
WORD = re.compile(r"[^\W\d_]+")


def foreign_language(text: str) -> list[str]:
    """'In welchem Jahr wurde zzm veröffentlicht?': two or more function words of another language
    outside the mentions mean the question is not in English, and any reading of it is a guess."""
    words = [w for w in WORD.findall(text.lower()) if w != "zzm"]
    foreign = list(dict.fromkeys(w for w in words if w in FOREIGN_WORDS))
    if len(foreign) >= 2 and len(foreign) * 3 >= len(words):
        return [f"'{' '.join(foreign[:4])}' (the question is not in English; I read only English questions)"]
    return []


FIELD_LIST = re.compile(r"\b(?:return|returns|fields?|columns?)\s*[:=](?!\s*(?:do|does|did|is|are|was|were|has|have|had|can|"
                        r"which|what|who|how|when|where)\b)\s*([^|;:=?]+)")
FIELD_OK = frozenset("""authors author writers year years venue venues journal doi dois orcid orcids title titles
citations citation count counts cited number co-authors coauthors references papers paper publication date first
last name names list id ids type""".split())


def unknown_fields(text: str) -> list[str]:
    """'| return: license, download count': each requested field of a field list must be a field
    the graph holds; 'license' or 'download count' is not, so the list cannot be answered."""
    found = []
    for match in FIELD_LIST.finditer(text):
        for item in re.split(r",|\band\b|/|\+", match.group(1)):
            words = [w for w in WORD.findall(item.lower()) if w not in ("the", "its", "their", "all", "zzm")]
            if words and any(w not in FIELD_OK for w in words):
                found.append(" ".join(words))
    return [f"{f} (not a field the graph holds)" for f in dict.fromkeys(found)]


PROPERTY = re.compile(r"\b(doi|dois|orcid|orcids|orcid id|issn)\b")
YES_NO_ASKED = re.compile(r"^\W*(is|are|was|were|does|do|did|has|have|had)\b(?! (you|u|ya)\b)|\b(whether|or not|yes or no)\b")


def property_not_returned(text: str, ir: dict[str, Any] | None) -> list[str]:
    """'do you have this person's orcid?' read as the person's co-authors, or 'can u give me the doi
    of X' read as whether X has one: an asked identifier must be what the plan returns."""
    match = PROPERTY.search(text)
    if not match or not ir:
        return []
    attr = "orcid" if match.group(1).startswith("orcid") else match.group(1).rstrip("s")
    attr = "issn_l" if attr == "issn" else attr  # venues hold the linking ISSN
    projects = any(op.get("op") == "project" and op.get("attr") == attr for op in walk(ir))
    if not projects:
        return [f"'{match.group(0)}' (my reading does not return it)"]
    if ir.get("op") == "test" and not YES_NO_ASKED.search(text):
        return [f"'{match.group(0)}' (the question asks for it, my reading only says whether there is one)"]
    return []


COUNTED = {"paper": r"papers?|articles?|publications?|works?|pubs?",
           "author": r"authors?|co-?authors?|people|persons?|writers?|collaborators?|researchers?",
           "venue": r"venues?|journals?|conferences?|outlets?"}
COUNT_OF = r"\b(?:how many|number of|count of|total)(?: \w+){{0,2}}? (?:{0})\b|\b(?:{0}) (?:count|total|tally)\b"


def counted_kind_mismatch(text: str, ir: dict[str, Any] | None) -> list[str]:
    """'first author's paper count' read as the number of first authors: what the question counts
    (papers, people, venues) must be what the plan's count counts."""
    from hgrag.agents.understanding.signature import output_kind as returned_kind

    if not ir or ir.get("op") != "aggregate" or ir.get("fn") != "count":
        return []
    counted = returned_kind(ir.get("input"))
    asked = [kind for kind, nouns in COUNTED.items() if re.search(COUNT_OF.format(nouns), text)]
    if counted in COUNTED and asked and counted not in asked:
        return [f"a count of {asked[0]}s (my reading counts {counted}s)"]
    return []


WRITES_EDGES = {"writes", *STANDS_FOR}  # an author entry (OpenAlex affiliations) reaches authors too
AUTHORS_NAMED = re.compile(r"\b(authors|writers|author team|co-?authors|(?:first|last|lead|senior|second) author)\b")


def authors_not_reached(text: str, ir: dict[str, Any] | None) -> list[str]:
    """'where else have the authors published, paper X' read as X's venue: authors the question
    names must be reached by the plan (a writes step, an author count, or a path)."""
    match = AUTHORS_NAMED.search(text)
    if not match or not ir:
        return []
    for op in walk(ir):
        if op.get("op") == "path" or (op.get("op") == "traverse" and op.get("edge") in WRITES_EDGES) \
                or op.get("attr") in ("n_authors", "author") or op.get("key") == "n_authors":
            return []
        if op.get("op") == "match" and op.get("type") == "author":
            return []
    return [f"'{match.group(0)}' (my reading never reaches the authors)"]


ONE_OF_TWO = re.compile(r"\b(the (second|latter|former|first|other|last) (one|paper|article|title|of (the|them|these|those)"
                        r"( two)?)|the latter|the former)\b")


def one_of_two_read_as_both(question: str, ir: dict[str, Any] | None) -> list[str]:
    """'I was skimming A and then B. For the authors of the second one…' read with both papers:
    a pick of one of the two named papers must leave the other out of the plan."""
    match = ONE_OF_TWO.search(question.lower())
    if not match or not ir:
        return []
    papers = {i for op in walk(ir) if op.get("op") == "match" and op.get("type") == "paper" for i in op.get("ids") or []}
    if len(papers) >= 2:
        return [f"'{match.group(0)}' (my reading uses both papers)"]
    return []


ALREADY_HAVE = re.compile(r"\b(already|i've got|i have got|i got)\b[^.;?!]*?\bzzm(\d+)")


def already_known_used(question: str, plan: dict[str, Any]) -> list[str]:
    """'I already have the doi of X, now I need the one for Y': X is what the asker has, so a plan
    that answers about X (alone or with Y) answers what was not asked."""
    from hgrag.agents.checking.mention_use import numbered_holes, used_ids

    anchors = sorted((a for a in plan.get("anchors", []) if a.get("text") and a.get("node_id")),
                     key=lambda a: -len(a["text"]))
    text = numbered_holes(question, [a["text"] for a in anchors]).lower()
    used = used_ids(plan.get("ir"))
    found = []
    for match in ALREADY_HAVE.finditer(text):
        anchor = anchors[int(match.group(2))]
        if re.match(r"\s*'s\b", text[match.end():]) and re.search(r"\b(else|other|others|more|elsewhere)\b",
                                                                    text[match.end():]):
            continue  # "I already know A's V papers. What else did they publish?": A's other papers are asked
        other = re.search(rf"\b(?:one|it|that|same|those|ones) (?:for|of) (?!zzm{match.group(2)}\b)\S", text[match.end():])
        asked_again = len(re.findall(rf"\bzzm{match.group(2)}\b", text)) > 1 and re.search(
            rf"[.?!;]\s[^.?!;]*\bzzm{match.group(2)}\b[^.?!;]*\?", text)  # named again in the asking sentence
        if (len(anchors) >= 2 or other) and not asked_again and \
                {anchor.get("node_id"), *(anchor.get("candidates") or [])} & used:
            found.append(f"'{anchor['text']}' (the question says it is already known)")
    return found


def honest_parts(text: str, question: str, plan: dict[str, Any]) -> list[str]:
    """All the checks of this module: `text` is the asking part of the residue (mentions cut out)."""
    ir, whole = plan.get("ir"), _whole_residue(question, plan)
    return (foreign_language(_without_mentions(question, plan)) + unknown_fields(text) + property_not_returned(text, ir)
            + counted_kind_mismatch(text, ir) + authors_not_reached(text, ir)
            + one_of_two_read_as_both(question, ir) + already_known_used(question, plan)
            + venue_inside_title(question, plan) + year_read_as_span(whole, ir)
            + unlinked_topic_prefix(question, plan) + trailing_subject_unused(question, plan)
            + venue_not_linked(whole, ir) + others_read_as_position(text, ir)
            + context_entity_misread(question, plan) + dismissed_entities(question, plan)
            + asking_names_another(question, plan) + back_reference_missed(question, plan)
            + two_read_as_more(question, plan) + unrecorded_yes_no(text))


def _whole_residue(question: str, plan: dict[str, Any]) -> str:
    from hgrag.agents.checking.question_clauses import residue

    return residue(question, plan)


def _without_mentions(question: str, plan: dict[str, Any]) -> str:
    """The question as typed (no spelling correction) with quoted text and linked mentions cut out."""
    text = re.sub(r'["“„«][^"”»]{3,}["”»]', " zzm ", question)
    for anchor in sorted((a.get("text") or "" for a in plan.get("anchors", [])), key=len, reverse=True):
        if anchor:
            text = text.replace(anchor, " zzm ")
    return text


GLUE_WORDS = frozenset("on of for and in the to with from at a an".split())
TITLE_GLUE = frozenset("on of for and the".split())  # inside a title-case name; "in" starts a venue phrase


def venue_inside_title(question: str, plan: dict[str, Any]) -> list[str]:
    """'Give me the DOI of Efficient Packet Scheduling over Differentiated Services Networks': a venue
    name linked out of a longer unlinked name or title ('Networks', 'Langmuir adsorption fracturing
    in…') is a guess; the words glued to it on either side (title-case words before it, words the
    question language does not use after it) show that it is only part of a name."""
    from hgrag.agents.checking.mention_use import numbered_holes
    from hgrag.agents.linking.spelling import vocabulary

    anchors = sorted((a for a in plan.get("anchors", []) if a.get("text")), key=lambda a: -len(a["text"]))
    text = numbered_holes(question, [a["text"] for a in anchors])
    known = vocabulary()[0]
    found = []
    for i, anchor in enumerate(anchors):
        hole = re.search(rf"\bzzm{i}\b", text)
        if anchor.get("type") != "venue" or not hole:
            continue
        before = re.findall(r"[^\s]+", re.split(r"[.;:!?,()\"|=]", text[:hole.start()])[-1])
        after = re.findall(r"[^\s]+", re.split(r"[.;:!?,()\"|=]", text[hole.end():])[0])
        if _glued(reversed(before), lambda w: w[:1].isupper() and not w.isupper() or w.isupper() and len(w) > 2,
                  at_start=len(before), glue=TITLE_GLUE) >= 2 \
                or _glued(after, lambda w: w.lower() not in known and w.islower(), glue=GLUE_WORDS) >= 3:
            found.append(f"'{anchor['text']}' (it is part of a longer name I could not link)")
    return found


def _glued(words: Any, title_word: Any, at_start: int = 0, glue: frozenset = GLUE_WORDS) -> int:
    """How many title words run up to the venue (glue words between them do not count or stop)."""
    count = 0
    words = list(words)
    for k, word in enumerate(words):
        if word.startswith("zzm"):
            break
        if word.lower() in glue:
            continue
        if not title_word(word) or (at_start and k == len(words) - 1 and count == 0):
            break
        count += 1
    return count


ASKS_YEAR = re.compile(r"\b(which|what) (year|yeer|yr)\b|\bthe year (of|when)\b|\byear of (the|its|their) (earliest|first|"
                       r"oldest|latest|last|newest)\b")


def year_read_as_span(text: str, ir: dict[str, Any] | None) -> list[str]:
    """'how long has A been publishing? I just need the year of the earliest paper': a year asked for
    is a year, not the span of years a 'how long' would give."""
    from hgrag.agents.planning.composition_count import SUBTRACTION

    if ir and ir.get("op") == "aggregate" and ir.get("fn") == "span" and ASKS_YEAR.search(text) \
            and not SUBTRACTION.search(text):  # "subtract the year of the first from the year of the last"
        return [f"'{ASKS_YEAR.search(text).group(0)}' (the question asks for a year, my reading gives a span)"]
    return []


TOPIC_PREFIX = re.compile(r"^\s*([A-Z][\w&'-]*(?: [\w&'-]+){0,5})\s*:\s+\S")
ASKING_WORDS = frozenset("""was were is are did does do has have had can could would who whom whose what which when
where how why list name give show tell find count""".split())
LEAD_INS = frozenset("""question q note task request context query hi hey hello quick please fyi reminder update
background re subject topic help info ok okay thanks urgent important aside""".split())


def unlinked_topic_prefix(question: str, plan: dict[str, Any]) -> list[str]:
    """'Algorithmica: number of papers by A': a name set before the question like a heading (title
    case, not a lead-in like 'Question:') that no mention linked is a condition the plan leaves out."""
    from hgrag.agents.planning.intent import NOUNS
    from hgrag.agents.understanding.lexicon import load

    match = TOPIC_PREFIX.match(question)
    if not match:
        return []
    prefix = match.group(1)
    words = prefix.split()
    if words[0].lower() in ASKING_WORDS:
        return []  # 'Was Low Cost Security: Explicit…' asks about a title that holds a colon
    if any(w.lower() not in TITLE_GLUE and not (w[:1].isupper() or w[:1].isdigit()) for w in words):
        return []  # a lower-case word: a lead-in phrase ("For the hiring committee"), not a name
    known = set(load("en").extra.get("spelling_vocabulary", [])) | {w for ws in NOUNS.values() for w in ws} | LEAD_INS \
        | TITLE_GLUE | {"yes", "no", "true", "false", "author", "venue", "journal"}
    if all(w.lower().strip("'") in known for w in words):
        return []
    linked = [a.get("text") or "" for a in plan.get("anchors", [])]
    if any(prefix.lower() in t.lower() or t.lower() in prefix.lower() for t in linked if t):
        return []
    return [f"'{prefix}' (named before the question; my reading does not use it)"]


SUBJECT_AFTER = re.compile(r"\b(?:talking|speaking|asking|thinking) about\s+zzm(\d+)\W*$|\b(?:i mean|meaning|i'm asking about|"
                           r"this is about)\s+zzm(\d+)\W*$")


def trailing_subject_unused(question: str, plan: dict[str, Any]) -> list[str]:
    """'…which of their papers has the most citations? talking about A': a subject named at the end
    is whom the question is about; a plan that never uses A answers about someone else."""
    from hgrag.agents.checking.mention_use import numbered_holes, used_ids

    anchors = sorted((a for a in plan.get("anchors", []) if a.get("text") and a.get("node_id")),
                     key=lambda a: -len(a["text"]))
    match = SUBJECT_AFTER.search(numbered_holes(question, [a["text"] for a in anchors]).lower().strip())
    if not match:
        return []
    anchor = anchors[int(match.group(1) or match.group(2))]
    if {anchor.get("node_id"), *(anchor.get("candidates") or [])} & used_ids(plan.get("ir")):
        return []
    return [f"'{anchor['text']}' (named as the subject; my reading does not use it)"]


VENUE_PRONOUN = re.compile(r"\b(?:has|did|does|had) it (?:ever )?(?:published|publish|printed|print|featured|feature|run|"
                           r"carried|accepted|taken)\b|(?<!\bis )(?<!\bare )(?<!\bwas )(?<!\bwere )(?<!\bin )\bthere\b"
                           r"(?=\s*(?:[?.!,;]|$|(?:in|on|at|by|with|from|during|before|after|since|between|too|"
                           r"as well|so far|yet|ever)\b))")  # not 'there first paper' (a typo of 'their')  # "…recommended V. what did A put out there"
VENUE_PHRASE = re.compile(r"\b(?:journal|transactions|proceedings|bulletin|annals|letters|magazine|symposium|workshop)"
                          r" (?:of|on|for) (?:the )?[a-z][\w&-]+")


def venue_not_linked(text: str, ir: dict[str, Any] | None) -> list[str]:
    """'X seems a big outlet. How many times has it published work by A?' or '…papers in the journal
    of marine research': a venue the question means but no mention linked, so the plan counts
    everything by A; a plan with no venue in it does not answer that."""
    if not ir or any(op.get("op") == "match" and op.get("type") == "venue" or op.get("attr") == "venue" for op in walk(ir)):
        return []
    match = VENUE_PRONOUN.search(text) or VENUE_PHRASE.search(text)
    return [f"'{match.group(0)}' (a venue I could not link)"] if match else []


OTHERS_ASKED = re.compile(r"\b(remaining|other|rest of the|additional) (authors?|writers?|contributors?|names|people|"
                          r"co-?authors?)\b|\bwho else\b|\bthe rest\b")


def others_read_as_position(text: str, ir: dict[str, Any] | None) -> list[str]:
    """'I know the first author of X. Who are the remaining authors?' read as the first author: a
    plan that returns the author at a position cannot answer for the others."""
    match = OTHERS_ASKED.search(text)
    top = ir
    while top and top.get("op") in ("filter", "top"):
        top = top.get("input")
    if match and top and top.get("op") == "traverse" and top.get("edge") == "writes" and top.get("position"):
        return [f"'{match.group(0)}' (my reading returns the author at one position)"]
    return []
