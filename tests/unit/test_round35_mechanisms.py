"""The mechanisms of the twenty-second stop (the wrong answers rounds 31-34 left): a name that is both a venue and a
field, a topic asked of one paper in the singular, a sentence that restates the question, papers joined by 'as well as'
after a citing verb, and a kind word the asker owns. Wordings are written here."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from test_planner import P1, StringIndex, make_store
from test_chain_reader import P3, P4
from test_rich_planner import PAPER, _answer
from test_round28_mechanisms import world_resources  # noqa: F401 - the toy graph as the pipeline's resources
from test_chain_reader import world  # noqa: F401 - the toy graph with citations (a fixture)
from test_second_reader import read, verified

from hgrag.agents.kinds.lexicon import cues
from hgrag.agents.kinds.named_kind import two_kinds_named
from hgrag.agents.understanding.context_fold import with_context_folded
from hgrag.tools.graph_builder import build_store
from hgrag.tools.loaders.openalex import iter_openalex_file
from hgrag.tools.rich_index import RichHit


def _venue_and_field(question: str, name: str = "Mathematics") -> list:
    start = question.index(name)
    venue = SimpleNamespace(start=start, end=start + len(name), text=name, type="venue", candidates=["S1"])
    rich = SimpleNamespace(start=start, end=start + len(name), text=name, type="keyword",
                           candidates=[RichHit("K1", "keyword", name, 3)], alternatives=[RichHit("F1", "field", name, 9)])
    return two_kinds_named(question, [venue], [rich])


def test_a_name_of_a_venue_and_a_field_is_declined_unless_a_word_says_which() -> None:
    assert _venue_and_field("Which of A's papers fall outside Mathematics?") == [("Mathematics", ["venue", "field"])]
    assert _venue_and_field("Which of A's papers were published in Mathematics?") == []  # a publishing phrase
    assert _venue_and_field("Which of A's papers appeared in the journal Mathematics?") == []  # a venue word
    assert _venue_and_field("Which of A's papers are in the field Mathematics?") == []  # a field word


def test_a_kind_word_the_asker_owns_names_no_kind() -> None:
    assert not [c for c in cues("in our field the last author is the group leader") if c.group == "field"]
    assert [c.group for c in cues("which field is zzm in")] == ["field"]


def test_a_restating_sentence_after_the_question_is_the_question() -> None:
    name = "Marvin K. Simon"

    def detect(text: str) -> list:
        at = text.find(name)
        return [SimpleNamespace(start=at, end=at + len(name), text=name, type="author",
                                candidates=[SimpleNamespace(node_id="a1")])] if at >= 0 else []

    folded = with_context_folded(f"Where did it all begin for {name}? I mean their earliest paper in the record.",
                                 detect)
    assert folded == f"what is {name}'s earliest paper in the record?"
    unchanged = f"Who wrote it with {name}? I mean the first author only."  # no anaphor: a remark the check reads
    assert with_context_folded(unchanged, detect) == unchanged
    request = f"Which paper by {name} is cited most? I want to start with their best-known work."  # a request
    assert with_context_folded(request, detect) == request
    pro_form = f"Which works does {name} cite? I mean the ones in their reference list."  # the ones asked before
    assert with_context_folded(pro_form, detect) == pro_form


@pytest.fixture(scope="module")
def cited_twice():
    store = make_store()
    for citing, cited in (("p2", "p1"), ("p3", "p1"), ("p4", "p3"), ("p4", "p1")):
        store.add_edge(citing, cited, "cites")
    return SimpleNamespace(store=store, index=StringIndex(store), dataset="toy")


def test_papers_joined_by_as_well_as_after_a_citing_verb_are_cited_both(cited_twice) -> None:
    answer, _, report = read(cited_twice, f"Which papers cite '{P1}' as well as '{P3}'?")
    assert answer == [P4] and verified(report)
    answer, _, _ = read(cited_twice, f"Which papers cite '{P1}' and '{P3}'?")  # 'and': each paper's citing papers
    assert len(answer) == 4 and all(": " in a for a in answer)  # (P1 by P2, P3, P4; P3 by P4)


@pytest.fixture(scope="module")
def resources(openalex_tiny_dir: Path):
    records = [r for p in sorted(openalex_tiny_dir.glob("*.json")) for r in iter_openalex_file(p)]
    return SimpleNamespace(store=build_store(records, "tiny"), dataset="openalex-tiny")


def test_one_topic_asked_of_one_paper_is_its_primary_topic(resources) -> None:
    store = resources.store
    title = store.label(PAPER)
    primary = {store.label(t) for t in store.expand([PAPER], "primary_topic", "out")[PAPER]}
    every = {store.label(t) for t in store.expand([PAPER], "has_topic", "out")[PAPER]}
    _, one = _answer(resources, f"Which research topic is {title} classified under?", [PAPER])
    _, several = _answer(resources, f"Which research topics is {title} classified under?", [PAPER])
    assert one == primary and several == every and len(every) > len(primary)


def test_a_typo_quoted_in_a_docstring_is_no_parser_word() -> None:
    from hgrag.agents.linking.spelling import _parser_words, correct_text

    assert "jounal" not in _parser_words() and "largest" in _parser_words()
    from hgrag.agents.understanding.lexicon import load

    words = correct_text("in wich jounal did zzm apear").split()
    assert words[:2] == ["in", "which"] and load("en").concept(words[2]) == load("en").concept("journal")


def test_an_inflected_form_reads_as_its_lexicon_form() -> None:
    from hgrag.agents.understanding.normalise import to_english

    assert "which papers" in to_english("Bei welchen Artikeln ist A Erstautor?", "de").lower()
    assert "references of" in to_english("Quelles sont les références bibliographiques de « T » ?", "fr")
    assert "references of" in to_english("Welche Arbeiten stehen im Literaturverzeichnis von „T“?", "de")


@pytest.mark.parametrize("question, expected", [
    ("Is it not the case that Marvin K. Simon has no paper in Computer Networks?", ["yes"]),  # two negations
    ("Is it true that Bo Chen has no paper in Computer Networks?", ["no"]),
])
def test_a_negating_determiner_negates_the_claim(world_resources, question, expected) -> None:
    from test_round30_mechanisms import _ask

    result = _ask(question)
    assert result["answer"] == expected and result["verified"], result.get("interpretation")


@pytest.mark.parametrize("question, expected", [
    ("Which of Dariush Divsalar's papers do not have them as the first author?", [P1]),
    ("Which of Marvin K. Simon's papers didn't appear in Computer Networks?", [P3]),
    ("How many of Marvin K. Simon's papers were not published before 2010?", ["1"]),
])
def test_a_negated_restriction_leaves_out_what_it_keeps(world_resources, question, expected) -> None:
    from test_round30_mechanisms import _ask

    result = _ask(question)
    assert sorted(result["answer"]) == sorted(expected) and result["verified"], result.get("interpretation")


@pytest.mark.parametrize("question, expected", [
    ("Where does Marvin K. Simon usually publish?", ["Computer Networks", "Signal Processing"]),  # a habit: all
    ("Give me the venues of Ann Lee together with those of Bo Chen.", ["Computer Networks", "Signal Processing"]),
    ("Ann Lee came up in a review. Which of theirs is the most cited?", [P1]),  # 'theirs' stands for the person
])
def test_habits_uniting_phrases_and_theirs(world_resources, question, expected) -> None:
    from test_round30_mechanisms import _ask

    result = _ask(question)
    assert sorted(result["answer"]) == sorted(expected) and result["verified"], result.get("interpretation")


def test_one_misspelt_word_of_a_name_allows_a_third_of_its_letters() -> None:
    from hgrag.agents.linking.name_typos import _one_word_budget

    assert _one_word_budget("pamela halcck", "pamela hallock") == 2  # six letters: two edits
    assert _one_word_budget("suqcana becker", "suzanna becker") == 2  # (at most two: three reach made-up names)
    assert _one_word_budget("tamer mouigssa", "tamir moussa") == 0  # two words differ
    assert _one_word_budget("li wei", "lu wei") == 0  # a word under four letters


def test_a_particle_inside_a_word_starts_no_name_and_et_al_is_no_name(world) -> None:
    from hgrag.agents.checking.unlinked import unlinked_names

    assert unlinked_names("Could you pull up the people Pamela Halcck has written with?", []) == ["Pamela Halcck"]
    plain, _, _ = read(world, f"Who is the first author of '{P1}'?")
    answer, _, report = read(world, f"Who is the first author of '{P1}'? My draft only cites it as \"et al.\".")
    assert answer == plain and len(answer) == 1 and verified(report)


@pytest.mark.parametrize("question, expected", [
    ("Which venues has Marvin K. Simon published in that Ann Lee never has?", ["Signal Processing"]),
    (f"Papers citing '{P1}' - which venues were they published in?", ["Computer Networks", "Signal Processing"]),
])
def test_venues_one_person_used_and_another_never_did_and_a_phrase_before_a_dash(world_resources, question,
                                                                                   expected) -> None:
    from test_round30_mechanisms import _ask

    result = _ask(question)
    assert sorted(result["answer"]) == sorted(expected) and result["verified"], result.get("interpretation")


def test_a_walk_through_citations_ends_at_a_richer_kind(resources) -> None:
    from hgrag.graphs.scholar_qa import build_qa_graph
    from hgrag.state.context import Context

    store = resources.store
    cited = store.expand([PAPER], "cites", "out")[PAPER]
    topics = {t for found in store.expand(list(cited), "primary_topic", "out").values() for t in found}
    subfields = {s for found in store.expand(list(topics), "in_subfield", "out").values() for s in found}
    fields = {store.label(f) for found in store.expand(list(subfields), "in_field", "out").values() for f in found}
    question = f'Which research fields do the works cited by "{store.label(PAPER)}" fall under?'
    result = build_qa_graph("agentic").invoke({"question": question, "dataset": "openalex-tiny"},
                                              context=Context(dataset="openalex-tiny"))
    assert fields and set(result["answer"]) == fields and result["verified"], result.get("interpretation")


def test_the_richer_kinds_read_year_bounds_as_the_rules_do() -> None:
    from hgrag.agents.kinds.joins import year_bounded

    assert year_bounded("Since 2025, which papers has F funded?", [], [2025]) == [(">=", 2025)]
    assert year_bounded("Which institutions was A at on papers from 2023 onwards?", [], [2023]) == [(">=", 2023)]
    assert year_bounded("Which institutions was A at in 2020?", [], [2020]) == [2020]


def test_an_end_year_left_out_keeps_every_other_year(world_resources) -> None:
    from test_round30_mechanisms import _ask

    every = _ask("Which papers did Marvin K. Simon publish?")["answer"]
    latest = _ask("What did Marvin K. Simon publish in their most recent publication year?")["answer"]
    result = _ask("Not counting their most recent publication year, what has Marvin K. Simon published?")
    assert result["verified"] and latest and sorted(result["answer"]) == sorted(set(every) - set(latest))


def test_how_many_countries_counts_the_institutions_country_codes(resources) -> None:
    from hgrag.agents.kinds.planner import plan_kinds
    from hgrag.tools.plan_exec import execute
    from test_rich_planner import AUTHOR, _span

    store = resources.store
    question = f"How many different countries has {store.label(AUTHOR)} been based in?"
    plan = plan_kinds(question, [_span(store, question, AUTHOR)], [], resources)
    entries = store.expand([AUTHOR], "authorship_by", "in")[AUTHOR]
    places = {i for found in store.expand(list(entries), "affiliated_with", "out").values() for i in found}
    codes = {c for c in store.attrs(places, "country_code").values() if c}
    assert plan is not None and execute(store, plan["ir"]).value.data == len(codes) and codes


def test_besides_the_venue_of_a_paper_leaves_its_venue_out() -> None:
    from hgrag.agents.understanding.exclusion import exclusion_phrase, without_entity

    paper = {"text": "T one", "node_id": "p1", "type": "paper"}
    rest, anchor = exclusion_phrase('Besides the venue of "T one", in which other venues have its authors published?',
                                    [paper])
    assert anchor.get("venue_of") and '"T one"\'s authors' in rest  # the paper named again for its pronoun
    venues = {"op": "traverse", "input": {"op": "match", "ids": ["a1"], "type": "author"}, "edge": "published_in",
              "direction": "out"}
    left = without_entity(venues, anchor)["inputs"][1]
    assert (left["op"], left["edge"], left["input"]["ids"]) == ("traverse", "published_in", ["p1"])


def test_a_byline_persons_institutions_are_theirs_unless_the_paper_is_the_frame(resources) -> None:
    store = resources.store
    title = store.label(PAPER)
    _, general = _answer(resources, f"Which institutions is the first author of {title} affiliated with?", [PAPER])
    _, on_paper = _answer(resources, f"Which institutions was the first author of {title} affiliated with on that paper?",
                          [PAPER])
    assert on_paper and general > on_paper


def test_self_citations_left_out_are_the_citing_papers_of_its_own_authors(world_resources) -> None:
    from test_round30_mechanisms import _ask

    store = world_resources.store
    paper = next(n for n in store.expand(["p2"], "cites", "out")["p2"])  # P1, cited by P2 and P3
    authors = store.expand([paper], "writes", "in")[paper]
    own = {p for found in store.expand(list(authors), "writes", "out").values() for p in found}
    citing = store.expand([paper], "cites", "in")[paper]
    expected = sorted(store.label(p) for p in set(citing) - own)
    result = _ask(f"Not counting self-citations, which papers cite '{store.label(paper)}'?")
    assert result["verified"] and sorted(result["answer"]) == expected and len(expected) < len(citing)


@pytest.mark.parametrize("question, plain", [
    (f"Whose name heads the author line of '{P1}'?", f"Who is the first author of '{P1}'?"),
    ("What did Marvin K. Simon publish in their debut year or the year right after?",
     "What did Marvin K. Simon publish between 2008 and 2009?"),  # P1 2008: the debut year and the next
])
def test_a_place_held_on_a_list_and_a_debut_year_or_the_next(world_resources, question, plain) -> None:
    from test_round30_mechanisms import _ask

    expected, result = _ask(plain), _ask(question)
    assert expected["answer"] and result["verified"] and sorted(result["answer"]) == sorted(expected["answer"])
