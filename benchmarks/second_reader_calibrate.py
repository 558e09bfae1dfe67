"""Calibrate the second reader (agents/second_reader) on generated questions, holding some out.

Usage: python benchmarks/second_reader_calibrate.py --dataset openalex --fit F1 F2 … --heldout H1 H2 …
         [--per-file 150] [--write] [--out report.json]
The files come from `hgrag bench generate` over our own template sets (standard, paraphrase,
compositional, unanswerable), fit and held-out with different seeds; never evaluation-only wordings.
For each question it records the rules' plan (right or wrong on the whole graph), how far the best
other reading leads it, and the second reader's own best reading (its score, its gap to the next, and
whether its answer is right). It then picks
  - proposal: the lowest threshold (and gap) whose wrong answers stay <= 1 % of the answers given on
    the fit questions, and reports the same figures on the held-out ones;
  - margin: the smallest lead over the rules' plan that no right fit plan reaches by more than 0.5 %.
With --write the limits go to agents/second_reader/calibration.json.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from hgrag.evaluation.second_reader_calibration import (fit_margin, fit_proposal, margin_figures, proposal_figures,
                                                    record)
from hgrag.agents.second_reader.review import CALIBRATION_FILE
from hgrag.tools.resources import load_resources


def load(paths: list[str], per_file: int) -> list[dict[str, Any]]:
    rows = []
    for path in paths:
        rows += [json.loads(line) for line in Path(path).read_text().splitlines()[:per_file] if line.strip()]
    return rows


def figures(records: list[dict[str, Any]], proposal: dict[str, float], margin: float) -> dict[str, Any]:
    return {"proposal": proposal_figures(records, **proposal),
            "proposal_at_run_time": proposal_figures(records, **proposal, among="proposal_reached"),
            "proposal_reader_alone": proposal_figures(records, **proposal, among="proposal_answers"),
            "margin": margin_figures(records, margin)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dataset", default="openalex")
    parser.add_argument("--fit", nargs="+", required=True)
    parser.add_argument("--heldout", nargs="+", required=True)
    parser.add_argument("--per-file", type=int, default=150)
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--out", default=None)
    args = parser.parse_args(argv)
    resources = load_resources(args.dataset)
    fit = [record(r, resources) for r in load(args.fit, args.per_file)]
    held = [record(r, resources) for r in load(args.heldout, args.per_file)]
    proposal = fit_proposal(fit)
    margin = fit_margin(fit)
    report = {"dataset": args.dataset, "fit_files": args.fit, "heldout_files": args.heldout,
              "proposal": proposal, "margin": margin,
              "fit": figures(fit, proposal, margin), "heldout": figures(held, proposal, margin)}
    print(json.dumps(report, indent=1))
    if args.out:
        Path(args.out).write_text(json.dumps({"report": report, "fit": fit, "heldout": held}, indent=1))
    if args.write:
        CALIBRATION_FILE.write_text(json.dumps(report, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
