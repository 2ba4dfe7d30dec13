"""Expansions per second of our search core, alone on hand-made tasks or paired with Fast Downward
on identical searches over the shared benchmarks.

Run from the repository root:

    .venv/bin/python bench/search_throughput.py                      # hand-made tasks, no grounder
    .venv/bin/python bench/search_throughput.py --planners gbfs-hff,astar-hadd --time-limit 60
    .venv/bin/python bench/search_throughput.py --fd                 # every benchmark task, 3 searches
    .venv/bin/python bench/search_throughput.py --fd --domains depot,blocks --searches astar-lmcut
    .venv/bin/python bench/search_throughput.py --fd --baseline /tmp/old-site   # before vs after
    .venv/bin/python bench/search_throughput.py --fd --problems depot/p04.pddl,blocks/p10.pddl

``--fd`` pairs each of our planners with the Fast Downward search that does the same thing:

    gbfs-hff     eager_greedy([ff()])    eager greedy best-first search with h_FF, no preferred operators
    astar-blind  astar(blind())          A* blind (0 at goals, the cheapest operator cost elsewhere)
    astar-lmcut  astar(lmcut())          A* with LM-cut

Tie-breaking differs where the engines allow nothing else (our open lists pop batches of a bucket
in FIFO order; Fast Downward pops one state at a time, FIFO too), so expansion counts are close,
not equal; the rates are compared, not the counts. Each run is a separate process with the time
limit: ours parses, grounds and searches, Fast Downward translates and searches; a rate is
expansions / search seconds (Fast Downward's "Search time", ours the search phase after grounding
and heuristic set-up). A task counts for a search when every run of it solved the task with a
search time between --min-seconds and the time limit. ``--baseline DIR`` also runs the code
installed in DIR (e.g. ``pip install --no-deps --target DIR .`` at an older commit) as "before".
Output: one row per task and search, then the median ratio (Fast Downward's rate / ours) per search.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BENCHMARKS = ROOT.parent / "shared" / "benchmarks"
FD_SEARCHES = {"gbfs-hff": "eager_greedy([ff()])", "astar-blind": "astar(blind())", "astar-lmcut": "astar(lmcut())"}
HANDMADE = ("gripper-20", "blocksworld-9", "15-puzzle")


def handmade(args: argparse.Namespace) -> None:
    """Our planners on hand-made tasks (no grounder needed)."""
    sys.path.insert(0, str(ROOT))
    from agentgen_sym.planners import make_planner
    from tests.tasks_handmade import blocksworld, gripper, sliding_puzzle
    tasks = {"gripper-20": lambda: gripper(20),
             "blocksworld-9": lambda: blocksworld([list("abc"), list("defghi")], [list("ihgfedcba")]),
             "15-puzzle": lambda: sliding_puzzle(4, 60, seed=7)}
    print(f"{'task':15} {'facts':>5} {'ops':>5} {'planner':14} {'status':14} {'cost':>5} {'expanded':>9} "
          f"{'generated':>10} {'evaluated':>10} {'seconds':>8} {'exp/s':>8}")
    for task_name in args.tasks.split(","):
        task = tasks[task_name]()
        for planner_name in args.planners.split(","):
            result = make_planner(planner_name).solve(task, time_limit=args.time_limit)
            s = result.stats
            print(f"{task_name:15} {task.n_facts:5} {task.n_ops:5} {planner_name:14} {result.status.value:14} "
                  f"{result.cost if result.cost is not None else '-':>5} {s.expanded:9} {s.generated:10} "
                  f"{s.evaluated:10} {s.seconds:8.2f} {s.expansions_per_second:8.0f}", flush=True)


# --------------------------------------------------------------------------- paired with Fast Downward
def worker(planner: str, domain: str, problem: str, time_limit: float) -> None:
    """One search of ours in this process; prints a JSON line (status, expanded, search seconds)."""
    from agentgen_sym.compiler.compile import compile_task
    from agentgen_sym.planners import make_planner
    task = compile_task(domain, problem).ground
    result = make_planner(planner).solve(task, time_limit=time_limit)
    print(json.dumps({"solved": result.status.value == "solved", "expanded": result.stats.expanded,
                      "seconds": result.stats.phases.get("search", result.stats.seconds), "cost": result.cost}))


def run_ours(planner: str, domain: Path, problem: Path, time_limit: float, site: str | None) -> dict | None:
    env = dict(os.environ)
    if site is not None:
        env["PYTHONPATH"] = site  # found before the editable install of this checkout
    command = [sys.executable, __file__, "--worker", planner, str(domain), str(problem), str(time_limit)]
    try:
        proc = subprocess.run(command, capture_output=True, text=True, env=env, timeout=time_limit + 120,
                              cwd=tempfile.gettempdir())
    except subprocess.TimeoutExpired:
        return None
    lines = proc.stdout.strip().splitlines()
    return json.loads(lines[-1]) if proc.returncode == 0 and lines else None


def run_fd(search: str, domain: Path, problem: Path, time_limit: float) -> dict | None:
    from agentgen_sym.backends import fast_downward_driver
    driver = fast_downward_driver()
    if driver is None:
        raise SystemExit("Fast Downward is not installed (pip install up-fast-downward)")
    with tempfile.TemporaryDirectory(prefix="throughput-fd-") as work:
        command = [sys.executable, str(driver), "--overall-time-limit", f"{int(time_limit)}s", "--plan-file",
                   "plan.txt", str(domain), str(problem), "--search", search]
        try:
            proc = subprocess.run(command, cwd=work, capture_output=True, text=True, timeout=time_limit + 60)
        except subprocess.TimeoutExpired:
            return None
    expanded = re.findall(r"Expanded (\d+) state", proc.stdout)
    seconds = re.findall(r"Search time: ([\d.]+)s", proc.stdout)
    if proc.returncode != 0 or not expanded or not seconds:
        return {"solved": False, "expanded": int(expanded[-1]) if expanded else 0, "seconds": 0.0}
    return {"solved": True, "expanded": int(expanded[-1]), "seconds": float(seconds[-1])}


def load_tasks(domains: list[str] | None, per_domain: int | None, problems: list[str] | None
               ) -> list[tuple[str, Path, Path]]:
    """MANIFEST rows (name, domain file, problem file): the first ``per_domain`` of each domain, or
    the ``problems`` named as domain/problem-file."""
    with (BENCHMARKS / "MANIFEST.tsv").open(newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t"))
    known = {row["domain"] for row in rows}
    unknown = sorted(set(domains or ()) - known)
    if unknown:
        raise SystemExit(f"unknown domain(s): {', '.join(unknown)}")
    tasks, taken = [], {}
    for row in rows:
        name = row["domain"]
        task = f"{name}/{Path(row['problem_file']).name}"
        if (domains and name not in domains) or (per_domain is not None and taken.get(name, 0) >= per_domain):
            continue
        if problems and task not in problems:
            continue
        taken[name] = taken.get(name, 0) + 1
        tasks.append((task, BENCHMARKS / row["domain_file"], BENCHMARKS / row["problem_file"]))
    missing = sorted(set(problems or ()) - {task for task, _, _ in tasks})
    if missing:
        raise SystemExit(f"not in MANIFEST.tsv: {', '.join(missing)}")
    return tasks


def paired(args: argparse.Namespace) -> None:
    if not BENCHMARKS.is_dir():
        raise SystemExit(f"benchmarks not found at {BENCHMARKS}")
    searches = args.searches.split(",")
    unknown = sorted(set(searches) - set(FD_SEARCHES))
    if unknown:
        raise SystemExit(f"unknown search(es): {', '.join(unknown)}; choose from {', '.join(FD_SEARCHES)}")
    sys.path.insert(0, str(ROOT))
    from agentgen_sym.progress import Progress
    tasks = load_tasks(args.domains.split(",") if args.domains else None, args.problems_per_domain,
                       args.problems.split(",") if args.problems else None)
    codes = [("after", None)] + ([("before", args.baseline)] if args.baseline else [])

    def rate(run: dict) -> float:
        return run["expanded"] / max(run["seconds"], 1e-9)

    def counts(run: dict | None) -> bool:
        return bool(run and run["solved"] and args.min_seconds <= run["seconds"] <= args.time_limit)

    header = f"{'task':28} {'search':12} {'fd exp':>9} {'fd exp/s':>9}"
    for label, _ in codes:
        header += f" {label + ' exp':>11} {label + ' exp/s':>12} {'ratio':>7}"
    rows, ratios = [], {(s, label): [] for s in searches for label, _ in codes}
    with Progress(len(tasks) * len(searches), "throughput", unit="run") as bar:
        for name, domain, problem in tasks:
            for search in searches:
                bar.note(f"{name} {search}")
                fd = run_fd(FD_SEARCHES[search], domain, problem, args.time_limit)
                ours = {label: run_ours(search, domain, problem, args.time_limit, site) if counts(fd) else None
                        for label, site in codes}
                bar.update(1)
                if not (counts(fd) and all(counts(run) for run in ours.values())):
                    continue
                line = f"{name:28} {search:12} {fd['expanded']:9} {rate(fd):9.0f}"
                for label, _ in codes:
                    run = ours[label]
                    ratio = rate(fd) / rate(run)
                    ratios[search, label].append(ratio)
                    line += f" {run['expanded']:11} {rate(run):12.0f} {ratio:7.1f}"
                rows.append(line)
    print(header)
    print("\n".join(rows))
    print("\nmedian ratio, Fast Downward's expansions/s over ours (tasks counted):")
    for search in searches:
        parts = [f"{label} {statistics.median(ratios[search, label]):.1f}x ({len(ratios[search, label])})"
                 if ratios[search, label] else f"{label} - (0)" for label, _ in codes]
        print(f"  {search:12} " + "  ".join(parts))


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--worker":
        worker(sys.argv[2], sys.argv[3], sys.argv[4], float(sys.argv[5]))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fd", action="store_true", help="pair ours with Fast Downward on the benchmarks")
    parser.add_argument("--planners", default="gbfs-hff,default,astar-hadd", help="hand-made mode")
    parser.add_argument("--tasks", default=",".join(HANDMADE), help="hand-made mode")
    parser.add_argument("--searches", default=",".join(FD_SEARCHES), help="--fd mode")
    parser.add_argument("--domains", help="--fd mode: comma-separated MANIFEST domains (default all)")
    parser.add_argument("--problems-per-domain", type=int, help="--fd mode: the first K problems of each")
    parser.add_argument("--problems", help="--fd mode: comma-separated tasks as domain/problem-file")
    parser.add_argument("--baseline", help="--fd mode: a folder with an older build installed, run as 'before'")
    parser.add_argument("--min-seconds", type=float, default=1.0, help="--fd mode: shortest search that counts")
    parser.add_argument("--time-limit", type=float, default=None)
    args = parser.parse_args()
    if args.time_limit is None:
        args.time_limit = 60.0 if args.fd else 30.0
    if args.time_limit <= 0 or args.min_seconds < 0:
        parser.error("--time-limit must be positive and --min-seconds not negative")
    paired(args) if args.fd else handmade(args)


if __name__ == "__main__":
    main()
