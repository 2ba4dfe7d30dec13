"""Search behaviour pinned on a fixed set of small benchmark tasks: expansions and plans per planner.

Speed changes to the search core must not change what the search does. This module names the
tasks and planners, runs each pair without a time limit (batch sizes then never depend on the
machine's speed) under an expansion limit, and records status, expanded/generated/evaluated
counts, plan cost and the plan's ground actions. tests/test_search_expansions.py compares a
fresh run with the recorded file; after a change that is MEANT to change search behaviour,
re-record with

    .venv/bin/python -m tests.search_expansions --update

and say in the commit why the numbers moved.
"""

from __future__ import annotations

import argparse
import json
import sys
from functools import lru_cache
from pathlib import Path

from agentgen_sym.compiler.compile import CompiledTask, compile_task
from agentgen_sym.planners.registry import PLANNERS, make_planner

BENCHMARKS = Path(__file__).resolve().parents[1].parent / "shared" / "benchmarks"
GOLDEN = Path(__file__).resolve().parent / "golden" / "search_expansions.json"
EXPANSION_LIMIT = 300

# (domain folder, problem file): unit and non-unit costs, STRIPS and ADL (conditional effects,
# which LM-cut refuses), plateaus (visitall), dead ends (sokoban); the limit keeps LM-cut short
TASKS = (
    ("blocks", "p05.pddl"),
    ("gripper", "p01.pddl"),
    ("depot", "p01.pddl"),
    ("logistics00", "p03.pddl"),
    ("satellite", "p02.pddl"),
    ("driverlog", "p02.pddl"),
    ("elevators-08", "p01.pddl"),
    ("visitall", "p01.pddl"),
    ("sokoban", "p01.pddl"),
    ("miconic-fulladl", "p08.pddl"),
)
CONFIGS = tuple(PLANNERS)  # every single search configuration (portfolios are sequences of these)
SLOW = {("visitall", "p01.pddl", "astar-lmcut")}  # about 30 s: the test marks it slow


@lru_cache(maxsize=None)
def compiled(domain: str, problem: str) -> CompiledTask:
    folder = BENCHMARKS / domain
    return compile_task(folder / "domain.pddl", folder / problem)


def record(domain: str, problem: str, planner: str) -> dict[str, object]:
    """What ``planner`` does on the task, independent of the machine's speed."""
    task = compiled(domain, problem).ground
    result = make_planner(planner).solve(task, expansion_limit=EXPANSION_LIMIT)
    s = result.stats
    plan = None if result.plan is None else [str(step) for step in task.plan_steps(result.plan)]
    return {"status": result.status.value, "expanded": s.expanded, "generated": s.generated,
            "evaluated": s.evaluated, "cost": result.cost, "plan": plan}


def key(domain: str, problem: str, planner: str) -> str:
    return f"{domain}/{problem} {planner}"


def record_all() -> dict[str, dict[str, object]]:
    return {key(d, p, c): record(d, p, c) for d, p in TASKS for c in CONFIGS}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--update", action="store_true", help=f"write {GOLDEN.relative_to(GOLDEN.parents[2])}")
    args = parser.parse_args()
    if not BENCHMARKS.is_dir():
        print(f"error: benchmarks not found at {BENCHMARKS}", file=sys.stderr)
        return 2
    records = record_all()
    text = json.dumps(records, indent=1, sort_keys=True) + "\n"
    if args.update:
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(text)
        print(f"wrote {len(records)} records to {GOLDEN.relative_to(GOLDEN.parents[2])}")
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
