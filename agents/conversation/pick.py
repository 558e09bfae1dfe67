"""What a reference stands for in the earlier turns: one entity, a set, or a clarifying question."""

from __future__ import annotations

from typing import Any

from hgrag.agents.conversation.lexicon import lexicon
from hgrag.agents.conversation.memory import Item, Turn
from hgrag.agents.conversation.references import Ref, fits

MAX_LISTED = 6


def clarify_text(key: str, **values: Any) -> str:
    return lexicon()["clarify"][key].format(**values)


def listing(items: list[Item]) -> str:
    shown = [f"{i + 1}. {it['label']}" for i, it in enumerate(items[:MAX_LISTED])]
    more = f" and {len(items) - MAX_LISTED} more" if len(items) > MAX_LISTED else ""
    return "; ".join(shown) + more


def answered(history: list[Turn]) -> list[Turn]:
    """Turns that answered something (clarifying turns are skipped), most recent first."""
    return [t for t in reversed(history) if not t.get("clarify")]


def last_set(history: list[Turn], wanted: str = "any") -> tuple[list[Item], Turn | None]:
    """The entities of the most recent answer that listed entities (of the wanted type)."""
    for turn in answered(history):
        items = [it for it in turn["items"] or turn.get("counted") or turn.get("found") or [] if fits(wanted, it["type"])]
        if items:
            return items, turn
        if not turn["answer"]:
            return [], None  # the last question got no answer (empty, or not answered): nothing to refer to
    return [], None


def attribute(store: Any, node: str, key: str) -> Any:
    if key == "n_papers":
        return len(store.step(node, "paper"))
    value = store.attr(node, key)
    return value if isinstance(value, (int, float)) else None


def select(ref: Ref, history: list[Turn], store: Any) -> tuple[Item | None, Turn | None, str | None]:
    """The item an ordinal / year / extreme selection picks from the previous answer."""
    items, turn = last_set(history, ref.type)
    if not items:
        return None, None, clarify_text("nothing", phrase=ref.phrase)
    if ref.kind == "ordinal" and ref.type == "author" and ref.noun:
        on_byline = _byline_place(store, turn, ref)  # 'the last author' after 'who is the first author of T?'
        if on_byline is not None:
            return on_byline
        papers = [a["id"] for a in turn["anchors"] if a["type"] == "paper"]
        if len(papers) == 1 and len(items) < len(store.neighbors(papers[0], "writes", "in")):
            return None, None, clarify_text("nothing", phrase=ref.phrase)  # a place, but only part of the byline shown
    if ref.kind == "ordinal":
        position = ref.index if ref.index and ref.index > 0 else len(items) + (ref.index or 0) + 1
        if not 1 <= position <= len(items):
            return None, None, clarify_text("out_of_range", n=len(items), s="" if len(items) == 1 else "s",
                                            options=listing(items), phrase=ref.phrase)
        other = _by_position(store, turn, items, position)  # 'the second one' of a paper's authors too
        if other is not None and other["id"] != items[position - 1]["id"]:
            paper = next(a for a in turn["anchors"] if a["type"] == "paper")
            return None, None, clarify_text("listed_or_position", phrase=ref.phrase, listed=items[position - 1]["label"],
                                            author=other["label"], title=paper["label"])
        return items[position - 1], turn, None
    if ref.kind == "year":
        chosen = [it for it in items if store.attr(it["id"], "year") == ref.year]
        if not chosen:
            return None, None, clarify_text("no_year", options=listing(items), year=ref.year, phrase=ref.phrase)
        if len(chosen) > 1:
            return None, None, clarify_text("ambiguous", phrase=ref.phrase, options=listing(chosen))
        return chosen[0], turn, None
    attr, order = ref.key[:2]
    valued = [(attribute(store, it["id"], attr), it) for it in items]
    valued = [(v, it) for v, it in valued if v is not None]
    if not valued:
        return None, None, clarify_text("nothing", phrase=ref.phrase)
    best = (max if order == "max" else min)(v for v, _ in valued)
    chosen = [it for v, it in valued if v == best]
    if len(chosen) > 1:
        return None, None, clarify_text("ambiguous", phrase=ref.phrase, options=listing(chosen))
    return chosen[0], turn, None


