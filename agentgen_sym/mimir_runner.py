"""Mimir's lifted planner (the `pymimir` package) as a command, so ``backends`` runs it like Fast Downward: in a
process of its own, under its limits, the plan written to a file and the outcome told by the exit code.

    python -m agentgen_sym.mimir_runner DOMAIN PROBLEM PLAN [--time-limit S]

Mimir grounds nothing up front: its successor generator joins the schemas' preconditions with each state (the
"lifted" mode), so it plans on tasks whose grounding does not fit. The exit codes are Fast Downward's
(``backends.FD_EXIT_CODES``): 0 a plan, 11 proved unsolvable, 12 an incomplete search ended without a plan,
22 out of memory, 23 out of time, 33 the input cannot be read, 35 pymimir is not installed.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from agentgen_sym.extras import install_hint

EXIT_CODES = {"solved": 0, "unsolvable": 11, "exhausted": 12, "failed": 12, "out_of_states": 12,
              "out_of_memory": 22, "out_of_time": 23}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m agentgen_sym.mimir_runner", description=__doc__.split("\n\n")[0])
    parser.add_argument("domain", type=Path)
    parser.add_argument("problem", type=Path)
    parser.add_argument("plan", type=Path, help="where the plan is written, in IPC format, when one is found")
    parser.add_argument("--time-limit", type=float, default=-1, metavar="S", help="the search's limit (default none)")
    args = parser.parse_args(argv)
    try:
        import pymimir
    except ImportError:
        print(f"pymimir is not installed: {install_hint('lifted')}", file=sys.stderr)
        return 35
    try:
        domain = pymimir.Domain(args.domain)
        problem = pymimir.Problem(domain, args.problem, mode="lifted")
    except Exception as exc:  # the library raises its parser's own error types
        print(f"error: mimir cannot read the task: {exc}", file=sys.stderr)
        return 33
    result = pymimir.gbfs_lazy(problem, problem.get_initial_state(), pymimir.FFHeuristic(problem),
                               max_time_seconds=args.time_limit)
    print(f"search exit: {result.status}", flush=True)
    if result.status == "solved":
        steps = [f"({' '.join([a.get_action().get_name(), *(o.get_name() for o in a.get_objects())])})"
                 for a in result.solution]
        args.plan.write_text("".join(step + "\n" for step in steps), encoding="utf-8")
    return EXIT_CODES.get(result.status, 32)


if __name__ == "__main__":
    sys.exit(main())
