"""Runner helpers (question files, scoring rows, summaries) and the report writer, with a stub system."""

from __future__ import annotations

import json

import pytest

from hgrag.evaluation.passages import extractive_answer, paper_passage
from hgrag.evaluation.report import write_report
from hgrag.evaluation.runner import System, answer_one, format_summary, load_questions, percentile, summarize
from hgrag.tools.errors import InputError, LLMError
from hgrag.tools.graph_store import NetworkXGraphStore

QUESTIONS = [
    {"id": "a", "question": "When was X published?", "type": "attribute", "answer": ["2019"]},
    {"id": "b", "question": "Who wrote X?", "type": "relation", "answer": ["Ann Lee", "Bo Chen"]},
    {"id": "c", "question": "Who wrote Y?", "type": "relation", "answer": ["Cy Dow"]},
]
REPLIES = {"When was X published?": ["2019.0"], "Who wrote X?": ["Bo Chen", "Zed Ash"]}


def stub(question: str) -> dict:
    if question == "Who wrote Y?":
        raise LLMError("endpoint down")
    return {"answer": REPLIES[question], "query_type": "relation", "verified": True, "expansions": 1}


def test_answer_one_scores_and_records_errors():
    system = System("stub", stub, {})
    rows = [answer_one(system, q) for q in QUESTIONS]
    assert rows[0]["correct"] is True and rows[0]["hit1"] == 1.0
    assert rows[1]["correct"] is False and rows[1]["f1"] == pytest.approx(0.5)
    assert rows[1]["expansions"] == 1 and rows[1]["verified"] is True
    assert rows[2]["answer"] == [] and rows[2]["error"] == "endpoint down" and rows[2]["correct"] is False
    summary = summarize(rows, seconds=2.0, system="stub", dataset="toy")
    assert summary["errors"] == 1 and summary["questions_per_second"] == pytest.approx(1.5)
    assert summary["metrics"]["by_type"]["relation"]["accuracy"] == 0.0
    assert summary["metrics"]["overall"]["accuracy"] == pytest.approx(1 / 3)
    overall = summary["metrics"]["overall"]
    assert rows[2]["abstained"] is True and rows[1]["wrong"] is True and rows[0]["wrong"] is False
    assert overall["wrong_rate"] == pytest.approx(1 / 3) and overall["abstention_rate"] == pytest.approx(1 / 3)
    assert overall["verified_n"] == 2 and overall["verified_right"] == pytest.approx(0.5)
    text = format_summary(summary)
    assert "Wrong" in text and "Abstain" in text and "VerRight" in text and "latency p50" in text
    assert text.splitlines()[-2].split() == ["overall", "3", "0.333", "0.500", "0.667", "0.333", "0.333", "0.500",
                                             "0.000"]
    assert overall["empty_claim_rate"] == 0.0  # (the empty answer came from an error, not a checked claim)


def test_a_checked_empty_answer_to_a_question_with_answers_is_an_empty_claim():
    from hgrag.evaluation.metrics import aggregate

    rows = [{"type": "t", "accuracy": 0.0, "f1": 0.0, "hit1": 0.0, "abstained": True, "wrong": False, "verified": True},
            {"type": "t", "accuracy": 0.0, "f1": 0.0, "hit1": 0.0, "abstained": True, "wrong": False, "verified": False},
            {"type": "t", "accuracy": 1.0, "f1": 1.0, "hit1": 1.0, "abstained": True, "wrong": False, "verified": True}]
    overall = aggregate(rows)["overall"]
    assert overall["empty_claim_rate"] == pytest.approx(1 / 3) and overall["wrong_rate"] == 0.0
    assert overall["wrong_or_empty_claim_rate"] == pytest.approx(1 / 3)


def test_questions_without_gold_are_answered_but_not_scored():
    row = answer_one(System("stub", stub, {}), {"id": "x", "question": "When was X published?"})
    assert "correct" not in row and "gold" not in row
    assert summarize([row], 1.0)["metrics"] is None


def test_load_questions_fills_ids_and_names_bad_lines(tmp_path):
    path = tmp_path / "q.jsonl"
    path.write_text('{"question": "Q one"}\n\n{"id": "k", "question": "Q two", "answer": ["1"]}\n')
    assert [q["id"] for q in load_questions(path)] == ["q1", "k"]
    path.write_text('{"question": "Q"}\n{"question": "Q", "answer": {"a": 1}}\n')
    with pytest.raises(InputError, match=r"q\.jsonl:2: \"answer\" must be"):
        load_questions(path)
    path.write_text('{"question": "   "}\n')
    with pytest.raises(InputError, match=r"q\.jsonl:1: missing \"question\""):
        load_questions(path)


def test_percentile_interpolates():
    assert percentile([], 50) == 0.0
    assert percentile([10.0], 95) == 10.0
    assert percentile([1.0, 2.0, 3.0, 4.0], 50) == pytest.approx(2.5)
    assert percentile(list(map(float, range(101))), 95) == pytest.approx(95.0)


