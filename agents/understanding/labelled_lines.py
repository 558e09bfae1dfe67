"""A question written like a prompt: 'You are a bibliometrics assistant.\\nTask: list co-authors of A.\\nExclude: B\\n
Output format: one name per line' is read as 'list co-authors of A, except B.'.

Each line that opens with a label of the lexicon (`labelled_lines`, every supported language's) is read by what the
label says: the asking labels ('Task:', 'Input:', 'Aufgabe:') keep their text; the exclusion labels ('Exclude:') add
an exclusion; the condition labels ('Constraints:') and bullet lines ('- published after 2015') add their text as
a clause, unless it only says how to show the answer ('names only'); the form labels ('Output format:', 'Role:',
'Definition:') are dropped unless their text asks. A sentence that casts the reader in a role ('You are a …') is
dropped. Bullet or numbered items that only name things ('1. Konstantin Prochukhan') after a line ending in a
colon are that line's list ('… for these two authors: A and B'). A question with no label, role or list is left
as it is."""

from __future__ import annotations

import re
from functools import lru_cache

from hgrag.agents.understanding.cue_words import phrase_alternation
from hgrag.agents.understanding.lexicon import READ_LANGUAGES, load

BULLET = re.compile(r"^\s*(?:[-*•·]|\(?\d{1,2}[.)])\s+(?P<item>.+)$")
MAX_ITEM_WORDS = 8


@lru_cache(maxsize=1)
def _numbered() -> str:
    """A label's number ('Point 3:', 'Comment #2:', 'Query no. 4:', 'Point iv:'): the marks before it are lexicon data
    (`labelled_lines.number_marks`)."""
    marks = phrase_alternation(load("en").extra.get("labelled_lines", {}).get("number_marks", [])) or "(?!)"
    return rf"(?:\s*(?:{marks})?\s*\d{{1,3}}[a-z]?|\s+[ivx]{{1,4}})?"


def without_labels(question: str) -> str:
    """The question as one text of what its labelled lines ask, or the question unchanged."""
    lines = [line.strip() for line in _inline_labels_broken(question).strip().splitlines() if line.strip()]
    read = [_read_line(line) for line in lines]
    if all(kind in ("text", "item") and (kind == "item" or text == line) for (kind, text), line in zip(read, lines)) \
            and not any(kind == "item" and i and read[i - 1][1].endswith(":") for i, (kind, _) in enumerate(read)):
        return question  # (no label, no role and no list after a colon: numbered questions are read as written)
    return _joined(_with_lists(read))


def _inline_labels_broken(question: str) -> str:
    """'Records: papers by A. Inclusion: 1990-1995. Exclusion: venue = V.': a label of the lexicon said after a stop,
    a semicolon or a dash, with its colon, starts a line of its own."""
    return _inline_label().sub("\n", question)


@lru_cache(maxsize=1)
def _inline_label() -> re.Pattern:
    labels = [w for forms in load("en").extra.get("labelled_lines", {}).get("labels", {}).values() for w in forms]
    return re.compile(rf"(?:(?<=[.;])\s+|\s+[-–—]\s+)(?=(?:{phrase_alternation(labels)}){_numbered()}\s*:)", re.IGNORECASE)


@lru_cache(maxsize=1)
def _field() -> re.Pattern:
    """'author:A', 'venue != V': a field, its operator and its value (up to a separator or the lexicon's 'and')."""
    joiner = re.escape(load("en").extra.get("labelled_lines", {}).get("and", "and"))
    return re.compile(rf"(?<![\w.'’-])(?P<field>[A-Za-z_]+)(?:\s*(?P<op>!=|=)\s*|(?P<colon>:)\s*)"
                      rf"(?P<value>[^|;,=!<>?]+?)(?=\s*(?:[|;,]|$|\s+{joiner}\s))")


def with_filter_fields(question: str) -> str:
    """'papers | author:Zengqian Hou | year<2021' -> 'papers, by Zengqian Hou, year<2021': a field the lexicon's
    `labelled_lines.fields` knows, written as 'field: value' or 'field = value' ('!=' for 'not'), is read as the
    words that say it; the pipes between filters as commas. A question with no such field is left as it is."""
    words = load("en").extra.get("labelled_lines", {})
    fields = words.get("fields", {})

    def said(match: re.Match) -> str:
        field = fields.get(match["field"].lower())
        if field is None:
            return match.group(0)
        if match["colon"] and "|" not in match.string:
            return match.group(0)  # ('take its first author: where …': a colon makes a filter only in a query)
        negation = f"{words.get('not', 'not')} " if match["op"] == "!=" else ""
        return f"{negation}{field} {match['value'].strip()}"
    from hgrag.tools.text import outside_quotes

    read = outside_quotes(question, lambda piece: _field().sub(said, piece))
    return re.sub(r"\s*\|\s*", ", ", read) if read != question else question


