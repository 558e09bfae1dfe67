"""Papers named by description, not by title: 'the paper on Permafrost in Energy Procedia in 2011', 'which author
named Fadhil published the paper on Demise mechanisms?', 'in which venue did Jack publish the paper about
Dolomitization fronts?'.

A paper noun followed by an 'about' word of the lexicon (`described_papers.about_words`) describes papers by the
words up to the next word that ends the description (`ends`, a mention or the sentence's end): the papers whose
titles hold those words in that order (case, accents and punctuation aside). A capitalised word the lexicon does
not know, outside every mention and the description, is part of a person's name ('Jack', 'by Omar'): the authors
whose names hold it. The other mentions (a venue, an author, an institution, a year) narrow the papers. The answer
is the kind the question's head asks for, read from the papers found. The description and the name part become
mentions of the plan, so the structural check reads the rest of the question as for any other plan.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from hgrag.agents.understanding.lexicon import load
from hgrag.state import plan_ir as ir
from hgrag.tools.text import name_tokens, norm_key

WORD = re.compile(r"[^\W\d_]+(?:[-'’][^\W\d_]+)*|\d+|[?.!,;:]")
MAX_WORDS = 6
MAX_PAPERS = 500  # a description that fits more titles names nothing in particular: not read


def described_program(question: str, spans: list[Any], years: list[int], anchors: list[dict[str, Any]],
                      store: Any) -> tuple[dict[str, Any], list[Any], dict[str, list[str]]] | None:
    """(IR, the mentions it uses (the description's and the name part's included), the nodes each of those two
    stands for) or None."""
    from hgrag.agents.linking.mentions import Span
    from hgrag.tools.entity_index import Candidate

    rich = _rich_spans(question, anchors)
    words = _words(question, spans + rich)
    found = _description(words)
    if found is None:
        return None
    start, end = found
    phrase = question[words[start][1]:words[end - 1][2]]
    papers = titles_holding(store, norm_key(phrase))
    if not papers or len(papers) > MAX_PAPERS:
        return None
    names = [w for i, w in enumerate(words) if not start <= i < end and _name_part(w[0])]
    if len(names) > 1:
        return None
    described = Span(words[start][1], words[end - 1][2], phrase, "paper",
                     [Candidate(papers[0], "paper", phrase, 1.0, "description")])  # the set is the plan's match
    program = ir.match(papers, "paper", phrase)
    used, members = [described], {phrase: papers}
    for span in spans:
        if span.candidates and span.type in ("venue", "author"):
            program = ir.where(program, span.type, "=", span.candidates[0].node_id)
            used.append(span)
    for year in years[:1]:
        program = ir.where(program, "year", "=", year)
    program = _by_institutions(program, rich)
    used += [s for s in rich if s.type == "institution"]
    people = None
    if names:
        word, begin, finish = names[0]
        people = authors_named(store, norm_key(word))
        if not people:
            return None
        named = ir.match(people, "author", word)
        program = ir.setop("intersect", [program, ir.traverse(named, "writes", "out")])
        used.append(Span(begin, finish, word, "author", [Candidate(people[0], "author", word, 1.0, "name part")]))
        members[word] = people
    asked = _asked(question, used)
    result = _answer(program, asked, people, names[0][0] if names else "")
    return (result, used, members) if result is not None else None


def _rich_spans(question: str, anchors: list[dict[str, Any]]) -> list[Any]:
    """The richer kinds' mentions (institutions …) where the question writes them, as spans to mask."""
    from hgrag.agents.linking.mentions import Span
    from hgrag.tools.entity_index import Candidate

    found = []
    for anchor in anchors:
        at = question.find(anchor.get("text") or "\0")
        if anchor.get("type") not in ("paper", "author", "venue") and anchor.get("node_id") and at >= 0:
            node = Candidate(anchor["node_id"], anchor["type"], anchor.get("label") or anchor["text"], 1.0, "plan")
            found.append(Span(at, at + len(anchor["text"]), anchor["text"], anchor["type"], [node]))
    return found


def _words(question: str, spans: list[Any]) -> list[tuple[str, int, int]]:
    """(word, start, end) outside the linked mentions; a mention is one word 'zzm'."""
    out: list[tuple[str, int, int]] = []
    at = 0
    for span in sorted((s for s in spans if s.candidates), key=lambda s: s.start):
        out += [(m.group(0), m.start() + at, m.end() + at) for m in WORD.finditer(question[at:span.start])]
        out.append(("zzm", span.start, span.end))
        at = span.end
    out += [(m.group(0), m.start() + at, m.end() + at) for m in WORD.finditer(question[at:])]
    return out