def test_write_report_tables_and_charts(tmp_path):
    rows = [answer_one(System("stub", stub, {}), q) for q in QUESTIONS]
    summary = summarize(rows, 1.0, system="stub", dataset="toy")
    results = [
        {"dataset": "toy", "benchmark": "standard", "system": "stub", "summary": summary},
        {"dataset": "toy", "benchmark": "paraphrase", "system": "stub", "summary": summary},
        {"dataset": "toy", "benchmark": "standard", "system": "llm_only", "skipped": "no LLM configured"},
    ]
    report = write_report(results, tmp_path, {"date": "2026-01-01", "seed": 0}).read_text()
    assert "| stub | 3 | 0.333 | 0.500 | 0.667 | 0.333 | 0.333 | 0.500 (2) |" in report
    assert "| system | attribute | relation |" in report  # the types the runs have
    assert "| stub | 1.00 / 1.00 / 1.00 | 0.00 / 0.25 / 0.50 |" in report
    assert "toy / standard / llm_only: skipped — no LLM configured" in report
    assert "| toy | stub | 0.333 | 0.333 (+0.000) |" in report
    assert "Per intent" not in report  # only for compositional / unanswerable sets
    compositional = [{**row, "type": "compositional", "intent": f"intent_{n % 2}"} for n, row in enumerate(rows)]
    results = [{"dataset": "toy", "benchmark": "compositional", "system": "stub",
                "summary": summarize(compositional, 1.0, system="stub", dataset="toy")}]
    report = write_report(results, tmp_path / "c", {"date": "2026-01-01"}).read_text()
    assert "| intent | n | stub |" in report and "| intent_0 | 2 | 0.50 / 0.00 |" in report
    assert "| intent_1 | 1 | 0.00 / 1.00 |" in report
    for png in ("accuracy-toy-standard.png", "accuracy-toy-paraphrase.png", "latency-toy.png"):
        assert (tmp_path / png).read_bytes()[:4] == b"\x89PNG"


def _toy_store() -> NetworkXGraphStore:
    store = NetworkXGraphStore()
    store.add_node("p1", "paper", title="Deep seismic imaging of salt domes", year=2019, cited_by_count=7,
                   doi="10.1/abc", work_type="article")
    store.add_node("p2", "paper", title="Shallow carbonate facies", year=2015, cited_by_count=30)
    store.add_node("a1", "author", name="Ann Lee")
    store.add_node("a2", "author", name="Bo Chen")
    store.add_node("v1", "venue", name="Geophysics")
    for position, author in enumerate(["a2", "a1"], start=1):
        store.add_edge(author, "p1", "writes", position=position)
    store.add_edge("a1", "p2", "writes", position=1)
    store.add_edge("p1", "v1", "published_in")
    return store


def test_paper_passage_states_its_metadata():
    text, meta = paper_passage(_toy_store(), "p1")
    assert text == ("Deep seismic imaging of salt domes (2019) by Bo Chen, Ann Lee in Geophysics; "
                    "cited 7 times. Type: article. DOI: 10.1/abc.")
    assert meta["authors"] == ["Bo Chen", "Ann Lee"] and meta["venue"] == "Geophysics"
    json.dumps(meta)  # metadata must be serialisable for the FAISS docstore


@pytest.mark.parametrize(("question", "expected"), [
    ('When was "Deep seismic imaging of salt domes" published?', ["2019"]),
    ("What is the DOI of Deep seismic imaging of salt domes?", ["10.1/abc"]),
    ('Who wrote "Deep seismic imaging of salt domes"?', ["Bo Chen", "Ann Lee"]),
    ('Who is the first author of "Deep seismic imaging of salt domes"?', ["Bo Chen"]),
    ("Apart from Ann Lee, who wrote 'Deep seismic imaging of salt domes'?", ["Bo Chen"]),
    ('How many citations does "Deep seismic imaging of salt domes" have?', ["7"]),
    ('How many authors does "Deep seismic imaging of salt domes" have?', ["2"]),
    ('Where was "Deep seismic imaging of salt domes" published?', ["Geophysics"]),
    ("What is the most cited paper of Ann Lee?", ["Shallow carbonate facies"]),
    ("Have Ann Lee and Bo Chen written a paper together?", ["yes"]),
    ("Did Ann Lee ever co-author a paper with Cy Dow?", ["no"]),
    ("Is 'Deep seismic imaging of salt domes' an article, a book chapter or something else?", ["article"]),
])
def test_extractive_answer_reads_the_top_passages(question, expected):
    store = _toy_store()
    passages = [paper_passage(store, "p1")[1], paper_passage(store, "p2")[1]]
    assert extractive_answer(question, passages) == expected


def test_honesty_counts_wrong_answers_abstentions_verified_and_llm_use():
    from hgrag.evaluation.runner import honesty

    rows = [
        {"answer": ["a"], "correct": True, "verified": True, "llm_calls": 2, "llm_tokens": 100},
        {"answer": ["b"], "correct": False, "verified": False, "llm_calls": 1, "llm_tokens": 50},
        {"answer": [], "correct": False, "verified": False, "llm_calls": 1, "llm_tokens": 30, "planner_agree": False},
        {"answer": ["c"], "correct": False, "verified": True, "llm_calls": 0, "llm_tokens": 0, "planner_agree": True},
    ]
    result = honesty(rows)
    assert result["wrong_answer_rate"] == 0.5 and result["abstention_rate"] == 0.25
    assert result["verified_right"] == 0.5 and result["verified_answers"] == 2
    assert result["llm_calls_per_question"] == 1.0 and result["llm_tokens_per_question"] == 45.0
    assert result["planner_agreement"] == 0.5


def test_one_answer_per_entity_is_scored_by_its_values():
    """'Which papers did A and B publish?' answered per entity ('A: T1', 'B: T2'): the values are scored against
    the gold's union; an entity with no answer ('none recorded') adds nothing; an unlabelled answer is unchanged."""
    from hgrag.evaluation.runner import output_labels, output_values

    plan = {"ir": {"op": "outputs", "items": [{"label": "Ann Lee", "plan": {}}, {"label": "T: a title", "plan": {}}]}}
    labels = output_labels(plan)
    assert labels == ["Ann Lee", "T: a title"]
    assert output_values(["Ann Lee: P1", "T: a title: 4", "Ann Lee: none recorded"], labels) == ["P1", "4"]
    assert output_values(["Ann Lee: P1"], output_labels({"ir": {"op": "match"}})) == ["Ann Lee: P1"]
