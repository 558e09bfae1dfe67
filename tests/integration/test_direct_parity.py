"""`hgrag ask` runs one question by walking the topology without LangGraph: on real data its output
state equals the compiled graph's, and a fresh process answering a question never imports LangGraph."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tiny_raw import pick_paper, read_openalex

from hgrag.graphs.direct import run_direct
from hgrag.graphs.scholar_qa import build_qa_graph
from hgrag.state.context import Context
from hgrag.state.qa_state import OutputState

pytestmark = pytest.mark.integration
DATASET = "openalex-tiny"
FIELDS = sorted(set(OutputState.__annotations__) - {"messages"})  # what the compiled graph returns


@pytest.fixture(scope="module")
def questions(datasets_dir: Path, session_hgrag_home: Path) -> list[str]:
    paper = pick_paper(read_openalex(datasets_dir / "openalex" / "tiny"))
    first_author = paper.authors[0][1]
    return [f'Who wrote "{paper.title}"?', f"In which year was '{paper.title}' published?",
            f"How many papers did {first_author} write?", f"How many papers did {first_author} write after 2100?",
            "Wer hat das geschrieben?", "What is the airspeed of an unladen swallow?", "   ?"]


def test_direct_run_equals_the_compiled_graph(questions: list[str]) -> None:
    graph = build_qa_graph()
    for question in questions:
        context = Context(dataset=DATASET)
        compiled = graph.invoke({"question": question, "dataset": DATASET}, context=context)
        direct = run_direct({"question": question, "dataset": DATASET}, context)
        for field in FIELDS:
            assert json.dumps(direct.get(field), sort_keys=True, default=str) == \
                json.dumps(compiled.get(field), sort_keys=True, default=str), (question, field)


def test_a_cold_ask_process_does_not_import_langgraph(questions: list[str], session_hgrag_home: Path) -> None:
    probe = ("import sys, io, contextlib\nfrom hgrag.graphs.cli import main\nout = io.StringIO()\n"
             "with contextlib.redirect_stdout(out):\n    code = main(['ask', sys.argv[1], '--dataset', 'openalex-tiny'])\n"
             "print(code, sorted({m.split('.')[0] for m in sys.modules if m.startswith(('langgraph', 'langchain'))}))")
    done = subprocess.run([sys.executable, "-c", probe, questions[0]], capture_output=True, text=True,
                          env={**os.environ, "HGRAG_HOME": str(session_hgrag_home)}, timeout=600)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "0 []"
