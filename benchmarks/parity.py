"""Store parity on the full benchmark sets (`make bench`): every question of every template set of
each dataset is answered on the embedded networkx store and on FalkorDB (a server of this run, on a
free loopback port, stopped at the end); any difference in answer, answer text or verified flag is
listed and the exit code is 1.

    python benchmarks/parity.py --datasets openalex dblp --out /tmp/parity.json
    python benchmarks/parity.py --datasets openalex --questions benchmarks/blind/rich-openalex.jsonl --evidence

With --questions, the questions of those JSON-lines files are compared instead of the template sets;
--evidence compares the walked subgraph (evidence) too.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

from hgrag.evaluation.generator import TEMPLATE_SETS
from hgrag.evaluation.parity import COMPARED, store_parity
from hgrag.tools.graph_server import start_server


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--datasets", nargs="+", default=["openalex", "dblp"])
    parser.add_argument("--template-sets", nargs="+", default=list(TEMPLATE_SETS))
    parser.add_argument("--per-type", type=int, default=None, help="default: each type's own default")
    parser.add_argument("--out", type=Path, default=Path("parity.json"))
    parser.add_argument("--questions", nargs="+", type=Path, default=None, help="JSON-lines question files")
    parser.add_argument("--evidence", action="store_true", help="compare the evidence too")
    args = parser.parse_args(argv)
    report = {"date": time.strftime("%Y-%m-%d"), "datasets": {}}
    with tempfile.TemporaryDirectory(prefix="hgrag-parity-") as data:
        server = start_server(Path(data), wait=120)
        try:
            for dataset in args.datasets:
                compared, mismatches = store_parity(dataset, server.url(), questions=_questions(args.questions),
                                                    compared=COMPARED + (("evidence",) if args.evidence else ()),
                                                    template_sets=args.template_sets, per_type=args.per_type)
                report["datasets"][dataset] = {"questions": compared, "mismatches": mismatches}
                print(f"{dataset}: {compared} questions, {len(mismatches)} differ", flush=True)
        finally:
            server.stop()
    args.out.write_text(json.dumps(report, indent=1, ensure_ascii=False))
    return 1 if any(d["mismatches"] for d in report["datasets"].values()) else 0


def _questions(files: list[Path] | None) -> list[dict] | None:
    if not files:
        return None
    return [json.loads(line) for path in files for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


if __name__ == "__main__":
    sys.exit(main())
