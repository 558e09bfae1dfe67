"""Time relative to a year or a named paper: the comparison is read from words or symbols, inclusive
forms are not read as strict ones, and anything unclear (no relation, conflicting ones) is None."""

from dataclasses import dataclass

import pytest

from unread import unread_things
from hgrag.agents.planning.composition_time import asks_yes_no, relative_relation, symbolic_text, year_bounds
from hgrag.agents.planning.intent import focus_target


@dataclass
class FakeSpan:
    start: int
    end: int
    type: str


def test_symbolic_text_cuts_mentions_and_years_and_keeps_symbols() -> None:
    raw = "Did A <B> C appear with year <= 2001?"
    spans = [FakeSpan(4, 11, "paper")]
    assert symbolic_text(raw, spans, [2001]) == "did zzpaper appear with year <= zzyear ?"


@pytest.mark.parametrize("text, symbolic, expected", [
    ("was zzpaper released ahead of zzyear", "", [("<", 1999)]),
    ("is zzpaper older than the year zzyear", "", [("<", 1999)]),
    ("zzpaper out pre zzyear zzstop y n", "", [("<", 1999)]),
    ("did zzpaper appear in zzyear or before", "", [("<=", 1999)]),
    ("did zzpaper appear no later than zzyear", "", [("<=", 1999)]),
    ("was zzpaper published not earlier than zzyear", "", [(">=", 1999)]),
    ("zzpaper , year zzyear", "zzpaper: year >= zzyear", [(">=", 1999)]),
    ("zzpaper year zzyear zzstop", "zzpaper year > zzyear?", [(">", 1999)]),
    ("did zzpaper appear post zzyear", "", [(">", 1999)]),
    ("was zzpaper published in zzyear", "", None),
    ("was zzpaper published after zzyear or before", "", None),
])
def test_one_year_bound(text: str, symbolic: str, expected: list | None) -> None:
    assert year_bounds(text, symbolic or text, [1999]) == expected


def test_two_years_make_a_range_or_nothing() -> None:
    text = "was zzpaper out later than zzyear yet earlier than zzyear"
    assert year_bounds(text, text, [1985, 1990]) == [(">", 1985), ("<", 1990)]
    assert year_bounds("did zzpaper come out from zzyear to zzyear", "x zzyear x zzyear", [1985, 1990]) == [(">=", 1985), ("<=", 1990)]
    assert year_bounds("was zzpaper out before zzyear or before zzyear", "x zzyear x zzyear", [1985, 1990]) is None
    assert year_bounds("was zzpaper published in zzyear or zzyear", "x zzyear x zzyear", [1985, 1990]) is None


@pytest.mark.parametrize("text, symbolic, expected", [
    ("which works by zzauthor came out in the year zzpaper was printed", "", "="),
    ("zzauthor output from zzpaper 's publication year", "", "="),
    ("articles zzauthor wrote when zzpaper appeared", "", "="),
    ("zzauthor works , year year of zzpaper", "zzauthor works, year = year of zzpaper", "="),
    ("zzauthor works year year of zzpaper", "zzauthor works year >= year of zzpaper", ">="),
    ("zzauthor works year year of zzpaper", "zzauthor works year < the year of zzpaper", "<"),
    ("zzauthor works year that of zzpaper", "zzauthor works (year >= that of zzpaper)", ">="),
    ("zzauthor works year of zzpaper", "zzauthor works ≥ year of zzpaper", ">="),
    ("what did zzauthor write once zzpaper was out , later than it", "", ">"),
    ("zzauthor papers no later than zzpaper", "", "<="),
    ("zzauthor papers from the same year as zzpaper or later", "", ">="),
    ("zzauthor papers from earlier in the same year as zzpaper", "", None),
    ("zzauthor papers after zzpaper and before zzpaper", "", None),
    ("zzauthor papers and zzpaper", "", None),
])
def test_relation_to_a_named_paper(text: str, symbolic: str, expected: str | None) -> None:
    assert relative_relation(text, symbolic or text) == expected


