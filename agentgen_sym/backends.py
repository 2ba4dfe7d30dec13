"""External planners behind ``solve``: Fast Downward and pyperplan solve the task's PDDL, their
plans come back as steps of the lifted domain, and ``solve`` validates them like our own.

Fast Downward runs through the driver that the `up-fast-downward` package ships; pyperplan
through its command line. Both are optional: when absent, the backend answers with
Status.ERROR and a message saying what to install. Each tool's outcome is read from one
table of its exit codes (``FD_EXIT_CODES``), never from log noise.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from agentgen_sym.compiler import ast
from agentgen_sym.compiler.diagnostics import PddlError
from agentgen_sym.compiler.parser import parse_plan
from agentgen_sym.compiler.printer import print_pddl
from agentgen_sym.planners.result import Status


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

FD_EXIT_CODES: dict[int, tuple[Status, str]] = {
    0: (Status.SOLVED, "success"),
    1: (Status.SOLVED, "plan found, then out of memory"),
    2: (Status.SOLVED, "plan found, then out of time"),
    3: (Status.SOLVED, "plan found, then out of memory and time"),
    10: (Status.UNSOLVABLE, "the translator proved the task unsolvable"),
    11: (Status.UNSOLVABLE, "the search proved the task unsolvable"),
    12: (Status.LIMIT_REACHED, "an incomplete search ended without a plan"),
    20: (Status.LIMIT_REACHED, "the translator ran out of memory"),
    21: (Status.LIMIT_REACHED, "the translator ran out of time"),
    22: (Status.LIMIT_REACHED, "the search ran out of memory"),
    23: (Status.LIMIT_REACHED, "the search ran out of time"),
    24: (Status.LIMIT_REACHED, "the search ran out of memory and time"),
    30: (Status.ERROR, "translator critical error"),
    31: (Status.ERROR, "translator input error"),
    32: (Status.ERROR, "search critical error"),
    33: (Status.ERROR, "search input error"),
    34: (Status.UNSUPPORTED, "the search does not support the task's features"),
    35: (Status.ERROR, "driver critical error"),
    36: (Status.ERROR, "driver input error"),
    37: (Status.UNSUPPORTED, "the driver does not support the task's features"),
}
"""Fast Downward's exit codes as its documentation lists them (the "Exit Codes" page of
fast-downward.org, names from driver/returncodes.py): code -> (our status, meaning)."""


@dataclass(frozen=True)
class BackendResult:
    """What an external planner said: a status, its plan as lifted steps, wall seconds."""

    status: Status
    plan: ast.Plan | None = None
    seconds: float = 0.0
    message: str = ""


def fd_outcome(code: int) -> tuple[Status, str]:
    """Our reading of a Fast Downward exit code (an unknown code, such as a signal, is an error)."""
    return FD_EXIT_CODES.get(code, (Status.ERROR, f"exit code {code}"))


def fast_downward_driver() -> Path | None:
    """The `fast-downward.py` driver inside the up-fast-downward package, if installed."""
    try:
        import up_fast_downward
    except ImportError:
        return None
    driver = Path(up_fast_downward.__file__).parent / "downward" / "fast-downward.py"
    return driver if driver.exists() else None


def _command(backend: Backend, time_limit: float | None) -> list[str] | str:
    if backend.tool == "fd":
        driver = fast_downward_driver()
        if driver is None:
            return "Fast Downward is not installed (pip install up-fast-downward)"
        limit = ["--overall-time-limit", f"{max(1, int(time_limit))}s"] if time_limit else []
        return [sys.executable, str(driver), *limit, *backend.options, "--plan-file", "plan.txt", "domain.pddl",
                "problem.pddl", *backend.search]
    try:
        import pyperplan  # noqa: F401
    except ImportError:
        return "pyperplan is not installed (pip install pyperplan)"
    return [sys.executable, "-m", "pyperplan", *backend.options, "domain.pddl", "problem.pddl"]


def run_backend(name: str, domain: ast.Domain, problem: ast.Problem, time_limit: float | None = None
                ) -> BackendResult:
    """Solve the task (printed as canonical PDDL) with an external planner."""
    backend = BACKENDS[name]
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="agentgen-backend-") as tmp:
        work = Path(tmp)
        (work / "domain.pddl").write_text(print_pddl(domain), encoding="utf-8")
        (work / "problem.pddl").write_text(print_pddl(problem), encoding="utf-8")
        command = _command(backend, time_limit)
        if isinstance(command, str):
            return BackendResult(Status.ERROR, message=command)
        try:
            proc = subprocess.run(command, cwd=work, capture_output=True, text=True, stdin=subprocess.DEVNULL,
                                  timeout=None if time_limit is None else time_limit + 5)
        except subprocess.TimeoutExpired:
            return BackendResult(Status.LIMIT_REACHED, seconds=time.perf_counter() - started,
                                 message=f"{name}: time limit reached")
        seconds = time.perf_counter() - started
        plan_file = work / ("plan.txt" if backend.tool == "fd" else "problem.pddl.soln")
        if plan_file.exists():
            try:
                return BackendResult(Status.SOLVED, parse_plan(plan_file.read_text(encoding="utf-8")), seconds)
            except PddlError as exc:
                return BackendResult(Status.ERROR, seconds=seconds, message=f"{name} wrote an unreadable plan: {exc}")
        status, meaning = _no_plan(backend, proc)
        return BackendResult(status, seconds=seconds, message=f"{name}: {meaning}")


def _no_plan(backend: Backend, proc: subprocess.CompletedProcess) -> tuple[Status, str]:
    if backend.tool == "fd":
        status, meaning = fd_outcome(proc.returncode)
        return (Status.ERROR, f"exit code {proc.returncode} but no plan file") if status is Status.SOLVED \
            else (status, meaning)
    # pyperplan exits 0 whether or not it finds a plan; its last words say which
    output = proc.stdout + proc.stderr
    if proc.returncode == 0 and "No solution could be found" in output:
        return Status.UNSOLVABLE, "proved unsolvable"
    tail = output.strip().splitlines()[-1:] or ["no output"]
    return Status.ERROR, f"failed (exit {proc.returncode}): {tail[0]}"
