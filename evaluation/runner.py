"""Answer a question file with one system, score it against gold, time it.

    summary = evaluate("openalex", "q.jsonl", "pred.jsonl", system="agentic")

Prediction lines: {"id", "question", "type", "intent", "answer", "query_type", "verified",
"expansions", "regenerations", "latency_ms", "error"} plus {"gold", "correct", "f1", "hit1", "wrong",
"abstained"} when the question has a gold answer (metrics.answer_flags).
"""

from __future__ import annotations

import json
import os
import resource
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hgrag.evaluation.metrics import METRICS, aggregate, answer_flags, score
from hgrag.tools.datasets import dataset_spec
from hgrag.tools.errors import HgragError, InputError

GRAPH_SYSTEMS = ("agentic", "no_plan", "no_rerank", "no_validate", "graph_rag")
BASELINE_SYSTEMS = ("vanilla_rag", "llm_only")
PAPER_BASELINES = ("graphcot", "kgrag", "adaptive_rag", "agent_g")  # LLM systems of the paper's comparison
SYSTEMS = GRAPH_SYSTEMS + BASELINE_SYSTEMS + PAPER_BASELINES


@dataclass
class System:
    """A named question answerer: `answer(question) -> ask()-shaped dict`."""

    name: str
    answer: Callable[[str], dict[str, Any]]
    info: dict[str, Any]


# -- question files ------------------------------------------------------------------
def _question_row(path: Path, number: int, line: str) -> dict[str, Any]:
    where = f"{path}:{number}"
    try:
        row = json.loads(line)
    except json.JSONDecodeError as exc:
        raise InputError(f"{where}: not valid JSON ({exc.msg})") from None
    if not isinstance(row, dict):
        raise InputError(f"{where}: expected a JSON object, got {type(row).__name__}")
    question = row.get("question")
    if not isinstance(question, str) or not question.strip():
        raise InputError(f'{where}: missing "question" (a non-empty string)')
    answer = row.get("answer")
    if answer is not None and not isinstance(answer, (list, str, int, float)):
        raise InputError(f'{where}: "answer" must be a list of strings')
    from hgrag.evaluation.threads import check_thread_fields

    check_thread_fields(row, where)
    row.setdefault("id", f"q{number}")
    return row


def load_questions(path: str | Path) -> list[dict[str, Any]]:
    """Questions of a JSON-lines file; a bad file raises InputError naming file:line."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(f"{path}: question file not found") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"{path}: cannot read question file ({exc})") from None
    rows = [_question_row(path, n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    if not rows:
        raise InputError(f"{path}: no questions in file")
    return rows


# -- systems -------------------------------------------------------------------------
def _graph_system(name: str, dataset: str, source: str | None, context: dict[str, Any]) -> System:
    from hgrag.graphs.api import ask

    def answer(question: str, thread_id: str | None = None) -> dict[str, Any]:
        return ask(question, dataset, source=source, variant=name, thread_id=thread_id, **context)

    return System(name, answer, {})


def _vanilla_rag(dataset: str, source: str | None, context: dict[str, Any], progress: bool,
                 skip_bad_records: bool = False) -> System:
    from hgrag.evaluation.baselines import VanillaRAG
    from hgrag.tools.resources import load_graph

    graph = load_graph(dataset, source, progress=progress,  # the baseline needs no entity index
                       skip_bad_records=skip_bad_records)
    rag = VanillaRAG(graph.store, graph.cache_dir, progress=progress, **context)
    return System("vanilla_rag", rag, {"vector_store": rag.info})


def _paper_baseline(name: str, dataset: str, source: str | None, context: dict[str, Any],
                    progress: bool) -> System:
    """GraphCoT, KGRAG, AdaptiveRAG or Agent-G over the dataset's graph and entity index."""
    from importlib import import_module

    from hgrag.evaluation.baselines_common import llm_context
    from hgrag.tools.resources import load_resources

    llm_context(name, context)  # no LLM configured: skipped before the graph is loaded
    module, cls = {"graphcot": ("baselines_graphcot", "GraphCoT"), "kgrag": ("baselines_kgrag", "KGRAG"),
                   "adaptive_rag": ("baselines_adaptive", "AdaptiveRAG"),
                   "agent_g": ("baselines_agent_g", "AgentG")}[name]
    baseline = getattr(import_module(f"hgrag.evaluation.{module}"), cls)
    resources = load_resources(dataset, source, progress=progress, graph=context.get("graph"))
    return System(name, baseline(resources, **context), {})


