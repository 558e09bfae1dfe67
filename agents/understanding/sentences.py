"""The sentences of a question and which of them asks: split after a stop before a capital, or before a lower-case
question word after a statement; a sentence asks when it ends with a question mark or opens with a question word or
a command (the lexicon's heads); a leading clause that says nothing but a name reads as a sentence of its own
('found T in a dusty folder, what cites it')."""

from __future__ import annotations

import re
from functools import lru_cache

from hgrag.agents.understanding.cue_words import phrase_alternation
from hgrag.agents.understanding.lexicon import MEANING_FAMILIES, load
from hgrag.agents.understanding.tokens import tag
from hgrag.tools.text import quotes_masked

SENTENCE_END = re.compile(r"(?<=[.!])(?<!\b[A-Z]\.)\s+(?=[A-Z\"'“‘])(?![A-Z]\.\s)")  # (an initial's stop ends no
# sentence, nor a stop followed by an initial: 'A. AlQuraishi', 'Kh. A. Ziq')


def leading_clause_as_sentence(question: str) -> str | None:
    """'found T in a dusty folder, what cites it' -> 'found T in a dusty folder. what cites it': a one-sentence
    question whose first clause asks nothing and whose rest, after a comma, opens with a question word."""
    if len(sentences_of(question)) != 1:
        return None
    masked = quotes_masked(question)
    comma = masked.find(",")
    left, rest = question[:comma].strip(), question[comma + 1:].strip()
    if comma < 0 or not left or _question_opening().match(left) or not _question_opening().match(rest):
        return None
    if any((t.family or "") in MEANING_FAMILIES for t in tag(left.lower(), load("en"))):
        return None  # ('Besides T, what has its first author published?', 'In the first two years of A's career, …')
    return f"{left}. {rest}"


def asks(sentence: str) -> bool:
    return sentence.rstrip().endswith("?")


def asking(sentence: str) -> bool:
    """The last sentence asks: it ends with a question mark, or (typed without one) opens with a question word."""
    return asks(sentence) or _question_opening().match(sentence.strip()) is not None


@lru_cache(maxsize=1)
def _question_opening() -> re.Pattern:
    heads = load("en").family("head")
    return re.compile(rf"(?:{phrase_alternation([w for forms in heads.values() for w in forms])})\b", re.IGNORECASE)


def asking_sentence_at(sentences: list[str]) -> int | None:
    """The index of the first sentence that asks (a question mark, or an opening question word or command); a
    sentence opening with an auxiliary but closed by a full stop asks only when no later one opens with a question word
    and ends with a question mark ('… Could well be, she's usually right. Which institutions …?': a remark)."""
    asked = [i for i, s in enumerate(sentences) if asks(s) and _question_opening().match(s.strip())
             and not command_opening().match(s.strip())]  # (a question, not a request: 'Report of 2004 …' may be a title's)
    return next((i for i, s in enumerate(sentences) if asks(s) or command_opening().match(s.strip()) or
                 asking(s) and not (asked and asked[-1] > i and s.rstrip().endswith(".") and _auxiliary_opening(s))),
                None)


def _auxiliary_opening(sentence: str) -> bool:
    """'Could well be, she's usually right.': an auxiliary opens it (a wh-word may open a statement that the question
    after it points back at: 'What I need is their debut paper. What was it called?')."""
    auxiliaries = load("en").family("head").get("aux", [])
    first = sentence.strip().split(" ", 1)[0].lower()
    return first in auxiliaries


@lru_cache(maxsize=1)
def command_opening() -> re.Pattern:
    commands = load("en").family("head").get("command", []) + load("en").extra.get("claim_requests", {}).get(
        "openers", [])
    return re.compile(rf"(?:{phrase_alternation(commands)})\b", re.IGNORECASE)


def sentences_of(question: str) -> list[str]:
    """The question's sentences: split after a stop before a capital, and after a stop before a lower-case question
    word ('… on a radio programme. what papers has he written': the lexicon's question heads, a command aside)."""
    return [part for piece in SENTENCE_END.split(question.strip()) for part in _lower_case_split(piece)]


