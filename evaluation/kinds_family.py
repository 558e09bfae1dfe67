"""Benchmark families of questions about the richer OpenAlex kinds (issue 22), gold from the graph.

Each family asks one kind of question of issue 22 item 3; the gold answer is read from the store by
direct neighbour look-ups (not by the plan IR), as a set of labels or a number. Entities are drawn
with a seeded RNG among those whose label names one node only, so a right reading has one answer.

    rows = family_questions(store, per_family=10, seed=0)
    outcome = judge(row, ask(row["question"], dataset))   # right | wrong | abstained
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from hgrag.tools.text import norm_key

Row = dict[str, Any]


def _country_names() -> dict[str, str]:
    """Code -> the first name the lexicon gives the country (agents/lexicon/countries.json)."""
    from hgrag.agents.kinds.countries import COUNTRIES_FILE
    import json

    data = json.loads(COUNTRIES_FILE.read_text(encoding="utf-8"))["countries"]
    return {code: names[0] for code, names in data.items() if names}


COUNTRY_NAMES = _country_names()


class Facts:
    """Direct look-ups of the richer kinds on one store (the gold side)."""

    def __init__(self, store: Any):
        self.s = store

    def labels(self, nodes: Any) -> list[str]:
        return sorted({self.s.label(n) for n in nodes})

    def authorships(self, author: str) -> list[str]:
        return self.s.neighbors(author, "authorship_by", "in")

    def paper_of(self, authorship: str) -> str:
        return self.s.neighbors(authorship, "authorship_of")[0]

    def institutions_of_author(self, author: str, year: int | None = None) -> set[str]:
        return {i for a in self.authorships(author)
                if year is None or self.s.attr(self.paper_of(a), "year") == year
                for i in self.s.neighbors(a, "affiliated_with")}

    def institutions_on(self, author: str, paper: str) -> set[str]:
        return {i for a in self.authorships(author) if self.paper_of(a) == paper
                for i in self.s.neighbors(a, "affiliated_with")}

    def institutions_of_paper(self, paper: str) -> set[str]:
        return {i for a in self.s.neighbors(paper, "authorship_of", "in") for i in self.s.neighbors(a, "affiliated_with")}

    def authors_from(self, paper: str, institution: str) -> set[str]:
        return {self.s.neighbors(a, "authorship_by")[0] for a in self.s.neighbors(paper, "authorship_of", "in")
                if institution in self.s.neighbors(a, "affiliated_with")}

    def papers_of_institution(self, institution: str) -> set[str]:
        return {self.paper_of(a) for a in self.s.neighbors(institution, "affiliated_with", "in")}

    def top(self, counts: Counter) -> set[str]:
        if not counts:
            return set()
        best = max(counts.values())
        return {k for k, v in counts.items() if v == best}


def _unique(store: Any, nodes: list[str]) -> list[str]:
    keys = Counter(norm_key(store.label(n)) for n in nodes)
    return [n for n in nodes if keys[norm_key(store.label(n))] == 1 and len(store.label(n)) >= 4]


def _pools(store: Any) -> dict[str, list[str]]:
    named = {kind: sorted(store.nodes_of_type(kind)) for kind in ("author", "paper", "venue", "institution",
                                                                  "topic", "funder")}
    everything = [n for nodes in named.values() for n in nodes]
    keys = Counter(norm_key(store.label(n)) for n in everything)
    return {kind: [n for n in nodes if keys[norm_key(store.label(n))] == 1 and len(store.label(n)) >= 4
                   and "?" not in store.label(n)]
            for kind, nodes in named.items()}


def _families(f: Facts) -> dict[str, tuple[str, str, Callable[..., Any]]]:
    """family -> (entity kind drawn, question template, gold(entity) -> (slots, answer) or None)."""
    s = f.s

    def inst_of_author(a):
        return {"author": a}, f.institutions_of_author(a)

    def inst_on_paper(a):
        for auth in f.authorships(a):
            p = f.paper_of(auth)
            if s.neighbors(auth, "affiliated_with"):
                return {"author": a, "paper": p}, f.institutions_on(a, p)
        return None

    def inst_in_year(a):
        years = sorted({s.attr(f.paper_of(x), "year") for x in f.authorships(a)} - {None})
        return ({"author": a, "year": years[-1]}, f.institutions_of_author(a, years[-1])) if years else None

    def inst_of_paper(p):
        return {"paper": p}, f.institutions_of_paper(p)

    def authors_from(p):
        places = sorted(f.institutions_of_paper(p))
        return ({"paper": p, "institution": places[0]}, f.authors_from(p, places[0])) if places else None

    def papers_inst_venue(i):
        papers = f.papers_of_institution(i)
        venues = Counter(v for p in papers for v in s.neighbors(p, "published_in"))
        if not venues:
            return None
        v = sorted(venues, key=lambda x: (-venues[x], x))[0]
        return {"institution": i, "venue": v}, {p for p in papers if v in s.neighbors(p, "published_in")}

    def count_inst_year(i):
        papers = f.papers_of_institution(i)
        years = Counter(s.attr(p, "year") for p in papers if s.attr(p, "year"))
        if not years:
            return None
        y = sorted(years, key=lambda x: (-years[x], x))[0]
        return {"institution": i, "year": y}, years[y]

    def primary_topic(p):
        return {"paper": p}, set(s.neighbors(p, "primary_topic"))

    def field_of(p):
        return {"paper": p}, {fl for t in s.neighbors(p, "primary_topic") for sf in s.neighbors(t, "in_subfield")
                              for fl in s.neighbors(sf, "in_field")}

    def top_topics(a):
        counts = Counter(t for p in s.neighbors(a, "writes") for t in s.neighbors(p, "has_topic"))
        return {"author": a}, f.top(counts)

    def author_topic_papers(a):
        topics = Counter(t for p in s.neighbors(a, "writes") for t in s.neighbors(p, "has_topic"))
        if not topics:
            return None
        t = sorted(topics, key=lambda x: (-topics[x], x))[0]
        return {"author": a, "topic": t}, {p for p in s.neighbors(a, "writes") if t in s.neighbors(p, "has_topic")}

    def venues_of_topic(t):
        counts = Counter(v for p in s.neighbors(t, "has_topic", "in") for v in s.neighbors(p, "published_in"))
        return {"topic": t}, f.top(counts)

    def keywords_of(p):
        return {"paper": p}, set(s.neighbors(p, "has_keyword"))

    def funders_of(p):
        return {"paper": p}, set(s.neighbors(p, "funded_by"))

    def funded_papers(fu):
        return {"funder": fu}, set(s.neighbors(fu, "funded_by", "in"))

    def coauthors_from_country(a):
        found: dict[str, set[str]] = {}
        for auth in f.authorships(a):
            for other in s.neighbors(f.paper_of(auth), "authorship_of", "in"):
                person = s.neighbors(other, "authorship_by")[0]
                for i in s.neighbors(other, "affiliated_with") if person != a else []:
                    code = str(s.attr(i, "country_code") or "").upper()
                    if code in COUNTRY_NAMES:
                        found.setdefault(code, set()).add(person)
        if not found:
            return None
        code = sorted(found, key=lambda c: (-len(found[c]), c))[0]
        return {"author": a, "country": COUNTRY_NAMES[code]}, found[code]

    def two_part(p):
        topics, places = set(s.neighbors(p, "primary_topic")), f.institutions_of_paper(p)
        return ({"paper": p}, topics | places) if topics and places else None

    def not_funded(a):
        papers = set(s.neighbors(a, "writes"))
        funders = Counter(fu for p in papers for fu in s.neighbors(p, "funded_by"))
        for fu in sorted(funders, key=lambda x: (-funders[x], x)):
            rest = {p for p in papers if fu not in s.neighbors(p, "funded_by")}
            if rest and funders[fu] and _unique(s, [fu]):
                return {"author": a, "funder": fu}, rest
        return None

    def institutions_over(a):
        counts = Counter(i for x in f.authorships(a) for i in set(s.neighbors(x, "affiliated_with")))
        kept = {i for i, n in counts.items() if n > 1}
        return ({"author": a}, kept) if kept and len(kept) < len(counts) else None

    def year_comparison(i):
        years = Counter(s.attr(p, "year") for p in f.papers_of_institution(i) if s.attr(p, "year"))
        ranked = sorted(years, key=lambda y: (-years[y], y))
        if len(ranked) < 2 or years[ranked[0]] == years[ranked[1]]:
            return None
        first, second = sorted(ranked[:2])
        return {"institution": i, "year": first, "year2": second}, ranked[0]

    def affiliated_yes_no(a):
        for auth in f.authorships(a):
            places = s.neighbors(auth, "affiliated_with")
            if places:
                return {"author": a, "paper": f.paper_of(auth), "institution": sorted(places)[0]}, "yes"
        return None

    return {
        "two_part_topic_institutions": ("paper", "What is the primary topic of {paper}, and which institutions are "
                                        "on it?", two_part),
        "papers_not_funded_by": ("author", "Which papers of {author} were not funded by {funder}?", not_funded),
        "institutions_on_more_than_one_paper": ("author", "Which institutions is {author} affiliated with on more "
                                                "than 1 of their papers?", institutions_over),
        "year_comparison": ("institution", "Did {institution} publish more papers in {year} or in {year2}?",
                            year_comparison),
        "affiliation_yes_no": ("author", "Was {author} affiliated with {institution} on {paper}?", affiliated_yes_no),
        "coauthors_from_country": ("author", "Which co-authors of {author} were affiliated with an institution in "
                                   "{country}?", coauthors_from_country),
        "funders_who": ("paper", "Who funded {paper}?", funders_of),
        "institutions_of_author": ("author", "Which institutions is {author} affiliated with?", inst_of_author),
        "institutions_on_paper": ("author", "Which institutions was {author} affiliated with on {paper}?", inst_on_paper),
        "institutions_in_year": ("author", "Which institutions was {author} affiliated with in {year}?", inst_in_year),
        "institutions_of_paper_authors": ("paper", "Which institutions are the authors of {paper} from?", inst_of_paper),
        "authors_of_paper_from_institution": ("paper", "Which authors of {paper} are from {institution}?", authors_from),
        "papers_of_institution_in_venue": ("institution", "Which papers from {institution} appeared in {venue}?",
                                           papers_inst_venue),
        "count_institution_papers_in_year": ("institution", "How many papers from {institution} were published in "
                                             "{year}?", count_inst_year),
        "primary_topic_of_paper": ("paper", "What is the primary topic of {paper}?", primary_topic),
        "field_of_paper": ("paper", "What field is {paper} in?", field_of),
        "topics_of_author_most": ("author", "What topics does {author} publish on most?", top_topics),
        "author_papers_on_topic": ("author", "Which papers of {author} are on the topic {topic}?", author_topic_papers),
        "venues_of_topic_most": ("topic", "In which venues does the topic {topic} appear most?", venues_of_topic),
        "keywords_of_paper": ("paper", "What are the keywords of {paper}?", keywords_of),
        "funders_of_paper": ("paper", "Which funders funded {paper}?", funders_of),
        "papers_funded_by": ("funder", "Which papers were funded by {funder}?", funded_papers),
    }


def family_questions(store: Any, per_family: int = 10, seed: int = 0, families: tuple[str, ...] | None = None
                     ) -> list[Row]:
    """Up to `per_family` questions of each family with non-empty gold, drawn with `seed`."""
    facts = Facts(store)
    pools = _pools(store)
    rows: list[Row] = []
    for name, (kind, template, gold) in _families(facts).items():
        if families and name not in families:
            continue
        pool = list(pools[kind])
        random.Random(f"{seed}/{name}").shuffle(pool)
        made = 0
        for entity in pool:
            if made >= per_family:
                break
            found = gold(entity)
            if not found or not found[1]:
                continue
            slots, answer = found
            if any(k in slots and slots[k] not in pools.get(k, [slots[k]]) for k in ("paper", "venue", "institution",
                                                                                     "topic", "author")):
                continue
            text = template.format(**{k: v if k in ("year", "year2", "country") else store.label(v)
                                      for k, v in slots.items()})
            gold_answer = [str(answer)] if isinstance(answer, (int, str)) else facts.labels(answer)
            rows.append({"id": f"{name}/{made}", "family": name, "question": text, "gold": gold_answer})
            made += 1
    return rows


def judge(row: Row, output: dict[str, Any]) -> str:
    """right (the answer set equals the gold), wrong (another answer), or abstained (no answer)."""
    from hgrag.evaluation.metrics import score

    answer = [str(a) for a in output.get("answer") or []]
    if not answer:
        return "abstained"
    return "right" if score(answer, row["gold"])["accuracy"] == 1.0 else "wrong"  # labelled parts read as values


def topical_questions(store: Any, n: int = 20, seed: int = 0) -> list[Row]:
    """'Which papers of A are about <term>?': the term is one word of a topic or keyword of one of A's
    papers; gold = A's papers with a topic or keyword whose name holds the term (as a whole word)."""
    pools = _pools(store)
    authors = list(pools["author"])
    random.Random(f"{seed}/topical").shuffle(authors)
    rows: list[Row] = []
    for author in authors:
        if len(rows) >= n:
            break
        papers = store.neighbors(author, "writes")
        names = {p: [norm_key(store.label(t)) for e in ("has_topic", "has_keyword") for t in store.neighbors(p, e)]
                 for p in papers}
        words = sorted({w for ns in names.values() for name in ns for w in name.split()
                        if len(w) >= 7 and w.isalpha()})
        if len(papers) < 3 or not words:
            continue
        term = random.Random(f"{seed}/{author}").choice(words)
        gold = [p for p, ns in names.items() if any(f" {term} " in f" {name} " for name in ns)]
        if len(gold) == len(papers):  # every paper matches: nothing to rank
            continue
        rows.append({"id": f"topical/{len(rows)}", "family": "topical_papers_of_author",
                     "question": f"Which papers of {store.label(author)} are about {term}?",
                     "gold": sorted({store.label(p) for p in gold})})
    return rows


def hits_at(row: Row, answer: list[str], k: int) -> bool:
    gold = {norm_key(g) for g in row["gold"]}
    return any(norm_key(a) in gold for a in answer[:k])
