"""`hgrag` console script: one argparse parser, sub-commands registered by their modules."""

from __future__ import annotations

import argparse
import os
import sys
import warnings

from hgrag.tools.errors import HgragError
from hgrag.tools.quick_pickle import pause_for_startup

# Each module exposes `register(subparsers)`; its sub-commands set `func(args) -> int`.
COMMAND_MODULES = (
    "hgrag.graphs.cli_data",   # build, stats, search
    "hgrag.graphs.cli_ask",    # ask
    "hgrag.graphs.cli_chat",   # chat
    "hgrag.graphs.cli_debug",  # debug
    "hgrag.evaluation.cli",    # bench, eval
    "hgrag.graphs.cli_graph",  # graph-server
)


def build_parser() -> argparse.ArgumentParser:
    import importlib

    parser = argparse.ArgumentParser(
        prog="hgrag",
        description="Agentic heterogeneous-graph RAG for academic question answering.",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module_name in COMMAND_MODULES:
        importlib.import_module(module_name).register(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")  # torch threads sleep, not spin, on a shared CPU
    warnings.filterwarnings("ignore", category=DeprecationWarning)
    pause_for_startup()  # until the first cache load: the imports' collections cost a cold start 0.1 s
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args) or 0)
    except HgragError as exc:
        print(f"hgrag: error: {exc}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("hgrag: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader stopped early (`hgrag ask … | head`): not an error of ours
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # so the exit flush writes nowhere
        return 0


if __name__ == "__main__":
    sys.exit(main())