def _lower_case_split(piece: str) -> list[str]:
    """A piece split before a lower-case question word after a stop, when what comes before asks nothing (a
    statement: 'i heard A on the radio. what …'); after a question ('What is the count of authors of T. who have …')
    the stop may end a title and the words after it go on. Then each part split before a lower-case command
    (`_command_split`)."""
    parts = _lower_case_starts().split(piece)
    if len(parts) > 1 and (_question_opening().match(parts[0].strip(" \"“”'")) or not _a_clause(parts[0])
                           and not _fillers_only(parts[0])):
        parts = [piece]  # (nor does a frame without a verb: 'For "T". which institutions …'; 'Not convinced.' does)
    return [sub for part in parts for sub in _command_split(part)]


def _command_split(part: str) -> list[str]:
    """'… is giving a talk next week. list their papers' -> two sentences: a lower-case command of the lexicon's
    `sentence_commands` after a stop starts one when the words before state something (a clause that asks nothing)
    and the command says more than itself ('… all of their coauthors. list pls' and 'Curious who picked it up. list
    whatever cites it' stay one)."""
    pieces = _command_starts().split(part)
    out = pieces[:1]
    for piece in pieces[1:]:
        before = out[-1]
        if _commands_only(piece) or _asks(before) or not _a_clause(before) or \
                _question_opening().match(before.strip(" \"“”'")):
            out[-1] = f"{before} {piece}"
        else:
            out.append(piece)
    return out


@lru_cache(maxsize=1)
def _command_starts() -> re.Pattern:
    words = load("en").extra.get("sentence_commands", [])
    return re.compile(rf"(?<=[a-z0-9\"”)][a-z0-9\"”)][.!])\s+(?=(?:{phrase_alternation(words) or '(?!)'})\b)")


def _opens_with_command(text: str) -> bool:
    commands = load("en").extra.get("sentence_commands", [])
    return any(text.lower().startswith(c + " ") for c in commands)


def _asks(text: str) -> bool:
    """The text holds a question word ('who', 'which', 'how many' …)."""
    return any(t.family == "head" and t.concept not in ("head:aux", "head:command")
               for t in tag(text.lower(), load("en")))


def _commands_only(text: str) -> bool:
    """'list pls', 'show me': a command with fillers and nothing else."""
    tokens = tag(text.lower(), load("en"))
    return bool(tokens) and all(t.family in ("filler", "function") or t.concept in ("head:command", "operator:list")
                                for t in tokens)


def _fillers_only(text: str) -> bool:
    """'Not convinced.', 'Hmm.': a fragment of declared fillers only, a remark of its own."""
    tokens = tag(text.lower(), load("en"))
    return bool(tokens) and all(t.family == "filler" for t in tokens)


def _a_clause(text: str) -> bool:
    """The text outside quotes holds a verb: an auxiliary or a relation word ('"T" is from 2019.', 'i heard A')."""
    from hgrag.tools.text import quotes_masked

    masked = re.sub(r"(?<![^\W\d_])x{3,}(?![^\W\d_])", " ", quotes_masked(text))  # (the quoted title's mask is no word)
    return any(t.concept == "head:aux" or t.family in ("relation", None) and t.text.isalpha()
               for t in tag(masked.lower(), load("en")))


@lru_cache(maxsize=1)
def _lower_case_starts() -> re.Pattern:
    heads = load("en").family("head")
    words = [w for concept, forms in heads.items() if concept != "command" for w in forms]
    return re.compile(rf"(?<=[a-z0-9\"”)][a-z0-9\"”)][.!])\s+(?=(?:{phrase_alternation(words)})\b)")


@lru_cache(maxsize=1)
def confirming_sentence() -> re.Pattern:
    """A last sentence that asks whether the statement before it holds ('… at some point. Does the record back that
    up?', 'True, or is my guest full of it?'; lexicon `confirming_sentences`)."""
    words = load("en").extra
    alternatives = phrase_alternation(words.get("confirming_alternatives", []))  # ('…, or is my guest full of it?')
    return re.compile(rf"\s*[.!]\s+(?:{phrase_alternation(words.get('confirming_sentences', []))})"
                      rf"(?:\s*,?\s+(?:{alternatives})\b[^.!?]*)?\s*\?\s*$", re.IGNORECASE)


def with_confirmation_as_tag(question: str) -> str | None:
    """'A worked at I. Does the record back that up?' -> 'A worked at I, yes or no?' (lexicon `confirming_sentences`),
    or None when the question does not end with such a sentence."""
    question = _without_closing_remarks(question)
    start = confirming_start(question)
    if start is None:
        return None
    statement = _without_asker_frame(question[:start].rstrip(" .!;"))
    opening = [t for t in tag(statement.lower(), load("en")) if t.family != "filler"][:1]
    asks = bool(opening) and opening[0].concept == "head:aux"  # ('Is it not true that …. Is the statement correct?')
    return statement + ("?" if asks else ", yes or no?")


