"""Apostrophes as the reader expects them: typographic ones read as plain ones, and contractions typed without one
('werent', 'whos') read as written with it (lexicon `contractions.unmarked`)."""

from __future__ import annotations

import re
from functools import lru_cache

from hgrag.agents.understanding.lexicon import load


def with_apostrophes_restored(piece: str) -> str:
    """'which papers werent published in 2024', 'whos first on T' -> "weren't", "who's": a contraction typed in lower
    case without its apostrophe (lexicon `contractions.unmarked`) is read as written with it; a capitalised word
    ('Cant', a name) is left as it is."""
    unmarked = load("en").extra.get("contractions", {}).get("unmarked", {})
    if not unmarked:
        return piece
    return _unmarked().sub(lambda m: unmarked[m.group(0)], piece)


@lru_cache(maxsize=1)
def _unmarked() -> re.Pattern:
    words = load("en").extra.get("contractions", {}).get("unmarked", {})
    return re.compile(rf"(?<![\w'’-])(?:{'|'.join(re.escape(w) for w in sorted(words, key=len, reverse=True))})(?![\w'’-])")


def plain_apostrophes(piece: str) -> str:
    """Typographic apostrophes read as plain ones ('Who’s', 'Kashtan’s')."""
    return piece.replace("’", "'").replace("‘", "'") if "’" in piece or "‘" in piece else piece
