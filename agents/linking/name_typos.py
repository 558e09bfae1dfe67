"""A misspelt person's name read as the one author it can only be ("Maecin Daabrowski" -> Marcin Dabrowski): the
name the graph lacks is corrected when exactly one author's name is a small edit away and every other name is
clearly farther; the correction is shown in the interpretation. Anything less sure stays a "did you mean"."""

from __future__ import annotations

import re
from typing import Any

from rapidfuzz.distance import DamerauLevenshtein

from hgrag.tools.text import norm_key

POOL = 8  # nearest names looked at
ONE_WORD_MAX = 2  # the most edits in the one misspelt word of a name otherwise typed as it is (3 reach made-up names)
WORD_AT_END = re.compile(r"([^\W\d_][\w'-]*)\s+$")
MARGIN = 2  # the next name must be at least this many edits farther (1 when the typo is two letters swapped)


def allowed_edits(name: str) -> int:
    """1 edit for names up to 15 letters, 2 for longer ones; never for one-word or short names."""
    key = norm_key(name)
    if len(key.split()) < 2 or len(key) < 8 and not (_initials_led(name) and len(key.split()[-1]) >= 5):
        return 0  # ('R. Heler': initials and a surname of five letters or more may hold one slip)
    return 1 if len(key) <= 15 else 2


def corrected_name(index: Any, typed: str) -> str | None:
    """The one author name `typed` can only be a misspelling of, or None."""
    budget = allowed_edits(typed)
    if not budget:
        return None
    wanted = norm_key(typed)
    try:
        labels = index.closest(typed, "author", POOL) + _spelled_alike(index, wanted, ONE_WORD_MAX)
    except AttributeError:  # an index without embeddings: no near names to choose from
        return None
    ranked = sorted((DamerauLevenshtein.distance(wanted, norm_key(label)), label) for label in dict.fromkeys(labels))
    if ranked and ranked[0][0] > budget:
        budget = max(budget, _one_word_budget(wanted, norm_key(ranked[0][1])),  # 'Pamela Halcck': Hallock
                     _word_by_word_budget(wanted, norm_key(ranked[0][1])))  # 'Friedaa Graanot': Frieda Granot
    if not ranked or not 0 < ranked[0][0] <= budget:
        return None
    best, label = ranked[0]
    margin = 1 if best == 1 and _swapped(wanted, norm_key(label)) else MARGIN  # 'Prak' for 'Park': the likeliest slip
    if any(distance < best + margin for distance, other in ranked[1:] if norm_key(other) != norm_key(label)):
        return None
    label = _as_typed(typed, [other for distance, other in ranked if distance == best and
                              norm_key(other) == norm_key(label)])
    if label is None:
        return None
    if len([c for c in index.lookup(label, "author") if c.label == label]) != 1:
        return None  # the name is shared by several authors: which one is meant is not known
    return label


def _as_typed(typed: str, labels: list[str]) -> str | None:
    """The one name a misspelling is nearest to, or None when several names are as near but for their marks ('R J
    Stern', 'R. J. Stern'): names alike but for hyphens, stops or spaces are one name, shared by several people, and
    which one is meant is not known (as when such a name is typed right)."""
    return labels[0] if len(set(labels)) == 1 else None


def _initials_led(name: str) -> bool:
    """'R. Heler', 'M.R. Anil Kuar', 'Y N Sriant': a name that opens with initials (one letter, a full stop or not)."""
    return INITIALS_LEAD.match(name.strip()) is not None


def _name_shaped(text: str) -> bool:
    """'R. Heler', 'Aala A.I. Moamed': initials lead the words, or stand among two to five capitalised words (a name,
    not a title, when it is also a small edit from one author's name)."""
    words = text.split()
    return _initials_led(text) or 2 < len(words) <= 5 and all(w[:1].isupper() for w in words) and \
        any(INITIALS_WORD.fullmatch(w) for w in words[1:])


INITIALS_WORD = re.compile(r"(?:[^\W\d_]\.)+[^\W\d_]?\.?")
INITIALS_LEAD = re.compile(r"(?:[^\W\d_]\.\s*|[^\W\d_]\s+)+[^\W\d_]")


