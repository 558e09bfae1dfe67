"""The planner of the richer kinds (agents/kinds/) on the tiny OpenAlex graph, without the QA graph:
schema walks, joins at the shared kind, years, counts and rankings, DBLP's sentence, the LLM note."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from hgrag.agents.kinds.lexicon import cues, lexicon, without_rich_words
from hgrag.agents.kinds.planner import plan_kinds
from hgrag.agents.kinds.prompt import schema_note
from hgrag.agents.kinds.schema_paths import schema_path
from hgrag.agents.linking.mentions import Span
from hgrag.tools.entity_index import Candidate
from hgrag.tools.graph_builder import build_store
from hgrag.tools.ir_exec import execute
from hgrag.tools.loaders.openalex import iter_openalex_file
from hgrag.tools.records import AuthorRef, PaperRecord

PAPER = "W4377030326"  # Fundamentals of crystallization at oil-brine interfaces ... (tiny set)
AUTHOR = "A5009409541"  # Ali Binabdi


@pytest.fixture(scope="module")
def resources(openalex_tiny_dir: Path):
    records = [r for p in sorted(openalex_tiny_dir.glob("*.json")) for r in iter_openalex_file(p)]
    return SimpleNamespace(store=build_store(records, "tiny"), dataset="openalex-tiny")


def _span(store, question: str, node: str) -> Span:
    label = store.label(node)
    start = question.index(label)
    return Span(start, start + len(label), label, store.node_type(node),
                [Candidate(node, store.node_type(node), label, 1.0, "exact")])


def _answer(resources, question: str, nodes=(), years=()) -> tuple[dict, set]:
    spans = [_span(resources.store, question, n) for n in nodes]
    plan = plan_kinds(question, spans, list(years), resources)
    assert plan is not None and plan["ir"]["op"] != "unsupported", plan
    value = execute(resources.store, plan["ir"]).value
    data = value.data if value.kind != "scalar" else {value.data: 1}
    return plan, {resources.store.label(n) if isinstance(n, str) else n for n in data}


def test_words_come_from_the_data_file() -> None:
    assert "affiliated" in lexicon()["kinds"]["institution"]
    assert [c.group for c in cues("which institutions is X affiliated with")] == ["institution", "institution"]
    assert without_rich_words("which institutions is zzm affiliated with?") == "which is zzm ?"


def test_schema_walks() -> None:
    assert schema_path("author", "institution", True, False) == [("authorship_by", "in", "authorship"),
                                                                 ("affiliated_with", "out", "institution")]
    assert [k for _, _, k in schema_path("paper", "field", False, True)] == ["topic", "subfield", "field"]
    assert schema_path("paper", "field", False, True)[0][0] == "primary_topic"
    assert schema_path("author", "paper", False, False) == [("writes", "out", "paper")]


def test_institutions_of_an_author_on_a_paper_join_at_the_authorship(resources) -> None:
    store = resources.store
    title = store.label(PAPER)
    plan, got = _answer(resources, f"Which institutions was Ali Binabdi affiliated with on {title}?", [AUTHOR, PAPER])
    assert plan["ir"]["input"]["op"] == "intersect"
    wanted = {store.label(i) for i in store.neighbors(f"{PAPER}|{AUTHOR}", "affiliated_with")}
    assert got == wanted and wanted


def test_funder_named_alone_and_papers_it_funded(resources) -> None:
    store = resources.store
    funder = next(store.nodes_of_type("funder"))
    name = store.label(funder)
    _, got = _answer(resources, f"Which papers were funded by {name}?")
    assert got == {store.label(p) for p in store.neighbors(funder, "funded_by", "in")}


def test_primary_topic_field_keywords_and_a_count(resources) -> None:
    store = resources.store
    title = store.label(PAPER)
    _, primary = _answer(resources, f"What is the primary topic of {title}?", [PAPER])
    assert primary == {"Enhanced Oil Recovery Techniques"}
    _, field = _answer(resources, f"What field is {title} in?", [PAPER])
    assert field == {"Engineering"}
    _, keywords = _answer(resources, f"What are the keywords of {title}?", [PAPER])
    assert keywords == {store.label(k) for k in store.neighbors(PAPER, "has_keyword")}
    _, count = _answer(resources, f"How many keywords does {title} have?", [PAPER])
    assert count == {len(keywords)}


def test_institutions_in_a_year_only_use_that_years_papers(resources) -> None:
    store = resources.store
    entries = store.neighbors(AUTHOR, "authorship_by", "in")
    year = store.attr(store.neighbors(entries[0], "authorship_of")[0], "year")
    wanted = {store.label(i) for e in entries if store.attr(store.neighbors(e, "authorship_of")[0], "year") == year
              for i in store.neighbors(e, "affiliated_with")}
    _, got = _answer(resources, f"Which institutions was Ali Binabdi affiliated with in {year}?", [AUTHOR], [year])
    assert got == wanted


def test_not_a_question_about_the_richer_kinds(resources) -> None:
    question = "How many papers did Ali Binabdi write?"
    assert plan_kinds(question, [_span(resources.store, question, AUTHOR)], [], resources) is None


def test_a_graph_without_the_richer_kinds_says_so() -> None:
    store = build_store([PaperRecord(id="p1", title="On Things", authors=[AuthorRef("a1", "Ann Lee", 1)],
                                     source="dblp")], "d")
    resources = SimpleNamespace(store=store, dataset="dblp")
    plan = plan_kinds("Which institutions is Ann Lee affiliated with?", [], [], resources)
    assert plan["ir"]["op"] == "unsupported"
    assert plan["reason"] == "The DBLP graph holds no affiliations (institutions) of its authors."
    assert plan_kinds("How many papers did Ann Lee write?", [], [], resources) is None
    assert schema_note(store) == ""


def test_llm_schema_note_lists_the_kinds(resources) -> None:
    note = schema_note(resources.store)
    assert "affiliated_with" in note and "primary_topic" in note and "affiliated" in note


def test_papers_about_a_term_ranked_by_topic_and_keyword_edges(resources) -> None:
    store = resources.store
    question = "Which papers of Ali Binabdi are about crystallization?"
    plan, got = _answer(resources, question, [AUTHOR])
    assert plan["topical"]["term"] == "crystallization" and plan["topical"]["ranked_by"] == "topic and keyword edges"
    assert plan["ir"]["op"] == "filter" and plan["ir"]["attr"] == "id"  # keeps the edge counts for ranking
    wanted = {store.label(p) for p in store.neighbors(AUTHOR, "writes")
              if any("crystallization" in store.label(k).lower() for e in ("has_topic", "has_keyword")
                     for k in store.neighbors(p, e))}
    assert got == wanted and wanted


def test_the_check_blanks_only_the_kinds_a_plan_reaches() -> None:
    question = "who funded zzm ?"
    assert without_rich_words(question, frozenset({"author", "paper"})) == "who funded zzm ?"
    assert without_rich_words(question, frozenset({"funder", "paper"})) == "who zzm ?"
    assert "acknowledged" not in without_rich_words("what funders are acknowledged for zzm", frozenset({"funder"}))
    assert "acknowledged" in without_rich_words("what papers are acknowledged for zzm", frozenset({"paper"}))


def test_question_words_give_way_to_the_verb_of_their_clause() -> None:
    from hgrag.agents.kinds.asking import asked_kind

    def kind(text: str) -> str | None:
        return asked_kind(cues(text), text)

    assert kind("who funded zzm ?") == "funder"
    assert kind("who is affiliated with zzm ?") == "author"
    assert kind("where has zzm worked?") == "institution"
    assert kind("where did zzm publish in 2019?") == "venue"
    assert kind("what did zzm publish in 2015?") == "paper"
    assert kind("on the paper zzm , which institution is zzm listed with?") == "institution"
    assert kind("which research topic is zzm mainly classified under?") == "primary_topic"
    assert kind("who has zzm co-written papers with that had an affiliation in zzm ?") == "coauthor"


def test_countries_are_data_and_capitals_match_only_as_written(resources) -> None:
    from hgrag.agents.kinds.countries import country_spans
    from hgrag.tools.rich_index import institutions_by_country

    codes = institutions_by_country(resources.store)
    assert codes and all(code.isupper() and len(code) == 2 for code in codes)
    saudi = country_spans("Which co-authors of X were based in Saudi Arabia?", [], resources.store)
    assert [(s.text, s.country) for s in saudi] == [("Saudi Arabia", "SA")]
    assert sorted(saudi[0].ids()) == sorted(codes["SA"])
    if "US" in codes:
        assert [s.country for s in country_spans("papers by X in the US", [], resources.store)] == ["US"]
        assert country_spans("tell us about X", [], resources.store) == []


def test_coauthors_from_a_country_are_read_on_the_shared_paper(resources) -> None:
    store = resources.store
    saudi = {i for i in store.nodes_of_type("institution") if str(store.attr(i, "country_code")).upper() == "SA"}
    expected = set()
    for own in store.neighbors(AUTHOR, "authorship_by", "in"):
        paper = store.neighbors(own, "authorship_of")[0]
        for other in store.neighbors(paper, "authorship_of", "in"):
            person = store.neighbors(other, "authorship_by")[0]
            if person != AUTHOR and saudi & set(store.neighbors(other, "affiliated_with")):
                expected.add(store.label(person))
    assert expected
    question = f"Which co-authors of {store.label(AUTHOR)} were affiliated with an institution in Saudi Arabia?"
    plan, answer = _answer(resources, question, [AUTHOR])
    assert answer == expected


def test_what_is_missing_depends_on_the_graph() -> None:
    from hgrag.agents.checking.unsupported import explain_unsupported

    assert explain_unsupported(["affiliated", "with"]) == "I can't use 'affiliated with': the graph records no affiliations."
    assert "no affiliations" not in (explain_unsupported(["affiliated", "with"], richer=True) or "")
    assert "institutions" in explain_unsupported(["zorbs"], richer=True)


def test_countries_asked_are_the_country_codes_of_the_institutions_reached(resources) -> None:
    store = resources.store
    institutions = {i for own in store.neighbors(AUTHOR, "authorship_by", "in")
                    for i in store.neighbors(own, "affiliated_with")}
    codes = {store.attr(i, "country_code") for i in institutions} - {None}
    assert codes
    def values(question: str) -> tuple[dict, set]:
        plan = plan_kinds(question, [_span(store, question, AUTHOR)], [], resources)
        assert plan is not None and plan["ir"]["op"] != "unsupported", plan
        return plan, set(execute(store, plan["ir"]).value.data)

    plan, answer = values(f"In which countries are the institutions of {store.label(AUTHOR)} located? Country codes, "
                          "please.")
    assert answer == codes and plan["ir"]["op"] == "project" and plan["asked_kind"] == "value"
    one = sorted(codes)[0]
    _, rest = values(f"Except for {one}, in which countries are {store.label(AUTHOR)}'s institutions located (country "
                     "codes)?")
    assert rest == codes - {one}


def test_two_capitals_are_a_country_code_only_where_the_question_speaks_of_codes(resources) -> None:
    from hgrag.agents.kinds.countries import country_spans

    assert [s.country for s in country_spans("Is X in the country with code SA?", [], resources.store)] == ["SA"]
    assert country_spans("Is X in SA?", [], resources.store) == []
