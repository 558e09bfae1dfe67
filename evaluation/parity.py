"""Store parity: every benchmark question answered on the embedded store and on a FalkorDB graph
must give the same answer, answer text and verified flag.

    mismatches = store_parity("dblp-tiny", "falkordb://127.0.0.1:6390/", template_sets=TEMPLATE_SETS)

Used by tests/integration/test_falkordb_parity.py (one question of each shape, tiny datasets) and
benchmarks/parity.py (every question; full datasets from `make bench`, tiny ones with --datasets).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from hgrag.evaluation.generator import TEMPLATE_SETS, generate_questions, load_store

COMPARED = ("answer", "answer_text", "verified")


def benchmark_questions(dataset: str, template_sets: Iterable[str] = TEMPLATE_SETS,
                        per_type: int | None = None, seed: int = 0) -> list[dict[str, Any]]:
    """The seed-`seed` benchmark of each template set, one list (ids prefixed by the set)."""
    store = load_store(dataset)
    rows = []
    for template_set in template_sets:
        for row in generate_questions(store, dataset, per_type=per_type, seed=seed,
                                      template_set=template_set):
            rows.append(dict(row, id=f"{template_set}/{row['id']}"))
    return rows


def one_per_shape(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The first question of each (template set, intent, rendering) group: every question shape the
    template sets generate, about an eighth of the questions (the test suite's sample; the full sets
    run in benchmarks/parity.py)."""
    seen, sample = set(), []
    for row in rows:
        shape = (row["id"].split("/")[0], row.get("intent"), json.dumps(row.get("rendering") or {}, sort_keys=True))
        if shape not in seen:
            seen.add(shape)
            sample.append(row)
    return sample


def _outcome(question: str, dataset: str, graph: str | None, compared: tuple[str, ...]) -> dict[str, Any]:
    from hgrag.graphs.api import ask

    out = ask(question, dataset, graph=graph)
    return {key: out.get(key) for key in compared}


def store_parity(dataset: str, graph_url: str, questions: list[dict[str, Any]] | None = None,
                 compared: tuple[str, ...] = COMPARED, **benchmark: Any) -> tuple[int, list[dict[str, Any]]]:
    """(questions compared, mismatches) between the networkx store and `graph_url` on the `compared`
    output fields (add "evidence" to compare the walked subgraph too)."""
    from hgrag.tools.falkordb_resources import explicit_load
    from hgrag.tools.resources import load_resources

    rows = questions if questions is not None else benchmark_questions(dataset, **benchmark)
    with explicit_load():  # comparing against `graph_url` is asking for it: load it when absent
        load_resources(dataset, graph=graph_url)
    mismatches = []
    for row in rows:
        embedded = _outcome(row["question"], dataset, "networkx", compared)
        database = _outcome(row["question"], dataset, graph_url, compared)
        if embedded != database:
            mismatches.append({"id": row["id"], "question": row["question"],
                               "networkx": embedded, "falkordb": database})
    return len(rows), mismatches
