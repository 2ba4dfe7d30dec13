"""Solve the shared benchmarks with agentgen-sym and four anchor planners: coverage, time, validation, throughput.

Everything is measured in one run over the same problems.

Run from the repository root:

    .venv/bin/python bench/solve.py                                  # everything, 60 s per run (many hours)
    .venv/bin/python bench/solve.py --quick                          # 2 problems per domain, 20 s per run
    .venv/bin/python bench/solve.py --problems-per-domain 3 --time-limit 30 --json /tmp/solve3.json
    .venv/bin/python bench/solve.py --domains blocks,gripper --tools ours,fd-lama --no-up-validate
    .venv/bin/python bench/solve.py --last-per-domain 1 --tools ours --no-throughput  # the largest problems
    .venv/bin/python bench/solve.py --json runs.json --resume        # go on after an interruption
    .venv/bin/python bench/solve.py --json runs.json --resume --tools ours --redo ours   # after a planner change
    .venv/bin/python bench/solve.py --tools ours-opt,fd-lmcut --where-solved ours-opt --json opt.json  # costs only

A TASK is one MANIFEST.tsv row (domain file + problem file). A RUN is one planner configuration on one
task; the runs of a task go one after another, each in its own process (--jobs N solves N tasks at a time):

    ours, ours-opt         agentgen-sym planners 'default' (GBFS h_FF, preferred operators) and 'optimal'
                           (A* LM-cut). A spawned worker parses, grounds and searches; the time is the
                           whole of it (parse + ground + search), the search-only time is kept beside it.
    pp-gbfs, pp-lmcut      pyperplan `-s gbf -H hff` and `-s astar -H lmcut`, killed at the time limit
                           (pyperplan has no limit of its own). STRIPS only: tasks of the MANIFEST group
                           'adl' or with :action-costs are "n/a", not failures.
    fd-lama, fd-lmcut      Fast Downward (the up-fast-downward build) `--alias lama-first` and
                           `--search "astar(lmcut())"` with --overall-time-limit.

The anchors run through agentgen_sym/backends.py (``run_backend_on_files``), the runner that
``solve(task, planner="fd-lama-first")`` uses too, on the benchmark files as they are.

Every worker runs in its own process group and is killed, with everything it started, at the time
limit + 10 s, so a hung planner never stops the bench. A run counts as solved when it returns a plan
within the time limit; anchor times are wall-clock times of the planner process (interpreter start,
parsing and translation included).

Every plan found (throughput runs included) is then validated by our lifted validator
(compiler/validate.py) and by unified-planning's sequential plan validator (--no-up-validate skips
it), in a separate worker with a per-plan timeout.

Throughput compares identical search configurations, ours against pyperplan: A* with h_add
(ours 'astar-hadd', pyperplan's astar_search with its hadd) and GBFS with h_FF (ours 'gbfs-hff',
pyperplan's greedy_best_first_search with its hff), on the STRIPS unit-cost tasks (group 'strips'
without :action-costs). pyperplan runs in a worker of ours, in process, so that a search stopped at
the time limit still reports its expansions (calls of get_successor_states, one per expansion). A
task counts when both searches expand at least 1000 nodes, finished or stopped at the limit;
pyperplan's run is skipped when ours expanded fewer, since the task could not count. Expansions per
second: expansions / search seconds (after parsing, grounding and heuristic set-up) for both.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import resource
import signal
import statistics
import sys
import tempfile
import time
import threading
import traceback
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from multiprocessing.connection import Connection
from multiprocessing.context import SpawnContext, SpawnProcess
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from agentgen_sym.backends import KILL_GRACE_S, kill_group, run_backend_on_files  # noqa: E402
from agentgen_sym.compiler import ast  # noqa: E402
from agentgen_sym.compiler.limits import Deadline  # noqa: E402
from agentgen_sym.compiler.printer import print_pddl  # noqa: E402
from bench.common import (CODE_LABEL_VARIABLE, Task, add_benchmarks_option,  # noqa: E402
                          add_tools_option, chosen_tools, error_text, freeze_code, print_rows, read_manifest,
                          select, use_frozen_code, write_json)

MIN_EXPANSIONS = 1000
THROUGHPUT_TARGET = 20.0
LAMA_GAP_TARGET = 0.10
WORKER_START_TIMEOUT_S = 300.0


@dataclass(frozen=True)
class Config:
    """One planner configuration: ours (a registry name), an anchor (a backend of agentgen_sym/backends.py,
    the runner ``solve`` uses) or pyperplan's in-process rate run."""

    name: str      # short column name
    kind: str      # "ours", "pyperplan", "fd", "mimir" or "pyperplan-rate"
    planner: str   # ours: a PLANNERS key; anchors: a backends.BACKENDS key; rate runs: a description
    options: tuple[str, ...] = ()  # rate runs: pyperplan's search and heuristic


COVERAGE = {
    "ours": Config("ours", "ours", "default"),
    "ours-opt": Config("ours-opt", "ours", "optimal"),
    "pp-gbfs": Config("pp-gbfs", "pyperplan", "pyperplan-gbfs-hff"),
    "pp-lmcut": Config("pp-lmcut", "pyperplan", "pyperplan-astar-lmcut"),
    "fd-lama": Config("fd-lama", "fd", "fd-lama-first"),
    "fd-lmcut": Config("fd-lmcut", "fd", "fd-astar-lmcut"),
    "ours-lifted": Config("ours-lifted", "ours", "lifted-bfws"),
    "mimir": Config("mimir", "mimir", "mimir-gbfs-ff"),
}
GROUNDED_DEFAULT = ("ours", "ours-opt", "pp-gbfs", "pp-lmcut", "fd-lama", "fd-lmcut")
"""The tools a run without --tools compares; the planners that ground nothing (ours-lifted, mimir) are for the
hard-to-ground set (bench/htg_sample.py)."""
THROUGHPUT_ONLY = {
    "ours-astar-hadd": Config("ours-astar-hadd", "ours", "astar-hadd"),
    "ours-gbfs-hff": Config("ours-gbfs-hff", "ours", "gbfs-hff"),
    "pp-astar-hadd-rate": Config("pp-astar-hadd-rate", "pyperplan-rate", "astar/hadd", ("astar", "hadd")),
    "pp-gbfs-hff-rate": Config("pp-gbfs-hff-rate", "pyperplan-rate", "gbf/hff", ("gbf", "hff")),
}
CONFIGS = {**COVERAGE, **THROUGHPUT_ONLY}
THROUGHPUT_PAIRS = {"astar-hadd": ("ours-astar-hadd", "pp-astar-hadd-rate"),
                    "gbfs-hff": ("ours-gbfs-hff", "pp-gbfs-hff-rate")}
