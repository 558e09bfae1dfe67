"""Question-plan checks for what a question says around its asking part: an entity named in a
context sentence that a back-reference of another kind cannot mean ("my colleague A had a big
year in 2021. How many papers did B put out that year?" - "that year" is 2021, not A), and a
yes/no question about something the graph does not record ("has A won any awards?")."""

from __future__ import annotations

import re
from typing import Any

from hgrag.agents.checking.question_clauses import LEAVES_OUT as LEAVING_OUT

def _words(name: str) -> list:
    from hgrag.agents.understanding.lexicon import load

    return load("en").extra.get("context_words", {}).get(name, [])


def _alternation(words: list[str]) -> str:
    from hgrag.agents.understanding.cue_words import phrase_alternation

    return f"(?:{phrase_alternation(words)})"


def _reference_pattern(row: dict[str, Any]) -> re.Pattern[str]:
    """A row of the lexicon's `context_references`: a determiner with a noun ('that year', 'after it'), or a word."""
    phrase = rf"\b{_alternation(row['determiners'])} {_alternation(row['nouns'])}\b" if row.get("nouns") else "(?!)"
    return re.compile(rf"{phrase}|\b{_alternation(row.get('words', []))}\b")


# a back-reference in the asking sentence -> the kinds of entity it can mean (lexicon `context_references`)
BACK_REFERENCES: tuple[tuple[re.Pattern[str], frozenset[str]], ...] = tuple(
    (_reference_pattern(row), frozenset(row["kinds"])) for row in _words("context_references"))
# "the authors of X ... all of them together": "them" means the group named in the same sentence
GROUP_NOUN = re.compile(rf"\b{_alternation(_words('group_nouns'))}\b")
GROUP_PHRASE = re.compile(rf"\b({_alternation(_words('group_quantifiers'))} of {_alternation(_words('group_pronouns'))}|"
                          rf"{_alternation(_words('group_phrases'))})(?: {_alternation(_words('group_suffixes'))})?")
STOP_EXTRA = r"(?<!\bal\.)(?<!\bdr\.)(?<!\be\.g\.)(?<!\bi\.e\.)(?<!\b[a-z]\.)(?<!\bno\.)(?<!\bvol\.)"
YEAR = re.compile(r"\b(1[89]\d\d|20\d\d)\b")
ASKS_FIRST = re.compile(rf"\W*(?:{_alternation(_words('asking_leads'))},? )?(?:{_alternation(_words('asking_leads'))},? )?"
                        rf"{_alternation(_words('asking_openers'))}\b")


def _holes(question: str, mentions: list[dict[str, Any]]) -> str:
    """The question with mention i (longest first) replaced by ' zzm<i> ', typed spelling included."""
    from hgrag.agents.checking.mention_use import replace_typed
    from hgrag.agents.linking.mentions import fold_quotes

    text = fold_quotes(question)
    for i, mention in enumerate(mentions):
        for typed in dict.fromkeys(t for t in (mention.get("text"), mention.get("relinked_from")) if t):
            text = replace_typed(text, typed, f" zzm{i} ")
    return text


def _referable_kinds(asking: str, context: str, own: dict[str, str] | None = None) -> set[str]:
    """The kinds of entity the asking sentence's back-references can mean; a reference in a later clause than
    an entity the asking sentence names itself, of a kind it can mean, means that entity ('what about T, when
    did that one come out?'), not the context (`own`: the asking sentence's holes and their kinds)."""
    group = GROUP_NOUN.search(asking)
    if group:
        asking = asking[:group.end()] + GROUP_PHRASE.sub(" ", asking[group.end():])
    kinds: set[str] = set()
    for pattern, meant in BACK_REFERENCES:
        for match in pattern.finditer(asking):
            earlier = asking[:max(asking.rfind(",", 0, match.start()), asking.rfind(" - ", 0, match.start()), 0)]
            before = {own.get(h) for h in re.findall(r"zzm\d+", earlier)} if own else set()
            if not before & set(meant):  # (in its own clause 'her' is not the subject: 'did B write with her?')
                kinds |= meant
        asking = pattern.sub(" ", asking)  # "that same year" is no generic "same"
    if "year" in kinds and not YEAR.search(re.sub(r"zzm\d+", " ", context)):
        kinds |= {"paper"}  # "that year" with no year written: the year of a paper named before
    return kinds


