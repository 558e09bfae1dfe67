"""File plumbing shared by the loaders: listing a source, opening plain or gzipped files,
peeking at content, and turning low-level I/O failures into one-line `DatasetError`s."""

from __future__ import annotations

import gzip
import zlib
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO, Callable, TypeVar

from hgrag.tools.errors import BadRecordError, DatasetError

# Failures that mean a compressed file is damaged (truncated, bad CRC, not gzip at all).
GZIP_ERRORS = (EOFError, gzip.BadGzipFile, zlib.error)
T = TypeVar("T")


@dataclass
class LoadStats:
    """What a load read: files, records yielded, and bad records skipped (with examples)."""

    files: int = 0
    records: int = 0
    bad_records: int = 0
    bad_examples: list[str] = field(default_factory=list)

    def skip(self, error: BadRecordError) -> None:
        """Count one skipped bad record, keeping the first few messages for reports."""
        self.bad_records += 1
        if len(self.bad_examples) < 5:
            self.bad_examples.append(str(error))

    def attempt(self, convert: Callable[[], T], skip_bad_records: bool) -> T | None:
        """Run one conversion: a BadRecordError stops the load, or is counted and skipped (None)."""
        try:
            return convert()
        except BadRecordError as error:
            if not skip_bad_records:
                raise
            self.skip(error)
            return None


def list_source_files(source: Path, suffixes: Iterable[str]) -> list[Path]:
    """The data files of a source: the file itself, or a directory's matching files, sorted.

    Directories are not searched recursively (so `aminer_v8_ccf/tiny/` is not mixed in).
    """
    if not source.exists():
        raise DatasetError(f"dataset source not found: {source}")
    if source.is_file():
        if source.stat().st_size == 0:
            raise DatasetError(f"{source}: file is empty")
        return [source]
    if not source.is_dir():  # a device, a FIFO, a socket: nothing hgrag can read as a dataset
        raise DatasetError(f"dataset source {source} is not a regular file or a directory")
    wanted = tuple(suffixes)
    files = sorted(p for p in source.iterdir() if p.is_file() and p.name.endswith(wanted))
    if not files:
        raise DatasetError(f"no data files ({', '.join(wanted)}) in {source}")
    return files


def is_gzip(path: Path) -> bool:
    with path.open("rb") as handle:
        return handle.read(2) == b"\x1f\x8b"


@contextmanager
def open_binary(path: Path) -> Iterator[BinaryIO]:
    """Open a plain or gzipped file (decided by magic bytes) for reading bytes.

    Damaged compression or OS errors become a one-line `DatasetError` naming the file.
    """
    try:
        raw = gzip.open(path, "rb") if is_gzip(path) else path.open("rb")
    except OSError as exc:
        raise DatasetError(f"{path}: cannot open ({exc.strerror or exc})") from None
    try:
        with raw:
            yield raw
    except GZIP_ERRORS as exc:
        raise DatasetError(f"{path}: damaged or truncated gzip data ({exc})") from None


def peek_text(path: Path, size: int = 4096) -> str:
    """The first `size` decompressed bytes of a file as text (invalid UTF-8 replaced)."""
    with open_binary(path) as handle:
        head = handle.read(size)
    return head.decode("utf-8", errors="replace")


def read_all_bytes(path: Path) -> bytes:
    with open_binary(path) as handle:
        return handle.read()


def text_lines(handle: BinaryIO) -> Iterator[str]:
    """Decode a binary stream line by line (UTF-8, invalid bytes replaced, CR/LF stripped)."""
    for raw_line in handle:
        yield raw_line.decode("utf-8", errors="replace").rstrip("\r\n")


def describe_start(text: str) -> str:
    """A short printable excerpt of a file's start, for 'wrong format' messages."""
    snippet = " ".join(text.strip().split())[:40]
    if snippet and not all(ch.isprintable() and ch != "\ufffd" for ch in snippet):
        return "binary data, neither text nor gzip"
    return repr(snippet) if snippet else "nothing but whitespace"
