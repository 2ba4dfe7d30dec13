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
    .venv/bin/python bench/search_throughput.py --fd --searches gbfs-hff,astar-lmcut --fd-cap 60 \
        --jobs 2 --json throughput.json               # issue 43's run; add --resume to go on after a stop

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

Every task without --pick takes hours: ``--jobs N`` runs N pairs at a time (the rates are CPU
time, so up to one pair per core keeps them comparable), ``--json FILE`` saves each pair as it is
done and ``--resume`` goes on after the pairs the file holds (the summary says when they were
measured on more than one version of the code). Ours runs a frozen copy of the tree (as
bench/solve.py does), so editing the tree during a run changes nothing it measures.
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
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.common import (BENCHMARKS, CODE_DIR_VARIABLE, error_text, freeze_code, read_manifest,  # noqa: E402
                          select, write_json)

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
        self.translating = threading.Lock()  # parallel searches of one task share its translation

    def _sas(self, name: str, domain: Path, problem: Path) -> Path | None:
        with self.translating:
            return self._translate(name, domain, problem)

    def _translate(self, name: str, domain: Path, problem: Path) -> Path | None:
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


def picked_fd_runs(fd: FastDownward, tasks: list[Task], searches: list[str], args: argparse.Namespace, bar
                   ) -> Iterator[tuple[Task, str, dict]]:
    """--pick: per search, each domain's problems in MANIFEST order (smaller first) up to the first
    that qualifies (the domain's task for that search) or that Fast Downward does not solve within
    --fd-cap (larger ones would not qualify either), until N domains have a task; the domains are
    visited in MANIFEST order. Yields each qualifying Fast Downward run as it is found."""
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


def _rate(run: dict) -> float:
    return run["expanded"] / max(run["seconds"], 1e-9)


class Session:
    """One paired run: the units (task, search) done so far, each Fast Downward's run and, where it
    qualifies, ours; each unit is printed as a row and saved to --json as soon as it is done, so an
    interrupted run keeps its rows and --resume goes on after them."""

    def __init__(self, args: argparse.Namespace, codes: list[tuple[str, str | None]], code_label: str) -> None:
        self.args, self.codes, self.code_label = args, codes, code_label
        self.units: list[dict] = []
        self.lock = threading.Lock()

    def qualifies(self, fd: dict) -> bool:
        return fd["solved"] and self.args.min_seconds <= fd["seconds"] <= self.args.fd_cap

    def run_unit(self, task: Task, search: str, fd: dict, bar) -> dict:
        """Ours (each code) on a pair whose Fast Downward run qualifies."""
        name, domain, problem = task
        unit = {"task": name, "search": search, "fd": fd, "code": self.code_label, "runs": {}}
        if not self.qualifies(fd):
            return unit
        for label, site in self.codes:
            if label == "before" and search not in self.args.baseline_searches:
                continue
            with self.lock:
                bar.note(f"{label} {name} {search}")
            unit["runs"][label] = run_ours(search, domain, problem, self.args.time_limit, site)
        return unit

    def restore(self, units: list[dict]) -> None:
        """The units an earlier run saved: kept and printed, not measured or written again."""
        self.units.extend(units)
        for unit in units:
            if self.qualifies(unit["fd"]):
                print(self.row(unit), flush=True)

    def record(self, unit: dict, bar) -> None:
        """Keep a finished unit: its row printed, --json rewritten (atomically)."""
        with self.lock:
            self.units.append(unit)
            bar.update(1)
            if self.qualifies(unit["fd"]):
                print(self.row(unit), flush=True)
            if self.args.json is not None:
                write_json(self.args.json, {"settings": settings_of(self.args), "units": self.units})

    def finished(self, run: dict | None) -> bool:  # the minimum is Fast Downward's, applied when picking
        return bool(run and run["solved"] and run["seconds"] <= self.args.time_limit)

    def header(self) -> str:
        line = f"{'task':26} {'search':12} {'fd exp':>9} {'fd s':>6} {'fd exp/s':>9}"
        for label, _ in self.codes:
            line += f" {label + ' exp':>11} {label + ' s':>8} {label + ' exp/s':>12} {'ratio':>6} {'ops':>7}"
        return line

    def row(self, unit: dict) -> str:
        fd = unit["fd"]
        line = f"{unit['task']:26} {unit['search']:12} {fd['expanded']:9} {fd['seconds']:6.1f} {_rate(fd):9.0f}"
        for label, _ in self.codes:
            if label not in unit["runs"]:
                line += f" {'-':>11} {'-':>8} {'-':>12} {'-':>6}"
                continue
            run = unit["runs"][label]
            if not self.finished(run):
                expanded, stopped = (run["expanded"], f"{_rate(run):12.0f}") if run else (0, f"{'-':>12}")
                line += f" {expanded:11} {'>' + str(int(self.args.time_limit)):>8} {stopped} {'-':>6}"
                continue
            line += (f" {run['expanded']:11} {run['seconds']:8.1f} {_rate(run):12.0f} {_rate(fd) / _rate(run):6.1f}"
                     f" {run['ops']:7}")
        return line

    def summary(self, searches: list[str]) -> None:
        print(f"\nFast Downward's expansions/s over ours (CPU time, tasks where both finished; targets: median "
              f"<= 2x, worst <= 5x, <= 3x from {LARGE:,} ground operators on):")
        codes = sorted({unit["code"] for unit in self.units if unit["runs"]})
        if len(codes) > 1:
            print(f"  (rows measured with {len(codes)} versions of the code: {', '.join(codes)})")
        for search in searches:
            units = [unit for unit in self.units if unit["search"] == search]
            for least, which in ((0, "all tasks"), (LARGE, f">= {LARGE:,} ops")):
                parts = []
                for label, _ in self.codes:
                    pairs = [(unit["fd"], unit["runs"][label]) for unit in units if label in unit["runs"]]
                    ratios = [_rate(fd) / _rate(run) for fd, run in pairs
                              if self.finished(run) and run["ops"] >= least]
                    parts.append(_summary(ratios, label))
                print(f"  {search:12} {which:16} " + "  ".join(parts))
            unfinished = [f"{unit['task']} ({label})" for unit in units for label, run in unit["runs"].items()
                          if not self.finished(run)]
            if unfinished:
                print(f"  {'':12} not finished by ours within {self.args.time_limit:.0f} s: {', '.join(unfinished)}")


