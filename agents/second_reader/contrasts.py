"""Negated yes/no questions and comparisons between named entities (issue 19, item 6).

"didn't A publish in V?" asks whether A published in V; "was T not not published in Y?" asks whether T
was published in Y: the question is re-read without the negation (its words are data, words.json).
"which one has more authors, T1 or T2?" returns the winner: a ranking of the named entities by the
measure the comparative names (words.json: comparatives)."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Callable

from hgrag.agents.linking.spelling import english_words
from hgrag.agents.second_reader.lexicon import find, phrase_pattern, words
from hgrag.agents.understanding.lexicon import load
from hgrag.agents.understanding.tokens import tag
from hgrag.state import plan_ir as ir

PlanFn = Callable[[str], dict[str, Any]]
CLAIM_OPENER = words()["claim_opener"] + " "  # how a statement is asked (words.json)
NEGATOR_RUN = None


def _negators() -> re.Pattern:
    alternatives = "|".join(re.escape(w) for w in words()["negators"] if w != "n't")
    return re.compile(rf"\b(?:{alternatives})\s+(?:{alternatives})\b", re.IGNORECASE)


def positive_reading(question: str) -> str | None:
    """The question without a leading negative auxiliary or a doubled negation; None when it has neither
    or when a negation would remain (a single inner 'not' is left to the rules)."""
    text = question.strip()
    rewritten = text
    lead = phrase_pattern("negative_auxiliaries").match(text)
    if lead:
        positive = words()["negative_auxiliaries"][lead.group(0).lower().replace("’", "'")]
        rewritten = positive[:1].upper() + positive[1:] + text[lead.end():]
    rewritten = _negators().sub(" ", rewritten)
    rewritten = " ".join(rewritten.split())
    if rewritten == " ".join(text.split()):
        return None
    if find("negators", rewritten) or phrase_pattern("negative_auxiliaries").search(rewritten):
        return None
    return rewritten


def negated_predicate(question: str, spans: list[Any]) -> str | None:
    """'Did A not publish in V?', 'Was T not published in 2024?', 'Did the authors of T not publish a paper in V?':
    one 'not' after the subject and before any verb negates the predicate. The positive question, or None (a
    'not' after the verb restricts what it is about: 'did A publish papers not in V?'; 'are there …' states
    nothing of a subject)."""
    from hgrag.agents.understanding.lexicon import load
    from hgrag.agents.understanding.tokens import tag

    masked = question
    for span in sorted(spans, key=lambda s: -s.start):
        masked = masked[:span.start] + "zzm" + masked[span.end:]
    negators = [m for m in find("negators", masked) + find("negating_determiners", masked) if m.group(0).lower() != "n't"]
    openers = {v.lower() for v in words()["negative_auxiliaries"].values()}
    first = masked.strip().split(" ", 1)[0].lower() if masked.strip() else ""
    if len(negators) != 1 or first not in openers or phrase_pattern("negative_auxiliaries").match(masked.strip()):
        return None
    if any(t.concept == "operator:yes_no" for t in tag(masked, load("en"))):
        return None  # '… or not?': the tail of a yes/no question, no negated predicate
    before = tag(masked[:negators[0].start()], load("en"))
    if not any(t.concept == "mention" for t in before) or len(before) > 1 and before[1].concept == "function:there" \
            or any(t.family == "relation" for t in before):
        return None
    outside = [m for m in find("negators", question) + find("negating_determiners", question)
               if m.group(0).lower() != "n't" and not any(s.start <= m.start() < s.end for s in spans)]
    if len(outside) != 1:
        return None
    positive = words()["negating_determiners"].get(outside[0].group(0).lower(), "")  # 'has no paper': 'has any paper'
    return " ".join((question[:outside[0].start()] + positive + question[outside[0].end():]).split())


def false_claim(question: str) -> str | None:
    """'Is it untrue that X?', 'Would it be wrong to say that X?', 'Is the claim that X false?' -> 'Is it true that X?'
    (words.json `false_claim_openers`, `false_claim_frames`); None for any other question."""
    text = _without_aside(" ".join(question.strip().split()))
    opener = phrase_pattern("false_claim_openers").match(text) or _composed_claim_opener().match(text)
    if opener:
        return CLAIM_OPENER + text[opener.end():].lstrip(" ,")
    frame = words()["false_claim_frames"]
    lead = re.match(rf"(?i)(?:{'|'.join(map(re.escape, frame['openers']))})\s+", text)
    close = re.search(rf"(?i)\s+(?:{'|'.join(map(re.escape, frame['closers']))})\s*\??$", text)
    if lead and close and lead.end() < close.start():
        return CLAIM_OPENER + text[lead.end():close.start()] + "?"
    return None


def _without_aside(text: str) -> str:
    """'For the record, would it be wrong …' -> 'would it be wrong …': a short opening phrase before a comma made only of
    the lexicon's function words and fillers (no name, number or time) says nothing of the claim."""
    lead = re.match(r"([^,\d\"“”]{1,30}),\s+", text)
    tokens = tag(lead.group(1).lower(), load("en")) if lead else []
    plain = tokens and all(t.family in ("function", "filler") or t.family is None and t.text.isalpha() and
                           t.text in english_words() for t in tokens)
    return text[lead.end():] if lead and plain else text


