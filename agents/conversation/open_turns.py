"""After a turn left open (I asked back, or gave no answer): which readings of the next turn may still take
something from the thread. A set or a selection would reach past what that turn meant and is asked back; a
reference only one entity of the thread can stand for, or a new pick of the same kind, is resolved."""

from __future__ import annotations

from typing import Any

from hgrag.agents.conversation.lexicon import search_words
from hgrag.agents.conversation.memory import Turn
from hgrag.agents.conversation.pick import last_set, many_entities, thread_entities
from hgrag.agents.conversation.references import Ref, find_references


def points_at_a_set(low: str, spans: list[Any]) -> bool:
    """'show me the ones in V' read on its own would answer about every paper in V; 'the ones' points back."""
    found = search_words("set_words", low)
    return bool(found) and found.group(0).startswith("the ") and not any(
        s.start <= found.start() < s.end for s in spans if s.start >= 0)


def takes_a_set_past(result: dict[str, Any], low: str, spans: list[Any], history: list[Turn]) -> bool:
    """After a turn I gave no answer to, 'which of them …' / 'the oldest one' / 'only those after 2010' would
    reach past it to an older answer set, though the user means the set that turn asked for."""
    if result.get("kind") == "refinement":
        return True
    refs = find_references(low, spans) if result.get("kind") == "substitution" else []
    if any(ref.kind in ("ordinal", "year", "extreme") for ref in refs):
        return True
    return any(ref.number == "many" and ref.kind in ("pronoun", "demonstrative")
               and many_entities(ref, history)[1] is not history[-1] for ref in refs)


def left_open(turn: Turn) -> bool:
    """A turn that asked back, or that got no answer and named nothing the thread could hold on to."""
    return bool(turn.get("clarify")) or (not turn["answer"] and not turn["anchors"])


def uses_last_answer(result: dict[str, Any], low: str, spans: list[Any], asked_back: Turn,
                      history: list[Turn]) -> bool:
    """Does the reading take items of the previous answer (a refinement, a set, a selection), or a thread
    entity after a question back about an unclear reference (what that turn meant is unknown)? After a question
    back, a reference that only one entity of the whole thread can stand for ('where was it published?' when
    the thread holds one paper) names it whatever the open turn meant; after a turn I could not answer, that
    turn may have named something I did not find, so it does not."""
    picks = find_references(low, spans) if result.get("kind") in ("refinement", "substitution") else []
    if picks and asked_back.get("clarify") and (_picks_again(picks, asked_back) or _picks_the_person(picks, asked_back)):
        return False
    if result.get("kind") == "refinement":
        return True
    refs = picks if result.get("kind") == "substitution" else []
    if refs and asked_back.get("clarify") and all(_only_one_in_thread(ref, history) for ref in refs):
        return False
    if refs and not asked_back.get("homonyms"):
        return True
    return any(ref.number == "many" or ref.kind in ("ordinal", "year", "extreme") for ref in refs)


def _picks_the_person(refs: list[Ref], asked_back: Turn) -> bool:
    """'what else has she written?' (asked back: which of the authors?), then 'ok, the first author then — …':
    a selection of an author answers which person the question back was about."""
    before = find_references(asked_back["asked"].lower(), [])
    person = any(r.kind == "pronoun" and r.type == "author" for r in before)
    return person and any(r.kind == "ordinal" and r.type == "author" for r in refs)


def _picks_again(refs: list[Ref], asked_back: Turn) -> bool:
    """'who is the third author?' (there are two), then 'and the second author?': a selection of the same kind
    as the one I asked back about picks again from the same set."""
    before = [r for r in find_references(asked_back["asked"].lower(), []) if r.kind in ("ordinal", "year", "extreme")]
    return bool(before) and all(r.kind in ("ordinal", "year", "extreme") and (r.noun == before[0].noun or not r.noun
                                or not before[0].noun) for r in refs)


def _only_one_in_thread(ref: Ref, history: list[Turn]) -> bool:
    return (ref.kind in ("pronoun", "demonstrative") and ref.number == "one" and ref.same_as is None
            and len(thread_entities(ref, history)) == 1 and not _open_turn_pointed_at(ref, history))


def _open_turn_pointed_at(ref: Ref, history: list[Turn]) -> bool:
    """Did the turn I asked back about point at something `ref` could stand for ('which came out most
    recently?' then 'who wrote it?': 'it' is the paper that turn was after, not the thread's one paper)?"""
    from hgrag.agents.conversation.references import fits

    earlier, _ = last_set(history[:-1])
    pointers = find_references(history[-1]["asked"].lower(), [])
    if not pointers:
        return True  # what it was after is unknown
    for pointed in pointers:
        kind = pointed.type if pointed.type not in ("any", "thing") or not earlier else earlier[0]["type"]
        if fits(ref.type, kind) or fits(kind, ref.type):
            return True
    return False
