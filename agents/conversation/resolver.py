"""Resolve one turn of a thread: a standalone question, a follow-up rewritten into a standalone
question (references replaced by what they stand for), an ellipsis, a refinement IR over the
previous answer, the answer to a same-name question, or a clarifying question back.

The result is a plain dict (kept in the state as `resolution`):
  kind      standalone | substitution | ellipsis | refinement | choice | clarify
  asked     the turn as typed;  question: what the planner reads (standalone text)
  taken     what was taken from the thread ("'that paper' = 'T' from turn 1"), shown in interpretation
  ir/set    (refinement) the plan IR over the previous answer set
  graft     (substitution of a set) {"placeholder": node id, "ids": [...], "type": t}
  pins      (choice) {mention text: node id}
  clarify   (clarify) the question asked back
"""

from __future__ import annotations

import re
from typing import Any

from hgrag.agents.conversation.asked_slot import attribute_ellipsis, position_ellipsis
from hgrag.agents.conversation.choice import homonym_choice
from hgrag.agents.conversation.lexicon import lexicon, search_words, starts_with, type_of_noun, words
from hgrag.agents.conversation.pick import answered, clarify_text, last_set, listing
from hgrag.agents.conversation.memory import Turn
from hgrag.agents.conversation.open_turns import left_open, points_at_a_set, takes_a_set_past, uses_last_answer
from hgrag.agents.conversation.pick import many_entities, one_entity, select
from hgrag.agents.conversation.references import Ref, chat_fillers, find_references, fragment_only
from hgrag.agents.conversation.year_refs import with_years
from hgrag.agents.conversation.refine import ellipsis, refinement
from hgrag.agents.linking.mentions import fold_quotes
from hgrag.tools.text import norm_key
from hgrag.agents.understanding.reading import without_lead_in


def standalone(asked: str) -> dict[str, Any]:
    return {"kind": "standalone", "asked": asked, "question": asked, "taken": []}


def resolve(asked: str, history: list[Turn], dataset: str, detector: Any, store: Any,
            name_set: Any = None) -> dict[str, Any]:
    """The reading of `asked` given the earlier turns of the thread (same dataset only); `name_set(turn,
    items)` names an earlier answer set in words the planner reads back to it (agents/conversation/naming)."""
    history = [t for t in history if t.get("dataset") == dataset]
    if not history or not isinstance(asked, str) or not asked.strip():
        return standalone(asked)
    fresh = bool(starts_with(fold_quotes(asked).lower(), words("new_topic_openers")))  # before its lead-in goes
    text, year_taken = with_years(without_lead_in(fold_quotes(asked)), history)
    if year_taken and year_taken.get("kind") == "clarify":
        return {**year_taken, "asked": asked, "question": text, "taken": []}
    spans, years, _ = detector.detect(text)
    corrected = _spelled(text, [s for s in spans if s.start >= 0])
    if corrected != text:  # 'what abuot V' reads as 'what about V'; names are left as typed
        text = corrected
        spans, years, _ = detector.detect(text)
    low = "".join(c.lower() if len(c.lower()) == 1 else c for c in text)  # same offsets as `text`
    spans = [s for s in spans if s.start >= 0]
    result = _read(text, low, spans, years, history, store, name_set, fresh)
    if year_taken:
        result = {**result, "kind": "substitution" if result["kind"] == "standalone" else result["kind"],
                  "taken": [year_taken["taken"]] + list(result.get("taken") or [])}
        result.setdefault("question", text)
    result.setdefault("question", text)
    result.setdefault("taken", [])
    return {**result, "asked": asked}


def _spelled(text: str, spans: list[Any]) -> str:
    """`text` outside the mentions with "who's" read as "who is" and typos corrected (the planner's own
    readings: understanding/tokens, spelling)."""
    from hgrag.agents.linking.spelling import correct_text as correct_words  # chat spellings too ('pubs', 'gimme')
    from hgrag.agents.understanding.tokens import is_uncontracted

    pieces, at = [], 0
    for span in sorted(spans, key=lambda s: s.start):
        pieces += [correct_words(is_uncontracted(text[at:span.start])), text[span.start:span.end]]
        at = max(at, span.end)
    return "".join(pieces + [correct_words(is_uncontracted(text[at:]))])


