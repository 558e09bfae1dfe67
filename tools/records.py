"""Source-neutral records that every loader yields and the graph builder consumes."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True)
class AuthorRef:
    """One authorship: who, and where in the author list (1-based)."""

    id: str
    name: str
    position: int
    orcid: str | None = None
    author_position: str | None = None  # OpenAlex 'first' | 'middle' | 'last'


@dataclass(slots=True)
class VenueRef:
    """The journal, conference or repository a paper appeared in."""

    id: str
    name: str
    type: str | None = None
    issn_l: str | None = None


@dataclass(slots=True)
class PaperRecord:
    """One deduplicated paper with its authors, venue and outgoing references."""

    id: str
    title: str
    year: int | None = None
    authors: list[AuthorRef] = field(default_factory=list)
    venue: VenueRef | None = None
    references: list[str] = field(default_factory=list)
    doi: str | None = None
    cited_by_count: int | None = None
    type: str | None = None
    language: str | None = None
    source: str = ""  # which loader produced it: openalex | aminer | dblp