@lru_cache(maxsize=1)
def _composed_claim_opener() -> re.Pattern:
    """A lead, a negative and a verb of saying from words.json `false_claim_grammar` ('would it be inaccurate to state
    that', 'am I mistaken in thinking that')."""
    grammar = words().get("false_claim_grammar", {})
    parts = [f"(?:{'|'.join(map(re.escape, sorted(grammar.get(key, []), key=len, reverse=True)))})"
             for key in ("leads", "negatives", "verbs")]
    return re.compile(rf"(?i){parts[0]}\s+{parts[1]}\s+{parts[2]}\b") if all(grammar.get(k) for k in
                                                                          ("leads", "negatives", "verbs")) else \
        re.compile(r"(?!)")


def _claim_denied(question: str, claim: str, plan_fn: PlanFn, spans: list[Any]) -> dict[str, Any] | None:
    """The test of the claim ('Is it true that X?', itself read for negations), negated; None when the claim cannot
    be read (a negation in it that no reader places is never dropped)."""
    from dataclasses import replace

    from hgrag.agents.answering.interpretation import interpret

    statement = claim[len(CLAIM_OPENER):].rstrip("?")
    quantifier = phrase_pattern("negated_quantifiers").match(statement)
    if quantifier:  # 'Is it false that none of A's papers appeared in V?': whether any did
        positive = CLAIM_OPENER + words()["negated_quantifiers"][quantifier.group(0).lower()] + statement[quantifier.end():] + "?"
        plan = plan_fn(positive)
        if (plan.get("ir") or {}).get("op") != "test":
            return None
        return {**plan, "read_as": positive, "checked_question": plan.get("checked_question") or positive}
    at = question.find(statement[:40])
    moved = [replace(s, start=s.start - at + len(CLAIM_OPENER), end=s.end - at + len(CLAIM_OPENER))
             for s in spans if at >= 0 and s.start >= at]
    plan = negated_yes_no(claim, plan_fn, moved) if at >= 0 else None
    if plan is None:
        if find("claim_negations", statement):
            return None
        plan = plan_fn(claim)
    if (plan.get("ir") or {}).get("op") != "test":
        return None
    plan = {**plan, "ir": ir.test(plan["ir"], "not"), "ir_native": True}
    plan["interpretation"] = interpret(plan["ir"], anchors=plan.get("anchors"))
    plan["checked_question"] = plan.get("checked_question") or claim  # the positive question the check reads
    plan["read_as"] = claim
    return plan


def _doubly_negated(question: str, spans: list[Any]) -> str | None:
    """'Wasn't T not published in 2009?', 'Doesn't T not exist?': a leading negative auxiliary and a negated
    predicate cancel; the positive question, or None."""
    from dataclasses import replace

    text = question.strip()
    lead = phrase_pattern("negative_auxiliaries").match(text)
    if not lead:
        return None
    positive = words()["negative_auxiliaries"][lead.group(0).lower().replace("’", "'")]
    led = positive[:1].upper() + positive[1:] + text[lead.end():]
    shift = len(led) - len(text) - (len(question) - len(question.lstrip()))
    moved = [replace(s, start=s.start + shift, end=s.end + shift) for s in spans]
    return negated_predicate(led, moved)