def _read(text: str, low: str, spans: list[Any], years: list[int], history: list[Turn], store: Any,
          name_set: Any = None, fresh: bool = False) -> dict[str, Any]:
    result = homonym_choice(low, spans, history, store)
    connectors = dict.fromkeys((starts_with(low, words("leading_connectors")) or "", _lead_in(low)))
    if result is None and (fresh or starts_with(low, words("new_topic_openers"))):  # 'Changing subject. Year of T?'
        result = substitution(text, low, spans, history, store, name_set) if find_references(low, spans) \
            else {"kind": "standalone"}
    if result is None:
        for connector in connectors:
            result = refinement(low[len(connector):], [_shifted(s, len(connector)) for s in spans], history, store)
            if result is not None:  # 'just the ones in V' keeps its 'just'; 'hmm, which were …' drops the 'hmm'
                break
    if result is None:
        result = ellipsis(low, text, spans, years, history)
    for connector in [c for c in connectors if c]:  # 'ok and 1996?' continues after its 'ok'
        if result is not None:
            break
        attempt = ellipsis(low[len(connector):], text[len(connector):],
                           [_shifted(s, len(connector)) for s in spans], years, history)
        result = attempt if attempt is not None and attempt["kind"] != "clarify" else None
    if result is None:
        result = attribute_ellipsis(low, spans, years, history)
    if result is None:
        result = position_ellipsis(low, spans, years, history)
    if result is None:
        result = substitution(text, low, spans, history, store, name_set)
    if history and left_open(history[-1]) and uses_last_answer(result, low, spans, history[-1], history):
        # my last reply was a question, or no answer to a turn I could not place: 'those' / 'the second one' /
        # 'it' would skip over what that turn meant
        why = "after_question" if history[-1].get("clarify") else "after_unanswered"
        return {"kind": "clarify", "clarify": clarify_text(why, phrase=text.strip())}
    if result.get("kind") == "standalone" and points_at_a_set(low, spans):
        return {"kind": "clarify", "clarify": clarify_text("which_set", phrase=text.strip())}
    if history and not history[-1]["answer"] and not history[-1].get("clarify") \
            and takes_a_set_past(result, low, spans, history):
        return {"kind": "clarify", "clarify": clarify_text("after_unanswered", phrase=text.strip())}
    return result


def _lead_in(low: str) -> str:
    """The connectors and chat fillers a follow-up opens with ('hmm, ok and '), with their punctuation."""
    openers = tuple(words("leading_connectors")) + chat_fillers(phrases=True)
    lead = ""
    while (found := starts_with(low[len(lead):], openers)):
        lead += found
        lead += re.match(r"[\s,.!]*", low[len(lead):]).group(0)
    return lead


