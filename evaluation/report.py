"""Benchmark report: report.md with per-type / per-system tables, and matplotlib (Agg) bar charts.

A result is {"dataset", "benchmark", "system", "summary"} (a runner summary) or
{"dataset", "benchmark", "system", "skipped": reason}.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

QUESTION_TYPES = ("attribute", "relation", "aggregation", "multihop")


def _groups(results: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """(dataset, benchmark) pairs in first-seen order."""
    return list(dict.fromkeys((r["dataset"], r["benchmark"]) for r in results))


def _ran(results: Iterable[dict[str, Any]], dataset: str, benchmark: str) -> list[dict[str, Any]]:
    return [r for r in results if r["dataset"] == dataset and r["benchmark"] == benchmark
            and r.get("summary") and r["summary"].get("metrics")]


def _types(rows: list[dict[str, Any]]) -> list[str]:
    """Question types of the rows: the catalogue's four first, then any other (compositional, ...)."""
    seen = {t for r in rows for t in r["summary"]["metrics"]["by_type"]}
    return [t for t in QUESTION_TYPES if t in seen] + sorted(seen - set(QUESTION_TYPES))


def _share(value: float | None) -> str:
    return "–" if value is None else f"{value:.3f}"


def _cell(values: dict[str, Any] | None) -> str:
    if not values:
        return "–"
    return f"{values['accuracy']:.2f} / {values['f1']:.2f} / {values['hit1']:.2f}"


