"""Questions written partly as code: a call 'refs("T")', 'count(papers by A)', 'coauthors(A) | coauthors(B)' reads
as its words ('references of "T"', 'number of papers by A'), a field 'A.coauthors', '"T".venue' as 'the coauthors of
A', 'the venue of "T"', a keyword argument 'papers(author=A)' as 'papers by A'. Only a word the lexicon reads (a kind,
a relation, an attribute, an operator) or one of its `code_notation.calls` is a call or a field; the words each
becomes are the lexicon's (`code_notation`). Quoted titles stay as typed."""

from __future__ import annotations

import re
from functools import lru_cache

from hgrag.agents.understanding.lexicon import load
from hgrag.agents.understanding.variants import OPTIONAL_PLURAL

CODE_MARKS = re.compile(r"\w\(|\S\.[a-z_]|\s\|\s")
QUOTED = re.compile(r"\"[^\"]*\"|“[^”]*”|「[^」]*」")
CALL = re.compile(r"(?<![\w.])([A-Za-z_][\w-]*)\(\s*([^()]*?)\s*\)")
FIELD = re.compile(r"(\x00\d+\x00|[A-Z][\w'’-]*(?:\s+(?:[A-Z][\w'’-]*|[A-Z]\.))*)\.([a-z_]+)\b")
PAIRED_CALLS = r"(?<![\w.])([A-Za-z_][\w-]*)\(\s*([^()]+?)\s*\)\s*({operators})\s*\1\(\s*([^()]+?)\s*\)"
PAIRED_FIELDS = FIELD.pattern + r"\s*({operators})\s*" + FIELD.pattern.replace(r"([a-z_]+)", r"\2")
BAR = re.compile(r"(?<=[\w.\x00])\s+\|\s+(?=[\w\x00])")
ARGUMENT = re.compile(r"\b([a-z_]+)\s*==?\s*")
MEANING = ("kind", "relation", "attribute", "operator")


def with_code_in_words(question: str) -> str:
    """The question with its calls, fields and keyword arguments read as words (unchanged when it has none)."""
    if not CODE_MARKS.search(question):
        return question  # (on every question's path: most hold no call, field or bar)
    quoted: list[str] = []
    text = QUOTED.sub(lambda m: quoted.append(m.group(0)) or f"\x00{len(quoted) - 1}\x00", question)
    text = _paired(PAIRED_CALLS).sub(_paired_calls, text)  # 'refs(A) & refs(B)': the references of both
    text = _paired(PAIRED_FIELDS).sub(_paired_fields, text)  # 'A.coauthors | B.coauthors': the coauthors of either
    for _ in range(4):  # innermost calls first: 'len(refs("T"))'
        read = CALL.sub(_call, text)
        if read == text:
            break
        text = read
    text = FIELD.sub(_field, text)
    if ":" not in text:  # ('A | B -> coauthors': either of the two; 'papers | author:A' is a search's fields)
        said = _spec().get("set_operators", {}).get("|")
        text = BAR.sub(f" {said[1]} ", text) if said else text
    text = re.sub(r"\x00(\d+)\x00", lambda m: quoted[int(m.group(1))], text)
    text = re.sub(r"\s+([?!.,;:])(?=\s|$)", r"\1", re.sub(r"\s{2,}", " ", text)).strip()
    return text if text != question else question


def _paired_calls(match: re.Match[str]) -> str:
    """'f(A) & f(B)' -> 'f(both A and B)', 'f(A) | f(B)' -> 'f(either A or B)': set operators between two calls of one
    word (the lexicon's `code_notation.set_operators` say how each reads)."""
    word, a, operator, b = match.groups()
    said = _spec().get("set_operators", {}).get(operator)
    return f"{word}({said[0]} {a} {said[1]} {b})" if said and _said(word) is not None else match.group(0)