def substitution(text: str, low: str, spans: list[Any], history: list[Turn], store: Any,
                 name_set: Any = None) -> dict[str, Any]:
    """Replace each thread reference by what it stands for; a set is named by the reading of the plan
    that produced it when that name reads back to the set, else stood in for by its first member,
    whose node the plan later widens to the whole set (the graft)."""
    refs = find_references(low, spans)
    if not refs and history and spans and _bare_fragment(low, spans):
        # names and connectors with no question of their own ('ok, and A and B?') continue an earlier
        # question that could not be placed: ask back rather than answer the names as a new question
        return {"kind": "clarify", "clarify": f"I am not sure which earlier question '{text.strip()}' continues "
                                              "or what you would like to know; please ask the whole question."}
    if not refs:
        return {"kind": "standalone"}
    named_sets = _set_names(refs, low, history, name_set)
    if named_sets:  # 'which of them got the most citations': the ranking is asked over the named set
        refs = [ref for ref in refs if ref.kind != "extreme"]
    question, taken, graft, pins = text, [], None, {}
    item: dict[str, Any] | None = None  # the last single item a reference stood for (none when all were named sets)
    for ref in reversed(refs):
        if ref.same_as is not None:  # 'the 2nd author - what else did they write': the same one
            earlier = next(r for r in refs if r.start == ref.same_as)
            item, turn, problem = _one(earlier, history, store)
            if problem:
                return {"kind": "clarify", "clarify": problem}
            question = question[:ref.start] + _words_for(item, ref) + question[ref.end:]
            continue
        if ref.number == "many" and ref.kind in ("pronoun", "demonstrative"):
            items, turn, problem = many_entities(ref, history)
            if problem:
                return {"kind": "clarify", "clarify": problem}
            distributive = search_words("distributive_words", low)
            if len(items) > 1 and distributive:
                return {"kind": "clarify", "clarify": clarify_text("distributive", phrase=distributive.group(0),
                                                                   options=listing(items))}
            if len(items) > 1 and _names_people(items, ref, low):
                taken.append(f"'{ref.phrase}' = " + " and ".join(f"'{it['label']}'" for it in items)
                             + f" from turn {turn['turn']}")
                owner = "'s" if ref.possessive else ""
                question = question[:ref.start] + _joined(items) + owner + question[ref.end:]
                continue
            name = named_sets.get(ref.start)
            if name:
                taken.append(f"'{ref.phrase}' = {name} (the {len(items)} {items[0]['type']}s of turn {turn['turn']}'s answer)")
                question = question[:ref.start] + name + question[ref.end:]
                continue
            if len(items) > 1:
                if graft is not None:
                    return {"kind": "clarify", "clarify": f"I cannot tell which sets '{ref.phrase}' refers to; please ask the whole question."}
                graft = {"placeholder": items[0]["id"], "ids": [it["id"] for it in items], "type": items[0]["type"]}
                names = ", ".join(f"'{it['label']}'" for it in items[:4]) + (" …" if len(items) > 4 else "")
                taken.append(f"'{ref.phrase}' = the {len(items)} {items[0]['type']}s {names} from turn {turn['turn']}")
            else:
                taken.append(f"'{ref.phrase}' = '{items[0]['label']}' from turn {turn['turn']}")
            item = items[0]
        else:
            item, turn, problem = _one(ref, history, store)
            if problem:
                return {"kind": "clarify", "clarify": problem}
            taken.append(f"'{ref.phrase}' = '{item['label']}' from turn {turn['turn']}")
            pins[item["label"]] = item["id"]  # the one meant, whoever else bears the name
        question = question[:ref.start] + _words_for(item, ref) + question[ref.end:]
    named = _what_they_are(refs, item, graft, low, spans)
    if named:  # 'and those papers are?': what the demonstrative stands for
        return {**named, "taken": taken}
    if fragment_only(_blank(low, refs), spans, tuple(words("selection_words")) + chat_fillers() + _selecting_heads(item)) \
            and not (item and _asks_another_kind(_blank(low, refs), item)) and not _asks_attribute(_blank(low, refs), refs):
        if len(refs) == 1 and refs[0].kind == "extreme":  # 'the most recent of those?': the set's top item
            return _top_of_set(refs[0], history, taken)
        if len(refs) == 1 and refs[0].kind in ("ordinal", "year") and turn is not answered(history)[0]:
            # 'and for the first author?' after a question about the second: that question goes on
            return _same_question_for(item, answered(history)[0], taken, history) or {
                "kind": "clarify", "clarify": clarify_text("reaches_back", phrase=refs[0].phrase,
                                                           label=item["label"], turn=turn["turn"])}
        if len(refs) == 1 and refs[0].kind in ("ordinal", "year"):  # 'the second one?'
            return {"kind": "refinement", "ir": {"op": "match", "ids": [item["id"]], "type": item["type"], "text": ""},
                    "set": [item], "taken": taken, "question": f"Which {item['type']} is {_words_for(item, refs[0])}?"}
        return {"kind": "clarify", "clarify": f"What would you like to know about {', '.join(t.split(' = ')[1].split(' from')[0] for t in taken)}?"}
    result = {"kind": "substitution", "question": question, "taken": list(reversed(taken))}
    if pins and len({norm_key(label) for label in pins}) == len(pins):
        result["pins"] = pins
    if graft:
        result["graft"] = graft
    excluded = _others_of(low, spans, refs, history)
    if excluded:
        result["exclude"] = excluded
    return result


def _one(ref: Ref, history: list[Turn], store: Any) -> tuple[Any, Any, str | None]:
    """The one entity a singular reference stands for (item, its turn, or a question back)."""
    return select(ref, history, store) if ref.kind in ("ordinal", "year", "extreme") else one_entity(ref, history)