def _summary_table(rows: list[dict[str, Any]]) -> list[str]:
    lines = ["| system | n | Accuracy | F1 | Hit@1 | wrong | abstained | verified right (n) | empty claims "
             "| p50 ms | p95 ms | questions/s | peak RSS MB | errors |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for r in rows:
        s = r["summary"]
        o = s["metrics"]["overall"]
        lines.append(f"| {r['system']} | {o['n']} | {o['accuracy']:.3f} | {o['f1']:.3f} | {o['hit1']:.3f} | "
                     f"{o.get('wrong_rate', 0.0):.3f} | {o.get('abstention_rate', 0.0):.3f} | "
                     f"{_share(o.get('verified_right'))} ({o.get('verified_n', 0)}) | "
                     f"{o.get('empty_claim_rate', 0.0):.3f} | "
                     f"{s['latency_ms']['p50']:.0f} | {s['latency_ms']['p95']:.0f} | "
                     f"{s['questions_per_second']:.2f} | {s['peak_rss_mb']:.0f} | {s['errors']} |")
    return lines


def _per_type_table(rows: list[dict[str, Any]]) -> list[str]:
    types = _types(rows)
    lines = ["| system | " + " | ".join(types) + " |", "|---|" + "---:|" * len(types)]
    for r in rows:
        by_type = r["summary"]["metrics"]["by_type"]
        lines.append(f"| {r['system']} | " + " | ".join(_cell(by_type.get(t)) for t in types) + " |")
    return lines


def _per_intent_table(rows: list[dict[str, Any]]) -> list[str]:
    """Accuracy / wrong-answer rate per intent (rows) and system (columns), for the compositional and
    unanswerable sets, whose intents differ more than their one type shows."""
    intents = sorted({i for r in rows for i in r["summary"]["metrics"].get("by_intent", {})})
    if not intents:
        return []
    lines = ["Per intent (Accuracy / wrong):", "", "| intent | n | " + " | ".join(r["system"] for r in rows) + " |",
             "|---|---:|" + "---:|" * len(rows)]
    for intent in intents:
        cells = [r["summary"]["metrics"].get("by_intent", {}).get(intent) for r in rows]
        n = max((c["n"] for c in cells if c), default=0)
        lines.append(f"| {intent} | {n} | " + " | ".join(
            f"{c['accuracy']:.2f} / {c.get('wrong_rate', 0.0):.2f}" if c else "–" for c in cells) + " |")
    return lines + [""]


def _robustness_table(results: list[dict[str, Any]]) -> list[str]:
    """Overall accuracy on the standard vs the paraphrased wording, per dataset and system."""
    pairs: dict[tuple[str, str], dict[str, float]] = {}
    for r in results:
        if r.get("summary") and r["summary"].get("metrics"):
            pairs.setdefault((r["dataset"], r["system"]), {})[r["benchmark"]] = \
                r["summary"]["metrics"]["overall"]["accuracy"]
    rows = [(k, v) for k, v in pairs.items() if "standard" in v and len(v) > 1]
    if not rows:
        return []
    others = [b for b in ("paraphrase", "heldout", "blind", "blind2", "freetyped", "freetyped2", "noisy")
              if any(b in v for _, v in rows)]
    lines = ["## Robustness to wording (overall Accuracy)", "",
             "| dataset | system | standard | " + " | ".join(others) + " |",
             "|---|---|---:|" + "---:|" * len(others)]
    for (dataset, system), v in rows:
        cells = [f"{v[b]:.3f} ({v[b] - v['standard']:+.3f})" if b in v else "–" for b in others]
        lines.append(f"| {dataset} | {system} | {v['standard']:.3f} | " + " | ".join(cells) + " |")
    return lines + [""]


def plot_accuracy(rows: list[dict[str, Any]], title: str, path: Path) -> Path:
    """Grouped bars: question type on the x axis, one bar per system."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    types = _types(rows)
    labels = [*types, "overall"]
    width = 0.8 / max(len(rows), 1)
    figure, axes = plt.subplots(figsize=(9, 4.5))
    for i, r in enumerate(rows):
        metrics = r["summary"]["metrics"]
        values = [metrics["by_type"].get(t, {}).get("accuracy", 0.0) for t in types]
        values.append(metrics["overall"]["accuracy"])
        axes.bar([x + i * width - 0.4 + width / 2 for x in range(len(labels))], values, width, label=r["system"])
    axes.set_xticks(range(len(labels)), labels)
    axes.set_ylim(0, 1)
    axes.set_ylabel("Accuracy")
    axes.set_title(title)
    axes.legend(fontsize=8, ncol=min(len(rows), 7), loc="upper center", bbox_to_anchor=(0.5, -0.08),
                frameon=False)  # below the axes: bars at 1.0 stay visible
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    plt.close(figure)
    return path


def plot_latency(rows: list[dict[str, Any]], title: str, path: Path) -> Path:
    """p50 and p95 latency per system (log scale: baselines and agents differ by orders)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    systems = [r["system"] for r in rows]
    p50 = [max(r["summary"]["latency_ms"]["p50"], 0.1) for r in rows]
    p95 = [max(r["summary"]["latency_ms"]["p95"], 0.1) for r in rows]
    figure, axes = plt.subplots(figsize=(8, 4))
    positions = range(len(systems))
    axes.bar([x - 0.2 for x in positions], p50, 0.4, label="p50")
    axes.bar([x + 0.2 for x in positions], p95, 0.4, label="p95")
    axes.set_xticks(list(positions), systems, rotation=20)
    axes.set_yscale("log")
    axes.set_ylabel("latency per question (ms)")
    axes.set_title(title)
    axes.legend()
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    plt.close(figure)
    return path


def _skipped_lines(results: list[dict[str, Any]]) -> list[str]:
    skipped = {(r["dataset"], r["benchmark"], r["system"]): r["skipped"] for r in results if r.get("skipped")}
    failed = {(r["dataset"], r["benchmark"], r["system"]): r["failed"] for r in results if r.get("failed")}
    lines = []
    if skipped or failed:
        lines += ["## Skipped or failed runs", ""]
        lines += [f"- {d} / {b} / {s}: skipped — {why}" for (d, b, s), why in skipped.items()]
        lines += [f"- {d} / {b} / {s}: failed — {why}" for (d, b, s), why in failed.items()]
        lines.append("")
    return lines


def write_report(results: list[dict[str, Any]], out_dir: str | Path, meta: dict[str, Any]) -> Path:
    """report.md plus accuracy-<dataset>-<benchmark>.png and latency-<dataset>.png in out_dir."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    lines = [f"# hgrag benchmark report — {meta.get('date', '')}", ""]
    lines += [f"- {key}: {value}" for key, value in meta.items() if key != "date"]
    lines += ["", "Accuracy = exact set match after normalisation; F1 = set precision/recall; "
              "Hit@1 = first answer in gold; wrong = share of non-empty answers that are not exactly right (for "
              "a question without an answer any answer is wrong); abstained = share of empty answers; "
              "verified right = share of verified (non-empty) answers that are right, with their number "
              "(evaluation/metrics.py). Latency is wall-clock per "
              "question after a warm-up; peak RSS is that run's process.", ""]
    for dataset, benchmark in _groups(results):
        rows = _ran(results, dataset, benchmark)
        if not rows:
            continue
        stem = f"{dataset}-{benchmark}"
        plot_accuracy(rows, f"{dataset} ({benchmark} wording): accuracy per question type",
                      out / f"accuracy-{stem}.png")
        lines += [f"## {dataset} — {benchmark} wording", "", *_summary_table(rows), "",
                  "Per type (Accuracy / F1 / Hit@1):", "", *_per_type_table(rows), "",
                  f"![accuracy](accuracy-{stem}.png)", ""]
        if set(_types(rows)) & {"compositional", "unanswerable"}:
            lines += _per_intent_table(rows)
        if benchmark == "standard":
            plot_latency(rows, f"{dataset}: latency per question", out / f"latency-{dataset}.png")
            lines += [f"![latency](latency-{dataset}.png)", ""]
    lines += _robustness_table(results)
    lines += _skipped_lines(results)
    path = out / "report.md"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path
