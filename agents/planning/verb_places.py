"""Where a word stands decides what it is: a noun in the verb's place after 'did <subject>' is a verb ('what did
A and B co-author?'), a relation word after 'what <subject>' is one ('list what T cites'), and a question that names publishing asks where something was published. The words come
from the lexicon (`do_support`, relation:published, `relating_prepositions`)."""

from __future__ import annotations

import re

from hgrag.agents.understanding.lexicon import load


def names_publishing(text: str) -> bool:
    """Does the question name publishing ('where did A publish as first author?'): a word of relation:published."""
    return any(load("en").concept(w) == "relation:published" for w in re.findall(r"[\w'-]+", text))


def verb_after_subject(words: list[str], j: int) -> bool:
    """'what did A and B co-author?': the word at `j` follows a subject (a mention) after a do-support word, so
    it is the verb; 'the co-authors of A' (a relating preposition before the mention) is no such place."""
    extra = load("en").extra
    after_subject = 0 < j < len(words) and words[j - 1].startswith("zz") and words[j - 1] != "zzpos"
    if after_subject and j >= 2 and load("en").concept(words[j - 2]) == "head:which" \
            and (load("en").concept(words[j]) or "").startswith("relation:"):
        return True  # 'list what T cites': in 'what <subject> <relation word>' the word is the verb
    return after_subject and any(w in extra.get("do_support", []) for w in words[:j - 1]) \
        and not any(w in extra.get("relating_prepositions", []) for w in words[max(j - 3, 0):j - 1])


def role_of_the_named(text: str) -> bool:
    """'A as first author': the byline place (zzpos) is said of the named author through a role link (lexicon
    `byline_places.role_links`), so it is A's role on their papers."""
    links = load("en").extra.get("byline_places", {}).get("role_links", [])
    return "zzpaper" not in text and any(f"zzauthor {link} zzpos" in text for link in links)