def context_entity_misread(question: str, plan: dict[str, Any]) -> list[str]:
    """Entities named only in a context sentence that the plan uses although the asking sentence
    names its own entity and refers back only to something of another kind (a year, a venue)."""
    return _misread(question, plan)[0]


# a second party the asking sentence may mean by a description ("with my supervisor", "than the guy")
def _coauthor_forms() -> list[str]:
    from hgrag.agents.understanding.lexicon import load

    return [f for f in load("en").concepts.get("relation:coauthor", []) if len(f) > 2]  # not the bare 'co'


# a word that relates the asked entity to another party (a co-author word of the lexicon, not any 'co…' word:
# 'conf', 'count' relate nothing)
SECOND_PARTY = re.compile(rf"\b(?:{_alternation(_words('second_party'))}|{_alternation(_coauthor_forms())}|"
                          rf"and zzm\d+|zzm\d+ and)\b")

OWNED_COAUTHOR = re.compile(rf"zzm\d+\s*'s\s+(?:\w+\s+){{0,3}}?{_alternation(_coauthor_forms())}\b|"
                            rf"\b{_alternation(_coauthor_forms())}\s+{_alternation(_words('owner_links'))}\s+zzm\d+")


def _stranded_prepositions() -> list[str]:
    from hgrag.agents.understanding.lexicon import load

    return sorted({p for by_word in load("en").extra.get("stranded_prepositions", {}).values() for p in by_word})


STRANDED = re.compile(rf"\b{_alternation(_stranded_prepositions())}\W*$")


def _second_party(asking: str) -> bool:
    """Does the asking clause name a second party it may mean by a description? A co-author word with its own
    named owner ("Y's most frequent co-author", "co-authors of Y") and a preposition stranded at its end ("how
    many people has Y written papers with?") name none: the answer is the other party."""
    return bool(SECOND_PARTY.search(STRANDED.sub(" ", OWNED_COAUTHOR.sub(" ", asking.strip()))))


def context_to_set_aside(question: str, plan: dict[str, Any]) -> list[str]:
    """The context entities a plan may leave out: the asking sentence names its own entity, refers
    back to no person of the context (a year, a venue or a paper may be meant, and is kept), and names no
    second party it could mean by a description ("X is cited a lot. How many times has Y been cited?": X is
    set aside; "X publishes a lot in V. How many of Y's papers are in it?": X is, V is kept); a paper or venue
    referred back to must be one the question names."""
    found, asking, kinds = _misread(question, plan)
    two_named = len(set(re.findall(r"zzm\d+", asking))) >= 2  # the asking sentence names both parties itself
    if not found or "author" in kinds or _second_party(asking) and not two_named:
        return []  # ('this person', 'they': a person of the context may be meant)
    named = {m.get("type") for m in plan.get("anchors", []) if f"'{m.get('text')}' (named only as context)" not in found}
    if kinds - {"year"} and not kinds & named:
        return []  # 'A wrote a great paper. Did B cite it?': 'it' may be a work of the context person
    return found


# "forget X. take Y - ...", "never mind X", "ignore the paper X": X is named only to be set aside
DISMISSAL = re.compile(rf"\b{_alternation(_words('dismissals'))}\W*(?:the {_alternation(_words('dismissed_nouns'))} )?\W*$")