def settings_of(args: argparse.Namespace) -> dict:
    """What makes two runs' units comparable (a --resume must match them)."""
    return {"fd_cap": args.fd_cap, "min_seconds": args.min_seconds, "time_limit": args.time_limit,
            "baseline": args.baseline is not None}


def load_units(args: argparse.Namespace) -> list[dict]:
    """The units an earlier run saved in --json (none when the file does not exist yet)."""
    try:
        payload = json.loads(args.json.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return []
    except (OSError, ValueError) as exc:
        raise SystemExit(f"--resume: cannot read {args.json}: {error_text(exc)}") from exc
    if payload.get("settings") != settings_of(args):
        raise SystemExit(f"--resume: {args.json} was run with {payload.get('settings')}, not {settings_of(args)}; "
                         "use another --json file")
    return payload.get("units", [])


def _measure(session: Session, fd: FastDownward, tasks: list[Task], searches: list[str], bar) -> None:
    """Every (task, search) not done yet (--jobs of them at a time), or the --pick sample in order."""
    args = session.args
    if args.pick is not None:
        for task, search, run in picked_fd_runs(fd, tasks, searches, args, bar):
            session.record(session.run_unit(task, search, run, bar), bar)
        return
    done = {(unit["task"], unit["search"]) for unit in session.units}
    todo = [(task, search) for search in searches for task in tasks if (task[0], search) not in done]

    def unit(pair: tuple[Task, str]) -> None:
        task, search = pair
        with session.lock:
            bar.note(f"fd {task[0]} {search}")
        session.record(session.run_unit(task, search, fd.search(FD_SEARCHES[search], *task, args.fd_cap), bar), bar)

    pool = ThreadPoolExecutor(max_workers=args.jobs)  # each unit's work runs in child processes
    try:
        for future in [pool.submit(unit, pair) for pair in todo]:
            future.result()
    finally:  # stopped: the units not started are dropped, those running finish and are recorded
        pool.shutdown(cancel_futures=True)


def paired(args: argparse.Namespace) -> None:
    if not BENCHMARKS.is_dir():
        raise SystemExit(f"benchmarks not found at {BENCHMARKS}")
    searches = args.searches.split(",")
    unknown = sorted(set(searches) - set(FD_SEARCHES))
    if unknown:
        raise SystemExit(f"unknown search(es): {', '.join(unknown)}; choose from {', '.join(FD_SEARCHES)}")
    args.baseline_searches = set(args.baseline_searches.split(",")) if args.baseline_searches else set(searches)
    if args.baseline_searches - set(searches):
        raise SystemExit("--baseline-searches must be among --searches")
    if args.baseline and not Path(args.baseline).is_dir():
        raise SystemExit(f"--baseline: no folder {args.baseline}")
    sys.path.insert(0, str(ROOT))
    from agentgen_sym.progress import Progress
    tasks = load_tasks(args.domains.split(",") if args.domains else None, args.problems_per_domain,
                       args.problems.split(",") if args.problems else None)
    previous = load_units(args) if args.resume else []
    signal.signal(signal.SIGTERM, _stop)  # `timeout` or a kill: the medians of what was measured, then exit
    with tempfile.TemporaryDirectory(prefix="throughput-code-") as code, \
            tempfile.TemporaryDirectory(prefix="throughput-fd-") as work:
        label = freeze_code(Path(code))  # the code measured from the start to the end, whatever is edited meanwhile
        print(f"code under test: {label} (frozen)" + (f"; {len(previous)} units from {args.json}" if previous else ""),
              flush=True)
        codes = [("after", os.environ[CODE_DIR_VARIABLE])]
        if args.baseline:
            codes.append(("before", str(Path(args.baseline).resolve())))
        session = Session(args, codes, label)
        print(session.header(), flush=True)
        session.restore(previous)
        try:
            with Progress(None, "throughput", unit="pair") as bar:
                _measure(session, FastDownward(Path(work)), tasks, searches, bar)
        except _Stopped:
            print("\nstopped before the end: the medians cover the rows above", flush=True)
    session.summary(searches)


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
    parser.add_argument("--jobs", type=int, default=1, metavar="N", help="--fd mode without --pick: pairs run "
                        "N at a time (rates are CPU time, so N up to the number of cores keeps them comparable)")
    parser.add_argument("--json", type=Path, metavar="FILE", help="--fd mode: save every pair as it is done")
    parser.add_argument("--resume", action="store_true", help="with --json: go on after the pairs FILE holds")
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
    if args.jobs < 1 or (args.jobs > 1 and args.pick is not None):
        parser.error("--jobs must be a positive number, and 1 with --pick (its sample is taken in order)")
    if args.resume and args.json is None:
        parser.error("--resume needs --json FILE")
    paired(args) if args.fd else handmade(args)


if __name__ == "__main__":
    main()