RATE_MEASURED = ("solved", "unsolvable", "limit")  # a search stopped at the limit still has a rate
RUN_STATUS = {"solved": "solved", "unsolvable": "unsolvable", "limit-reached": "limit", "unsupported": "unsupported"}
"""A planner's Status value -> the run's status (any other: error); by value, since a worker's Status
comes from the frozen copy of the code."""


@dataclass
class RunResult:
    """One configuration on one task. ``status``: solved, unsolvable, limit (time or memory), killed
    (worker stopped at limit + 10 s), unsupported (refused up front), n/a (not run: the tool cannot read
    the task), skipped (a throughput run that could not count, or a task --where-solved's tool did not
    solve), error (crash or unreadable output)."""

    status: str
    seconds: float = 0.0                 # the run's time (ours: parse + ground + search)
    search_seconds: float | None = None  # search only (ours: planner.solve; anchors: from their logs)
    expanded: int | None = None
    expansions_per_second: float | None = None
    plan: str | None = None              # IPC plan text
    claimed_cost: float | None = None    # the cost the planner reported
    message: str = ""
    extra: dict = field(default_factory=dict)
    validation: dict | None = None       # filled by the validation phase

    @property
    def solved(self) -> bool:
        return self.status == "solved"


def load_tasks(benchmarks: Path, domains: list[str] | None, per_domain: int | None,
               last_per_domain: int | None = None) -> list[Task]:
    """The listed domains' tasks and the first K problems of each (or the last K, the largest), in
    MANIFEST order."""
    tasks = select(read_manifest(benchmarks), domains, per_domain)
    if last_per_domain is not None:
        left = Counter(task.domain for task in tasks)  # a domain's tasks from this one to its last
        kept = []
        for task in tasks:
            if left[task.domain] <= last_per_domain:
                kept.append(task)
            left[task.domain] -= 1
        tasks = kept
    return tasks


def _limit_memory(memory_mb: int) -> None:
    """Cap the address space of this process (inherited by its children)."""
    cap = memory_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (cap, cap))


# --------------------------------------------------------------------------- ours, in a spawned worker


def _ours_worker(planner_name: str, domain_path: str, problem_path: str, limit_s: float, memory_mb: int,
                 conn: Connection) -> None:
    """Parse, ground and solve one task; the clock starts after the imports (one-off setup)."""
    os.setsid()
    use_frozen_code()
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)
    from agentgen_sym.compiler.compile import compile_task
    from agentgen_sym.compiler.diagnostics import PddlError
    from agentgen_sym.compiler.ground import GroundingError
    from agentgen_sym.compiler.limits import Deadline
    from agentgen_sym.compiler.parser import parse_domain, parse_problem
    from agentgen_sym.compiler.printer import print_pddl
    from agentgen_sym.lifted_search import LIFTED_PLANNERS
    from agentgen_sym.planners.registry import make_planner
    from agentgen_sym.solver import lifted_plan

    # room for the interpreter, NumPy and the grounder besides the search's own memory_limit_mb
    _limit_memory(memory_mb + 1024)
    extra: dict = {}
    start = time.perf_counter()
    deadline = Deadline.after(limit_s)
    if planner_name in LIFTED_PLANNERS:
        conn.send(asdict(_lifted_run(planner_name, Path(domain_path), Path(problem_path), deadline, memory_mb)))
        return
    planner = make_planner(planner_name)
    try:
        domain, problem = parse_domain(Path(domain_path)), parse_problem(Path(problem_path))
        extra["parse_seconds"] = time.perf_counter() - start
        compiled = compile_task(domain, problem)  # check and ground
        task, gstats = compiled.ground, compiled.stats
        extra["ground_seconds"] = time.perf_counter() - start - extra["parse_seconds"]
        extra.update(facts=gstats.n_facts, operators=gstats.n_operators)
        if deadline.left() == 0:
            conn.send(asdict(RunResult("limit", time.perf_counter() - start, message="time limit reached while grounding",
                                       extra=extra)))
            return
        search_start = time.perf_counter()
        result = planner.solve(task, memory_limit_mb=memory_mb, deadline=deadline)
        search_seconds = time.perf_counter() - search_start
        seconds = time.perf_counter() - start
    except PddlError as exc:
        first = exc.diagnostics[0] if getattr(exc, "diagnostics", None) else None
        message = f"{first.code}: {first.message}" if first is not None else error_text(exc)
        conn.send(asdict(RunResult("error", time.perf_counter() - start, message=f"parse: {message}", extra=extra)))
        return
    except GroundingError as exc:
        conn.send(asdict(RunResult("unsupported", time.perf_counter() - start, message=f"{exc.code}: {exc}",
                                   extra=extra)))
        return
    except MemoryError:
        conn.send(asdict(RunResult("limit", time.perf_counter() - start, message="MemoryError", extra=extra)))
        return
    except Exception as exc:  # a bug in ours: keep where it happened
        where = traceback.extract_tb(exc.__traceback__)[-1]
        message = f"{error_text(exc)} at {Path(where.filename).name}:{where.lineno}"
        conn.send(asdict(RunResult("error", time.perf_counter() - start, message=message, extra=extra)))
        return
    stats = result.stats
    extra.update(stats_seconds=stats.seconds, generated=stats.generated, evaluated=stats.evaluated,
                 peak_memory_mb=stats.peak_memory_mb)
    status = RUN_STATUS.get(result.status.value, "error")
    plan = print_pddl(lifted_plan(task, result.plan, result.cost)) if result.solved else None
    conn.send(asdict(RunResult(status, seconds, search_seconds, stats.expanded, stats.expansions_per_second, plan,
                               result.cost, result.message, extra)))


def _lifted_run(planner_name: str, domain_path: Path, problem_path: Path, deadline: Deadline, memory_mb: int
                ) -> RunResult:
    """A planner that grounds nothing, through ``solve`` (check, search, validate) under the run's deadline."""
    from agentgen_sym.compiler.compile import check_task
    from agentgen_sym.solver import solve

    start = time.perf_counter()
    try:
        solution = solve(check_task(domain_path, problem_path, deadline=deadline), planner_name,
                         memory_limit_mb=memory_mb, deadline=deadline)
    except MemoryError:
        return RunResult("limit", time.perf_counter() - start, message="MemoryError")
    except Exception as exc:  # a parse error, a limit while checking, or a bug in ours: kept as the run's error
        return RunResult("error", time.perf_counter() - start, message=error_text(exc))
    stats = solution.stats
    status = RUN_STATUS.get(solution.status.value, "error")
    plan = print_pddl(solution.plan) if solution.solved else None
    return RunResult(status, time.perf_counter() - start, stats.seconds, stats.expanded, stats.expansions_per_second,
                     plan, solution.cost, solution.message, {"generated": stats.generated})