def negated_yes_no(question: str, plan_fn: PlanFn, spans: list[Any] | None = None) -> dict[str, Any] | None:
    """The rules' plan of the positive question, when that plan is a yes/no test.

    English answers a negative question by the polarity of the fact: 'Didn't A publish in V?' and 'Did A not
    publish in V?' are answered 'yes' when A did, 'no' when A did not, so both are the positive test. A statement
    asked about ('Is it true that A did not publish in V?') keeps its negation: there the predicate negated
    after its subject is the positive test, negated."""
    claim = false_claim(question)
    if claim is not None:  # 'Is it untrue that X?': X asked, its answer negated
        return _claim_denied(question, claim, plan_fn, spans or [])
    stated = question.strip().lower().startswith(CLAIM_OPENER.lower())
    rewritten, negated = positive_reading(question), False
    if rewritten is None:
        rewritten = _doubly_negated(question, spans or [])  # 'Doesn't T not exist?': the negations cancel
    if rewritten is None:
        rewritten, negated = negated_predicate(question, spans or []), stated
    if rewritten is None:
        return None
    plan = plan_fn(rewritten)
    if (plan.get("ir") or {}).get("op") != "test":
        return None
    if negated:  # a native IR: the frame the rules compiled reads the positive question
        from hgrag.agents.answering.interpretation import interpret

        plan = {**plan, "ir": ir.test(plan["ir"], "not"), "ir_native": True}
        plan["interpretation"] = interpret(plan["ir"], anchors=plan.get("anchors"))
    plan["read_as"] = rewritten
    plan["checked_question"] = rewritten
    return plan


def alternatives_group(question: str, spans: list[Any], family: str) -> list[Any]:
    """The longest run of same-kind linked mentions joined only by words of `family` (or commas), each named once
    ('A or B (A and B excluded)': the names said again start no longer run)."""
    joiners = {w.lower() for w in words()[family]}
    best: list[Any] = []
    run: list[Any] = []
    for span in sorted((s for s in spans if s.candidates), key=lambda s: s.start):
        named = {r.candidates[0].node_id for r in run}
        if run and span.type == run[-1].type and span.candidates[0].node_id not in named and (_joined(question[run[-1].end:span.start], joiners) or _repeated(
                question[run[-1].end:span.start], question[:run[0].start], joiners)):
            run.append(span)
        else:
            run = [span]
        if len(run) > len(best):
            best = list(run)
    return best if len(best) >= 2 else []


def repeated_for_each(question: str, group: list[Any]) -> bool:
    """Whether the named things are joined by repeating what led in the first ('by A and by B', 'the venue of T1
    and the venue of T2'): the question is asked of each of them, not of the two compared."""
    joiners = {w.lower() for w in words()["coordinators"]}
    return any(core and core not in joiners for core in _cores(question, group)) and not jointly_repeated(question, group)


def jointly_repeated(question: str, group: list[Any]) -> bool:
    """'Who has written papers with A and with B?': a joint preposition (words.json `joint_prepositions`) repeated
    after the coordinator asks for what holds with both of them, not a question per named thing."""
    joint = {f"{j.lower()} {p}" for j in words()["coordinators"] for p in words().get("joint_prepositions", [])}
    cores = _cores(question, group)
    return bool(cores) and all(core in joint for core in cores)


def _cores(question: str, group: list[Any]) -> list[str]:
    """The words between each two named things of the group, quotes and commas trimmed."""
    return [question[a.end:b.start].strip(" \"'“”‘’«»„,").lower() for a, b in zip(group, group[1:])]


def _repeated(between: str, before: str, joiners: set[str]) -> bool:
    """'all papers by A and all papers by B': a joiner and then the words right before the first mention again."""
    quotes = " \"'“”‘’«»„,"
    parts, lead = between.lower().strip(quotes).split(), before.lower().strip(quotes).split()
    for joiner in joiners | {w.lower() for w in words()["uniting_words"]}:  # ('… together with all papers by B')
        n = len(joiner.split())
        if len(parts) > n and " ".join(parts[:n]) == joiner and len(parts) - n <= len(lead) and \
                lead[len(lead) - len(parts) + n:] == parts[n:]:
            return True
    return False