def test_yes_no_reading() -> None:
    assert asks_yes_no("zzpaper published pre zzyear zzstop y n")
    assert asks_yes_no("can you confirm whether zzpaper appeared prior to zzyear")
    assert not asks_yes_no("which papers citing zzpaper appeared before zzyear")


def test_where_before_a_condition_is_not_a_place_question() -> None:
    assert focus_target("papers by zzauthor where year year of zzpaper")[0] == "paper"
    assert focus_target("where did zzauthor publish in zzyear")[0] == "venue"


def test_time_comparatives_after_a_mention_are_known_words() -> None:
    assert unread_things("is zzm older than the year 2001") == []
    assert unread_things("is zzm heavier than 2001") == ["heavier"]


@pytest.mark.parametrize("text", ["what did zzauthor write the year after zzpaper came out",
                                  "zzauthor papers three years later than zzpaper",
                                  "zzauthor co-authors on papers after zzpaper",
                                  "which journals did zzauthor use after zzpaper"])
def test_offsets_and_other_kinds_are_not_read_as_an_order(text: str) -> None:
    assert relative_relation(text, text) is None


def test_a_year_after_can_be_any_later_year_and_an_included_year_counts() -> None:
    assert relative_relation("zzauthor papers published in a year after zzpaper", "x") == ">"
    assert relative_relation("zzauthor papers since zzpaper , counting that year", "x") == ">="
    assert relative_relation("zzauthor papers since zzpaper , not counting that year", "x") == ">"
    assert relative_relation("zzauthor papers where year year of zzpaper", "zzauthor papers where year = year of zzpaper") == "="
    assert year_bounds("was zzpaper published two years before zzyear", "zzyear", [1999]) is None


def test_the_check_flags_a_year_offset_it_cannot_express() -> None:
    from hgrag.agents.understanding.check import structural_parts

    before = {"ir": {"op": "test", "cmp": "nonempty", "input": {"op": "filter", "attr": "year", "cmp": "<", "value": 1999,
                                                                 "input": {"op": "match", "ids": ["p1"], "type": "paper"}}}}
    assert any(p.startswith("the year before") for p in structural_parts("was zzm published the year before 1999", before))
    assert not any(p.startswith("before") for p in structural_parts("was zzm published before 1999", before))


def test_strict_words_make_the_frames_inclusive_year_bounds_strict() -> None:
    from hgrag.agents.planning.composition_time import strict_year_filters

    plan = {"steps": [{"to_type": "paper", "filters": {"year_to": 2005}}]}
    strict = strict_year_filters(plan, "which papers did zzauthor write prior to zzyear", "x zzyear", [2005])
    assert strict["steps"][0]["filters"] == {"year_before": 2005}
    assert plan["steps"][0]["filters"] == {"year_to": 2005}  # the frame's plan is not changed in place
    for inclusive in ("which papers did zzauthor write by zzyear", "zzauthor papers from zzyear or earlier"):
        assert strict_year_filters(plan, inclusive, "x zzyear", [2005]) == plan
    since = {"steps": [{"to_type": "paper", "filters": {"year_from": 2005}}]}
    assert strict_year_filters(since, "zzauthor papers since zzyear", "x zzyear", [2005]) == since
    after = strict_year_filters(since, "zzauthor papers later than zzyear", "x zzyear", [2005])
    assert after["steps"][0]["filters"] == {"year_after": 2005}


def test_a_request_after_a_chat_word_is_no_yes_no_question() -> None:
    from hgrag.agents.planning.intent import is_yes_no

    assert not is_yes_no("so can you give me everything zzauthor has authored")
    assert not is_yes_no("ok so could you list the papers of zzauthor")
    assert is_yes_no("so can zzauthor be found in the graph")
    assert is_yes_no("ok did zzauthor write zzpaper")