def run_ours(ctx: SpawnContext, config: Config, domain: Path, problem: Path, limit_s: float,
             memory_mb: int) -> RunResult:
    """One ours run in a fresh worker, killed with its process group at limit + 10 s."""
    return _run_worker(ctx, _ours_worker, (config.planner, str(domain), str(problem), limit_s, memory_mb), limit_s)


def _run_worker(ctx: SpawnContext, target, args: tuple, limit_s: float) -> RunResult:
    """``target(*args, conn)`` in a fresh spawned worker that sends one RunResult as a dict;
    killed with its process group at limit + 10 s."""
    parent_conn, child_conn = ctx.Pipe(duplex=False)
    process = ctx.Process(target=target, daemon=True, args=(*args, child_conn))
    started = time.perf_counter()
    process.start()
    child_conn.close()
    deadline = Deadline.after(limit_s + KILL_GRACE_S)
    payload = None
    while payload is None and not deadline.passed():
        if parent_conn.poll(0.2):
            try:
                payload = parent_conn.recv()
            except EOFError:
                break
        elif not process.is_alive() and not parent_conn.poll(0):
            break
    kill_group(process.pid)
    process.join(timeout=5)
    if process.is_alive():
        process.kill()
        process.join()
    parent_conn.close()
    if payload is not None:
        result = RunResult(**payload)
        if result.solved and result.seconds > limit_s:
            result.status, result.message = "limit", f"plan found after the limit ({result.seconds:.1f} s)"
        return result
    elapsed = time.perf_counter() - started
    if deadline.passed():
        return RunResult("killed", limit_s, message=f"killed at the limit + {KILL_GRACE_S:g} s")
    return RunResult("error", min(elapsed, limit_s), message=f"worker died (exit code {process.exitcode})")


# --------------------------------------------------------------------------- pyperplan's search rate, in a worker


class _Deadline(Exception):
    pass


def _pyperplan_rate_worker(search: str, heuristic: str, domain_path: str, problem_path: str, limit_s: float,
                           memory_mb: int, conn: Connection) -> None:
    """pyperplan's own search and heuristic, in process, stopped by a timer at the limit: its
    expansions (calls of ``get_successor_states``, once per expansion) and seconds from the
    search's start, so a search that runs out of time still has a rate."""
    began = time.perf_counter()
    os.setsid()
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)
    from pyperplan.planner import HEURISTICS, SEARCHES, _ground, _parse

    _limit_memory(memory_mb)
    task = _ground(_parse(domain_path, problem_path))
    h = HEURISTICS[heuristic](task)
    expanded = [0]
    successors = task.get_successor_states

    def counted(state):
        expanded[0] += 1
        return successors(state)

    def stop(_signum, _frame):
        raise _Deadline

    task.get_successor_states = counted
    signal.signal(signal.SIGALRM, stop)
    start = time.perf_counter()
    signal.setitimer(signal.ITIMER_REAL, max(0.01, limit_s - (start - began)))  # the limit covers grounding
    try:
        plan = SEARCHES[search](task, h)
        status = "solved" if plan is not None else "unsolvable"
    except _Deadline:
        status = "limit"
    except MemoryError:
        status = "limit"
    seconds = time.perf_counter() - start
    signal.setitimer(signal.ITIMER_REAL, 0)
    conn.send(asdict(RunResult(status, seconds, seconds, expanded[0], expanded[0] / seconds if seconds > 0 else None,
                               message="" if status != "limit" else "stopped at the time limit")))


def run_pyperplan_rate(ctx: SpawnContext, config: Config, domain: Path, problem: Path, limit_s: float,
                       memory_mb: int) -> RunResult:
    """pyperplan's rate run in a fresh worker, killed with its process group at limit + 10 s."""
    return _run_worker(ctx, _pyperplan_rate_worker, (*config.options, str(domain), str(problem), limit_s, memory_mb),
                       limit_s)


# --------------------------------------------------------------------------- anchors, through backends.py


def run_anchor(config: Config, domain: Path, problem: Path, limit_s: float, memory_mb: int) -> RunResult:
    """An anchor on the benchmark files through agentgen_sym/backends.py, the runner ``solve`` uses: Fast
    Downward under its own time and memory limits (killed at limit + 10 s), pyperplan killed at the limit
    with its address space capped. Its time is the planner process's wall clock."""
    found = run_backend_on_files(config.planner, domain, problem, limit_s, memory_mb)
    status = "killed" if found.overran else RUN_STATUS.get(found.status.value, "error")
    message = found.message
    if status == "solved" and found.seconds > limit_s:
        status, message = "limit", f"plan found after the limit ({found.seconds:.1f} s)"
    plan = claimed = None
    if found.plan is not None:  # pyperplan reads STRIPS only and writes no cost: a step costs 1
        claimed = len(found.plan.steps) if config.kind == "pyperplan" else found.plan.cost
        plan = print_pddl(ast.Plan(found.plan.steps, claimed))
    eps = found.expanded / found.search_seconds if found.expanded is not None and found.search_seconds else None
    extra = {"exit_code": found.exit_code} if config.kind == "fd" and found.exit_code is not None else {}
    return RunResult(status, found.seconds, found.search_seconds, found.expanded, eps, plan, claimed, message, extra)


def run_config(ctx: SpawnContext, config: Config, task: Task, benchmarks: Path, limit_s: float,
               memory_mb: int) -> RunResult:
    """One run, never raising: a failure of the bench machinery is recorded as an error of the run."""
    domain, problem = benchmarks / task.domain_file, benchmarks / task.problem_file
    if config.kind == "pyperplan" and not task.pyperplan_readable:
        return RunResult("n/a", message="pyperplan reads STRIPS only (no ADL, no action costs)")
    try:
        if config.kind == "ours":
            result = run_ours(ctx, config, domain, problem, limit_s, memory_mb)
            result.extra["code"] = os.environ.get(CODE_LABEL_VARIABLE, "working tree")
            return result
        if config.kind == "pyperplan-rate":
            return run_pyperplan_rate(ctx, config, domain, problem, limit_s, memory_mb)
        return run_anchor(config, domain, problem, limit_s, memory_mb)
    except Exception as exc:
        return RunResult("error", message=f"bench: {error_text(exc)}")


