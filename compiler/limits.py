"""One deadline for a whole run, and one memory limit per stage, checked cheaply from inside the stage's loops.

A Deadline is the one form of a time limit: an instant, made once from the seconds a user gave
and handed unchanged from the CLI through compiling, the portfolio, the planners, the search and
validation, so no stage recomputes the time left from a duration and the time the stages before
it took. It is an instant on ``time.monotonic()``, which on Linux is one clock for the whole
system: a forked portfolio member keeps its parent's deadline as it is.

A Budget is a stage's check of that deadline and of a memory limit (megabytes of the process's
resident memory, measured from ``/proc/self/statm`` where it exists), ticked in
every loop whose length the input controls: ``if budget.tick(): budget.check(stage, size)``.
``tick`` only counts, and says every ``CHECK_EVERY`` ticks that a check is due, so the stage
and size messages are formatted only then; ``check`` reads the clock and the memory and raises
LimitReached naming the stage and the size reached.

A pass below an API that takes no deadline (relevance analysis, a heuristic's set-up) reaches the
run's Budget through ``active``: the caller makes its Budget the active one, and the pass calls
``checkpoint(stage)`` in its loops, a tick of that Budget (nothing without one).
"""

from __future__ import annotations

import os
import resource
import time
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Iterable, Iterator, TypeVar

from .errors import AgentgenError

CHECK_EVERY = 1024
T = TypeVar("T")


# Each stage's default bound on its input, in one place so the command line reads them without loading the stages.
MAX_BYTES = 16 * 1024 * 1024
"""Largest input accepted by default; the biggest IPC benchmark file is about 3 MB."""

MAX_OPERATORS = 2_000_000
"""Default bound on a task's ground size: operators, candidate bindings of one action, partial bindings of a
join and instances of one quantifier. Sizes are estimated before they are enumerated, so a task over it is
refused at once (G702) instead of after minutes and gigabytes; ``max_operators`` (``--max-operators``) raises it."""

SERVED_MAX_OPERATORS = 200_000
"""The bound past which ``serve`` plays a task on the lifted model instead (``serve --max-operators``): grounding
it would take the server seconds to minutes and gigabytes before its first step, where the lifted model starts at
once."""

MAX_INSTANCES = 2_000_000
"""Default bound on the instances one evaluation of a quantifier may test (and on the bindings of one
quantified effect or axiom head): a few seconds of work. Past it the replay stops with LimitReached naming
the quantifier and its size (exit 4) instead of running for minutes; ``max_instances`` raises it."""

MAX_STATES = 20_000
"""Default budget of the exact distances to the goal (planners/distances.py): tasks with more reachable states
than this get none."""


class LimitReached(AgentgenError):
    """A time or memory limit stopped a stage; the message names the stage and how far it got."""

    def __init__(self, stage: str, message: str) -> None:
        super().__init__(message)
        self.stage = stage