def _without_closing_remarks(question: str) -> str:
    """'… True? Need it before the evening edition.' -> '… True?': after a confirming sentence, statements that name
    nothing (no quote, year, capitalised name or linked word) and neither restrict nor leave anything out are the
    asker's remarks; the claim being confirmed is all that is asked. Unchanged when none such follow one."""
    from hgrag.agents.understanding.narrowing import restricting

    end = quotes_masked(question).rfind("?")
    tail = question[end + 1:].strip() if end > 0 else ""
    if not tail or confirming_start(question[:end + 1]) is None or re.search(r"[\"“”«»?]|\b(?:1[89]|20)\d\d\b", tail):
        return question
    plain = all(not re.search(r"\s[A-Z]", s.strip()) for s in re.split(r"(?<=[.!])\s+", tail))
    said = tag(tail.lower(), load("en"))
    leaves_out = any(t.concept in ("operator:exclude", "mention") for t in said) or restricting().search(tail)
    return question[:end + 1] if plain and not leaves_out else question


def _without_asker_frame(statement: str) -> str:
    """'I have a vague memory that A and B collaborated once' -> 'A and B collaborated once': a statement the asker
    opens about themselves (lexicon `context_words.clause_subjects`) keeps only its claim, from 'that' before the first
    capitalised name or quote, or from that name when only lower-case words come before it."""
    subjects = load("en").extra.get("context_words", {}).get("clause_subjects", [])
    first = re.match(r"\W*([\w'’]+)", statement)
    if not first or first.group(1).lower() not in subjects:
        return statement
    named = next((m for m in re.finditer(r"[\"“]|\b[A-Z][\w'’]*", statement[first.end():])
                  if m.group(0).lower() not in subjects), None)  # (the asker's own 'I' names no one)
    if named is None:
        return statement
    at = first.end() + named.start()
    ends = load("en").extra.get("reported_claims", {}).get("ends", [])
    link = re.search(rf"(?<![\w'’])(?:{phrase_alternation(ends)})\s*$", statement[:at])  # ('… memory that A …')
    return statement[link.end():].lstrip() if link else statement[at:]


def with_confirmation_as_yes_no(question: str) -> str:
    """The reading step of `with_confirmation_as_tag`: the question unchanged when it ends with no such sentence."""
    return with_confirmation_as_tag(question) or question


def confirming_start(question: str) -> int | None:
    """Where the last sentence starts that asks whether the statement before it holds: one of the lexicon's
    `confirming_sentences`, or a short question after a stop or dash that opens with an auxiliary, points back
    (`code_words.pointing_back`: 'Does that hold up?', 'Can you confirm or knock that down?') and holds no word of
    the graph's meaning; None when there is none."""
    question = _without_choice_tail(question)  # ('Is that on record - yes or no?')
    found = confirming_sentence().search(question)
    if found:
        return found.start()
    last = re.search(r"(?:\s*[.!;]\s+|\s+[—–-]+\s+)([^.!;—–?]+\?)\s*$", question)
    if not last or not question[:last.start()].strip() or re.search(r"\s[A-Z]|[\"“]", last.group(1)):
        return None  # ('Does A belong on it?' names someone of its own)
    tokens = [t for t in tag(last.group(1).lower(), load("en")) if t.family not in ("filler",)]
    points = load("en").extra.get("code_words", {}).get("pointing_back", [])
    meaning = [t for t in tokens if (t.family in MEANING_FAMILIES or t.concept in ("mention", "number"))
               and t.concept not in ("head:aux", "head:command")]
    opens = bool(tokens) and tokens[0].concept in ("head:aux", "head:command")
    commands = load("en").extra.get("confirming_commands", [])
    bare = any(t.text in commands for t in tokens) and all(t.family in ("function", "head") for t in tokens)
    return last.start() if opens and len(tokens) <= 10 and not meaning and (any(t.text in points for t in tokens) or bare) \
        else None  # ('… in V. Can you check?': a confirming command with nothing of its own)


