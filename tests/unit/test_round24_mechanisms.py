"""The mechanisms of the twentieth stop, each read from the lexicon: remarks after the question, kinds a plan never
reaches, contractions after any word, 'more than N years after' as a bound, uniting frames, list tails, the
planner's canonical renderings, and readers of one person's papers (sums, busiest year, ranked paper)."""

from __future__ import annotations

from types import SimpleNamespace

from hgrag.agents.checking.question_clauses import asking_part
from hgrag.agents.kinds.lexicon import unreached_kinds
from hgrag.agents.second_reader.averages import average_program
from hgrag.agents.second_reader.career import _offset
from hgrag.agents.second_reader.coordinated import framed_together, unframed
from hgrag.agents.second_reader.ranked_paper import _phrase, holds_inside
from hgrag.agents.understanding.asking_sentence import is_list_tail
from hgrag.agents.understanding.instructions import for_the_planner
from hgrag.agents.understanding.lexicon import load
from hgrag.agents.understanding.tokens import tag, words
from hgrag.state import plan_ir as ir


def test_a_remark_naming_a_kind_after_the_question_keeps_only_its_naming_words() -> None:
    assert asking_part("what is the main topic of zzm ? its field, i mean") == "what is the main topic of zzm ? field"


def test_asides_after_the_question_are_not_read() -> None:
    for remark in ("i believe it is a jounal artical.", "i need this for a collaboration map.", "thanks a lot!",
                   "we need it for the citation."):
        assert asking_part(f"who wrote zzm ? {remark}") == "who wrote zzm ?", remark


def test_a_kind_the_plan_never_reaches_is_named() -> None:
    assert unreached_kinds("what is the main topic of zzm ? field", {"primary_topic", "topic"}) == \
        ["field (the plan never reaches fields)"]
    assert unreached_kinds("in my field the senior author goes last", {"author"}) == []  # the asker's own field
    assert unreached_kinds("what organisations funded zzm", {"funder"}) == []  # a funder word too


def test_ve_re_ll_read_one_way_after_any_word() -> None:
    assert words("they've been affiliated; we're sure you'll know") == \
        ["they", "have", "been", "affiliated", "we", "are", "sure", "you", "will", "know"]


def test_more_than_n_years_after_the_first_paper_is_a_bound_not_that_year() -> None:
    def offset(text: str):
        return _offset([t for t in tag(text, load("en")) if t.family != "filler"], "min")
    assert offset("which of zzm papers appeared more than 2 years after their first paper") == ("beyond", 2, False)
    assert offset("which of zzm papers appeared 2 years after their first paper") == 2
    assert offset("which of zzm papers appeared more than 2 years after their first one") == ("beyond", 2, False)


def test_a_uniting_frame_around_the_named_things_unites_them() -> None:
    question = "Taking John Smith and Ann Lee together, which venues have they published in?"
    group = [SimpleNamespace(start=question.index("John"), end=question.index(" and")),
             SimpleNamespace(start=question.index("Ann"), end=question.index(" together"))]
    assert framed_together(question, group)
    assert not framed_together("Which venues have John Smith and Ann Lee published in together?", group[:1])
    assert unframed("Taking John Smith together, which venues?", "John Smith") == "John Smith, which venues?"


def test_a_list_tail_alone_is_recognised() -> None:
    assert is_list_tail(" Who?") and is_list_tail("which ones?")
    assert not is_list_tail("Who wrote it?")


def test_the_planner_reads_cited_by_counts_canonically() -> None:
    assert "citation count" in for_the_planner("Which of A's papers has the highest cited-by count?")
    assert "papers by" in for_the_planner("Leaving out self-citations by A, which papers cite T?")


def _person(text: str, question: str) -> SimpleNamespace:
    start = question.index(text)
    return SimpleNamespace(text=text, start=start, end=start + len(text), type="author",
                           candidates=[SimpleNamespace(node_id="a1")])


def test_the_total_cited_by_count_and_the_busiest_year_of_one_persons_papers() -> None:
    question = "What is the combined cited-by count of Ann Lee's papers?"
    program, _ = average_program(question, [_person("Ann Lee", question)])
    assert program["fn"] == "sum" and program["attr"] == "cited_by_count"
    question = "What was Ann Lee's most productive year?"
    program, _ = average_program(question, [_person("Ann Lee", question)])
    assert program["op"] == "top" and program["key"] == "frequency" and program["input"]["attr"] == "year"
    question = "How many papers with citations has Ann Lee written?"  # a count of papers, not a sum
    assert average_program(question, [_person("Ann Lee", question)]) is None


def test_a_ranked_paper_phrase_and_its_ranking() -> None:
    masked = "what is the primary topic of zzm_____'s earliest paper?"
    (start, end), key = _phrase(masked)
    assert masked[start:end] == "zzm_____'s earliest paper" and key == ("year", "min")
    masked = "which papers cite the most cited paper by zzm_____?"
    assert _phrase(masked)[1] == ("cited_by_count", "max")
    assert _phrase("what is the earliest paper?") is None  # no owner: no person's paper
    ranking = ir.top(ir.match(["a1"], "author"), "year", "min")
    assert holds_inside(ir.traverse(ranking, "writes", "in"), ranking) and not holds_inside(ranking, ranking)


def test_a_walk_through_a_papers_authors_needs_a_word_for_those_people() -> None:
    from hgrag.agents.understanding.plan_shapes import unnamed_people_walk

    others = ir.traverse(ir.traverse(ir.match(["p1"], "paper"), "writes", "in"), "writes", "out")
    assert unnamed_people_walk("what is the title of zzm ?", others)  # not the papers of T's authors
    for asked in ("what else did the authors of zzm write ?", "what else has the first author of zzm written ?"):
        assert unnamed_people_walk(asked, others) == [], asked


def test_a_demonstrative_asked_keeps_the_context_that_describes_it() -> None:
    from hgrag.agents.understanding.context_fold import _demonstrative_asked

    assert _demonstrative_asked("Who is that on ?")
    assert not _demonstrative_asked("Who wrote ?")
