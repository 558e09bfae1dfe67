"""dblp.xml loader on small self-written files: entities without the DTD, record kinds, errors."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from hgrag.tools.errors import BadRecordError, DatasetError
from hgrag.tools.loaders.detect import iter_records
from hgrag.tools.loaders.dblp_xml import replace_html_entities
from hgrag.tools.loaders.files import LoadStats

HEADER = '<?xml version="1.0" encoding="ISO-8859-1"?>\n<!DOCTYPE dblp SYSTEM "dblp.dtd">\n<dblp>\n'
RECORDS = """\
<article mdate="2017-05-28" key="journals/acta/Saxena96">
<author>Sanjeev Saxena</author>
<author>J&uuml;rgen M&ouml;ller</author>
<title>Parallel Sorting &amp; Simulation Amongst <i>CRCW</i> Models.</title>
<year>1996</year>
<journal>Acta Inf.</journal>
<cite>conf/stoc/Paper1</cite>
<cite>...</cite>
</article>
<www key="homepages/s/Saxena"><author>Sanjeev Saxena</author><title>Home Page</title></www>
<inproceedings key="conf/stoc/Paper1">
<author>Ren&eacute;e Smith</author>
<title>A <sub>2</sub> result.</title>
<booktitle>STOC</booktitle>
<year>1995</year>
</inproceedings>
<proceedings key="conf/stoc/1995">
<editor>Ed Itor</editor>
<title>Proceedings of STOC 1995</title>
<booktitle>STOC</booktitle>
<year>1995</year>
</proceedings>
<incollection key="books/x/Chapter">
<author>Ann Lee</author>
<title>A chapter</title>
<booktitle>Some Book</booktitle>
<year>2001</year>
</incollection>
"""


def _write(path: Path, body: str, *, encoding: str = "latin-1") -> Path:
    data = (HEADER + body + "</dblp>\n").encode(encoding)
    path.write_bytes(gzip.compress(data) if path.name.endswith(".gz") else data)
    return path


@pytest.mark.parametrize("name", ["dblp.xml", "dblp.xml.gz"])
def test_records_authors_venues_and_entities(tmp_path: Path, name: str) -> None:
    records = list(iter_records("dblp", _write(tmp_path / name, RECORDS)))
    assert [r.id for r in records] == ["dblp:journals/acta/Saxena96", "dblp:conf/stoc/Paper1",
                                       "dblp:conf/stoc/1995", "dblp:books/x/Chapter"]
    article, paper, proceedings, chapter = records
    assert [a.id for a in article.authors] == ["author:Sanjeev Saxena", "author:Jürgen Möller"]
    assert article.title == "Parallel Sorting & Simulation Amongst CRCW Models."
    assert article.year == 1996 and article.venue.id == "venue:Acta Inf."
    assert article.references == ["dblp:conf/stoc/Paper1"]
    assert paper.authors[0].name == "Renée Smith" and paper.title == "A 2 result."
    assert paper.venue.id == "venue:STOC" and paper.type == "inproceedings"
    assert [a.name for a in proceedings.authors] == ["Ed Itor"]
    assert chapter.venue.name == "Some Book"


def test_entity_rewrite_keeps_xml_entities() -> None:
    assert replace_html_entities(b"M&uuml;ller &amp; &lt;x&gt; &#233; &nosuch;") == (
        b"M&#252;ller &amp; &lt;x&gt; &#233; &nosuch;")


def test_record_without_key_is_a_bad_record(tmp_path: Path) -> None:
    body = RECORDS.replace('key="conf/stoc/Paper1"', "")
    path = _write(tmp_path / "dblp.xml", body)
    with pytest.raises(BadRecordError, match=r"record #2: <inproceedings> record without a key"):
        list(iter_records("dblp", path))
    stats = LoadStats()
    records = list(iter_records("dblp", path, skip_bad_records=True, stats=stats))
    assert len(records) == 3 and stats.bad_records == 1


def test_malformed_xml_names_file_and_line(tmp_path: Path) -> None:
    body = RECORDS.replace("<year>1995</year>\n</inproceedings>", "<year>1995</yr>\n</inproceedings>")
    path = _write(tmp_path / "dblp.xml", body)
    bad_line = (HEADER + body).splitlines().index("<year>1995</yr>") + 1
    with pytest.raises(BadRecordError, match=rf"{path.name}:{bad_line}: malformed XML"):
        list(iter_records("dblp", path))
    stats = LoadStats()
    records = list(iter_records("dblp", path, skip_bad_records=True, stats=stats))
    assert [r.id for r in records] == ["dblp:journals/acta/Saxena96"] and stats.bad_records == 1


def test_other_xml_is_a_dataset_error(tmp_path: Path) -> None:
    path = tmp_path / "feed.xml"
    path.write_text('<?xml version="1.0"?>\n<rss><channel/></rss>\n')
    with pytest.raises(DatasetError, match=rf"{path.name}: XML, but not dblp.xml"):
        list(iter_records("dblp", path))


def test_directory_mixing_aminer_text_and_xml(tmp_path: Path) -> None:
    _write(tmp_path / "b.xml", RECORDS)
    (tmp_path / "a.txt").write_text("#*T.\r\n#@X Y\r\n#t2000\r\n#cV\r\n#index7\r\n#% \r\n#!\r\n",
                                    newline="")
    ids = [r.id for r in iter_records("dblp", tmp_path)]
    assert ids[0] == "aminer:7" and ids[1:] == ["dblp:journals/acta/Saxena96", "dblp:conf/stoc/Paper1",
                                               "dblp:conf/stoc/1995", "dblp:books/x/Chapter"]