def _without_choice_tail(question: str) -> str:
    """'… Is that on record, yes or no?' -> '… Is that on record?': a closing choice of answers (lexicon
    `confirming_tails`) says only how to answer the confirming sentence before it."""
    tails = load("en").extra.get("confirming_tails", [])
    found = re.search(rf"\s*(?:[,;:]|\s[-–—])?\s*(?:{phrase_alternation(tails) or '(?!)'})\s*\?\s*$", question,
                      re.IGNORECASE)
    return question[:found.start()].rstrip() + "?" if found and "?" not in question[:found.start()][-1:] else question


def with_declarative_as_yes_no(question: str) -> str:
    """'Atif M. Memon had a paper in V?', 'A and B co-authored?', '"T" cites "U"?': one sentence whose subject is a
    name (two or more capitalised words or initials, names joined by 'and', or a quoted title) followed right away by
    a verb of the graph's meaning or an auxiliary, asking with its question mark alone (no question word, command or
    choice), asks whether it holds: ', yes or no?' in place of the mark. One such sentence with no mark, or a full
    stop, states a claim to check ('A is a co-author of B.'), asked the same way."""
    text = question.rstrip()
    stated = "?" not in text and bool(text.rstrip(".")) and len(sentences_of(text)) == 1
    text = text.rstrip(".").rstrip() + "?" if stated else text  # ('A is a co-author of B.': a claim to check)
    if not text.endswith("?") or text.count("?") != 1 or len(sentences_of(text)) != 1:
        return question
    rest = _after_named_subject(text)
    if rest is None or stated and not _opens_with_auxiliary(rest):
        return question  # (a claim said without a mark needs its auxiliary: 'A coauthor list pls' asks for a list)
    tokens = tag(quotes_masked(text).lower(), load("en"))
    asks = [t for t in tokens if t.family == "head" and t.concept != "head:aux" or t.concept in (
        "operator:yes_no", "function:or", "operator:count")]
    verb = tag(rest.lower(), load("en"))[:1]
    whole = bool(verb) and rest.split()[0].lower().strip(",.;:?!") == verb[0].text  # ('co-autors' is no 'co' verb)
    acts = whole and (verb[0].concept == "head:aux" or verb[0].family == "relation" and (
        not verb[0].text.endswith("s") or verb[0].text.endswith(("es", "ts"))))  # ('cites' acts, 'co-authors' names)
    if not (acts or _verb_last(rest)) and not asks and _copula_left_out(rest):
        spec, joiners = load("en").extra["name_heading"], load("en").extra["code_words"]["name_joiners"]
        joined = set(text[:len(text) - len(rest)].lower().split()) & set(joiners)
        opener = spec["plural_opener" if joined else "opener"]
        return f"{opener[:1].upper()}{opener[1:]} {text}"  # ('A an
        # author on T?': 'Is A an author on T?')
    return text[:-1].rstrip() + ", yes or no?" if (acts or _verb_last(rest)) and not asks else question


def _copula_left_out(rest: str) -> bool:
    """'an author on T?', 'one of the authors of T?': a predicate noun right after the named subject, with its
    article (lexicon `name_heading.fragment_openers`) or 'among', says what the subject is, the copula left out."""
    tokens = tag(quotes_masked(rest).lower(), load("en"))
    openers = load("en").extra.get("name_heading", {}).get("fragment_openers", [])
    lead = 2 if len(tokens) > 2 and tokens[0].concept in openers and tokens[1].concept == "function:of" else 1
    if len(tokens) <= lead or tokens[0].concept not in openers + ["function:among"]:
        return False
    noun = tokens[lead] if tokens[0].concept in openers else tokens[1] if tokens[1:] else None
    noun = tokens[lead + 1] if noun is not None and noun.concept == "function:the" and len(tokens) > lead + 1 else noun
    return noun is not None and noun.concept in ("kind:author", "relation:coauthor", "relation:writes")


def _verb_last(rest: str) -> bool:
    """'A with B together paper wrote?': a verb of the graph's meaning in a past form (lexicon `verb_final.pasts`, or
    its `past_endings`) closing the sentence after a named subject states what is asked about, verb last."""
    tokens = tag(quotes_masked(rest).lower().rstrip(" ?"), load("en"))
    last = tokens[-1] if tokens else None
    spec = load("en").extra.get("verb_final", {})
    return len(tokens) > 1 and last is not None and last.family == "relation" and (
        last.text in spec.get("pasts", []) or last.text.endswith(tuple(spec.get("past_endings", []))))