def _section() -> dict[str, Any]:
    return load("en").extra.get("described_papers", {})


def _description(words: list[tuple[str, int, int]]) -> tuple[int, int] | None:
    """(first, past-last) word index of the one description after 'paper(s) on/about'."""
    lexicon, about, ends = load("en"), set(_section().get("about_words", [])), set(_section().get("ends", []))
    found = []
    for i, (word, _, _) in enumerate(words[:-1]):
        before = [lexicon.concept(w.lower()) for w, _, _ in words[max(0, i - 2):i]]
        if word.lower() not in about or "kind:paper" not in before:
            continue
        end = i + 1
        while end < len(words) and end - i - 1 < MAX_WORDS and words[end][0] != "zzm" \
                and words[end][0].lower() not in ends and words[end][0][0].isalnum():  # ('Large-scale')
            end += 1
        if end > i + 1 and (end == len(words) or not words[end][0][0].isalnum() or words[end][0] == "zzm"
                            or words[end][0].lower() in ends):
            found.append((i + 1, end))
    return found[0] if len(found) == 1 else None


def _name_part(word: str) -> bool:
    """A capitalised word the lexicon does not know (a given name or surname standing alone, or its initial)."""
    return word[:1].isupper() and word.isalpha() and load("en").concept(word.lower()) is None


def _by_institutions(program: dict[str, Any], rich: list[Any]) -> dict[str, Any]:
    """Papers with an author entry affiliated with each named institution (the richer OpenAlex kinds)."""
    for span in rich:
        if span.type == "institution":
            entries = ir.traverse(ir.match([span.candidates[0].node_id], "institution", span.text),
                                  "affiliated_with", "in")
            program = ir.setop("intersect", [program, ir.traverse(entries, "authorship_of", "out")])
    return program


def _asked(question: str, used: list[Any]) -> str | None:
    from hgrag.agents.understanding.check import asked_kind, asking_tokens

    masked = question
    for span in sorted(used, key=lambda s: -s.start):
        masked = masked[:span.start] + "zzm" + masked[span.end:]
    return asked_kind(asking_tokens(masked.lower()))


def _answer(papers: dict[str, Any], asked: str | None, people: list[str] | None, word: str) -> dict[str, Any] | None:
    if asked in ("paper", "value"):
        return papers
    if asked == "venue":
        return ir.traverse(papers, "published_in", "out")
    if asked == "year":
        return ir.project(papers, "year")
    if asked == "author":
        authors = ir.traverse(papers, "writes", "in")
        return ir.setop("intersect", [authors, ir.match(people, "author", word)]) if people else authors
    return None


@lru_cache(maxsize=4)
def _title_words(store: Any) -> tuple[dict[str, str], dict[str, set[str]]]:
    """(paper -> normalised title, word -> papers whose title has it), read once per store."""
    titles = {p: norm_key(label) for p, label in store.labels(list(store.nodes_of_type("paper"))).items()}
    postings: dict[str, set[str]] = {}
    for paper, title in titles.items():
        for word in set(title.split()):
            postings.setdefault(word, set()).add(paper)
    return titles, postings


def titles_holding(store: Any, phrase: str) -> list[str]:
    """Papers whose normalised title holds the normalised phrase as whole words in order."""
    titles, postings = _title_words(store)
    words = phrase.split()
    if not words:
        return []
    found = set.intersection(*(postings.get(w, set()) for w in words))
    wanted = f" {phrase} "
    return sorted(p for p in found if wanted in f" {titles[p]} ")


@lru_cache(maxsize=4)
def _name_words(store: Any) -> dict[str, set[str]]:
    postings: dict[str, set[str]] = {}
    for author, label in store.labels(list(store.nodes_of_type("author"))).items():
        for word in set(name_tokens(label)):
            postings.setdefault(word, set()).add(author)
    return postings


def authors_named(store: Any, word: str) -> list[str]:
    """Authors one of whose name words is `word` (normalised), or, for an initial, begins with it."""
    postings = _name_words(store)
    if len(word) == 1:
        return sorted({a for name, found in postings.items() if name.startswith(word) for a in found})
    return sorted(postings.get(word, set()))