def _joined(between: str, joiners: set[str]) -> bool:
    """Joined by a joiner, a comma, or a joiner with the preposition the first mention had ('of T1 and of T2')."""
    core = re.sub(r"^['’]s\b", "", between.strip(" \"“”,")).strip(" \"'“”‘’,").lower()  # ("A's or B's")
    core = core.rstrip(",").strip(" \"'“”‘’")
    parts = core.split()
    repeated = set(load("en").extra.get("context_words", {}).get("distributing_prepositions", []))
    pronouns = {w.lower() for w in words().get("repeated_noun_pronouns", [])}
    return core in joiners or core == "" and "," in between or \
        len(parts) >= 2 and " ".join(parts[:-1]) in joiners and parts[-1] in repeated or \
        any(core.endswith(f" {p}") and core[:-len(p) - 1] in joiners | _uniting() for p in pronouns)  # 'T1 and that of
    # T2', 'the venues of A together with those of B' (a uniting phrase joins the nouns a pronoun repeats)


def _uniting() -> set[str]:
    return {w.lower() for w in words().get("uniting_words", [])}


def comparison_plan(question: str, spans: list[Any]) -> tuple[dict[str, Any], list[Any]] | None | str:
    """The ranking IR of 'which one has more X, A or B?' and the compared mentions; a reason (str) when
    the question compares but part of it cannot be read; None when it is no such question."""
    outside = question
    for span in sorted(spans, key=lambda s: -s.start):  # a comparative inside a title compares nothing
        outside = outside[:span.start] + "X" + outside[span.end:]
    found = _overlaps_resolved(find("comparatives", outside), outside)
    group = alternatives_group(question, spans, "alternatives")
    joiners = "alternatives"
    if not group:  # 'between A and B, which one …'
        group, joiners = alternatives_group(question, spans, "coordinators"), "coordinators"
    if not group or not found:
        return None
    phrase = found[0].group(0).lower()
    if any((t.concept or "").startswith("attribute:position") and phrase in t.text.split()
           for t in tag(outside.lower(), load("en"))):
        return None  # ('the first authors of T1 and T2': a byline place, no comparison of the two)
    attr, order = words()["comparatives"][phrase]
    nodes = [ir.match([s.candidates[0].node_id], s.type, s.text) for s in group]
    if group[0].type == "venue" and attr == "n_papers":  # 'which venue published more papers (in 2000), V1 or V2?'
        return _venues_by_papers(question, group, [m.group(0) for m in found], joiners, nodes, order)
    attr = _measure_of_kind(question, group[0].type, attr, order)  # ('who started publishing earlier': first years)
    if group[0].type not in words()["measures_per_kind"].get(attr, []):
        return f"I can't compare {group[0].type}s by '{phrase}'"
    leftover = _leftover(question, group, [m.group(0) for m in found], joiners)
    if leftover:
        return f"I can't use '{' '.join(leftover)}' in this comparison"
    return ir.top(ir.setop("union", nodes), attr, order), group


def _overlaps_resolved(found: list[Any], text: str) -> list[Any]:
    """'published more recently': of two comparatives that overlap, the one reaching further right (its measure word
    last: 'more recently') is the one said; the first match alone would leave its tail unread."""
    if not found:
        return found
    later = phrase_pattern("comparatives").search(text, found[0].start() + 1)
    if later is not None and later.start() < found[0].end() < later.end():
        return [later] + [m for m in found[1:] if m.start() >= later.end()]
    return found


def _measure_of_kind(question: str, kind: str, attr: str, order: str = "") -> str:
    """The measure a comparative names for this kind (words.json `kind_measures`): a person's 'more citations' is
    the total of their papers'; 'earlier' with a word for a start ('started', 'debut') is their first year, with a
    word for an end their last year; with neither, the order's own reading ('order:max': 'who published more
    recently' is whose latest paper is later)."""
    spec = words().get("kind_measures", {}).get(kind, {}).get(attr)
    if isinstance(spec, str):
        return spec
    if isinstance(spec, dict):
        concepts = {t.concept for t in tag(question.lower(), load("en"))}
        said = next((measure for concept, measure in spec.items() if concept in concepts), None)
        return said or spec.get(f"order:{order}", attr)
    return attr


