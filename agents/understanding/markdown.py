"""A question written in Markdown, as in an issue tracker ('### Question', '**bold**', '`A. Name`'): a heading line
becomes a labelled line ('Question:'), read by the labelled-lines reader like any label; emphasis marks go; text in
backticks is quoted (a name or a title, as in double quotes). Symbols only: the labels' words are the lexicon's."""

from __future__ import annotations

import re

HEADING = re.compile(r"^[ \t]{0,3}#{1,6}[ \t]+(?P<text>[^\n]*?)[ \t]*#*[ \t]*\n(?=[ \t]*\S)", re.MULTILINE)
# (a heading is a line of its own with text after it: '# papers by A' on one line is the number sign)
EMPHASIS = re.compile(r"(\*\*|__)(?=\S)(?P<text>[^\n]+?)(?<=\S)\1")
CODE = re.compile(r"`(?P<text>[^`\n]+)`")


def without_markdown(question: str) -> str:
    """The question with its Markdown read as plain text (unchanged when it has none)."""
    if not any(mark in question for mark in ("#", "**", "__", "`")):
        return question
    read = HEADING.sub(lambda m: m["text"].rstrip(":") + ":\n" if m["text"] else "", question)
    read = EMPHASIS.sub(lambda m: m["text"], read)
    read = CODE.sub(lambda m: f'"{m["text"].strip()}"', read)
    return read
