"""`hgrag ask`: answer a question, show its evidence, and optionally stream each agent transition."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from hgrag.graphs.cli_graph import add_graph_argument
from hgrag.state.context import Context
from hgrag.tools.errors import InputError
from hgrag.tools.question import check_question


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("ask", help="answer a question from the scholarly graph",
                                   description="Answer a question from the scholarly graph and show the evidence.")
    parser.add_argument("question", help="the question, e.g. \"Who wrote 'Some title'?\"")
    parser.add_argument("--dataset", default="openalex", help="openalex | dblp | openalex-tiny | dblp-tiny")
    parser.add_argument("--source", default=None, help="override the dataset's source path")
    add_graph_argument(parser)
    parser.add_argument("--json", action="store_true", help="print the full output state as JSON")
    parser.add_argument("--trace", action="store_true", help="stream each agent transition as it happens")
    parser.add_argument("--model", default="offline", help="'offline' (default) or an OpenAI-compatible model name")
    parser.add_argument("--base-url", default=None, help="OpenAI-compatible endpoint (default OPENAI_BASE_URL)")
    parser.add_argument("--variant", default="agentic", help="agentic | no_plan | no_rerank | no_validate | graph_rag")
    parser.add_argument("--limit", type=int, default=20,
                        help="answer items written out (default 20; 0 = all); --json always lists all")
    parser.add_argument("--llm-fallback", action="store_true", help="use the offline policy if the LLM fails")
    parser.add_argument("--skip-bad-records", action="store_true",
                        help="use a source with malformed records by skipping them (as in `hgrag build`)")
    parser.add_argument("--planner", default="auto", choices=("auto", "offline", "llm", "hybrid"),
                        help="auto (llm with --model, else offline) | offline | llm | hybrid (both plans, cross-checked)")
    parser.add_argument("--answerer", default="auto", choices=("auto", "offline", "llm"),
                        help="who writes the answer from the evidence: auto (llm with --model) | offline | llm")
    parser.add_argument("--llm-timeout", type=float, default=30.0, help="seconds per LLM call (default 30)")
    parser.add_argument("--llm-plan", default="frame", choices=("frame", "ir"),
                        help="what the LLM planner writes: frame (compiled to the IR; default) | ir (the IR itself)")
    parser.add_argument("--llm-method", default="auto", choices=("auto", "function_calling", "json_schema", "json_mode"),
                        help="structured-output method (auto: the first the endpoint accepts)")
    parser.set_defaults(func=run_ask)


def run_ask(args: argparse.Namespace) -> int:
    from hgrag.graphs.direct import run_direct
    from hgrag.graphs.topology import VARIANTS

    if args.variant not in VARIANTS:
        raise InputError(f"unknown variant {args.variant!r}; choose one of {', '.join(VARIANTS)}")
    question = check_question(args.question)
    if args.limit < 0:
        raise InputError(f"--limit must be 0 (all) or a positive number, not {args.limit}")
    context = Context(dataset=args.dataset, source=args.source, model=args.model, base_url=args.base_url,
                      llm_fallback=args.llm_fallback, skip_bad_records=args.skip_bad_records,
                      display_limit=args.limit, planner=args.planner, answerer=args.answerer,
                      llm_method=args.llm_method, llm_plan=args.llm_plan, llm_timeout=args.llm_timeout,
                      graph=args.graph)
    inputs = {"question": question, "dataset": args.dataset}
    result = run_direct(inputs, context, args.variant, on_update=print_transition if args.trace else None)
    if result.get("error"):
        raise InputError(result["error"])
    output = {k: result.get(k) for k in ("answer", "answer_text", "interpretation", "query_type", "plan", "evidence",
                                          "sufficiency_score", "consistency_score", "verified",
                                          "validation", "expansions", "regenerations", "planner_check", "error")}
    if args.json:
        print(json.dumps(output, ensure_ascii=False, indent=2, default=str))
    else:
        from hgrag.tools.resources import load_resources

        print_answer(output, load_resources(args.dataset, args.source, skip_bad_records=args.skip_bad_records,
                                            graph=args.graph).store, args.limit)
    return 0


def print_transition(chunk: dict[str, Any]) -> None:
    for node, update in chunk.items():
        update = update or {}
        detail = ""
        if node == "plan" and update.get("plan"):
            plan = update["plan"]
            detail = (f"{plan['query_type']}: {plan.get('interpretation', '')}\n  plan IR: "
                      f"{json.dumps(plan.get('ir'), ensure_ascii=False)}")
            check = update.get("planner_check")
            if check and check.get("mode") == "ir":
                detail += f"\n[plan] IR plan check: {check['reason']}"
                detail += "".join(f"\n[plan]   rejected: {reason}" for reason in check.get("rejected", []))
            elif check:
                detail += f"\n[plan] planner check: {'agree' if check['agree'] else 'DISAGREE'}; " \
                          f"using {check['chosen']}: {check['reason']}"
        elif node == "score_sufficiency":
            detail = f"sufficiency {update.get('sufficiency_score')} {update.get('sufficiency')}"
        elif node == "expand":
            detail = (update.get("evidence") or {}).get("expansion_note", "")
        elif node == "retrieve":
            ev = update.get("evidence") or {}
            detail = f"{len(ev.get('nodes', []))} evidence nodes, {ev.get('n_targets', 0)} targets"
        elif node in ("generate",):
            detail = json.dumps(update.get("answer", [])[:5], ensure_ascii=False)
        elif node == "validate":
            detail = f"consistency {update.get('consistency_score')} {(update.get('validation') or {}).get('feedback', '')}"
        print(f"[{node}] {detail}", file=sys.stderr, flush=True)


def has_rich_nodes(store: Any, path: list[str]) -> bool:
    from hgrag.agents.kinds.evidence import has_rich_nodes as rich

    return rich(store, path)


def describe_path(store: Any, path: list[str]) -> str:
    from hgrag.agents.kinds.evidence import describe_path as describe

    return describe(store, path)


def labelled(node: str, store: Any) -> str:
    if store is None or not store.has_node(node):
        return node
    label = store.label(node)
    return f"'{label}'" if store.node_type(node) == "paper" else label


def print_answer(output: dict[str, Any], store: Any = None, limit: int = 20) -> None:
    print(output.get("answer_text") or "")
    if output.get("interpretation"):
        print(f"interpretation: {output['interpretation']}")
    answer = output.get("answer") or []
    if len(answer) > 1:
        shown = answer[:limit] if limit else answer
        for i, item in enumerate(shown, 1):
            print(f"  {i}. {item}")
        if len(shown) < len(answer):
            print(f"  … showing {len(shown)} of {len(answer)}; --limit 0 shows all")
    plan = output.get("plan") or {}
    evidence = output.get("evidence") or {}
    links = [f"{m['text']!r} → {m['node_id']} ({m['match']})" for m in plan.get("anchors", []) if m.get("node_id")]
    print(f"query type: {output.get('query_type')}; verified: {output.get('verified')}; "
          f"consistency {output.get('consistency_score')}; sufficiency {output.get('sufficiency_score')}")
    if links:
        print("linked: " + "; ".join(links))
    for path in (evidence.get("paths") or [])[:3]:
        if store is not None and has_rich_nodes(store, path):  # institutions, topics, ...: edges named
            print("evidence: " + describe_path(store, path))
            continue
        print("evidence: " + " → ".join(labelled(node, store) for node in path))