def _same_question_for(item: dict[str, Any], last: Turn, taken: list[str],
                       history: list[Turn]) -> dict[str, Any] | None:
    """The last question asked again with `item` in place of its one entity of the same type ('how many papers
    has B written?' -> '... has A written?'), or None when that question has no such single slot; a question that
    leaves something out ('what else did B write?') leaves out the same entities of the thread again."""
    same = [a for a in last["anchors"] if a["type"] == item["type"]]
    question = last.get("question") or ""
    other = search_words("other_words", question.lower())
    if len(same) != 1 or not question.count(same[0]["label"]) or same[0]["id"] == item["id"]:
        return None
    result = {"kind": "ellipsis", "question": question.replace(same[0]["label"], item["label"]), "turn": last["turn"],
              "taken": taken + [f"the question of turn {last['turn']} asked for {item['label']}"]}
    about = [it for it in _thread_about(history) if it["type"] != item["type"]] if other else []
    return {**result, "exclude": about} if about else result


def _asks_attribute(blank: str, refs: list[Ref]) -> bool:
    """'which year is that from?', 'what year is the oldest one from?': a question word and an attribute the
    question lexicon knows, asked of what the references pick."""
    from hgrag.agents.understanding.lexicon import load

    tokens = re.findall(r"[\w'-]+", blank)
    concepts = [load("en").concept(token) or "" for token in tokens]
    content = [c for c in concepts if c.split(":")[0] not in ("function", "filler")]
    if content[:1] and content[0].startswith("attribute:"):
        return True  # 'year of that one?', 'citations for it?': the fragment opens with what it asks
    return any(c.startswith("head:") and c != "head:aux" for c in concepts) and any(c.startswith("attribute:") for c in concepts)


def _what_they_are(refs: list[Ref], item: dict[str, Any] | None, graft: dict[str, Any] | None,
                   low: str, spans: list[Any]) -> dict[str, Any] | None:
    """'and those papers are?': a demonstrative and a bare copula ask what it stands for."""
    blank = _blank(low, refs)
    copulas = tuple(w for phrase in words("bare_copulas") for w in phrase.split())
    said = set(re.findall(r"[\w'-]+", blank))
    allowed = set(copulas) | set(chat_fillers()) | {w for p in words("leading_connectors") for w in p.split()}
    if len(refs) != 1 or refs[0].kind != "demonstrative" or refs[0].possessive or item is None or spans \
            or not said & set(copulas) or not said <= allowed:
        return None  # 'what year is that one from?' asks something of it
    if graft:
        return None  # several: the set is named by its own reading elsewhere
    return {"kind": "refinement", "ir": {"op": "match", "ids": [item["id"]], "type": item["type"], "text": ""},
            "set": [item], "question": f"Which {item['type']} is {_words_for(item, refs[0])}?"}


def _selecting_heads(item: dict[str, Any] | None) -> tuple[str, ...]:
    """The bare wh-words that ask for the selected item itself ('the final author — who?')."""
    heads = lexicon()["selection_heads"]
    return tuple(w for phrase, kind in heads.items() if item and kind in (item["type"], "any") for w in phrase.split())


def _asks_another_kind(blank: str, item: dict[str, Any]) -> bool:
    """'co-authors of the oldest': the fragment names a kind of thing other than the one selected."""
    named = {type_of_noun(w) for w in re.findall(r"[\w'-]+", blank)} - {None}
    return bool(named - {item["type"]})


def _top_of_set(ref: Ref, history: list[Turn], taken: list[str]) -> dict[str, Any]:
    """A bare 'the latest one of them': the earlier answer set ranked as a refinement would rank it."""
    items, _ = last_set(history, ref.type)
    attr, order, wording = (ref.key + [""])[:3]
    ir = {"op": "top", "input": {"op": "match", "ids": [it["id"] for it in items], "type": items[0]["type"], "text": ""},
          "key": attr, "order": order}
    return {"kind": "refinement", "ir": ir, "set": items, "taken": taken,
            "question": f"Which {items[0]['type']} {wording or ref.phrase}?"}


def _others_of(low: str, spans: list[Any], refs: list[Ref], history: list[Turn]) -> list[dict[str, Any]]:
    """'what else has the second author published?', 'its other authors?': the entities the thread is about
    are left out of the answer (of each type, the anchors of the last question that was not a refinement and
    named one of that type); [] without an 'else' / 'other'."""
    other = search_words("other_words", _blank(low, refs))
    if not other or any(s.start <= other.start() < s.end for s in spans if s.start >= 0):
        return []
    return _thread_about(history)