# --------------------------------------------------------------------------- validation worker


def _validation_main(conn: Connection) -> None:
    """Validate plans with ours and (optionally) unified-planning; parsed tasks are cached per file pair."""
    os.setsid()
    use_frozen_code()
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)
    import warnings

    warnings.filterwarnings("ignore")
    from agentgen_sym.compiler.parser import parse_domain, parse_plan, parse_problem
    from agentgen_sym.compiler.validate import validate

    cache: dict = {}
    up_cache: dict = {}
    conn.send(("ready", None))
    while (job := conn.recv()) is not None:
        domain_path, problem_path, plan, with_up = job
        out: dict = {}
        start = time.perf_counter()
        try:
            key = (domain_path, problem_path)
            if key not in cache:
                cache.clear()
                cache[key] = (parse_domain(Path(domain_path)), parse_problem(Path(problem_path)))
            verdict = validate(*cache[key], parse_plan(plan))
            out.update(ours_valid=verdict.valid, ours_cost=verdict.cost,
                       ours_message="" if verdict.valid or not verdict.diagnostics else
                       f"{verdict.diagnostics[0].code}: {verdict.diagnostics[0].message}")
        except Exception as exc:
            out.update(ours_valid=None, ours_cost=None, ours_message=f"validator error: {error_text(exc)}")
        out["ours_seconds"] = time.perf_counter() - start
        if with_up:
            conn.send(("ours", dict(out)))  # kept if unified-planning then overruns the timeout
            start = time.perf_counter()
            try:
                from unified_planning.engines import ValidationResultStatus
                from unified_planning.io import PDDLReader
                from unified_planning.shortcuts import PlanValidator, get_environment

                get_environment().credits_stream = None
                key = (domain_path, problem_path)
                if key not in up_cache:
                    up_cache.clear()
                    reader = PDDLReader()
                    up_cache[key] = (reader, reader.parse_problem(domain_path, problem_path))
                reader, up_problem = up_cache[key]
                up_plan = reader.parse_plan_string(up_problem, plan)
                with PlanValidator(name="sequential_plan_validator") as validator:
                    theirs = validator.validate(up_problem, up_plan)
                cost = next(iter(theirs.metric_evaluations.values()), None) if theirs.metric_evaluations else None
                out.update(up_valid={ValidationResultStatus.VALID: True,
                                     ValidationResultStatus.INVALID: False}.get(theirs.status),
                           up_cost=None if cost is None else float(cost),
                           up_message="" if theirs.status == ValidationResultStatus.VALID else
                           str(getattr(theirs, "reason", "") or theirs.status.name)[:300])
            except Exception as exc:
                out.update(up_valid=None, up_cost=None, up_message=f"UP error: {error_text(exc)}")
            out["up_seconds"] = time.perf_counter() - start
        conn.send(("done", out))


def receive_verdict(conn: Connection, timeout_s: float) -> dict | None:
    """The worker's last message within ``timeout_s``: ("ours", partial) may precede ("done", full)."""
    deadline = Deadline.after(timeout_s)
    verdict = None
    while conn.poll(deadline.left()):
        try:
            kind, verdict = conn.recv()
        except EOFError:
            break
        if kind == "done":
            break
    return verdict


class Validator:
    """A long-lived validation worker; replaced after a plan overruns its timeout."""

    def __init__(self, ctx: SpawnContext) -> None:
        self.conn, child_conn = ctx.Pipe()
        self.process: SpawnProcess = ctx.Process(target=_validation_main, args=(child_conn,), daemon=True)
        self.process.start()
        child_conn.close()
        if not self.conn.poll(WORKER_START_TIMEOUT_S):
            self.kill()
            raise RuntimeError("validation worker did not start")
        self.conn.recv()

    def run(self, domain: Path, problem: Path, plan: str, with_up: bool, timeout_s: float) -> dict | None:
        """Both verdicts; ours alone when unified-planning overran ``timeout_s`` (the worker is then
        still busy and must be killed); None when ours overran it too."""
        self.conn.send((str(domain), str(problem), plan, with_up))
        return receive_verdict(self.conn, timeout_s)

    def kill(self) -> None:
        kill_group(self.process.pid)
        self.process.kill()
        self.process.join()
        self.conn.close()

    def close(self) -> None:
        try:
            self.conn.send(None)
        except OSError:
            pass
        self.process.join(timeout=10)
        if self.process.is_alive():
            self.kill()
        else:
            self.conn.close()


def validate_all(tasks: list[Task], results: dict[str, list[RunResult | None]], benchmarks: Path, with_up: bool,
                 timeout_s: float, jobs: int = 1, save: Callable[[], None] | None = None) -> None:
    """Validate every plan found: ``jobs`` workers, one task at a time each (a worker caches the
    parsed task); ``save`` is called after each task, so an interrupted run keeps its verdicts."""
    ctx = multiprocessing.get_context("spawn")

    def pending(result: RunResult | None) -> bool:
        """A plan not yet validated (a resumed run keeps the verdicts it already has)."""
        if result is None or result.plan is None:
            return False
        return result.validation is None or (with_up and "up_valid" not in result.validation)

    todo = {i: [name for name in results if pending(results[name][i])] for i in range(len(tasks))}
    todo = {i: names for i, names in todo.items() if names}
    total, done = sum(len(names) for names in todo.values()), 0
    lock, local = threading.Lock(), threading.local()
    workers: list[Validator] = []

    def validate_task(i: int) -> None:
        nonlocal done
        task = tasks[i]
        for name in todo[i]:
            if getattr(local, "validator", None) is None:
                local.validator = Validator(ctx)
                with lock:
                    workers.append(local.validator)
            result = results[name][i]
            verdict = local.validator.run(benchmarks / task.domain_file, benchmarks / task.problem_file,
                                          result.plan, with_up, timeout_s)
            if verdict is None or (with_up and "up_valid" not in verdict):
                local.validator.kill()
                with lock:
                    workers.remove(local.validator)
                local.validator = None
                if verdict is None:
                    verdict = {"ours_valid": None, "ours_cost": None,
                               "ours_message": f"validation timeout ({timeout_s:g} s)"}
                if with_up:
                    verdict.update(up_valid=None, up_cost=None, up_message=f"UP timeout ({timeout_s:g} s)")
                _progress(f"validate {task.problem_file} {name}: timeout")
            result.validation = verdict
            with lock:
                done += 1
                if done % 25 == 0 or done == total:
                    _progress(f"validate {done}/{total}")
        if save is not None:
            with lock:
                save()

    try:
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            for future in [pool.submit(validate_task, i) for i in todo]:
                future.result()
    finally:
        for worker in workers:
            worker.close()


