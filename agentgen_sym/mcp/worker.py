"""Each MCP tool call in a process of its own, which the server stops when the call's time or memory limit is
passed, when the client cancels the call, or when the client goes away.

A tool run on the server's event loop held it for the whole call: pings, cancellations and other calls waited,
and a call with no deadline of its own (``parse``, ``fix`` before its budget reached every stage) ran on after its
limit. Here the loop only waits: the call runs in a child of a fork server that has imported the tools once (a
call starts in milliseconds, and forking the server itself, which runs threads, could copy a held lock). The tools
keep their own deadline and memory checks, so a call normally stops itself with a message saying where it was;
the process is killed only ``GRACE_S`` after the time limit, or when its resident memory passes the limit.
"""

from __future__ import annotations

import multiprocessing
import time
from multiprocessing import forkserver
import traceback
from multiprocessing.connection import Connection
from typing import Any

import anyio

from agentgen_sym.executor import start_worker
from agentgen_sym.mcp.tools import ToolInputError, ToolLimits, Tools
from agentgen_sym.proctree import process_resident_mb

GRACE_S = 0.5
"""How long after its time limit a call that has not stopped itself is killed."""
FIRST_POLL_S, LAST_POLL_S = 0.002, 0.05
"""The wait between looks at a running call grows from the first to the last: short calls answer at once, a long
one is looked at (its memory sampled) 20 times a second."""


class ToolWorkers:
    """Runs tool calls of ``Tools(limits)`` one process each; ``call`` is awaited on the server's event loop."""

    def __init__(self, limits: ToolLimits) -> None:
        self.limits = limits
        self._context = multiprocessing.get_context("forkserver")
        self._context.set_forkserver_preload(["agentgen_sym.mcp.worker"])
        forkserver.ensure_running()  # its imports (about a second) now, before the first call waits on them

    async def call(self, tool: str, *args: Any) -> Any:
        """The tool's answer; ToolInputError with the reason when it refuses the input or is stopped. Cancelling
        the awaiting task kills the process at once."""
        started = time.monotonic()  # the limit counts from here: handing the texts over is part of the call
        receive, send = self._context.Pipe(duplex=False)
        process = self._context.Process(target=_run, args=(send, self.limits, tool, args), daemon=True,
                                        name=f"mcp-{tool}")
        process.start()
        send.close()  # the child holds the only write end: its death is the end of the pipe
        try:
            return await self._outcome(process, receive, tool, started)
        finally:
            if process.is_alive():
                process.kill()
            process.join()
            receive.close()

    async def _outcome(self, process: multiprocessing.process.BaseProcess, receive: Connection, tool: str,
                       started: float) -> Any:
        time_limit, memory_limit_mb = self.limits.time_limit, self.limits.memory_limit_mb
        wait = FIRST_POLL_S
        while not receive.poll():
            if process.exitcode is not None and not receive.poll():
                raise ToolInputError(f"error: the {tool} call's process ended without an answer (exit status "
                                     f"{process.exitcode})")
            elapsed = time.monotonic() - started
            if time_limit is not None and elapsed > time_limit + GRACE_S:
                raise ToolInputError(f"stopped: the {tool} call ran past its time limit of {time_limit:g} s "
                                     "(`agentgen-sym mcp --time-limit` sets it)")
            if memory_limit_mb is not None and process.pid is not None:
                resident = process_resident_mb(process.pid)
                if resident > memory_limit_mb:
                    raise ToolInputError(f"stopped: the {tool} call's memory reached {resident:,.0f} MB, over its "
                                         f"limit of {memory_limit_mb:g} MB (`agentgen-sym mcp --memory-limit`)")
            await anyio.sleep(wait)
            wait = min(wait * 2, LAST_POLL_S)
        try:
            kind, value = receive.recv()
        except EOFError:  # ended between the poll and the read
            raise ToolInputError(f"error: the {tool} call's process ended without an answer") from None
        if kind == "error":
            raise ToolInputError(value)
        return value


def _run(send: Connection, limits: ToolLimits, tool: str, args: tuple) -> None:
    """The child: one call of ``tool``, its answer (or its refusal, or its crash in one line) sent back."""
    start_worker(None)  # ends with the server, should the server be killed outright
    try:
        outcome: tuple[str, Any] = ("ok", getattr(Tools(limits), tool)(*args))
    except ToolInputError as exc:
        outcome = ("error", str(exc))
    except MemoryError:
        outcome = ("error", f"stopped: the {tool} call ran out of memory")
    except Exception as exc:  # one line to the client; the details to the server's stderr
        traceback.print_exc()
        outcome = ("error", f"internal error in {tool} ({type(exc).__name__}: {exc})")
    send.send(outcome)
    send.close()