def _paired_fields(match: re.Match[str]) -> str:
    a, field, operator, b = match.group(1), match.group(2), match.group(3), match.group(4)
    said, reading = _spec().get("set_operators", {}).get(operator), _said(field)
    return _spec()["field"].format(field=reading, owner=f"{said[0]} {a} {said[1]} {b}") if said and reading \
        else match.group(0)


def _call(match: re.Match[str]) -> str:
    word, inside = match.group(1), match.group(2)
    said = _said(word)
    if said is None or not inside or OPTIONAL_PLURAL.search(match.group(0)) or \
            re.fullmatch(r"[a-z_]+", inside) and _condition_after(match.string[match.end():]):
        return match.group(0)  # ('MAX(cited_by_count) where author = A': a bare field ranged over by a query's
        # condition, which no words of ours say; 'author(s)': a plural, read by variants.with_symbols_in_words)
    inside = ARGUMENT.sub(_argument, inside)
    if said.endswith(_spec()["of"]) and inside.split(" ", 1)[0] in _spec().get("arguments", {}).values():
        said = said.removesuffix(_spec()["of"])  # ('papers(author=A)': 'papers by A')
    return f"{said} {inside}" if said else inside


def _field(match: re.Match[str]) -> str:
    """'A.coauthors' -> 'the coauthors of A' (the lexicon's `code_notation.field` form)."""
    owner, field = match.group(1), match.group(2)
    said = _said(field)
    return _spec()["field"].format(field=said, owner=owner) if said else match.group(0)


def _condition_after(text: str) -> bool:
    """A query's condition follows ('… where author = A'; lexicon `code_notation.conditions`)."""
    words = _spec().get("conditions", [])
    return bool(words) and text.lstrip().lower().startswith(tuple(f"{w} " for w in words))


def _argument(match: re.Match[str]) -> str:
    said = _spec().get("arguments", {}).get(match.group(1).lower())
    return f"{said} " if said is not None else match.group(0)


def _said(word: str) -> str | None:
    """What a call or field word reads as: the lexicon's `code_notation.calls`, else '<word> of' for a word of the
    graph's meaning; None for any other word (a name in brackets stays)."""
    calls = _spec().get("calls", {})
    low = word.lower().replace("_", " ")
    if low in calls:
        return calls[low]
    concept = load("en").concept(low) or ""
    return f"{low}{_spec()['of']}" if concept.split(":")[0] in MEANING else None


@lru_cache(maxsize=2)
def _paired(pattern: str) -> re.Pattern:
    """A paired pattern with the lexicon's set operators ('&', '|', '∩', '∪') in its operator group."""
    operators = "|".join(re.escape(o) for o in sorted(_spec().get("set_operators", {}), key=len, reverse=True))
    return re.compile(pattern.replace("{operators}", operators or "(?!)"))


SET_BUILDER = re.compile(r"\{[^{}:]{1,60}:[^{}]*\}")
VARIABLE_ARROW = re.compile(r"(?<![\w\"“’'/])[a-z]\s*(?:→|->)|(?:→|->)\s*[a-z](?![\w\"”’'/])")  # ('q → T': q a variable)


def unread_notation(question: str) -> str | None:
    """Notation no words of ours read, left in a question outside its quoted titles: set-builder braces
    ('{p : A wrote p}'), or a mark of the lexicon's `code_notation.unread_marks` (logic symbols) that the symbol words
    do not read; the question is then not answered."""
    from hgrag.agents.understanding.variants import with_symbols_in_words

    outside = QUOTED.sub(" ", question)
    if SET_BUILDER.search(outside):
        return "{ … : … }"
    arrow = VARIABLE_ARROW.search(outside)
    if arrow:
        return arrow.group(0).strip()
    said = QUOTED.sub(" ", with_symbols_in_words(with_code_in_words(question)))
    return next((m for m in _spec().get("unread_marks", []) if m in said), None)


@lru_cache(maxsize=1)
def _spec() -> dict:
    return load("en").extra.get("code_notation", {})