# --------------------------------------------------------------------------- reporting


def _progress(text: str) -> None:
    """Progress goes to stderr so stdout holds only the tables."""
    print(text, file=sys.stderr, flush=True)


def _median(values: list[float]) -> float | None:
    return statistics.median(values) if values else None


def _fmt(value: float | None, digits: int = 2) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def _cost(result: RunResult) -> float | None:
    """The validated cost when our validator accepted the plan, else the planner's claim."""
    if result.validation and result.validation.get("ours_valid"):
        return float(result.validation["ours_cost"])
    return None if result.claimed_cost is None else float(result.claimed_cost)


def print_coverage(tasks: list[Task], results: dict[str, list[RunResult | None]], tools: list[str],
                   limit_s: float) -> None:
    """Per-domain solved counts, then coverage and median times per tool."""
    domains = list(dict.fromkeys(task.domain for task in tasks))
    compare = "ours" in tools and "pp-gbfs" in tools
    header = ["domain", "tasks", *tools] + (["ours<pp"] if compare else [])
    rows = []
    for domain in domains:
        idx = [i for i, task in enumerate(tasks) if task.domain == domain]
        row = [domain, str(len(idx))]
        for tool in tools:
            runs = [results[tool][i] for i in idx]
            if all(r.status == "n/a" for r in runs):
                row.append("n/a")
            else:
                row.append(str(sum(r.solved for r in runs)))
        if compare:
            pp = [results["pp-gbfs"][i] for i in idx]
            ours = sum(results["ours"][i].solved for i in idx)
            flag = "" if all(r.status == "n/a" for r in pp) or ours >= sum(r.solved for r in pp) else "YES"
            row.append(flag)
        rows.append(row)
    print(f"coverage per domain (solved within {limit_s:g} s):")
    print_rows(header, rows)
    print()
    header = ["tool", "solved", "run", "n/a", "skipped", "coverage", "median s", "search med s", "unsolv", "limit",
              "killed", "unsupp", "error"]
    rows = []
    for tool in tools:
        runs = results[tool]
        attempted = [r for r in runs if r.status not in ("n/a", "skipped")]
        solved = [r for r in runs if r.solved]
        count = lambda status: str(sum(r.status == status for r in runs))  # noqa: E731
        coverage = f"{100 * len(solved) / len(attempted):.1f}%" if attempted else "-"
        rows.append([tool, str(len(solved)), str(len(attempted)), count("n/a"), count("skipped"), coverage,
                     _fmt(_median([r.seconds for r in solved]), 3),
                     _fmt(_median([r.search_seconds for r in solved if r.search_seconds is not None]), 3),
                     count("unsolvable"), count("limit"), count("killed"), count("unsupported"), count("error")])
    print("overall (coverage = solved / run, runs skipped by --where-solved left out; medians over solved tasks; "
          "ours' time is parse + ground + search):")
    print_rows(header, rows)


def print_targets(tasks: list[Task], results: dict[str, list[RunResult | None]], tools: list[str]) -> None:
    """The ratio lines the targets need: (a) ours vs pyperplan per domain, (b) ours vs LAMA, (c) optimal costs."""
    print()
    print("targets:")
    if "ours" in tools and "pp-gbfs" in tools:
        readable = [i for i, task in enumerate(tasks) if results["pp-gbfs"][i].status != "n/a"]
        ours = sum(results["ours"][i].solved for i in readable)
        pp = sum(results["pp-gbfs"][i].solved for i in readable)
        worse = []
        for domain in dict.fromkeys(tasks[i].domain for i in readable):
            idx = [i for i in readable if tasks[i].domain == domain]
            o, p = sum(results["ours"][i].solved for i in idx), sum(results["pp-gbfs"][i].solved for i in idx)
            if o < p:
                worse.append(f"{domain} ({o} < {p})")
        print(f"  (a) ours vs pyperplan GBFS h_FF on the {len(readable)} tasks pyperplan reads: {ours} vs {pp} solved; "
              f"domains where ours < pyperplan: {', '.join(worse) if worse else 'none'}")
    if "ours" in tools and "fd-lama" in tools:
        ours = sum(r.solved for r in results["ours"])
        lama = sum(r.solved for r in results["fd-lama"])
        gap = (lama - ours) / lama if lama else 0.0
        verdict = "YES" if gap <= LAMA_GAP_TARGET else "NO"
        print(f"  (b) ours vs FD lama-first over all {len(tasks)} tasks: {ours} vs {lama} solved; gap "
              f"{100 * gap:.1f}% of lama's coverage ({lama - ours:+d} tasks); within {100 * LAMA_GAP_TARGET:.0f}%: "
              f"{verdict}")
    if "ours-opt" in tools and "fd-lmcut" in tools:
        both = [i for i in range(len(tasks)) if results["ours-opt"][i].solved and results["fd-lmcut"][i].solved]
        mismatches = [(i, _cost(results["ours-opt"][i]), _cost(results["fd-lmcut"][i])) for i in both
                      if _cost(results["ours-opt"][i]) != _cost(results["fd-lmcut"][i])]
        print(f"  (c) ours A* LM-cut vs FD A* LM-cut: {len(both)} tasks solved by both, {len(mismatches)} cost "
              f"mismatches (must be 0)")
        for i, ours_cost, fd_cost in mismatches:
            print(f"      {tasks[i].problem_file}: ours {ours_cost}, FD {fd_cost}")