def _opens_with_auxiliary(rest: str) -> bool:
    first = tag(rest.lower(), load("en"))[:1]
    return bool(first) and first[0].concept == "head:aux" and rest.split()[0].lower().strip(",.;:") == first[0].text


def _after_named_subject(text: str) -> str | None:
    """What follows a subject made of names ('Atif M. Memon', 'A and B') or a quoted title; None when the sentence
    does not open so ('Whcih papers …', 'Peter Holden's co-authors …')."""
    quoted = re.match(r"\s*[\"“][^\"“”]+[\"”]\s*", text)
    if quoted:
        return text[quoted.end():]
    words = text.split()
    i, names, run = 0, 0, 0
    while i < len(words):
        word = words[i]
        if re.fullmatch(r"[A-Z]\.(?:-?[A-Z]\.)*", word) and run or re.fullmatch(r"[A-Z][\w.'’-]*", word) and \
                not word.endswith(("'s", "’s")) and not any(t.concept for t in tag(word.lower().strip("."), load("en"))):
            # ("Didn't" is no name; an initial inside one is: 'Mazin A. Bashari')
            run += 1
        elif run >= 2 and word.lower() in load("en").extra.get("code_words", {}).get("name_joiners", []):
            names, run = names + 1, 0
        else:
            break
        i += 1
    if run >= 1 and i < len(words) and re.fullmatch(r"[A-Z][\w.'’-]*,", words[i]) and i + 1 < len(words):
        run, i = run + 1, i + 1  # ('A and B, they wrote …?': the comma closes the names)
        pronouns = load("en").extra.get("code_words", {}).get("subject_pronouns", [])
        said = next((n for n in (2, 1) if " ".join(words[i:i + n]).lower() in pronouns), 0)
        i += said  # (the resumptive subject: 'they', 'they two', 'both')
    while run >= 2 and i < len(words) and re.fullmatch(r"[-–—:]+", words[i]):
        i += 1  # ('A and B - co-authored at least once?')
    if run < 2 or i >= len(words) or not words[i][:1].islower():
        return None
    return " ".join(words[i:])


def with_closing_existence_tag(question: str) -> str:
    """'A paper in V: any?' -> 'Any A paper in V?': a fragment closed by an existence tag after a colon or dash
    (lexicon `existence_tags`, each with the opening it stands for) asks whether any such thing exists, as the same
    fragment opened so does."""
    match = _existence_tag().search(question)
    if match is None or not question[:match.start()].strip() or len(sentences_of(question)) != 1:
        return question
    opening = load("en").extra["existence_tags"][" ".join(match["tag"].lower().split())]
    return f"{opening[:1].upper()}{opening[1:].lower()} {question[:match.start()].strip()}?"


@lru_cache(maxsize=1)
def _existence_tag() -> re.Pattern:
    from hgrag.agents.understanding.cue_words import phrase_alternation

    tags = list(load("en").extra.get("existence_tags", {}))
    return re.compile(rf"\s*[:,;–—-]+\s*(?P<tag>{phrase_alternation(tags)})\s*\?\s*$", re.IGNORECASE)


def with_shared_singular_as_existence(question: str) -> str:
    """'joint paper A / B?', 'article commun A / B ?' ('paper in common A B?'): a fragment naming one paper (a singular
    noun) that two people share, with no question word, command or other word of meaning, asks whether there is one:
    read with the lexicon's yes/no opener ('Any joint paper A / B?')."""
    text = question.strip()
    if not text.endswith("?") or text.count("?") != 1 or len(sentences_of(text)) != 1:
        return question
    openers = load("en").extra.get("yes_no_openers", [])
    if not openers or text.split(" ", 1)[0].lower() in openers:
        return question  # ('Any paper co-authored by A and B?': asked so already)
    tokens = [t for t in tag(quotes_masked(text).lower(), load("en")) if t.family != "filler"]
    sharing = [i for i, t in enumerate(tokens[:3]) if t.concept in ("operator:both", "relation:coauthor")]
    noun = next((i for i, t in enumerate(tokens[:3]) if t.concept == "kind:paper"), None)
    if not sharing or noun is None or tokens[noun].text.endswith("s") or abs(sharing[0] - noun) != 1:
        return question
    rest = [t for i, t in enumerate(tokens) if i not in (noun, sharing[0])]
    if any((t.family or "") in MEANING_FAMILIES for t in rest):
        return question
    opener = openers[0]
    return f"{opener[:1].upper()}{opener[1:]} {text[:1].lower()}{text[1:]}"
