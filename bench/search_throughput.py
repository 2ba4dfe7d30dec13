"""Expansions per second of our search core, alone on hand-made tasks or paired with Fast Downward
on identical searches over the shared benchmarks.

Run from the repository root:

    .venv/bin/python bench/search_throughput.py                      # hand-made tasks, no grounder
    .venv/bin/python bench/search_throughput.py --planners gbfs-hff,astar-hadd --time-limit 60
    .venv/bin/python bench/search_throughput.py --fd                 # every benchmark task, 3 searches
    .venv/bin/python bench/search_throughput.py --fd --domains depot,blocks --searches astar-lmcut
    .venv/bin/python bench/search_throughput.py --fd --baseline ../old-site     # before vs after
    .venv/bin/python bench/search_throughput.py --fd --pick 6 --baseline ../main-site \
        --baseline-searches astar-lmcut                                      # a sample, ~10 min
    .venv/bin/python bench/search_throughput.py --fd --problems depot/p04.pddl,blocks/p10.pddl
    .venv/bin/python bench/search_throughput.py --fd --quick                 # the large-task subset, ~10 min
    .venv/bin/python bench/search_throughput.py --fd --searches gbfs-hff,astar-lmcut --fd-cap 60  # issue 43's run

``--fd`` pairs each of our planners with the Fast Downward search that does the same thing:

    gbfs-hff     eager_greedy([ff()])    eager greedy best-first search with h_FF, no preferred operators
    astar-blind  astar(blind())          A* blind (0 at goals, the cheapest operator cost elsewhere)
    astar-lmcut  astar(lmcut())          A* with LM-cut

Tie-breaking differs where the engines allow nothing else (our open lists pop batches of a bucket
in FIFO order; Fast Downward pops one state at a time, FIFO too), so expansion counts are close,
not equal; the rates are compared, not the counts. A rate is expansions / search CPU seconds:
Fast Downward's "Search time" (its timer reads process CPU time; its translator runs once per task,
before), ours the search phase's process CPU time (SearchStats.cpu_seconds) after parsing,
grounding and heuristic set-up, each run a separate process. CPU time on both sides keeps the
ratio meaningful on a machine other work loads; our wall seconds are in the JSON as ``wall``.

Which tasks: Fast Downward runs first; a (task, search) qualifies when it solves it with a search
time between --min-seconds (1) and --fd-cap (20, so that ours, a few times slower, can finish).
Without --pick every task is tried (hours); ``--pick N`` takes, per search, each domain's first
qualifying problem in MANIFEST order (smaller first; a domain is left at the first problem Fast
Downward does not solve within the cap) until N domains have one. Ours then runs each qualifying
pair with --time-limit (60); a pair counts for the median when ours finishes too, and the pairs
it did not finish are listed. ``--baseline DIR`` also runs the code installed in DIR (e.g.
``pip install --no-deps --target DIR <checkout of main>``) as "before", for the searches
--baseline-searches names. Each qualifying pair runs as soon as Fast Downward's run picked it, so
a run cut short still has complete rows. ``--quick`` is a development subset: --pick over the
domains with the most ground operators. Output: one row per pair (with our operator count),
then per search the median and worst ratio (Fast Downward's rate / ours) over all rows and over
the rows of tasks with at least 10,000 ground operators; stopped early (``timeout``, a kill), it
prints those of the rows so far.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.common import BENCHMARKS, read_manifest, select  # noqa: E402

LARGE = 10_000  # ground operators from which a task counts as large (its own summary row)
QUICK_DOMAINS = "parking,grid,tpp,scanalyzer,elevators-08,trucks,freecell,depot"  # most operators first
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
    """One search of ours in this process; prints a JSON line (status, expanded, search CPU seconds).
    The checkout's root leaves sys.path first, so that a --baseline site on PYTHONPATH is the code
    imported (the root's agentgen_sym/ would otherwise shadow it). A baseline older than
    SearchStats.cpu_seconds cannot tell its search's CPU time: it fails, and its rows show "-"."""
    if str(ROOT) in sys.path:
        sys.path.remove(str(ROOT))
    from agentgen_sym.compiler.compile import compile_task
    from agentgen_sym.planners import make_planner
    task = compile_task(domain, problem).ground
    result = make_planner(planner).solve(task, time_limit=time_limit)
    stats = result.stats
    if not hasattr(stats, "cpu_seconds"):
        raise SystemExit("this build's SearchStats has no cpu_seconds: its search CPU time is unknown")
    print(json.dumps({"solved": result.status.value == "solved", "expanded": stats.expanded,
                      "seconds": stats.cpu_seconds,
                      "wall": stats.phases.get("search", stats.seconds), "cost": result.cost, "ops": task.n_ops}))


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


class FastDownward:
    """Fast Downward's translator once per task (its output.sas kept for the session), then any
    number of searches on it, each a separate process with --search-time-limit."""

    def __init__(self, work: Path) -> None:
        from agentgen_sym.backends import fast_downward_driver
        driver = fast_downward_driver()
        if driver is None:
            raise SystemExit("Fast Downward is not installed (pip install up-fast-downward)")
        self.driver, self.work, self.translated = driver, work, {}

    def _sas(self, name: str, domain: Path, problem: Path) -> Path | None:
        if name not in self.translated:
            folder = self.work / name.replace("/", "__")
            folder.mkdir(parents=True, exist_ok=True)
            command = [sys.executable, str(self.driver), "--translate", str(domain), str(problem)]
            try:
                proc = subprocess.run(command, cwd=folder, capture_output=True, text=True, timeout=600)
                ok = proc.returncode == 0 and (folder / "output.sas").is_file()
            except subprocess.TimeoutExpired:
                ok = False
            self.translated[name] = folder / "output.sas" if ok else None
        return self.translated[name]

    def search(self, search: str, name: str, domain: Path, problem: Path, time_limit: float) -> dict:
        """Solved, expansions and search seconds of one Fast Downward search (not solved when the
        translator or the search fails or runs out of time)."""
        sas = self._sas(name, domain, problem)
        if sas is None:
            return {"solved": False, "expanded": 0, "seconds": 0.0}
        command = [sys.executable, str(self.driver), "--search-time-limit", f"{max(1, int(time_limit))}s",
                   "--plan-file", "plan.txt", str(sas), "--search", search]
        try:
            proc = subprocess.run(command, cwd=sas.parent, capture_output=True, text=True, timeout=time_limit + 60)
        except subprocess.TimeoutExpired:
            return {"solved": False, "expanded": 0, "seconds": float(time_limit)}
        expanded = re.findall(r"Expanded (\d+) state", proc.stdout)
        seconds = re.findall(r"Search time: ([\d.]+)s", proc.stdout)
        solved = proc.returncode == 0 and "Solution found" in proc.stdout and bool(expanded and seconds)
        return {"solved": solved, "expanded": int(expanded[-1]) if expanded else 0,
                "seconds": float(seconds[-1]) if seconds else 0.0}


def load_tasks(domains: list[str] | None, per_domain: int | None, problems: list[str] | None
               ) -> list[tuple[str, Path, Path]]:
    """MANIFEST rows (name, domain file, problem file) in MANIFEST order: the first ``per_domain``
    of each domain, or the ``problems`` named as domain/problem-file."""
    rows = read_manifest()
    if problems:
        rows = [row for row in rows if row.name in problems]
    tasks = [(row.name, BENCHMARKS / row.domain_file, BENCHMARKS / row.problem_file)
             for row in select(rows, domains, per_domain)]
    missing = sorted(set(problems or ()) - {task for task, _, _ in tasks})
    if missing:
        raise SystemExit(f"not in MANIFEST.tsv: {', '.join(missing)}")
    return tasks


Task = tuple[str, Path, Path]


def fd_runs(fd: FastDownward, tasks: list[Task], searches: list[str], args: argparse.Namespace, bar
            ) -> Iterator[tuple[Task, str, dict]]:
    """Fast Downward's run of each (task, search) that qualifies: solved with a search time between
    --min-seconds and --fd-cap. Without --pick, every task is tried. With --pick N, per search
    each domain's problems are tried in MANIFEST order (smaller first) up to the first that
    qualifies (the domain's task for that search) or that Fast Downward does not solve within
    --fd-cap (larger ones would not qualify either), until N domains have a task; the domains
    are visited in MANIFEST order. Yields each as it is found."""
    if args.pick is None:
        for task in tasks:
            for search in searches:
                bar.note(f"fd {task[0]} {search}")
                run = fd.search(FD_SEARCHES[search], *task, args.fd_cap)
                if run["solved"] and args.min_seconds <= run["seconds"] <= args.fd_cap:
                    yield task, search, run
        return
    by_domain: dict[str, list[Task]] = {}
    for task in tasks:
        by_domain.setdefault(task[0].split("/")[0], []).append(task)
    for search in searches:
        found = 0
        for domain_tasks in by_domain.values():
            if found >= args.pick:
                break
            for task in domain_tasks:
                bar.note(f"fd {task[0]} {search} ({found}/{args.pick} picked)")
                run = fd.search(FD_SEARCHES[search], *task, args.fd_cap)
                if not run["solved"] or run["seconds"] > args.fd_cap:
                    break
                if run["seconds"] >= args.min_seconds:
                    yield task, search, run
                    found += 1
                    break


class _Stopped(Exception):
    pass


def _stop(_signum: int, _frame: object) -> None:
    raise _Stopped


def _measure(args: argparse.Namespace, tasks: list[Task], searches: list[str], codes: list[tuple[str, str | None]],
             baseline_searches: set[str], header: str, ratios: dict, unfinished: dict, bar, work: str) -> None:
    """Fast Downward's runs, ours on each qualifying pair right after; a row per pair as it is done.
    ``ratios[search, label]`` collects (ratio, operators) pairs."""

    def rate(run: dict) -> float:
        return run["expanded"] / max(run["seconds"], 1e-9)

    def counts(run: dict | None) -> bool:  # the minimum is Fast Downward's, applied when picking
        return bool(run and run["solved"] and run["seconds"] <= args.time_limit)

    print(header, flush=True)
    for (name, domain, problem), search, fd in fd_runs(FastDownward(Path(work)), tasks, searches, args, bar):
        line = f"{name:26} {search:12} {fd['expanded']:9} {fd['seconds']:6.1f} {rate(fd):9.0f}"
        for label, site in codes:
            if label == "before" and search not in baseline_searches:
                line += f" {'-':>11} {'-':>8} {'-':>12} {'-':>6}"
                continue
            bar.note(f"{label} {name} {search}")
            run = run_ours(search, domain, problem, args.time_limit, site)
            bar.update(1)
            if not counts(run):
                unfinished[search].append(f"{name} ({label})")
                expanded, stopped = (run["expanded"], f"{rate(run):12.0f}") if run else (0, f"{'-':>12}")
                line += f" {expanded:11} {'>' + str(int(args.time_limit)):>8} {stopped} {'-':>6}"
                continue
            ratio = rate(fd) / rate(run)
            ratios[search, label].append((ratio, run["ops"]))
            line += f" {run['expanded']:11} {run['seconds']:8.1f} {rate(run):12.0f} {ratio:6.1f} {run['ops']:7}"
        print(line, flush=True)


def paired(args: argparse.Namespace) -> None:
    if not BENCHMARKS.is_dir():
        raise SystemExit(f"benchmarks not found at {BENCHMARKS}")
    searches = args.searches.split(",")
    unknown = sorted(set(searches) - set(FD_SEARCHES))
    if unknown:
        raise SystemExit(f"unknown search(es): {', '.join(unknown)}; choose from {', '.join(FD_SEARCHES)}")
    baseline_searches = set(args.baseline_searches.split(",")) if args.baseline_searches else set(searches)
    if baseline_searches - set(searches):
        raise SystemExit("--baseline-searches must be among --searches")
    if args.baseline and not Path(args.baseline).is_dir():
        raise SystemExit(f"--baseline: no folder {args.baseline}")
    sys.path.insert(0, str(ROOT))
    from agentgen_sym.progress import Progress
    tasks = load_tasks(args.domains.split(",") if args.domains else None, args.problems_per_domain,
                       args.problems.split(",") if args.problems else None)
    codes = [("after", None)] + ([("before", str(Path(args.baseline).resolve()))] if args.baseline else [])
    header = f"{'task':26} {'search':12} {'fd exp':>9} {'fd s':>6} {'fd exp/s':>9}"
    for label, _ in codes:
        header += f" {label + ' exp':>11} {label + ' s':>8} {label + ' exp/s':>12} {'ratio':>6} {'ops':>7}"
    ratios = {(s, label): [] for s in searches for label, _ in codes}
    unfinished = {s: [] for s in searches}
    signal.signal(signal.SIGTERM, _stop)  # `timeout` or a kill: the medians of what was measured, then exit
    try:
        with tempfile.TemporaryDirectory(prefix="throughput-fd-") as work, \
                Progress(None, "throughput", unit="run") as bar:
            _measure(args, tasks, searches, codes, baseline_searches, header, ratios, unfinished, bar, work)
    except _Stopped:
        print("\nstopped before the end: the medians cover the rows above", flush=True)
    print(f"\nFast Downward's expansions/s over ours (CPU time, tasks where both finished; targets: median "
          f"<= 2x, worst <= 5x, <= 3x from {LARGE:,} ground operators on):")
    for search in searches:
        for rows, which in ((None, "all tasks"), (LARGE, f">= {LARGE:,} ops")):
            parts = [_summary([r for r, ops in ratios[search, label] if rows is None or ops >= rows], label)
                     for label, _ in codes]
            print(f"  {search:12} {which:16} " + "  ".join(parts))
        if unfinished[search]:
            print(f"  {'':12} not finished by ours within {args.time_limit:.0f} s: {', '.join(unfinished[search])}")


def _summary(values: list[float], label: str) -> str:
    if not values:
        return f"{label} - (0 tasks)"
    return f"{label} median {statistics.median(values):.1f}x worst {max(values):.1f}x ({len(values)} tasks)"


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
    parser.add_argument("--baseline-searches", help="--fd mode: run the baseline for these searches only "
                        "(default: all; skip those whose code did not change)")
    parser.add_argument("--pick", type=int, metavar="N", help="--fd mode: per search, the first qualifying "
                        "problem of each domain (smaller first) until N domains have one (default: every task)")
    parser.add_argument("--quick", action="store_true", help="--fd mode: a development subset, --pick over "
                        "the domains with the most ground operators (" + QUICK_DOMAINS + ")")
    parser.add_argument("--fd-cap", type=float, default=20.0, metavar="S", help="--fd mode: longest Fast "
                        "Downward search that qualifies (default 20, so that ours can finish in --time-limit)")
    parser.add_argument("--min-seconds", type=float, default=1.0, help="--fd mode: shortest search that counts")
    parser.add_argument("--time-limit", type=float, default=None)
    args = parser.parse_args()
    if args.time_limit is None:
        args.time_limit = 60.0 if args.fd else 30.0
    if args.time_limit <= 0 or args.min_seconds < 0 or args.fd_cap <= args.min_seconds:
        parser.error("--time-limit must be positive, --min-seconds not negative, --fd-cap above --min-seconds")
    if args.quick:
        args.domains = args.domains or QUICK_DOMAINS
        args.pick = args.pick or len(args.domains.split(","))
    if args.pick is not None and args.pick < 1:
        parser.error("--pick must be a positive number of domains")
    paired(args) if args.fd else handmade(args)


if __name__ == "__main__":
    main()