def print_validation(tasks: list[Task], results: dict[str, list[RunResult | None]], with_up: bool) -> list[str]:
    """Counts per tool: plans, valid by ours, valid by UP, disagreements; returns the problem lines."""
    header = ["tool", "plans", "ours valid", "UP valid", "UP n/a", "disagree", "cost claim wrong"]
    rows, problems = [], []
    up_failures: dict[str, dict[str, list[str]]] = {}  # UP message -> problem file -> tools
    totals = [0] * 6
    for name, runs in results.items():
        plans = [(i, r) for i, r in enumerate(runs) if r is not None and r.plan is not None and r.validation]
        if not plans:
            continue
        ours_valid = sum(bool(r.validation.get("ours_valid")) for _, r in plans)
        up_valid = sum(bool(r.validation.get("up_valid")) for _, r in plans)
        up_na = sum(r.validation.get("up_valid") is None for _, r in plans) if with_up else len(plans)
        disagree = wrong_claim = 0
        for i, r in plans:
            v = r.validation
            where = f"{tasks[i].problem_file} [{name}]"
            if v.get("ours_valid") is False:
                problems.append(f"invalid by ours: {where}: {v.get('ours_message')}")
            elif v.get("ours_valid") is None:
                problems.append(f"not validated by ours: {where}: {v.get('ours_message')}")
            if with_up and v.get("up_valid") is False:
                problems.append(f"invalid by UP: {where}: {v.get('up_message')}")
            if with_up and v.get("up_valid") is None:
                up_failures.setdefault(str(v.get("up_message")), {}).setdefault(tasks[i].problem_file, []).append(name)
            if v.get("up_valid") is not None and v.get("ours_valid") is not None:
                costs_differ = (v["ours_valid"] and v["up_valid"] and v.get("up_cost") is not None
                                and float(v["ours_cost"]) != float(v["up_cost"]))
                if v["ours_valid"] != v["up_valid"] or costs_differ:
                    disagree += 1
                    problems.append(f"DISAGREEMENT: {where}: ours valid={v['ours_valid']} cost={v['ours_cost']}, "
                                    f"UP valid={v['up_valid']} cost={v.get('up_cost')}")
            if v.get("ours_valid") and r.claimed_cost is not None and float(r.claimed_cost) != float(v["ours_cost"]):
                wrong_claim += 1
                problems.append(f"cost claim wrong: {where}: planner says {r.claimed_cost:g}, "
                                f"validator {v['ours_cost']:g}")
        counts = [len(plans), ours_valid, up_valid, up_na, disagree, wrong_claim]
        totals = [a + b for a, b in zip(totals, counts)]
        rows.append([name, *map(str, counts)])
    rows.append(["all", *map(str, totals)])
    for message, files in up_failures.items():
        count = sum(len(tools) for tools in files.values())
        problems.append(f"UP could not validate {count} plan(s) on {', '.join(files)}: {message}")
    print()
    print("validation of every plan found (ours = compiler/validate.py, UP = unified-planning"
          + (")" if with_up else "; skipped: --no-up-validate)") + ":")
    print_rows(header, rows)
    print(f"disagreements between the validators: {totals[4]} (must be 0)")
    return problems


def throughput_rows(tasks: list[Task], results: dict[str, list[RunResult | None]]) -> dict[str, list[tuple]]:
    """Per configuration: (task index, ours exp/s, pyperplan exp/s) on the tasks that count."""
    rows: dict[str, list[tuple]] = {}
    for label, (ours_name, pp_name) in THROUGHPUT_PAIRS.items():
        rows[label] = []
        if ours_name not in results or pp_name not in results:
            continue
        for i in range(len(tasks)):
            ours, pp = results[ours_name][i], results[pp_name][i]
            if ours is None or pp is None or ours.status not in RATE_MEASURED or pp.status not in RATE_MEASURED:
                continue
            if (ours.expanded or 0) < MIN_EXPANSIONS or (pp.expanded or 0) < MIN_EXPANSIONS:
                continue
            if not ours.expansions_per_second or not pp.expansions_per_second:
                continue
            rows[label].append((i, ours.expansions_per_second, pp.expansions_per_second))
    return rows


def print_throughput(tasks: list[Task], results: dict[str, list[RunResult | None]]) -> None:
    """Median expansions per second per tool and configuration, and the median of per-task ratios."""
    rows = throughput_rows(tasks, results)
    candidates = sum(task.strips_unit for task in tasks)
    header = ["search", "tasks", "ours exp/s", "pyperplan exp/s", "median ratio", "min ratio", "max ratio",
              f">= {THROUGHPUT_TARGET:g}x"]
    table = []
    for label, items in rows.items():
        ratios = [o / p for _, o, p in items]
        table.append([label, str(len(items)), _fmt(_median([o for _, o, _ in items]), 0),
                      _fmt(_median([p for _, _, p in items]), 0), _fmt(_median(ratios), 1) + "x" if ratios else "-",
                      _fmt(min(ratios), 1) + "x" if ratios else "-", _fmt(max(ratios), 1) + "x" if ratios else "-",
                      ("YES" if statistics.median(ratios) >= THROUGHPUT_TARGET else "NO") if ratios else "-"])
    print()
    print(f"throughput, identical searches, ours / pyperplan (of {candidates} STRIPS unit-cost tasks: those where "
          f"both searches expand >= {MIN_EXPANSIONS} nodes, finished or stopped at the limit):")
    print_rows(header, table)
    for label, items in rows.items():
        if items:
            print(f"  {label}: " + ", ".join(f"{tasks[i].problem_file} {o / p:.1f}x" for i, o, p in items))


def print_problems(tasks: list[Task], results: dict[str, list[RunResult | None]], tools: list[str],
                   validation_problems: list[str]) -> None:
    """Everything worth a look: crashes, killed runs, invalid plans, ours failing where an anchor solved."""
    lines = list(validation_problems)
    refused: dict[tuple[str, str], list[str]] = {}
    for name, runs in results.items():
        for i, r in enumerate(runs):
            if r is not None and r.status in ("error", "killed"):
                lines.append(f"{r.status}: {tasks[i].problem_file} [{name}]: {r.message}")
            elif r is not None and r.status == "unsupported":
                refused.setdefault((name, r.message), []).append(tasks[i].problem_file)
            elif r is not None and r.plan is not None and not r.solved:
                lines.append(f"late plan (validated, not counted): {tasks[i].problem_file} [{name}]: {r.message}")
    for (name, message), files in refused.items():
        lines.append(f"unsupported [{name}] on {len(files)} task(s) ({', '.join(files)}): {message}")
    pairs = [("ours", "pp-gbfs"), ("ours", "fd-lama"), ("ours-opt", "pp-lmcut"), ("ours-opt", "fd-lmcut")]
    for ours_name, anchor in pairs:
        if ours_name in tools and anchor in tools:
            for i in range(len(tasks)):
                o, a = results[ours_name][i], results[anchor][i]
                if a.solved and not o.solved:
                    why = o.message if o.status != "unsupported" else "see above"
                    lines.append(f"{ours_name} fails where {anchor} solves: {tasks[i].problem_file}: ours {o.status} "
                                 f"({why or f'{o.seconds:.1f} s'}), {anchor} {a.seconds:.2f} s")
    print()
    print(f"problems and notes ({len(lines)}):" if lines else "problems and notes: none")
    for line in lines:
        print(f"  {line}")


