"""Linking quality of the embedding path: do misspelt, lower-cased titles and names find their node?

For a seeded sample of papers and authors of a dataset, each label is lower-cased and two inner letters of its
longest word swapped (a typo the string keys cannot match); the entity index's nearest labels of that type
(`EntityIndex.nearest`, what the linker asks) must contain the node. Reports hit@1 and hit@5 per type and the
model setting, so two embedders (e.g. before and after a change) can be compared on the same sample.

    python benchmarks/typo_linking.py --dataset openalex --sample 300 --out /tmp/typo_linking.json
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path

from hgrag.tools.resources import load_resources


def misspelt(label: str) -> str:
    words = label.lower().rstrip(".?!").split()
    longest = max(range(len(words)), key=lambda i: (len(words[i]), -i))
    word = words[longest]
    if len(word) >= 5:
        words[longest] = word[:2] + word[3] + word[2] + word[4:]
    return " ".join(words)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dataset", default="openalex")
    parser.add_argument("--sample", type=int, default=300, help="nodes per type (seeded)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path("/tmp/typo_linking.json"))
    args = parser.parse_args()
    resources = load_resources(args.dataset)
    store, index = resources.store, resources.index
    report = {"date": time.strftime("%Y-%m-%d"), "dataset": args.dataset, "sample": args.sample,
              "model": index.meta.get("model_fingerprint"), "types": {}}
    for kind in ("paper", "author"):
        nodes = sorted(index.ids.get(kind, []))
        picked = random.Random(args.seed).sample(nodes, min(args.sample, len(nodes)))
        hit1 = hit5 = 0
        for node in picked:
            found = [c.node_id for c in index.nearest(misspelt(store.label(node)), kind, 5)]
            hit1 += bool(found) and found[0] == node
            hit5 += node in found
        report["types"][kind] = {"n": len(picked), "hit_at_1": round(hit1 / len(picked), 4),
                                 "hit_at_5": round(hit5 / len(picked), 4)}
        print(kind, report["types"][kind], flush=True)
    args.out.write_text(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
