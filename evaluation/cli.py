"""`hgrag bench generate` and `hgrag eval` (registered by graphs/cli.py)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

DATASET_HELP = "named dataset: openalex, dblp, openalex-tiny, dblp-tiny"


def _add_llm_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--model", default="offline",
                        help="'offline' (default) or an OpenAI-compatible model name")
    parser.add_argument("--base-url", default=None,
                        help="OpenAI-compatible endpoint (default: $OPENAI_BASE_URL); key from $OPENAI_API_KEY")
    parser.add_argument("--planner", default=None, choices=("auto", "offline", "llm", "hybrid"),
                        help="planning policy (default auto: llm with --model, else offline)")
    parser.add_argument("--answerer", default=None, choices=("auto", "offline", "llm"),
                        help="answer policy (default auto: llm with --model, else offline)")
    parser.add_argument("--llm-plan", default=None, choices=("frame", "ir"),
                        help="what the LLM planner writes (default frame: compiled to the IR; ir: the IR itself)")
    parser.add_argument("--llm-method", default=None, choices=("auto", "function_calling", "json_schema", "json_mode"),
                        help="structured-output method (default auto: the first one the endpoint accepts)")
    parser.add_argument("--llm-timeout", type=float, default=None, help="seconds per LLM call (default 30)")
    parser.add_argument("--llm-fallback", action="store_true", help="use the offline policy when the LLM fails")


def llm_context(args: argparse.Namespace) -> dict[str, Any]:
    context: dict[str, Any] = {"model": args.model}
    if args.base_url:
        context["base_url"] = args.base_url
    for name in ("planner", "answerer", "llm_plan", "llm_method", "llm_timeout"):
        if getattr(args, name, None) is not None:
            context[name] = getattr(args, name)
    if getattr(args, "llm_fallback", False):
        context["llm_fallback"] = True
    return context


def register(subparsers: Any) -> None:
    from hgrag.evaluation.catalogue import DEFAULT_PER_TYPE, PER_TYPE_DEFAULTS
    from hgrag.evaluation.template_sets import TEMPLATE_SETS
    from hgrag.evaluation.runner import SYSTEMS

    bench = subparsers.add_parser("bench", help="benchmark tools (generate question sets)",
                                  description="Benchmark tools.")
    bench_commands = bench.add_subparsers(dest="bench_command", metavar="COMMAND")
    bench.set_defaults(func=lambda args: _missing_subcommand(bench))
    generate = bench_commands.add_parser(
        "generate", help="generate a question set with gold answers from the graph",
        description="Generate PER_TYPE questions for each query type of the template set's intents "
                    "(attribute, relation, aggregation, multihop, compositional, unanswerable) with gold answers "
                    "computed from the dataset's graph. Deterministic for a seed; the standard benchmark is "
                    "seed 0 with the standard template set.")
    _add_dataset_options(generate)
    sizes = ", ".join(f"{kind} {n}" for kind, n in PER_TYPE_DEFAULTS.items())
    generate.add_argument("--per-type", type=int, default=None,
                          help=f"questions per query type (default {DEFAULT_PER_TYPE}; {sizes})")
    generate.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    generate.add_argument("--template-set", choices=TEMPLATE_SETS, default="standard",
                          help="question wordings: evaluation/templates/<set>.json (default standard)")
    generate.add_argument("--out", required=True, help="output JSON-lines file")
    generate.add_argument("--conversations", type=int, default=None, metavar="THREADS",
                          help="write a conversation set instead: THREADS threads of 2-4 turns (follow-ups, "
                               "refinements, unresolvable references with gold [])")
    generate.set_defaults(func=run_generate)

    perturb = bench_commands.add_parser(
        "perturb", help="rewrite a question file's mentions the way users type them (noisy-mention benchmark)",
        description="Rewrite one entity mention per question: titles lower-cased, without punctuation or cut "
                    "short with '…'; names as 'Surname, Given', initials or lower case; venues lower-cased. "
                    "Only rewrites that still name exactly one node are used, so gold answers stay valid.")
    _add_dataset_options(perturb)
    perturb.add_argument("--questions", required=True, help="question file from `hgrag bench generate`")
    perturb.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    perturb.add_argument("--out", required=True, help="output JSON-lines file")
    perturb.set_defaults(func=run_perturb)

    evaluate = subparsers.add_parser(
        "eval", help="answer a question file with one system and score it",
        description="Answer every question of a JSON-lines file, write one prediction line per question, "
                    "and print Accuracy / F1 / Hit@1 overall and per type (when gold answers are present), "
                    "latency p50/p95 and questions per second.")
    _add_dataset_options(evaluate)
    evaluate.add_argument("--questions", required=True, help='JSON-lines file: {"id", "question", "answer"?, "thread"?, "turn"?} (lines of one thread are asked in order in one thread)')
    evaluate.add_argument("--out", default=None, help="predictions JSON-lines file to write")
    evaluate.add_argument("--system", choices=SYSTEMS, default="agentic", help="system to run (default agentic)")
    evaluate.add_argument("--limit", type=int, default=None, help="answer only the first N questions")
    evaluate.add_argument("--json", action="store_true", help="print the summary as JSON")
    evaluate.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    evaluate.add_argument("--skip-bad-records", action="store_true",
                          help="use a source with malformed records by skipping them (as in `hgrag build`)")
    _add_llm_options(evaluate)
    evaluate.set_defaults(func=run_eval)


def _add_dataset_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--dataset", default="openalex", help=DATASET_HELP)
    parser.add_argument("--source", default=None, help="source path overriding the dataset's default location")


def _missing_subcommand(parser: argparse.ArgumentParser) -> int:
    parser.print_help(sys.stderr)
    return 2


def run_generate(args: argparse.Namespace) -> int:
    from hgrag.evaluation.generator import count_by, generate_benchmark

    if args.conversations is not None:
        return run_generate_conversations(args)
    questions = generate_benchmark(args.dataset, args.out, source=args.source, per_type=args.per_type,
                                   seed=args.seed, template_set=args.template_set, progress=True)
    by_type = ", ".join(f"{name} {n}" for name, n in count_by(questions, "type").items())
    print(f"wrote {len(questions)} questions ({by_type}) to {args.out}")
    return 0


def run_generate_conversations(args: argparse.Namespace) -> int:
    from hgrag.evaluation.generator import count_by, load_store, write_questions
    from hgrag.evaluation.samplers_conversation import conversation_threads
    from hgrag.tools.errors import InputError

    if args.conversations < 1:
        raise InputError(f"--conversations must be at least 1, got {args.conversations}")
    store = load_store(args.dataset, args.source, progress=True)
    rows = list(conversation_threads(store, args.dataset, threads=args.conversations, seed=args.seed))
    write_questions(rows, args.out)
    by_type = ", ".join(f"{name} {n}" for name, n in count_by(rows, "type").items())
    print(f"wrote {len(rows)} turns in {len({r['thread'] for r in rows})} threads ({by_type}) to {args.out}")
    return 0


def run_perturb(args: argparse.Namespace) -> int:
    from hgrag.evaluation.perturb import perturb_file
    from hgrag.evaluation.runner import load_questions
    from hgrag.tools.resources import load_resources

    questions = load_questions(args.questions)
    resources = load_resources(args.dataset, args.source)
    rows = list(perturb_file(questions, resources.index, resources.store, seed=args.seed))
    from hgrag.evaluation.generator import write_questions

    write_questions(rows, args.out)
    print(f"wrote {len(rows)} of {len(questions)} questions with a noisy mention to {args.out}")
    return 0


def run_eval(args: argparse.Namespace) -> int:
    from hgrag.evaluation.baselines import SystemSkipped
    from hgrag.evaluation.runner import evaluate, format_summary

    try:
        summary = evaluate(args.dataset, args.questions, args.out, system=args.system, source=args.source,
                           limit=args.limit, progress=not args.no_progress,
                           skip_bad_records=args.skip_bad_records, **llm_context(args))
    except SystemSkipped as exc:
        if args.json:
            print(json.dumps({"system": args.system, "dataset": args.dataset, "skipped": str(exc)}))
        else:
            print(f"system {args.system} skipped: {exc}")
        return 0
    print(json.dumps(summary, indent=2) if args.json else format_summary(summary))
    if args.out and not args.json:
        print(f"predictions written to {args.out}")
    return 0