def json_payload(args: argparse.Namespace, benchmarks: Path, tasks: list[Task],
                 results: dict[str, list[RunResult | None]], wall_s: float, finished: bool) -> dict:
    return {
        "benchmarks": str(benchmarks),
        "time_limit_s": args.time_limit,
        "memory_limit_mb": args.memory_limit,
        "tools": args.tools,
        "throughput": args.throughput,
        "up_validate": args.up_validate,
        "finished": finished,
        "wall_seconds": wall_s,
        "configs": {name: asdict(CONFIGS[name]) for name in results},
        "tasks": [asdict(task) for task in tasks],
        "results": {name: [None if r is None else asdict(r) for r in runs] for name, runs in results.items()},
    }


# --------------------------------------------------------------------------- main


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_benchmarks_option(parser)
    add_tools_option(parser, list(COVERAGE), GROUNDED_DEFAULT)
    parser.add_argument("--domains", help="comma-separated domain names (default: all)")
    parser.add_argument("--problems-per-domain", type=int, metavar="K", help="first K problems of each domain")
    parser.add_argument("--last-per-domain", type=int, metavar="K",
                        help="last K problems of each domain (the largest; instead of --problems-per-domain)")
    parser.add_argument("--time-limit", type=float, metavar="S", help="seconds per run (default 60; --quick 20)")
    parser.add_argument("--memory-limit", type=int, default=4096, metavar="MB", help="per run (default 4096)")
    parser.add_argument("--quick", action="store_true", help="2 problems per domain, 20 s per run")
    parser.add_argument("--no-throughput", dest="throughput", action="store_false",
                        help="skip the ours-vs-pyperplan expansions-per-second runs")
    parser.add_argument("--no-up-validate", dest="up_validate", action="store_false",
                        help="validate with ours only (unified-planning takes ~1-2 s per plan)")
    parser.add_argument("--validate-timeout", type=float, default=120.0, metavar="S", help="per plan (default 120)")
    parser.add_argument("--json", type=Path, metavar="FILE", help="write raw per-run results here (atomically)")
    parser.add_argument("--resume", action="store_true",
                        help="with --json FILE: keep the runs FILE already holds (same limits) and run only the missing "
                             "ones; the tables cover the tools of both")
    parser.add_argument("--redo", default="", metavar="TOOLS",
                        help="with --resume: run these configurations again (e.g. ours,ours-opt,ours-gbfs-hff,"
                             "ours-astar-hadd after a planner change)")
    parser.add_argument("--where-solved", metavar="TOOL",
                        help="run the other tools only on the tasks TOOL solved (TOOL among --tools, or kept by "
                             "--resume); their other runs are 'skipped', left out of their coverage: enough for the "
                             "optimal-cost check without running Fast Downward to the limit where ours gave up")
    parser.add_argument("--jobs", type=int, default=1, metavar="N",
                        help="tasks solved (and then validated) at a time (default 1; each run is its own process, "
                             "so N > 1 needs N idle cores for fair times)")
    parser.add_argument("--no-freeze", dest="freeze", action="store_false",
                        help="workers import the package from the working tree as it is when each run starts "
                             "(default: a wheel of the tree built at start, so edits during the run change nothing)")
    parser.add_argument("--from-json", type=Path, metavar="FILE",
                        help="run nothing: print the tables again from the results a finished run wrote with --json")
    args = parser.parse_args(argv)
    args.tools = chosen_tools(parser, args.tools, list(COVERAGE))
    args.domains = [d.strip() for d in args.domains.split(",") if d.strip()] if args.domains else None
    if args.problems_per_domain is None and args.quick:
        args.problems_per_domain = 2
    if args.time_limit is None:
        args.time_limit = 20.0 if args.quick else 60.0
    if args.problems_per_domain is not None and args.problems_per_domain < 1:
        parser.error("--problems-per-domain must be at least 1")
    if args.last_per_domain is not None and (args.last_per_domain < 1 or args.problems_per_domain is not None):
        parser.error("--last-per-domain must be at least 1 and goes without --problems-per-domain and --quick")
    args.redo = {name.strip() for name in args.redo.split(",") if name.strip()}
    if args.redo - set(CONFIGS):
        parser.error(f"--redo: unknown {', '.join(sorted(args.redo - set(CONFIGS)))}; choose from {', '.join(CONFIGS)}")
    if (args.resume or args.redo) and args.json is None:
        parser.error("--resume and --redo need --json FILE")
    if args.where_solved is not None and args.where_solved not in COVERAGE:
        parser.error(f"--where-solved: unknown {args.where_solved}; choose from {', '.join(COVERAGE)}")
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    if args.time_limit <= 0 or args.memory_limit <= 0:
        parser.error("--time-limit and --memory-limit must be positive")
    return args


def _note(result: RunResult) -> str:
    extra = f" {result.expanded} exp" if result.expanded is not None else ""
    message = f" ({result.message[:120]})" if result.message and not result.solved else ""
    return f"{result.status} {result.seconds:.2f} s{extra}{message}"


def report(args: argparse.Namespace, benchmarks: Path, tasks: list[Task], results: dict[str, list[RunResult | None]],
           solve_s: float | None, wall_s: float) -> None:
    """All tables, in order, on stdout."""
    print(f"{len(tasks)} tasks from {benchmarks}, {args.time_limit:g} s and {args.memory_limit} MB per run")
    labels = [r.extra.get("code", "unrecorded") for name, runs in results.items() if CONFIGS[name].kind == "ours"
              for r in runs if r is not None and r.status not in ("skipped", "n/a")]
    versions = ", ".join(f"{label} ({labels.count(label)} runs)" for label in dict.fromkeys(labels))
    print(f"our planners measured from code: {versions or '-'}")
    print()
    print_coverage(tasks, results, args.tools, args.time_limit)
    print_targets(tasks, results, args.tools)
    problems = print_validation(tasks, results, args.up_validate)
    if args.throughput:
        print_throughput(tasks, results)
    print_problems(tasks, results, args.tools, problems)
    print()
    split = "" if solve_s is None else f" ({solve_s:.0f} s solving, {wall_s - solve_s:.0f} s validating)"
    print(f"wall time: {wall_s:.0f} s{split}")


