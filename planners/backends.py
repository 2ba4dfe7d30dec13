"""External planners behind the same interface: they solve the PDDL files, and their plans are
mapped onto the operators of our GroundTask, so results compare one to one.

Fast Downward runs through the driver that the `up-fast-downward` package ships; pyperplan
through its command line. Both are optional: when absent, the backend answers with
Status.ERROR and a message saying what to install.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from .result import SearchResult, SearchStats, Status
from .task import GroundTask


@dataclass(frozen=True)
class Backend:
    name: str
    tool: str  # "fd" or "pyperplan"
    options: tuple[str, ...]  # before the files (driver options), or for pyperplan all options
    optimal: bool
    search: tuple[str, ...] = ()  # Fast Downward search options: they follow the files


BACKENDS = {
    "fd-lama-first": Backend("fd-lama-first", "fd", ("--alias", "lama-first"), optimal=False),
    "fd-astar-lmcut": Backend("fd-astar-lmcut", "fd", (), optimal=True, search=("--search", "astar(lmcut())")),
    "pyperplan-gbfs-hff": Backend("pyperplan-gbfs-hff", "pyperplan", ("-s", "gbf", "-H", "hff"), optimal=False),
    "pyperplan-astar-lmcut": Backend("pyperplan-astar-lmcut", "pyperplan", ("-s", "astar", "-H", "lmcut"),
                                     optimal=True),
}
# Fast Downward's exit codes (driver/returncodes.py): 11/12 unsolvable, 22-24 out of memory or time
FD_UNSOLVABLE, FD_LIMITS = (11, 12), (22, 23, 24)


def fast_downward_driver() -> Path | None:
    """The `fast-downward.py` driver inside the up-fast-downward package, if installed."""
    try:
        import up_fast_downward
    except ImportError:
        return None
    driver = Path(up_fast_downward.__file__).parent / "downward" / "fast-downward.py"
    return driver if driver.exists() else None


def _command(backend: Backend, domain: Path, problem: Path, time_limit: float | None) -> list[str] | str:
    if backend.tool == "fd":
        driver = fast_downward_driver()
        if driver is None:
            return "Fast Downward is not installed (pip install up-fast-downward)"
        limit = ["--overall-time-limit", f"{max(1, int(time_limit))}s"] if time_limit else []
        return [sys.executable, str(driver), *limit, *backend.options, "--plan-file", "plan.txt", str(domain),
                str(problem), *backend.search]
    try:
        import pyperplan  # noqa: F401
    except ImportError:
        return "pyperplan is not installed (pip install pyperplan)"
    return [sys.executable, "-m", "pyperplan", *backend.options, str(domain), str(problem)]


def _read_plan(path: Path) -> list[str]:
    lines = path.read_text().splitlines()
    return [line.strip().lower() for line in lines if line.strip().startswith("(")]


def run_backend(name: str, domain_file: Path, problem_file: Path, task: GroundTask,
                time_limit: float | None = None) -> SearchResult:
    """Solve with an external planner; its plan comes back as operator ids of ``task``."""
    backend = BACKENDS[name]
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="agentgen-backend-") as tmp:
        work = Path(tmp)
        domain, problem = work / "domain.pddl", work / "problem.pddl"
        shutil.copyfile(domain_file, domain)
        shutil.copyfile(problem_file, problem)
        command = _command(backend, domain, problem, time_limit)
        if isinstance(command, str):
            return SearchResult(Status.ERROR, message=command)
        try:
            proc = subprocess.run(command, cwd=work, capture_output=True, text=True,
                                  timeout=None if time_limit is None else time_limit + 5)
        except subprocess.TimeoutExpired:
            return SearchResult(Status.LIMIT_REACHED, stats=SearchStats(seconds=time.perf_counter() - started),
                                message=f"{name}: time limit reached")
        plan_file = work / "plan.txt" if backend.tool == "fd" else work / "problem.pddl.soln"
        stats = SearchStats(seconds=time.perf_counter() - started)
        if not plan_file.exists():
            return _no_plan(name, proc, stats)
        by_name = {op_name: i for i, op_name in enumerate(task.op_names)}
        steps = _read_plan(plan_file)
        unknown = [s for s in steps if s not in by_name]
        if unknown:
            return SearchResult(Status.ERROR, stats=stats,
                                message=f"{name} returned {unknown[0]}, which is not an operator of the task")
        plan = [by_name[s] for s in steps]
        return SearchResult(Status.SOLVED, plan, int(task.cost[plan].sum()) if plan else 0, stats)


def _no_plan(name: str, proc: subprocess.CompletedProcess, stats: SearchStats) -> SearchResult:
    """Read the outcome from exit codes (Fast Downward) or pyperplan's final words, never from log noise."""
    output = proc.stdout + proc.stderr
    if proc.returncode in FD_UNSOLVABLE or "No solution could be found" in output:
        return SearchResult(Status.UNSOLVABLE, stats=stats, message=f"{name}: proved unsolvable")
    if proc.returncode in FD_LIMITS:
        return SearchResult(Status.LIMIT_REACHED, stats=stats, message=f"{name}: limit reached")
    tail = (proc.stdout + proc.stderr).strip().splitlines()[-1:] or ["no output"]
    return SearchResult(Status.ERROR, stats=stats, message=f"{name} failed (exit {proc.returncode}): {tail[0]}")
