"""``mcp``: the MCP server (agentgen_sym/mcp/server.py) over stdio, its tools run through this module's own
parser of the six commands they are named after, so every answer is the command's ``--format json``."""

from __future__ import annotations

import argparse
import contextlib
import io
from typing import Sequence

from agentgen_sym.cli import check, equiv, pddl, solve
from agentgen_sym.cli.common import EXIT_USAGE, UsageError, positive_float, positive_int
from agentgen_sym.compiler.parser import MAX_BYTES
from agentgen_sym.mcp.tools import DEFAULT_TIME_LIMIT, CommandOutcome, ToolLimits

TOOL_COMMANDS = (pddl.add_parse, check.add_check, pddl.add_fix, solve.add_validate, solve.add_solve, equiv.add_equiv)
"""The commands the server's tools run, with their own parsers: the same options, types and checks."""


def add_mcp(sub: argparse._SubParsersAction) -> None:
    m = sub.add_parser("mcp", help="serve parse, check, fix, solve, validate and equiv to coding agents (MCP, stdio)",
                       description="Run a Model Context Protocol server over stdio (the official `mcp` SDK; install "
                                   "agentgen-sym[mcp]). Its tools parse, check, fix, solve, validate and equiv take "
                                   "PDDL text and answer with the JSON of `agentgen-sym COMMAND --format json`, so an "
                                   "agent can run the check-fix-solve loop without files. Every text is bounded by "
                                   "--max-bytes; every call runs under --time-limit and --memory-limit, as the "
                                   "command would. Input with errors is a tool error carrying the diagnostics. An MCP "
                                   "client starts it; docs/mcp.md has the client configuration.",
                       epilog="Exit codes: 0 the client closed the connection, 2 usage error (the mcp package is not "
                              "installed).")
    m.add_argument("--max-bytes", type=positive_int, default=MAX_BYTES,
                   help=f"refuse a text over this many bytes (default {MAX_BYTES}, the commands' own bound)")
    m.add_argument("--time-limit", type=positive_float, default=DEFAULT_TIME_LIMIT, metavar="S",
                   help=f"stop a check, solve or validate call after S seconds (default {DEFAULT_TIME_LIMIT:g}): a "
                        "search it stops answers status limit-reached; reading or checking it stops is a tool error "
                        "that says so")
    m.add_argument("--memory-limit", type=positive_float, metavar="MB",
                   help="stop a check, solve or validate call when this process's memory passes MB")
    m.set_defaults(handler=cmd_mcp)


def cmd_mcp(args: argparse.Namespace) -> int:
    try:
        from agentgen_sym.mcp.server import make_server, serve_stdio
    except ImportError as exc:
        raise UsageError(f"`agentgen-sym mcp` needs the MCP SDK: pip install 'agentgen-sym[mcp]' ({exc})") from exc
    server = make_server(run_command, ToolLimits(args.max_bytes, args.time_limit, args.memory_limit))
    serve_stdio(server)
    return 0


def _tool_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="agentgen-sym")
    sub = parser.add_subparsers(dest="command")
    for add in TOOL_COMMANDS:
        add(sub)
    return parser


_PARSER: list[argparse.ArgumentParser] = []  # made at the first call, then reused


def run_command(argv: Sequence[str]) -> CommandOutcome:
    """Run one tool's command in this process, as ``agentgen-sym ARGV`` would: its exit code and what it printed.
    The server answers one call at a time, so swapping the standard streams for the call is safe."""
    if not _PARSER:
        _PARSER.append(_tool_parser())
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            args = _PARSER[0].parse_args(list(argv))
            code = args.handler(args)
        except SystemExit as exc:  # argparse refused an option
            code = exc.code if isinstance(exc.code, int) else EXIT_USAGE
        except UsageError as exc:
            print(f"error: {exc}", file=err)
            code = EXIT_USAGE
        except OSError as exc:
            print(f"error: {exc.strerror or exc}", file=err)
            code = EXIT_USAGE
    return CommandOutcome(code, out.getvalue(), err.getvalue())
