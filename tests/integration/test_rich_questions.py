"""Questions about the richer OpenAlex kinds (issue 22) through the whole QA graph: every family of
evaluation/kinds_family.py answered right on openalex-tiny (gold read from the graph by direct look-ups,
not by the plan), the same questions declined on DBLP with the sentence naming what it lacks, the
evidence naming the affiliation edge, and FalkorDB answering exactly like the embedded store."""

from __future__ import annotations

import pytest

from hgrag.evaluation.kinds_family import family_questions, judge
from hgrag.graphs.api import ask
from hgrag.tools.resources import load_graph

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def rows(session_hgrag_home):
    return family_questions(load_graph("openalex-tiny").store, per_family=2, seed=1)


def test_every_family_is_answered_right(rows) -> None:
    families = {row["family"] for row in rows}
    assert len(families) >= 14
    outcomes = {row["id"]: judge(row, ask(row["question"], "openalex-tiny")) for row in rows}
    wrong = [i for i, o in outcomes.items() if o == "wrong"]
    right = sum(o == "right" for o in outcomes.values())
    assert wrong == []
    assert right / len(rows) >= 0.9, {i: o for i, o in outcomes.items() if o != "right"}


@pytest.mark.parametrize("question, lacking", [
    ("Which institutions is Yu Liu affiliated with?", "affiliations"),
    ("What is the primary topic of The CRC-NTMAC for Noisy Message Authentication?", "topics"),
    ("What are the keywords of The CRC-NTMAC for Noisy Message Authentication?", "topics"),
    ("Which funders funded The CRC-NTMAC for Noisy Message Authentication?", "funders"),
    ("Where does Yu Liu work?", "affiliations")])  # 'where' + 'work': institutions, by the verb
def test_dblp_declines_with_what_it_lacks(question, lacking, session_hgrag_home) -> None:
    out = ask(question, "dblp-tiny")
    assert out["answer"] == [] and not out.get("verified")
    assert out["answer_text"].startswith(f"The DBLP graph holds no {lacking}")


def test_evidence_names_the_affiliation_edge(session_hgrag_home) -> None:
    from hgrag.agents.kinds.evidence import describe_path

    store = load_graph("openalex-tiny").store
    out = ask("Which institutions is Ali Binabdi affiliated with?", "openalex-tiny")
    assert out.get("verified") and out["answer"]
    lines = [describe_path(store, path) for path in out["evidence"]["paths"]]
    assert any(line.startswith("Ali Binabdi — affiliated with (on '") and line.endswith(" → " + item)
               for line in lines for item in out["answer"])


def test_where_someone_works_is_read_as_their_institutions(session_hgrag_home) -> None:
    """'Where does A work?' asks for institutions (the lexicon's wh_roles), not for the venues of A's papers."""
    store = load_graph("openalex-tiny").store
    out = ask("Where does Ali Binabdi work?", "openalex-tiny")
    assert out.get("verified") and out["answer"]
    institutions = {store.label(node) for node in store.nodes_of_type("institution")}
    assert set(out["answer"]) <= institutions
    assert "institution" in out["interpretation"].lower()


def test_falkordb_answers_the_families_alike(rows, falkordb_server, session_hgrag_home, monkeypatch) -> None:
    from hgrag.evaluation.parity import COMPARED, store_parity

    monkeypatch.delenv("HGRAG_GRAPH", raising=False)
    questions = [{"id": r["id"], "question": r["question"]} for r in rows]
    compared, mismatches = store_parity("openalex-tiny", falkordb_server.url("parity-rich"), questions,
                                        compared=COMPARED + ("evidence",))
    assert compared == len(rows) and mismatches == [], mismatches[:2]


def test_an_embedding_ranking_is_never_verified(session_hgrag_home) -> None:
    """Papers 'about' a term no topic or keyword names are ranked by similarity: shown, never verified."""
    out = ask("Which papers by Ali Binabdi are about quasar zebrafish choreography?", "openalex-tiny")
    assert not out.get("verified")
    if out["answer"]:  # the similarity fallback answered: it must say it is not a graph fact
        assert "not a graph fact" in out["answer_text"]