def resident_mb() -> float:
    """The process's resident memory now (its peak where the current figure cannot be read)."""
    try:
        with open("/proc/self/statm", "rb") as handle:
            return int(handle.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2 ** 20
    except (OSError, ValueError, IndexError):
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


@dataclass(frozen=True)
class Deadline:
    """The instant a run must stop by (``at`` on ``time.monotonic()``), or none (``at`` None)."""

    at: float | None = None

    @classmethod
    def after(cls, seconds: float | None) -> Deadline:
        """The deadline ``seconds`` from now (none for None): where a user's time limit becomes one."""
        return cls(None if seconds is None else time.monotonic() + seconds)

    @classmethod
    def for_command(cls, seconds: float | None) -> Deadline:
        """The deadline of a time limit given on the command line: counted from the process's start where
        ``count_from_process_start`` marked it as a command (its interpreter start-up and imports, 7-11 s
        beside two CPU hogs on 2 cores, are then inside the limit a user sees), else from now."""
        if seconds is None or _COMMAND_STARTED is None:
            return cls.after(seconds)
        return cls(_COMMAND_STARTED + seconds)

    @classmethod
    def of(cls, time_limit: float | None, deadline: Deadline | None) -> Deadline:
        """The deadline of an API call that takes either a ``time_limit`` in seconds or a ``deadline``."""
        if deadline is None:
            return cls.after(time_limit)
        if time_limit is not None:
            raise ValueError("give a time limit or a deadline, not both")
        return deadline

    def left(self) -> float | None:
        """Seconds left before the deadline (None without one)."""
        return None if self.at is None else max(0.0, self.at - time.monotonic())

    def passed(self) -> bool:
        return self.at is not None and time.monotonic() > self.at

    def extended(self, seconds: float) -> Deadline:
        """This deadline ``seconds`` later: a grace period for processes to answer after it."""
        return Deadline(None if self.at is None else self.at + seconds)

    def within(self, seconds: float | None) -> Deadline:
        """The earlier of this deadline and ``seconds`` from now: a slice of the time for one part of a run."""
        if seconds is None:
            return self
        sliced = time.monotonic() + seconds
        return Deadline(sliced if self.at is None else min(self.at, sliced))


_COMMAND_STARTED: float | None = None  # the process's start on time.monotonic(), once marked as a command


def count_from_process_start() -> None:
    """Have ``Deadline.for_command`` count from this process's start (the console script's first step): read
    from /proc/self/stat's start time on CLOCK_BOOTTIME; where that cannot be read, from now."""
    global _COMMAND_STARTED
    try:
        with open("/proc/self/stat", "rb") as handle:
            started = int(handle.read().rsplit(b")", 1)[1].split()[19]) / os.sysconf("SC_CLK_TCK")
        age = time.clock_gettime(time.CLOCK_BOOTTIME) - started
    except (OSError, ValueError, IndexError, AttributeError):
        age = 0.0
    _COMMAND_STARTED = time.monotonic() - min(max(age, 0.0), 3600.0)


class Budget:
    """A stage's limits, its deadline and a memory limit; ``tick(stage, size)`` is cheap enough for an inner loop."""

    def __init__(self, deadline: Deadline = Deadline(), memory_limit_mb: float | None = None) -> None:
        self.deadline = deadline
        self.memory_limit_mb = memory_limit_mb
        self._ticks = 0

    @property
    def work(self) -> int:
        """The steps of work ``tick`` has counted: a measure of effort that is the same on every machine."""
        return self._ticks

    def tick(self) -> bool:
        """Count one step of work; True when a ``check`` is due."""
        self._ticks += 1
        return self._ticks % CHECK_EVERY == 0

    def paced(self, items: Iterable[T], stage: str) -> Iterator[T]:
        """``items``, one tick each: the form of the rule for a generator (``any``, ``all``) or a loop whose
        every step would otherwise repeat the ``tick``/``check`` lines."""
        for item in items:
            if self.tick():
                self.check(stage)
            yield item

    def check(self, stage: str, size: str = "") -> None:
        """Raise LimitReached when the deadline has passed or the process holds more than the limit."""
        reached = f" ({size})" if size else ""
        if self.deadline.passed():
            raise LimitReached(stage, f"time limit reached while {stage}{reached}")
        if self.memory_limit_mb is not None:
            used = resident_mb()
            if used > self.memory_limit_mb:
                raise LimitReached(stage, f"memory limit reached while {stage}: {used:.1f} MB resident, limit "
                                          f"{self.memory_limit_mb:.0f} MB{reached}")


_ACTIVE: ContextVar[Budget | None] = ContextVar("active_budget", default=None)


@contextmanager
def active(budget: Budget) -> Iterator[Budget]:
    """Make ``budget`` the one ``checkpoint`` ticks while the block runs (in this thread or task)."""
    token = _ACTIVE.set(budget)
    try:
        yield budget
    finally:
        _ACTIVE.reset(token)


def inherited() -> Budget:
    """A Budget with its own count of work under the active one's deadline and memory limit (none without one):
    for a pass that measures its own work and must still stop when the run does."""
    budget = _ACTIVE.get()
    return Budget() if budget is None else Budget(budget.deadline, budget.memory_limit_mb)


def checkpoint(stage: str, heavy: bool = False) -> None:
    """One tick of the active Budget, checked when due: for the loops of passes that get no deadline. A
    ``heavy`` step (a vectorized pass over the whole task, milliseconds or more) is checked every time."""
    budget = _ACTIVE.get()
    if budget is not None and (heavy or budget.tick()):
        budget.check(stage)
