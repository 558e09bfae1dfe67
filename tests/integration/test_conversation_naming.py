"""Follow-ups over an earlier answer set on openalex-tiny, checked against the raw files (tests/tiny_raw.py):
the set is named in words the planner reads back ('which of them are from Y or later'), 'else' / 'co-wrote'
leave out what the thread is about, a plural never stands for one venue, chat lead-ins are read as nothing,
a person named with a verb of their own starts a new question, and 'those' right after a question of mine
is asked back."""

from __future__ import annotations

import uuid
from pathlib import Path

import pytest

from tiny_raw import RawCorpus, norm, norm_set, openalex_seed_authors, pick_prolific_author, read_openalex

DATASET = "openalex-tiny"


@pytest.fixture(scope="module")
def raw(datasets_dir: Path, session_hgrag_home: Path) -> tuple[RawCorpus, tuple[str, str]]:
    directory = datasets_dir / "openalex" / "tiny"
    corpus = read_openalex(directory)
    return corpus, pick_prolific_author(corpus, openalex_seed_authors(directory))


def turns(*questions: str) -> list[dict]:
    from hgrag.graphs.api import ask

    thread = f"t-{uuid.uuid4().hex[:8]}"
    return [ask(q, DATASET, thread_id=thread) for q in questions]


def test_which_of_them_with_a_condition_names_the_set(raw) -> None:
    corpus, (author_id, name) = raw
    papers = corpus.papers_of(author_id)
    counts = sorted(p.cited_by_count or 0 for p in papers)
    cut = max(1, counts[len(counts) // 2])  # a condition a refinement of the set cannot read: the set is named
    listed, kept = turns(f"Which papers did {name} write?", f"Which of them have at least {cut} citations?")
    assert norm_set(listed["answer"]) == norm_set(p.title for p in papers)
    assert norm_set(kept["answer"]) == norm_set(p.title for p in papers if (p.cited_by_count or 0) >= cut)
    assert kept["verified"] and f"'them' = the papers by {name}" in kept["interpretation"]


def _unique_extreme(papers: list) -> tuple[str, object]:
    """A ranking word whose best paper is unique in the raw data, with that paper."""
    for word, key, pick in (("most cited", lambda p: p.cited_by_count or 0, max), ("oldest", lambda p: p.year or 9999, min),
                            ("most recent", lambda p: p.year or 0, max)):
        best = pick(key(p) for p in papers)
        chosen = [p for p in papers if key(p) == best]
        if len(chosen) == 1:
            return word, chosen[0]
    raise AssertionError("the prolific author's papers tie on citations and on both year ends")


def test_a_ranking_over_them_and_co_wrote_leaves_out_the_thread_author(raw) -> None:
    corpus, (author_id, name) = raw
    word, best = _unique_extreme(corpus.papers_of(author_id))
    _, top, others = turns(f"Which papers did {name} write?", f"which of them is the {word}?",
                           f"Who co-wrote the {word} one?")
    assert norm_set(top["answer"]) == {norm(best.title)}
    assert norm_set(others["answer"]) == norm_set(n for a, n in best.authors if a != author_id)
    assert norm(name) not in norm_set(others["answer"]) and others["verified"]


def test_their_papers_after_one_venue_means_the_person(raw) -> None:
    corpus, (author_id, name) = raw
    venues = corpus.venue_counts(author_id)
    (top_venue, count), *rest = venues.most_common()
    assert not rest or rest[0][1] < count, "the author's most frequent venue must be unique in the tiny data"
    first, second, third = turns(f"In which venues has {name} published?", "which of those do they publish in most often?",
                                 "which of their papers appeared there?")
    assert norm_set(second["answer"]) == {norm(top_venue)}
    assert norm_set(third["answer"]) == norm_set(p.title for p in corpus.papers_of(author_id) if p.venue == top_venue)
    assert f"'their' = '{name}'" in third["interpretation"]


def test_chat_lead_ins_are_read_as_nothing(raw) -> None:
    corpus, (author_id, name) = raw
    plain, chatty = turns(f"How many papers did {name} write?", f"never mind. How many papers did {name} write?")
    assert plain["answer"] == chatty["answer"] == [str(len(corpus.papers_of(author_id)))] and chatty["verified"]


def test_a_person_named_with_a_verb_of_their_own_is_a_new_question(raw) -> None:
    corpus, (author_id, name) = raw
    other_id, other = next((a, n) for p in corpus.papers_of(author_id) for a, n in p.authors
                           if a != author_id and len(corpus.ids_by_name()[norm(n)]) == 1)
    _, second = turns(f"Which papers did {name} write?", f"How many papers has {other} written?")
    assert second["answer"] == [str(len(corpus.papers_of(other_id)))]
    assert "From the conversation" not in second["interpretation"]


def test_a_set_reference_right_after_a_question_back_is_asked_back(raw) -> None:
    corpus, (author_id, name) = raw
    assert not any(p.year == 1901 for p in corpus.papers_of(author_id))
    _, asked_back, follow_up, fresh = turns(f"Which papers did {name} write?", "who wrote the 1901 one?",
                                            "just those since 2010", f"Which papers did {name} write?")
    assert asked_back["answer"] == [] and asked_back["clarification"]  # no paper of 1901 in the list
    assert follow_up["answer"] == [] and "still open" in follow_up["clarification"]
    assert norm_set(fresh["answer"]) == norm_set(p.title for p in corpus.papers_of(author_id))