def make_system(name: str, dataset: str, source: str | None = None, *, progress: bool = False,
                skip_bad_records: bool = False, **context: Any) -> System:
    """Build (and warm up) a system; raises SystemSkipped for llm_only without an LLM."""
    if name not in SYSTEMS:
        raise InputError(f"unknown system {name!r}; choose one of: {', '.join(SYSTEMS)}")
    if name == "llm_only":
        from hgrag.evaluation.baselines import LLMOnly

        return System(name, LLMOnly(**context), {})
    if name == "vanilla_rag":
        return _vanilla_rag(dataset, source, context, progress, skip_bad_records)
    if name in PAPER_BASELINES:
        return _paper_baseline(name, dataset, source, context, progress)
    from hgrag.tools.resources import load_resources

    load_resources(dataset, source, progress=progress, skip_bad_records=skip_bad_records,
                   graph=context.get("graph"))
    if skip_bad_records:
        context = {**context, "skip_bad_records": True}
    return _graph_system(name, dataset, source, context)


def warm_up(system: System, question: str) -> None:
    """One untimed answer so model loading and lazy caches do not count as latency."""
    from hgrag.agents.understanding.gate import warm

    warm()
    try:
        system.answer(question)
    except Exception:  # noqa: BLE001 - the timed run reports errors per question
        pass


# -- running ---------------------------------------------------------------------------
def answer_one(system: System, row: dict[str, Any]) -> dict[str, Any]:
    """Answer one question, timed; errors are recorded on the row, never raised."""
    from hgrag.tools.llm import llm_meter, meter_totals

    started = time.perf_counter()
    crashed = False
    with llm_meter() as llm_calls:
        try:
            in_thread = row.get("_thread_id") and system.name in GRAPH_SYSTEMS  # baselines keep no thread
            result = (system.answer(row["question"], thread_id=row["_thread_id"]) if in_thread
                      else system.answer(row["question"])) or {}
            error = result.get("error")
        except HgragError as exc:
            result, error = {}, str(exc)
        except Exception as exc:  # noqa: BLE001 - one crash must not end a 400-question run
            result, error, crashed = {}, f"{type(exc).__name__}: {exc}", True
    latency_ms = (time.perf_counter() - started) * 1000
    answer = result.get("answer") or []
    prediction = {
        "id": row["id"], "question": row["question"], "type": row.get("type"), "intent": row.get("intent"),
        "answer": [str(a) for a in (answer if isinstance(answer, list) else [answer])],
        "query_type": result.get("query_type"), "verified": bool(result.get("verified")),
        "expansions": int(result.get("expansions") or 0), "regenerations": int(result.get("regenerations") or 0),
        "latency_ms": round(latency_ms, 2), "error": error, "crashed": crashed,
        "answer_text": str(result.get("answer_text") or "")[:400],
        "interpretation": str(result.get("interpretation") or ""),
        **meter_totals(llm_calls),
    }
    if row.get("thread") is not None:
        prediction.update(thread=row["thread"], turn=row.get("turn"))
    if result.get("planner_check"):
        prediction["planner_agree"] = bool(result["planner_check"].get("agree"))
        prediction["planner_chosen"] = result["planner_check"].get("chosen")
    if row.get("answer") is not None:
        gold = row["answer"] if isinstance(row["answer"], list) else [row["answer"]]
        values = output_values(prediction["answer"], output_labels(result.get("plan")))
        scores = score(values, gold)
        prediction.update(gold=gold, correct=scores["accuracy"] == 1.0, f1=round(scores["f1"], 4),
                          hit1=scores["hit1"], **answer_flags(values, gold))
    return prediction


