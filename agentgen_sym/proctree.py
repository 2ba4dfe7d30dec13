"""The processes a job started, read from /proc: who they are, how much memory they hold, and a reaper
that ends them when the job's driver is gone.

A job's work runs in processes below its driver (the local pool's fork server and workers, a Ray
instance, a portfolio's forked members), so a limit on the job's memory adds theirs to the driver's,
and a driver killed outright must not leave them running. psutil is not a dependency: Linux's /proc
gives each process's children (``task/*/children``, or failing that the parent named in every
``stat``), its resident pages (``statm``, the measure of ``compiler.limits.resident_mb``) and its start
time (which tells a process from a later one given the same pid). Where /proc cannot be read (not
Linux) a process has no descendants here.

The module uses the standard library only: the reaper runs it as a script (``python -I -S
proctree.py PID...``), a process of a few MB that starts in milliseconds, beside a job whose
Ray instance it watches (agentgen_sym.executor).
"""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
from pathlib import Path

PROC = Path("/proc")
REAP_WATCH_S = 1.0
"""How often the reaper notes the processes under its roots while the driver lives."""


def _children_listed(pid: int) -> list[int] | None:
    """``pid``'s children from its threads' ``children`` files; None where the kernel has no such file."""
    try:
        threads = os.listdir(PROC / str(pid) / "task")
    except OSError:
        return []  # the process has ended
    found: list[int] = []
    for tid in threads:
        try:
            found.extend(int(c) for c in (PROC / str(pid) / "task" / tid / "children").read_bytes().split())
        except FileNotFoundError:
            if (PROC / str(pid) / "task" / tid).exists():
                return None  # a kernel without CONFIG_PROC_CHILDREN
        except (OSError, ValueError):
            continue  # the thread ended meanwhile
    return found


def _stat_fields(pid: int) -> list[bytes] | None:
    """The fields of ``/proc/PID/stat`` after the parenthesised command name (state first); None once gone."""
    try:
        stat = (PROC / str(pid) / "stat").read_bytes()
    except OSError:
        return None
    return stat[stat.rindex(b")") + 2:].split()


def _descendants_by_parent(root: int) -> list[int]:
    by_parent: dict[int, list[int]] = {}
    for entry in os.listdir(PROC):
        fields = _stat_fields(int(entry)) if entry.isdigit() else None
        if fields is not None:
            by_parent.setdefault(int(fields[1]), []).append(int(entry))
    found: list[int] = []
    frontier = [root]
    while frontier:
        children = by_parent.get(frontier.pop(), [])
        found.extend(children)
        frontier.extend(children)
    return found


def descendants(pid: int | None = None) -> list[int]:
    """The processes below ``pid`` (default: this process), at any depth; [] where /proc cannot be read."""
    root = os.getpid() if pid is None else pid
    if not PROC.is_dir():
        return []
    found: list[int] = []
    frontier = [root]
    while frontier:
        children = _children_listed(frontier.pop())
        if children is None:
            return _descendants_by_parent(root)
        found.extend(children)
        frontier.extend(children)
    return found


def process_resident_mb(pid: int) -> float:
    """``pid``'s resident memory now; 0 once it has ended."""
    try:
        pages = int((PROC / str(pid) / "statm").read_bytes().split()[1])
    except (OSError, ValueError, IndexError):
        return 0.0
    return pages * os.sysconf("SC_PAGE_SIZE") / 2 ** 20


def start_time(pid: int) -> int | None:
    """When ``pid`` started, in clock ticks after boot (its identity with the pid); None once it has ended
    or is a zombie (it holds no memory and runs nothing)."""
    fields = _stat_fields(pid)
    if fields is None or fields[0] in (b"Z", b"X"):
        return None
    return int(fields[19])


def start_reaper(roots: list[int]) -> subprocess.Popen[bytes] | None:
    """Start a reaper of ``roots`` and every process below them: it ends each one still running once the
    calling process closes the reaper's standard input or dies (the kernel closes it then). None where
    /proc cannot be read. The reaper has a session of its own, so a Ctrl-C meant for the job reaches
    the job and not it."""
    if not PROC.is_dir() or not roots:
        return None
    return subprocess.Popen([sys.executable, "-I", "-S", __file__, *map(str, roots)], stdin=subprocess.PIPE,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)


def reap(roots: list[int]) -> None:
    """Until standard input closes, note the processes under ``roots`` (the tree grows: new workers); then
    kill every noted process still running. A process is noted with its start time, so one that ended and
    whose pid was given to another is left alone."""
    noted: set[tuple[int, int]] = set()

    def note() -> None:
        for pid in [*roots, *(child for root in roots for child in descendants(root))]:
            started = start_time(pid)
            if started is not None:
                noted.add((pid, started))

    note()
    while True:
        ready, _, _ = select.select([0], [], [], REAP_WATCH_S)
        if ready and not os.read(0, 4096):
            break
        note()
    note()  # the children of those still running, started since the last look
    for pid, started in noted:
        if start_time(pid) == started:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass  # ended meanwhile


if __name__ == "__main__":
    reap([int(arg) for arg in sys.argv[1:]])
