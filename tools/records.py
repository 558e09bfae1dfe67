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
    institutions: list["InstitutionRef"] = field(default_factory=list)  # affiliations on this paper


@dataclass(slots=True)
class VenueRef:
    """The journal, conference or repository a paper appeared in."""

    id: str
    name: str
    type: str | None = None
    issn_l: str | None = None


@dataclass(slots=True)
class InstitutionRef:
    """An institution an author was affiliated with on one paper (OpenAlex)."""

    id: str
    name: str
    country_code: str | None = None
    type: str | None = None


@dataclass(slots=True)
class Term:
    """A named concept attached to a paper: a topic, keyword or funder (score when the source gives one).

    Topics carry their hierarchy as (id, name) pairs: subfield, field, domain."""

    id: str
    name: str
    score: float | None = None
    primary: bool = False
    subfield: tuple[str, str] | None = None
    field: tuple[str, str] | None = None
    domain: tuple[str, str] | None = None


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
    topics: list[Term] = field(default_factory=list)  # OpenAlex only (as are the three below)
    keywords: list[Term] = field(default_factory=list)
    funders: list[Term] = field(default_factory=list)
    abstract: str | None = None
