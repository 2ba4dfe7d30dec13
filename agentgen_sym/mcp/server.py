"""The MCP server of ``agentgen-sym mcp``: the tools of tools.py published with the official ``mcp`` SDK (its
``FastMCP`` in 1.x, renamed ``MCPServer`` in 2.x), served over stdio (transport.py). Each call runs in a process of its own (worker.py), so the event loop stays free
to answer pings, cancellations and other calls while one computes. The tool descriptions here are what an agent
reads to choose a tool."""

from __future__ import annotations

import os
from io import TextIOWrapper
from typing import Any, Literal

import anyio

try:  # mcp 2.x
    from mcp.server.mcpserver import MCPServer as FastMCP
    from mcp.server.mcpserver.exceptions import ToolError
except ImportError:  # mcp 1.x
    from mcp.server.fastmcp import FastMCP
    from mcp.server.fastmcp.exceptions import ToolError

from agentgen_sym.mcp.tools import ToolInputError, ToolLimits
from agentgen_sym.mcp.transport import bounded_stdio
from agentgen_sym.mcp.worker import ToolWorkers


def make_server(limits: ToolLimits = ToolLimits()) -> FastMCP:
    """The FastMCP server with the six tools; ``serve_stdio`` serves it."""
    tools = ToolWorkers(limits)
    server = FastMCP("agentgen-sym", log_level="WARNING", instructions=(
        "PDDL tools: parse, check (errors and warnings as diagnostics), fix (machine-applicable repairs, the "
        "repaired texts under `texts`), solve (a validated plan), validate (replay a plan) and equiv (are two domains, "
        "or two problems of one domain, the same up to renaming). Pass PDDL as text. Each answer is the JSON of "
        "`agentgen-sym COMMAND --format json`; input with errors comes back as a tool error with the diagnostics."))

    @server.tool()
    async def parse(text: str, kind: Literal["pddl", "plan"] = "pddl") -> dict[str, Any]:
        """Parse a PDDL domain, problem (kind "pddl") or plan (kind "plan"); answer: the JSON syntax tree."""
        return await _answer(tools, "parse", text, kind)

    @server.tool()
    async def check(domain: str, problems: list[str] | None = None) -> dict[str, Any]:
        """Type-check and lint a domain and, against it, each problem; answer: {ok, diagnostics} where each
        diagnostic has code, severity, message, span, hint and any machine-applicable fix."""
        return await _answer(tools, "check", domain, problems or ())

    @server.tool()
    async def fix(domain: str, problem: str | None = None) -> dict[str, Any]:
        """Apply every safe automatic fix; answer: {ok, applied, diagnostics left, texts: the repaired files}."""
        return await _answer(tools, "fix", domain, problem)

    @server.tool()
    async def solve(domain: str, problem: str, optimal: bool = False) -> dict[str, Any]:
        """Find a plan (cost-optimal with optimal=true), validated before it is returned; answer: {status, plan,
        cost, stats}, status one of solved, unsolvable, limit-reached."""
        return await _answer(tools, "solve", domain, problem, optimal)

    @server.tool()
    async def validate(domain: str, problem: str, plan: str) -> dict[str, Any]:
        """Replay a plan (one `(action arg ...)` per line) on the lifted domain; answer: {valid, cost, steps,
        failed_step, diagnostics} saying which step fails and why."""
        return await _answer(tools, "validate", domain, problem, plan)

    @server.tool()
    async def equiv(first: str, second: str, problems: list[str] | None = None) -> dict[str, Any]:
        """Two domains (first, second; problems of the first to compare behaviour on), or one domain (first) and
        two problems (second and problems[0]): equivalent up to renaming (with the mapping), not equivalent (with a
        counterexample) or unknown within the budget and the call's time and memory limits."""
        return await _answer(tools, "equiv", first, second, problems or ())

    return server


async def _answer(tools: ToolWorkers, tool: str, *args: Any) -> Any:
    """The tool's answer; a refusal as the SDK's ToolError, whose text the client reads (mcp 2.x shows the client
    only "Error executing tool NAME" for any other exception)."""
    try:
        return await tools.call(tool, *args)
    except ToolInputError as exc:
        raise ToolError(str(exc)) from None


def serve_stdio(server: FastMCP, limits: ToolLimits = ToolLimits()) -> None:
    """Serve ``server`` on stdin/stdout until the client closes the connection (a call still running then is
    stopped), messages bounded by ``limits.max_message_bytes``.

    The protocol gets a duplicate of the standard output descriptor, and descriptor 1 then points at stderr: a
    stray write to standard output (a library's print, native code) cannot corrupt the protocol, and closing the
    protocol's stream at the end leaves ``sys.stdout`` usable for the command line's last flush."""
    protocol = os.dup(1)
    os.dup2(2, 1)
    stdout = anyio.wrap_file(TextIOWrapper(os.fdopen(protocol, "wb"), encoding="utf-8"))

    async def serve() -> None:
        async with bounded_stdio(0, stdout, limits.max_message_bytes) as (read, write):
            # run_stdio_async, with the stream above (the SDK's server takes no streams of its own): its low-level
            # server is `_lowlevel_server` in mcp 2.x, `_mcp_server` in 1.x
            lowlevel = getattr(server, "_lowlevel_server", None) or server._mcp_server
            await lowlevel.run(read, write, lowlevel.create_initialization_options())

    anyio.run(serve)
