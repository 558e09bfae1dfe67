"""A question forwarded by e-mail ('FW: …', a note of the forwarder's, then the original quoted with '>' at line
starts): the quoted original is the question. Its header lines ('From:', 'Sent:', 'Subject:', 'Von:', 'Objet :'),
separators ('-----Original Message-----') and attribution lines ('On Monday, Dr. Ruiz wrote:') are the lexicon's
`forwarding` data of each supported language; they and the forwarder's own lines are left out. A message with no
quoted line is left as it is."""

from __future__ import annotations

import re
from functools import lru_cache

from hgrag.agents.understanding.cue_words import phrase_alternation
from hgrag.agents.understanding.lexicon import READ_LANGUAGES, load

QUOTED = re.compile(r"^[ \t]*>+[ \t]?(?P<text>.*)$")


def without_forwarding(question: str) -> str:
    """The quoted original of a forwarded message, without its headers (unchanged when nothing is quoted)."""
    lines = question.splitlines()
    quoted = [m["text"] for m in (QUOTED.match(line) for line in lines) if m]
    if not quoted or not any(line.strip() for line in quoted):
        return question
    headers, separators, attributions = _spec()
    kept = [line for line in quoted if line.strip() and not headers.match(line) and not separators.match(line)
            and not attributions.match(line)]
    return "\n".join(kept) if kept else question


@lru_cache(maxsize=1)
def _spec() -> tuple[re.Pattern, re.Pattern, re.Pattern]:
    labels, separators, ends = [], [], []
    for language in READ_LANGUAGES:
        spec = load(language).extra.get("forwarding", {})
        labels += spec.get("header_labels", [])
        separators += spec.get("separators", [])
        ends += spec.get("attribution_ends", [])

    return (re.compile(rf"^\s*(?:{phrase_alternation(labels)})\s*:", re.IGNORECASE),
            re.compile(rf"^\s*-*\s*(?:{phrase_alternation(separators)})\s*-*\s*$", re.IGNORECASE),
            re.compile(rf"^.{{0,120}}\b(?:{phrase_alternation(ends)})\s*:?\s*$", re.IGNORECASE))
