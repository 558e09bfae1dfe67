"""The career reader: an author's papers in a year placed by their own first or last year ('what did A publish
in their first year of publishing?', 'in the year after their debut', 'during the first 4 years of their
career', 'from their latest year of activity'), read from the lexicon's concepts: an author, a year, one of
first / last, and optionally a number of years or 'after' / 'before' right after the word for year.

The year is the earliest or latest year of the author's papers in the graph (an aggregate sub-plan), moved by
an offset; the reading is used only when the rules have no plan the question-plan check accepts, and only when
the check accepts this one."""

from __future__ import annotations

from typing import Any

from hgrag.agents.second_reader.chain import masked
from hgrag.agents.understanding.cue_words import without_notes
from hgrag.agents.understanding.lexicon import load
from hgrag.agents.understanding.tokens import Token, tag
from hgrag.state import plan_ir as ir

ENDS = {"operator:first": "min", "operator:last": "max"}
SHIFTS = {"time:after": 1, "time:before": -1}
UP_TO = ("operator:compare_less", "function:within")  # 'at most 3 years before', 'within 2 years after'
BEYOND = ("operator:compare_more",)  # 'more than 2 years after their first paper': strictly later than that year
OFFSET_PHRASES = {"time:offset_later": "time:after", "time:offset_earlier": "time:before"}
NOT_THIS = ("instruction", "missing", "value")
KEPT = ("instruction:inclusive",)  # 'the first 4 years, counting the debut year as year one': the window's own start


def career_program(question: str, spans: list[Any]) -> tuple[dict[str, Any], list[Any]] | None:
    """(IR, [the author]) for a question about an author's papers in a year of their own career, else None."""
    linked = [s for s in spans if s.candidates]
    if len(linked) != 1 or linked[0].type != "author":
        return None
    text = without_notes(masked(question, linked))  # ('(that first year included)')
    tokens = _by_amount(_plain([t for t in tag(text, load("en")) if t.family != "filler"]))  # 'the year right after'
    concepts = [t.concept or "" for t in tokens]
    ends = [c for c in concepts if c in ENDS]
    times = [c for c in concepts if c.startswith("time:")]
    if "attribute:year" not in concepts or len(ends) != 1 or any(t.family in NOT_THIS and t.concept not in KEPT
                                                                   for t in tokens) \
            or any(c not in SHIFTS for c in times) or len(times) > 1:
        return None
    owners = set(load("en").extra.get("career_owners", []))
    year_at = next(i for i, c in enumerate(concepts) if c == "attribute:year")
    owned = any(t.text.lower() in owners for t in tokens) or "mention" in concepts[year_at:]  # 'the last year A published'
    if not owned:
        return None  # 'did A publish in the last 22 years': counted back from today, not from A's own last year
    fn = ENDS[ends[0]]
    offset = _offset(tokens, fn)
    left_out = _end_year_left_out(concepts)  # 'not counting their most recent year'
    if offset is False or left_out and offset is not None:
        return None
    if isinstance(offset, int) and "function:or" in concepts:  # 'their debut year or the year after': both years
        offset = [0, offset] if offset > 0 else [offset, 0]
    author = linked[0]
    papers = ir.traverse(ir.match([author.candidates[0].node_id], "author", author.text), "writes", "out")
    year = ir.aggregate(papers, fn, "year")
    if left_out:  # every other year: before their last, after their first
        program = ir.where(papers, "year", "!=", sub=year)
    elif isinstance(offset, tuple) and offset[0] == "bound":  # ('after their debut year': any later year)
        program = ir.where(papers, "year", ">" if offset[1] > 0 else "<", sub=year)
    elif isinstance(offset, tuple):  # ('beyond', signed years)
        cmp = (">" if offset[1] > 0 else "<") + ("=" if offset[2] else "")  # ('at least 2 years after': that year too)
        program = ir.where(papers, "year", cmp, sub=year, offset=offset[1])
    else:
        program = ir.where(papers, "year", "between" if isinstance(offset, list) else "=", sub=year, offset=offset)
    return _onward(program, concepts, ir.match([author.candidates[0].node_id], "author", author.text)), [author]


def _onward(papers: dict[str, Any], concepts: list[str], person: dict[str, Any]) -> dict[str, Any]:
    """What the question asks of the papers of those years: their venues ('where', a venue noun), the person's
    co-authors on them (a co-author word), their count, or the papers themselves."""
    if any(c in ("head:how_many", "operator:count") for c in concepts):
        return ir.aggregate(papers, "count")
    if "relation:coauthor" in concepts or "head:who" in concepts and "function:with" in concepts:  # ('who … with')
        return ir.setop("difference", [ir.traverse(papers, "writes", "in"), person])
    if "head:where" in concepts or "kind:venue" in concepts:
        return ir.traverse(papers, "published_in", "out")
    return papers


