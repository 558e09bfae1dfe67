"""Byline places, typos between forms of one concept, and questions that name no relation, read through the
lexicon: 'who is listed 3rd on T?', 'wrte', 'give me T', 'how many 2007 papers'."""

from __future__ import annotations

from test_planner import P1, answer, toy  # noqa: F401  (fixture)

from unread import unread_things
from hgrag.agents.planning.intent import parse_intent
from hgrag.agents.retrieval_agent import OfflinePlanner
from hgrag.agents.linking.spelling import correct_word
from hgrag.agents.understanding.check import structural_parts
from hgrag.agents.understanding.lexicon import load, signatures
from hgrag.agents.understanding.tokens import tag
from hgrag.state.context import Context


def test_byline_places_are_lexicon_concepts_with_a_position_signature() -> None:
    lexicon = load("en")
    assert lexicon.concept("3rd") == lexicon.concept("third") == "attribute:position_3"
    assert signatures()["attribute:position_3"]["any"] == ["position:3"]
    assert [t.text for t in tag("who is listed 3rd on zzm", lexicon)][3] == "3rd"


def test_any_place_the_lexicon_names_is_read_as_a_byline_position() -> None:
    for text, place in (("who is listed 3rd on zzpaper", 3), ("the second author of zzpaper", 2),
                        ("who is fifth on the byline of zzpaper", 5), ("the 4th author of zzpaper", 4)):
        assert parse_intent(text, []).position == place, text


def test_a_typo_between_two_forms_of_one_concept_is_corrected() -> None:
    assert correct_word("wrte") in ("write", "wrote")
    assert correct_word("thse") in ("these", "those")
    assert correct_word("cties") != "cites"  # 'cities' or 'cites': two meanings, so not silently 'cites'


def test_a_year_before_a_noun_is_a_modifier_not_the_asked_thing() -> None:
    assert unread_things("how many 2007 papers from zzm are there") == []
    assert unread_things("how many patents from zzm are there") == ["patents"]


def test_a_walk_that_no_word_asks_for_is_not_answered(toy) -> None:  # noqa: F811
    plan = OfflinePlanner().plan(f"Who wrote '{P1}'?", toy, Context(dataset="toy"))
    assert any(p.startswith("what is asked of it") for p in structural_parts("give me zzm", plan))
    assert not any(p.startswith("what is asked of it") for p in structural_parts("who wrote zzm", plan))
    assert not any(p.startswith("what is asked of it") for p in structural_parts("zzm authors", plan))


def test_a_quoted_title_that_names_no_paper_does_not_link_a_title_inside_it(toy) -> None:  # noqa: F811
    from hgrag.agents.retrieval_agent import detector_for

    spans, _, unresolved = detector_for(toy).detect('who wrote "New fast methods for sparse recovery of harmonic '
                                                    'signals in noise and clutter"?')
    assert not [s for s in spans if s.type == "paper"] and unresolved
    spans, _, _ = detector_for(toy).detect('who wrote "Sparse recovery of harmonic signals in noise"?')
    assert [s.type for s in spans] == ["paper"]


def test_a_number_word_counting_a_noun_must_be_used_by_the_plan() -> None:
    from hgrag.agents.checking.question_check import unexplained_numbers
    from hgrag.agents.understanding.cue_words import quantities

    assert quantities("which two papers of zzm are cited most?") == [(2, "two")]
    assert quantities("the one from 2019") == []  # 'one' is a pronoun as often as a number
    features = {"values": set(), "ops": {"top"}}
    assert unexplained_numbers("which two papers of zzm are cited most?", features) == ["two"]
    assert unexplained_numbers("which two papers of zzm are cited most?", {"values": {2}, "ops": {"top"}}) == []


def test_the_noun_of_a_copula_question_is_the_asked_kind_and_a_bound_word_needs_a_comparison(toy) -> None:  # noqa: F811
    from hgrag.agents.understanding.check import asked_kind, asking_tokens

    assert asked_kind(asking_tokens("what is the most recent year in which zzm published a paper?")) == "year"
    assert asked_kind(asking_tokens("what did researchers at zzm publish in zzm ?")) == "paper"
    assert "op:top" not in signatures()["time:after"]["any"]  # 'the year after their debut' is no ranking


def test_chat_spellings_and_a_contracted_did_are_read() -> None:
    from hgrag.agents.linking.spelling import expand_abbreviations
    from hgrag.agents.understanding.tokens import is_uncontracted, words

    assert expand_abbreviations("gimme the pubs of zzm pls") == "give me the papers of zzm please"
    assert is_uncontracted("when'd it get published?") == "when did it get published?"
    assert words("where'd they appear")[:2] == ["where", "did"]


