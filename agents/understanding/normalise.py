"""A German or French question read into the parser's canonical English, concept by concept.

Mentions (linked spans and quoted text) are kept verbatim; every other word is looked up in the
language's lexicon (longest phrase first) and replaced by its English rendering (the rendering the
lexicon gives, else the concept's canonical English form); words the lexicon does not know are kept,
so the English check later names them. The only language-specific step is tokenisation: elisions
listed in the lexicon ("d'", "l'") are split off.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from hgrag.agents.understanding.agreement import (Token, joined_particles, participle_after_subject,
                                                    relative_verb_first, subject_first)
from hgrag.agents.understanding.gate import QUOTED
from hgrag.agents.understanding.lexicon import Lexicon, load
from hgrag.agents.understanding.tokens import tag

PIECE = re.compile(r"[^\W\d_]+(?:[-'’][^\W\d_]+)*'?|\d+|[?!.,;:]|(?<=\s)[-–—]{1,2}(?=\s)|#(?!\d)")  # ('# Publikationen':
# the number sign, read by the lexicon as a count)


def _only_lexicon_words(text: str, lexicon: Lexicon) -> bool:
    """A 'mention' made only of the language's own words ("a-t-il") is no name or title."""
    pieces = [p.lower() for p in _pieces(text, lexicon) if p[0].isalnum()]
    return bool(pieces) and all(p in lexicon.forms for p in pieces)


def _protected(question: str, spans: Iterable[Any], lexicon: Lexicon) -> list[tuple[int, int]]:
    quoted = [(m.start(), m.end()) for m in QUOTED.finditer(question)]
    ranges = [(s.start, s.end) for s in spans if 0 <= getattr(s, "start", -1) < getattr(s, "end", -1)
              and not any(s.start < end and start < s.end for start, end in quoted)  # quotes say where a title ends
              and not _only_lexicon_words(question[s.start:s.end], lexicon)]
    ranges += quoted
    merged: list[tuple[int, int]] = []
    for start, end in sorted(ranges):
        if merged and start < merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


def _pieces(text: str, lexicon: Lexicon) -> list[str]:
    """Words and punctuation as typed, with the lexicon's elisions split off ("d'articles")."""
    out = []
    for piece in PIECE.findall(text.replace("’", "'")):
        low = piece.lower()
        elision = next((e for e in lexicon.extra.get("elisions", ()) if low.startswith(e) and len(low) > len(e)), None)
        out += [piece[:len(elision)], piece[len(elision):]] if elision else [piece]
    return out


def _render(typed: list[str], lexicon: Lexicon) -> list[str]:
    english = load("en")
    words = [w.lower() for w in typed]
    out, i = [], 0
    while i < len(words):
        for n in range(min(lexicon.longest, len(words) - i), 0, -1):
            phrase = " ".join(words[i:i + n])
            concept = lexicon.concept(phrase)
            if concept:
                render = lexicon.renders.get(phrase)
                if i + n < len(words) and words[i + n][:1].isdigit():  # 'plus de 10': 'more than 10'
                    render = lexicon.extra.get("renders_before_numbers", {}).get(phrase, render)
                if phrase in lexicon.extra.get("genitive_articles", ()) and out and \
                        (english.concept(out[-1]) or "").split(":")[0] in ("kind", "relation", "attribute", "missing"):
                    render = "of the"  # 'die Autoren der Arbeiten': the authors of the papers
                out.append(render if render is not None else english.canonical(concept))
                i += n
                break
        else:
            stem = _inflected(words[i], lexicon)  # 'Artikeln': the lexicon's 'artikel'
            out.append(english.canonical(lexicon.concept(stem)) if stem else typed[i])
            out[-1] = (lexicon.renders.get(stem) or out[-1]) if stem else out[-1]
            i += 1
    return _without_doublets([w for w in out if w], english)


def _inflected(word: str, lexicon: Lexicon) -> str | None:
    """The lexicon form an unknown word is an inflection of: the word less one of the language's inflection endings
    (lexicon `inflection_endings`, longest first; 'Artikeln' -> 'artikel'), when what stays is a form of at least
    four letters; else None."""
    for ending in sorted(lexicon.extra.get("inflection_endings", ()), key=len, reverse=True):
        stem = word[:-len(ending)] if word.endswith(ending) else ""
        if len(stem) >= 4 and lexicon.concept(stem):
            return stem
    return None


