"""How several named things are grouped when the question says so outside their own phrase: a last sentence that
only says to answer for each or in one list ('One venue for each, please.', 'One list for both.'), named things joined
by 'or' in a question asking a list (each asked, answers united), and a choosing head ('which of T1 and T2 …') whose
named things are the candidates of one answer. The words are words.json's (`per_entity_words`, `uniting_words`,
`alternatives`, `choice_heads`)."""

from __future__ import annotations

import re
from typing import Any

from hgrag.agents.second_reader.contrasts import alternatives_group
from hgrag.agents.second_reader.lexicon import has, words
from hgrag.agents.understanding.lexicon import load
from hgrag.agents.understanding.tokens import tag


def masked_names(question: str, spans: list[Any]) -> str:
    """The question with each mention replaced by 'X'."""
    body = question
    for span in sorted(spans, key=lambda s: -s.start):
        body = body[:span.start] + "X" + body[span.end:]
    return body


def single_sentence(question: str, spans: list[Any]) -> bool:
    """No sentence end outside the mentions ('Shahin E. Dashtgard' is one name, not two sentences)."""
    names = masked_names(question, [s for s in spans if s.type != "author"])  # (a person's name as 'Y': its own stop)
    for span in sorted((s for s in spans if s.type == "author"), key=lambda s: -s.start):
        names = names.replace(span.text, "Y", 1)
    body = re.sub(r"\s*\([^()]*\)\s*$", "", names.strip())  # '…? (years)': a note, no sentence
    body = re.sub(r"(?<=Y)\.(?=\s+[a-z])", " ", body)  # 'Eric Goles Ch. respectively': a name's own stop
    return not any(end in body.strip() for end in words()["sentence_ends"])


def before_a_remark_on_grouping(question: str, spans: list[Any]) -> str | None:
    """The question before a last sentence that names nothing and only says how to answer several named things ('One
    venue for each, please.', 'One list for both.': words.json `per_entity_words`, `uniting_words`), when the question
    before it is one sentence; else None."""
    cut = max((m.end() for m in re.finditer(r"[?.!]\s+(?=[^\W\d_])", question) if m.group(0)[-1:].isspace()
               and question[m.end()].isupper() and not any(s.start <= m.start() < s.end for s in spans)),
              default=None)  # (a sentence starts with a capital: 'Eric Goles Ch. respectively' ends none)
    if cut is None or any(s.start >= cut for s in spans):
        return None
    first, remark = question[:cut].strip(), question[cut:]
    asks = any(t.family == "head" and t.concept != "head:aux" for t in tag(remark.lower(), load("en")))
    says = has("per_entity_words", remark) or has("uniting_words", remark)  # ('One list for both.': united)
    return first if says and not asks and single_sentence(first, spans) else None


def offers_a_choice(question: str, group: list[Any]) -> bool:
    """'Which of T1 and T2 has …?': the named things right after a choosing head (words.json `choice_heads`) are
    the candidates of one answer, not each asked on its own."""
    before = question[:group[0].start].lower().rstrip(" \"'“”‘’«»:")
    opens = before.strip() in words().get("choice_openers", [])  # 'Between A and B, who …?' (the question's first word)
    return opens or any(re.search(rf"(?:^|\W){re.escape(head)}$", before) for head in words().get("choice_heads", []))


def offered_alternatives(question: str, spans: list[Any]) -> list[Any]:
    """Named things joined by 'or' in a question that asks for a list or a value, not a yes/no one (which tests
    either) nor a comparison (read before): what either has is asked, their answers united."""
    from hgrag.agents.understanding.asked_head import asked_kind
    from hgrag.agents.understanding.asking_sentence import asking_tokens

    group = alternatives_group(question, spans, "alternatives")
    tokens = [t for t in asking_tokens(masked_names(question, spans).lower()) if t.family != "filler"]
    opens_test = bool(tokens) and tokens[0].concept == "head:aux"  # 'did A or B write T?' tests either
    return group if group and not opens_test and asked_kind(tokens) not in ("yes/no", "number") else []


def choice_left_unanswered(question: str, spans: list[Any], program: dict[str, Any]) -> bool:
    """'Who is more productive by paper count: A or B?' read for each of them (each one's co-authors ranked): the
    whole question asks which of the named wins (understanding/said_checks.choice_unanswered)."""
    from hgrag.agents.understanding.said_checks import choice_unanswered

    masked = question
    for span in sorted(spans, key=lambda s: -s.start):
        masked = masked[:span.start] + "zzm" + masked[span.end:]
    return bool(choice_unanswered(tag(masked.lower(), load("en")), program))
