"""AMiner citation-network V8 text loader (the DBLP-derived `aminer_v8_ccf` files).

One block per paper, CRLF line endings, plain or gzipped; invalid UTF-8 is replaced:
    #*title   #@author,author   #tyear   #cvenue   #indexID   #%ref (one per line)   #!abstract
Ids: paper "aminer:<index>", author "author:<name>" (trimmed, case-sensitive), venue "venue:<name>".
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from hgrag.tools.errors import BadRecordError, DatasetError
from hgrag.tools.loaders.files import (LoadStats, describe_start, open_binary, peek_text,
                                       text_lines)
from hgrag.tools.records import AuthorRef, PaperRecord, VenueRef
from hgrag.tools.text import clean_display

AMINER_SUFFIXES = (".txt", ".txt.gz")
PAPER_PREFIX = "aminer:"


def author_id(name: str) -> str:
    return f"author:{name}"


def venue_id(name: str) -> str:
    return f"venue:{name}"


@dataclass
class _Block:
    """The raw fields of one record while it is being read."""

    line: int
    title: str = ""
    authors: list[str] = field(default_factory=list)
    year: str = ""
    venue: str = ""
    index: str = ""
    references: list[str] = field(default_factory=list)


def _block_to_record(block: _Block, path: Path) -> PaperRecord:
    where = f"{path}:{block.line}"
    if not block.index:
        raise BadRecordError(where, "AMiner record without an #index line")
    try:
        year = int(block.year) if block.year else None
    except ValueError:
        raise BadRecordError(where, f"#t year is not a number: {block.year!r}") from None
    venue_name = block.venue  # ids use the name as written; only the display label is cleaned
    return PaperRecord(
        id=PAPER_PREFIX + block.index,
        title=clean_display(block.title),
        year=year,
        authors=[AuthorRef(id=author_id(name), name=name, position=position)
                 for position, name in enumerate(block.authors, start=1)],
        venue=VenueRef(id=venue_id(venue_name), name=clean_display(venue_name)) if venue_name else None,
        references=[PAPER_PREFIX + ref for ref in block.references],
        source="aminer",
    )


def _apply_line(block: _Block, line: str) -> None:
    """Store one tagged line in the block (unknown tags and blank lines are ignored)."""
    if line.startswith("#@"):
        block.authors = [name.strip() for name in line[2:].split(",") if name.strip()]
    elif line.startswith("#index"):
        block.index = line[6:].strip()
    elif line.startswith("#t"):
        block.year = line[2:].strip()
    elif line.startswith("#c"):
        block.venue = line[2:].strip()
    elif line.startswith("#%"):
        reference = line[2:].strip()
        if reference:
            block.references.append(reference)


def _blocks(path: Path, lines: Iterator[str]) -> Iterator[_Block]:
    """Group lines into records; a record starts at '#*' and ends before the next one."""
    block: _Block | None = None
    for number, line in enumerate(lines, start=1):
        if line.startswith("#*"):
            if block is not None:
                yield block
            block = _Block(line=number, title=line[2:])
        elif line.startswith("#"):
            if block is None:  # tagged lines before any title: a record without a title
                block = _Block(line=number)
            _apply_line(block, line)
    if block is not None:
        yield block


def _check_format(path: Path, first_line: str) -> None:
    if not first_line.startswith("#"):
        raise DatasetError(f"{path}: not an AMiner text file (expected '#*title' lines; "
                           f"starts with {describe_start(first_line)})")


def iter_aminer_file(path: Path, *, skip_bad_records: bool = False,
                     stats: LoadStats | None = None) -> Iterator[PaperRecord]:
    """Stream the records of one AMiner V8 text file."""
    stats = stats if stats is not None else LoadStats()
    stats.files += 1
    head = peek_text(path)
    first = next((line for line in head.splitlines() if line.strip()), None)
    if first is None:
        raise DatasetError(f"{path}: file is empty")
    _check_format(path, first)
    with open_binary(path) as handle:
        yield from _records(path, text_lines(handle), skip_bad_records, stats)


def _records(path: Path, lines: Iterator[str], skip_bad_records: bool,
             stats: LoadStats) -> Iterator[PaperRecord]:
    for block in _blocks(path, lines):
        record = stats.attempt(lambda: _block_to_record(block, path), skip_bad_records)
        if record is not None:
            stats.records += 1
            yield record
