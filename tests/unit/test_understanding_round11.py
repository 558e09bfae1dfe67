"""Readings added after the eleventh blind round, each a mechanism with its words in the lexicon: context sentences
folded into the asking sentence, one-sided year bounds, instruction-only sentences, the years of cited papers, an
author's papers with one left out, the average byline length, 'in X' as a venue, and the lexicon check's rules for
what a count counts, the asked slot and a stranded preposition (which replace the wording list of asked_things)."""

from __future__ import annotations

from test_planner import P1, answer, toy  # noqa: F401  (fixture)
from unread import unread_things, unread_words

from hgrag.agents.understanding.context_fold import with_context_folded
from hgrag.agents.understanding.instructions import instruction_only
from hgrag.agents.understanding.lexicon import load
from hgrag.agents.understanding.reading import with_bounds_plain
from hgrag.agents.understanding.tokens import tag
from hgrag.agents.retrieval_agent import detector_for


def _detect(toy):  # noqa: F811
    return lambda text: detector_for(toy).detect(text)[0]


def test_a_context_sentence_names_the_one_entity_an_anaphor_stands_for(toy):  # noqa: F811
    folded = with_context_folded("I'm reviewing a grant application from Bo Chen. They list a number of outputs. "
                                 "Which papers did they publish in 2010?", _detect(toy))
    assert folded == "Which papers did Bo Chen publish in 2010?"
    assert answer(toy, folded)[0] == ["Adaptive routing for delay tolerant sensor networks",
                                      "Sparse recovery of harmonic signals in noise"]


def test_a_context_that_relates_two_entities_or_an_asking_sentence_pointing_back_is_kept(toy):  # noqa: F811
    for question in (f"Bo Chen published '{P1}' with some colleagues. Who were they?",  # a claim to check
                     f"I already wrote to the first author of '{P1}'. Who else wrote it?",  # 'else': the context counts
                     "Bo Chen wrote a lot. Who wrote with Ann Lee?"):  # the asking sentence names its own
        assert with_context_folded(question, _detect(toy)) == question


def test_one_sided_year_bounds_are_written_plainly_but_not_the_end_of_a_range() -> None:
    assert with_bounds_plain("papers by A up to and including 1996?") == "papers by A in or before 1996?"
    assert with_bounds_plain("papers by A no later than 1996") == "papers by A in or before 1996"
    assert with_bounds_plain("papers by A no earlier than 2001") == "papers by A in or after 2001"
    assert with_bounds_plain("papers by A from 2018 through 2020") == "papers by A from 2018 through 2020"


def test_a_sentence_that_only_says_how_to_answer_is_no_second_question() -> None:
    assert instruction_only(tag("give the value rounded to one decimal place.", load("en")))
    assert not instruction_only(tag("which papers did zzm write?", load("en")))


def test_averages_of_byline_length_and_years_of_cited_papers(toy):  # noqa: F811
    mean, _ = answer(toy, "On average, how many authors do the papers of Marvin K. Simon have? Give the value rounded "
                          "to one decimal place.")
    assert [float(m) for m in mean] == [2.5]  # a 3-author and a 2-author paper
    years, plan = answer(toy, f"From which years are the papers cited by '{P1}'?")
    assert plan["ir"]["op"] == "project" and plan["ir"]["input"]["edge"] == "cites"


def test_an_authors_papers_with_one_left_out(toy):  # noqa: F811
    papers, plan = answer(toy, "Which publications of Bo Chen are there besides 'Sparse recovery of harmonic signals "
                               "in noise'?")
    assert papers == ["Adaptive routing for delay tolerant sensor networks"]


def test_a_count_must_count_a_kind_some_word_names() -> None:
    count = {"op": "aggregate", "fn": "count", "input": {
        "op": "traverse", "edge": "writes", "direction": "in", "input": {
            "op": "traverse", "edge": "writes", "direction": "out", "input": {"op": "match", "ids": ["a1"], "type": "author"}}}}
    from hgrag.agents.understanding.check import structural_parts

    assert any("authors counted" in p for p in structural_parts("zzm has a ton of papers. how many does zzm have", {"ir": count}))
    assert not any("counted" in p for p in structural_parts("how many co-authors does zzm have", {"ir": count}))
    assert not any("counted" in p for p in structural_parts("number of authors on zzm", {"ir": count}))