def _thread_about(history: list[Turn]) -> list[dict[str, Any]]:
    """The entities the thread is about: of each type, the anchors of the last question that was not a
    refinement and named one of that type."""
    about: dict[str, list[dict[str, Any]]] = {}
    for turn in answered(history):
        if turn.get("kind") == "refinement":
            continue
        for anchor in turn["anchors"]:
            if anchor["type"] not in about or about[anchor["type"]][0].get("turn") == turn["turn"]:
                about.setdefault(anchor["type"], []).append({**anchor, "turn": turn["turn"]})
    return [{k: v for k, v in it.items() if k != "turn"} for group in about.values() for it in group]


def _set_names(refs: list[Ref], low: str, history: list[Turn], name_set: Any) -> dict[int, str]:
    """Names (by reference start) of the earlier answer sets that 'them' / 'those papers' refer to,
    where a name reads back to its set (naming.py); people of a small set are written out instead."""
    names: dict[int, str] = {}
    for ref in refs if name_set else []:
        if ref.number != "many" or ref.kind not in ("pronoun", "demonstrative") or ref.possessive:
            continue
        items, turn, problem = many_entities(ref, history)
        if problem or len(items) < 2 or _names_people(items, ref, low):
            continue
        name = name_set(turn, items)
        if name and not _names_several(name):  # 'the papers by both A and B' inside
            # another question reads as two sets ('the venues of papers by A and papers by B'): grafted instead
            names[ref.start] = name
    return names


def _names_several(name: str) -> bool:
    """Does a set's name join several entities by words outside its quoted titles ('the papers by both A and
    B'), rather than list titles ('T1' and 'T2')?"""
    unquoted = re.sub(r"'[^']*'|\"[^\"]*\"", " ", name.lower())
    if search_words("name_joiners", unquoted) is None:
        return False
    rest = [w for w in re.findall(r"[a-z][\w'-]*", unquoted) if w not in words("name_joiners")
            and w != "the" and type_of_noun(w) is None]
    return bool(rest)


def _names_people(items: list[Any], ref: Ref, low: str) -> bool:
    """A small set of people is written out by name ('A and B'), so 'together' keeps its joint meaning; so is
    one owning something jointly ('their joint papers': 'A and B's joint papers')."""
    joint = ref.possessive and search_words("joint_words", low) is not None
    return len(items) <= NAMED_SET and all(it["type"] == "author" for it in items) and (not ref.possessive or joint)


def _bare_fragment(low: str, spans: list[Any]) -> bool:
    """Only mentions, years, connectors and fragment words (no verb or asked thing of its own)."""
    connectors = tuple(w for phrase in words("leading_connectors") + words("ellipsis_openers") for w in phrase.split())
    return fragment_only(low, spans, connectors + (",", "?", ".", "!", "&"))


NAMED_SET = 6  # a set of at most this many people is named as the user would name it ('A and B')


def _joined(items: list[dict[str, Any]]) -> str:
    """'A', 'A and B', 'A, B and C': a small set of people written out, so the planner reads the whole
    question (a 'together' or 'both' then keeps its joint meaning)."""
    names = [it["label"] for it in items]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _words_for(item: dict[str, Any], ref: Ref) -> str:
    """How the entity is written into the question: a paper's title quoted, and a name quoted when it holds
    a word that joins names ('X and Y' as one author's name would be read as two people)."""
    joined = search_words("name_joiners", item["label"].lower())
    words = f"'{item['label']}'" if item["type"] == "paper" or joined else item["label"]
    words = f"{ref.prefix} {words}" if ref.prefix else words
    if ref.noun in lexicon()["relational_nouns"]:  # 'last name on the byline' = on the byline of T
        return f"the {ref.noun} of {words}"
    return f"{words}'s" if ref.possessive else words


def _shifted(span: Any, offset: int) -> Any:
    from dataclasses import replace

    return replace(span, start=span.start - offset, end=span.end - offset)


def _blank(text: str, refs: list[Ref]) -> str:
    for ref in refs:
        text = text[:ref.start] + " " * (ref.end - ref.start) + text[ref.end:]
    return text
