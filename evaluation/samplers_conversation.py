"""A conversation benchmark (issue 20): threads of 2-4 turns whose later turns refer to earlier ones,
gold computed from the graph. Each row: id, thread, turn, question, answer (gold; [] = must abstain or
ask back), type (opening | pronoun | demonstrative | ordinal | selection | ellipsis | refinement |
new_question | unresolvable). Lists are referred to in the order hgrag shows them (by label)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Callable, Iterator

from hgrag.tools.text import norm_key

Turn = tuple[str, list[str], str]  # question, gold, type
ORDINAL_WORDS = ("first", "second", "third", "fourth", "fifth")


class Pools:
    """Entities whose names or titles are unique (so a question about them is not ambiguous)."""

    def __init__(self, store: Any, rng: random.Random):
        self.store, self.rng = store, rng
        self.papers = self._unique("paper", lambda p: 15 <= len(store.label(p)) <= 140 and "'" not in store.label(p)
                                   and store.attr(p, "year"))
        self.authors = self._unique("author", lambda a: 3 <= len(store.step(a, "paper")) <= 60)
        self.venues = set(self._unique("venue", lambda v: True))
        rng.shuffle(self.papers)
        rng.shuffle(self.authors)

    def _unique(self, kind: str, keep: Callable[[str], bool]) -> list[str]:
        nodes = list(self.store.nodes_of_type(kind))
        counts = Counter(norm_key(self.store.label(n)) for n in nodes)
        return sorted(n for n in nodes if counts[norm_key(self.store.label(n))] == 1 and keep(n))

    def shown(self, nodes: list[str]) -> list[str]:
        """Nodes in the order hgrag lists them (by label)."""
        return sorted(set(nodes), key=lambda n: (self.store.label(n).lower(), n))

    def authors_of(self, paper: str) -> list[str]:
        return self.shown(self.store.step(paper, "author"))

    def papers_of(self, author: str) -> list[str]:
        return self.shown(self.store.step(author, "paper"))

    def year(self, node: str) -> int | None:
        value = self.store.attr(node, "year")
        return int(value) if isinstance(value, (int, float)) else None

    def labels(self, nodes: list[str]) -> list[str]:
        return [self.store.label(n) for n in nodes]

    def unique_authors(self, nodes: list[str]) -> bool:
        named = Counter(norm_key(self.store.label(n)) for n in self.store.nodes_of_type("author")) if not hasattr(self, "_names") else self._names
        self._names = named
        return all(named[norm_key(self.store.label(n))] == 1 for n in nodes)


def t_pronoun(pools: Pools, paper: str, author: str) -> list[Turn] | None:
    venue = pools.store.step(paper, "venue")
    title = pools.store.label(paper)
    if len(venue) != 1:
        return None
    return [(f"In which venue was '{title}' published?", pools.labels(venue), "opening"),
            ("When was it published?", [str(pools.year(paper))], "pronoun")]


def t_demonstrative(pools: Pools, paper: str, author: str) -> list[Turn] | None:
    authors = pools.authors_of(paper)
    if len(authors) < 2:
        return None
    title = pools.store.label(paper)
    return [(f"Who wrote '{title}'?", pools.labels(authors), "opening"),
            ("In which year did that paper appear?", [str(pools.year(paper))], "demonstrative"),
            ("How many authors does this paper have?", [str(len(authors))], "demonstrative")]


def t_ordinal(pools: Pools, paper: str, author: str) -> list[Turn] | None:
    authors = pools.authors_of(paper)
    if not 2 <= len(authors) <= 5 or not pools.unique_authors(authors):
        return None
    k = pools.rng.randrange(len(authors))
    chosen = authors[k]
    title = pools.store.label(paper)
    papers = pools.papers_of(chosen)
    beyond = ORDINAL_WORDS[len(authors)] if len(authors) < 5 else "tenth"
    turns = [(f"Who wrote '{title}'?", pools.labels(authors), "opening"),
             (f"Which papers did the {beyond} one write?", [], "unresolvable"),
             (f"Which papers did the {ORDINAL_WORDS[k]} one write?", pools.labels(papers), "ordinal")]
    if len(papers) >= 2:
        turns.append(("How many is that?", [str(len(papers))], "refinement"))
    return turns


def t_selection(pools: Pools, paper: str, author: str) -> list[Turn] | None:
    papers = [p for p in pools.papers_of(author) if pools.year(p)]
    years = Counter(pools.year(p) for p in papers)
    name = pools.store.label(author)
    if len(papers) < 3:
        return None
    earliest = min(years)
    turns = [(f"Which papers did {name} write?", pools.labels(pools.papers_of(author)), "opening")]
    if years[earliest] == 1:
        first = next(p for p in papers if pools.year(p) == earliest)
        turns.append(("Who wrote the earliest one?", pools.labels(pools.authors_of(first)), "selection"))
    single = sorted(y for y, n in years.items() if n == 1 and y != earliest)
    if single:
        year = pools.rng.choice(single)
        one = next(p for p in papers if pools.year(p) == year)
        turns.append((f"In which venue was the {year} one published?", pools.labels(pools.store.step(one, "venue")),
                      "selection"))
    return turns if len(turns) >= 2 and all(t[1] or t[2] == "unresolvable" for t in turns) else None


def t_ellipsis(pools: Pools, paper: str, author: str) -> list[Turn] | None:
    years = Counter(pools.year(p) for p in pools.papers_of(author) if pools.year(p))
    if len(years) < 2:
        return None
    (y1, n1), (y2, n2) = pools.rng.sample(sorted(years.items()), 2)
    name = pools.store.label(author)
    turns = [(f"How many papers did {name} publish in {y1}?", [str(n1)], "opening"),
             (f"And in {y2}?", [str(n2)], "ellipsis")]
    partners = [a for p in pools.papers_of(author) for a in pools.store.step(p, "author") if a != author]
    partners = [a for a in pools.shown(partners) if pools.unique_authors([a])]
    if partners:
        other = pools.rng.choice(partners)
        count = sum(1 for p in pools.store.step(other, "paper") if pools.year(p) == y2)
        turns.append((f"What about their co-author {pools.store.label(other)}?", [str(count)], "ellipsis"))
    return turns


def t_refinement(pools: Pools, paper: str, author: str) -> list[Turn] | None:
    papers = [p for p in pools.papers_of(author) if pools.year(p)]
    if len(papers) < 4 or len(papers) != len(pools.papers_of(author)):
        return None
    years = sorted(pools.year(p) for p in papers)
    cut = years[len(years) // 2 - 1]
    later = [p for p in papers if pools.year(p) > cut]
    if not later:
        return None
    name = pools.store.label(author)
    turns = [(f"Which papers did {name} write?", pools.labels(papers), "opening"),
             (f"Only those after {cut}", pools.labels(later), "refinement"),
             ("How many is that?", [str(len(later))], "refinement")]
    oldest = min(pools.year(p) for p in later)
    firsts = [p for p in later if pools.year(p) == oldest]
    turns.append(("Which is the oldest?", pools.labels(firsts), "refinement"))
    return turns


def t_new_question(pools: Pools, paper: str, author: str) -> list[Turn] | None:
    authors = pools.authors_of(paper)
    if not authors:
        return None
    name = pools.store.label(author)
    return [(f"How many papers did {name} write?", [str(len(pools.papers_of(author)))], "opening"),
            (f"Who wrote '{pools.store.label(paper)}'?", pools.labels(authors), "new_question"),
            ("When was it published?", [str(pools.year(paper))], "pronoun")]


def t_unresolvable(pools: Pools, paper: str, author: str) -> list[Turn] | None:
    authors = pools.authors_of(paper)
    if len(authors) < 2:
        return None
    return [(f"Who wrote '{pools.store.label(paper)}'?", pools.labels(authors), "opening"),
            ("What else did she publish?", [], "unresolvable")]


THREADS = (t_pronoun, t_demonstrative, t_ordinal, t_selection, t_ellipsis, t_refinement, t_new_question,
           t_unresolvable)


def conversation_threads(store: Any, dataset: str, threads: int = 60, seed: int = 0) -> Iterator[dict[str, Any]]:
    """`threads` threads (templates in turn), as question rows with thread and turn."""
    rng = random.Random(seed)
    pools = Pools(store, rng)
    made, attempts = 0, 0
    while made < threads and attempts < threads * 40 and pools.papers and pools.authors:
        template = THREADS[made % len(THREADS)]
        paper, author = pools.papers[attempts % len(pools.papers)], pools.authors[attempts % len(pools.authors)]
        attempts += 1
        turns = template(pools, paper, author)
        if not turns:
            continue
        name = f"{dataset}-c{made:03d}-{template.__name__[2:]}"
        for number, (question, gold, kind) in enumerate(turns[:4], 1):
            yield {"id": f"{name}-t{number}", "thread": name, "turn": number, "question": question,
                   "answer": gold, "type": kind, "dataset": dataset}
        made += 1
