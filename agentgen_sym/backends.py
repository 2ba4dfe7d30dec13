"""External planners behind ``solve``: Fast Downward, Mimir and pyperplan solve the task's PDDL,
their plans come back as steps of the lifted domain, and ``solve`` validates them like our own.

Fast Downward runs through the driver that the `up-fast-downward` package ships; Mimir (the
`pymimir` package: lifted GBFS with h_FF, nothing grounded up front) through ``mimir_runner``;
pyperplan through its command line. All are optional: when absent, the backend answers with
Status.ERROR and a message saying what to install. Each tool's outcome is read from one
table of its exit codes (``FD_EXIT_CODES``), never from log noise; its log gives only the
search statistics.

This is the one runner of these tools: ``solve`` hands it ASTs (``run_backend``), the solve
benchmark hands it the benchmark files as they are (``run_backend_on_files``), so both measure
the same process under the same limits.
"""

from __future__ import annotations

import os
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path

from agentgen_sym.compiler import ast
from agentgen_sym.compiler.diagnostics import PddlError
from agentgen_sym.compiler.parser import parse_plan
from agentgen_sym.compiler.printer import print_pddl
from agentgen_sym.extras import install_hint
from agentgen_sym.planners.result import Status

KILL_GRACE_S = 10.0
"""A tool with a time limit of its own (Fast Downward) is killed, with every process it started, this
long after that limit; a tool without one (pyperplan) is killed at the limit."""


@dataclass(frozen=True)
class Backend:
    name: str
    tool: str  # "fd", "mimir" or "pyperplan"
    options: tuple[str, ...]  # before the files (driver options), or for pyperplan all options
    optimal: bool
    search: tuple[str, ...] = ()  # Fast Downward search options: they follow the files

    @property
    def own_time_limit(self) -> bool:
        """Whether the tool stops itself at a time limit (Fast Downward, Mimir) or must be stopped (pyperplan)."""
        return self.tool in ("fd", "mimir")

    @property
    def grounds(self) -> bool:
        """Whether the tool needs a grounding that fits (Mimir's lifted search does not)."""
        return self.tool != "mimir"


