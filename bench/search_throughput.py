"""Throughput of the search core on hand-made tasks (no grounder needed): expansions per second.

Run from the repository root:

    .venv/bin/python bench/search_throughput.py
    .venv/bin/python bench/search_throughput.py --planners gbfs-hff,astar-hadd --time-limit 60

Each row: task size, planner, status, plan cost, expanded/generated/evaluated, seconds, expansions/s.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from agentgen_sym.planners import make_planner  # noqa: E402
from tests.tasks_handmade import blocksworld, gripper, sliding_puzzle  # noqa: E402

TASKS = {
    "gripper-20": lambda: gripper(20),
    "blocksworld-9": lambda: blocksworld([list("abc"), list("defghi")], [list("ihgfedcba")]),
    "15-puzzle": lambda: sliding_puzzle(4, 60, seed=7),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--planners", default="gbfs-hff,default,astar-hadd")
    parser.add_argument("--tasks", default=",".join(TASKS))
    parser.add_argument("--time-limit", type=float, default=30.0)
    args = parser.parse_args()
    print(f"{'task':15} {'facts':>5} {'ops':>5} {'planner':14} {'status':14} {'cost':>5} {'expanded':>9} "
          f"{'generated':>10} {'evaluated':>10} {'seconds':>8} {'exp/s':>8}")
    for task_name in args.tasks.split(","):
        task = TASKS[task_name]()
        for planner_name in args.planners.split(","):
            result = make_planner(planner_name).solve(task, time_limit=args.time_limit)
            s = result.stats
            print(f"{task_name:15} {task.n_facts:5} {task.n_ops:5} {planner_name:14} {result.status.value:14} "
                  f"{result.cost if result.cost is not None else '-':>5} {s.expanded:9} {s.generated:10} "
                  f"{s.evaluated:10} {s.seconds:8.2f} {s.expansions_per_second:8.0f}", flush=True)


if __name__ == "__main__":
    main()
