"""Marks of social-media writing read away before anything else reads the question: pictographs (emoji, their
joiners and variation selectors) say nothing the graph holds; a handle mark before a name (lexicon
`social_marks.handles`: '@Elena Mishina') only tags the person, so the name is read as typed without it; a hashtag
(`social_marks.tags`: '#CollabCheck', '#ReadingList') labels the post, not the question. Quoted titles keep theirs."""

from __future__ import annotations

import re
import unicodedata

from hgrag.agents.understanding.lexicon import load
from hgrag.tools.text import outside_quotes

JOINERS = "\u200d\ufe0e\ufe0f\u20e3"  # zero-width joiner, variation selectors, keycap


def without_social_marks(question: str) -> str:
    """'Did @Elena Mishina and @Kirill Brekhov ever write a paper together? 🤝 #CollabCheck' -> 'Did Elena Mishina and
    Kirill Brekhov ever write a paper together?' (unchanged when it holds none of them)."""
    marks = load("en").extra.get("social_marks", {})
    handles, tags = marks.get("handles", []), marks.get("tags", [])
    if not (_pictographs(question) or any(h in question for h in handles) or any(t in question for t in tags)):
        return question
    return re.sub(r"\s{2,}", " ", outside_quotes(question, lambda piece: _plain(piece, handles, tags))).strip()


def _plain(piece: str, handles: list[str], tags: list[str]) -> str:
    piece = _pictographs_said(piece)
    piece = "".join(" " if _pictograph(c) else c for c in piece if c not in JOINERS)
    for tag_mark in tags:
        mark = re.escape(tag_mark)
        piece = re.sub(rf"(?:\s*(?<![\w&]){mark}[^\W\d_][\w-]*)+\s*$", "", piece)  # the closing run of tags
        piece = re.sub(rf"(?<![\w&]){mark}([^\W\d_][\w-]*)", _tag_inside, piece)  # ('#1 paper' stays)
    for handle in handles:
        piece = re.sub(rf"(?<![\w.]){re.escape(handle)}(?=[^\W\d_])", "", piece)  # ('a@b.org' stays)
    return re.sub(r"\s+([?!.,;:])", r"\1", piece)


def _tag_inside(match: re.Match[str]) -> str:
    """A tag inside the question: '#papers by A' counts papers (a word of the graph's meaning after the mark opening
    the question or a clause, read by the count notation); 'common #coauthors of A' tags a word inside its phrase (the
    word stays, the mark goes); '#ReadingList' labels the post and goes."""
    meaning = (load("en").concept(match.group(1).lower()) or "").split(":")[0] in ("kind", "attribute", "relation")
    inside_a_phrase = re.search(r"[^\W\d_]\s*$", match.string[:match.start()]) is not None
    if inside_a_phrase and (meaning or match.group(1).islower()):
        return match.group(1)  # ('common #coauthors of A', 'research #fields': a word tagged where it stands)
    return match.group(0) if meaning else " "


def _pictographs_said(piece: str) -> str:
    """'number of 📄 by A' -> 'number of papers by A': a pictograph of the lexicon's `social_marks.pictographs`
    standing in a word's place is that word; where a word of the same meaning is said ('papers 📄', 'co-authors of A 👥')
    it only decorates the question and goes."""
    said = load("en").extra.get("social_marks", {}).get("pictographs", {})
    if not any(p in piece for p in said):
        return piece
    pattern = re.compile("|".join(re.escape(p) for p in sorted(said, key=len, reverse=True)))

    def word(match: re.Match[str]) -> str:
        meaning = load("en").concept(said[match.group(0)]) or said[match.group(0)]
        words = re.findall(r"[\w'-]+", match.string)
        said_too = [w for w in words if (load("en").concept(w.lower()) or w.lower()) == meaning]
        previous = re.findall(r"[\w'-]+", match.string[:match.start()])[-1:]
        wanted = bool(previous) and (load("en").concept(previous[0].lower()) or "").startswith("function:")  # ('a 📄?')
        closing = match.string[:match.start()].rstrip()[-1:] in "?!." or \
            not re.search(r"\w", match.string[match.end():]) and not wanted
        return " " if said_too or closing else f" {said[match.group(0)]} "  # (after the question: a decoration)
    return pattern.sub(word, piece)


def _pictographs(text: str) -> bool:
    return any(_pictograph(c) for c in text)


def _pictograph(char: str) -> bool:
    """An emoji or another pictograph (Unicode 'other symbol' above the Latin range, or a skin-tone modifier)."""
    category = unicodedata.category(char)
    return ord(char) > 0x2100 and category == "So" or 0x1F3FB <= ord(char) <= 0x1F3FF


def without_request_tag(question: str) -> str:
    """'Can tell me all of A's co-authors or not?' -> 'Can tell me all of A's co-authors?': a request (a lead of the
    lexicon's `request_tags.openers`) closed by a tag of `request_tags.tags` asks for the list, not whether it can be
    given; the tag goes (unchanged for any other question)."""
    spec = load("en").extra.get("request_tags", {})
    openers, tags = spec.get("openers", []), spec.get("tags", [])
    opener = next((o for o in sorted(openers, key=len, reverse=True)
                   if re.match(rf"\s*{re.escape(o)}\s", question, re.IGNORECASE)), None)
    if opener is None:
        return question
    for tag in sorted(tags, key=len, reverse=True):
        found = re.search(rf"[\s,]+{re.escape(tag)}\s*(?P<end>[?.!]*)\s*$", question, re.IGNORECASE)
        if found:
            body = re.sub(rf"^\s*{re.escape(opener)}", spec.get("as", "tell me"), question[:found.start()],
                          flags=re.IGNORECASE)
            return body[:1].upper() + body[1:] + (found["end"] or "?")
    return question