def _end_year_left_out(concepts: list[str]) -> bool:
    """An exclusion word right before the first / last word ('not counting their most recent year', 'leaving aside
    their first year'; one word may stand between): that year is left out."""
    at = next((i for i, c in enumerate(concepts) if c in ENDS), None)
    return at is not None and any(c == "operator:exclude" for c in concepts[max(0, at - 2):at])


def _plain(tokens: list[Token]) -> list[Token]:
    """A one-year offset phrase of the lexicon ('the year after', 'the following year') read as its two words: the
    word for year, then 'after' or 'before'."""
    out = []
    for token in tokens:
        shift = OFFSET_PHRASES.get(token.concept or "")
        out += [Token("year", token.start, token.end, "attribute:year"), Token(token.text, token.start, token.end, shift)] \
            if shift else [token]
    return out


def _by_amount(tokens: list[Token]) -> list[Token]:
    """'papers that predate their latest paper by more than 3 years' read as '… more than 3 years before their
    latest paper': an amount of years after 'by' at the end moves to right before the 'before' / 'after' word."""
    by = next((i for i, t in enumerate(tokens) if t.concept == "function:by"), None)
    shift = next((i for i, t in enumerate(tokens) if t.concept in SHIFTS), None)
    if by is None or shift is None or shift > by or tokens[shift - 1].concept == "attribute:year":
        return tokens
    amount = tokens[by + 1:]
    concepts = [t.concept for t in amount]
    if concepts not in (["number", "attribute:year"], [amount[0].concept, "number", "attribute:year"]) or \
            len(amount) == 3 and amount[0].concept not in BEYOND + UP_TO:
        return tokens
    return tokens[:shift] + amount + tokens[shift:by]


def _number(token: Token) -> int | None:
    """A count of years written in digits or as a word of the lexicon's `number_words`."""
    if token.concept == "number":
        return int(token.text)
    return load("en").extra.get("number_words", {}).get(token.text)


def _offset(tokens: list[Token], fn: str) -> int | list[int] | tuple[str, int] | None | bool:
    """None (that very year), +k / -k ('the year after', 'two years before'), [low, high] ('the first 4 years'),
    ('beyond', ±k) ('more than 2 years after'); False when the words do not say which."""
    numbers = [i for i, t in enumerate(tokens) if _number(t) is not None and not _pronoun_one(tokens, i)]
    shift = next((i for i, t in enumerate(tokens) if t.concept in SHIFTS), None)
    if shift is not None:  # right after the word for year a year ('the year after their debut'); else a bound
        if not numbers and _bounds_the_end(tokens, shift):
            return ("bound", SHIFTS[tokens[shift].concept])  # 'after their debut year', 'once it was behind them'
        if shift == 0 or tokens[shift - 1].concept != "attribute:year" or len(numbers) > 1:
            return False
        count = _number(tokens[numbers[0]]) if numbers and numbers[0] == shift - 2 else 1
        bounded = numbers and numbers[0] == shift - 2 and numbers[0] > 0 and tokens[numbers[0] - 1].concept in UP_TO
        if bounded:  # 'no more than 4 years after their first year': that year up to 4 years after it
            return [0, count] if SHIFTS[tokens[shift].concept] > 0 else [-count, 0]
        if numbers and numbers[0] == shift - 2 and numbers[0] > 0 and tokens[numbers[0] - 1].concept in BEYOND:
            inclusive = tokens[numbers[0] - 1].text in load("en").extra.get("inclusive_comparatives", [])
            return ("beyond", SHIFTS[tokens[shift].concept] * count, inclusive)  # 'more than 2 years after
        if numbers and (numbers[0] != shift - 2 or numbers[0] > 0 and tokens[numbers[0] - 1].concept == "function:the"):
            return False  # ('in the 3 years after their debut' is a window: window_program reads it)
        return SHIFTS[tokens[shift].concept] * count
    if not numbers:
        return None
    at = numbers[0]
    if len(numbers) == 1 and 0 < at < len(tokens) - 1 and tokens[at - 1].concept in UP_TO and \
            tokens[at + 1].concept == "attribute:year":  # 'within 3 years of their first paper': up to 3 years on
        return [0, _number(tokens[at])] if fn == "min" else [-_number(tokens[at]), 0]
    if len(numbers) > 1 or at + 1 >= len(tokens) or tokens[at + 1].concept != "attribute:year" \
            or tokens[at - 1].concept not in ENDS:
        return False  # 'the first 4 years': the number between first / last and the word for years
    span = _number(tokens[at])
    if span < 1:
        return False
    return [0, span - 1] if fn == "min" else [-(span - 1), 0]


def _bounds_the_end(tokens: list[Token], shift: int) -> bool:
    """'after their debut year' (the 'after' word before the first / last word), 'once their debut year was behind
    them' (after the word for year, but not right after it): a bound on the year, not a year of its own."""
    end = next((i for i, t in enumerate(tokens) if t.concept in ENDS), None)
    year = next((i for i, t in enumerate(tokens) if t.concept == "attribute:year"), None)
    if end is None or year is None or tokens[shift - 1].concept == "attribute:year":
        return False  # ('… or the year after': a year of its own)
    return shift < end < year or end < year < shift - 1


