"""dblp.xml(.gz) loader, streamed with an incremental XML parser (elements cleared as we go).

dblp.xml uses HTML entities (&uuml;, &eacute;, ...) declared in dblp.dtd. Instead of needing
the DTD, every named entity that XML itself does not define is rewritten to a numeric
character reference before the bytes reach the parser.

Records: article, inproceedings, proceedings, incollection. Ids: paper "dblp:<key>",
author "author:<name>", venue "venue:<journal or booktitle>". <cite> keys become references.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from html.entities import name2codepoint
from pathlib import Path

from hgrag.tools.errors import BadRecordError, DatasetError
from hgrag.tools.loaders.aminer import author_id, venue_id
from hgrag.tools.loaders.files import LoadStats, open_binary
from hgrag.tools.records import AuthorRef, PaperRecord, VenueRef
from hgrag.tools.text import clean_display

DBLP_XML_SUFFIXES = (".xml", ".xml.gz")
RECORD_TAGS = frozenset({"article", "inproceedings", "proceedings", "incollection"})
PAPER_PREFIX = "dblp:"
_ENTITY = re.compile(rb"&([A-Za-z][A-Za-z0-9]*);")
_XML_ENTITIES = frozenset({b"amp", b"lt", b"gt", b"quot", b"apos"})
_CHUNK_BYTES = 1 << 16


def _numeric_entity(match: re.Match[bytes]) -> bytes:
    name = match.group(1)
    if name in _XML_ENTITIES:
        return match.group(0)
    codepoint = name2codepoint.get(name.decode("ascii"))
    return b"&#%d;" % codepoint if codepoint is not None else match.group(0)


def replace_html_entities(data: bytes) -> bytes:
    """'M&uuml;ller' -> 'M&#252;ller'; XML's own five entities are left alone."""
    return _ENTITY.sub(_numeric_entity, data) if b"&" in data else data


def _text(element: ET.Element | None) -> str:
    """All text inside an element, inline markup (<i>, <sub>) dropped, whitespace folded."""
    return clean_display("".join(element.itertext())) if element is not None else ""


def element_to_record(element: ET.Element, where: str) -> PaperRecord:
    """Convert one dblp record element; a record without a key raises `BadRecordError`."""
    key = (element.get("key") or "").strip()
    if not key:
        raise BadRecordError(where, f"<{element.tag}> record without a key attribute")
    people = [_text(child) for child in element.findall("author")]
    if element.tag == "proceedings":
        people += [_text(child) for child in element.findall("editor")]
    names = [name for name in people if name]
    year_text = _text(element.find("year"))
    try:
        year = int(year_text) if year_text else None
    except ValueError:
        raise BadRecordError(where, f"{key}: year is not a number: {year_text!r}") from None
    venue_name = _text(element.find("journal")) or _text(element.find("booktitle"))
    cites = [_text(cite) for cite in element.findall("cite")]
    return PaperRecord(
        id=PAPER_PREFIX + key,
        title=_text(element.find("title")),
        year=year,
        authors=[AuthorRef(id=author_id(name), name=name, position=position)
                 for position, name in enumerate(names, start=1)],
        venue=VenueRef(id=venue_id(venue_name), name=venue_name) if venue_name else None,
        references=[PAPER_PREFIX + cite for cite in cites if cite and cite != "..."],
        type=element.tag,
        source="dblp",
    )


def _chunks(path: Path) -> Iterator[bytes]:
    """The file's bytes in line-aligned chunks, entities already rewritten."""
    with open_binary(path) as handle:
        while lines := handle.readlines(_CHUNK_BYTES):
            yield replace_html_entities(b"".join(lines))


class _Reader:
    """Feeds chunks to an XMLPullParser and yields record elements at depth 1."""

    def __init__(self, path: Path):
        self.path = path
        self.parser = ET.XMLPullParser(events=("start", "end"))
        self.depth = 0
        self.root: ET.Element | None = None

    def elements(self) -> Iterator[ET.Element]:
        for chunk in _chunks(self.path):
            self.parser.feed(chunk)
            yield from self._ready()
        self.parser.close()
        yield from self._ready()

    def _ready(self) -> Iterator[ET.Element]:
        for event, element in self.parser.read_events():
            if event == "start":
                self._started(element)
                continue
            self.depth -= 1
            if self.depth == 1 and self.root is not None:
                if element.tag in RECORD_TAGS:
                    yield element
                self.root.clear()  # keep memory flat: drop finished records

    def _started(self, element: ET.Element) -> None:
        if self.root is None:
            if element.tag != "dblp":
                raise DatasetError(f"{self.path}: XML, but not dblp.xml (root element "
                                   f"<{element.tag}>, expected <dblp>)")
            self.root = element
        self.depth += 1


def iter_dblp_xml_file(path: Path, *, skip_bad_records: bool = False,
                       stats: LoadStats | None = None) -> Iterator[PaperRecord]:
    """Stream the records of one dblp.xml file (plain or gzipped)."""
    stats = stats if stats is not None else LoadStats()
    stats.files += 1
    reader = _Reader(path)
    try:
        for number, element in enumerate(reader.elements(), start=1):
            record = stats.attempt(lambda: element_to_record(element, f"{path}: record #{number}"),
                                   skip_bad_records)
            if record is not None:
                stats.records += 1
                yield record
    except ET.ParseError as exc:
        line = exc.position[0] if getattr(exc, "position", None) else "?"
        error = BadRecordError(f"{path}:{line}", f"malformed XML ({exc}); the rest of the file "
                               "cannot be read")
        if not skip_bad_records:
            raise error from None
        stats.skip(error)
