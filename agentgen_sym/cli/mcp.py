"""``mcp``: the MCP server (agentgen_sym/mcp/server.py) over stdio. Its tools call the library on the texts they
are given (agentgen_sym/mcp/tools.py), so this module only reads the options and starts it."""

from __future__ import annotations

import argparse

from agentgen_sym.cli.common import UsageError, positive_float, positive_int
from agentgen_sym.compiler.limits import MAX_BYTES
from agentgen_sym.extras import install_hint
from agentgen_sym.mcp.tools import DEFAULT_TIME_LIMIT, MAX_PROBLEMS, TEXTS_PER_MESSAGE, ToolLimits


def add_mcp(sub: argparse._SubParsersAction) -> None:
    m = sub.add_parser("mcp",
                       description="Run a Model Context Protocol server over stdio (the official `mcp` SDK; "
                                   f"{install_hint('mcp')}). Its tools parse, check, fix, solve, validate and equiv take "
                                   "PDDL text and answer with the JSON that `agentgen-sym COMMAND --format json` "
                                   "prints for the same files (fix adds the repaired texts), computed by the library "
                                   "in memory, without temporary files: an agent runs the check-fix-solve loop "
                                   "without files. Every text is bounded by --max-bytes, a call by at most "
                                   f"{MAX_PROBLEMS} problems, a message by {TEXTS_PER_MESSAGE} x --max-bytes + "
                                   "1 MiB (refused unread); every call runs in a process of its own under "
                                   "--time-limit and --memory-limit, stopped when the client cancels it or "
                                   "leaves, while the server keeps answering pings and other calls. Input with "
                                   "errors is a tool error carrying the diagnostics; a line that is not JSON-RPC is "
                                   "answered with a JSON-RPC error. An MCP client starts it; docs/mcp.md has the "
                                   "client configuration.",
                       epilog="Exit codes: 0 the client closed the connection, 2 usage error (the mcp package is not "
                              "installed).")
    m.add_argument("--max-bytes", type=positive_int, default=MAX_BYTES,
                   help=f"refuse a text over this many bytes (default {MAX_BYTES}, the commands' own bound)")
    m.add_argument("--time-limit", type=positive_float, default=DEFAULT_TIME_LIMIT, metavar="S",
                   help=f"stop a call S seconds after it starts (default {DEFAULT_TIME_LIMIT:g}): a search it "
                        "stops answers status limit-reached, equiv answers unknown, the others a tool error that "
                        "says so; a call that has not stopped itself is killed 0.5 s later")
    m.add_argument("--memory-limit", type=positive_float, metavar="MB",
                   help="stop a call when its process's memory passes MB")
    m.set_defaults(handler=cmd_mcp)


def cmd_mcp(args: argparse.Namespace) -> int:
    try:
        from agentgen_sym.mcp.server import make_server, serve_stdio
    except ImportError as exc:
        raise UsageError(f"`agentgen-sym mcp` needs the MCP SDK: {install_hint('mcp')} ({exc})") from exc
    limits = ToolLimits(args.max_bytes, args.time_limit, args.memory_limit)
    serve_stdio(make_server(limits), limits)
    return 0