def output_labels(plan: Any) -> list[str]:
    """The labels of a plan's outputs (one per asked thing or per named entity: 'T1: 4', 'T2: 3')."""
    ir = plan.get("ir") if isinstance(plan, dict) else None
    if not isinstance(ir, dict) or ir.get("op") != "outputs":
        return []
    return [str(item.get("label")) for item in ir.get("items") or [] if item.get("label")]


def output_values(answer: list[str], labels: list[str]) -> list[str]:
    """What is scored of a labelled answer: each item's value without its output label, and no 'none recorded'
    (one answer per entity is scored as the union of the values, as the question's gold lists them)."""
    if not labels:
        return answer
    values = []
    for item in answer:
        label = next((l for l in sorted(labels, key=len, reverse=True) if item.startswith(f"{l}: ")), None)
        value = item[len(label) + 2:] if label else item
        if value != "none recorded":
            values.append(value)
    return values


def _progress(rows: list[dict[str, Any]], system: str, enabled: bool) -> Any:
    if not enabled:
        return rows
    from tqdm import tqdm

    return tqdm(rows, desc=system, unit="q", file=sys.stderr, dynamic_ncols=True)


def run_questions(system: System, questions: list[dict[str, Any]], *, progress: bool = True
                  ) -> tuple[list[dict[str, Any]], float]:
    """Predictions for every question and the wall-clock seconds of the timed loop."""
    started = time.perf_counter()
    predictions = [answer_one(system, row) for row in _progress(questions, system.name, progress)]
    return predictions, time.perf_counter() - started


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank style percentile with linear interpolation (q in 0..100)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    position = (len(ordered) - 1) * q / 100
    low, high = int(position), min(int(position) + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def peak_rss_mb() -> float:
    """Peak resident set size of this process (Linux reports KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def summarize(predictions: list[dict[str, Any]], seconds: float, **extra: Any) -> dict[str, Any]:
    """Metrics (when gold exists), latency p50/p95, questions/s, errors, peak RSS."""
    latencies = [p["latency_ms"] for p in predictions]
    scored = [{"type": p.get("type"), "intent": p.get("intent"), "accuracy": float(p["correct"]), "f1": p["f1"], "hit1": p["hit1"],
               "verified": p.get("verified"), **({k: p[k] for k in ("wrong", "abstained") if k in p})}
              for p in predictions if "correct" in p]
    return {
        **extra,
        "questions": len(predictions),
        "errors": sum(1 for p in predictions if p.get("error")),
        "crashes": sum(1 for p in predictions if p.get("crashed")),
        "metrics": aggregate(scored) if scored else None,
        "honesty": honesty(predictions),
        "latency_ms": {"p50": round(percentile(latencies, 50), 1), "p95": round(percentile(latencies, 95), 1),
                       "mean": round(sum(latencies) / len(latencies), 1) if latencies else 0.0},
        "questions_per_second": round(len(predictions) / seconds, 3) if seconds > 0 else 0.0,
        "seconds": round(seconds, 2),
        "peak_rss_mb": round(peak_rss_mb(), 1),
    }


def _rate(value: float | None) -> str:
    return "–" if value is None else f"{value:.3f}"


def honesty(predictions: list[dict[str, Any]]) -> dict[str, Any]:
    """Wrong-answer rate (a non-empty answer that is not exactly right), share of verified answers that are
    right, abstention rate (empty answer), and LLM calls / tokens per question."""
    n = len(predictions) or 1
    gold = [p for p in predictions if "correct" in p]
    answered = [p for p in gold if p["answer"]]
    verified = [p for p in gold if p["verified"] and p["answer"]]
    agreements = [p["planner_agree"] for p in predictions if "planner_agree" in p]
    return {
        "wrong_answer_rate": round(sum(1 for p in answered if not p["correct"]) / (len(gold) or 1), 4),
        "verified_right": round(sum(1 for p in verified if p["correct"]) / len(verified), 4) if verified else None,
        "verified_answers": len(verified),
        "abstention_rate": round(sum(1 for p in predictions if not p["answer"]) / n, 4),
        "llm_calls_per_question": round(sum(p.get("llm_calls", 0) for p in predictions) / n, 2),
        "llm_requests_per_question": round(sum(p.get("llm_requests", 0) for p in predictions) / n, 2),
        "llm_tokens_per_question": round(sum(p.get("llm_tokens", 0) for p in predictions) / n, 1),
        "planner_agreement": round(sum(agreements) / len(agreements), 4) if agreements else None,
    }


def format_summary(summary: dict[str, Any]) -> str:
    """A small text table: overall and per-type Accuracy / F1 / Hit@1, wrong-answer and abstention
    rates and the right share of verified answers, then timing."""
    lines = [f"system {summary.get('system', '?')} on {summary.get('dataset', '?')}: "
             f"{summary['questions']} questions, {summary['errors']} errors"]
    metrics = summary.get("metrics")
    if metrics:
        groups = [*metrics["by_type"].items(), ("overall", metrics["overall"])]
        if set(metrics["by_type"]) & {"compositional", "unanswerable"}:  # one type, many intents
            groups = [*metrics.get("by_intent", {}).items(), *groups]
        width = max(14, *(len(name) for name, _ in groups))
        lines.append(f"{'type':<{width}} {'n':>4} {'Accuracy':>9} {'F1':>7} {'Hit@1':>7} {'Wrong':>7} "
                     f"{'Abstain':>8} {'VerRight':>9} {'EmptyClaim':>10}")
        for name, values in groups:
            lines.append(f"{name:<{width}} {values['n']:>4} " + " ".join(
                f"{values[m]:>{9 if m == 'accuracy' else 7}.3f}" for m in METRICS)
                + f" {values.get('wrong_rate', 0.0):>7.3f} {values.get('abstention_rate', 0.0):>8.3f}"
                + f" {_rate(values.get('verified_right')):>9} {values.get('empty_claim_rate', 0.0):>10.3f}")
    honest = summary.get("honesty")
    if honest and (honest.get("llm_calls_per_question") or honest.get("planner_agreement") is not None):
        lines.append(f"LLM calls/question {honest['llm_calls_per_question']}, "
                     f"tokens/question {honest['llm_tokens_per_question']}"
                     + ("" if honest.get("planner_agreement") is None
                        else f", planner agreement {honest['planner_agreement']:.3f}"))
    latency = summary["latency_ms"]
    lines.append(f"latency p50 {latency['p50']:.0f} ms, p95 {latency['p95']:.0f} ms; "
                 f"{summary['questions_per_second']:.2f} questions/s; peak RSS {summary['peak_rss_mb']:.0f} MB")
    return "\n".join(lines)


def check_output(path: str | Path) -> Path:
    """The output file, or InputError when it cannot be written (a directory, a read-only place)."""
    target = Path(path)
    if target.is_dir():
        raise InputError(f"--out {target} is a directory; name a file")
    parent = target.parent
    try:
        parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError(f"--out {target}: cannot create its folder ({exc.strerror or exc})") from None
    if not parent.is_dir() or not os.access(parent, os.W_OK | os.X_OK) \
            or (target.exists() and not os.access(target, os.W_OK)):
        raise InputError(f"--out {target}: not writable")
    return target


def write_predictions(predictions: list[dict[str, Any]], path: str | Path) -> Path:
    from hgrag.evaluation.generator import write_questions

    return write_questions(predictions, path)  # the same JSON-lines writer


def evaluate(dataset: str, questions_path: str | Path, out: str | Path | None = None, *,
             system: str = "agentic", source: str | None = None, limit: int | None = None,
             progress: bool = True, **context: Any) -> dict[str, Any]:
    """Load questions, build + warm up the system, answer, write predictions, summarise."""
    dataset_spec(dataset)  # unknown dataset: fail before any work
    if out is not None:
        check_output(out)  # an unwritable --out fails now, not after every question was answered
    from hgrag.evaluation.threads import in_thread_order

    questions = in_thread_order(load_questions(questions_path))
    if limit is not None:
        if limit < 1:
            raise InputError(f"--limit must be at least 1, got {limit}")
        questions = questions[:limit]
    runner = make_system(system, dataset, source, progress=progress, **context)
    warm_up(runner, questions[0]["question"])
    predictions, seconds = run_questions(runner, questions, progress=progress)
    if out is not None:
        write_predictions(predictions, out)
    return summarize(predictions, seconds, system=system, dataset=dataset, **runner.info)