def _venues_by_papers(question: str, group: list[Any], phrases: list[str], joiners: str, nodes: list[dict[str, Any]],
                      order: str) -> tuple[dict[str, Any], list[Any]] | str:
    """The venue of the group with more (fewer) papers, in one year when the question names one: the venues of
    the group's papers (of that year), the most (least) frequent of them."""
    years = re.findall(r"\b(?:19|20)\d\d\b", question)
    leftover = [w for w in _leftover(question, group, phrases + years, joiners) if w not in words()["year_prepositions"]]
    if leftover or len(years) > 1:
        return f"I can't use '{' '.join(leftover or years)}' in this comparison"
    papers = ir.traverse(ir.setop("union", nodes), "published_in", "in")
    if years:
        papers = ir.where(papers, "year", "=", int(years[0]))
    return ir.top(ir.traverse(papers, "published_in", "out"), "frequency", order), group


def _leftover(question: str, group: list[Any], phrases: list[str], joiners: str = "alternatives") -> list[str]:
    """Words of the question that neither the compared mentions, the comparative, the words joining them
    (`joiners`: a family of words.json) nor the declared comparison fillers account for."""
    text = question
    for span in sorted(group, key=lambda s: -s.start):
        text = text[:span.start] + " " + text[span.end:]
    for phrase in phrases:
        text = re.sub(re.escape(phrase), " ", text, flags=re.IGNORECASE)
    fillers = {w.lower() for w in words()["comparison_fillers"] + words()[joiners] + words()["comparison_heads"]}
    text = _requests().sub(" ", text)  # ('Could you let me know who wrote more papers, A or B?')
    tokens = [t.strip("'’-") for t in re.findall(r"[\w'’-]+", text.lower())]
    tokens = [t for t in tokens if t]
    return [t for t in tokens if t not in fillers and not _harmless(t)]


@lru_cache(maxsize=1)
def _requests() -> re.Pattern:
    """The lexicon's request phrases ('let me know', 'could you tell me'): they ask, they compare nothing."""
    from hgrag.agents.understanding.cue_words import phrase_alternation

    spec = load("en").extra
    said = spec.get("command_fillers", []) + spec.get("request_tags", {}).get("openers", [])
    return re.compile(rf"\b(?:{phrase_alternation(said)})\b", re.IGNORECASE)


def _harmless(word: str) -> bool:
    """A word the lexicon declares harmless (a function word or filler: 'their', 'into', 'here'), the word for the
    papers every measure of a person is counted over ('publication', 'record') or a verb of writing them ('publish')."""
    concept = load("en").concept(word) or ""
    return concept.split(":")[0] in ("function", "filler") or concept in ("kind:paper", "relation:writes",
                                                                         "relation:published")


def comparative_test(question: str, spans: list[Any]) -> tuple[dict[str, Any], list[Any]] | None | str:
    """The yes/no IR of 'Is T1 cited more often than T2?', 'Was T1 published earlier than T2?' (the first named thing
    beats the second on the comparative's measure, strictly); a reason when part of it cannot be read; else None."""
    linked = sorted((s for s in spans if s.candidates), key=lambda s: s.start)
    opening = tag(question[:linked[0].start].lower(), load("en")) if linked else []
    if len(linked) != 2 or linked[0].type != linked[1].type or not opening or opening[0].concept != "head:aux":
        return None  # ('is T1 … than T2?': an auxiliary opens a yes/no question)
    between = question[linked[0].end:linked[1].start]
    found, measures = find("comparatives", between), words()["comparatives"]
    than = [w for w in words()["comparison_joiners"] if re.search(rf"\b{re.escape(w)}\b", between, re.IGNORECASE)]
    if not found or not than:  # 'was T1 published before T2?': the order word compares and joins
        found, measures = find("order_tests", between), words()["order_tests"]
        than = [m.group(0) for m in found]
    if not found or not than:
        return None
    attr, order = measures[found[0].group(0).lower()]
    attr = _measure_of_kind(question, linked[0].type, attr)  # ('has A more co-authors than B': distinct people)
    if linked[0].type not in words()["measures_per_kind"].get(attr, []):
        return f"I can't compare {linked[0].type}s by '{found[0].group(0)}'"
    leftover = _leftover(question, linked, [m.group(0) for m in found] + than)
    if leftover:
        return f"I can't use '{' '.join(leftover)}' in this comparison"
    first, second = (ir.match([s.candidates[0].node_id], s.type, s.text) for s in linked)
    beaten = ir.where(first, attr, ">" if order == "max" else "<", sub=ir.aggregate(second, "max", attr))
    return ir.test(beaten, "nonempty"), linked