def test_a_hyphenated_word_is_read_as_its_known_parts_and_the_chain_ranks_by_citations() -> None:
    from hgrag.agents.second_reader.chain import _ranked

    tokens = tag("in which venue did the most-cited paper of the first author of zzm appear", load("en"))
    assert [t.text for t in tokens][3:6] == ["the", "most", "cited"]
    assert _ranked(tokens) == ("max", 5, "cited_by_count")
    assert _ranked(tag("which papers cite zzm", load("en"))) == ()


def test_a_number_of_named_things_and_a_comparison_keep_their_readings() -> None:
    from hgrag.agents.understanding.check import asked_kind, asking_tokens
    from hgrag.agents.understanding.cue_words import quantities

    assert quantities("which of the following two works has the higher citation count: zzm and zzm") == []
    assert asked_kind(asking_tokens("which has more citations , zzm or zzm")) is None  # the winner, not a number


def test_only_a_bare_request_walks_without_asking(toy) -> None:  # noqa: F811
    plan = OfflinePlanner().plan(f"Who wrote '{P1}'?", toy, Context(dataset="toy"))
    assert not any(p.startswith("what is asked of it") for p in structural_parts("does zzm cite zzm", plan))
    rich = {**plan, "rich_kinds": ["institution"]}
    assert not any(p.startswith("what is asked of it") for p in structural_parts("zzm ?", rich))


def test_a_sort_instruction_is_how_to_list_not_what_to_list(toy) -> None:  # noqa: F811
    from hgrag.agents.understanding.instructions import without_order
    assert without_order("Marvin K. Simon — papers sorted by year, oldest first please") == \
        ("Marvin K. Simon — papers please", "asc")
    assert without_order("papers of A, newest first")[1] == "desc"
    assert without_order("the oldest paper of A") == ("the oldest paper of A", None)
    from hgrag.tools.plan_exec import full_answer

    plan = OfflinePlanner().plan("Marvin K. Simon's papers", toy, Context(dataset="toy"))
    for order in ("asc", "desc"):
        years = [toy.store.attr(item.node_id, "year") for item in full_answer(toy.store, {**plan, "sort": order})]
        assert len(years) > 1 and years == sorted(years, reverse=order == "desc")


def test_a_bound_word_after_its_year_bounds_the_papers() -> None:
    from hgrag.agents.understanding.cue_words import bounds_after

    assert bounds_after("time:after", "from zzyear onward , what did zzm publish")
    assert not bounds_after("time:after", "what did zzm publish in zzyear")
    assert parse_intent("from zzyear onward , what did zzm publish", [2009]).year_from == 2009
    assert load("fr").renders.get("depuis") == "since"  # "depuis 2003" includes 2003


def test_an_existence_opener_asks_yes_or_no_and_a_ranking_must_be_asked_where_it_is_asked() -> None:
    from hgrag.agents.planning.intent import is_yes_no
    from hgrag.agents.planning.ranked_where import ranked_where_asked as _ranked_where_asked
    from hgrag.agents.understanding.check import asked_kind, asking_tokens

    assert is_yes_no("any papers by zzauthor in zzyear") and asked_kind(asking_tokens("any papers by zzm in 1992 ?")) == "yes/no"
    assert not is_yes_no("which papers by zzauthor appeared in zzyear")
    residual = "our group is starting a reading club zzstop what papers of zzauthor do you have"
    assert _ranked_where_asked(parse_intent(residual, []), residual, []).operation != "argmin"
    asked = "i like zzauthor zzstop what is their earliest paper"
    assert _ranked_where_asked(parse_intent(asked, []), asked, []).operation == "argmin"
    assert parse_intent("who is 1st author of zzpaper", []).position == 1


def test_an_existence_opener_needs_a_kind_noun_and_a_name_s_stop_is_no_sentence() -> None:
    from hgrag.agents.planning.ranked_where import ranked_where_asked as _ranked_where_asked
    from hgrag.agents.understanding.cue_words import opens_yes_no

    assert opens_yes_no("any papers by zzauthor") and not opens_yes_no("any other papers by them")
    assert not opens_yes_no("any of those in zzvenue")
    residual = "since which year has zzauthor zzstop been publishing"
    assert _ranked_where_asked(parse_intent(residual, []), residual, []).operation == "argmin"
