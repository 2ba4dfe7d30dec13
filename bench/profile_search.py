"""Where one search's time goes: per-expansion time split into successor generation, duplicate
detection, open list and heuristic (with the heuristic's own phases), from cProfile.

Run from the repository root:

    .venv/bin/python bench/profile_search.py depot p04.pddl eager-gbfs-hff --expansions 3000
    .venv/bin/python bench/profile_search.py visitall p05.pddl astar-lmcut --expansions 2000

The task is a MANIFEST domain folder and problem file of ../shared/benchmarks; the search runs
without a time limit up to --expansions (so the same work on any machine). Output: seconds and
microseconds per expansion for each part, then the top functions by own time (all in process CPU
time, so that other work on the machine does not skew the split).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.common import BENCHMARKS, read_manifest  # noqa: E402

# part -> (file suffix, function) whose cumulative time it is; heuristic phases are inside "heuristic"
PARTS = {
    "successor generation": [("planners/successors.py", "applicable"), ("compiler/task.py", "successors")],
    "duplicate detection": [("planners/state_registry.py", "insert")],
    "open list": [("planners/search.py", "_push"), ("planners/search.py", "_pop")],
    "heuristic": [("planners/search.py", "_values")],
    "  h_FF relaxed plans, kernel": [("planners/kernels.py", "plan_lists")],
    "  h_FF relaxed plans, NumPy": [("planners/heuristics.py", "relaxed_plans")],
    "  LM-cut, kernel": [("planners/kernels.py", "lmcut")],
    "  LM-cut, NumPy": [("planners/heuristics.py", "_lmcut")],
    "  landmark count": [("planners/landmarks.py", "_counted")],
    "  preferred operators": [("planners/heuristics.py", "compute_preferred"),
                              ("planners/landmarks.py", "compute_preferred")],
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("domain")
    parser.add_argument("problem")
    parser.add_argument("planner")
    parser.add_argument("--expansions", type=int, default=2000)
    parser.add_argument("--top", type=int, default=12)
    args = parser.parse_args()
    from agentgen_sym.compiler.compile import compile_task
    from agentgen_sym.planners import make_planner
    rows = [row for row in read_manifest() if row.name == f"{args.domain}/{args.problem}"]
    if not rows:
        raise SystemExit(f"no MANIFEST row for {args.domain}/{args.problem}")
    task = compile_task(BENCHMARKS / rows[0].domain_file, BENCHMARKS / rows[0].problem_file).ground
    planner = make_planner(args.planner)
    planner.solve(task, expansion_limit=1)  # kernels loaded (or compiled) before the profile starts
    profile = cProfile.Profile(time.process_time)  # CPU time: a loaded machine does not skew the split
    profile.enable()
    result = planner.solve(task, expansion_limit=args.expansions)
    profile.disable()
    s = result.stats
    search = s.cpu_seconds
    print(f"{args.domain}/{args.problem} {args.planner}: {task.n_facts} facts, {task.n_ops} operators; "
          f"{result.status.value}, {s.expanded} expanded, {s.evaluated} evaluated, search {search:.2f} CPU s "
          f"(under cProfile), {s.expanded / max(search, 1e-9):.0f} expansions/s")
    stats = pstats.Stats(profile).stats
    for part, functions in PARTS.items():
        total = sum(entry[3] for (file, _line, name), entry in stats.items()
                    if any(file.endswith(suffix) and name == fn for suffix, fn in functions))
        if total:
            print(f"  {part:28} {total:8.2f} s {1e6 * total / max(s.expanded, 1):9.0f} us/expansion "
                  f"{100 * total / max(search, 1e-9):5.1f} %")
    print()
    pstats.Stats(profile).sort_stats("tottime").print_stats(args.top)


if __name__ == "__main__":
    main()