def _byline_place(store: Any, turn: Turn, ref: Ref) -> tuple[Item | None, Turn | None, str | None] | None:
    """'the second author', 'the last author' when the turn was about one paper: that place on its byline
    (whatever the answer listed), or a question back past its end; None when the turn was not about one paper
    or the graph records no author places."""
    papers = [a["id"] for a in turn["anchors"] if a["type"] == "paper"]
    if len(papers) != 1 or not ref.index:
        return None
    places = {a: p for a, p in store.author_positions(papers).get(papers[0], {}).items() if p}
    if not places:
        return None
    byline = sorted(places, key=places.get)
    position = ref.index if ref.index > 0 else len(byline) + ref.index + 1
    if not 1 <= position <= len(byline):
        listed = [Item(id=a, label=store.label(a), type="author") for a in byline]
        return None, None, clarify_text("past_byline", n=len(byline), s="" if len(byline) == 1 else "s",
                                        options=listing(listed), phrase=ref.phrase, title=store.label(papers[0]))
    author = byline[position - 1]
    return Item(id=author, label=store.label(author), type="author"), turn, None


def _by_position(store: Any, turn: Turn, items: list[Item], position: int) -> Item | None:
    """'the second author' after the authors of one paper: the author in that place on the paper, when
    the graph records author positions (None otherwise)."""
    papers = [a["id"] for a in turn["anchors"] if a["type"] == "paper"]
    if len(papers) != 1 or any(it["type"] != "author" for it in items):
        return None
    places = store.author_positions(papers).get(papers[0], {})
    at = [a for a, p in places.items() if p == (position if position > 0 else max(places.values(), default=0))]
    if len(at) != 1 or not any(p for p in places.values()):
        return None
    return next((it for it in items if it["id"] == at[0]), None)


def one_entity(ref: Ref, history: list[Turn]) -> tuple[Item | None, Turn | None, str | None]:
    """'he', 'that paper', 'it': the single fitting entity of the most recent turn that has one; when that
    turn listed several, the one it asked about; two or more fitting entities otherwise is a question back,
    never a guess."""
    for turn in answered(history):
        listed = _distinct([it for it in turn["items"] if fits(ref.type, it["type"]) and it["type"] != ref.owns])
        asked_about = _distinct([it for it in turn["anchors"] if fits(ref.type, it["type"]) and it["type"] != ref.owns])
        if len(listed) > 1 and len(asked_about) == 1:  # 'he' after A's co-authors: A, the one named
            return asked_about[0], turn, None
        for fitting in (listed, asked_about):
            if len(fitting) == 1:
                return fitting[0], turn, None
            if len(fitting) == 2 and fitting is asked_about and ref.kind == "pronoun" and ref.index is not None:
                return fitting[ref.index], turn, None  # 'the latter' of two the question named together
            if len(fitting) > 1:
                return None, None, clarify_text("ambiguous", phrase=ref.phrase, options=listing(fitting))
    return None, None, clarify_text("nothing", phrase=ref.phrase)


def thread_entities(ref: Ref, history: list[Turn]) -> list[Item]:
    """Every entity of the thread's answered turns (listed, counted or asked about) that `ref` could name."""
    pools = [it for turn in answered(history) for pool in (turn["items"], turn.get("counted") or [], turn["anchors"])
             for it in pool]
    return _distinct([it for it in pools if fits(ref.type, it["type"]) and it["type"] != ref.owns])


def many_entities(ref: Ref, history: list[Turn]) -> tuple[list[Item], Turn | None, str | None]:
    """'they', 'those papers': the entities of the most recent answer (or anchors) that fit. A plural
    stands for one item only when that item is a person (the singular 'they')."""
    for turn in answered(history):
        found = turn.get("found") or [] if ref.kind == "demonstrative" else []  # 'those papers' after 'yes'
        for pool in (turn["items"], turn.get("counted") or [], found, turn["anchors"]):
            fitting = _distinct([it for it in pool if fits(ref.type, it["type"]) and it["type"] != ref.owns])
            if len(fitting) == 1 and fitting[0]["type"] != "author" and not (ref.kind == "demonstrative"
                                                                             and ref.type == fitting[0]["type"]):
                continue  # 'their papers' after one venue: the venue is not 'they' ('those papers' may be one)
            if fitting:
                return fitting, turn, None
    return [], None, clarify_text("nothing", phrase=ref.phrase)


def _distinct(items: list[Item]) -> list[Item]:
    seen, out = set(), []
    for it in items:
        if it["id"] not in seen:
            seen.add(it["id"])
            out.append(it)
    return out
