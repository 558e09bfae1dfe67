"""AMiner V8 text loader: tiny real file checked against a naive parse, quirks, bad input."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from hgrag.tools.errors import BadRecordError, DatasetError
from hgrag.tools.loaders.detect import iter_records
from hgrag.tools.loaders.files import LoadStats

BLOCK = "#*{title}\r\n#@{authors}\r\n#t{year}\r\n#c{venue}\r\n#index{index}\r\n{refs}#!\r\n  \r\n"


def _block(index: str, *, title="A title.", authors="Ann Lee,Bob Ray", year="2001", venue="J. X",
           refs=()) -> str:
    ref_lines = "".join(f"#%{r}\r\n" for r in refs) or "#% \r\n"
    return BLOCK.format(title=title, authors=authors, year=year, venue=venue, index=index,
                        refs=ref_lines)


def _naive_parse(path: Path) -> list[dict]:
    """A deliberately different parse: split on '#index' lines, look backwards/forwards."""
    lines = path.read_bytes().decode("utf-8", "replace").split("\r\n")
    papers = []
    for i, line in enumerate(lines):
        if line.startswith("#index"):
            authors_line = next(l for l in reversed(lines[:i]) if l.startswith("#@"))
            refs = []
            for later in lines[i + 1:]:
                if not later.startswith("#%"):
                    break
                if later[2:].strip():
                    refs.append(later[2:].strip())
            papers.append({"index": line[6:], "authors": [a.strip() for a in authors_line[2:].split(",")
                                                          if a.strip()], "refs": refs})
    return papers


def test_tiny_file_matches_naive_parse(dblp_tiny_file: Path) -> None:
    expected = _naive_parse(dblp_tiny_file)
    records = list(iter_records("dblp", dblp_tiny_file))
    assert len(records) == len(expected) == 300
    for record, raw in zip(records, expected):
        assert record.id == f"aminer:{raw['index']}"
        assert [a.id for a in record.authors] == [f"author:{n}" for n in raw["authors"]]
        assert [a.position for a in record.authors] == list(range(1, len(raw["authors"]) + 1))
        assert record.references == [f"aminer:{r}" for r in raw["refs"]]
        assert "\r" not in record.title and record.year is not None
        assert record.venue is not None and record.venue.id == f"venue:{record.venue.name}"


def test_gzip_and_plain_give_the_same_records(tmp_path: Path, dblp_tiny_file: Path) -> None:
    packed = tmp_path / "tiny.txt.gz"
    packed.write_bytes(gzip.compress(dblp_tiny_file.read_bytes()))
    assert list(iter_records("dblp", packed)) == list(iter_records("dblp", dblp_tiny_file))


def test_quirks_html_titles_spaces_invalid_utf8(tmp_path: Path) -> None:
    path = tmp_path / "q.txt"
    text = _block("1", title="On <i>n</i>-gram &amp; more.", authors=" Ann Lee , ,Bob Ray",
                  refs=("2", "9")) + _block("2", authors="")
    path.write_bytes(text.encode().replace(b"more", b"mo\xffre"))
    first, second = iter_records("dblp", path)
    assert first.title == "On n-gram & mo\ufffdre."
    assert [a.name for a in first.authors] == ["Ann Lee", "Bob Ray"]
    assert first.references == ["aminer:2", "aminer:9"] and second.references == []
    assert second.authors == []


def test_record_without_index_names_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_text(_block("1") + _block("").replace("#index\r\n", "") + _block("3"), newline="")
    with pytest.raises(BadRecordError, match=rf"{path.name}:9: AMiner record without an #index"):
        list(iter_records("dblp", path))
    stats = LoadStats()
    records = list(iter_records("dblp", path, skip_bad_records=True, stats=stats))
    assert [r.id for r in records] == ["aminer:1", "aminer:3"] and stats.bad_records == 1


def test_non_numeric_year_is_a_bad_record(tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_text(_block("1", year="20x1"), newline="")
    with pytest.raises(BadRecordError, match="year is not a number"):
        list(iter_records("dblp", path))


def test_truncated_gzip_is_a_dataset_error(tmp_path: Path) -> None:
    data = gzip.compress("".join(_block(str(i)) for i in range(500)).encode())
    path = tmp_path / "domain.txt.gz"
    path.write_bytes(data[:-40])
    with pytest.raises(DatasetError, match=rf"{path.name}: damaged or truncated gzip"):
        list(iter_records("dblp", path))


def test_json_file_in_a_dblp_dataset_is_a_dataset_error(tmp_path: Path) -> None:
    path = tmp_path / "domain.txt"
    path.write_text('{"works": []}')
    with pytest.raises(DatasetError, match=rf"{path.name}: looks like OpenAlex JSON"):
        list(iter_records("dblp", path))