def _read_line(line: str) -> tuple[str, str]:
    """(how the line counts, its text): 'ask', 'exclude', 'clause', 'drop', 'item' or plain 'text'."""
    line = _without_role(line)
    if not line:
        return "drop", ""
    bullet = BULLET.match(line)
    if bullet:
        return "item", bullet["item"].strip()
    found = _label().match(line)
    if found is None:
        return "text", line
    (kind, language), value = _kinds()[found["label"].lower()], line[found.end():].strip()
    if kind == "drop":
        return ("ask", value) if _asks(value) else ("drop", "")
    if kind == "form":  # ('Output: titles of their papers inside that window' says what is asked)
        return ("form", value) if _asks(value) or not _form_only(value, "") else ("drop", "")
    return (f"exclude:{language}" if kind == "exclude" else kind), value


def _with_lists(read: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Items after a line ending in a colon: that line's list when they only name things, else steps of their own
    ('1. Bestimme die Erstautorin …'); items after anything else: conditions of it ('- distinct venues only')."""
    out: list[tuple[str, str]] = []
    opened = False  # the items follow a line ending in a colon
    for kind, text in read:
        if kind != "item":
            opened = text.endswith(":")
            out.append((kind, text))
        elif opened:
            out.append(("list" if _names_only(text) else "text", text))
        else:
            out.append(("text" if _asks(text) or len(text.split()) > MAX_ITEM_WORDS else "clause", text))
    return out


def _joined(read: list[tuple[str, str]]) -> str:
    words = load("en").extra.get("labelled_lines", {})
    main, extras, items = [], [], []
    asked = any(kind in ("ask", "text") and _asks(text) for kind, text in read)
    for kind, text in read:
        if kind in ("ask", "text") or kind == "form" and not asked:  # (what the output is: only when nothing asks)
            main.append(text)
        elif kind == "list":
            items.append(text.rstrip(".;,"))
        elif kind.startswith("exclude:") and text:
            said = load(kind.split(":")[1]).extra.get("labelled_lines", {}).get("except", "except")
            extras.append(f"{said} {text.rstrip('.;')}")
        elif kind == "clause" and text and not _form_only(text, " ".join(main)):
            extras.append(text.rstrip(".;"))
    body = " ".join(main).strip()
    if items:
        joined = items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" {words.get('and', 'and')} {items[-1]}"
        body = re.sub(r":\s*$", ":", body) + f" {joined}"
    if not extras:
        return body
    stop = body[-1] if body[-1:] in "?.!" else ""
    return f"{body.rstrip('?.! ')}, {', '.join(extras)}{stop or '.'}"


def _form_only(text: str, asked: str) -> bool:
    """A condition that only says how to show the answer ('distinct venues only', 'no extra text')."""
    from hgrag.agents.understanding.answer_form import without_answer_form

    question = f"{asked.rstrip('?.! ')}? {text.rstrip('.')}."
    return without_answer_form(question) != question or bool(_shown_as().search(text))


def _asks(text: str) -> bool:
    from hgrag.agents.understanding.sentences import asking

    return text.rstrip().endswith("?") or asking(text)


def _names_only(text: str) -> bool:
    """An item that only names a thing: a quoted title, or capitalised words (a name), nothing else."""
    from hgrag.tools.text import without_quoted

    rest = without_quoted(text).strip(" .;,")
    return len(text.split()) <= MAX_ITEM_WORDS and not _asks(text) and \
        all(w[:1].isupper() or not w[:1].isalpha() for w in rest.split())


def _without_role(line: str) -> str:
    """The line without a sentence that casts the reader in a role ('You are a bibliometrics assistant.')."""
    found = _role().match(line)
    return line[found.end():].strip() if found else line


@lru_cache(maxsize=1)
def _kinds() -> dict[str, tuple[str, str]]:
    """{label: (how its line counts, the language it is of)}."""
    kinds: dict[str, tuple[str, str]] = {}
    for language in READ_LANGUAGES:
        for kind, labels in load(language).extra.get("labelled_lines", {}).get("labels", {}).items():
            kinds.update({label.lower(): (kind, language) for label in labels if label.lower() not in kinds})
    return kinds


@lru_cache(maxsize=1)
def _label() -> re.Pattern:
    return re.compile(rf"^\s*(?P<label>{phrase_alternation(list(_kinds()))}){_numbered()}\s*[:=]\s*", re.IGNORECASE)


@lru_cache(maxsize=1)
def _role() -> re.Pattern:
    openers = [o for language in READ_LANGUAGES for o in load(language).extra.get("labelled_lines", {}).get("roles", [])]
    return re.compile(rf"^\s*(?:{phrase_alternation(openers)})\b[^.!?]*[.!]\s*", re.IGNORECASE)


@lru_cache(maxsize=1)
def _shown_as() -> re.Pattern:
    words = [w for language in READ_LANGUAGES for w in load(language).extra.get("labelled_lines", {}).get("form_words", [])]
    return re.compile(rf"(?<![\w-])(?:{phrase_alternation(words)})(?![\w-])", re.IGNORECASE)
