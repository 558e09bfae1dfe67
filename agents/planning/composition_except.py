"""Compositional readings around one paper's author positions: "what else has the first author of X
written" (the other papers of the author at a position) and "the authors of X except whoever is
listed first" (the authors of X without the one at a position). The rules read the residual question
(mentions replaced by zzpaper / zzauthor) and are called from agents/planning/composition.py.
"""

from __future__ import annotations

import re
from typing import Any

from hgrag.agents.planning.composition_count import all_their_works
from hgrag.agents.planning.plan_compiler import hop
from hgrag.agents.understanding.lexicon import load

FIRST = r"(first|lead|leading|primary|principal|main)"
LAST = r"(last|senior|final)"
# "the first author", "first_author", "its lead author", "whoever is listed first", "the first-named author"
POSITION = re.compile(rf"\b(?P<pos>{FIRST}|{LAST})[ _-]?(named |listed )?(author|writer|contributor)s?\b|"
                      rf"\b(whoever|whoever's|the one|the person|the author|who) (is |was |comes |gets )?"
                      rf"(listed |named |credited |placed |put )?(?P<pos2>{FIRST}|{LAST})\b")
WRITTEN = r"(written|write|wrote|published|publish|authored|produced|released|put out)"
WHAT_WRITTEN = re.compile(rf"\bwhat (has|have|had|did|does|do)\b.*\b{WRITTEN}\b")  # the papers, X among them
PAPER_ASKED = re.compile(rf"\b(papers?|publications?|articles?|works?|titles?|pubs)\b|\bwhat else\b|"
                         rf"\bwhat (has|have|had|did|does|do)\b.*\b{WRITTEN}\b")
OTHERS = re.compile(r"\b(other|others|else|besides|apart from|aside from|additional|further|more|another|remaining|rest)\b")
PERSON_ASKED = re.compile(r"\b(who|whom|authors?|co-?authors?|people|persons|names|writers|contributors)\b")
NON_POSITION = re.compile(rf"\bnon-?{FIRST}[ _-]?(authors?|writers?|contributors?)\b")
LEFT_OUT = re.compile(r"^( one| author| writer)?( is| are| gets| get)? (left out|excluded|removed|omitted|dropped|"
                      r"set aside|aside|not counted|ignored|skipped)\b")
# "I know who the first author of X is. Who are the remaining authors?": the others than the one at that position
REMAINING_AFTER = re.compile(r"\b(who|whom|list|name|give|show|tell)\b.*\b(the )?(remaining|other|rest of the|"
                             r"additional) (authors?|writers?|contributors?|names|people)\b(?! of\b)")
EXCEPT_POSITION = re.compile(r"\b(except|other than|besides|apart from|aside from|excluding|but not|without|minus|"
                             r"not counting|leaving out|leave out|beyond|not|omitting|ignoring|skipping|bar|barring|"
                             r"save|excl)\b( for)? (the |its |their |his |her )?")


# more than a plain listing (a count, a threshold, a time window, citations): the frame's plan and its
# refinements read those, these rules do not
MORE_THAN_A_LIST = re.compile(r"\b(how many|number of|count|total|cite|cites|cited|citing|citations?|more than|fewer than|"
                              r"less than|at least|at most|before|after|since|between|during|until|most|least|"
                              r"earliest|latest|oldest|newest|average|venues?|journals?|conferences?|years?|when)\b")


def _plain_listing(composer: Any) -> bool:
    return not composer.years and not MORE_THAN_A_LIST.search(composer.text)

EXCEPT_BEFORE = re.compile(EXCEPT_POSITION.pattern + "$")  # the except-word right before the position phrase


def _position(match: re.Match) -> int:
    word = match.group("pos") or match.group("pos2")
    return -1 if re.fullmatch(LAST, word) else 1


def position_others(composer: Any) -> dict[str, Any] | None:
    """'What else has the lead author of X written?', 'X first author other papers',
    'other papers by first_author(X)': the papers of X's author at that position, X left out."""
    papers, text = composer.by_type["paper"], composer.text
    if len(papers) != 1 or composer.by_type["author"] or composer.by_type["venue"] or not _plain_listing(composer):
        return None
    position = POSITION.search(text)
    if not position or NON_POSITION.search(text):
        return None
    others = bool(OTHERS.search(text)) and not all_their_works(text)
    if not others and not WHAT_WRITTEN.search(text):
        return None
    after = text[position.end():]
    asked = PAPER_ASKED.search(text)
    if not asked or re.search(r"\bwho\b", text) or _person_after_others(text):
        return None
    if position.group("pos2") and not after.strip():
        return None  # "… apart from whoever is listed first" names the excluded author, not the papers' author
    return composer.base(papers[0], steps=[hop("paper", "author", position=_position(position)),
                                           hop("author", "paper")],
                         target_type="paper", result_type="paper", exclude_anchors=others)


def _person_after_others(text: str) -> bool:
    """'the other authors of X' / 'who else is on X' ask for people, not papers."""
    return bool(re.search(r"\b(other|else|remaining|rest of the|additional) (authors?|co-?authors?|people|names|"
                          r"writers|contributors)\b", text))


