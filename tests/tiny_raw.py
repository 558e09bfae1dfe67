"""Independent readers of the tiny raw datasets, for computing expected answers in tests.

Deliberately shares no code with hgrag: OpenAlex JSON and AMiner V8 text are parsed here from the
formats documented in each PROVENANCE.md, and entities are picked programmatically.
"""

from __future__ import annotations

import html
import json
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class RawPaper:
    id: str
    title: str
    year: int | None
    venue: str | None
    authors: list[tuple[str, str]]  # (author id, display name), in order
    cited_by_count: int | None = None
    references: list[str] = field(default_factory=list)
    venue_id: str | None = None  # OpenAlex source id (AMiner venues have only a name)
    work_type: str | None = None
    language: str | None = None


@dataclass
class RawCorpus:
    papers: dict[str, RawPaper]
    conflicting: set[str] = field(default_factory=set)  # ids whose copies disagree

    def papers_of(self, author_id: str) -> list[RawPaper]:
        return [p for p in self.papers.values() if author_id in {a for a, _ in p.authors}]

    def names_by_id(self) -> dict[str, set[str]]:
        names: dict[str, set[str]] = {}
        for paper in self.papers.values():
            for author_id, name in paper.authors:
                names.setdefault(author_id, set()).add(name)
        return names

    def ids_by_name(self) -> dict[str, set[str]]:
        ids: dict[str, set[str]] = {}
        for author_id, names in self.names_by_id().items():
            for name in names:
                ids.setdefault(norm(name), set()).add(author_id)
        return ids

    def title_counts(self) -> Counter:
        return Counter(norm(p.title) for p in self.papers.values())

    def coauthor_names(self, author_id: str) -> set[str]:
        return {name for p in self.papers_of(author_id) for a, name in p.authors if a != author_id}

    def venue_counts(self, author_id: str) -> Counter:
        return Counter(p.venue for p in self.papers_of(author_id) if p.venue)


def norm(text: object) -> str:
    """Case-, accent-, markup- and punctuation-insensitive comparison key."""
    text = html.unescape(re.sub(r"</?[a-zA-Z][^>]*>", "", str(text)))
    text = unicodedata.normalize("NFKD", text.replace("ø", "o").replace("Ø", "O"))
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).lower()
    return re.sub(r"[^0-9a-z]+", " ", text).strip()


def norm_set(items: list[str] | set[str]) -> set[str]:
    return {norm(i) for i in items}


# -- OpenAlex ------------------------------------------------------------------
def read_openalex(directory: Path) -> RawCorpus:
    corpus = RawCorpus({})
    for path in sorted(directory.glob("*.json")):
        for work in json.loads(path.read_text(encoding="utf-8"))["works"]:
            paper = _openalex_paper(work)
            earlier = corpus.papers.setdefault(paper.id, paper)
            if earlier is not paper and earlier != paper:
                corpus.conflicting.add(paper.id)
    return corpus


def _openalex_paper(work: dict) -> RawPaper:
    source = (work.get("primary_location") or {}).get("source") or {}
    authors = [(a["author"]["id"], a["author"]["display_name"]) for a in work["authorships"]
               if (a.get("author") or {}).get("id")]
    return RawPaper(id=work["id"], title=work.get("display_name") or work.get("title") or "",
                    year=work.get("publication_year"), venue=source.get("display_name"), authors=authors,
                    cited_by_count=work.get("cited_by_count"), references=list(work.get("referenced_works") or []),
                    venue_id=source.get("id"), work_type=work.get("type"), language=work.get("language"))


def openalex_seed_authors(directory: Path) -> list[tuple[str, str]]:
    """(author id, display name) of each tiny file's author, in file order."""
    seeds = []
    for path in sorted(directory.glob("*.json")):
        details = json.loads(path.read_text(encoding="utf-8"))["details"]
        seeds.append((details["id"], details["display_name"]))
    return seeds


# -- AMiner V8 text ------------------------------------------------------------
def read_aminer(path: Path) -> RawCorpus:
    """Blocks of '#*title #@a,b #tyear #cvenue #indexID #%ref'; citations = in-set references."""
    corpus = RawCorpus({})
    for block in path.read_text(encoding="utf-8", errors="replace").split("#*")[1:]:
        paper = _aminer_paper(block)
        earlier = corpus.papers.setdefault(paper.id, paper)
        if earlier is not paper and earlier != paper:
            corpus.conflicting.add(paper.id)
    citing: dict[str, set[str]] = {}
    for paper in corpus.papers.values():
        for ref in paper.references:
            if ref in corpus.papers:
                citing.setdefault(ref, set()).add(paper.id)
    for paper in corpus.papers.values():
        paper.cited_by_count = len(citing.get(paper.id, ()))
    return corpus


def _aminer_paper(block: str) -> RawPaper:
    lines = block.replace("\r\n", "\n").split("\n")
    fields: dict[str, list[str]] = {}
    for line in lines[1:]:
        for tag in ("#@", "#t", "#c", "#index", "#%", "#!"):
            if line.startswith(tag):
                fields.setdefault(tag, []).append(line[len(tag):].strip())
                break
    names = [n.strip() for n in (fields.get("#@") or [""])[0].split(",") if n.strip()]
    year = (fields.get("#t") or [""])[0]
    return RawPaper(id=fields["#index"][0], title=lines[0].strip(), year=int(year) if year.isdigit() else None,
                    venue=(fields.get("#c") or [None])[0], authors=[(n, n) for n in names],
                    references=[r for r in fields.get("#%", []) if r])


# -- picking entities ------------------------------------------------------------
def pick_paper(corpus: RawCorpus, min_authors: int = 3) -> RawPaper:
    """First paper with >= min_authors distinct, unambiguous authors, a unique title and a venue."""
    titles, ids_by_name = corpus.title_counts(), corpus.ids_by_name()
    for paper in corpus.papers.values():
        names = [n for _, n in paper.authors]
        if (len(set(names)) >= min_authors and len(names) == len(set(names)) and paper.venue and paper.year
                and paper.id not in corpus.conflicting and titles[norm(paper.title)] == 1
                and '"' not in paper.title and all(len(ids_by_name[norm(n)]) == 1 for n in names)):
            return paper
    raise LookupError("no suitable paper in the tiny data")


def pick_prolific_author(corpus: RawCorpus, candidates: list[tuple[str, str]] | None = None) -> tuple[str, str]:
    """The author (id, name) with most papers and an unambiguous name (ties: first seen)."""
    ids_by_name, names_by_id = corpus.ids_by_name(), corpus.names_by_id()
    pool = candidates or [(a, sorted(n)[0]) for a, n in names_by_id.items()]
    usable = [(a, n) for a, n in pool if len(ids_by_name.get(norm(n), ())) == 1 and len(names_by_id.get(a, ())) == 1]
    return max(usable, key=lambda an: len(corpus.papers_of(an[0])))
