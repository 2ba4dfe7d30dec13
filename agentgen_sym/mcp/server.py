"""The MCP server of ``agentgen-sym mcp``: the tools of tools.py published with the official ``mcp`` SDK's FastMCP,
served over stdio. The tool descriptions here are what an agent reads to choose a tool."""

from __future__ import annotations

import os
from io import TextIOWrapper
from typing import Any, Literal

import anyio
from mcp.server.fastmcp import FastMCP
from mcp.server.stdio import stdio_server

from agentgen_sym.mcp.tools import ToolLimits, Tools


def make_server(limits: ToolLimits = ToolLimits()) -> FastMCP:
    """The FastMCP server with the six tools; ``server.run("stdio")`` serves it."""
    tools = Tools(limits)
    server = FastMCP("agentgen-sym", log_level="WARNING", instructions=(
        "PDDL tools: parse, check (errors and warnings as diagnostics), fix (machine-applicable repairs, the "
        "repaired texts under `texts`), solve (a validated plan), validate (replay a plan) and equiv (are two domains, "
        "or two problems of one domain, the same up to renaming). Pass PDDL as text. Each answer is the JSON of "
        "`agentgen-sym COMMAND --format json`; input with errors comes back as a tool error with the diagnostics."))

    @server.tool()
    def parse(text: str, kind: Literal["pddl", "plan"] = "pddl") -> dict[str, Any]:
        """Parse a PDDL domain, problem (kind "pddl") or plan (kind "plan"); answer: the JSON syntax tree."""
        return tools.parse(text, kind)

    @server.tool()
    def check(domain: str, problems: list[str] | None = None) -> dict[str, Any]:
        """Type-check and lint a domain and, against it, each problem; answer: {ok, diagnostics} where each
        diagnostic has code, severity, message, span, hint and any machine-applicable fix."""
        return tools.check(domain, problems or ())

    @server.tool()
    def fix(domain: str, problem: str | None = None) -> dict[str, Any]:
        """Apply every safe automatic fix; answer: {ok, applied, diagnostics left, texts: the repaired files}."""
        return tools.fix(domain, problem)

    @server.tool()
    def solve(domain: str, problem: str, optimal: bool = False) -> dict[str, Any]:
        """Find a plan (cost-optimal with optimal=true), validated before it is returned; answer: {status, plan,
        cost, stats}, status one of solved, unsolvable, limit-reached."""
        return tools.solve(domain, problem, optimal)

    @server.tool()
    def validate(domain: str, problem: str, plan: str) -> dict[str, Any]:
        """Replay a plan (one `(action arg ...)` per line) on the lifted domain; answer: {valid, cost, steps,
        failed_step, diagnostics} saying which step fails and why."""
        return tools.validate(domain, problem, plan)

    @server.tool()
    def equiv(first: str, second: str, problems: list[str] | None = None) -> dict[str, Any]:
        """Two domains (first, second; problems of the first to compare behaviour on), or one domain (first) and
        two problems (second and problems[0]): equivalent up to renaming (with the mapping), not equivalent (with a
        counterexample) or unknown within the budget and the call's time and memory limits."""
        return tools.equiv(first, second, problems or ())

    return server


def serve_stdio(server: FastMCP) -> None:
    """Serve ``server`` on stdin/stdout until the client closes the connection.

    The protocol gets a duplicate of the standard output descriptor, and descriptor 1 then points at stderr: a
    stray write to standard output (a library's print, native code) cannot corrupt the protocol, and closing the
    protocol's stream at the end leaves ``sys.stdout`` usable for the command line's last flush."""
    protocol = os.dup(1)
    os.dup2(2, 1)
    stdout = anyio.wrap_file(TextIOWrapper(os.fdopen(protocol, "wb"), encoding="utf-8"))

    async def serve() -> None:
        async with stdio_server(stdout=stdout) as (read, write):
            # FastMCP.run_stdio_async, with the stream above (the SDK's FastMCP takes no streams of its own)
            await server._mcp_server.run(read, write, server._mcp_server.create_initialization_options())

    anyio.run(serve)