def _one_word_budget(typed: str, name: str) -> int:
    """The edits allowed when every word of the name but one is typed as it is: a third of that word's letters
    (rounded up; never for a word under four letters): 'Pamela Halcck' may be 'Pamela Hallock'; else 0."""
    typed_words, name_words = typed.split(), name.split()
    differing = [(a, b) for a, b in zip(typed_words, name_words) if a != b]
    if len(typed_words) != len(name_words) or len(typed_words) < 2 or len(differing) != 1 or len(differing[0][0]) < 4:
        return 0
    return min(ONE_WORD_MAX, -(-len(differing[0][0]) // 3))


def _word_by_word_budget(typed: str, name: str) -> int:
    """The edits allowed when the name's words are typed in order, each one right or one slip off (words of four
    letters or more): one per slipped word, at most ONE_WORD_MAX ('Frnando Ruubio' may be 'Fernando Rubio'); else 0."""
    typed_words, name_words = typed.split(), name.split()
    if len(typed_words) != len(name_words) or len(typed_words) < 2:
        return 0
    slips = [(a, b) for a, b in zip(typed_words, name_words) if a != b]
    if not slips or any(len(a) < 4 or DamerauLevenshtein.distance(a, b) > 1 for a, b in slips):
        return 0
    return min(ONE_WORD_MAX, len(slips))


def _swapped(typed: str, name: str) -> bool:
    """Whether `typed` is `name` with two adjacent letters swapped."""
    diff = [i for i, (a, b) in enumerate(zip(typed, name)) if a != b]
    return len(typed) == len(name) and len(diff) == 2 and diff[1] == diff[0] + 1 and \
        typed[diff[0]] == name[diff[1]] and typed[diff[1]] == name[diff[0]]


def _spelled_alike(index: Any, wanted: str, budget: int) -> list[str]:
    """Author names a few edits from `wanted` by spelling (a misspelt name's embedding may land far from the
    name): the graph's name keys compared by edit distance, the labels of the nearest."""
    from rapidfuzz import process

    if not hasattr(index, "maps") or not hasattr(index, "store"):
        return []  # an index with no name maps: only its nearest names by embedding
    keys, buckets = _name_keys(index)
    reach = budget + MARGIN  # a name this far or farther cannot be the one, nor stop another from being it
    pool = [key for n in range(len(wanted) - reach, len(wanted) + reach + 1) for key in buckets.get((wanted[:1], n), [])]
    found = process.extract(wanted, pool, scorer=DamerauLevenshtein.distance, score_cutoff=reach, limit=POOL)
    return [index.store.label(node) for key, _, _ in found for node in keys[key]]


_KEYS: dict[int, tuple[Any, dict[str, list[str]], dict[tuple[str, int], list[str]]]] = {}


def _name_keys(index: Any) -> tuple[dict[str, list[str]], dict[tuple[str, int], list[str]]]:
    """{normalised author name: its author ids} of the index and its names by (first letter, length), read once per
    index (a typo rarely hits a name's first letter, and an edit changes its length by one at most)."""
    cached = _KEYS.get(id(index))
    if cached is None or cached[0] is not index:
        keys: dict[str, list[str]] = {}
        for key, node in index.maps.keyed("author", "name"):
            keys.setdefault(key, []).append(node)
        buckets: dict[tuple[str, int], list[str]] = {}
        for key in keys:
            buckets.setdefault((key[:1], len(key)), []).append(key)
        cached = (index, keys, buckets)
        _KEYS[id(index)] = cached
    return cached[1], cached[2]


def corrections(index: Any, question: str, suggestions: dict[str, dict[str, Any]],
                linked: frozenset[str] = frozenset()) -> dict[str, str]:
    """{typed name: the author name it is read as} for the unlinked names of a question that have one; a title typed
    with a few typos, the one paper label it is clearly closest to (linking/title_align.near_quoted_title)."""
    from hgrag.agents.linking.title_align import near_quoted_title

    found = {}
    for typed, suggestion in suggestions.items():
        written = as_written(question, typed)
        if written is None or suggestion.get("type") not in ("author", "paper"):
            continue
        if suggestion.get("type") == "paper":
            if "paper" in linked:
                continue  # a paper is linked already (an altered title the detector read): no second one
            hits = near_quoted_title(index, typed)
            label = hits[0].label if hits else corrected_name(index, typed) if _name_shaped(typed) else None
        else:
            label = corrected_name(index, written)  # (as written: its marks tell namesakes apart)
        if label:
            found[written] = label
    return found


def given_name_corrections(index: Any, question: str, anchors: list[dict[str, Any]]) -> dict[str, str]:
    """{typed name: the author name it is read as} for a linked author name typed after a word the lexicon does
    not read ('Daavid M. Weiss' linked as 'M. Weiss', 'Kanam Thomas Wong' as 'Thomas Wong'): the word is a
    misspelt given name when the whole run is a small edit from exactly one author's name."""
    from hgrag.agents.understanding.lexicon import load

    found = {}
    for anchor in anchors:
        text = anchor.get("text") or ""
        if anchor.get("type") != "author" or not text:
            continue
        before = _word_before(question, text)
        if not before or not before.group(1)[:1].isupper() or load("en").concept(before.group(1).lower()):
            continue
        typed = f"{before.group(1)} {text}"
        label = corrected_name(index, typed)
        if label and norm_key(label) != norm_key(text):
            found[typed] = label
    return found


def _word_before(question: str, text: str) -> Any:
    """The word right before the first occurrence of `text` that follows a word and a space (a match; no pattern
    compiled per name)."""
    at = question.find(text)
    while at >= 0:
        before = WORD_AT_END.search(question, 0, at)
        if before:
            return before
        at = question.find(text, at + 1)
    return None


def as_written(question: str, name: str) -> str | None:
    """The name as the question writes it ('Tomaaso R. R. Bontoggnali' for 'Tomaaso R R Bontoggnali', 'D’Arcy' for
    "D'Arcy"), or None."""
    import re

    parts = ("['’‘`´]".join(re.escape(piece) for piece in re.split(r"['’‘`´]", part)) for part in name.split())
    pattern = r"[\s.]*".join(parts)
    match = re.search(rf"(?<![\w]){pattern}\.?(?![\w])", question)
    return match.group(0) if match else None


def mended_names(resources: Any, question: str, plan: dict[str, Any], linked: frozenset[str]) -> dict[str, str]:
    """{typed: read as} of a plan's misspelt names: an unlinked author name or quoted title, a misspelt given
    name, or (when the plan links no venue and names something it could not link, or nothing) a venue name."""
    return corrections(resources.index, question, plan.get("suggestions") or {}, linked) or \
        given_name_corrections(resources.index, question, plan.get("anchors") or []) or \
        (venue_corrections(resources.store, question) if "venue" not in linked and (
            plan.get("unresolved") or not plan.get("anchors")) else {})


VENUE_MIN_SCORE = 90.0  # partial-ratio of the venue name against the question
VENUE_MARGIN = 3.0  # the next venue must match clearly worse


def venue_corrections(store: Any, question: str) -> dict[str, str]:
    """{typed venue name: the venue it is read as} for a misspelt venue name ('Computirs & Security'): the one
    venue whose name matches a stretch of the question with a few typos (1 edit up to 15 letters, 2 up to 30, 3
    beyond), clearly better than any other venue, outside quoted text; else {}."""
    import re

    from rapidfuzz import fuzz, process

    labels = _venue_labels(store)
    lowered = question.lower()
    found = process.extract(lowered, list(labels), scorer=fuzz.partial_ratio, score_cutoff=VENUE_MIN_SCORE - VENUE_MARGIN,
                            limit=2)
    if not found or found[0][1] < VENUE_MIN_SCORE or len(found) > 1 and found[1][1] > found[0][1] - VENUE_MARGIN:
        return {}
    name = found[0][0]
    where = fuzz.partial_ratio_alignment(name, lowered)
    typed = question[where.dest_start:where.dest_end].strip()
    budget = 1 if len(name) <= 15 else 2 if len(name) <= 30 else 3
    quoted = [m.span() for m in re.finditer(r'"[^"]*"|“[^”]*”|«[^»]*»|„[^“]*“', question)]
    inside = any(s <= where.dest_start < e for s, e in quoted)
    if len(name) < 10 or inside or not 0 < DamerauLevenshtein.distance(typed.lower(), name) <= budget:
        return {}
    return {typed: labels[name]}


_VENUES: dict[int, tuple[Any, dict[str, str]]] = {}


def _venue_labels(store: Any) -> dict[str, str]:
    """{lower-cased venue name: the venue's name} of a store, read once per store."""
    cached = _VENUES.get(id(store))
    if cached is None or cached[0] is not store:
        labels = {}
        for node in store.nodes_of_type("venue"):
            label = store.label(node)
            labels.setdefault(label.lower(), label)
        cached = (store, labels)
        _VENUES[id(store)] = cached
    return cached[1]


def initial_keeping_rivals(index: Any, typed: str, hits: list[Any]) -> list[Any]:
    """'Mazin A. Bashri' found as 'Mazin Bashri' only by dropping the typed middle initial: authors whose name keeps
    that initial and is one edit from the name as typed ('Mazin A. Bashari') may be meant as well; their hits, so the
    mention holds both and which one is meant is asked, not guessed."""
    typed_tokens = norm_key(typed).split()
    initials = {t for t in typed_tokens[1:-1] if len(t) == 1}
    if not initials or not hits or any(initials <= set(norm_key(h.label).split()) for h in hits):
        return []
    try:
        labels = index.closest(typed, "author", POOL)
    except AttributeError:
        return []
    near = [label for label in dict.fromkeys(labels) if initials <= set(norm_key(label).split())
            and DamerauLevenshtein.distance(norm_key(typed), norm_key(label)) == 1]
    known = {h.node_id for h in hits}
    return [c for label in near for c in index.lookup(label, "author") if c.node_id not in known]
