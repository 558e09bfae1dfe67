"""benchmarks/run_all.py: which sets `make bench` runs and how many questions each system answers."""

from __future__ import annotations

import importlib.util

from hgrag.tools.datasets import REPO_ROOT


def _run_all():
    spec = importlib.util.spec_from_file_location("run_all", REPO_ROOT / "benchmarks" / "run_all.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_make_bench_runs_the_new_sets_and_noisy_last():
    names = _run_all().benchmarks()
    assert names[0] == "standard" and names[-1] == "noisy"
    for name in ("freetyped", "freetyped2", "compositional", "compositional_blind", "compositional_blind2",
                 "unanswerable", "unanswerable2"):
        assert name in names


def test_baselines_answer_the_first_hundred_of_compositional_and_unanswerable_sets_only():
    run_all = _run_all()
    args = run_all.parse_args([])
    assert run_all.run_limit(args, "compositional_blind", "vanilla_rag") == 100
    assert run_all.run_limit(args, "unanswerable2", "llm_only") == 100
    assert run_all.run_limit(args, "compositional", "agentic") is None
    assert run_all.run_limit(args, "freetyped", "vanilla_rag") is None
    limited = run_all.parse_args(["--limit", "20"])
    assert run_all.run_limit(limited, "unanswerable", "vanilla_rag") == 20
    assert run_all.run_limit(limited, "standard", "no_plan") == 20


def test_benchmark_selection_keeps_the_source_of_the_noisy_set():
    run_all = _run_all()
    args = run_all.parse_args(["--benchmarks", "noisy", "compositional", "standard"])
    names = run_all.selected_benchmarks(args)
    assert names[0] == "standard" and names[-1] == "noisy" and names.index("heldout") < names.index("noisy")
    assert set(names) == {"standard", "heldout", "compositional", "noisy"}
    assert run_all.selected_benchmarks(run_all.parse_args([])) == run_all.benchmarks()