def except_position(composer: Any) -> dict[str, Any] | None:
    """'the non-first authors of X', 'who else is on X apart from whoever is listed first',
    'authors(X) minus first author': the authors of X without the one at that position."""
    papers, text = composer.by_type["paper"], composer.text
    if len(papers) != 1 or composer.by_type["author"] or composer.by_type["venue"] or not _plain_listing(composer):
        return None
    non = NON_POSITION.search(text)
    if non:
        position = -1 if re.fullmatch(LAST, non.group(1)) else 1
    else:
        found = POSITION.search(text)
        if not found or not (EXCEPT_BEFORE.search(text[:found.start()]) or LEFT_OUT.search(text[found.end():])
                             or REMAINING_AFTER.search(text[found.end():])):
            return None
        if PAPER_ASKED.search(text) and not PERSON_ASKED.search(text):
            return None
        position = _position(found)
    if not PERSON_ASKED.search(text) and not non:
        return None
    return composer.counted(composer.base(papers[0], steps=[hop("paper", "author")], target_type="author",
                                          result_type="author", exclude_position=position))


# "I already know A works with B. Who else has A written with?": B is the known co-author, left out
KNOWN_PAIR = re.compile(r"\b(know|knew|aware|found|seen|heard|remember)\b[^.]*\bzzauthor\b[^.]*\b(with|and)\b[^.]*\bzzauthor\b")
OTHERS_ASKED = re.compile(r"\b(who|whom|which)\b.*\b(else|other|others|another|besides)\b|\b(other|more|additional|remaining) "
                          r"(co-?authors?|collaborators?|co-?writers?|partners|colleagues|people)\b")
WITH_VERB = re.compile(r"\b(co-?authored|co-?written|co-?wrote|written|wrote|worked|work|works|collaborated|collaborate|"
                       r"published|publish|teamed up|partnered|co-?authors?|collaborators?|co-?writers?)\b")


def known_partner(composer: Any) -> dict[str, Any] | None:
    """A context sentence names a pair the asker knows ("I already know A works with B"); the asking
    sentence names A again and asks for the others: the co-authors of A except B."""
    authors, text = composer.by_type["author"], composer.text
    sentences = [s for s in text.split("zzstop") if s.strip()]
    if len(authors) != 3 or composer.by_type["paper"] or composer.by_type["venue"] or len(sentences) != 2:
        return None
    ids = [composer.node_id(a) for a in authors]
    context, asked = sentences
    if not KNOWN_PAIR.search(context) or asked.count("zzauthor") != 1 or context.count("zzauthor") != 2:
        return None
    if not OTHERS_ASKED.search(asked) or not WITH_VERB.search(asked) or MORE_THAN_A_LIST.search(text):
        return None
    subject = authors[2]
    if ids[2] == ids[0] and ids[1] != ids[0]:
        known = authors[1]
    elif ids[2] == ids[1] and ids[0] != ids[1]:
        known = authors[0]
    else:
        return None
    plan = composer.base(subject, {id(known): "excluded"}, steps=[hop("author", "paper"), hop("paper", "author")],
                         target_type="author", result_type="author", exclude=[composer.node_id(known)],
                         exclude_anchors=True)
    keep = {id(subject), id(known)}  # A named twice is one anchor
    plan["anchors"] = [a for s, a in zip(composer.spans, plan["anchors"]) if id(s) in keep or s.type != "author"]
    return plan


def exclusions_said(text: str) -> int:
    """How many of the lexicon's `exclusion_leads` the text holds."""
    from hgrag.agents.understanding.cue_words import phrase_alternation
    from hgrag.agents.understanding.lexicon import load

    leads = phrase_alternation(load("en").extra.get("exclusion_leads", []))
    return len(re.findall(rf"(?<![\w'-])(?:{leads})(?![\w'-])", text, re.IGNORECASE)) if leads else 0


def without_predicate_negation(text: str) -> str:
    """'did A never have another paper in V': a negation between the subject author and a verb denies the
    predicate (a yes/no question's polarity), not the venue. 'papers by A not published in V' keeps its filter
    (the author follows a lexicon `predicate_negation.object_prepositions` word), and so does 'A not in V' (the
    negation is followed by a `filter_words` word)."""
    words = load("en").extra.get("predicate_negation", {})
    auxiliaries = "|".join(map(re.escape, words.get("auxiliaries", []))) or "(?!)"
    filters = "|".join(map(re.escape, words.get("filter_words", []))) or "(?!)"
    objects = set(words.get("object_prepositions", []))

    def subject_only(match: re.Match[str]) -> str:
        return match.group(0) if match.group(1) and match.group(1).strip() in objects else match.group(1) + match.group(2)
    negations = "|".join(map(re.escape, load("en").extra.get("negated_relation", {}).get("negations", []))) or "(?!)"
    return re.sub(rf"((?:\b[\w']+ )?)(zzauthor(?: (?:{auxiliaries}))?) (?:{negations})\b(?! (?:{filters})\b)",
                  subject_only, text)

