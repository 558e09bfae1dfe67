"""Pick the loader for each file of a dataset source by looking at its content.

A dataset *kind* (from tools/datasets.py) allows some formats:
  openalex -> OpenAlex JSON (author responses, list pages, or one Work per line)
  dblp     -> AMiner V8 text ('#*title' blocks) or dblp.xml
A file whose content fits none of its kind's formats raises a one-line `DatasetError`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

from hgrag.tools.errors import DatasetError
from hgrag.tools.loaders.aminer import AMINER_SUFFIXES, iter_aminer_file
from hgrag.tools.loaders.dblp_xml import DBLP_XML_SUFFIXES, iter_dblp_xml_file
from hgrag.tools.loaders.files import LoadStats, describe_start, list_source_files, peek_text
from hgrag.tools.loaders.openalex import OPENALEX_SUFFIXES, iter_openalex_file
from hgrag.tools.records import PaperRecord

FileLoader = Callable[..., Iterator[PaperRecord]]

KIND_SUFFIXES: dict[str, tuple[str, ...]] = {
    "openalex": OPENALEX_SUFFIXES,
    "dblp": AMINER_SUFFIXES + DBLP_XML_SUFFIXES,
}


def _check_kind(kind: str) -> None:
    if kind not in KIND_SUFFIXES:
        raise DatasetError(f"unknown dataset kind {kind!r}; known kinds: {', '.join(KIND_SUFFIXES)}")


def source_files(kind: str, source: str | Path) -> list[Path]:
    """The data files a source holds for this kind (a file, or a directory's files, sorted)."""
    _check_kind(kind)
    return list_source_files(Path(source).expanduser(), KIND_SUFFIXES[kind])


def detect_format(path: Path) -> str:
    """'openalex-json' | 'aminer' | 'dblp-xml' from the first non-blank characters of a file."""
    head = peek_text(path)
    start = head.lstrip("\ufeff \t\r\n")
    if not start:
        raise DatasetError(f"{path}: file is empty")
    if start[0] in "{[":
        return "openalex-json"
    if start.startswith("#"):
        return "aminer"
    if start.startswith("<"):
        return "dblp-xml"
    raise DatasetError(f"{path}: unrecognised data format (starts with {describe_start(start)})")


FORMAT_LOADERS: dict[str, FileLoader] = {
    "openalex-json": iter_openalex_file,
    "aminer": iter_aminer_file,
    "dblp-xml": iter_dblp_xml_file,
}
KIND_FORMATS: dict[str, tuple[str, ...]] = {
    "openalex": ("openalex-json",),
    "dblp": ("aminer", "dblp-xml"),
}
FORMAT_NAMES = {"openalex-json": "OpenAlex JSON", "aminer": "AMiner text", "dblp-xml": "dblp XML"}


def loader_for(kind: str, path: Path) -> FileLoader:
    """The file loader for `path`, checked against what the dataset kind allows."""
    _check_kind(kind)
    found = detect_format(path)
    if found not in KIND_FORMATS[kind]:
        expected = " or ".join(FORMAT_NAMES[name] for name in KIND_FORMATS[kind])
        raise DatasetError(f"{path}: looks like {FORMAT_NAMES[found]}, but dataset kind "
                           f"'{kind}' needs {expected}")
    return FORMAT_LOADERS[found]


def iter_records(kind: str, source: str | Path, skip_bad_records: bool = False,
                 stats: LoadStats | None = None,
                 files: list[Path] | None = None) -> Iterator[PaperRecord]:
    """Stream every record of a source, file by file; bad records raise or are counted.

    `files` may be passed when the caller already listed them (see `source_files`).
    """
    stats = stats if stats is not None else LoadStats()
    for path in files if files is not None else source_files(kind, source):
        loader = loader_for(kind, path)
        yield from loader(path, skip_bad_records=skip_bad_records, stats=stats)