def _without_doublets(out: list[str], english: Lexicon) -> list[str]:
    """'Autorinnen und Autoren' -> 'authors and authors' -> 'authors': one kind named twice round a coordinator
    (the feminine and masculine forms of a noun) is named once."""
    kept: list[str] = []
    for word in out:
        if len(kept) >= 2 and word == kept[-2] and english.concept(kept[-1]) in ("function:and", "function:or") \
                and (english.concept(word) or "").split(":")[0] in ("kind", "relation"):
            kept.pop()
            continue
        kept.append(word)
    return kept


def _rendered_tokens(tokens: list[Token], lexicon: Lexicon) -> list[str]:
    """Runs of the user's words rendered phrase by phrase; mentions and English tokens kept."""
    parts, run = [], []
    for token in tokens:
        if token.role == "typed":
            run.append(token.text)
            continue
        parts += _render(run, lexicon) if run else []
        run = []
        parts.append(token.text)
    return parts + (_render(run, lexicon) if run else [])


def to_english(question: str, language: str, spans: Iterable[Any] = ()) -> str:
    """The question in the parser's canonical English (unchanged for English)."""
    if language == "en":
        return question
    lexicon = load(language)
    tokens, cursor, prefixes = [], 0, []
    protected = _protected(question, spans, lexicon)
    opens_with_name = bool(protected) and not question[:protected[0][0]].strip()  # 'Aggrey Agumya est-il …'
    for start, end in protected:
        tokens += [Token(p) for p in _unmarked(_pieces(question[cursor:start], lexicon), lexicon, prefixes)]
        tokens.append(Token(question[start:end].strip(), "mention"))
        cursor = end
    tokens += [Token(p) for p in _unmarked(_pieces(question[cursor:], lexicon), lexicon, prefixes)]
    tokens = subject_first(joined_particles(tokens, lexicon), lexicon)
    parts = _rendered_tokens(participle_after_subject(relative_verb_first(tokens, lexicon), lexicon), lexicon)
    if prefixes and not _asks_a_question_word(question, lexicon):
        # 'L'article T est-il paru en 2024 ?' -> 'Is it true that the paper T was published in 2024?'
        first = parts[0] if parts else ""
        named = {question[start:end].strip() for start, end in protected}
        lowered = first[:1].isalpha() and not first[1:2].isupper() and not opens_with_name \
            and first not in named  # a name keeps its case ('Est-ce que Mohamed Hamoudi …')
        parts = [prefixes[0]] + ([first[:1].lower() + first[1:]] if lowered else [first]) + parts[1:]
    text = " ".join(p for p in parts if p)
    text = re.sub(r"\s+([?!.,;:])", r"\1", text)
    text = _without_filler_heading(text, prefixes[0]) if prefixes else text
    return text[:1].upper() + text[1:]


def _without_filler_heading(text: str, prefix: str) -> str:
    """'Is it true that please: A and B …' -> 'Is it true that A and B …': a heading before the marker ('Juste pour
    vérifier : est-ce que …') rendered as fillers only goes with its colon."""
    heading = re.match(rf"\s*{re.escape(prefix)}\s+([^:?\"]{{1,40}}):\s+", text, re.IGNORECASE)
    if heading and all(t.family == "filler" for t in tag(heading.group(1).lower(), load("en"))):
        return f"{prefix} {text[heading.end():]}"
    return text


def _asks_a_question_word(question: str, lexicon: Lexicon) -> bool:
    """Does the question open a wh-question ('Dans quelle revue … a-t-il été publié ?'): then an inverted
    marker is no yes/no question."""
    for piece in _unmarked(_pieces(question, lexicon), lexicon, []):
        concept = lexicon.concept(piece.lower()) or ""
        if concept.startswith("head:") and concept != "head:aux":
            return True
    return False


def _unmarked(typed: list[str], lexicon: Lexicon, prefixes: list[str]) -> list[str]:
    """The pieces with each inverted-question marker of the lexicon ('est-il', 'a-t-elle') replaced by its verb
    in English word order, the question's opening ('is it true that') noted in `prefixes`."""
    markers = lexicon.extra.get("question_markers", {})
    out, i = [], 0
    while i < len(typed):
        width = next((n for n in (4, 3, 2) if " ".join(typed[i:i + n]).lower() in markers), 1)  # ('est-ce que',
        marker = markers.get(" ".join(typed[i:i + width]).lower())  # 'est-il exact que': a marker of several pieces
        if marker is None:
            out.append(typed[i])
        elif len(out) > 2 and out[-1] in (".", "!", "?") and out[-2][:1].islower():  # ('Ma petite-fille … déjeuner.
            # Est-ce que A …': a sentence's own; not after 'Jr.')
            out += [marker[0][:1].upper() + marker[0][1:]] + marker[1:]
        else:
            prefixes.append(marker[0])
            out += marker[1:]
        i += width
    return out
