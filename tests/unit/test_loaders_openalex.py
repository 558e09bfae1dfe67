"""OpenAlex loader: the three file shapes, field mapping, and every kind of bad input."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from hgrag.tools.errors import BadRecordError, DatasetError
from hgrag.tools.loaders.detect import iter_records
from hgrag.tools.loaders.files import LoadStats
from hgrag.tools.loaders.openalex import iter_openalex_file


def _raw_works(directory: Path) -> list[dict]:
    works = []
    for path in sorted(directory.glob("*.json")):
        works.extend(json.loads(path.read_text(encoding="utf-8"))["works"])
    return works


def _work(work_id: str, *, authors=(("A1", "Ann"),), source=None, refs=()) -> dict:
    return {
        "id": f"https://openalex.org/{work_id}", "display_name": f"Title <i>{work_id}</i>",
        "publication_year": 2020, "cited_by_count": 3, "doi": f"https://doi.org/10.1/{work_id.lower()}",
        "type": "article", "language": "en",
        "authorships": [{"author_position": "first" if i == 0 else "middle",
                         "author": {"id": aid and f"https://openalex.org/{aid}", "display_name": name,
                                    "orcid": "https://orcid.org/0000-0001" if aid == "A1" else None}}
                        for i, (aid, name) in enumerate(authors)],
        "primary_location": {"source": source},
        "referenced_works": [f"https://openalex.org/{r}" for r in refs],
    }


def test_tiny_records_match_raw_json(openalex_tiny_dir: Path) -> None:
    raw = _raw_works(openalex_tiny_dir)
    stats = LoadStats()
    records = list(iter_records("openalex", openalex_tiny_dir, stats=stats))
    assert stats.files == 5 and stats.records == len(raw) == len(records)
    assert [r.id for r in records] == [w["id"].rsplit("/", 1)[1] for w in raw]
    for record, work in zip(records, raw):
        named = [a for a in work["authorships"] if a["author"]["id"]]
        assert [a.id for a in record.authors] == [a["author"]["id"].rsplit("/", 1)[1] for a in named]
        assert record.year == work["publication_year"]
        assert record.cited_by_count == work["cited_by_count"]
        source = (work["primary_location"] or {}).get("source")
        assert (record.venue is None) == (source is None)
        assert len(record.references) == len(work["referenced_works"])
        assert all(not r.startswith("http") for r in record.references)


def test_field_mapping(tmp_path: Path) -> None:
    source = {"id": "https://openalex.org/S9", "display_name": "Journal X", "type": "journal",
              "issn_l": "1234-5678"}
    work = _work("W1", authors=(("A1", "Ann"), (None, "Ghost"), ("A2", "Bob")), source=source,
                 refs=("W2",))
    path = tmp_path / "one.json"
    path.write_text(json.dumps({"details": {}, "works": [work]}))
    (record,) = iter_openalex_file(path)
    assert record.id == "W1" and record.title == "Title W1" and record.doi == "10.1/w1"
    assert [(a.id, a.position, a.author_position) for a in record.authors] == [
        ("A1", 1, "first"), ("A2", 3, "middle")]  # the null author is skipped, byline slots kept
    assert record.authors[0].orcid == "0000-0001"
    assert (record.venue.id, record.venue.name, record.venue.type, record.venue.issn_l) == (
        "S9", "Journal X", "journal", "1234-5678")
    assert record.references == ["W2"] and record.type == "article" and record.language == "en"


@pytest.mark.parametrize("shape", ["author_json", "author_gz", "page", "jsonl", "jsonl_gz", "list"])
def test_file_shapes_yield_the_same_works(tmp_path: Path, shape: str) -> None:
    works = [_work("W1"), _work("W2", refs=("W1",)), _work("W3")]
    lines = "\n".join(json.dumps(w) for w in works) + "\n"
    content = {
        "author_json": ("a.json", json.dumps({"details": {}, "works": works}, indent=2)),
        "author_gz": ("a.json.gz", json.dumps({"details": {}, "works": works}, indent=2)),
        "page": ("page.json", json.dumps({"meta": {}, "results": works})),
        "jsonl": ("part_000.jsonl", lines),
        "jsonl_gz": ("part_000.gz", lines),
        "list": ("list.json", json.dumps(works)),
    }[shape]
    path = tmp_path / content[0]
    data = content[1].encode()
    path.write_bytes(gzip.compress(data) if path.name.endswith(".gz") else data)
    assert [r.id for r in iter_records("openalex", path)] == ["W1", "W2", "W3"]


def test_directory_reads_files_sorted(tmp_path: Path) -> None:
    (tmp_path / "b.json").write_text(json.dumps({"works": [_work("W2")]}))
    (tmp_path / "a.json").write_text(json.dumps({"works": [_work("W1")]}))
    (tmp_path / "notes.md").write_text("not data")
    assert [r.id for r in iter_records("openalex", tmp_path)] == ["W1", "W2"]


def test_malformed_json_line_names_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "works.jsonl"
    path.write_text(json.dumps(_work("W1")) + "\n{broken\n" + json.dumps(_work("W3")) + "\n")
    with pytest.raises(BadRecordError) as caught:
        list(iter_records("openalex", path))
    assert f"{path}:2" in str(caught.value) and "\n" not in str(caught.value)
    stats = LoadStats()
    ids = [r.id for r in iter_records("openalex", path, skip_bad_records=True, stats=stats)]
    assert ids == ["W1", "W3"] and stats.bad_records == 1


def test_malformed_json_document_names_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "A1.json"
    path.write_text('{\n  "details": {},\n  "works": [\n    {"id": oops}\n  ]\n}\n')
    with pytest.raises(BadRecordError, match=rf"{path.name}:4: malformed JSON"):
        list(iter_records("openalex", path))
    stats = LoadStats()
    assert list(iter_records("openalex", path, skip_bad_records=True, stats=stats)) == []
    assert stats.bad_records == 1


def test_work_without_id_is_a_bad_record(tmp_path: Path) -> None:
    bad = _work("W2")
    del bad["id"]
    path = tmp_path / "a.json"
    path.write_text(json.dumps({"works": [_work("W1"), bad]}))
    with pytest.raises(BadRecordError, match="work #2"):
        list(iter_records("openalex", path))
    stats = LoadStats()
    assert [r.id for r in iter_records("openalex", path, skip_bad_records=True, stats=stats)] == ["W1"]
    assert stats.bad_records == 1


def test_truncated_gzip_is_a_dataset_error(tmp_path: Path) -> None:
    data = gzip.compress(json.dumps({"works": [_work(f"W{i}") for i in range(200)]}).encode())
    path = tmp_path / "A1.json.gz"
    path.write_bytes(data[: len(data) // 2])
    with pytest.raises(DatasetError, match=rf"{path.name}: damaged or truncated gzip"):
        list(iter_records("openalex", path))


@pytest.mark.parametrize("text", ["#*A title\n#@Someone\n", "<dblp></dblp>", "hello"])
def test_wrong_format_is_a_dataset_error(tmp_path: Path, text: str) -> None:
    path = tmp_path / "A1.json"
    path.write_text(text)
    with pytest.raises(DatasetError) as caught:
        list(iter_records("openalex", path))
    assert str(path) in str(caught.value) and "\n" not in str(caught.value)


def test_json_that_is_not_works_is_a_dataset_error(tmp_path: Path) -> None:
    path = tmp_path / "config.json"
    path.write_text('{\n "name": "something else"\n}\n')
    with pytest.raises(DatasetError, match="not an OpenAlex works file"):
        list(iter_records("openalex", path))


def test_empty_and_missing_sources(tmp_path: Path) -> None:
    empty = tmp_path / "empty.json"
    empty.write_text("")
    with pytest.raises(DatasetError, match="empty"):
        list(iter_records("openalex", empty))
    blank = tmp_path / "blank.json"
    blank.write_text("\n  \n")
    with pytest.raises(DatasetError, match="empty"):
        list(iter_records("openalex", blank))
    with pytest.raises(DatasetError, match="not found"):
        list(iter_records("openalex", tmp_path / "nowhere"))
    empty_dir = tmp_path / "empty_dir"
    empty_dir.mkdir()
    with pytest.raises(DatasetError, match="no data files"):
        list(iter_records("openalex", empty_dir))