def report_from_json(path: Path) -> int:
    """Print the tables of an earlier run from its --json file."""
    payload = json.loads(path.read_text(encoding="utf-8"))
    args = argparse.Namespace(time_limit=payload["time_limit_s"], memory_limit=payload["memory_limit_mb"],
                              tools=payload["tools"], throughput=payload["throughput"],
                              up_validate=payload["up_validate"])
    tasks = [Task(**task) for task in payload["tasks"]]
    results = {name: [None if r is None else RunResult(**r) for r in runs]
               for name, runs in payload["results"].items()}
    wall_s = payload["wall_seconds"]
    if not payload["finished"]:  # an interrupted run: the tasks every compared tool has finished
        done = [i for i in range(len(tasks)) if all(results[tool][i] is not None for tool in args.tools)]
        print(f"unfinished run: {len(done)} of {len(tasks)} tasks done by every tool; plans not yet validated")
        tasks = [tasks[i] for i in done]
        results = {name: [runs[i] for i in done] for name, runs in results.items()}
    report(args, Path(payload["benchmarks"]), tasks, results, payload.get("solve_seconds"), wall_s)
    return 0


THROUGHPUT_RUNS = ("ours-gbfs-hff", "ours-astar-hadd", "pp-astar-hadd-rate", "pp-gbfs-hff-rate")


def load_previous(path: Path, args: argparse.Namespace, benchmarks: Path) -> dict[tuple[str, str], RunResult]:
    """The runs an earlier (possibly interrupted) run stored in its --json file, keyed by (config, problem file).
    Refused when its limits or benchmark folder differ: results under other limits are not comparable."""
    try:
        payload = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as exc:
        raise SystemExit(f"--resume: cannot read {path}: {error_text(exc)}") from exc
    ours = (str(benchmarks), args.time_limit, args.memory_limit)
    theirs = (payload.get("benchmarks"), payload.get("time_limit_s"), payload.get("memory_limit_mb"))
    if ours != theirs:
        raise SystemExit(f"--resume: {path} holds runs for (benchmarks, time limit, memory limit) = {theirs}, "
                         f"not {ours}; use another --json file")
    args.tools = [tool for tool in COVERAGE if tool in args.tools or tool in payload.get("tools", [])]
    args.throughput = args.throughput or bool(payload.get("throughput"))
    previous = {}
    for name, runs in payload.get("results", {}).items():
        if name in args.redo or name not in CONFIGS:
            continue
        for task, run in zip(payload.get("tasks", []), runs):
            if run is not None and run.get("status") != "skipped":
                previous[(name, task["problem_file"])] = RunResult(**run)
    return previous


def round_robin(tasks: list[Task]) -> list[int]:
    """Task indices in the order p01 of every domain, then p02 of every domain, ...: an interrupted run
    then holds the first K problems of every domain, a fair sample for the tables."""
    rank: dict[str, int] = {}
    order = []
    for i, task in enumerate(tasks):
        order.append((rank.get(task.domain, 0), i))
        rank[task.domain] = rank.get(task.domain, 0) + 1
    return [i for _, i in sorted(order)]


def solve_task(ctx: SpawnContext, args: argparse.Namespace, benchmarks: Path, tasks: list[Task], i: int,
               results: dict[str, list[RunResult | None]]) -> None:
    """All runs of one task, in order (pyperplan's throughput run needs ours' result first)."""
    task = tasks[i]
    where = args.where_solved
    todo = sorted(args.tools, key=lambda name: name != where)  # the reference first: the others wait on it
    if args.throughput and task.strips_unit:
        todo += [name for name in THROUGHPUT_RUNS if name not in todo]
    for name in todo:
        if results[name][i] is not None:
            continue
        if where is not None and name != where and name in args.tools and not results[where][i].solved:
            results[name][i] = RunResult("skipped", message=f"run only where {where} solved")
            continue
        if CONFIGS[name].kind == "pyperplan-rate":
            ours_name = next(o for o, pp in THROUGHPUT_PAIRS.values() if pp == name)
            ours = results[ours_name][i]
            if ours is None or ours.status not in RATE_MEASURED or (ours.expanded or 0) < MIN_EXPANSIONS:
                results[name][i] = RunResult("skipped", message=f"{ours_name} expanded < {MIN_EXPANSIONS} nodes")
                continue
        result = run_config(ctx, CONFIGS[name], task, benchmarks, args.time_limit, args.memory_limit)
        results[name][i] = result
        _progress(f"[{i + 1}/{len(tasks)}] {task.problem_file} {name}: {_note(result)}")


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.from_json is not None:
        return report_from_json(args.from_json)
    benchmarks = args.benchmarks.resolve()
    tasks = load_tasks(benchmarks, args.domains, args.problems_per_domain, args.last_per_domain)
    if not tasks:
        raise SystemExit("no tasks selected")
    previous = load_previous(args.json, args, benchmarks) if args.resume else {}
    if args.where_solved is not None and args.where_solved not in args.tools:
        raise SystemExit(f"--where-solved {args.where_solved}: not among the tools ({', '.join(args.tools)})")
    code_dir = tempfile.TemporaryDirectory(prefix="solve-bench-code-")
    if args.freeze:
        _progress(f"code under test: {freeze_code(Path(code_dir.name))} (frozen)")
    ctx = multiprocessing.get_context("spawn")
    names = list(args.tools)
    if args.throughput:
        names += [name for name in THROUGHPUT_RUNS if name not in names]
    results: dict[str, list[RunResult | None]] = {
        name: [previous.get((name, task.problem_file)) for task in tasks] for name in names}
    reused = sum(run is not None for runs in results.values() for run in runs)
    started = time.perf_counter()
    _progress(f"{len(tasks)} tasks, tools {', '.join(args.tools)}, {args.time_limit:g} s per run"
              + (", throughput runs on STRIPS unit-cost tasks" if args.throughput else "")
              + (f", {reused} runs reused from {args.json}" if reused else "")
              + (f", {args.jobs} tasks at a time" if args.jobs > 1 else ""))
    lock = threading.Lock()

    def one_task(i: int) -> None:
        solve_task(ctx, args, benchmarks, tasks, i, results)
        if args.json is not None:
            with lock:
                write_json(args.json, json_payload(args, benchmarks, tasks, results,
                                                   time.perf_counter() - started, False))

    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for future in [pool.submit(one_task, i) for i in round_robin(tasks)]:
            future.result()
    solve_s = time.perf_counter() - started

    def save_verdicts() -> None:
        if args.json is not None:
            write_json(args.json, json_payload(args, benchmarks, tasks, results, time.perf_counter() - started, False))

    validate_all(tasks, results, benchmarks, args.up_validate, args.validate_timeout, args.jobs, save_verdicts)
    wall_s = time.perf_counter() - started
    report(args, benchmarks, tasks, results, solve_s, wall_s)
    if args.json is not None:
        payload = json_payload(args, benchmarks, tasks, results, wall_s, True)
        write_json(args.json, payload | {"solve_seconds": solve_s})
    return 0


if __name__ == "__main__":
    sys.exit(main())