def test_the_asked_slot_and_a_stranded_preposition_name_what_the_graph_lacks() -> None:
    assert unread_things("what is zzm 's advisor") == ["advisor"]
    assert unread_things("which one of zzm 's papers is the oldest") == []
    assert "from" in unread_words("where is zzm from?") and "from" not in unread_words("where did zzm publish from 2010?")


def test_a_venues_own_attributes_keep_the_venue_as_subject_and_type_words_test_them():
    from types import SimpleNamespace

    from test_planner import StringIndex, make_store

    store = make_store()
    store.add_node("v1", "venue", name="Computer Networks", venue_type="journal", issn_l="1389-1286")
    world = SimpleNamespace(store=store, index=StringIndex(store), dataset="toy")
    assert answer(world, "What is the ISSN of Computer Networks?")[0] == ["1389-1286"]
    assert answer(world, "Is Computer Networks a journal?")[0] == ["yes"]
    assert answer(world, "Is Computer Networks a repository or not?")[0] == ["no"]
    untyped, plan = answer(world, "Is Signal Processing a journal?")  # no type recorded: said, never 'no'
    assert untyped != ["no"] and plan["ir"]["op"] == "unsupported"


def test_a_year_named_by_its_distance_from_the_threads_year():
    from hgrag.agents.conversation.year_refs import with_years

    history = [{"turn": 1, "question": "How many papers appeared in Signal Processing in 2010?", "answer": ["1"],
                "items": [], "anchors": [], "dataset": "toy"}]
    assert with_years("one year later?", history)[0] == "in 2011?"
    assert with_years("and the previous year", history)[0] == "and in 2009"
    assert with_years("and in that year?", history)[0] == "and in 2010?"


def test_a_misspelt_name_is_found_by_spelling_when_its_embedding_is_far():
    from types import SimpleNamespace

    from hgrag.agents.linking.name_typos import corrected_name
    from hgrag.tools.text import norm_key

    def index(*names):  # embeddings give no near name; the graph's name keys do
        ids = {f"a{i}": name for i, name in enumerate(names)}
        return SimpleNamespace(store=SimpleNamespace(label=ids.get),
                               maps=SimpleNamespace(keyed=lambda kind, how: [(norm_key(n), i) for i, n in ids.items()]),
                               closest=lambda typed, kind, k: [], lookup=lambda label, kind: [SimpleNamespace(label=label)])

    assert corrected_name(index("Dimitrios Ververidis", "Dimitris Vergados"), "Dimitrios Veveridis") == "Dimitrios Ververidis"
    assert corrected_name(index("Dimitrios Ververidis", "Dimitrios Ververidas"), "Dimitrios Veveridis") is None  # two near


def test_the_cue_tables_readings_come_from_the_lexicon():
    """What checking/question_check.py's English cue table caught is read from lexicon concepts now: a superlative
    needs a ranking, 'the same year' a year held equal, a one-year offset an offset, ratios and ages are missing,
    and a share in a context sentence ('mostly') ranks nothing."""
    from hgrag.agents.understanding.check import structural_parts

    papers = {"ir": {"op": "traverse", "edge": "writes", "direction": "out",
                     "input": {"op": "match", "ids": ["a1"], "type": "author"}}}
    assert any(p.startswith("best (the plan ranks nothing)") for p in structural_parts("zzm 's best paper", papers))
    assert any(p.startswith("the year after") for p in structural_parts("what did zzm publish the year after 2001", papers))
    assert "median" in unread_things("median citations of zzm 's papers")
    assert "how old" in unread_things("how old is zzm ?")
    assert not any("ranks nothing" in p for p in structural_parts("zzm published mostly in zzm . which of those papers "
                                                                  "came out elsewhere?", papers))


def test_the_career_reader_reads_a_one_year_offset_phrase(toy):  # noqa: F811
    from hgrag.agents.second_reader.career import career_program

    spans = [s for s in detector_for(toy).detect("Which papers did Bo Chen publish the year after their debut?")[0]]
    program, _ = career_program("Which papers did Bo Chen publish the year after their debut?", spans)
    assert program["offset"] == 1 and program["sub"]["fn"] == "min"