def dismissed_entities(question: str, plan: dict[str, Any]) -> list[str]:
    """Entities the plan uses although the question dismisses them ("forget X. …")."""
    from hgrag.agents.checking.mention_use import used_ids

    mentions = _used_mentions(plan, used_ids(plan.get("ir")))
    text = _holes(question, mentions).lower()
    return [f"'{mentions[int(hole.group(1))]['text']}' (set aside by the question)"
            for hole in re.finditer(r"zzm(\d+)", text) if DISMISSAL.search(text[:hole.start()])]


def _used_mentions(plan: dict[str, Any], used: set[str] | None = None) -> list[dict[str, Any]]:
    """The plan's mentions that its IR uses (as matched anchors, unless `used` says otherwise),
    longest typed text first."""
    if used is None:
        from hgrag.agents.checking.mention_use import used_ids

        used = used_ids(plan.get("ir"))  # matched anchors and ids compared against ("is B among A's references")
    return sorted((m for m in plan.get("anchors", []) if m.get("node_id") in used and m.get("text")),
                  key=lambda m: -len(m["text"]))


def the_topic(question: str, name: str) -> bool:
    """The name follows a topic marker opening the question (lexicon `context_words.topic_markers`, an honorific or
    a kind noun between): the question is about it, it is no context to set aside."""
    from hgrag.agents.understanding.cue_words import phrase_alternation
    from hgrag.agents.understanding.lexicon import load

    words = load("en").extra.get("context_words", {})
    markers, titles = (phrase_alternation(words.get(k, [])) for k in ("topic_markers", "honorifics"))
    return re.match(rf"\W*(?:{markers})\s+(?:(?:{titles})\s+)?[\"“]?{re.escape(name)}", question, re.IGNORECASE) is not None


def _misread(question: str, plan: dict[str, Any]) -> tuple[list[str], str, set[str]]:
    mentions = _used_mentions(plan)
    if len(mentions) < 2:
        return [], "", set()
    from hgrag.agents.checking.question_clauses import known_and_left_out

    asking, context = _sentences(question, mentions)
    if not asking:
        return [], "", set()
    named_in_asking = set(re.findall(r"zzm\d+", asking))
    if not named_in_asking:
        return [], "", set()
    own = {f"zzm{i}": m.get("type") for i, m in enumerate(mentions)}
    kinds = _referable_kinds(asking, context, own)
    found = []
    for hole in dict.fromkeys(re.findall(r"zzm\d+", context)):
        mention = mentions[int(hole[3:])]
        if hole not in named_in_asking and mention.get("type") not in kinds and not known_and_left_out(mention, asking) \
                and not the_topic(question, mention["text"]):  # ('As for A, …': the question's topic)
            found.append(f"'{mention['text']}' (named only as context)")
    group = GROUP_NOUN.search(asking)
    bare = asking[:group.end()] + GROUP_PHRASE.sub(" ", asking[group.end():]) if group else asking
    return found, bare, kinds


CONNECTORS = frozenset(_words("run_connectors"))


def _unknown_run(text: str, least: int = 3) -> str:
    """The first run of at least `least` words the parser does not know (connectors may join them)."""
    from hgrag.agents.linking.spelling import FUNCTION_WORDS, vocabulary

    known = vocabulary()[0] | FUNCTION_WORDS
    run: list[str] = []
    for word in re.findall(r"[a-z][\w'-]*", text) + ["."]:
        if word not in known and word != "." or run and word in CONNECTORS:
            run.append(word)
            continue
        while run and run[-1] in CONNECTORS:
            run.pop()
        if sum(w not in CONNECTORS for w in run) >= least:
            return " ".join(run)
        run = []
    return ""


