"""A time and memory limit for a whole job (`generate`, `evolve`, `export`, `run`), wherever it is.

A job runs many stages, each with its own budget; a user's `--time-limit 600` is about the job.
Threading a job budget through every loop of every stage would couple all of them, so the job
limit is enforced from outside the work instead: a real-time timer (SIGALRM) for the deadline and
a watchdog thread that samples the resident memory of the job's whole process tree (the driver, the
local pool's fork server and workers, a Ray instance it started: agentgen_sym.proctree) and signals
the main thread when it passes the limit. The signal handler raises JobLimitReached in
the main thread at the next bytecode, so the stage stops in a loop as soon as the interpreter
runs again. It is a BaseException, like KeyboardInterrupt, so the stages' own handlers (a
candidate's limit, one text's failure in a build) cannot take it for theirs, and the timer
repeats until the job has ended. Writes stay atomic (temporary file, then rename), so a stopped
job leaves no half file.

Writing a job's results (a task folder, a dataset with its sidecar and card) runs `shielded()`: a
limit that falls due meanwhile is held until the group of files is complete, so a stopped job
leaves its previous results or its new ones, never a mix.

Only the main thread can take signals; elsewhere (a library caller's worker thread) the limit
is not armed and the job's stages keep their own budgets.
"""

from __future__ import annotations

import signal
import threading
import time
from contextlib import contextmanager
from types import FrameType
from typing import Iterator

from agentgen_sym.compiler.limits import resident_mb
from agentgen_sym.proctree import descendants, process_resident_mb

SAMPLE_EVERY_S = 0.05
TREE_EVERY_S = 0.5  # the job's processes are listed again this often (a walk of /proc; sampling is cheaper)
REPEAT_S = 0.25  # the signal again while the job has not ended


class JobLimitReached(BaseException):
    """The job's own time or memory limit stopped it; the message says which and how far it got."""

    def __init__(self, job: str, message: str) -> None:
        super().__init__(message)
        self.job = job


class _Shield:
    depth = 0
    held: JobLimitReached | None = None


@contextmanager
def shielded() -> Iterator[None]:
    """Hold a job limit that falls due inside the block until the block has finished."""
    _Shield.depth += 1
    try:
        yield
    finally:
        _Shield.depth -= 1
    if _Shield.depth == 0 and _Shield.held is not None:
        held, _Shield.held = _Shield.held, None
        raise held


@contextmanager
def job_limits(job: str, time_limit: float | None, memory_limit_mb: float | None) -> Iterator[None]:
    """Raise JobLimitReached in the calling thread once the job passes either limit."""
    if (time_limit is None and memory_limit_mb is None) or threading.current_thread() is not threading.main_thread():
        yield
        return
    started = time.perf_counter()
    reason: list[str] = []

    def stop(signum: int, frame: FrameType | None) -> None:
        if not reason:
            reason.append(f"time limit reached while running {job}: {time.perf_counter() - started:.1f} s "
                          f"of a {time_limit:g} s limit")
        if _Shield.depth:
            _Shield.held = _Shield.held or JobLimitReached(job, reason[0])
            return
        raise JobLimitReached(job, reason[0])

    previous = signal.signal(signal.SIGALRM, stop)
    finished = threading.Event()
    watchdog = None
    if memory_limit_mb is not None:
        def watch() -> None:
            processes, listed = descendants(), time.monotonic()
            while not finished.wait(SAMPLE_EVERY_S):
                if time.monotonic() - listed > TREE_EVERY_S:
                    processes, listed = descendants(), time.monotonic()
                used = resident_mb() + sum(process_resident_mb(pid) for pid in processes)
                if used > memory_limit_mb:
                    over = f" over {len(processes) + 1} processes" if processes else ""
                    reason.append(f"memory limit reached while running {job}: {used:.1f} MB resident{over}, "
                                  f"limit {memory_limit_mb:.0f} MB")
                    signal.setitimer(signal.ITIMER_REAL, 1e-6, REPEAT_S)  # the handler runs in the main thread
                    return
        watchdog = threading.Thread(target=watch, name=f"{job}-memory-watchdog", daemon=True)
        watchdog.start()
    if time_limit is not None:
        signal.setitimer(signal.ITIMER_REAL, time_limit, REPEAT_S)
    try:
        yield
    finally:
        finished.set()
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        _Shield.held = None
        if watchdog is not None:
            watchdog.join()
