"""String normalisation shared by loaders, the entity index and the planner."""

from __future__ import annotations

import html
import re
import unicodedata
from collections.abc import Callable
from functools import lru_cache

_TAG = re.compile(r"</?[a-zA-Z][^>]*>")
_NON_WORD = re.compile(r"[^0-9a-z]+")
_SPACES = re.compile(r"\s+")


def clean_display(text: str) -> str:
    """Trim, unescape HTML entities, drop inline tags (<i>n</i>, and '&lt;i&gt;n&lt;/i&gt;' once unescaped) and fold
    whitespace; cleaning a cleaned text changes nothing."""
    text = _TAG.sub("", html.unescape(_TAG.sub("", text or "")))
    return _SPACES.sub(" ", text).strip()


def strip_accents(text: str) -> str:
    """'Sølling' -> 'Solling', 'Müller' -> 'Muller'."""
    if text.isascii():  # nothing to fold (the common case; the index normalises millions of labels)
        return text
    text = text.replace("ø", "o").replace("Ø", "O").replace("ł", "l").replace("Ł", "L")
    text = text.replace("ß", "ss").replace("æ", "ae").replace("Æ", "AE")
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


@lru_cache(maxsize=1 << 16)  # the planner asks for the same n-grams many times per question
def norm_key(text: str) -> str:
    """Case-, accent-, punctuation- and whitespace-insensitive key for exact matching."""
    folded = strip_accents(clean_display(text)).lower()
    return _NON_WORD.sub(" ", folded).strip()


def name_tokens(name: str) -> list[str]:
    """Normalised tokens of a person name; 'Simon, Marvin K.' -> ['marvin', 'k', 'simon']."""
    name = clean_display(name)
    if name.count(",") == 1:
        surname, given = (part.strip() for part in name.split(","))
        if given and surname and not given.lower().startswith(("jr", "sr", "ii", "iii")):
            name = f"{given} {surname}"
    return norm_key(name).split()


def name_key(name: str) -> str:
    """Exact-match key for person names that also folds 'Surname, Given' order."""
    return " ".join(name_tokens(name))


def initials_key(name: str) -> str:
    """'Marvin K. Simon' -> 'm simon': first initial plus surname, for 'M. Simon' forms."""
    tokens = [t for t in name_tokens(name) if t not in {"jr", "sr", "ii", "iii"}]
    if len(tokens) < 2:
        return ""
    return f"{tokens[0][0]} {tokens[-1]}"


def _is_word_char(text: str, at: int) -> bool:
    return 0 <= at < len(text) and (text[at].isalnum() or text[at] == "_")


def literal_spans(text: str, literal: str, whole_word: bool = False) -> list[tuple[int, int]]:
    """(start, end) of each case-insensitive, non-overlapping occurrence of `literal` in `text`, left to right;
    `whole_word`: not inside a longer word. Plain string search: the mentions of a question are new each time, and
    a pattern compiled for each costs more than the search."""
    low, key = text.lower(), literal.lower()
    if not key:
        return []
    if len(low) != len(text) or len(key) != len(literal):  # (a letter whose lower case is longer)
        bound = (r"(?<!\w)", r"(?!\w)") if whole_word else ("", "")
        return [m.span() for m in re.finditer(bound[0] + re.escape(literal) + bound[1], text, re.IGNORECASE)]
    spans, at = [], 0
    while (found := low.find(key, at)) >= 0:
        end = found + len(key)
        if whole_word and (_is_word_char(text, found - 1) or _is_word_char(text, end)):
            at = found + 1
            continue
        spans.append((found, end))
        at = end
    return spans


def replace_literal(text: str, literal: str, replacement: str) -> str:
    """`text` with every case-insensitive occurrence of `literal` replaced (see `literal_spans`)."""
    out, at = [], 0
    for start, end in literal_spans(text, literal):
        out += [text[at:start], replacement]
        at = end
    return "".join(out + [text[at:]])


_QUOTED_PIECE = re.compile(r'("[^"]*"|“[^”]*”)')


def quotes_masked(text: str) -> str:
    """`text` with each double-quoted stretch written as 'x' of its length (offsets kept: a comma inside a title
    splits nothing)."""
    return _QUOTED_PIECE.sub(lambda m: "x" * len(m.group(0)), text)


def without_quoted(text: str) -> str:
    """`text` with each double-quoted stretch (a quoted title) left out."""
    return _QUOTED_PIECE.sub(" ", text)


def outside_quotes(text: str, rewrite: Callable[[str], str]) -> str:
    """`text` with `rewrite` applied to each stretch outside double quotes (a quoted title stays as typed)."""
    pieces = _QUOTED_PIECE.split(text)
    return "".join(piece if i % 2 else rewrite(piece) for i, piece in enumerate(pieces))