def _pronoun_one(tokens: list[Token], i: int) -> bool:
    """'their first one': a number word after first / last that no word for years follows stands for the paper."""
    after = tokens[i + 1].concept if i + 1 < len(tokens) else None
    return i > 0 and tokens[i - 1].concept in ENDS and tokens[i].concept != "number" and after != "attribute:year"


WINDOW_WORDS = ("function", "head", "filler", "mention", "number")
WINDOW_CONCEPTS = ("kind:paper", "kind:venue", "relation:published", "relation:writes", "attribute:year",
                   "operator:first", "operator:last", "instruction:exclusive", "instruction:inclusive", "operator:count",
                   "time:after", "time:before", "time:between", "operator:compare_more", "operator:compare_less",
                   "operator:list", "general:during")
WINDOW_SHIFTS = {**SHIFTS, "operator:compare_more": 1, "operator:compare_less": -1}  # 'two years later


def window_program(question: str, spans: list[Any]) -> tuple[dict[str, Any], list[Any]] | None:
    """(IR, [the author]) for 'in the 5 years after the year of A's first paper, which venues did they publish
    in?': A's papers in the N years right after their first year (right before their last), or those papers'
    venues or count; the stated year itself is left out unless the question says it is included."""
    linked = [s for s in spans if s.candidates]
    if len(linked) != 1 or linked[0].type != "author":
        return None
    tokens = [t for t in tag(masked(question, linked), load("en")) if t.family != "filler"]
    at = next((i for i in range(len(tokens) - 2) if _number(tokens[i]) and tokens[i + 1].concept == "attribute:year"
               and tokens[i + 2].concept in WINDOW_SHIFTS), None)
    ends = [ENDS[t.concept] for t in tokens if t.concept in ENDS] if at is not None else []
    if at is not None and at > 0 and tokens[at - 1].concept in BEYOND:
        return None  # 'more than 2 years after their first paper' is no window (career_program reads it)
    if at is None or len(set(ends)) != 1 or any(t.family not in WINDOW_WORDS and t.concept not in WINDOW_CONCEPTS
                                                and _number(t) is None for t in tokens):
        return None
    n, shift = _number(tokens[at]), WINDOW_SHIFTS[tokens[at + 2].concept]
    from_the_end = any(t.concept in ENDS for t in tokens[:at])  # 'from their first year up to 4 years after it'
    start = 0 if from_the_end or any(t.concept == "instruction:inclusive" for t in tokens) else 1
    offset = [start, n] if shift > 0 else [-n, -start]
    author = linked[0]
    papers = ir.traverse(ir.match([author.candidates[0].node_id], "author", author.text), "writes", "out")
    program = ir.where(papers, "year", "between", sub=ir.aggregate(papers, ends[0], "year"), offset=offset)
    concepts = [t.concept for t in tokens]
    asked = next((c for c in ("head:where", "head:how_many", "operator:count") if c in concepts), None) or \
        next((c for c in concepts if c in ("kind:venue", "kind:paper")), None)  # a question word first
    if asked in ("head:where", "kind:venue"):
        program = ir.traverse(program, "published_in", "out")
    elif asked in ("head:how_many", "operator:count"):
        program = ir.aggregate(program, "count")
    return program, [author]


def end_paper_program(question: str, spans: list[Any]) -> tuple[dict[str, Any], list[Any]] | None:
    """(IR, [the author]) for 'who were A's co-authors on their earliest publication?' / 'the primary topic of A's first
    paper': the people (other than A) or the venue of A's first or last paper by year, else None."""
    linked = [s for s in spans if s.candidates]
    if len(linked) != 1 or linked[0].type != "author":
        return None
    tokens = [t for t in tag(masked(question, linked), load("en")) if t.family not in ("filler", "function")]
    concepts = [t.concept or "" for t in tokens]
    ends = [c for c in concepts if c in ENDS]
    people = "relation:coauthor" in concepts
    if len(ends) != 1 or "kind:paper" not in concepts or not people or any(
            t.family not in END_PAPER_WORDS and t.concept not in END_PAPER_CONCEPTS for t in tokens):
        return None
    author = linked[0]
    person = ir.match([author.candidates[0].node_id], "author", author.text)
    paper = ir.top(ir.traverse(person, "writes", "out"), "year", ENDS[ends[0]])
    return ir.setop("difference", [ir.traverse(paper, "writes", "in"), person]), [author]


END_PAPER_WORDS = ("head", "mention", "general")  # ('their very first paper')
END_PAPER_CONCEPTS = ("relation:coauthor", "kind:paper", "operator:first", "operator:last", "relation:writes",
                      "relation:published", "kind:author")
