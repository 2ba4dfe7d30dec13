"""The MCP server's limits, measured: how long after ``--time-limit`` a call that would run for seconds is answered,
how fast a ping is answered while a call runs, how long a cancellation takes to end the call's process, and the
server's peak memory when a 200 MB message arrives. Each runs the real ``agentgen-sym mcp`` process spoken to in
raw JSON-RPC lines (tests/test_mcp_limits.py's client), on the machine as it is and beside two CPU hogs.

    .venv/bin/python bench/mcp_limits.py [--runs 5]

Targets (issue 59): every stop within the limit + 1 s, every ping within 1 s, every cancellation within 1 s, the
peak under ``--memory-limit``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from agentgen_sym.tables import print_table  # noqa: E402
from tests.hogs import cpu_hogs  # noqa: E402
from tests.test_mcp_limits import Server, _big_problem, _peak_mb  # noqa: E402

TIME_LIMIT = 2.0
MEMORY_LIMIT = 400


def _one_run(text: str) -> dict[str, float]:
    """One server: a long parse with pings beside it, then a cancelled one, then a 200 MB message."""
    server = Server("--time-limit", str(TIME_LIMIT), "--memory-limit", str(MEMORY_LIMIT))
    try:
        started = time.monotonic()
        server.call(1, "parse", text=text)
        server.running()
        pings = []
        for n in range(5):
            sent = time.monotonic()
            server.ask({"jsonrpc": "2.0", "id": f"p{n}", "method": "ping"})
            server.answer(f"p{n}", 10)
            pings.append(time.monotonic() - sent)
        server.answer(1, 60)
        stop = time.monotonic() - started
        server.call(2, "parse", text=text)
        server.running()
        sent = time.monotonic()
        server.ask({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 2}})
        while server.workers() and time.monotonic() - sent < 30:
            time.sleep(0.01)
        cancel = time.monotonic() - sent
        server.proc.stdin.write(b'{"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "parse", '
                                b'"arguments": {"text": "')
        for _ in range(200):
            server.proc.stdin.write(b";" * (1 << 20))
        server.ask(b'"}}}\n')
        server.answer(3, 120)
        peak = _peak_mb(server.proc.pid)
        return {"stop": stop, "ping": max(pings), "cancel": cancel, "peak": peak}
    finally:
        server.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="servers started each way (default 5)")
    args = parser.parse_args()
    text = _big_problem()
    rows, failures = [], 0
    for loaded in (False, True):
        runs = []
        for _ in range(args.runs):
            if loaded:
                with cpu_hogs(2):
                    runs.append(_one_run(text))
            else:
                runs.append(_one_run(text))
        worst = {key: max(r[key] for r in runs) for key in runs[0]}
        median = {key: statistics.median(r[key] for r in runs) for key in runs[0]}
        held = (worst["stop"] <= TIME_LIMIT + 1 and worst["ping"] <= 1 and worst["cancel"] <= 1
                and worst["peak"] <= MEMORY_LIMIT)
        failures += not held
        rows.append(["beside two CPU hogs" if loaded else "as it is",
                     f"{median['stop']:.2f} / {worst['stop']:.2f}", f"{median['ping'] * 1000:.0f} / "
                     f"{worst['ping'] * 1000:.0f}", f"{median['cancel'] * 1000:.0f} / {worst['cancel'] * 1000:.0f}",
                     f"{worst['peak']:.0f}", "yes" if held else "NO"])
    print(f"--time-limit {TIME_LIMIT:g}, --memory-limit {MEMORY_LIMIT}; a {len(text) / 1e6:.1f} MB parse (about 10 s "
          f"unbounded); {args.runs} servers each way; median / worst\n")
    print_table(["machine", "answered after s", "ping ms", "cancel ms", "peak MB (200 MB message)", "held"], rows)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
