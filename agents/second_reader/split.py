"""Where a question asking two things splits: the coordinator before a second asking word or a back-reference,
outside any mention, a relative clause and the two ends of a span ('between A's first paper and their latest one')."""

from __future__ import annotations

import re
from typing import Any

from hgrag.agents.second_reader.coordinated import noun_of_back_reference
from hgrag.agents.second_reader.lexicon import find, phrase_pattern, words
from hgrag.agents.understanding.lexicon import load
from hgrag.agents.understanding.tokens import tag


def split_point(question: str, spans: list[Any]) -> re.Match | None:
    """The coordinator before a second asking word or a back-reference, outside any mention."""
    for match in find("coordinators", question):
        if any(s.start <= match.start() < s.end for s in spans):
            continue
        after = _without_leading_fillers(question[match.end():].lstrip(" ,"))  # ('…, and, more to the point, which …')
        if phrase_pattern("relative_openers").match(after) and not question[:match.start()].rstrip().endswith(","):
            continue  # '… in 2024 and whose author count exceeds 3': a relative clause ('…, and who is …' is not)
        if _parallel_relative(question[:match.start()], after):
            continue  # 'the people who wrote with A and who also wrote with B': a second clause on the same noun
        if _between_before(_blanked(question, spans)[:match.start()]):
            continue  # 'how many years between A's first paper and their latest one': the span's two ends
        opener = phrase_pattern("asking_words").match(after) or phrase_pattern("back_references").match(after) \
            or noun_of_back_reference(after)  # '… and the titles of these papers'
        if opener and question[:match.start()].strip(" ,"):
            return match
    return None


def _without_leading_fillers(text: str) -> str:
    """The text from its first word that is no declared filler of the lexicon, set off by a comma."""
    lead = re.match(r"([^,?]{1,40}),\s*", text)
    if lead and all(t.family == "filler" for t in tag(lead.group(1).lower(), load("en"))):
        return text[lead.end():]
    return text


def _parallel_relative(before: str, after: str) -> bool:
    """The part after the coordinator opens with the relative word that already opened a clause inside the part
    before it (after its first word, so not the question's own head)."""
    opener = re.match(r"(\w+)\b", after.lower())
    relatives = {w.split()[0] for w in words()["relative_openers"]}
    earlier = re.findall(r"[\w-]+", before.lower())
    after_a_noun = [i for i, w in enumerate(earlier) if i and opener and w == opener.group(1)
                    and (load("en").concept(earlier[i - 1]) or "").startswith("kind:")]  # ('the people who …')
    return bool(opener) and opener.group(1) in relatives and bool(after_a_noun)


def _blanked(question: str, spans: list[Any]) -> str:
    """The question with each mention's letters replaced by 'X' (offsets kept)."""
    for span in spans:
        question = question[:span.start] + "X" * (span.end - span.start) + question[span.end:]
    return question


def _between_before(text: str) -> bool:
    """Whether the text's last clause holds a 'between' word of the lexicon not yet closed by its 'and' (the next
    'and' joins the two ends)."""
    clause = re.split(r"[.;?!,]", text)[-1]
    tokens = tag(clause.lower(), load("en"))
    at = [i for i, t in enumerate(tokens) if t.concept == "time:between"]
    joiners = {w.lower() for w in words()["coordinators"]}
    return bool(at) and not any(t.text in joiners for t in tokens[at[-1] + 1:])  # ('between 2005 and 2026 and …')


def ellipsis_filled(rest: str, first_text: str, own: list[Any], before: list[Any]) -> str | None:
    """'…, and in which year did B?', '…, and what was it for B?': a second part that says nothing of its one named
    thing but its name (question words, auxiliaries, function words) leaves out the first part's verb phrase; it is
    the first part asked of B (the first part's one thing of B's kind replaced)."""
    same = [s for s in before if s.type == own[0].type]
    if len(own) != 1 or len(same) != 1 or same[0].text not in first_text:
        return None
    at = rest.find(own[0].text)
    words = tag(rest[:at].strip(" \"“”'‘’«»").lower(), load("en")) if at >= 0 else []
    after = rest[at + len(own[0].text):]
    asked = re.split(r"\?|,\s*(?=\w)", after, maxsplit=1)[0]  # (a remark after the part is the whole question's: '…
    # B? I need both years', '… B, i need both years?')
    remark = after[len(asked):].lstrip("?, ").strip()
    trailing = tag(asked.strip(" .!\"'“”‘’«»").lower(), load("en"))  # ('and how many does B have?': an auxiliary)
    said_before = set(re.findall(r"[\w'-]+", first_text.lower()))  # ('…, and the latest for B?': words said again)
    if not words or any(t.family not in ("head", "function", "filler") and t.concept != "operator:count" and
                        not set(t.text.split()) <= said_before for t in words + trailing):
        return None  # ('and what was it for B?', 'and in which year did B?': nothing said of B but its name)
    # (a remark after it stays with the filled part, read by the check: '… did B? One year for each, please.')
    return first_text.replace(same[0].text, own[0].text) + (f" {remark}" if remark else "")


def keeps_filters(first: dict[str, Any], second: dict[str, Any]) -> bool:
    """Does the second part's plan keep every filter of the first's (a back-reference names the same things)?"""
    from hgrag.state.plan_ir import walk

    kept = [op for op in walk(second) if op.get("op") == "filter"]
    return all(any(_same(op, other) for other in kept) for op in walk(first) if op.get("op") == "filter")


def _same(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return (a.get("attr"), a.get("cmp"), str(a.get("value"))) == (b.get("attr"), b.get("cmp"), str(b.get("value")))
