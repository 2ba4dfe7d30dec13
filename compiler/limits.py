"""One deadline and one memory limit per stage, checked cheaply from inside the stage's loops.

A Budget is made from the limits a user gave (seconds of wall-clock time, megabytes of the
process's resident memory, measured from ``/proc/self/statm`` where it exists) and ticked in
every loop whose length the input controls: ``if budget.tick(): budget.check(stage, size)``.
``tick`` only counts, and says every ``CHECK_EVERY`` ticks that a check is due, so the stage
and size messages are formatted only then; ``check`` reads the clock and the memory and raises
LimitReached naming the stage and the size reached.
"""

from __future__ import annotations

import os
import resource
import time

CHECK_EVERY = 1024


class LimitReached(Exception):
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


class Budget:
    """Limits for one stage of work; ``tick(stage, size)`` is cheap enough for an inner loop."""

    def __init__(self, time_limit: float | None = None, memory_limit_mb: float | None = None) -> None:
        self.deadline = None if time_limit is None else time.perf_counter() + time_limit
        self.memory_limit_mb = memory_limit_mb
        self._ticks = 0

    @property
    def unlimited(self) -> bool:
        return self.deadline is None and self.memory_limit_mb is None

    def tick(self) -> bool:
        """Count one step of work; True when a ``check`` is due."""
        self._ticks += 1
        return self._ticks % CHECK_EVERY == 0

    def check(self, stage: str, size: str = "") -> None:
        """Raise LimitReached when the deadline has passed or the process holds more than the limit."""
        reached = f" ({size})" if size else ""
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise LimitReached(stage, f"time limit reached while {stage}{reached}")
        if self.memory_limit_mb is not None:
            used = resident_mb()
            if used > self.memory_limit_mb:
                raise LimitReached(stage, f"memory limit reached while {stage}: {used:.1f} MB resident, limit "
                                          f"{self.memory_limit_mb:.0f} MB{reached}")

    def left(self) -> float | None:
        """Seconds left before the deadline (None without one)."""
        return None if self.deadline is None else max(0.0, self.deadline - time.perf_counter())
