"""Tokens of a question and their lexicon concepts (longest phrase first)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from hgrag.agents.understanding.lexicon import Lexicon

WORD = re.compile(r"\d+(?:\.\d+)?|n't|[^\W\d_]+(?:[-'’](?![sS]\b)[^\W\d_]+)*|['’]s\b|#")  # "portland's": 2
CLAUSE = re.compile(r"(?<=[.?!;])\s+|\s+zzstop\s+|\s+[-—–]\s+")
PLACEHOLDER = re.compile(r"^zz[a-z]*\d*$")  # a mention cut out of the question (zzm, zzpaper, zzyear…)


@dataclass(frozen=True)
class Token:
    text: str  # the surface words (a phrase when several)
    start: int  # first word index
    end: int  # one past the last word index
    concept: str | None  # "family:name", "mention", "number", or None (unknown)

    @property
    def family(self) -> str | None:
        return self.concept.split(":", 1)[0] if self.concept and ":" in self.concept else self.concept


def clauses(text: str) -> list[str]:
    """The sentences of a masked question."""
    return [c for c in CLAUSE.split(text) if c.strip()] or [text]


CONTRACTION = re.compile(r"(?i)\b(ca|wo|[a-z]+?)n['’]t\b")
CONTRACTED = {"ca": "can", "wo": "will"}


def _uncontracted(text: str) -> str:
    """"weren't" -> "were n't": the negation is a word of its own (the lexicon reads "n't")."""
    return CONTRACTION.sub(lambda m: f"{CONTRACTED.get(m.group(1).lower(), m.group(1))} n't", text)


def words(text: str) -> list[str]:
    return [w.replace("’", "'").lower() for w in WORD.findall(_uncontracted(text))]


def tag(text: str, lexicon: Lexicon) -> list[Token]:
    """The question's words grouped into the longest lexicon phrases, each with its concept."""
    ws = words(text)
    tokens, i = [], 0
    while i < len(ws):
        if PLACEHOLDER.match(ws[i]):
            tokens.append(Token(ws[i], i, i + 1, "mention"))
            i += 1
            continue
        for n in range(min(lexicon.longest, len(ws) - i), 0, -1):
            phrase = " ".join(ws[i:i + n])
            concept = lexicon.concept(phrase) or (lexicon.concept(phrase[:-1]) if n == 1 and phrase.endswith("s")
                                                  and len(phrase) > 3 else None)
            if concept:
                tokens.append(Token(phrase, i, i + n, concept))
                i += n
                break
        else:
            tokens.append(Token(ws[i], i, i + 1, "number" if ws[i][0].isdigit() else None))
            i += 1
    return tokens
