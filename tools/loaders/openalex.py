"""OpenAlex loader: Work objects -> `PaperRecord`s, streamed.

Three file shapes, told apart by content (not by name), plain or gzipped:
  - per-author API responses  {"details": Author, "works": [Work, ...]}
  - API list pages            {"results": [Work, ...]}   (a bare JSON list of Works also works)
  - snapshot works files      one Work JSON object per line
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any, BinaryIO

from hgrag.tools.errors import BadRecordError, DatasetError
from hgrag.tools.loaders import openalex_rich as rich
from hgrag.tools.loaders.files import LoadStats, describe_start, open_binary
from hgrag.tools.records import AuthorRef, PaperRecord, VenueRef
from hgrag.tools.text import clean_display

OPENALEX_SUFFIXES = (".json", ".json.gz", ".jsonl", ".jsonl.gz", ".gz")
_ID_PREFIXES = ("https://openalex.org/", "http://openalex.org/")
_DOI_PREFIXES = ("https://doi.org/", "http://doi.org/", "doi:")
_ORCID_PREFIXES = ("https://orcid.org/", "http://orcid.org/")


def _strip_prefix(value: Any, prefixes: tuple[str, ...]) -> str | None:
    if not value:
        return None
    text = str(value).strip()
    for prefix in prefixes:
        if text.startswith(prefix):
            return text[len(prefix):]
    return text


def short_id(value: Any) -> str | None:
    """'https://openalex.org/W4377030326' -> 'W4377030326' (None stays None)."""
    return _strip_prefix(value, _ID_PREFIXES)


def _as_int(value: Any, field_name: str, where: str) -> int | None:
    if value is None or value == "":
        return None
    try:
        return int(value)
    except (TypeError, ValueError):
        raise BadRecordError(where, f"{field_name} is not a number: {value!r}") from None


def _authors(work: dict[str, Any]) -> list[AuthorRef]:
    """Authorships in byline order; `position` is the 1-based byline slot.

    Authorships whose author id is null are skipped (their slot stays unused).
    """
    authors = []
    for slot, authorship in enumerate(work.get("authorships") or [], start=1):
        author = (authorship or {}).get("author") or {}
        author_id = short_id(author.get("id"))
        if not author_id:
            continue
        authors.append(AuthorRef(
            id=author_id,
            name=clean_display(author.get("display_name") or ""),
            position=slot,
            orcid=_strip_prefix(author.get("orcid"), _ORCID_PREFIXES),
            author_position=authorship.get("author_position"),
            institutions=rich.institutions(authorship),
        ))
    return authors


def _venue(work: dict[str, Any]) -> VenueRef | None:
    source = (work.get("primary_location") or {}).get("source") or {}
    venue_id = short_id(source.get("id"))
    if not venue_id:
        return None
    return VenueRef(
        id=venue_id,
        name=clean_display(source.get("display_name") or ""),
        type=source.get("type"),
        issn_l=source.get("issn_l"),
    )


def work_to_record(work: Any, where: str) -> PaperRecord:
    """Convert one OpenAlex Work; a record that is not a Work raises `BadRecordError`."""
    if not isinstance(work, dict):
        raise BadRecordError(where, f"expected an OpenAlex Work object, got {type(work).__name__}")
    paper_id = short_id(work.get("id"))
    if not paper_id:
        raise BadRecordError(where, "OpenAlex Work without an 'id'")
    return PaperRecord(
        id=paper_id,
        title=clean_display(work.get("display_name") or work.get("title") or ""),
        year=_as_int(work.get("publication_year"), "publication_year", where),
        authors=_authors(work),
        venue=_venue(work),
        references=[ref for ref in map(short_id, work.get("referenced_works") or []) if ref],
        doi=_strip_prefix(work.get("doi"), _DOI_PREFIXES),
        cited_by_count=_as_int(work.get("cited_by_count"), "cited_by_count", where),
        type=work.get("type"),
        language=work.get("language"),
        source="openalex",
        topics=rich.topics(work),
        keywords=rich.terms(work.get("keywords")),
        funders=rich.funders(work),
        abstract=rich.abstract(work),
    )


def _convert(work: Any, where: str, skip_bad_records: bool, stats: LoadStats) -> Iterator[PaperRecord]:
    record = stats.attempt(lambda: work_to_record(work, where), skip_bad_records)
    if record is not None:
        stats.records += 1
        yield record


_CONTAINER_KEYS = ("works", "results")


def _is_openalex_value(value: Any) -> bool:
    """Does a parsed JSON value look like OpenAlex works (a Work, a page, a response, a list)?"""
    if isinstance(value, list):
        return True
    return isinstance(value, dict) and bool(
        {"works", "results", "authorships", "publication_year", "id"} & value.keys())


def _works_in(value: Any, where: str) -> list[Any]:
    """The Works inside one JSON value: a response's 'works', a page's 'results', a list, or a Work."""
    if isinstance(value, list):
        return value
    if isinstance(value, dict):
        for key in _CONTAINER_KEYS:
            if key in value:
                if not isinstance(value[key], list):
                    raise BadRecordError(where, f"'{key}' is not a list")
                return value[key]
    return [value]


def _wrong_format(path: Path, start: str) -> DatasetError:
    return DatasetError(f"{path}: not an OpenAlex works file (expected JSON with 'works' or "
                        f"'results', or one Work per line; starts with {describe_start(start)})")


def _first_content_line(handle: BinaryIO) -> tuple[int, bytes]:
    for number, line in enumerate(handle, start=1):
        if line.strip():
            return number, line
    return 0, b""


def _parse_line(line: bytes, where: str) -> Any:
    try:
        return json.loads(line)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise BadRecordError(where, f"malformed JSON ({getattr(exc, 'msg', exc)})") from None


def iter_openalex_file(path: Path, *, skip_bad_records: bool = False,
                       stats: LoadStats | None = None) -> Iterator[PaperRecord]:
    """Stream the Works of one OpenAlex file, whatever its shape (see module docstring)."""
    stats = stats if stats is not None else LoadStats()
    stats.files += 1
    with open_binary(path) as handle:
        first_number, first = _first_content_line(handle)
        if not first:
            raise DatasetError(f"{path}: file is empty")
        start_text = first[:200].decode("utf-8", "replace")
        if first.lstrip()[:1] not in (b"{", b"["):
            raise _wrong_format(path, start_text)
        try:
            head = json.loads(first)
        except (json.JSONDecodeError, UnicodeDecodeError):
            head = None  # the start of a multi-line (pretty-printed) document
        if head is not None:
            if not _is_openalex_value(head):
                raise _wrong_format(path, start_text)
            yield from _iter_lines(path, handle, head, first_number, skip_bad_records, stats)
            return
        data = first + handle.read()
    document = _parse_document(path, data, first_number, skip_bad_records, stats)
    if document is None:
        return
    if not _is_openalex_value(document):
        raise _wrong_format(path, start_text)
    yield from _convert_all(document, str(path), skip_bad_records, stats)


def _convert_all(value: Any, where: str, skip_bad_records: bool,
                 stats: LoadStats) -> Iterator[PaperRecord]:
    works = stats.attempt(lambda: _works_in(value, where), skip_bad_records)
    if works is None:
        return
    single = len(works) == 1 and works[0] is value
    for number, work in enumerate(works, start=1):
        yield from _convert(work, where if single else f"{where}: work #{number}",
                            skip_bad_records, stats)


def _parse_document(path: Path, data: bytes, first_number: int, skip_bad_records: bool,
                    stats: LoadStats) -> Any:
    try:
        return json.loads(data)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        line = getattr(exc, "lineno", 1) + first_number - 1
        error = BadRecordError(f"{path}:{line}", f"malformed JSON ({getattr(exc, 'msg', exc)})")
        if not skip_bad_records:
            raise error from None
        stats.skip(error)
        return None


def _iter_lines(path: Path, handle: BinaryIO, head: Any, first_number: int,
                skip_bad_records: bool, stats: LoadStats) -> Iterator[PaperRecord]:
    """One JSON value per line (snapshot files); `head` is the already-parsed first line."""
    yield from _convert_all(head, f"{path}:{first_number}", skip_bad_records, stats)
    for number, line in enumerate(handle, start=first_number + 1):
        if not line.strip():
            continue
        where = f"{path}:{number}"
        try:
            value = _parse_line(line, where)
        except BadRecordError as error:
            if not skip_bad_records:
                raise
            stats.skip(error)
            continue
        yield from _convert_all(value, where, skip_bad_records, stats)