def _sentences(question: str, mentions: list[dict[str, Any]]) -> tuple[str, str]:
    """(asking sentence, the other sentences) of the question with mentions as holes; ('', '') for one sentence."""
    from hgrag.agents.checking.question_clauses import NOT_A_STOP, inner_clauses

    stop = rf"(?<=[.!?]){NOT_A_STOP}{STOP_EXTRA}\s+"
    sentences = [s for s in re.split(stop, _holes(question, mentions).lower()) if s.strip()]
    if len(sentences) < 2:
        sentences = inner_clauses(sentences[0]) if sentences else []
    if len(sentences) < 2:
        return "", ""
    asking = next((s for s in reversed(sentences) if s.rstrip().endswith("?") or ASKS_FIRST.match(s)),
                  next((s for s in reversed(sentences) if "?" in s), sentences[-1]))  # 'A. Oru?' is no question
    return asking, " ".join(s for s in sentences if s is not asking)


def back_reference_missed(question: str, plan: dict[str, Any]) -> list[str]:
    """'I was reading P when A's name came up. How many papers has this researcher written?': the
    asking sentence names nobody and refers back to a person, the question names a person, and the
    plan uses no person named in the question (it answers about P's authors)."""
    mentions = _used_mentions(plan)
    asking, context = _sentences(question, mentions)
    if not mentions or not asking or "zzm" in asking or _referable_kinds(asking, context) != {"author"}:
        return []
    people = [a for a in plan.get("anchors", []) if a.get("type") == "author" and a.get("node_id") and a.get("text")]
    if not people or any(m.get("type") == "author" for m in mentions):
        return []
    return [f"'{people[0]['text']}' (the question refers back to this person; my reading does not use them)"]




def aside_for_the_thing(question: str, plan: dict[str, Any]) -> list[str]:
    """'X sent me T, list every author of it', 'got T from X. how many people wrote it?': the asking clause names
    nobody and refers back only to things (a paper, a venue, a year) of which the context names one; the
    context's people are set aside. Not when it leaves someone out ('who else wrote it?': X is the one left out)
    or names a second party ('with', 'cites', 'my')."""
    mentions = _used_mentions(plan)
    asking, context = _sentences(question, mentions)
    if not mentions or not asking or "zzm" in asking:
        return []
    kinds = _referable_kinds(asking, context)
    if not kinds or "author" in kinds or _second_party(asking) or LEAVING_OUT.search(asking):
        return []
    if len({m.get("node_id") for m in mentions if m.get("type") in kinds}) != 1:
        return []
    return [f"'{m['text']}' (named only as context)" for m in mentions if m.get("type") == "author"]


THE_TWO = re.compile(rf"\b{_alternation(_words('the_two'))}\b")


def aside_for_the_person(question: str, plan: dict[str, Any]) -> list[str]:
    """The context entities to set aside when the question refers back to a person the plan missed."""
    if not back_reference_missed(question, plan):
        return []
    return [f"'{m['text']}' (named only as context)" for m in _used_mentions(plan)]


def aside_for_the_two(question: str, plan: dict[str, Any]) -> list[str]:
    """'X introduced me to A and B. Have those two ever written together?': 'those two' are the last
    two people named, so the ones named before them are set aside."""
    if not two_read_as_more(question, plan):
        return []
    text = question.lower()
    people = sorted((m for m in _used_mentions(plan) if m.get("type") == "author" and m["text"].lower() in text),
                    key=lambda m: text.rfind(m["text"].lower()))
    return [f"'{m['text']}' (named only as context)" for m in people[:-2]]


def two_read_as_more(question: str, plan: dict[str, Any]) -> list[str]:
    """'X thinks A and B worked together. Did those two ever publish jointly?': 'those two' are A and B,
    so a plan that uses three people answers about X too."""
    match = THE_TWO.search(question.lower())
    if not match:
        return []
    by_type: dict[str, set[str]] = {}
    for mention in _used_mentions(plan):
        by_type.setdefault(mention.get("type", ""), set()).add(mention["node_id"])
    return [f"'{match.group(0)}' (my reading uses {len(ids)} {kind}s)" for kind, ids in by_type.items() if len(ids) > 2]