BACKENDS = {
    "fd-lama-first": Backend("fd-lama-first", "fd", ("--alias", "lama-first"), optimal=False),
    "fd-astar-lmcut": Backend("fd-astar-lmcut", "fd", (), optimal=True, search=("--search", "astar(lmcut())")),
    "mimir-gbfs-ff": Backend("mimir-gbfs-ff", "mimir", (), optimal=False),
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

_FD_EXPANDED = re.compile(r"Expanded (\d+) state")
_FD_SEARCH_TIME = re.compile(r"Search time: ([0-9.]+)s")
_PP_EXPANDED = re.compile(r"(\d+) Nodes expanded")
_PP_SEARCH_TIME = re.compile(r"Search time: ([0-9.eE+-]+)")
_PP_STAMP = re.compile(r"^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}) \w+\s+Search (start|end):", re.MULTILINE)
_ERROR_WORDS = re.compile(r"error|exception|unknown|not supported|unsupported", re.IGNORECASE)


@dataclass(frozen=True)
class BackendResult:
    """What an external planner said: a status, its plan as lifted steps, and what its run measured.

    ``seconds`` is the wall-clock time of the planner process (interpreter start, parsing and
    translation included); ``search_seconds`` and ``expanded`` are the search's own figures from the
    tool's log, when it printed them. ``overran``: the tool ignored its own time limit and was killed
    at that limit + KILL_GRACE_S.
    """

    status: Status
    plan: ast.Plan | None = None
    seconds: float = 0.0
    message: str = ""
    search_seconds: float | None = None
    expanded: int | None = None
    exit_code: int | None = None  # None: not started, or killed
    overran: bool = False


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


def run_backend(name: str, domain: ast.Domain, problem: ast.Problem, time_limit: float | None = None,
                memory_limit_mb: int | None = None) -> BackendResult:
    """Solve the task (printed as canonical PDDL) with an external planner."""
    backend = BACKENDS[name]
    if backend.tool == "mimir":
        domain = distinct_predicate_parameters(domain)
    with tempfile.TemporaryDirectory(prefix="agentgen-backend-") as tmp:
        work = Path(tmp)
        (work / "domain.pddl").write_text(print_pddl(domain), encoding="utf-8")
        (work / "problem.pddl").write_text(print_pddl(problem), encoding="utf-8")
        return _run(backend, work, time_limit, memory_limit_mb)


def distinct_predicate_parameters(domain: ast.Domain) -> ast.Domain:
    """``domain`` with each predicate declaration's parameters named apart where a name repeats (logistics
    declares ``(in ?obj ?obj)``): the names mean nothing, and Mimir's parser refuses a repeated one."""
    def apart(predicate: ast.Predicate) -> ast.Predicate:
        names = [p.name for p in predicate.parameters]
        if len(set(names)) == len(names):
            return predicate
        return replace(predicate, parameters=tuple(replace(p, name=f"x{i}") for i, p in enumerate(predicate.parameters)))

    return replace(domain, predicates=tuple(apart(p) for p in domain.predicates))


def run_backend_on_files(name: str, domain_file: Path, problem_file: Path, time_limit: float | None = None,
                         memory_limit_mb: int | None = None) -> BackendResult:
    """Solve the task of two PDDL files as they are, not re-printed: the benchmarks measure each tool on
    the original text."""
    with tempfile.TemporaryDirectory(prefix="agentgen-backend-") as tmp:
        work = Path(tmp)
        shutil.copyfile(domain_file, work / "domain.pddl")
        shutil.copyfile(problem_file, work / "problem.pddl")
        return _run(BACKENDS[name], work, time_limit, memory_limit_mb)


def _command(backend: Backend, time_limit: float | None, memory_limit_mb: int | None) -> list[str] | str:
    """The tool's command line in a folder holding domain.pddl and problem.pddl, or why it cannot run."""
    if backend.tool == "fd":
        driver = fast_downward_driver()
        if driver is None:
            return "Fast Downward is not installed (pip install up-fast-downward)"
        limits = ["--overall-time-limit", f"{max(1, int(time_limit))}s"] if time_limit else []
        if memory_limit_mb:
            limits += ["--overall-memory-limit", f"{memory_limit_mb}M"]
        return [sys.executable, str(driver), *backend.options, *limits, "--plan-file", "plan.txt", "domain.pddl",
                "problem.pddl", *backend.search]
    if backend.tool == "mimir":
        try:
            import pymimir  # noqa: F401
        except ImportError:
            return f"Mimir is not installed: {install_hint('lifted')} (it installs pymimir)"
        limits = ["--time-limit", f"{time_limit:g}"] if time_limit else []
        return [sys.executable, "-m", "agentgen_sym.mimir_runner", "domain.pddl", "problem.pddl", "plan.txt", *limits]
    try:
        import pyperplan  # noqa: F401
    except ImportError:
        return "pyperplan is not installed (pip install pyperplan)"
    # the info log holds the search's start and end stamps and its expansions
    return [sys.executable, "-m", "pyperplan", "-l", "info", *backend.options, "domain.pddl", "problem.pddl"]


def _run(backend: Backend, work: Path, time_limit: float | None, memory_limit_mb: int | None) -> BackendResult:
    """Run the tool in ``work`` and read its outcome: a plan file, else its exit code (and last words)."""
    command = _command(backend, time_limit, memory_limit_mb)
    if isinstance(command, str):
        return BackendResult(Status.ERROR, message=command)
    name = backend.name
    kill_after = None if time_limit is None else time_limit + (KILL_GRACE_S if backend.own_time_limit else 0.0)
    # Fast Downward caps its own memory; Mimir and pyperplan get an address-space cap
    cap = None if backend.tool == "fd" else memory_limit_mb
    code, output, seconds = _run_process(command, work, kill_after, cap)
    expanded, search_seconds = (_pyperplan_stats if backend.tool == "pyperplan" else _fd_stats)(output)
    measured = {"seconds": seconds, "search_seconds": search_seconds, "expanded": expanded, "exit_code": code}
    if code is None:
        if backend.own_time_limit:
            return BackendResult(Status.LIMIT_REACHED, message=f"{name}: killed at the time limit + {KILL_GRACE_S:g} s",
                                 overran=True, **measured)
        return BackendResult(Status.LIMIT_REACHED, message=f"{name}: time limit reached", **measured)
    plans = sorted(work.glob("problem.pddl.soln" if backend.tool == "pyperplan" else "plan.txt*"),
                   key=lambda p: (len(p.name), p.name))  # an anytime search's last plan is its best
    if plans:
        try:
            return BackendResult(Status.SOLVED, parse_plan(plans[-1].read_text(encoding="utf-8")), **measured)
        except PddlError as exc:
            return BackendResult(Status.ERROR, message=f"{name} wrote an unreadable plan: {exc}", **measured)
    status, meaning = _no_plan(backend, code, output)
    return BackendResult(status, message=f"{name}: {meaning}", **measured)


def _run_process(command: list[str], cwd: Path, kill_after_s: float | None, memory_limit_mb: int | None
                 ) -> tuple[int | None, str, float]:
    """Run a tool in a session of its own and kill the whole group at ``kill_after_s`` (and when it
    ends: nothing it started outlives it). Returns (exit code, None when killed; its output; wall seconds)."""
    preexec = None
    if memory_limit_mb:
        cap = memory_limit_mb * 1024 * 1024

        def preexec() -> None:
            resource.setrlimit(resource.RLIMIT_AS, (cap, cap))

    started = time.perf_counter()
    with open(cwd / "output.log", "w+", encoding="utf-8", errors="replace") as log:
        proc = subprocess.Popen(command, cwd=cwd, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                start_new_session=True, preexec_fn=preexec)
        try:
            code: int | None = proc.wait(timeout=kill_after_s)
        except subprocess.TimeoutExpired:
            code = None
        seconds = time.perf_counter() - started
        kill_group(proc.pid)
        proc.wait()
        log.seek(0)
        output = log.read()
    return code, output, seconds


def kill_group(pid: int) -> None:
    """Kill a process group (a planner and what it started); quiet when it is already gone."""
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def _fd_stats(output: str) -> tuple[int | None, float | None]:
    """Expansions and search seconds of Fast Downward's last search, from its log."""
    expanded, seconds = _FD_EXPANDED.findall(output), _FD_SEARCH_TIME.findall(output)
    return (int(expanded[-1]) if expanded else None), (float(seconds[-1]) if seconds else None)


def _pyperplan_stats(output: str) -> tuple[int | None, float | None]:
    """Expansions and search seconds of pyperplan, from its info log: the search's start and end stamps,
    else its own "Search time" line."""
    expanded = _PP_EXPANDED.findall(output)
    stamps = {kind: datetime.strptime(stamp, "%Y-%m-%d %H:%M:%S,%f") for stamp, kind in _PP_STAMP.findall(output)}
    seconds = None
    if "start" in stamps and "end" in stamps:
        seconds = (stamps["end"] - stamps["start"]).total_seconds()
    elif search_time := _PP_SEARCH_TIME.search(output):
        seconds = float(search_time.group(1))
    return (int(expanded[-1]) if expanded else None), seconds


def _no_plan(backend: Backend, code: int, output: str) -> tuple[Status, str]:
    """Why a tool that ended wrote no plan."""
    if backend.tool in ("fd", "mimir"):  # Mimir's runner exits with Fast Downward's codes
        status, meaning = fd_outcome(code)
        if status is Status.SOLVED:
            return Status.ERROR, f"exit code {code} but no plan file"
        return (status, f"{meaning}: {_telling_line(output)}") if status is Status.ERROR else (status, meaning)
    # pyperplan exits 0 whether or not it finds a plan; its last words say which
    if code == 0 and "No solution could be found" in output:
        return Status.UNSOLVABLE, "proved unsolvable"
    if "MemoryError" in output:
        return Status.LIMIT_REACHED, "MemoryError"
    return Status.ERROR, f"failed (exit {code}): {_telling_line(output)}"


def _telling_line(output: str) -> str:
    """The most telling line of a failed tool's output: the last one naming an error, else the last one."""
    lines = [line.strip() for line in output.splitlines() if line.strip()]
    telling = [line for line in lines if _ERROR_WORDS.search(line) and not line.startswith(("INFO", "search exit"))]
    return ((telling or lines)[-1:] or ["no output"])[0][:300]
